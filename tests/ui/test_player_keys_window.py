"""Players' keys and Send turn in the A World at War window (issue 31), driven as a player: new keys with a passphrase
that is too short, then two that differ, then right; a wrong passphrase said and nothing lost; unlocking; taking a
side (an entry of the record, signed, no undo step, the game changed); the status bar saying who signs; Send turn
writing the file named for the game, the turn and the side to move, with the code and the e-mail's words."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.core.record.keys import KeyStore
from awaw_desktop.core.record.verify import verify_path
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.player_keys import PlayerKeysDialog

from .helpers import NextDialog, choose, find, press
from .pbem_helpers import fill, make_keys_and_take_side, send_turn, shown

PASSPHRASE = "correct horse battery"


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    """Each test starts, and leaves, with no player keys unlocked in this app (``keys.play_as`` is the app's)."""
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def make_window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # closed at the end of a test: not kept
    window.show()
    return window


def test_new_keys_need_a_name_and_the_same_passphrase_of_ten_characters_twice(qtbot):
    window = make_window(qtbot)
    said: list[str] = []

    def player(dialog):
        assert shown(dialog, "This game's keys") == "Axis: no keys yet\nAllied: no keys yet"
        assert "No keys are unlocked" in shown(dialog, "This computer plays")
        assert "by phone or in person" in " ".join(label.text() for label in dialog.findChildren(QLabel))
        assert not find(dialog, "Take this side").isEnabled()   # no keys yet
        fill(dialog, "New passphrase", "long enough passphrase")
        press(qtbot, dialog, "Make new keys")
        said.append(shown(dialog, "Message"))
        fill(dialog, "Your name", "Axel")
        fill(dialog, "New passphrase", "short")
        fill(dialog, "New passphrase again", "short")
        press(qtbot, dialog, "Make new keys")
        said.append(shown(dialog, "Message"))
        fill(dialog, "New passphrase", PASSPHRASE)
        fill(dialog, "New passphrase again", PASSPHRASE + "!")
        press(qtbot, dialog, "Make new keys")
        said.append(shown(dialog, "Message"))
        assert KeyStore().listed() == []           # nothing made while something was wrong
        assert find(dialog, "Your name").text() == "Axel"   # and nothing typed lost
        fill(dialog, "New passphrase again", PASSPHRASE)
        press(qtbot, dialog, "Make new keys")
        said.append(shown(dialog, "Message"))
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    assert said[0].startswith("Give your name")
    assert "5 characters long: use at least 10" in said[1]
    assert said[2] == "The two passphrases differ: type the same one twice."
    ((fingerprint, name, _public),) = KeyStore().listed()
    assert name == "Axel" and f"fingerprint {fingerprint}" in said[3]
    assert player_keys.playing_as() is not None   # made keys are unlocked at once
    assert window.store.session.record.player_keys() == {}   # no side taken: the game is as it was
    assert window.store.undo_stack.isClean()


def test_new_keys_refuse_a_common_passphrase_or_the_players_name_as_the_envelopes_do(qtbot):
    window = make_window(qtbot)
    said: list[str] = []

    def player(dialog):
        fill(dialog, "Your name", "Axel")
        for typed in ("passwordpassword", "Axel Axel 1942"):
            fill(dialog, "New passphrase", typed)
            fill(dialog, "New passphrase again", typed)
            press(qtbot, dialog, "Make new keys")
            said.append(shown(dialog, "Message"))
        assert KeyStore().listed() == []           # nothing made while the passphrase was refused
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    assert said[0] == ("The passphrase is refused: that passphrase is one of the most common choices: anyone "
                       "guessing would try it first.")
    assert said[1].startswith("The passphrase is refused: a passphrase must not be a player's name")


def test_a_wrong_passphrase_is_said_and_nothing_is_lost_then_the_right_one_unlocks(qtbot):
    store = KeyStore()
    made = player_keys.PlayerKeys.new("Alice")
    store.save(made, PASSPHRASE)
    window = make_window(qtbot)
    said: list[str] = []

    def player(dialog: PlayerKeysDialog):
        choose(dialog, "Keys on this computer", f"Alice \u2014 {made.public.fingerprint}")
        fill(dialog, "Passphrase to unlock", "not my passphrase")
        press(qtbot, dialog, "Unlock")
        said.append(shown(dialog, "Message"))
        said.append(str(player_keys.playing_as()))
        said.append(find(dialog, "Keys on this computer").currentText())
        fill(dialog, "Passphrase to unlock", PASSPHRASE)
        qtbot.keyClick(find(dialog, "Passphrase to unlock"), Qt.Key.Key_Return)   # Enter unlocks, once
        said.append(shown(dialog, "Message"))
        said.append(shown(dialog, "This computer plays"))
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    assert said[0].startswith("Not unlocked: that is not the passphrase of these keys") and "nothing was changed" \
        in said[0]
    assert said[1] == "None" and said[2] == f"Alice \u2014 {made.public.fingerprint}"   # still chosen, still locked
    assert said[3] == f"Unlocked: Alice, fingerprint {made.public.fingerprint}."
    assert "Choose the side you play" in said[4]
    assert player_keys.playing_as().public == made.public
    assert [p for _f, _n, p in store.listed()] == [made.public]   # the key file is as it was


def test_taking_a_side_is_a_signed_entry_without_an_undo_step_and_the_status_bar_says_who_signs(qtbot):
    window = make_window(qtbot)
    before = window.record_code.text()
    seen = make_keys_and_take_side(qtbot, window, "Axel", PASSPHRASE, "Axis")
    record = window.store.session.record
    fingerprint = record.player_keys()["axis"].fingerprint
    assert seen["game"] == f"Axis: {fingerprint}\nAllied: no keys yet"
    assert seen["playing"].startswith("This computer plays the Axis side with the keys of Axel")
    assert record.entries[-1].kind == "key" and record.entries[-1].author == "axis"
    assert record.signature_problem() is None
    assert window.store.undo_stack.count() == 0           # no undo step: the record is never undone
    assert not window.store.undo_stack.isClean() and window.isWindowModified()   # but the game changed
    assert window.record_code.text() == f"record {record.code} \u00b7 signed: Axis" != before
    assert window.record_code.accessibleName() == f"Game record {record.code} \u00b7 signed: Axis"

    said: list[str] = []

    def again(dialog):   # the same keys cannot play the other side too
        choose(dialog, "Play this game as", "Allied")
        press(qtbot, dialog, "Take this side")
        said.append(shown(dialog, "Message"))
        press(qtbot, dialog, "Close")

    hands = NextDialog(again)
    window.action_player_keys.trigger()
    hands.check()
    assert "already play the Axis side" in said[0]
    assert window.store.session.record == record


def test_the_keys_a_game_records_are_the_ones_offered_to_unlock(qtbot):
    window = make_window(qtbot)
    make_keys_and_take_side(qtbot, window, "Axel", PASSPHRASE, "Axis")
    KeyStore().save(player_keys.PlayerKeys.new("Another player"), PASSPHRASE)
    player_keys.play_as(None)   # the app started again: nothing unlocked
    offered: list[str] = []

    def player(dialog):
        offered.append(find(dialog, "Keys on this computer").currentText())
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    fingerprint = window.store.session.record.player_keys()["axis"].fingerprint
    assert offered == [f"Axel \u2014 {fingerprint}"]


def test_send_turn_writes_the_file_named_for_the_game_turn_and_side_with_the_code(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot)
    window.apply_details("Tuesday group", {"axis": "Axel", "allied": "Alice"})
    assert window.save_to(tmp_path / "tuesday.awaw")
    make_keys_and_take_side(qtbot, window, "Axel", PASSPHRASE, "Axis")
    outbox = tmp_path / "outbox"
    outbox.mkdir()
    seen = send_turn(qtbot, window, monkeypatch, "Allied", outbox)
    code = window.store.session.record.code
    assert Path(seen["proposed"]).name == "tuesday-group-1939-fall-allied.awaw"
    assert seen["suggestion"] == "This computer plays the Axis side: most likely the Allied player moves next."
    assert seen["code"] == f"record {code}"
    assert "Attached: tuesday-group-1939-fall-allied.awaw" in seen["mail"]
    assert f"record {code}" in seen["mail"] and "Your move: the Allied player." in seen["mail"]
    assert seen["copied"] == seen["mail"]
    sent = Path(seen["path"])
    assert sent.parent == outbox and sent.exists()
    assert sessionfile.load(sent).record == window.store.session.record
    assert verify_path(sent).verified
    assert window.path == sent                          # the turn file holds the game: the window's file now ...
    assert window.store.undo_stack.isClean()            # ... saved (closing asks nothing)
    assert window.windowTitle().startswith(sent.name)
    assert "Turn sent: tuesday-group-1939-fall-allied.awaw" in window.statusBar().currentMessage()


def test_send_turn_with_no_keys_suggests_nobody_and_a_file_that_cannot_be_written_is_said(qtbot, tmp_path,
                                                                                         monkeypatch):
    window = make_window(qtbot)
    blocked = tmp_path / "not-a-folder"
    blocked.write_text("a file, not a folder")
    monkeypatch.setattr("PySide6.QtWidgets.QFileDialog.getSaveFileName",
                        staticmethod(lambda *_args: (str(blocked / "turn.awaw"), "")))
    said: list[str] = []

    def player(dialog):
        said.append(shown(dialog, "Suggestion"))
        assert not find(dialog, "Save the turn file").isEnabled()   # who moves next is not chosen for him
        choose(dialog, "Who moves next", "The Axis player")
        press(qtbot, dialog, "Save the turn file\u2026")
        said.append(shown(dialog, "Message"))
        assert not find(dialog, "Record code").isVisible()
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_send_turn.trigger()
    hands.check()
    assert said[0].startswith("Choose the side whose move it is")
    assert said[1].startswith("The turn file was not written:") and "Nothing else was changed" in said[1]
