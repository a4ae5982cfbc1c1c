"""What differs between Linux, Windows and macOS (``awaw_desktop/system.py``, issue 39): every branch, chosen by
naming the platform, on this machine."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from awaw_desktop import system


@pytest.mark.parametrize(("platform", "kind"), [("linux", "linux"), ("win32", "windows"), ("cygwin", "windows"),
                                               ("darwin", "macos"), ("freebsd14", "linux")])
def test_each_platform_is_one_of_three_systems(platform, kind):
    assert system.system(platform) == kind


def _windows_platformdirs(monkeypatch, local: str):
    import platformdirs.windows as windows

    monkeypatch.setattr(windows, "get_win_folder", lambda name: local if name == "CSIDL_LOCAL_APPDATA" else "X")
    return windows.Windows(appname="awaw-desktop")


def test_the_folders_are_where_platformdirs_puts_them_on_each_system(monkeypatch, tmp_path):
    from platformdirs.macos import MacOS
    from platformdirs.unix import Unix

    home = str(tmp_path / "home")
    monkeypatch.setenv("HOME", home)
    for variable in ("XDG_CACHE_HOME", "XDG_STATE_HOME"):
        monkeypatch.delenv(variable, raising=False)
    linux = {"HOME": home}
    assert system.cache_folder(linux, "linux") == Path(Unix(appname="awaw-desktop").user_cache_dir)
    assert system.state_folder(linux, "linux") == Path(Unix(appname="awaw-desktop").user_state_dir)
    xdg = {"HOME": home, "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    assert system.state_folder(xdg, "linux") == tmp_path / "state" / "awaw-desktop"
    assert system.cache_folder(xdg, "linux") == tmp_path / "cache" / "awaw-desktop"
    mac = MacOS(appname="awaw-desktop")
    assert system.cache_folder(linux, "darwin") == Path(mac.user_cache_dir)
    assert system.state_folder(linux, "darwin") == Path(mac.user_state_dir)
    local = r"C:\Users\ada\AppData\Local"
    windows = _windows_platformdirs(monkeypatch, local)
    environ = {"LOCALAPPDATA": local, "USERPROFILE": r"C:\Users\ada"}
    assert str(system.cache_folder(environ, "win32")).replace("\\", "/") == windows.user_cache_dir.replace("\\", "/")
    assert str(system.state_folder(environ, "win32")).replace("\\", "/") == windows.user_state_dir.replace("\\", "/")


def test_the_recovery_folder_is_in_the_state_folder_this_module_names():
    import platformdirs

    assert Path(platformdirs.user_state_dir("awaw-desktop")) == system.state_folder()


def test_only_posix_folders_are_synced_after_a_rename():
    assert system.can_sync_folder("linux") and system.can_sync_folder("darwin")
    assert not system.can_sync_folder("win32")


def test_a_lock_is_held_until_it_is_released_and_refused_meanwhile(tmp_path):
    path = tmp_path / "deep" / "game.lock"
    lock = system.try_lock(path, "linux")
    assert lock is not None and lock.held and path.exists()
    assert system.try_lock(path, "linux") is None   # a second holder, even in this process, is refused at once
    assert system.is_locked(path, "linux")
    lock.release()
    lock.release()   # twice is fine
    assert not lock.held and not system.is_locked(path, "linux")
    with system.try_lock(path, "linux") as again:
        assert again is not None and again.held
    assert not system.is_locked(tmp_path / "missing.lock", "linux")


def test_a_lock_held_by_a_killed_process_is_taken_over(tmp_path):
    path = tmp_path / "owner.lock"
    holder = subprocess.Popen([sys.executable, "-c", "import sys, time; from pathlib import Path; "
                               "from awaw_desktop import system; "
                               f"lock = system.try_lock(Path({str(path)!r})); print('held', flush=True); "
                               "time.sleep(60)"], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "held"
        assert system.is_locked(path)
    finally:
        holder.kill()
        holder.wait()
        assert holder.stdout is not None
        holder.stdout.close()
    taken = system.try_lock(path)
    assert taken is not None   # the system let go when its process ended: nothing stale to clear by hand
    taken.release()


class FakeMsvcrt(types.ModuleType):
    """Windows' ``msvcrt.locking`` as its documentation says it behaves: a byte range locked by one file handle is
    refused to every other (PermissionError, errno 13 after its retries; LK_NBLCK does not retry)."""

    LK_UNLCK, LK_LOCK, LK_NBLCK = 0, 1, 2

    def __init__(self) -> None:
        super().__init__("msvcrt")
        self.held: dict[tuple[int, int], int] = {}   # (device, inode) -> fd

    def locking(self, fd: int, mode: int, nbytes: int) -> None:
        import os

        assert nbytes == 1
        status = os.fstat(fd)
        key = (status.st_dev, status.st_ino)
        if mode == self.LK_UNLCK:
            if self.held.get(key) != fd:
                raise PermissionError(13, "Permission denied")
            del self.held[key]
            return
        if key in self.held:
            raise PermissionError(13, "Permission denied")
        self.held[key] = fd


def test_the_windows_lock_branch_uses_msvcrt_locking(tmp_path, monkeypatch):
    fake = FakeMsvcrt()
    monkeypatch.setitem(sys.modules, "msvcrt", fake)
    path = tmp_path / "game.awaw-owner"
    lock = system.try_lock(path, "win32")
    assert lock is not None and fake.held
    assert system.try_lock(path, "win32") is None
    assert system.is_locked(path, "win32")
    lock.release()
    assert not fake.held and not system.is_locked(path, "win32")


def test_a_second_copy_on_simulated_windows_never_offers_the_first_copys_live_game(tmp_path, monkeypatch):
    """Issue 39's data-loss path: on Windows the process-id check said "not running" and the second copy offered
    (and could delete) the first copy's autosave."""
    from awaw_desktop.core.awaw.session import Session
    from awaw_desktop.core.files.atomic_file import SessionFileError
    from awaw_desktop.core.files.recovery import RecoveryStore

    monkeypatch.setitem(sys.modules, "msvcrt", FakeMsvcrt())
    first = RecoveryStore(tmp_path, platform="win32")
    first.write("live", Session.new(title="Live game"), None)
    first.claim("live")
    second = RecoveryStore(tmp_path, platform="win32")
    assert second.list() and second.crash_leftovers() == []
    with pytest.raises(SessionFileError):
        second.discard("live")
    assert first.path_for("live").exists()
    first.release_all()   # the first copy ends
    assert [entry.id for entry in second.crash_leftovers()] == ["live"]


