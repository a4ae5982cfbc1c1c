"""What tips it: a power's tipping points on its tab, and every power's on the Overview.

The panels read the store (``results``, ``session``) and refresh on ``resultsChanged``, in the event-loop
turn after the levels are shown; a hidden panel waits until it is shown.  The points come from
``core.awaw.tipping`` and are shared by every panel of one store, computed once per set of results.

The search runs on the window's thread in slices of at most ``SLICE_MS`` per event-loop turn, on a copy
of the session's facts, so typing and painting go on while it runs; a change drops a search for the old
facts (what it assessed stays in the cache) and the panels keep their old text until the new one is
ready.  A panel with nothing to show yet, or whose text is about another game or another turn (a file
opened, a turn ended), says it is working on it (``working_note``) instead: never a blank box.
``TippingSource.get`` answers at once, for a caller that needs the points now.
"""

from __future__ import annotations

import copy
import time
import weakref
from collections.abc import Generator, Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QToolButton, QVBoxLayout, QWidget

from ...core.awaw import assess
from ...core.awaw import facts as war_facts
from ...core.awaw.common import PowerResult
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel
from .store import SessionStore

if TYPE_CHECKING:   # the tipping search loads after the first paint, with the first panel refresh
    from ...core.awaw.tipping import PowerTipping, TippingCache

#: A power tab lists this many tipping points before "Show all".
SHOWN = 3
#: The first time a panel is shown it waits this long, so the window's first paint comes first.
FIRST_DELAY_MS = 150
#: The search works at most about this long in one event-loop turn (a frame is 16 ms).  The first slice
#: runs right after the change's repaint.  Longer slices (8 or 10 ms) were measured: the new points came
#: no sooner (nothing is repainted between slices), and the window was held longer; measured again after the
#: search got faster (three example games, CPU time, three runs each): 4 ms slices, the points shown 9.0-9.4 ms
#: after a change (median), the longest hold 12-14 ms; 8 ms ones, 8.5-9.1 ms and 14-20 ms (the first slice
#: shares its turn of the event loop with the repaint); 8 ms after a first one of 4 ms, 8.8-9.2 ms, 13-14 ms.
SLICE_MS = 4.0

Search = Generator[None, None, "dict[str, PowerTipping]"]


def working_note(title: str | None = None) -> str:
    """What a panel says while its answer is being worked out ("Working out what tips Britain...")."""
    return f"Working out what tips {title or 'each power'}\u2026"


class TippingSource(QObject):
    """Every panel's tipping points for one store, computed once per set of results.

    ``request`` starts a search in slices and ``ready`` says when answers (or a problem) came; ``known``
    gives them once they are there.  ``get`` computes what is missing at once."""

    ready = Signal()

    def __init__(self, store: SessionStore) -> None:
        super().__init__()
        self._store = weakref.ref(store)
        self._results: dict[str, PowerResult] | None = None
        self._known: dict[str, PowerTipping] = {}
        self._problem: str | None = None
        self._wanted: set[str] = set()
        self._search: Search | None = None
        self._cache: TippingCache | None = None   # assessments and answers kept from one change to the next
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._work)

    # -- reading -----------------------------------------------------------------------
    @property
    def problem(self) -> str | None:
        """Why the current facts have no tipping points (facts the rules refuse), or None."""
        self._follow_store()
        return self._problem

    @property
    def busy(self) -> bool:
        """True while a search for the current facts is under way."""
        self._follow_store()
        return self._search is not None

    def known(self, powers: Iterable[str]) -> dict[str, PowerTipping] | None:
        """The answers for ``powers`` if all are computed for the current results, else None."""
        self._follow_store()
        wanted = list(powers)
        if any(power not in self._known for power in wanted):
            return None
        return {power: self._known[power] for power in wanted}

    def get(self, powers: Iterable[str]) -> dict[str, PowerTipping]:
        """The answers for ``powers`` now: what is missing is computed at once (RulesInputError if the
        rules refuse the facts)."""
        self._follow_store()
        wanted = list(powers)
        missing = [power for power in wanted if power not in self._known]
        if missing:
            from ...core.awaw.tipping_search import finish

            self._known.update(finish(self._new_search(missing)))
        return {power: self._known[power] for power in wanted}

    # -- searching in slices -----------------------------------------------------------
    def request(self, powers: Iterable[str]) -> None:
        """Compute the answers for ``powers`` in slices; ``ready`` is emitted when they are there."""
        self._follow_store()
        missing = {power for power in powers if power not in self._known}
        if missing and self._problem is None:
            self._wanted |= missing
            if self._search is None and not self._timer.isActive():
                self._work()   # the first slice now: a panel asks in the event-loop turn after the repaint
            else:
                self._timer.start()

    def _store_now(self) -> SessionStore:
        store = self._store()
        assert store is not None, "the store is gone"
        return store

    def _follow_store(self) -> None:
        """Forget the answers, the problem and any search of older results (the store recomputes into a
        new dict after each change)."""
        results = self._store_now().results
        if results is not self._results:
            self._results, self._known, self._problem = results, {}, None
            self._wanted, self._search = set(), None

    def _new_search(self, powers: Iterable[str]) -> Search:
        from ...core.awaw.tipping import TippingCache, tipping_steps

        if self._cache is None:
            self._cache = TippingCache()
        session = self._store_now().session   # a copy: the session changes while the search runs
        return tipping_steps(session.edition, session.scenario, session.turn,
                             copy.deepcopy(session.effective_inputs()), copy.deepcopy(session.effective_carry()),
                             powers, self._cache, war_facts.copied(session.facts))

    def _work(self) -> None:
        """One slice: run the search for at most ``SLICE_MS``, then let the event loop go on."""
        if self._store() is None:   # the window closed while a slice was due
            return
        self._follow_store()
        start = time.perf_counter()
        if self._search is None:
            missing = [power for power in assess.ORDER if power in self._wanted and power not in self._known]
            if not missing:
                return
            self._search = self._new_search(missing)
        search = self._search
        try:
            while True:   # at least one step a slice
                next(search)
                if (time.perf_counter() - start) * 1000 >= SLICE_MS:
                    break
        except StopIteration as done:
            self._known.update(done.value)
            self._search = None
        except RulesInputError as error:   # facts the rules refuse: the panels say so
            self._problem, self._search, self._wanted = str(error), None, set()
        if self._search is not None or self._wanted - set(self._known):
            self._timer.start()
        if self._search is None:
            self.ready.emit()


