"""Every fuzzed file of either family that loads is also shown by its window (issue 30): every tab, the tipping
search run to its end, the window drawn; an exception in any slot fails the test (pytest-qt)."""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import SessionFileError
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.tipping_panel import tipping_source
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.fuzzed_files import fuzzed_file


@pytest.fixture(scope="module")
def windows(qapp):
    shown = {"awaw": MainWindow(), "europa": EuropaWindow()}
    for window in shown.values():
        window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
        window.resize(1280, 800)
        window.show()
    yield shown
    for window in shown.values():
        window.close()
        window.deleteLater()


def show(qapp, windows, raw: bytes) -> bool:
    try:
        loaded = gamefile.loads(raw)
    except SessionFileError:
        return False
    window = windows[loaded.family]
    if loaded.family == "awaw":
        window.set_session(loaded.game, None)
    else:
        window.set_game(loaded.game, None)
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        qapp.processEvents()
    if loaded.family == "awaw":
        source, deadline = tipping_source(window.store), time.monotonic() + 20
        while source.busy and time.monotonic() < deadline:
            qapp.processEvents()
        assert not source.busy
    assert not window.grab().isNull()
    return True


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=fuzzed_file("awaw"))
def test_a_fuzzed_world_at_war_file_that_loads_is_shown(qapp, windows, raw):
    show(qapp, windows, raw)


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(raw=fuzzed_file("europa"))
def test_a_fuzzed_europa_file_that_loads_is_shown(qapp, windows, raw):
    show(qapp, windows, raw)
