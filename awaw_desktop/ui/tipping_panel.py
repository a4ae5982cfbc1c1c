"""What tips it: a power's tipping points on its tab, and every power's on the Overview.

The panels read the store (``results``, ``session``) and refresh on ``resultsChanged``, in the event-loop
turn after the levels are shown; a hidden panel waits until it is shown.  The points come from
``core.awaw.tipping`` and are shared by every panel of one store, computed once per set of results.
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QToolButton, QVBoxLayout, QWidget

from ..core.awaw import assess
from ..core.awaw.common import PowerResult
from ..core.lines import RulesInputError
from .store import SessionStore

if TYPE_CHECKING:   # the tipping search loads after the first paint, with the first panel refresh
    from ..core.awaw.tipping import PowerTipping, TippingCache

#: A power tab lists this many tipping points before "Show all".
SHOWN = 3
#: The first time a panel is shown it waits this long, so the window's first paint comes first.
FIRST_DELAY_MS = 150


class TippingSource:
    """Every panel's tipping points for one store, computed once per set of results."""

    def __init__(self, store: SessionStore) -> None:
        self._store = weakref.ref(store)
        self._results: dict[str, PowerResult] | None = None
        self._known: dict[str, PowerTipping] = {}
        self._cache: TippingCache | None = None   # assessments kept from one change to the next

    def get(self, powers: Iterable[str]) -> dict[str, PowerTipping]:
        store = self._store()
        assert store is not None, "the store is gone"
        if store.results is not self._results:   # the store recomputes into a new dict after each change
            self._results, self._known = store.results, {}
        wanted = list(powers)
        missing = [power for power in wanted if power not in self._known]
        if missing:
            from ..core.awaw.tipping import TippingCache, session_tipping

            if self._cache is None:
                self._cache = TippingCache()
            self._known.update(session_tipping(store.session, missing, self._cache))
        return {power: self._known[power] for power in wanted}


_SOURCES: weakref.WeakKeyDictionary[SessionStore, TippingSource] = weakref.WeakKeyDictionary()


def tipping_source(store: SessionStore) -> TippingSource:
    if store not in _SOURCES:
        _SOURCES[store] = TippingSource(store)
    return _SOURCES[store]


class _FollowsStore(QGroupBox):
    """Refreshes on ``resultsChanged`` while shown, and when shown after a change."""

    def __init__(self, store: SessionStore, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.store = store
        self._dirty = True
        self._never_shown = True
        # Refreshed right after the levels are shown, once for a burst of changes (typing a number).
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._refresh_if_dirty)
        store.resultsChanged.connect(self._results_changed)

    def _results_changed(self) -> None:
        self._dirty = True
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
        self._dirty = False
        try:
            self.show_tipping()
        except RulesInputError as error:   # facts the rules refuse: say so, keep the window going
            self.show_problem(f"No tipping points: {error}")

    def show_problem(self, message: str) -> None:
        raise NotImplementedError

    def show_tipping(self) -> None:
        raise NotImplementedError


class TippingPanel(_FollowsStore):
    """One power's tipping points: how far its next threshold is each way, and the changes that reach it."""

    def __init__(self, store: SessionStore, power: str, parent: QWidget | None = None) -> None:
        self.power, self.title = power, assess.title(power)
        super().__init__(store, "What tips it", parent)
        self.setObjectName(f"tipping-{power}")
        self.setAccessibleName(f"{self.title} tipping points")
        layout = QVBoxLayout(self)
        self.distance = QLabel()
        self.distance.setWordWrap(True)
        self.distance.setAccessibleName(f"{self.title} next threshold")
        self.points = QLabel()
        self.points.setWordWrap(True)
        self.points.setAccessibleName(f"{self.title} tipping list")
        self.more = QToolButton()
        self.more.setCheckable(True)
        self.more.setAccessibleName(f"Show all {self.title} tipping points")
        self.more.toggled.connect(lambda _checked: self.show_tipping())
        layout.addWidget(self.distance)
        layout.addWidget(self.points)
        layout.addWidget(self.more)
        self.more.hide()

    def tipping(self) -> PowerTipping:
        return tipping_source(self.store).get([self.power])[self.power]

    def show_problem(self, message: str) -> None:
        self.distance.setText(message)
        self.points.setText("")
        self.more.hide()

    def show_tipping(self) -> None:
        tipping = self.tipping()
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
            label = QLabel()
            label.setWordWrap(True)
            label.setAccessibleName(f"{title} tipping summary")
            grid.addWidget(label, row, 1)
            self.rows[power] = label
        grid.setColumnStretch(1, 1)

    def show_problem(self, message: str) -> None:
        for label in self.rows.values():
            label.setText(message)

    def show_tipping(self) -> None:
        everyone = tipping_source(self.store).get(assess.ORDER)
        for power, label in self.rows.items():
            tipping = everyone[power]
            text = tipping.distance_text
            if tipping.points:
                text += f" Smallest: {tipping.points[0].text}"
                if len(tipping.points) > 1:
                    text += f" (and {len(tipping.points) - 1} more on the {tipping.title} tab)"
            label.setText(text)
            label.setToolTip("\n".join(point.text for point in tipping.points))