_SOURCES: weakref.WeakKeyDictionary[SessionStore, TippingSource] = weakref.WeakKeyDictionary()


def tipping_source(store: SessionStore) -> TippingSource:
    if store not in _SOURCES:
        _SOURCES[store] = TippingSource(store)
    return _SOURCES[store]


class _FollowsStore(QGroupBox):
    """Refreshes on ``resultsChanged`` while shown, and when shown after a change: asks the source for
    its powers' answers and shows them when they are ready (the old text stays until then)."""

    def __init__(self, store: SessionStore, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.store = store
        self._dirty = True
        self._waiting = False
        self._never_shown = True
        #: The game and turn the shown text is about (None: nothing shown yet); a game is counted up each
        #: time the store opens another one.
        self._game = 0
        self._shown_for: tuple[int, object] | None = None
        # Refreshed right after the levels are shown, once for a burst of changes (typing a number).
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._refresh_if_dirty)
        store.sessionReplaced.connect(self._another_game)
        store.resultsChanged.connect(self._results_changed)
        tipping_source(store).ready.connect(self._show_if_ready)

    def powers(self) -> tuple[str, ...]:
        """The powers whose answers the panel shows."""
        raise NotImplementedError

    @property
    def up_to_date(self) -> bool:
        """True when the panel shows the answers (or the problem) for the current facts."""
        return not self._dirty and not self._waiting

    def _game_and_turn(self) -> tuple[int, object]:
        return self._game, self.store.session.turn

    def _another_game(self) -> None:
        self._game += 1

    def _results_changed(self) -> None:
        self._dirty = True
        if self._shown_for is not None and self._shown_for != self._game_and_turn():
            self._shown_for = None   # another game or turn: the old text would mislead
            self.show_working()
        if self.isVisible():
            self._timer.start(0)

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        if self._dirty:   # after the paint that shows it: start-up and tab switches stay quick
            self._timer.start(FIRST_DELAY_MS if self._never_shown else 0)
        self._never_shown = False

    def _refresh_if_dirty(self) -> None:
        if self._dirty and self.isVisible():
            self.refresh()

    def refresh(self) -> None:
        """Ask for the current answers; they are shown now if known, else when the search is done."""
        self._dirty = False
        self._waiting = True
        tipping_source(self.store).request(self.powers())
        self._show_if_ready()
        if self._waiting and self._shown_for is None:
            self.show_working()

    def _show_if_ready(self) -> None:
        if not self._waiting:
            return
        source = tipping_source(self.store)
        if source.problem is not None:   # facts the rules refuse: say so, keep the window going
            self._waiting = False
            self._shown_for = self._game_and_turn()
            self.show_problem(f"No tipping points: {source.problem}")
            return
        answers = source.known(self.powers())
        if answers is not None:
            self._waiting = False
            self._shown_for = self._game_and_turn()
            self.show_tipping(answers)

    def show_working(self) -> None:
        """Say that the answer is being worked out (until it comes)."""
        raise NotImplementedError

    def show_problem(self, message: str) -> None:
        raise NotImplementedError

    def show_tipping(self, answers: dict[str, PowerTipping]) -> None:
        raise NotImplementedError


