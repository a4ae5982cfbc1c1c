"""File > Open and Save of either family's window on a symbolic-link loop, and after a killed save (issue 30,
classes 3 and 5): the loop is refused with a message and the open game is untouched (the Europa window raised a
bare RuntimeError); a killed save's temporary file is gone after the window opens or saves the game."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files.atomic_file import TEMP_SUFFIX
from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window, plain_text
from tests.core.test_file_path_both_families import dead_process_id
from tests.ui.test_main_window import make_window

pytestmark = pytest.mark.skipif(os.name != "posix", reason="symbolic links and process ids")


def danube():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob")
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


def loop(folder: Path) -> Path:
    one, other = folder / "loop.awaw", folder / "other.awaw"
    one.symlink_to(other)
    other.symlink_to(one)
    return one


def open_chosen(monkeypatch, window, path):
    """File > Open, the player picking ``path``; the warnings shown are returned."""
    shown = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args, **_kw: (str(path), ""))
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, title, text: shown.append((title, text)))
    monkeypatch.setattr(plain_text, "warn", lambda _parent, title, text: shown.append((title, text)))
    monkeypatch.setattr(QMessageBox, "critical", lambda _parent, title, text: shown.append((title, text)))
    window.action_open.trigger()
    return shown


@pytest.mark.parametrize("saved", [False, True])
def test_the_europa_window_refuses_a_symbolic_link_loop_with_a_message(qtbot, monkeypatch, tmp_path, saved):
    """The reproducer: File > Open on a loop raised RuntimeError (Path.resolve) before any message."""
    window = europa_window(qtbot, tmp_path / "danube.awaw" if saved else None)
    other = europa_window(qtbot, tmp_path / "another.awaw")
    family_window._open.append(other)   # a second family window: the loop is compared with its file too
    try:
        before = window.game
        shown = open_chosen(monkeypatch, window, loop(tmp_path))
    finally:
        family_window._open.remove(other)
    assert shown == [("Cannot open this file", "loop.awaw: a symbolic link that leads round in a loop, never to a "
                                               "file\n\nThe open game is unchanged.")]
    assert window.game is before


def test_the_world_at_war_window_refuses_it_the_same_way(qtbot, monkeypatch, tmp_path):
    window = make_window(qtbot)
    before = window.store.session
    shown = open_chosen(monkeypatch, window, loop(tmp_path))
    assert len(shown) == 1 and "loop.awaw: a symbolic link that leads round in a loop" in shown[0][1]
    assert "The open game is unchanged." in shown[0][1]
    assert window.store.session is before


def test_saving_a_europa_game_over_a_loop_says_why_and_writes_nothing(qtbot, monkeypatch, tmp_path):
    window = europa_window(qtbot)
    path = loop(tmp_path)
    shown = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, title, text: shown.append((title, text)))
    assert window.save_to(path) is False
    assert shown and shown[0][0] == "Cannot save" and "leads round in a loop" in shown[0][1]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.awaw", "other.awaw"]   # nothing written


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

