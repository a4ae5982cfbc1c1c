"""Fifth play-test, Europa by e-mail (issue 37): each exchange of one game turn is proposed a file name of its own (an
envelope drawn by e-mail goes back and forth several times in one game turn, and "Yes, replace" overwrote the earlier
turn file), and a second copy of a turn already opened (a mail client saves "name (1).awaw") says that nothing is
new."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLabel

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.record import keys as player_keys
from tests.ui.europa.test_europa_by_email_menus import window_on
from tests.ui.pbem_helpers import Computer, make_keys_and_take_side, send_turn


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def since_words(window):
    dialog = window.since_dialog
    assert dialog is not None, "no 'Since your last turn'"
    intro = next(label for label in dialog.findChildren(QLabel)   # the intro, found by what a reader hears of it
                 if "recorded since" in label.accessibleName() or "Nothing" in label.accessibleName()[:10])
    words = (dialog.windowTitle(), intro.accessibleName())
    dialog.close()
    return words


def test_each_exchange_of_a_game_turn_has_its_own_file_and_a_second_copy_says_nothing_is_new(
        qtbot, monkeypatch, tmp_path):
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis"), Computer(monkeypatch, tmp_path / "allied")
    axis_docs, allied_docs = tmp_path / "axis-docs", tmp_path / "allied-docs"
    axis_docs.mkdir()
    allied_docs.mkdir()
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    names = []
    with axis_pc:
        axis = window_on(qtbot, None, game)
        make_keys_and_take_side(qtbot, axis, "Ann", "Ann's long passphrase", "Axis")
        first = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
        names.append(Path(first["proposed"]).name)
    with allied_pc:
        allied = window_on(qtbot, Path(first["path"]))
        make_keys_and_take_side(qtbot, allied, "Bob", "Bob's long passphrase", "Allied")
        second = send_turn(qtbot, allied, monkeypatch, "Axis", allied_docs)
        names.append(Path(second["proposed"]).name)
    with axis_pc:
        axis = window_on(qtbot, Path(second["path"]))
        since_words(axis)
        third = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)   # the same game turn, Jul I 1943
        names.append(Path(third["proposed"]).name)
    assert names == ["danube-1943-jul-i-allied.awaw", "danube-1943-jul-i-axis.awaw",
                     "danube-1943-jul-i-allied-2.awaw"]
    assert "Attached: danube-1943-jul-i-allied-2.awaw" in third["mail"]         # the e-mail names the file sent
    assert Path(first["path"]).exists() and Path(third["path"]).exists()        # nothing offered for replacing

    with allied_pc:
        inbox = tmp_path / "allied-mail"
        inbox.mkdir()
        received = inbox / Path(third["path"]).name
        shutil.copy(third["path"], received)
        allied = window_on(qtbot, received)
        title, words = since_words(allied)
        assert title == "Since your last turn" and not words.startswith("Nothing is new")
        copy = inbox / f"{received.stem} (1).awaw"                              # the mail client's second copy
        shutil.copy(third["path"], copy)
        again = window_on(qtbot, copy)
        title, words = since_words(again)
        assert title == "Since your last turn: nothing new"
        assert words.startswith("Nothing is new: this computer has opened this same turn before (record ")
