"""The war tab: every fact more than one table reads, listed once (who is at war since when, who holds
which city or colony, who has surrendered).  Changing a fact here or on any tab that shows it changes it
everywhere at once; each row says which tables read it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...core.awaw import assess
from ...core.awaw import facts as war_facts
from ...core.awaw.common import Status, Turn
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel, no_tab_stop, set_tip
from ..shell.follow import RefreshWhenSeen
from .store import SessionStore

#: The tab's title in the tab bar.
TITLE = "The war"


def readers_text(store: SessionStore, fact_id: str) -> str:
    """Which tables read a fact in this game's edition: "France 58.31, Britain 59.21"."""
    session = store.session
    found = war_facts.where_shown(fact_id, session.has_line)
    if not found:
        return "Read by the procedures" if fact_id.startswith(("colony.", "possession.")) else \
            "Read by Japan's war clock" if fact_id.startswith("war.japan") else "No table of this edition"
    return ", ".join(f"{assess.title(power)} {session.line(power, line_id).rule}" for power, line_id in found)


class FactsTab(QWidget):
    """Every fact of the war, grouped, each with the tables that read it.

    Its rows are built the first time it is shown (or in idle time after start-up: ``build``), not before
    the window's first paint."""

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("tab-war")
        self.store = store
        self.rows: dict[str, QWidget] = {}
        self.readers: dict[str, QLabel] = {}
        self.built = False
        self.outer = QVBoxLayout(self)
        intro = QLabel("Facts that several tables read are kept once, here. Ticking one on any tab changes it "
                       "everywhere; the surrender procedures and the end of turn settle the ones they decide.")
        intro.setWordWrap(True)
        self.outer.addWidget(intro)
        self.surrenders = LiveLabel()
        self.surrenders.setAccessibleName("Surrenders")
        self.surrenders.setWordWrap(True)
        self.outer.addWidget(self.surrenders)
        # While another tab is shown, this one catches up when it is next shown (ui/shell/follow.py).
        self.follower = RefreshWhenSeen(self, self.sync)
        store.resultsChanged.connect(self.follower.changed)
        store.inputRefused.connect(self.follower.changed)

    def event(self, event: QEvent) -> bool:
        if not self.built and event.type() in (QEvent.Type.Show, QEvent.Type.ShowToParent):
            self.build()
        return super().event(event)

    def build(self) -> None:
        """The rows: one per fact a table of this edition and scenario reads."""
        if self.built:
            return
        self.built = True
        from .war_rows import fact_editor

        store = self.store

        def used(power: str) -> bool:
            return store.result(power).status is not Status.NOT_APPLICABLE

        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        no_tab_stop(scroll)   # not a Tab stop of its own: Tab goes to the facts in it
        body = QWidget()
        grid = QGridLayout(body)
        row = 0
        for group in war_facts.GROUPS:
            items = [item for item in war_facts.FACTS if item.group == group and self._asked(item, used)]
            if not items:
                continue
            heading = QLabel(f"<b>{group}</b>")
            grid.addWidget(heading, row, 0, 1, 4)
            row += 1
            for item in items:
                grid.addWidget(QLabel(item.rule), row, 0)
                label = QLabel(item.label)
                set_tip(label, item.help)
                grid.addWidget(label, row, 1)
                widget = fact_editor(store, item, self._set)
                label.setBuddy(widget.focusProxy() or widget)   # its caption for a screen reader
                self.rows[item.id] = widget
                grid.addWidget(widget, row, 2)
                readers = LiveLabel()
                readers.setObjectName("note")
                readers.setAccessibleName(f"{item.label}: read by")
                self.readers[item.id] = readers
                grid.addWidget(readers, row, 3)
                row += 1
        grid.setColumnStretch(3, 1)
        grid.setRowStretch(row, 1)
        scroll.setWidget(body)   # filled before it is added: one layout pass
        self.outer.addWidget(scroll, 1)
        self.follower.behind = False
        self.sync()
        from ..shell.focus_order import make_readable

        make_readable(self)

    def _asked(self, item: war_facts.Fact, used: Callable[[str], bool]) -> bool:
        """A fact the tab lists: one a table of this game reads, or one only the procedures read (the colonies)."""
        session = self.store.session
        if item.kind == "flag" and item.group == "Cities and places" and \
                not war_facts.where_shown(item.id, session.has_line):
            return False   # no table of this edition and scenario reads it: not asked
        readers = war_facts.read_by(item.id, session.edition)
        # Read only by tables the scenario leaves out (54.11: the Pacific scenario's wars with Germany): not asked.
        return not readers or war_facts.read_in_game(item.id, session.edition, session.has_line, used)

    def detach(self) -> None:
        self.store.resultsChanged.disconnect(self.follower.changed)
        self.store.inputRefused.disconnect(self.follower.changed)

    def _set(self, fact_id: str, value: Any) -> None:
        try:
            self.store.set_fact(fact_id, value)
        except RulesInputError as error:
            self.store.inputRefused.emit(str(error))
            self.sync()

    def sync(self) -> None:
        session = self.store.session
        if self.rows:
            from .war_rows import show_fact

            for fact_id, widget in self.rows.items():
                show_fact(widget, session.fact(fact_id))
        for fact_id in self.rows:
            self.readers[fact_id].setText(readers_text(self.store, fact_id))
        gone = []
        for power in ("germany", "italy", "japan", "france", "britain"):
            carried = session.carry.get(power, {})
            if carried.get("surrendered"):
                when = carried.get("surrender_turn")
                since = f" in {Turn(when['year'], when['season']).title}" if isinstance(when, dict) else ""
                gone.append(f"{assess.title(power)}{since}")
        text = "Surrendered: " + (", ".join(gone) if gone else "no power yet") + \
            ". Surrenders are recorded by the end of turn and the surrender wizards."
        if self.surrenders.text() != text:
            self.surrenders.setText(text)


def shared_tooltip(store: SessionStore, power: str, line_id: str) -> str:
    """For a line bound to the war's facts: where else it shows and where it is set."""
    session = store.session
    others = []
    for binding in war_facts.bindings(power, line_id):
        for fact_id in binding.fact_ids:
            for other_power, other_line in war_facts.where_shown(fact_id, session.has_line):
                if (other_power, other_line) != (power, line_id):
                    name = f"{assess.title(other_power)} ({session.line(other_power, other_line).rule})"
                    if name not in others:
                        others.append(name)
    also = f" Also shown on: {', '.join(others)}." if others else ""
    return (f"A fact of the war, kept once: changing it here changes it on every tab that shows it, and on "
            f"the \u201c{TITLE}\u201d tab.{also}")

