"""Files written so that a crash leaves the old content or the new, never a torn one; read with a size cap.

:func:`write_atomically` writes a temporary file beside the target (``.<name>.<pid>-<random>.awaw-tmp``),
flushes it to disk and renames it over the target (``os.replace``); :func:`clean_stray_temp_files` removes
the temporary files a killed writer left.  :func:`read_limited` refuses a file larger than
:data:`MAX_FILE_SIZE` before reading it.  A pipe, a device or a socket is refused as a path, read or
written, rather than waited on.  The ``.awaw`` session file (``sessionfile``), a Europa game
(``gamefile``) and the recovery files use these.
"""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import time
from collections.abc import Callable
from pathlib import Path

from ...system import can_sync_folder

#: The suffix of the temporary files written while saving (see :func:`clean_stray_temp_files`).
TEMP_SUFFIX = ".awaw-tmp"
#: Files larger than this are refused before they are read or parsed.
MAX_FILE_SIZE = 5 * 1024 * 1024


class SessionFileError(Exception):
    """A session file cannot be read or written; the message says why in plain words."""


class NotARegularFileError(OSError):
    """The path names a pipe, a device or a socket: reading or replacing it could wait forever."""


def _megabytes(size: int) -> str:
    value = size / (1024 * 1024)
    text = f"{value:.0f}" if value >= 10 else f"{value:.1f}".removesuffix(".0")
    return f"{text} MB"


def too_large(size: int) -> SessionFileError:
    """"too large (12 MB; the limit is 5 MB)"."""
    return SessionFileError(f"too large ({_megabytes(size)}; the limit is {_megabytes(MAX_FILE_SIZE)})")


def regular_file_check(mode: int) -> None:
    """Raise unless ``mode`` (from ``stat``) is a regular file's."""
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(errno.EISDIR, "it is a folder, not a file")
    if stat.S_ISFIFO(mode):
        kind = "a named pipe (FIFO)"
    elif stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        kind = "a device"
    elif stat.S_ISSOCK(mode):
        kind = "a socket"
    else:
        kind = "something other than a regular file"
    raise NotARegularFileError(errno.EINVAL, f"it is {kind}, not a file")


def os_reason(error: OSError) -> str:
    """Why a file could not be read or written, in plain words."""
    if isinstance(error, FileNotFoundError):
        return "no such file or folder"
    if isinstance(error, IsADirectoryError):
        return "it is a folder, not a file"
    if isinstance(error, PermissionError):
        return "permission denied"
    if isinstance(error, NotARegularFileError):
        return error.strerror or "not a regular file"
    if error.errno == errno.ELOOP:
        return "a symbolic link that leads round in a loop, never to a file"
    return error.strerror or str(error)


def same_file(one: str | os.PathLike[str], other: str | os.PathLike[str]) -> bool:
    """True if the two paths name one file (also through symbolic links).  Never raises: a path that cannot be
    reached (gone, a symbolic-link loop, a name with a NUL) is compared by the names as written, resolved as
    far as they go."""
    try:
        return os.path.samefile(one, other)
    except (OSError, ValueError):
        pass
    try:
        return os.path.realpath(one) == os.path.realpath(other)
    except (OSError, ValueError):
        return os.path.abspath(one) == os.path.abspath(other)


