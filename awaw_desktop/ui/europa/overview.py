"""The Overview tab of a Europa game: every Axis-Allied nation in one row, its envelope's stage, its card's effect
where both sides may see it, the last RE count, its surrender and defection state, what is due this turn, and a
button to go there; above it the German armour RP pool and the city points held.  The screen is public: a card
seen by one side only is never named here."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from ...core.europa import actions_aid
from ...core.europa.cards import card_short, effect
from ...core.europa.city_points import totals
from ...core.europa.draw import SIDE_TITLES
from ...core.europa.envelope import Stage
from ...core.europa.res import format_res
from ...core.europa.state import EuropaGame, NationState
from ...core.europa.turn_start import checks_due, due_this_turn
from ..shell.follow import RefreshWhenSeen
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone
from .holder import EuropaGameHolder
from .tones import defection_words, due_words, show, stage_words, surrender_words

COLUMNS = ("Nation", "Envelope", "Card", "Last RE count", "Surrender", "Defection", "This turn", "")


def card_words(nation: NationState, game: EuropaGame) -> str:
    """The card as both sides may know it: named once shown to both, else who has seen it."""
    envelope = nation.envelope
    if envelope is None:
        return "\u2014"
    stage = envelope.stage(game.turn)
    if envelope.card:
        when = "in effect" if envelope.in_effect(game.turn) else "no effect now"
        return f"{card_short(envelope.card)}: {effect(envelope.card).label} ({when})"
    if stage is Stage.SEALED:
        return "Nobody has seen it"
    if stage is Stage.DISCARDED:
        return "Discarded unseen by the owner"
    return f"Seen by the {SIDE_TITLES[envelope.opened_by]} side only"


def count_words(nation: NationState) -> tuple[str, str]:
    """(short, full) words for the last RE count."""
    if not nation.counts:
        return "none yet", ""
    last = nation.counts[-1]
    losses = last.ground + last.air + last.naval
    short = (f"{last.turn.short} ({SIDE_TITLES[last.by_side]}): forces {format_res(last.forces)}, losses "
             f"{format_res(losses)}, RP {last.rp_pool}")
    return short, last.summary()


class _Row:
    def __init__(self, grid: QGridLayout, row: int, name: str, go: Signal) -> None:
        bold = QFont()
        bold.setBold(True)
        self.name = QLabel(name)
        self.name.setFont(bold)
        self.envelope = StatusChip()
        self.envelope.setAccessibleName(f"{name} envelope")
        self.card = QLabel()
        self.card.setWordWrap(True)
        self.card.setAccessibleName(f"{name} card")
        self.count = QLabel()
        self.count.setWordWrap(True)
        self.count.setAccessibleName(f"{name} last RE count")
        self.surrender = StatusChip()
        self.surrender.setAccessibleName(f"{name} surrender")
        self.defection = StatusChip()
        self.defection.setAccessibleName(f"{name} defection")
        self.due = StatusChip()
        self.due.setAccessibleName(f"{name} this turn")
        self.due_text = QLabel()
        self.due_text.setWordWrap(True)
        self.due_text.setAccessibleName(f"{name} due this turn")
        due = QWidget()
        column = QVBoxLayout(due)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(self.due)
        column.addWidget(self.due_text)
        self.button = QPushButton("Go there")
        self.button.setAccessibleName(f"Go to {name}")
        self.button.setToolTip(f"The {name} tab")
        self.button.clicked.connect(lambda _checked=False: go.emit(name))
        self.widgets = (self.name, self.envelope, self.card, self.count, self.surrender, self.defection, due,
                        self.button)
        for column_index, widget in enumerate(self.widgets):
            grid.addWidget(widget, row, column_index)

    def show(self, game: EuropaGame, nation: NationState) -> None:
        show(self.envelope, *stage_words(nation, game.turn))
        self.card.setText(card_words(nation, game))
        short, full = count_words(nation)
        self.count.setText(short)
        self.count.setToolTip(full)
        show(self.surrender, *surrender_words(nation))
        show(self.defection, *defection_words(nation))
        dues = due_this_turn(game, nation.name)
        show(self.due, *due_words(dues))
        self.due_text.setText("; ".join(f"{due.text} ({due.rule})" for due in dues))
        self.due_text.setVisible(bool(dues))

    def remove(self) -> None:
        for widget in self.widgets:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()


class OverviewTab(QWidget):
    """One row per nation; ``openNation`` asks the window for a nation's tab."""

    openNation = Signal(str)

    def __init__(self, holder: EuropaGameHolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.holder = holder
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        page = QVBoxLayout(self)
        page.setContentsMargins(0, 0, 0, 0)
        page.addWidget(scroll)
        body = QWidget()
        outer = QVBoxLayout(body)
        scroll.setWidget(body)
        self.heading = QLabel()
        self.heading.setAccessibleName("Overview heading")
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.heading.setFont(font)
        outer.addWidget(self.heading)
        self.banner = StatusChip()
        self.banner.setAccessibleName("Checks due this turn")
        outer.addWidget(self.banner)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("German aid and city points")
        outer.addWidget(self.summary)
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        self.grid = QGridLayout(frame)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(10)
        bold = QFont()
        bold.setBold(True)
        for column, text in enumerate(COLUMNS):
            header = QLabel(text)
            header.setFont(bold)
            self.grid.addWidget(header, 0, column)
        self.grid.setColumnStretch(2, 2)
        self.grid.setColumnStretch(3, 2)
        self.grid.setColumnStretch(6, 2)
        outer.addWidget(frame)
        self.empty = QLabel("No Axis-Allied nation in the game yet: add one on the Turn track tab (Turn > Add nation).")
        self.empty.setWordWrap(True)
        outer.addWidget(self.empty)
        outer.addStretch(1)
        self.rows: dict[str, _Row] = {}
        self._names: list[str] = []
        self.follower = RefreshWhenSeen(self, self.refresh)
        holder.changed.connect(self.follower.changed)
        self.refresh()

    def refresh(self) -> None:
        game = self.holder.game
        names = [nation.name for nation in game.nations]
        if names != self._names:
            for row in self.rows.values():
                row.remove()
            self.rows = {name: _Row(self.grid, index, name, self.openNation) for index, name in enumerate(names, 1)}
            self._names = names
        self.heading.setText(f"{game.turn} \u2014 Europa, Axis political rules (56)")
        for nation in game.nations:
            self.rows[nation.name].show(game, nation)
        waiting = checks_due(game)
        if waiting:
            listed = ", ".join(f"{due.nation} ({'surrender' if due.rule == '56.A' else 'defection'})"
                               for due in waiting)
            show(self.banner, Tone.WARNING, f"Checks due this turn: {listed}")
        else:
            show(self.banner, Tone.CALM, "No surrender or defection check due this turn")
        found = totals(game.places)
        cities = ", ".join(f"{SIDE_TITLES[side]} {points}" for side, points in found.by_side)
        self.summary.setText(f"German armour RP pool (56.D): {actions_aid.pool_balance(game)} RPs \u00b7 City points "
                             f"held (56.C): {cities}" + ("" if game.places else " (no city or town entered)"))
        self.empty.setVisible(not names)