def test_the_running_apps_name_is_per_user_and_data_folder():
    one = system.instance_server_name({"USER": "ada", "XDG_STATE_HOME": "/a"}, "linux")
    assert one == system.instance_server_name({"USER": "ada", "XDG_STATE_HOME": "/a"}, "linux")
    assert one != system.instance_server_name({"USER": "bob", "XDG_STATE_HOME": "/a"}, "linux")
    assert one != system.instance_server_name({"USER": "ada", "XDG_STATE_HOME": "/b"}, "linux")
    assert one.startswith("awaw-desktop-") and len(one) < 40   # within any system's socket and pipe names
    windows = system.instance_server_name({"USERNAME": "ada", "LOCALAPPDATA": r"C:\L"}, "win32")
    assert windows.startswith("awaw-desktop-")
    assert system.instance_lock_path({"XDG_STATE_HOME": "/s"}, "linux") == Path("/s/awaw-desktop/running.lock")


@pytest.mark.parametrize(("platform", "words"), [("linux", "install.sh"), ("win32", "HKCU"),
                                                 ("darwin", "CFBundleDocumentTypes")])
def test_each_system_says_where_the_file_type_is_registered(platform, words):
    association = system.file_association(platform)
    assert words in " ".join(association.values())
    assert system.FILE_TYPE["extension"] == ".awaw"


def test_the_file_type_agrees_with_the_linux_mime_package():
    root = Path(__file__).resolve().parents[2]
    mime = (root / "packaging" / "linux" / "io.github.awaw_desktop.AwawDesktop.xml").read_text(encoding="utf-8")
    assert system.FILE_TYPE["mime_type"] in mime and "*.awaw" in mime
