"""Crash recovery files: a copy of every open session, written after each change.

The window keeps one recovery file per open session (named by a session id it makes
with :func:`new_session_id`), rewrites it atomically after changes, and deletes it
(:meth:`RecoveryStore.discard`) on a clean save or a clean close.  A recovery file left
behind therefore means the program stopped without saving; at the next start the window
lists them (:meth:`RecoveryStore.list`) and offers to restore (:meth:`RecoveryStore.load`).

A recovery file is UTF-8 JSON::

    {"format": "awaw-desktop-recovery", "version": 1, "id": "...",
     "saved_at": "2026-01-31T20:15:00+00:00", "source_path": "/games/kursk.awaw" | null,
     "session": { ...the game's whole session document, of its rules family... }}

The session document is the file's own (``gamefile``: a game of a family other than the default one says
``"family": ...``); :meth:`RecoveryStore.load_game` gives the game back with its family.

No Qt here: the window only calls these functions.
"""

from __future__ import annotations

import builtins
import contextlib
import json
import os
import re
import sys
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Annotated, Any, Literal

import platformdirs
from pydantic import BaseModel, ConfigDict, Field, JsonValue, StringConstraints, ValidationError

from ...system import Lock, is_locked, try_lock
from .. import family as families
from ..frozen import Frozen
from .atomic_file import SessionFileError, clean_stray_temp_files, read_limited, write_atomically
from .document import parse_json
from .gamefile import LoadedGame
from .gamefile import from_document as game_from_document
from .json_gates import encodable

RECOVERY_FORMAT = "awaw-desktop-recovery"
RECOVERY_VERSION = 1
RECOVERY_SUFFIX = ".awaw-recovery"
OWNER_SUFFIX = ".awaw-owner"
APP_NAME = "awaw-desktop"
_ID_PATTERN = r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$"
_ID = re.compile(_ID_PATTERN)


def default_directory() -> Path:
    """``<user state dir>/awaw-desktop/recovery`` (``platformdirs.user_state_dir``)."""
    return Path(platformdirs.user_state_dir(APP_NAME)) / "recovery"


def new_session_id() -> str:
    """A fresh id for an open session (32 hex digits)."""
    return uuid.uuid4().hex


def _now() -> datetime:
    return datetime.now(UTC)


class RecoveryDocument(BaseModel):
    """The envelope of a recovery file; ``session`` is checked by its rules family (``gamefile.from_document``)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)

    format: Literal["awaw-desktop-recovery"]
    version: Literal[1]
    id: Annotated[str, StringConstraints(pattern=_ID_PATTERN)]
    saved_at: Annotated[str, StringConstraints(max_length=64)]
    source_path: Annotated[str, StringConstraints(max_length=4096)] | None = Field(default=None)
    session: dict[str, JsonValue]


class CalendarTurn(Frozen):
    """A game's current turn, as its rules family's calendar writes it ("Fall 1939", "Jul I 1943")."""

    title: str


class RecoveryEntry(Frozen):
    """One recovery file, as listed for the player."""

    id: str
    #: When the copy was written, in local time (stored in UTC).
    saved_at: datetime
    source_path: Path | None
    title: str
    turn: CalendarTurn
    path: Path
    family: str = families.DEFAULT_FAMILY


def _check_id(session_id: str) -> str:
    if not isinstance(session_id, str) or not _ID.match(session_id):
        raise SessionFileError(f"not a recovery id: {session_id!r} (letters, digits, - and _; at most 64)")
    return session_id


def _parse_time(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise SessionFileError(f"damaged: saved_at is not a date and time ({text!r})") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone()


def _title_and_turn(family: str, game: Any) -> tuple[str, CalendarTurn]:
    title, turn = families.get(family).describe(game)
    return title, CalendarTurn(turn)


class GameSnapshot(Frozen):
    """A game at one moment: its file's bytes, and what the recovery list shows of it."""

    data: bytes
    title: str
    turn: CalendarTurn
    family: str


