"""File > Open and Save of a family window after a killed save (issue 30, class 3): a killed save's temporary
file is gone after the window opens or saves the game."""

from __future__ import annotations

import os

import pytest
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files.atomic_file import TEMP_SUFFIX
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.core.test_file_path_both_families import dead_process_id

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links and process ids")


def danube():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob", cost_log2=10)
    return actions.add_nation(game, "Hungary")


def europa_window(qtbot, path=None):
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(danube(), None)
    if path is not None:
        window.save_to(path)
    window.show()
    return window


def test_the_europa_window_removes_a_killed_saves_temporary_file_on_open_and_save(qtbot, tmp_path):
    path = tmp_path / "danube.awaw"
    saver = europa_window(qtbot, path)
    stray = tmp_path / f".danube.awaw.{dead_process_id()}-0123456789ab{TEMP_SUFFIX}"
    stray.write_bytes(b"half a game")
    reader = europa_window(qtbot)
    assert reader.open_path(path)
    assert not stray.exists()
    stray.write_bytes(b"half a game")
    assert saver.save_to(path)
    assert not stray.exists()
