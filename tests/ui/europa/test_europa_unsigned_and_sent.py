"""Play-test findings about e-mail play in the Europa window, driven as the players drive it: a turn that would go out
unsigned is said before anything is added, the window's file is the turn file once it is sent, and the status bar's
hint about keys is shown to a player with none and goes once a side signs here."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.ui.shell.record_code import UNSIGNED_HINT
from tests.ui.europa.test_europa_by_email_menus import window_on
from tests.ui.helpers import NextDialog, press
from tests.ui.pbem_helpers import Computer, make_keys_and_take_side, send_turn


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def a_received_turn(qtbot, monkeypatch, tmp_path):
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis"), Computer(monkeypatch, tmp_path / "allied")
    axis_docs = tmp_path / "axis-docs"
    axis_docs.mkdir()
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    with axis_pc:
        axis = window_on(qtbot, None, game)
        make_keys_and_take_side(qtbot, axis, "Ann", "Ann's long passphrase", "Axis")
        first = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
    allied_pc.__enter__()
    return allied_pc, window_on(qtbot, Path(first["path"])), Path(first["path"])


def answered(qtbot, answer: str) -> tuple[list[str], NextDialog]:
    said: list[str] = []

    def player(box):
        said.append(f"{box.text()}\n{box.informativeText()}")
        press(qtbot, box, answer)
    return said, NextDialog(player, QMessageBox)


def test_a_europa_turn_unsigned_is_said_and_the_sent_file_is_the_windows(qtbot, tmp_path, monkeypatch):
    allied_pc, allied, received = a_received_turn(qtbot, monkeypatch, tmp_path)
    assert allied.statusBar().currentMessage() == UNSIGNED_HINT       # no keys on this computer at all
    before, turn = allied.game.record, allied.game.turn
    said, hands = answered(qtbot, "Cancel")
    allied.action_send_turn.trigger()
    hands.check()
    assert "none of them unlocked" in said[0]
    assert allied.game.record == before                                # nothing added
    said, hands = answered(qtbot, "Cancel")
    allied.action_end_turn.trigger()                                   # Turn > End turn says it too
    hands.check()
    assert "end this turn" in said[0]
    assert allied.game.turn == turn and allied.game.record == before   # not ended, nothing added
    said, hands = answered(qtbot, "Cancel")
    allied.tabs.setCurrentWidget(allied.track)
    press(qtbot, allied.track, "End turn")                              # the track's own button too
    hands.check()
    assert "end this turn" in said[0] and allied.game.turn == turn

    make_keys_and_take_side(qtbot, allied, "Bob", "Bob's long passphrase", "Allied")
    assert allied.statusBar().currentMessage() == ""                   # the hint went with the side taken
    back = send_turn(qtbot, allied, monkeypatch, "Axis", tmp_path)
    sent = Path(back["path"])
    assert allied.path == sent != received
    assert allied.windowTitle().startswith(sent.name)
    assert allied.holder.undo_stack.isClean()
    assert "this window now shows that file" in allied.statusBar().currentMessage()
    allied_pc.__exit__()

