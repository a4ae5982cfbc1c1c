"""File > Send turn after a failed write (issue 38): nothing is recorded until the turn file is written.  The
"moves next" entry was recorded and signed before the write, so a second try for the other side wrote a record
naming the first side, and the message said "Nothing else was changed".  Both families' windows, signed games."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.record import keys as player_keys
from tests.ui.europa.test_europa_by_email_menus import window_on

from .helpers import NextDialog, choose, press
from .pbem_helpers import Computer, make_keys_and_take_side, shown
from .test_pbem_campaign import make_window


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def record_of(window):
    return window.store.session.record if hasattr(window, "store") else window.game.record


def signed_window(qtbot, family):
    if family == "awaw":
        window = make_window(qtbot)
        window.apply_details("Tuesday group", {"axis": "Axel", "allied": "Alice"})
    else:
        game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob")
        window = window_on(qtbot, None, actions.add_nation(game, "Hungary"))
    make_keys_and_take_side(qtbot, window, "Axel", "Axel's long passphrase", "Axis")
    return window


@pytest.mark.parametrize("family", ["awaw", "europa"])
def test_a_failed_write_records_nothing_and_the_second_try_names_the_side_chosen_then(
        qtbot, monkeypatch, tmp_path, family):
    with Computer(monkeypatch, tmp_path / "pc"):
        window = signed_window(qtbot, family)
        before, clean_before = record_of(window), window_clean(window)
        blocked = tmp_path / "not-a-folder"
        blocked.write_text("a file where the folder should be")
        docs = tmp_path / "docs"
        docs.mkdir()
        folders = [blocked, docs]   # the first Save goes where no file can be written, the second to a folder
        monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(
            lambda _parent, _title, proposed, _filter: (str(folders.pop(0) / Path(proposed).name), "")))
        seen: dict[str, object] = {}

        def player(dialog):
            choose(dialog, "Who moves next", "The Allied player")
            press(qtbot, dialog, "Save the turn file\u2026")
            seen["failed"] = shown(dialog, "Message")
            seen["after failure"] = record_of(window)
            seen["clean after failure"] = window_clean(window)
            choose(dialog, "Who moves next", "The Axis player")   # the other side, after all
            press(qtbot, dialog, "Save the turn file\u2026")
            seen["written"] = shown(dialog, "Message")
            seen["code"] = shown(dialog, "Record code")
            press(qtbot, dialog, "Close")

        hands = NextDialog(player)
        window.action_send_turn.trigger()
        hands.check()
    assert str(seen["failed"]).startswith("The turn file was not written: ")
    assert "Nothing else was changed" in str(seen["failed"])
    assert seen["after failure"] == before                       # nothing recorded, nothing signed
    assert seen["clean after failure"] == clean_before
    assert str(seen["written"]).startswith("Written: ")
    files = list(docs.iterdir())
    assert len(files) == 1 and "axis" in files[0].name.lower()
    record = gamefile.loads(files[0].read_bytes()).game.record
    sent = [entry for entry in record.entries if entry.kind == "sent"]
    assert [entry.summary for entry in sent] == ["The Axis player moves next"]   # one entry, the side chosen then
    assert sent[0].author == "axis" and sent[0].signature
    assert record.entries[:-1] == before.entries and len(record) == len(before) + 1
    assert record_of(window) == record                           # the game's record is the file's
    assert seen["code"] == f"record {record.code}"
    assert record.signature_problems() == ()


def window_clean(window) -> bool:
    stack = window.store.undo_stack if hasattr(window, "store") else window.holder.undo_stack
    return stack.isClean()
