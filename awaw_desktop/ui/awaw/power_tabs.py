"""The power tabs of the main window, each built the first time it is needed, and the buttons a tab offers
beside its table (the surrender wizards, Japan's war clock)."""

from __future__ import annotations

import weakref
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Protocol

from PySide6.QtWidgets import QPushButton, QWidget

from .store import SessionStore

if TYPE_CHECKING:
    from .power_tab import PowerTab


class TabsHost(Protocol):
    """What the power tabs and their buttons ask of the window holding them (``MainWindow``)."""

    store: SessionStore

    def open_wizard(self, power: str) -> None: ...

    def wizard_available(self, power: str) -> tuple[bool, str]: ...

    def decorate_power_tab(self, power: str, tab: PowerTab) -> None: ...

#: Powers with a surrender wizard: (button text).
WIZARDS = {
    "france": ("French surrender wizard\u2026",),
    "britain": ("British surrender wizard\u2026",),
}


class WizardButton(QPushButton):
    """Opens a power's surrender wizard; enabled when the rules allow it, the tooltip says why."""

    def __init__(self, window: TabsHost, power: str, tab: PowerTab) -> None:
        super().__init__(WIZARDS[power][0])
        self._window = weakref.ref(window)  # no reference cycle through the window (see store.py)
        self.power = power
        self.setObjectName(f"wizard-{power}")
        self.setAccessibleName(WIZARDS[power][0].replace("\u2026", ""))
        self.clicked.connect(self.open)
        tab.refreshed.connect(self.refresh)   # with its tab: only while the tab is seen
        self.refresh()

    def open(self) -> None:
        window = self._window()
        if window is not None:
            window.open_wizard(self.power)

    def refresh(self) -> None:
        window = self._window()
        if window is None:
            return
        allowed, reason = window.wizard_available(self.power)
        self.setEnabled(allowed)
        self.setToolTip(reason)


class WarClockButton(QPushButton):
    """Japan: record that the war began this turn, which starts the cumulative clock (57.14A)."""

    def __init__(self, store: SessionStore, tab: PowerTab) -> None:
        super().__init__("Japan's war began this turn")
        self.store = store
        self.setAccessibleName("Japan's war began this turn")
        self.clicked.connect(self.record)
        tab.refreshed.connect(self.refresh)   # with its tab: only while the tab is seen
        self.refresh()

    def refresh(self) -> None:
        started = self.store.session.effective_carry().get("japan", {}).get("war_turn")
        self.setEnabled(started is None)
        self.setToolTip("Starts the clock of the cumulative modifiers (57.14A): they count from the end of the "
                        "turn after this one." if started is None else
                        "The war clock is already set; adjust it with 'Adjust...' beside the carried values.")

    def record(self) -> None:
        turn = self.store.session.turn
        self.store.change_session(f"Japan: war began in {turn.title}",
                                  lambda session: session.set_carry("japan", "war_turn", turn.to_json()))


class PowerTabs(Mapping[str, "PowerTab"]):
    """The power tabs, each built the first time it is needed (shown, or asked for).

    Start-up builds the Overview only; the others follow in idle time right after the
    window is shown, so a player never waits for a tab and start-up stays quick."""

    def __init__(self, window: TabsHost) -> None:
        self._window = weakref.ref(window)  # no reference cycle through the window (see store.py)
        self.built: dict[str, PowerTab] = {}
        self.holders: dict[str, QWidget] = {}

    def __getitem__(self, power: str) -> PowerTab:
        if power not in self.built:
            window = self._window()
            assert window is not None, "the window is gone"
            holder = self.holders[power]
            from .power_tab import PowerTab  # after the first paint: only the Overview is shown at start

            tab = PowerTab(window.store, power, holder)
            holder.layout().addWidget(tab)
            self.built[power] = tab
            window.decorate_power_tab(power, tab)
        return self.built[power]

    def __iter__(self) -> Iterator[str]:
        return iter(self.holders)

    def __len__(self) -> int:
        return len(self.holders)
