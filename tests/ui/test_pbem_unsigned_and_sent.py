"""Play-test findings about e-mail play in the A World at War window, driven as the players drive it: a turn that would
go out unsigned is said before anything is added (with "Unlock your keys" offered), "Since your last turn" names each
entry that is not signed, the window's file is the turn file once it is sent, and the status bar's hint about keys
goes once a side signs here."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox

from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.ui.shell.record_code import UNSIGNED_HINT

from .helpers import NextDialog, choose, press
from .pbem_helpers import Computer, fill, make_keys_and_take_side, send_turn
from .test_pbem_campaign import deliver, make_window


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def save_turn_file_to(monkeypatch, folder: Path) -> None:
    """The Save dialog of Send turn: the proposed name, in ``folder``."""
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        staticmethod(lambda _parent, _title, proposed, _filter: (str(folder / Path(proposed).name),
                                                                                  "")))


def send_dialog_hands(qtbot, next_side: str):
    """The player's hands in the Send turn dialog: who moves next, Save the turn file, Close."""
    def player(dialog):
        choose(dialog, "Who moves next", f"The {next_side} player")
        press(qtbot, dialog, "Save the turn file\u2026")
        press(qtbot, dialog, "Close")
    return player


def keys_dialog_hands(qtbot, name: str, passphrase: str, side: str):
    """The player's hands in Players' keys: new keys, then "Play this game as" ``side``."""
    def player(dialog):
        fill(dialog, "Your name", name)
        fill(dialog, "New passphrase", passphrase)
        fill(dialog, "New passphrase again", passphrase)
        press(qtbot, dialog, "Make new keys")
        choose(dialog, "Play this game as", side)
        press(qtbot, dialog, "Take this side")
        press(qtbot, dialog, "Close")
    return player


def warned_then(qtbot, answer: str, then=None) -> tuple[list[str], list[NextDialog]]:
    """The warning about an unsigned turn: read, answered ``answer``; ``then`` drives the next dialog, if any."""
    said: list[str] = []
    after: list[NextDialog] = []

    def player(box):
        assert isinstance(box, QMessageBox)
        said.append(f"{box.windowTitle()}\n{box.text()}\n{box.informativeText()}")
        if then is not None:
            after.append(NextDialog(then))
        press(qtbot, box, answer)
    hands = NextDialog(player, QMessageBox)
    after.insert(0, hands)
    return said, after


def a_received_turn(qtbot, monkeypatch, tmp_path):
    """The Axis player (keys made, side taken) sends the first turn; the Allied computer, with no keys, opens it."""
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis-pc"), Computer(monkeypatch, tmp_path / "allied-pc")
    axis_docs, allied_docs = tmp_path / "axis-docs", tmp_path / "allied-docs"
    axis_docs.mkdir()
    with axis_pc:
        axis = make_window(qtbot)
        axis.apply_details("Tuesday group", {"axis": "Axel", "allied": "Alice"})
        make_keys_and_take_side(qtbot, axis, "Axel", "Axel's long passphrase", "Axis")
        first = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
    allied_pc.__enter__()
    allied = make_window(qtbot)
    received = deliver(first, allied_docs)
    assert allied.open_path(received, confirmed=True)
    return axis_pc, allied_pc, axis, allied, received, axis_docs, allied_docs


def test_an_unsigned_turn_is_said_before_anything_is_added(qtbot, tmp_path, monkeypatch):
    axis_pc, allied_pc, axis, allied, received, axis_docs, allied_docs = a_received_turn(qtbot, monkeypatch, tmp_path)
    # A first-time player with no keys: the status bar says what to do, in words that fit him too
    assert allied.statusBar().currentMessage() == UNSIGNED_HINT
    assert "none of them unlocked: File > Players' keys" in UNSIGNED_HINT
    before = allied.store.session.record
    said, hands = warned_then(qtbot, "Cancel")
    allied.action_send_turn.trigger()
    for hand in hands:
        hand.check()
    assert "none of them unlocked" in said[0] and "not signed" in said[0]
    assert allied.store.session.record == before                   # Cancel: nothing added, nothing written
    assert list(allied_docs.glob("*allied*")) == [received]

    # Send it unsigned: the turn goes out, and the Axis computer names each entry that is not signed
    save_turn_file_to(monkeypatch, allied_docs)
    allied.store.add_to_record("event", "France: the colony roll came up 1")   # made here, unsigned
    said, hands = warned_then(qtbot, "Send it unsigned", send_dialog_hands(qtbot, "Axis"))
    allied.action_send_turn.trigger()
    for hand in hands:
        hand.check()
    sent = allied.path
    assert sent is not None and sent.name.endswith("-axis.awaw")
    allied_pc.__exit__()
    with axis_pc:
        assert axis.open_path(deliver({"path": str(sent)}, axis_docs), confirmed=True)
        dialog = axis.since_dialog
        listed = [dialog.list.item(row).text() for row in range(dialog.list.count())]
        dialog.close()
    assert len(listed) == 2, listed
    assert all(line.endswith("(not signed)") for line in listed), listed


