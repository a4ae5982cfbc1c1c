"""What differs between Linux, Windows and macOS, in one place (issue 39): the app's folders, the locks that say a
running copy owns something, whether a folder can be synced after a rename, the name the running copy listens on
for a second start, and the ``.awaw`` file type each system registers.

Each function takes the platform (``sys.platform``'s value) and, where it reads them, the environment, so that every
branch is tested on any machine by naming the platform (``tests/core/test_system.py``).  The standard library
only: this module is read before the first paint, where ``platformdirs`` would cost some 10 ms (a test checks the
folders agree with it).

Locks are the operating system's own (``fcntl.flock`` on Linux and macOS, ``msvcrt.locking`` on Windows): the system
releases them when their process ends however it ends, so a crash leaves no lock to take over by hand, and "is its
owner still running?" is answered by trying the lock, never by a process id that Windows cannot check and another
process may reuse.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

System = Literal["linux", "windows", "macos"]
APP_NAME = "awaw-desktop"


def system(platform: str = sys.platform) -> System:
    """The system family of a ``sys.platform`` value (the BSDs are run as Linux is)."""
    if platform == "win32" or platform == "cygwin":
        return "windows"
    if platform == "darwin":
        return "macos"
    return "linux"


def _home(environ: Mapping[str, str]) -> Path:
    return Path(environ.get("HOME") or environ.get("USERPROFILE") or os.path.expanduser("~"))


def cache_folder(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """Where ``platformdirs.user_cache_dir("awaw-desktop")`` puts the app's cache."""
    home = _home(environ)
    kind = system(platform)
    if kind == "windows":
        return Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / APP_NAME / APP_NAME / "Cache"
    if kind == "macos":
        return home / "Library" / "Caches" / APP_NAME
    return Path(environ.get("XDG_CACHE_HOME") or home / ".cache") / APP_NAME


def state_folder(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """Where ``platformdirs.user_state_dir("awaw-desktop")`` puts the app's state (the live autosaves)."""
    home = _home(environ)
    kind = system(platform)
    if kind == "windows":
        return Path(environ.get("LOCALAPPDATA") or home / "AppData" / "Local") / APP_NAME / APP_NAME
    if kind == "macos":
        return home / "Library" / "Application Support" / APP_NAME
    return Path(environ.get("XDG_STATE_HOME") or home / ".local" / "state") / APP_NAME


def can_sync_folder(platform: str = sys.platform) -> bool:
    """Whether a folder can be opened and synced to make a rename durable (POSIX: yes; Windows: its rename is
    durable with the file's own flush, and a folder cannot be opened as a file)."""
    return system(platform) != "windows"


def replace_file(source: Path, target: Path) -> None:
    """Rename ``source`` over ``target`` in one step (``os.replace``: atomic on every system, over an existing
    file on Windows too)."""
    os.replace(source, target)


# -- locks -------------------------------------------------------------------------------------------------------

class Lock:
    """An operating-system lock on a file, held while this object is (:func:`try_lock` makes it)."""

    def __init__(self, path: Path, fd: int, platform: str) -> None:
        self.path, self._fd, self._platform = path, fd, platform

    @property
    def held(self) -> bool:
        return self._fd >= 0

    def fileno(self) -> int:
        return self._fd

    def release(self) -> None:
        """Let go of the lock (the system does it too when the process ends); twice is fine."""
        if self._fd < 0:
            return
        fd, self._fd = self._fd, -1
        try:
            if system(self._platform) == "windows":
                import msvcrt

                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)  # type: ignore[attr-defined]
            else:
                import fcntl

                fcntl.flock(fd, fcntl.LOCK_UN)
        except OSError:
            pass
        finally:
            os.close(fd)

    def __enter__(self) -> Lock:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.release()


def try_lock(path: Path, platform: str = sys.platform) -> Lock | None:
    """The lock on ``path`` (created if missing) if nobody holds it, else None at once (never waits).  Raises
    ``OSError`` if the file cannot be created."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_BINARY", 0), 0o600)
    try:
        if system(platform) == "windows":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]  # the first byte, not waiting
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:   # held by another process (BlockingIOError on POSIX, PermissionError on Windows)
        os.close(fd)
        return None
    return Lock(path, fd, platform)


def is_locked(path: Path, platform: str = sys.platform) -> bool:
    """True if another running program (or another part of this one) holds the lock on ``path``; a missing
    file is not locked."""
    if not path.exists():
        return False
    try:
        lock = try_lock(path, platform)
    except OSError:
        return False
    if lock is None:
        return True
    lock.release()
    return False


# -- one running app per user ------------------------------------------------------------------------------------

def instance_lock_path(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> Path:
    """The lock the running app holds: one running app per user and data folder."""
    return state_folder(environ, platform) / "running.lock"


def instance_server_name(environ: Mapping[str, str] = os.environ, platform: str = sys.platform) -> str:
    """The name the running app listens on for a second start (Qt's ``QLocalServer``): a named pipe on Windows,
    a socket in the temporary folder elsewhere; per user and data folder, short enough for any system's limit."""
    import hashlib  # here, not at the top: hashlib loads OpenSSL, which the first paint does without

    folder = str(state_folder(environ, platform))
    user = environ.get("USERNAME") or environ.get("USER") or environ.get("LOGNAME") or ""
    tag = hashlib.sha256(f"{user}\0{folder}".encode("utf-8", "surrogateescape")).hexdigest()[:16]
    return f"{APP_NAME}-{tag}"


# -- the .awaw file type -----------------------------------------------------------------------------------------

#: The game file type as each system registers it: the shared-mime-info type and desktop entry on Linux
#: (``packaging/linux``), the per-user registry keys the Windows installer writes (``packaging/windows``), and the
#: Info.plist document type and exported type of the macOS app (``packaging/awaw-desktop.spec``).
FILE_TYPE = {
    "extension": ".awaw",
    "description": "A World at War game",
    "mime_type": "application/x-awaw-session",
    "uti": "io.github.awaw-desktop.session",
    "windows_prog_id": "AwawDesktop.Game",
}


def file_association(platform: str = sys.platform) -> dict[str, str]:
    """How ``.awaw`` files open in the app on ``platform``: where the association is written and by whom."""
    kind = system(platform)
    if kind == "windows":
        return {"where": r"HKCU\Software\Classes\.awaw -> " + FILE_TYPE["windows_prog_id"],
                "by": "the installer (packaging/windows/awaw-desktop.iss), removed by its uninstaller",
                "opens": '"awaw-desktop.exe" "%1"'}
    if kind == "macos":
        return {"where": "CFBundleDocumentTypes and UTExportedTypeDeclarations in the app's Info.plist",
                "by": "the .app bundle itself (Launch Services reads it when the app is copied to Applications)",
                "opens": "a QFileOpenEvent sent to the running app"}
    return {"where": "$XDG_DATA_HOME/mime/packages and applications/io.github.awaw_desktop.AwawDesktop.desktop",
            "by": "packaging/linux/install.sh", "opens": "awaw-desktop %f"}