def _open_temp(target: Path) -> tuple[int, Path]:
    """Create a new temporary file next to ``target`` (mode 0666 less the umask)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _attempt in range(100):
        temp = target.with_name(f".{target.name}.{os.getpid()}-{os.urandom(6).hex()}{TEMP_SUFFIX}")
        try:
            return os.open(temp, flags, 0o666), temp
        except FileExistsError:
            continue
    raise FileExistsError(f"cannot create a temporary file next to {target}")


def _fsync_directory(directory: Path) -> None:
    """Make a rename durable (POSIX); a no-op where folders cannot be opened (``system.can_sync_folder``)."""
    if not can_sync_folder():
        return
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_temp(target: Path, data: bytes) -> Path:
    """A new temporary file beside ``target`` holding ``data``, flushed to disk (removed on failure)."""
    fd, temp = _open_temp(target)
    try:
        view = memoryview(data)
        while view:
            written = os.write(fd, view)
            view = view[written:]
        os.fsync(fd)
    except BaseException:
        os.close(fd)
        unlink_quietly(temp)
        raise
    os.close(fd)
    return temp


def unlink_quietly(path: Path) -> None:
    with contextlib.suppress(OSError):
        os.unlink(path)


def write_atomically(path: str | os.PathLike[str], data: bytes, *,
                     before_replace: Callable[[Path, bytes], None] | None = None) -> Path:
    """Replace ``path`` by ``data`` so that a crash at any moment leaves the old content or the new one.

    ``before_replace(target, data)`` runs once the new content is safely on disk, before the rename
    (``backups.keep_dated_backup`` keeps the old content there).  The temporary file is removed on
    failure.  Raises ``OSError``.  Returns the path written (symbolic links are followed)."""
    target = Path(os.path.realpath(path))
    with contextlib.suppress(FileNotFoundError):
        regular_file_check(os.stat(target).st_mode)  # replacing a pipe or device is refused, not waited on
    temp = write_temp(target, data)
    try:
        if before_replace is not None:
            before_replace(target, data)
        if target.exists():
            with contextlib.suppress(OSError):
                shutil.copymode(target, temp)
        os.replace(temp, target)
    except BaseException:
        unlink_quietly(temp)
        raise
    _fsync_directory(target.parent)
    return target


def read_limited(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a file, refusing one larger than :data:`MAX_FILE_SIZE` before reading it,
    and refusing a pipe, a device or a socket without waiting on it (:class:`SessionFileError`)."""
    try:
        regular_file_check(os.stat(path).st_mode)
        # O_NONBLOCK: should the path become a FIFO after the check, opening it does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0))
        with open(fd, "rb") as handle:
            status = os.fstat(handle.fileno())
            regular_file_check(status.st_mode)
            if status.st_size > MAX_FILE_SIZE:
                raise too_large(status.st_size)
            raw = handle.read(MAX_FILE_SIZE + 1)
    except OSError as error:
        raise SessionFileError(os_reason(error)) from None
    except ValueError as error:  # a path with a NUL character
        raise SessionFileError(f"not a usable file name ({error})") from None
    if len(raw) > MAX_FILE_SIZE:  # the file grew while we read it
        raise too_large(len(raw))
    return raw


def _writer_gone(temp: Path) -> bool:
    """True if the temporary file names its writer's process id and no such process runs (POSIX)."""
    stem = temp.name.removesuffix(TEMP_SUFFIX)
    pid_text = stem.rsplit(".", 1)[-1].split("-", 1)[0]
    if os.name != "posix" or not pid_text.isdigit() or "-" not in stem.rsplit(".", 1)[-1]:
        return False
    pid = int(pid_text)
    if pid == os.getpid() or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except (PermissionError, OverflowError, OSError):
        return False
    return False


def clean_stray_temp_files(directory: str | os.PathLike[str], older_than: float = 60.0) -> list[Path]:
    """Remove temporary files a crash left behind in ``directory`` (only ours: ``.*.awaw-tmp``).

    A temporary file is named after the process writing it: one whose process has ended is
    removed at once.  Otherwise files younger than ``older_than`` seconds are kept (another
    window may be saving right now).  Returns the files removed; files that cannot be removed
    are skipped."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = sorted(Path(directory).glob(f".*{TEMP_SUFFIX}"))
    except (OSError, ValueError):
        return removed
    for candidate in candidates:
        try:
            status = candidate.lstat()
            if not stat.S_ISREG(status.st_mode):
                continue
            if now - status.st_mtime < older_than and not _writer_gone(candidate):
                continue
            candidate.unlink()
        except OSError:
            continue
        removed.append(candidate)
    return removed
