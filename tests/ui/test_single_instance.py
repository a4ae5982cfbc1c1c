"""One running app per user (issue 39): a second start with a file hands it to the running window and exits; the
running window opens it as File > Open does and comes to the front; macOS's file-open event is taken; a crashed
copy's lock and socket are taken over."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QFileOpenEvent
from PySide6.QtWidgets import QMessageBox

from awaw_desktop import system
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.app import open_sent_files
from awaw_desktop.ui.shell.single_instance import FileOpenEvents, RunningApp, read_message

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "resources" / "examples" / "france-about-to-fall-1940.awaw"


@pytest.fixture
def data_folder(tmp_path, monkeypatch):
    """This test's own data folder, as a second start sees it too."""
    environ = dict(os.environ, XDG_STATE_HOME=str(tmp_path / "state"), XDG_DATA_HOME=str(tmp_path / "data"),
                   XDG_CONFIG_HOME=str(tmp_path / "config"), QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    environ.pop("AWAW_DESKTOP_SEPARATE_INSTANCE", None)
    return environ


def second_start(environ, *files: Path) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "awaw_desktop", *map(str, files)], env=environ,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def finished(qtbot, process: subprocess.Popen, timeout: int = 60_000) -> tuple[int, str]:
    """Wait for a second start while this app's event loop runs (it answers it)."""
    qtbot.waitUntil(lambda: process.poll() is not None, timeout=timeout)
    _out, err = process.communicate()
    return process.returncode, err


def test_a_second_start_hands_its_file_to_the_running_window(qtbot, data_folder):
    running = RunningApp.start([], data_folder)
    assert running is not None and running.lock is not None
    window = MainWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    try:
        assert running.listen(lambda files: open_sent_files(window, files))
        status, said = finished(qtbot, second_start(data_folder, EXAMPLE))
        assert status == 0, said
        assert "took the file" in said
        qtbot.waitUntil(lambda: window.path is not None and window.path.name == EXAMPLE.name, timeout=10_000)
        assert window.store.session.title   # the example's game is the one shown
    finally:
        running.stop()


def test_a_second_start_without_a_file_brings_the_running_app_forward_and_exits(qtbot, data_folder):
    running = RunningApp.start([], data_folder)
    assert running is not None
    taken: list[list[Path]] = []
    try:
        assert running.listen(taken.append)
        status, said = finished(qtbot, second_start(data_folder))
        assert status == 0, said
        qtbot.waitUntil(lambda: taken == [[]], timeout=10_000)
    finally:
        running.stop()


def test_files_sent_before_the_window_is_up_wait_for_it(data_folder):
    running = RunningApp(None, "unused")
    running.open_files([EXAMPLE])
    taken: list[list[Path]] = []
    assert not running.listen(taken.append)   # no lock: no server, but what came is opened
    assert taken == [[EXAMPLE]]


def test_a_file_opened_from_finder_reaches_the_running_app(qapp):
    taken: list[list[Path]] = []
    watcher = FileOpenEvents(qapp, taken.append)
    try:
        QCoreApplication.sendEvent(qapp, QFileOpenEvent(str(EXAMPLE)))
        assert taken == [[EXAMPLE]]
    finally:
        qapp.removeEventFilter(watcher)
        watcher.deleteLater()


def test_a_crashed_copys_lock_and_socket_are_taken_over(qtbot, data_folder):
    lock_path = system.instance_lock_path(data_folder)
    crashed = subprocess.Popen([sys.executable, "-c", "import sys, time; from pathlib import Path; "
                                "from awaw_desktop import system; "
                                f"lock = system.try_lock(Path({str(lock_path)!r})); print('held', flush=True); "
                                "time.sleep(60)"], env=data_folder, stdout=subprocess.PIPE, text=True)
    try:
        assert crashed.stdout is not None and crashed.stdout.readline().strip() == "held"
        assert system.is_locked(lock_path)
    finally:
        crashed.kill()
        crashed.wait()
        assert crashed.stdout is not None
        crashed.stdout.close()
    running = RunningApp.start([], data_folder)
    assert running is not None and running.lock is not None   # the system let go of the crashed copy's lock
    try:
        assert running.listen(lambda files: None)
    finally:
        running.stop()


def test_a_separate_start_on_purpose_never_hands_over(data_folder):
    first = RunningApp.start([], data_folder)
    try:
        alone = RunningApp.start([EXAMPLE], dict(data_folder, AWAW_DESKTOP_SEPARATE_INSTANCE="1"))
        assert alone is not None and alone.lock is None
    finally:
        assert first is not None
        first.stop()


@pytest.mark.parametrize("line", [b"", b"nonsense", b'{"open": "x"}', b'{"open": [1]}', b"[]", b"\xff"])
def test_anything_but_a_hand_over_line_is_ignored(line):
    assert read_message(line) is None
    assert read_message(b'{"open": ["/a.awaw"]}') == [Path("/a.awaw")]

