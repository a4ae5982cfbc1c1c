"""The game record in the A World at War window (issue 27), played as players would: the code in the status bar and
the Game record, a copy rolled back by Discard or an older file named when it is opened (and going on from it is an
entry), two computers trading a file see what was recorded since their last turn, and File > Verify."""

from __future__ import annotations

import json

from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.record.blocks import blocks_of, entry_dicts
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.record_views import SinceDialog

from .campaign_helpers import end_turn
from .helpers import NextDialog, press


def make_window(qtbot) -> MainWindow:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    return window


def code_shown(window) -> str:
    return window.record_code.text()


def test_the_status_bar_shows_the_record_code_and_it_moves_with_each_recorded_step(qtbot):
    window = make_window(qtbot)
    first = code_shown(window)
    assert first.startswith("record ") and window.record_code.accessibleName() == f"Game {first}"
    end_turn(qtbot, window)
    assert code_shown(window) != first
    assert [entry.kind for entry in window.store.session.record.entries] == ["begun", "end-of-turn"]
    window.store.undo_stack.undo()   # undone, and that is an entry: nothing is erased
    assert [entry.kind for entry in window.store.session.record.entries] == ["begun", "end-of-turn", "undone"]
    window.store.undo_stack.setClean()


def test_a_copy_rolled_back_by_discard_is_named_and_opened_only_if_the_players_say_so(qtbot, tmp_path):
    window = make_window(qtbot)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)
    saved_code = code_shown(window)
    end_turn(qtbot, window)          # recorded, and remembered at once: then thrown away
    told: list[str] = []

    def refuse(box):
        told.append(box.text() + "\n" + box.informativeText())
        press(qtbot, box, "Don't open it")

    hands = NextDialog(refuse, QMessageBox)
    assert not window.open_path(path, confirmed=True)
    hands.check()
    assert "an older copy" in told[0] and "1 end of turn" in told[0]
    assert window.store.session.turn.title == "Winter 1939"   # the open game is unchanged

    def go_on(box):
        press(qtbot, box, "Go on from this copy")

    hands = NextDialog(go_on, QMessageBox)
    assert window.open_path(path, confirmed=True)
    hands.check()
    entries = window.store.session.record.entries
    assert entries[-1].kind == "went-on" and "1 end of turn" in entries[-1].summary
    assert code_shown(window) != saved_code
    assert window.save_to(path)   # saved with the choice in it: the file is the game this computer has seen
    assert window.open_path(path, confirmed=True)   # nothing to ask
    assert window.store.session.record.entries[-1].kind == "went-on"


def test_two_computers_see_what_the_other_recorded_since_their_last_turn(qtbot, tmp_path, monkeypatch):
    axis_data, allied_data = tmp_path / "axis", tmp_path / "allied"
    path = tmp_path / "game.awaw"
    monkeypatch.setenv("XDG_DATA_HOME", str(axis_data))
    axis = make_window(qtbot)
    assert axis.save_to(path)            # sent to the Allied player
    monkeypatch.setenv("XDG_DATA_HOME", str(allied_data))
    allied = make_window(qtbot)
    assert allied.open_path(path, confirmed=True)
    assert getattr(allied, "since_dialog", None) is None   # a game this computer never saw: nothing "since"
    end_turn(qtbot, allied)
    end_turn(qtbot, allied)
    assert allied.save_to(path)          # sent back
    monkeypatch.setenv("XDG_DATA_HOME", str(axis_data))
    axis.store.undo_stack.setClean()
    assert axis.open_path(path, confirmed=True)
    dialog = axis.since_dialog
    assert isinstance(dialog, SinceDialog) and dialog.isVisible()
    assert [dialog.list.item(row).text().split(" \u2014 ")[1].split(":")[0] for row in range(dialog.list.count())] \
        == ["End of turn", "End of turn"]
    press(qtbot, dialog, "Last")
    assert dialog.where.text().startswith("Entry 2 of 2")
    assert dialog.table.rowCount() > 0 and dialog.table.item(0, 0).text() == "Germany"
    press(qtbot, dialog, "First")
    assert dialog.where.text().startswith("Entry 1 of 2")
    dialog.close()


def test_a_record_edited_by_hand_is_refused_naming_the_entry(qtbot, tmp_path):
    window = make_window(qtbot)
    end_turn(qtbot, window)
    path = tmp_path / "game.awaw"
    assert window.save_to(path)
    document = json.loads(path.read_text(encoding="utf-8"))
    entries = entry_dicts(document["record"]["blocks"])
    entries[1]["summary"] = "End of Fall 1939: nothing happened"
    document["record"]["blocks"] = blocks_of(entries)
    path.write_text(json.dumps(document), encoding="utf-8")
    said: list[str] = []
    hands = NextDialog(lambda box: (said.append(box.text()), box.accept()), QMessageBox)
    assert not window.open_path(path, confirmed=True)
    hands.check()
    assert "does not hold at entry 2 (Fall 1939)" in said[0]


def test_file_verify_says_verified_with_the_code(qtbot, tmp_path):
    window = make_window(qtbot)
    end_turn(qtbot, window)
    assert window.save_to(tmp_path / "game.awaw")
    said: list[str] = []
    hands = NextDialog(lambda box: (said.append(box.text()), box.accept()), QMessageBox)
    window.action_verify.trigger()   # the answer is window-modal: the game stays in view behind it
    qtbot.waitUntil(lambda: bool(hands.dialogs), timeout=5000)
    hands.check()
    code = window.store.session.record.code
    turn_now = window.store.session.turn.title   # the range goes up to the game's turn now (issue 37)
    assert f"The open game: record {code}: verified (2 entries, Fall 1939 to {turn_now})" in said[0]
    assert f"Its file, game.awaw: record {code}: verified" in said[0]
    assert sessionfile.load(tmp_path / "game.awaw").record.code == code