def test_unlock_your_keys_from_the_warning_then_the_turn_goes_out_signed(qtbot, tmp_path, monkeypatch):
    _axis_pc, allied_pc, _axis, allied, _received, _axis_docs, allied_docs = a_received_turn(qtbot, monkeypatch,
                                                                                             tmp_path)
    save_turn_file_to(monkeypatch, allied_docs)

    def keys_then_send(dialog):
        hands.append(NextDialog(send_dialog_hands(qtbot, "Axis")))
        keys_dialog_hands(qtbot, "Alice", "Alice's long passphrase", "Allied")(dialog)

    said, hands = warned_then(qtbot, "Unlock your keys\u2026", keys_then_send)
    allied.action_send_turn.trigger()
    for hand in hands:
        hand.check()
    assert said
    record = allied.store.session.record
    assert record.entries[-1].kind == "sent" and record.entries[-1].author == "allied"
    assert record.signature_problem() is None
    assert allied.statusBar().currentMessage() != UNSIGNED_HINT      # the hint went once a side signed here
    allied_pc.__exit__()


def test_the_hint_goes_once_keys_are_made_and_a_side_taken(qtbot, tmp_path, monkeypatch):
    _axis_pc, allied_pc, _axis, allied, _received, _axis_docs, _allied_docs = a_received_turn(qtbot, monkeypatch,
                                                                                              tmp_path)
    assert allied.statusBar().currentMessage() == UNSIGNED_HINT
    make_keys_and_take_side(qtbot, allied, "Alice", "Alice's long passphrase", "Allied")
    assert allied.statusBar().currentMessage() == ""
    assert allied.record_code.text().endswith("\u00b7 signed: Allied")
    allied_pc.__exit__()


def test_after_send_turn_the_window_shows_the_file_just_written(qtbot, tmp_path, monkeypatch):
    _axis_pc, allied_pc, _axis, allied, received, _axis_docs, allied_docs = a_received_turn(qtbot, monkeypatch,
                                                                                            tmp_path)
    make_keys_and_take_side(qtbot, allied, "Alice", "Alice's long passphrase", "Allied")
    assert allied.windowTitle().startswith(received.name)
    back = send_turn(qtbot, allied, monkeypatch, "Axis", allied_docs)
    sent = Path(back["path"])
    assert allied.path == sent and sent != received
    assert allied.windowTitle().startswith(sent.name)
    assert allied.store.undo_stack.isClean()                       # saved: closing asks nothing
    assert "this window now shows that file" in allied.statusBar().currentMessage()
    received_bytes = received.read_bytes()
    allied.action_save.trigger()                                   # Ctrl+S writes the later turn to its own file
    assert received.read_bytes() == received_bytes
    asked: list[str] = []
    allied.ask_unsaved = lambda: asked.append("asked") or QMessageBox.StandardButton.Discard
    allied.close()
    assert not asked
    allied_pc.__exit__()


def test_the_end_of_turn_says_it_once_a_session(qtbot, tmp_path, monkeypatch):
    from .campaign_helpers import end_turn

    _axis_pc, allied_pc, _axis, allied, _received, _axis_docs, _allied_docs = a_received_turn(qtbot, monkeypatch,
                                                                                              tmp_path)
    turn = allied.store.session.turn
    said, hands = warned_then(qtbot, "Cancel")
    allied.action_end_turn.trigger()
    for hand in hands:
        hand.check()
    assert "end this turn" in said[0]
    assert allied.store.session.turn == turn                           # Cancel: the turn is not ended
    said, hands = warned_then(qtbot, "End it unsigned")
    hands.append(NextDialog(lambda dialog: dialog.reject()))           # the end of turn dialog follows: closed
    allied.action_end_turn.trigger()
    for hand in hands:
        hand.check()
    end_turn(qtbot, allied)                                            # said once: the next end of turn is not
    assert allied.store.session.turn != turn
    allied_pc.__exit__()