class RecoveryStore:
    """The recovery files in one folder (by default :func:`default_directory`)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None,
                 clock: Callable[[], datetime] = _now, platform: str = sys.platform) -> None:
        self._directory = Path(directory) if directory is not None else default_directory()
        self._clock = clock
        self._platform = platform
        #: The locks of the sessions open in this app (``claim``), held until they are discarded.
        self._held: dict[str, Lock] = {}

    @property
    def directory(self) -> Path:
        return self._directory

    def path_for(self, session_id: str) -> Path:
        """The recovery file of a session id."""
        return self._directory / f"{_check_id(session_id)}{RECOVERY_SUFFIX}"

    def write(self, session_id: str, game: Any, source_path: str | os.PathLike[str] | None,
              family: str = families.DEFAULT_FAMILY) -> RecoveryEntry:
        """Write (atomically) the recovery copy of an open game of ``family``; ``source_path`` is the
        file it was opened from or last saved to (None for a new, unsaved game).

        Raises :class:`SessionFileError` if the game cannot be stored or the folder written."""
        return self.write_snapshot(session_id, self.snapshot(game, family), source_path)

    @staticmethod
    def snapshot(game: Any, family: str = families.DEFAULT_FAMILY) -> GameSnapshot:
        """The game as the bytes of its file, checked as a load checks it (its family's ``dumps``: for A World at
        War the record once per entry, so about 6 ms at 200 turns), taken on the window's thread so that
        :meth:`write_snapshot` only writes, on another, and holds Python's lock as little as possible while the
        player types."""
        return GameSnapshot(families.get(family).dumps(game), *_title_and_turn(family, game), family)

    def write_snapshot(self, session_id: str, document: GameSnapshot | dict[str, Any],
                       source_path: str | os.PathLike[str] | None) -> RecoveryEntry:
        """Write a :meth:`snapshot`, or a game document of any rules family, which is checked first
        (safe to call from a worker thread)."""
        target = self.path_for(session_id)
        if isinstance(document, GameSnapshot):
            title, turn, family_key = document.title, document.turn, document.family
            # The family's dumps wrote it: it reads back (tests/core/test_sessionfile_fast_paths.py), as the
            # file would.
            body = document.data.decode("utf-8").rstrip("\n")
        else:
            loaded = game_from_document(document)  # never write a copy we could not read back
            (title, turn), family_key = _title_and_turn(loaded.family, loaded.game), loaded.family
            body = json.dumps(document, indent=1, ensure_ascii=False, allow_nan=False)
        saved_at = self._clock()
        if saved_at.tzinfo is None:
            saved_at = saved_at.replace(tzinfo=UTC)
        source = None if source_path is None else str(Path(source_path).absolute())
        if source is not None and not encodable(source):  # a file name that is not UTF-8 (POSIX bytes)
            source = None
        envelope = {"format": RECOVERY_FORMAT, "version": RECOVERY_VERSION, "id": session_id,
                    "saved_at": saved_at.astimezone(UTC).isoformat(), "source_path": source}
        head = json.dumps(envelope, indent=1, ensure_ascii=False, allow_nan=False).removesuffix("\n}")
        data = f'{head},\n "session": {body}\n}}\n'.encode()
        try:
            self._directory.mkdir(parents=True, exist_ok=True)
            write_atomically(target, data)
        except OSError as error:
            raise SessionFileError(f"cannot write the recovery file {target}: {error.strerror or error}") from error
        return RecoveryEntry(session_id, saved_at.astimezone(), None if source is None else Path(source),
                             title, turn, target, family_key)

    def _read(self, path: Path) -> tuple[RecoveryEntry, LoadedGame]:
        data = parse_json(read_limited(path), RECOVERY_FORMAT)
        if not isinstance(data, dict) or data.get("format") != RECOVERY_FORMAT:
            raise SessionFileError("not a recovery file")
        if isinstance(data.get("version"), int) and not isinstance(data.get("version"), bool) \
                and data["version"] > RECOVERY_VERSION:
            raise SessionFileError(f"made by a newer version of awaw-desktop (recovery format {data['version']}; "
                                   f"this version reads up to {RECOVERY_VERSION})")
        try:
            envelope = RecoveryDocument.model_validate(data)
        except ValidationError as error:
            first = error.errors(include_url=False)[0]
            where = ".".join(str(part) for part in first["loc"]) or "the file"
            raise SessionFileError(f"damaged: {where}: {first['msg'].lower()}") from None
        if path.name != f"{envelope.id}{RECOVERY_SUFFIX}":
            raise SessionFileError(f"damaged: the file name does not match its id {envelope.id!r}")
        loaded = game_from_document(envelope.session)
        entry = RecoveryEntry(envelope.id, _parse_time(envelope.saved_at),
                              None if envelope.source_path is None else Path(envelope.source_path),
                              *_title_and_turn(loaded.family, loaded.game), path, loaded.family)
        return entry, loaded

    def list(self) -> builtins.list[RecoveryEntry]:
        """Every readable recovery file, newest first; damaged ones are skipped."""
        entries: builtins.list[RecoveryEntry] = []
        try:
            paths = sorted(self._directory.glob(f"*{RECOVERY_SUFFIX}"))
        except OSError:
            return entries
        for path in paths:
            try:
                entries.append(self._read(path)[0])
            except SessionFileError:
                continue
        entries.sort(key=lambda entry: (entry.saved_at, entry.id), reverse=True)
        return entries

    def entry(self, session_id: str) -> RecoveryEntry:
        """The listing of one recovery file (raises :class:`SessionFileError`)."""
        return self._read(self.path_for(session_id))[0]

    def load(self, session_id: str) -> Any:
        """The game kept in a recovery file (raises :class:`SessionFileError`)."""
        return self.load_game(session_id).game

    def load_game(self, session_id: str) -> LoadedGame:
        """The game kept in a recovery file, of whichever rules family (raises :class:`SessionFileError`)."""
        return self._read(self.path_for(session_id))[1]

    def owner_path(self, session_id: str) -> Path:
        """Beside a recovery file: the lock its running app holds (``awaw_desktop.system``), with that app's
        process id written in it for a person who looks."""
        return self._directory / f"{_check_id(session_id)}{OWNER_SUFFIX}"

    def claim(self, session_id: str) -> None:
        """Hold the lock of a session open in this app for as long as it is open, so that another running copy
        of the app does not take its recovery file for a crash's leftovers.  The system lets go of the lock when
        this process ends, however it ends: a crash's leftovers are then offered, never a live game's.  Raises
        :class:`SessionFileError` if another running copy holds it."""
        if session_id in self._held:
            return
        self._directory.mkdir(parents=True, exist_ok=True)
        try:
            lock = try_lock(self.owner_path(session_id), self._platform)
        except OSError as error:
            raise SessionFileError(f"cannot lock the recovery file: {error.strerror or error}") from error
        if lock is None:
            raise SessionFileError("another running copy of awaw-desktop has this game open")
        with contextlib.suppress(OSError):   # for information only: the lock is what counts
            os.write(lock.fileno(), f"{os.getpid()}\n".encode("ascii"))
        self._held[session_id] = lock

    def release_all(self) -> None:
        """Let go of every lock this app holds (as the system does when the app ends): at quitting."""
        for lock in self._held.values():
            lock.release()
        self._held.clear()

    def in_use(self, session_id: str) -> bool:
        """True if a running app has this session open: this one, or another copy holding its lock."""
        if session_id in self._held:
            return True
        return is_locked(self.owner_path(session_id), self._platform)

    def crash_leftovers(self) -> builtins.list[RecoveryEntry]:
        """The recovery files no running app owns: what a crash left behind, newest first."""
        return [entry for entry in self.list() if not self.in_use(entry.id)]

    def discard(self, session_id: str) -> None:
        """Delete a recovery file (after a clean save or close); a missing file is fine."""
        held = self._held.pop(session_id, None)
        if held is not None:   # let go first: Windows deletes no file that is open
            held.release()
        elif is_locked(self.owner_path(session_id), self._platform):
            raise SessionFileError("another running copy of awaw-desktop has this game open: its recovery file stays")
        try:
            self.owner_path(session_id).unlink(missing_ok=True)
            self.path_for(session_id).unlink(missing_ok=True)
        except OSError as error:
            raise SessionFileError(f"cannot delete the recovery file: {error.strerror or error}") from error

    def clean_stray_temp_files(self, older_than: float = 60.0) -> builtins.list[Path]:
        """Remove temporary files an interrupted write left in the folder."""
        return clean_stray_temp_files(self._directory, older_than)