class TippingPanel(_FollowsStore):
    """One power's tipping points: how far its next threshold is each way, and the changes that reach it."""

    def __init__(self, store: SessionStore, power: str, parent: QWidget | None = None) -> None:
        self.power, self.title = power, assess.title(power)
        super().__init__(store, "What tips it", parent)
        self.setObjectName(f"tipping-{power}")
        self.setAccessibleName(f"{self.title} tipping points")
        layout = QVBoxLayout(self)
        self.distance = LiveLabel()
        self.distance.setWordWrap(True)
        self.distance.setAccessibleName(f"{self.title} next threshold")
        self.points = LiveLabel()
        self.points.setWordWrap(True)
        self.points.setAccessibleName(f"{self.title} tipping list")
        self.more = QToolButton()
        self.more.setCheckable(True)
        self.more.setAccessibleName(f"Show all {self.title} tipping points")
        self.more.toggled.connect(self._show_again)
        self._shown: PowerTipping | None = None
        layout.addWidget(self.distance)
        layout.addWidget(self.points)
        layout.addWidget(self.more)
        self.more.hide()
        self.show_working()

    def powers(self) -> tuple[str, ...]:
        return (self.power,)

    def tipping(self) -> PowerTipping:
        """This power's tipping points for the current facts, now."""
        return tipping_source(self.store).get([self.power])[self.power]

    def show_working(self) -> None:
        self._shown = None
        self.distance.setText(working_note(self.title))
        self.points.setText("")
        self.points.setToolTip("")
        self.more.hide()

    def show_problem(self, message: str) -> None:
        self._shown = None
        self.distance.setText(message)
        self.points.setText("")
        self.more.hide()

    def _show_again(self, _checked: bool) -> None:
        if self._shown is not None:
            self.show_tipping({self.power: self._shown})

    def show_tipping(self, answers: dict[str, PowerTipping]) -> None:
        tipping = self._shown = answers[self.power]
        self.distance.setText(f"Now: {tipping.fate}. {tipping.distance_text}")
        texts = [point.text for point in tipping.points]
        shown = texts if self.more.isChecked() else texts[:SHOWN]
        self.points.setText("\n".join(f"\u2022 {text}" for text in shown)
                            or "No single change to this turn's facts changes its fate.")
        self.points.setToolTip("\n".join(texts))
        self.more.setVisible(len(texts) > SHOWN)
        self.more.setText("Show fewer" if self.more.isChecked() else f"Show all {len(texts)}")


class OverviewTipping(_FollowsStore):
    """Every power: how far its next threshold is, and the smallest change that reaches it."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(store, "What tips each power", parent)
        self.setObjectName("tipping-overview")
        self.setAccessibleName("Tipping points of every power")
        grid = QGridLayout(self)
        grid.setHorizontalSpacing(16)
        self.rows: dict[str, QLabel] = {}
        for row, power in enumerate(assess.DISPLAY_ORDER):
            title = assess.title(power)
            grid.addWidget(QLabel(f"<b>{title}</b>"), row, 0)
            label = LiveLabel()
            label.setWordWrap(True)
            label.setAccessibleName(f"{title} tipping summary")
            grid.addWidget(label, row, 1)
            self.rows[power] = label
        grid.setColumnStretch(1, 1)
        self.show_working()

    def powers(self) -> tuple[str, ...]:
        return assess.ORDER

    def show_working(self) -> None:
        for index, label in enumerate(self.rows.values()):   # the note once, a mark on every other row
            label.setText(working_note() if index == 0 else "\u2026")
            label.setToolTip(working_note())

    def show_problem(self, message: str) -> None:
        for label in self.rows.values():
            label.setText(message)

    def show_tipping(self, answers: dict[str, PowerTipping]) -> None:
        for power, label in self.rows.items():
            tipping = answers[power]
            text = tipping.distance_text
            if tipping.points:
                text += f" Smallest: {tipping.points[0].text}"
                if len(tipping.points) > 1:
                    text += f" (and {len(tipping.points) - 1} more on the {tipping.title} tab)"
            label.setText(text)
            label.setToolTip("\n".join(point.text for point in tipping.points))
