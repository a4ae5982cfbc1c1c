"""Cheats that worked in the A World at War window (the cheating-player review): a copy older than one this computer
has seen, opened through a door that does not ask its memory.  Marked ``xfail(strict=True)``: the day the app names
the copy, the test passes and the mark must go.  (The Europa doors: tests/ui/europa/test_cheats_found_window.py.)"""

from __future__ import annotations

import pytest

from awaw_desktop.ui.shell import record_views
from tests.ui.test_main_window import make_window


@pytest.mark.xfail(strict=True, reason="a file that cannot be read is answered with 'Open the backup from ...?': the "
                                       "backup (the copy before the last save) opens without asking this computer's "
                                       "memory, so a player who damages his file on purpose (one byte) gets the copy "
                                       "from before what he recorded last (a die, an end of turn), unnamed and with "
                                       "no 'went on' entry")
def test_the_backup_offered_for_a_damaged_file_is_an_older_copy_opened_unnamed(qtbot, tmp_path, monkeypatch):
    asked: list[str] = []

    def ask(_parent, comparison, _record, file_name):
        asked.append(f"{file_name}: {comparison.verdict}")
        return False

    monkeypatch.setattr(record_views, "ask_to_go_on", ask)
    window = make_window(qtbot)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)
    window.store.add_to_record("event", "France: the colony roll came up 1")   # recorded, remembered, saved
    assert window.save_to(path)                                                 # the copy before it is the backup
    recorded = window.store.session.record
    path.write_bytes(path.read_bytes()[:-40])                                    # one cut: the file is "damaged"
    window.ask_open_backup = lambda _text: True
    assert window.open_path(path)
    opened = window.store.session.record
    assert len(opened) < len(recorded)                                          # the older copy is open
    assert asked, "the older copy was opened without a word"


@pytest.mark.parametrize("typed", ["1234567890", "passwordpassword", "aaaaaaaaaa"])
def test_players_keys_refuse_the_passphrases_the_envelopes_refuse(typed):
    from awaw_desktop.core.europa.passphrases import passphrase_problem
    from awaw_desktop.ui.shell.player_keys import new_keys_problem

    assert passphrase_problem(typed)                        # refused for an envelope ...
    assert new_keys_problem("Ann", typed, typed)            # ... and should be for the keys that sign for a side
