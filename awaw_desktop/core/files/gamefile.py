"""A ``.awaw`` file of any rules family: read its ``family`` field and hand the document to that family.

Every family's file is the same envelope, ``{"format": "awaw-desktop-session", "version": N, ...}``;
a game of a family other than A World at War adds ``"family": "<key>"`` and counts its own versions.
A file with no ``family`` field is an A World at War session (format version 2, unchanged).
Bytes are read and parsed with the session file's gates (size cap, strict JSON) and written with its
atomic save (``atomic_file``), which keeps the previous file as a dated backup (``backups``).

:func:`read_file` and :func:`write_file` are the one way every family's file is read and written (A World at
War's ``sessionfile`` uses them too): a pipe, a device or a symbolic-link loop is refused with a message, and the
temporary files a killed save left beside the file are removed on the next open or save.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from .. import family as families
from ..frozen import Frozen
from ..lines import RulesInputError
from .atomic_file import MAX_FILE_SIZE, SessionFileError, clean_stray_temp_files, os_reason, read_limited
from .backups import write_keeping_backups
from .document import FORMAT_NAME, parse_json
from .json_gates import parse_canonical

FAMILY_FIELD = "family"


class LoadedGame(Frozen):
    family: str
    game: Any


def family_key(document: Any) -> str:
    """The family of a parsed session document (the format marker and version are checked by the family)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME:
        return families.DEFAULT_FAMILY  # the default family's reader says what is wrong
    key = document.get(FAMILY_FIELD, families.DEFAULT_FAMILY)
    if not isinstance(key, str):
        raise SessionFileError(f"damaged: {FAMILY_FIELD} must be the name of a rules family")
    if not families.known(key):
        raise SessionFileError(families.unknown_family(key))
    return key


def from_document(document: Any) -> LoadedGame:
    key = family_key(document)
    try:
        game = families.get(key).from_document(document)
    except RulesInputError as error:
        raise SessionFileError(f"damaged: {error}") from None
    return LoadedGame(key, game)


def _parsed(raw: bytes) -> Any:
    """The document in ``raw``: the fast way for a file exactly as written here, else ``parse_json``."""
    if isinstance(raw, bytes) and len(raw) <= MAX_FILE_SIZE:
        document = parse_canonical(raw, 2, b"\n")
        if document is not None:
            return document
    return parse_json(raw)


def family_of_bytes(raw: bytes) -> str:
    """The family of the game in a file's bytes (raises ``SessionFileError`` for bytes that are no game file)."""
    return family_key(_parsed(raw))


def _clean_beside(path: str | os.PathLike[str]) -> None:
    """Remove the temporary files a killed save left in the folder of ``path`` (quietly: a folder that cannot
    be listed or a file that cannot be removed is left alone)."""
    with contextlib.suppress(OSError, ValueError):
        clean_stray_temp_files(Path(os.path.realpath(path)).parent)


def read_file(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a game file of any family (``read_limited``: the size cap, no pipe, device or symbolic-link
    loop), then the temporary files a killed save left beside it removed.  Raises :class:`SessionFileError`."""
    raw = read_limited(path)
    _clean_beside(path)
    return raw


def write_file(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write a game file of any family atomically, keeping the content it replaces as a dated backup; then the
    temporary files a killed save left beside it are removed.  Raises :class:`SessionFileError` ("cannot save
    NAME: reason"; the file on disk is then unchanged).  Returns the path written (symbolic links followed)."""
    try:
        target = write_keeping_backups(path, data)
    except OSError as error:
        raise SessionFileError(f"cannot save {Path(path).name}: {os_reason(error)}") from error
    except ValueError as error:  # a path with a NUL character
        raise SessionFileError(f"cannot save: not a usable file name ({error})") from None
    _clean_beside(target)
    return target


def loads(raw: bytes) -> LoadedGame:
    return from_document(_parsed(raw))


def load(path: str | os.PathLike[str]) -> LoadedGame:
    """The game saved at ``path``, of whichever family.  Every problem raises :class:`SessionFileError`."""
    return loads(read_file(path))


def family_of_file(path: str | os.PathLike[str]) -> str | None:
    """The family of the game in a file, or None if the file cannot tell (unreadable, not JSON ...)."""
    try:
        return family_key(_parsed(read_limited(path)))
    except SessionFileError:
        return None


def dumps(key: str, game: Any) -> bytes:
    """The bytes of a ``.awaw`` file for a game of the family ``key``, checked by the family so that nothing is
    written that this version could not open.  Raises :class:`SessionFileError` ("cannot save: ...")."""
    return families.get(key).dumps(game)


def document_bytes(document: dict[str, Any]) -> bytes:
    """The bytes of a ``.awaw`` file holding ``document``; it is read back first, so nothing is written that
    this version could not open.  Raises :class:`SessionFileError` ("cannot save: ...")."""
    try:
        text = json.dumps(document, indent=2, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise SessionFileError(f"cannot save: the game holds a value a file cannot store ({error})") from None
    raw = (text + "\n").encode("utf-8")
    if len(raw) > MAX_FILE_SIZE:
        raise SessionFileError(f"cannot save: the file would be larger than {MAX_FILE_SIZE // (1024 * 1024)} MB")
    try:
        from_document(json.loads(text))
    except SessionFileError as error:
        raise SessionFileError(f"cannot save: {error}") from None
    return raw


def save(key: str, game: Any, path: str | os.PathLike[str]) -> None:
    """Write atomically, keeping the previous file as a dated backup (:func:`write_file`); on failure the file is
    unchanged."""
    write_file(path, dumps(key, game))
