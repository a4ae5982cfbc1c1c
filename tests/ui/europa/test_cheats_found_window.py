"""Cheats that worked in the window (the cheating-player review), now closed: an opening forgotten by opening the copy
from before it through a door that did not ask this computer's memory.  Every door goes through the checks of the
Europa window's own File > Open (``ui.shell.family_window.open_checked``): the older copy is named, and opened only
if the players say so (then the record says they went on from it).

The Europa window's own File > Open: tests/ui/europa/test_envelope_attacks_window.py."""

from __future__ import annotations

import json

import pytest
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window, record_views
from tests.ui.europa.test_envelope_attacks_window import drawn_and_saved, europa, open_it  # noqa: F401
from tests.ui.test_main_window import make_window


def opened_after_saving(qtbot, europa, path):  # noqa: F811
    """Hungary's card drawn and saved to ``path``, then opened (the Allied player saw it); File > Close, Discard."""
    panel = drawn_and_saved(qtbot, europa, path)
    card = open_it(qtbot, panel)             # the opening is remembered by this computer the moment it is made
    europa.holder.undo_stack.setClean()
    europa.close()
    return card


@pytest.fixture
def told(monkeypatch):
    """What the app asks about an older copy (the question is answered "Don't open it")."""
    asked: list[str] = []

    def ask(_parent, comparison, _record, file_name):
        asked.append(f"{file_name}: {comparison.verdict}")
        return False

    monkeypatch.setattr(record_views, "ask_to_go_on", ask)
    return asked


def went_on_anyway(monkeypatch) -> list[str]:
    """The question about an older copy answered "Go on from this copy"."""
    asked: list[str] = []

    def ask(_parent, comparison, _record, file_name):
        asked.append(f"{file_name}: {comparison.verdict}")
        return True

    monkeypatch.setattr(record_views, "ask_to_go_on", ask)
    return asked


def _newest_europa_window(qtbot):
    window = family_window._open[-1]
    assert isinstance(window, EuropaWindow)
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    return window


def test_the_copy_before_an_opening_opened_from_the_world_at_war_window_is_named(qtbot, europa, tmp_path,  # noqa: F811
                                                                                   told):
    path = tmp_path / "danube.awaw"
    opened_after_saving(qtbot, europa, path)
    start = make_window(qtbot)
    assert not start.open_path(path)                       # "Don't open it": no window, the game of the start unchanged
    assert told == ["danube.awaw: older"]
    assert family_window.window_showing(path) is None


def test_going_on_from_the_copy_before_an_opening_from_the_world_at_war_window_is_recorded(qtbot, europa,  # noqa: F811
                                                                                             tmp_path, monkeypatch):
    path = tmp_path / "danube.awaw"
    opened_after_saving(qtbot, europa, path)
    asked = went_on_anyway(monkeypatch)
    start = make_window(qtbot)
    assert start.open_path(path)
    again = _newest_europa_window(qtbot)
    assert asked == ["danube.awaw: older"]
    assert again.game.nation("Hungary").envelope.opened is None    # sealed again, as the players chose ...
    assert again.game.record.entries[-1].kind == "went-on"         # ... and the record says so


def test_the_copy_before_an_opening_recovered_as_a_crash_leftover_is_named(qtbot, europa, tmp_path, told,  # noqa: F811
                                                                             monkeypatch):
    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.ui.shell import app as app_module

    path = tmp_path / "danube.awaw"
    opened_after_saving(qtbot, europa, path)
    folder = tmp_path / "recovery"
    folder.mkdir()
    leftover = {"format": "awaw-desktop-recovery", "version": 1, "id": "cheat", "saved_at": "2026-11-27T10:00:00+00:00",
                "source_path": str(path), "session": json.loads(path.read_bytes())}
    (folder / "cheat.awaw-recovery").write_text(json.dumps(leftover), encoding="utf-8")
    recovery = RecoveryStore(folder)
    monkeypatch.setattr(app_module, "ask_recovery", lambda entries, parent: {entries[0].id: "recover"})
    assert not app_module.offer_recovery(make_window(qtbot, recovery=recovery), recovery)
    assert told == ["danube.awaw: older"]
    assert family_window.window_showing(path) is None
    assert (folder / "cheat.awaw-recovery").exists()               # kept: offered again at the next start


def _warnings():
    """The words of every "The game record does not hold" box up now (each closed once read)."""
    from PySide6.QtWidgets import QApplication

    boxes = [widget for widget in QApplication.topLevelWidgets()
             if isinstance(widget, QMessageBox) and widget.windowTitle() == "The game record does not hold"]
    words = [box.text() for box in boxes]
    for box in boxes:
        box.close()
    return words


def test_an_entry_in_the_other_players_name_is_not_named_when_opened_the_usual_way(qtbot, tmp_path):
    from awaw_desktop.core.files import gamefile
    from awaw_desktop.core.record.keys import Signer
    from tests.core.europa.mail_play import Computer, new_mail_game

    axis, allied = Computer(tmp_path / "ann", "axis", "Ann's own words"), Computer(tmp_path / "bob", "allied",
                                                                                     "Bob's words")
    game = gamefile.loads(new_mail_game(axis, allied)).game
    # Ann (Axis) writes an entry as if Bob (Allied) had made it, signing it with her own keys
    forged = game.record._appended("event", game.turn.title, "Hungary: the Allied player agrees the Axis may skip "
                                   "the surrender check", "56", None, "", None, "allied",
                                   Signer(side="allied", keys=axis.keys()))
    from awaw_desktop.core.frozen import replace

    path = tmp_path / "from-ann.awaw"
    path.write_bytes(gamefile.dumps("europa", replace(game, record=forged)))
    assert forged.signature_problem() is not None            # verify names it ...
    start = make_window(qtbot)
    assert start.open_path(path)                             # ... Bob opens the file he received
    _newest_europa_window(qtbot)
    assert _warnings(), "no word of the entry not signed by the Allied player"
