"""Cheats found in the A World at War window (the cheating-player review).  One is closed: a copy older than one
this computer has seen, opened through a door that did not ask its memory (the backup offered for a damaged file).
The one still open is marked ``xfail(strict=True)``: the day the app refuses it, the test passes and the mark must go.
(The Europa doors: tests/ui/europa/test_cheats_found_window.py.)"""

from __future__ import annotations

import pytest

from awaw_desktop.ui.shell import record_views
from tests.ui.test_main_window import make_window


def answered(monkeypatch, go_on: bool) -> list[str]:
    """The question about an older copy, answered "Go on from this copy" (``go_on``) or "Don't open it"."""
    asked: list[str] = []

    def ask(_parent, comparison, _record, file_name):
        asked.append(f"{file_name}: {comparison.verdict}")
        return go_on

    monkeypatch.setattr(record_views, "ask_to_go_on", ask)
    return asked


def damaged_after_a_die(qtbot, tmp_path):
    """A game saved twice (the second time with a die recorded), then cut by one cut: the backup is the copy before
    the die."""
    window = make_window(qtbot)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)
    window.store.add_to_record("event", "France: the colony roll came up 1")   # recorded, remembered, saved
    assert window.save_to(path)                                                 # the copy before it is the backup
    path.write_bytes(path.read_bytes()[:-40])                                    # one cut: the file is "damaged"
    window.ask_open_backup = lambda _text: True
    return window, path


@pytest.mark.parametrize("go_on", [False, True], ids=["Don't open it", "Go on from this copy"])
def test_the_backup_offered_for_a_damaged_file_is_named_as_an_older_copy(qtbot, tmp_path, monkeypatch, go_on):
    asked = answered(monkeypatch, go_on)
    window, path = damaged_after_a_die(qtbot, tmp_path)
    recorded = window.store.session.record
    window.open_path(path)
    assert asked and asked[0].endswith(": older"), asked
    assert "The backup of tuesday.awaw" in asked[0]
    opened = window.store.session.record
    if not go_on:
        assert opened == recorded                                   # the game with the die stays open
    else:
        assert opened.entries[-1].kind == "went-on"                 # the older copy, and the record says so
        assert "1 more entr" in opened.entries[-1].summary       # naming what it set aside


@pytest.mark.parametrize("typed", ["1234567890", "passwordpassword", "aaaaaaaaaa"])
def test_players_keys_refuse_the_passphrases_the_envelopes_refuse(typed):
    from awaw_desktop.core.europa.passphrases import passphrase_problem
    from awaw_desktop.ui.shell.player_keys import new_keys_problem

    assert passphrase_problem(typed)                        # refused for an envelope ...
    assert new_keys_problem("Ann", typed, typed)            # ... and should be for the keys that sign for a side


@pytest.mark.parametrize("go_on", [False, True], ids=["Don't open it", "Go on from this copy"])
def test_an_older_copy_recovered_as_a_crash_leftover_is_named(qtbot, tmp_path, monkeypatch, go_on):
    import json

    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.ui.shell import app as app_module

    asked = answered(monkeypatch, go_on)
    window = make_window(qtbot)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)
    before = path.read_bytes()                                                  # the copy before the die
    window.store.add_to_record("event", "France: the colony roll came up 1")
    assert window.save_to(path)
    folder = tmp_path / "recovery"
    folder.mkdir()
    leftover = {"format": "awaw-desktop-recovery", "version": 1, "id": "cheat", "saved_at": "2026-11-27T10:00:00+00:00",
                "source_path": str(path), "session": json.loads(before)}
    (folder / "cheat.awaw-recovery").write_text(json.dumps(leftover), encoding="utf-8")
    recovery = RecoveryStore(folder)
    monkeypatch.setattr(app_module, "ask_recovery", lambda entries, parent: {entries[0].id: "recover"})
    starting = make_window(qtbot, recovery=recovery)
    assert app_module.offer_recovery(starting, recovery) is go_on
    assert asked == ["tuesday.awaw: older"]
    if go_on:
        assert starting.store.session.record.entries[-1].kind == "went-on"
        assert not starting.store.undo_stack.isClean()                          # recovered: not in the file yet
    else:
        assert (folder / "cheat.awaw-recovery").exists()                        # kept: offered at the next start


def test_a_file_that_claims_an_earlier_version_says_so_before_it_opens(qtbot, tmp_path):
    """A game this computer has seen, edited to claim the format before records and stripped of its record, starts a
    record afresh: the question before it opens says what it is, not "an older copy"."""
    import json

    from PySide6.QtWidgets import QMessageBox

    from awaw_desktop.core.awaw.session import Session
    from tests.ui.helpers import NextDialog

    window = make_window(qtbot)
    window.set_session(Session.new(title="Tuesday club", players={"axis": "Ann", "allied": "Bob"}), None)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)                       # seen here, with its title and players
    document = json.loads(path.read_text(encoding="utf-8"))
    document["version"] = 3
    del document["record"]
    stripped = tmp_path / "stripped.awaw"
    stripped.write_text(json.dumps(document), encoding="utf-8")
    said: list[tuple[str, str]] = []

    def read_and_refuse(box):
        said.append((box.windowTitle(), box.text()))
        box.reject()

    hands = NextDialog(read_and_refuse, QMessageBox)
    assert not window.open_path(stripped, confirmed=True)
    hands.check()
    assert said and said[0][0] == "A file that claims an earlier version", said
    assert "holds no record of the game so far" in said[0][1]
    assert window.path == path                        # the game that was open stays open
