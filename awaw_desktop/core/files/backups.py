"""Dated backups of a saved file: ``<name>.awaw.<UTC date and time>.bak``, the :data:`BACKUPS_KEPT` newest.

A save that changes a file first keeps the content it replaces as a new dated backup (written atomically
too), then drops the backups beyond the newest :data:`BACKUPS_KEPT`.  The single ``<name>.awaw.bak``
earlier versions kept is still listed (dated by its modification time).
"""

from __future__ import annotations

import contextlib
import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from . import atomic_file

#: The suffix of the backups kept by a save (``<name>.awaw.<date and time>.bak``).
BACKUP_SUFFIX = ".bak"
#: How many dated backups a save keeps beside a file (the newest).
BACKUPS_KEPT = 5
_BACKUP_STAMP = "%Y-%m-%dT%H-%M-%S.%fZ"


def backup_path(path: str | os.PathLike[str]) -> Path:
    """The single backup earlier versions kept (``<name>.awaw.bak``); still listed by :func:`candidates`."""
    path = Path(path)
    return path.with_name(path.name + BACKUP_SUFFIX)


def dated_backup_path(path: str | os.PathLike[str], moment: datetime) -> Path:
    """``<name>.awaw.<UTC date and time>.bak``: where a save keeps the content it replaced."""
    path = Path(path)
    stamp = moment.astimezone(UTC).strftime(_BACKUP_STAMP)
    return path.with_name(f"{path.name}.{stamp}{BACKUP_SUFFIX}")


def dated_backups(path: Path) -> list[tuple[datetime, Path]]:
    """The dated backups of ``path``, newest first."""
    found: list[tuple[datetime, Path]] = []
    prefix = f"{path.name}."
    try:
        names = [entry.name for entry in os.scandir(path.parent)]
    except (OSError, ValueError):
        return found
    for name in names:
        if not (name.startswith(prefix) and name.endswith(BACKUP_SUFFIX)):
            continue
        try:
            moment = datetime.strptime(name[len(prefix):-len(BACKUP_SUFFIX)], _BACKUP_STAMP).replace(tzinfo=UTC)
        except ValueError:
            continue
        found.append((moment, path.with_name(name)))
    found.sort(reverse=True)
    return found


def candidates(path: str | os.PathLike[str]) -> list[tuple[datetime, Path]]:
    """Every backup of ``path`` with its date, newest first: the dated ones, then an older
    ``<name>.awaw.bak`` (dated by its modification time).  Whether each one loads is for the caller."""
    target = Path(os.path.realpath(path))
    found = dated_backups(target)
    legacy = backup_path(target)
    with contextlib.suppress(OSError):
        found.append((datetime.fromtimestamp(legacy.stat().st_mtime, UTC), legacy))
    return found


def keep_dated_backup(target: Path, data: bytes) -> None:
    """Before ``target`` is replaced by ``data``: keep its content as a new dated backup, unless the save
    changes nothing, then drop the dated backups beyond the :data:`BACKUPS_KEPT` newest.  Raises ``OSError``."""
    if not target.exists():
        return
    previous = target.read_bytes()
    if previous == data:
        return
    moment = datetime.now(UTC)
    backup = dated_backup_path(target, moment)
    while backup.exists():  # two saves in one microsecond
        moment += timedelta(microseconds=1)
        backup = dated_backup_path(target, moment)
    backup_temp = atomic_file.write_temp(backup, previous)
    try:
        os.replace(backup_temp, backup)
    except BaseException:
        atomic_file.unlink_quietly(backup_temp)
        raise
    for _moment, stale in dated_backups(target)[BACKUPS_KEPT:]:
        atomic_file.unlink_quietly(stale)


def write_keeping_backups(path: str | os.PathLike[str], data: bytes, *, keep_backup: bool = True) -> Path:
    """:func:`atomic_file.write_atomically`, keeping the replaced content as a dated backup (with
    ``keep_backup``).  Raises ``OSError``; returns the path written (symbolic links are followed)."""
    return atomic_file.write_atomically(path, data, before_replace=keep_dated_backup if keep_backup else None)
