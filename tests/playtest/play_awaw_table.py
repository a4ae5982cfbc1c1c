"""Play-test 1: A World at War, two friends at one laptop (1366x768).  Run:
QT_QPA_PLATFORM=offscreen PYTHONPATH=. /work/main/.venv/bin/python -m pytest -q -s -p no:cacheprovider \
    tests/playtest/play_awaw_table.py"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from awaw_desktop.core.awaw.common import Edition, Scenario, Season
from awaw_desktop.ui.awaw.main_window import MainWindow
from tests.playtest.common import dump, labels, note, shot
from tests.ui.campaign_helpers import (
    check_list,
    copied_report,
    enter_inputs,
    inputs_listed,
    power_tab,
    show_tab,
)
from tests.ui.conftest import own_settings  # noqa: F401  (the fixture: settings and data in tmp)
from tests.ui.helpers import NextDialog, choose, find, painted, press, tick, type_number
from tests.ui.test_campaign import walk_french_surrender


def end_turn_reading(qtbot, window, name, wizards=()):
    """Turn > End Allied player turn: read everything it shows, screenshot, walk wizards, answer with the first
    answer offered (as hurried players do), end."""
    seen = {}

    def player(dialog):
        shot(dialog, name)
        seen["labels"] = labels(dialog)
        seen["checks"] = check_list(dialog)
        seen["confirm"] = [(c.accessibleName(), [c.itemText(i) for i in range(c.count())])
                           for c in dialog.confirm_widgets.values()]
        seen["choices"] = [(c.accessibleName(), [c.itemText(i) for i in range(c.count())])
                           for c in dialog.choice_widgets.values()]
        seen["buttons"] = [b.text() for b in dialog.findChildren(type(find(dialog, "End the turn")))
                           if b.isVisible()]
        for wname, walk in wizards:
            walker = NextDialog(walk)
            press(qtbot, dialog, wname + "\u2026")
            walker.check()
        seen["after_wizards"] = labels(dialog)
        shot(dialog, name + "-after-wizards")
        answered = []
        for _ in range(8):
            open_ = [c for c in [*dialog.confirm_widgets.values(), *dialog.choice_widgets.values()]
                     if c.currentIndex() < 1]
            if not open_:
                break
            combo = open_[0]
            answered.append((combo.accessibleName(), [combo.itemText(i) for i in range(combo.count())]))
            combo.setCurrentIndex(1)
            qtbot.wait(20)
        seen["answered"] = answered
        shot(dialog, name + "-answered")
        seen["end_enabled"] = (find(dialog, "End the turn").isEnabled(), find(dialog, "End the turn").toolTip())
        press(qtbot, dialog, "End the turn")

    hands = NextDialog(player)
    window.action_end_turn.trigger()
    hands.check()
    return seen


def test_two_friends_at_one_laptop(qtbot, tmp_path, monkeypatch):
    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.resize(1366, 768)
    window.show()
    painted(qtbot, window)
    shot(window, "awaw-01-first-window")
    note("first window title:", window.windowTitle(), "| status:", window.statusBar().currentMessage())

    def newgame(dialog):
        choose(dialog, "Rules edition", Edition.UPDATED.title)
        choose(dialog, "Scenario type", Scenario.GLOBAL_WAR.title)
        choose(dialog, "Starting season", Season.SPRING.title)
        type_number(qtbot, dialog, "Starting year", 1940)
        qtbot.keyClicks(find(dialog, "Game title"), "Tuesday at Sam's")
        shot(dialog, "awaw-02a-new-game-page1")
        note("New game page 1:", labels(dialog))
        press(qtbot, dialog, "Campaign so far >")
        shot(dialog, "awaw-02b-new-game-campaign-so-far")
        note("Campaign so far page:", labels(dialog))
        press(qtbot, dialog, "Create game")

    hands = NextDialog(newgame)
    window.action_new.trigger()
    hands.check()
    shot(window, "awaw-02-new-game")
    before = inputs_listed(window)
    note("This turn's inputs after New game (Spring 1940):", len(before))
    for line in before:
        note("   input:", line)
    show_tab(window, "Overview")
    shot(window, "awaw-03-overview-before-inputs")
    note("Overview labels before inputs:", labels(window.overview)[:60])
    # Anything declared while values are not entered? Read each power's status on the Overview.
    for w in window.overview.findChildren(QLabel):
        if w.accessibleName().endswith(" status") or w.accessibleName().endswith(" level"):
            note("   overview", w.accessibleName(), "=", w.text())

    # The friends enter all but one value (the last), to see what happens with one left not entered.
    rows = window.overview.inputs.rows
    left = (rows[-1][0].key,) if rows else ()
    note("left not entered on purpose:", left, rows[-1][0].text if rows else None)
    entered = enter_inputs(qtbot, window, leave=left)
    note("entered", len(entered), "values; inputs now:", inputs_listed(window))
    shot(window, "awaw-04-after-inputs")

    t1 = end_turn_reading(qtbot, window, "awaw-05-end-turn-spring-1940")
    note("End turn Spring 1940 dialog:", t1)
    note("turn now", window.store.session.turn.title, "| status bar:", window.statusBar().currentMessage())
    after1 = inputs_listed(window)
    note("inputs listed in Summer 1940:", after1)

    # Summer 1940: Paris falls.
    france = power_tab(window, "france")
    tick(qtbot, france, "Axis control Paris")
    shot(window, "awaw-06-paris-falls")
    note("France tab labels:", [t for t in labels(france) if "surrender" in t.lower() or "level" in t.lower()][:20])
    outcomes = {}
    t2 = end_turn_reading(qtbot, window, "awaw-07-end-turn-summer-1940",
                          wizards=(("Walk through the French surrender (58)",
                                    walk_french_surrender(qtbot, outcomes)),))
    note("End turn Summer 1940 dialog:", t2)
    note("wizard outcomes:", outcomes)
    note("turn now", window.store.session.turn.title, "| status:", window.statusBar().currentMessage())
    show_tab(window, "Overview")
    shot(window, "awaw-08-overview-fall-1940")
    for w in window.overview.findChildren(QLabel):
        if w.accessibleName().endswith(" status") or w.accessibleName().endswith(" level"):
            note("   overview", w.accessibleName(), "=", w.text())
    note("inputs listed in Fall 1940:", inputs_listed(window))

    # Undo
    note("Edit menu undo reads:", window.action_undo.text(), "enabled", window.action_undo.isEnabled())
    window.action_undo.trigger()
    note("after undo: turn", window.store.session.turn.title, "| undo now:", window.action_undo.text(),
         "| redo:", window.action_redo.text(), "| status:", window.statusBar().currentMessage())
    shot(window, "awaw-09-after-undo")
    window.action_redo.trigger()
    note("after redo: turn", window.store.session.turn.title)

    # Save, then reopen in a fresh window
    target = tmp_path / "sams-game.awaw"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(target), "")))
    assert window.save_as()
    note("saved; title:", window.windowTitle(), "| status:", window.statusBar().currentMessage())
    window.close()

    again = MainWindow()
    qtbot.addWidget(again)
    again.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    again.resize(1366, 768)
    again.show()
    painted(qtbot, again)
    assert again.open_path(target, confirmed=True)
    note("reopened: turn", again.store.session.turn.title, "| title:", again.windowTitle(),
         "| status:", again.statusBar().currentMessage())
    note("inputs listed after reopen:", inputs_listed(again))
    again.action_history.trigger()
    qtbot.wait(50)
    shot(again, "awaw-10-game-record")
    hist = again.history
    note("Game record texts:", labels(hist)[:80])
    from PySide6.QtWidgets import QListWidget, QTableWidget, QTreeWidget
    for lw in hist.findChildren(QListWidget):
        note("record list", lw.accessibleName(), [lw.item(i).text() for i in range(lw.count())])
    for tw in hist.findChildren(QTreeWidget):
        note("record tree", tw.accessibleName(), tw.topLevelItemCount())
    for tw in hist.findChildren(QTableWidget):
        note("record table", tw.accessibleName(), tw.rowCount())
    code0 = again.record_code.text()
    n0 = len(again.store.session.record.entries)
    report = copied_report(again)
    note("record code before copy report:", code0, n0, "after:", again.record_code.text(),
         len(again.store.session.record.entries), [e.kind for e in again.store.session.record.entries][n0:],
         [e.summary for e in again.store.session.record.entries][n0:])
    (Path(__file__).resolve().parents[2] / "playtest-shots" / "awaw-report.txt").write_text(report)
    note("report first 3000 chars:\n" + report[:3000])
    for power in ("russia", "britain"):
        tab = power_tab(again, power)
        shot(again, f"awaw-11-{power}-tab")
        note(f"{power} tab labels:", [t for t in labels(tab) if "IC" in t or "transport" in t.lower()
                                      or "not entered" in t])
    show_tab(again, "Overview")
    import time
    t0 = time.monotonic()
    def tips_done():
        return not any("Working out" in t for t in labels(again.overview))
    try:
        qtbot.waitUntil(tips_done, timeout=15000)
        note(f"'What tips each power' filled after {time.monotonic() - t0:.1f}s")
    except Exception:
        note("'What tips each power' still 'Working out' after 15 s")
    shot(again, "awaw-12-overview-tips")
    dump("awaw-table")
