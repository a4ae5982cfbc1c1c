"""The window figures of ``benchmarks/run.py``: both families' windows on games of 30, 200 and 1,000 turns, every
dock shown, each interaction timed until the window is repainted and until the event loop is idle again; and the
Game record view of the largest record the limits allow."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from typing import Any

from judge import LARGEST_VIEW_MEMORY_RATIO, LARGEST_VIEW_S, Judge

#: Interactions made before the measured ones, at every game length alike (Python's and Qt's caches filled).
WARM_UP = 5


def long_session(turns: int):  # type: ignore[no-untyped-def]
    """A game of ``turns`` ends of turn, each stored with its checkpoint and its game record entries (a die, the end
    of turn) as ``SessionStore.change_session`` does."""
    from awaw_desktop.core.awaw import game_record
    from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die

    session = Session.new(title=f"Benchmark campaign, {turns} turns")
    for index in range(turns):
        session.set_value("germany", "dp_level", (index % 21) - 10)
        session.set_value("germany", "firestorms", min(40, index // 5))
        before = session.snapshot()
        record_die(session, "Benchmark die", "58.532", index % 6 + 1, "rolled")
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
        game_record.record_step(session, game_record.step_entries(before, session, "End of turn"), point)
        if session.turn.year >= 1950 and session.turn.season.value == "winter":
            # Keep within the calendar (the record keeps growing): the turn set back is a step of its own, recorded
            # with its checkpoint, so that verify, which replays every end of turn, sees the game go on from it.
            before, point = session.snapshot(), session.checkpoint("Turn set back")
            session.turn = session.start_turn
            session.checkpoints.append(point)
            game_record.record_step(session, game_record.step_entries(before, session, "Turn set back", "details"),
                                    point)
    return session


def long_europa_game(turns: int):  # type: ignore[no-untyped-def]
    """A Europa game of ``turns`` ends of turn with two nations, every change recorded as the window's holder records
    it (``core.europa.game_record.recorded``).  The calendar (to 1950) holds fewer game turns than 1,000 from Sep I
    1939, and verify replays every end of turn (one game turn each), so a longer game stops at the calendar's end
    (a line says so once): its figures are those of the longest game the rules allow."""
    from awaw_desktop.core.europa import actions, game_record
    from awaw_desktop.core.europa.calendar import EuropaTurn

    start = EuropaTurn.parse("Sep I 39")
    game = actions.new_game(start, f"Benchmark Europa campaign, {turns} turns")
    for name in ("Hungary", "Rumania"):
        game = game_record.recorded(game, actions.add_nation(game, name), f"Add {name}")
    for played in range(turns):
        if game.turn.year == 1950 and game.turn.month >= 6:   # dates an end of turn sets stay within 1950
            if turns not in _SAID:
                _SAID.add(turns)
                print(f"(Europa: the calendar holds {played} game turns from Sep I 1939: the {turns}-turn figures are "
                      f"those of a {played}-turn game)")
            break
        game = game_record.recorded(game, actions.end_turn(game)[0], f"End of {game.turn}")
    return game


#: The game lengths whose cap was said.
_SAID: set[int] = set()


class Clock:
    """Times an action until ``window`` is repainted (every changed widget painted and flushed, in one pass), and
    until the event loop is idle again."""

    def __init__(self, app: Any, window: Any) -> None:
        from PySide6.QtCore import QEvent, QObject

        self.app, self.window = app, window
        self.painted_at = 0.0
        outer = self

        class RepaintClock(QObject):
            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.UpdateRequest and watched is outer.window:
                    outer.window.removeEventFilter(self)   # not re-entered by the repaint itself
                    try:
                        handled = outer.window.event(event)
                    finally:
                        outer.window.installEventFilter(self)
                    outer.painted_at = time.perf_counter()
                    return bool(handled)
                return False

        self._filter = RepaintClock()
        window.installEventFilter(self._filter)

    def settle(self) -> None:
        for _ in range(5):
            self.app.processEvents()
            self.app.sendPostedEvents()

    def timed(self, action: Callable[[], object]) -> tuple[float, float]:
        start = time.perf_counter()
        action()
        for _ in range(50):
            self.app.processEvents()
            if self.painted_at > start:
                break
        else:
            raise AssertionError("the window was not repainted")
        painted = self.painted_at - start
        self.settle()
        return painted, time.perf_counter() - start


def _app() -> Any:
    from awaw_desktop.ui.shell.app import make_application

    return make_application([])


def awaw_window(turns: int, rounds: int, judge: Judge) -> None:
    """Typing a digit and ticking a box on Britain's tab, an end of turn and its undo, with the Game record shown
    beside the table (each of its tabs in turn for the end of turn) and What tips it on the tab."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QCheckBox, QSpinBox

    from awaw_desktop.ui.awaw.main_window import MainWindow
    from awaw_desktop.ui.awaw.store import SessionStore

    app = _app()
    window = MainWindow(SessionStore(long_session(turns)))
    window.resize(1600, 900)
    window.show()
    clock = Clock(app, window)
    for power in list(window.power_tabs.holders):
        window.show_power(power)
        clock.settle()
    window.place_history("beside")
    window.show_history(True)
    window.show_power("britain")
    clock.settle()
    tab = window.power_tabs["britain"]
    spin = next(s for s in tab.findChildren(QSpinBox) if s.isVisible() and s.isEnabled())
    box = next(b for b in tab.findChildren(QCheckBox) if b.isVisible() and b.isEnabled())
    spin.setFocus()

    def type_digit(index: int) -> Callable[[], None]:
        def typing() -> None:
            spin.selectAll()
            QTest.keyClick(spin, Qt.Key.Key_1 if index % 2 else Qt.Key.Key_2)
        return typing

    for index in range(WARM_UP):
        clock.timed(type_digit(index))
        clock.timed(box.click)
    typing, typing_idle, ticking, ticking_idle = [], [], [], []
    for index in range(rounds):
        painted, idle = clock.timed(type_digit(index))
        typing.append(painted)
        typing_idle.append(idle)
        painted, idle = clock.timed(box.click)
        ticking.append(painted)
        ticking_idle.append(idle)
    print(judge.interaction("typing a digit (Britain)", turns, typing, typing_idle))
    print(judge.interaction("ticking a box (Britain)", turns, ticking, ticking_idle))
    history = window.history
    for index in range(history.count()):
        name = history.tabText(index)
        if name == "Undo":
            continue
        history.setCurrentIndex(index)
        clock.settle()
        end, end_idle, undo, undo_idle = [], [], [], []
        for _ in range(max(3, rounds // 4)):
            painted, idle = clock.timed(lambda: window.apply_end_turn({}))
            end.append(painted)
            end_idle.append(idle)
            painted, idle = clock.timed(window.store.undo_stack.undo)
            undo.append(painted)
            undo_idle.append(idle)
        print(judge.interaction(f"end of turn, Game record's {name} shown", turns, end, end_idle))
        print(judge.interaction(f"its undo, Game record's {name} shown", turns, undo, undo_idle))
    window.store.undo_stack.setClean()
    window.close()
    window.deleteLater()
    clock.settle()


def _timed_with_its_undo(clock: Clock, action: Any, undo: Any, rounds: int) -> tuple[list[float], ...]:
    """``action`` then its undo, each timed to the repaint and to idle, after a warm-up: (painted, idle) of the
    action, then of the undo."""
    for _ in range(WARM_UP):
        clock.timed(action)
        clock.timed(undo)
    done, done_idle, back, back_idle = [], [], [], []
    for _ in range(max(3, rounds // 2)):
        painted, idle = clock.timed(action)
        done.append(painted)
        done_idle.append(idle)
        painted, idle = clock.timed(undo)
        back.append(painted)
        back_idle.append(idle)
    return done, done_idle, back, back_idle


def europa_window(turns: int, rounds: int, judge: Judge) -> None:
    """A Europa end of turn (the Turn track and its Game record shown) and an envelope step (Draw a paper card on
    Hungary's tab), each with its undo."""
    from PySide6.QtWidgets import QMessageBox, QPushButton

    from awaw_desktop.ui.europa.window import EuropaWindow

    app = _app()
    window = EuropaWindow()
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard  # type: ignore[method-assign]
    window.set_game(long_europa_game(turns), None)
    window.resize(1600, 900)
    window.show()
    clock = Clock(app, window)
    clock.settle()
    assert window.track is not None
    window.tabs.setCurrentWidget(window.track)
    clock.settle()
    undo = window.holder.undo_stack if window.holder else None
    assert undo is not None
    end, end_idle, back, back_idle = _timed_with_its_undo(clock, window.end_turn, undo.undo, rounds)
    print(judge.interaction("Europa end of turn, Game record shown", turns, end, end_idle))
    print(judge.interaction("its undo (Europa)", turns, back, back_idle))
    panel = window.panels["Hungary"]
    window.tabs.setCurrentWidget(panel)
    clock.settle()
    draw = next(b for b in panel.findChildren(QPushButton) if b.text() == "Draw a paper card")
    step, step_idle, back, back_idle = _timed_with_its_undo(clock, draw.click, undo.undo, rounds)
    print(judge.interaction("Europa envelope step (draw a paper card)", turns, step, step_idle))
    print(judge.interaction("its undo (Europa envelope)", turns, back, back_idle))
    undo.setClean()
    window.close()
    window.deleteLater()
    clock.settle()


def _resident_mib() -> float:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def largest_record(entries: int = 20_000):  # type: ignore[no-untyped-def]
    """A game record of ``entries`` entries (the limit: ``core.record.chain.MAX_ENTRIES``), as a long game's."""
    from awaw_desktop.core.record.chain import GameRecord, new_game_id

    record = GameRecord(new_game_id())
    for n in range(entries):
        record = record.append("event", f"Turn {n // 20 + 1}", f"Benchmark entry {n}: a change of some facts "
                               "typed by the players, with its words", "55.1", at="2026-01-01T00:00:00Z")
    return record


def largest_view(record: Any, judge: Judge) -> None:
    """View > Game record of the largest record: from the command until the view is painted, and how much memory
    it grew by, against the record's own size (the entries as the file keeps them, uncompressed).  A game of one
    entry is viewed first, so the modules, fonts and widgets every view loads are not counted as the record's."""
    _view_of(largest_record(1), None)
    _view_of(record, judge)


def _view_of(record: Any, judge: Judge | None) -> None:
    import gc

    from awaw_desktop.core.awaw.session import Session
    from awaw_desktop.core.record.chain import canonical
    from awaw_desktop.ui.awaw.main_window import MainWindow
    from awaw_desktop.ui.awaw.store import SessionStore

    app = _app()
    session = Session.new(title="The largest record")
    session.record = record
    window = MainWindow(SessionStore(session))
    window.resize(1600, 900)
    window.place_history("beside", show=False)
    window.show()
    clock = Clock(app, window)
    clock.settle()
    size = len(canonical([entry.to_json() for entry in record.entries])) / 2**20
    gc.collect()
    before = _resident_mib()

    def show_entries() -> None:
        window.show_history(True)
        history = window.history
        history.setCurrentIndex(next(i for i in range(history.count()) if history.tabText(i) == "Entries"))

    painted, _idle = clock.timed(show_entries)
    gc.collect()
    grown = _resident_mib() - before
    if judge is not None:
            print(f"the largest record ({len(record)} entries, {size:5.1f} MiB as JSON): the Game record view shown in "
              f"{painted:6.3f} s {judge.below('largest record view', painted, LARGEST_VIEW_S, 's')}; memory grew "
              f"{grown:5.1f} MiB "
              f"{judge.at_most('largest record view memory', grown, size * LARGEST_VIEW_MEMORY_RATIO, 'MiB')}")
    window.store.undo_stack.setClean()
    window.close()
    window.deleteLater()
    clock.settle()
