"""The Overview tab of a Europa game: every Axis-Allied nation in one row, its envelope's stage, its card's effect
where both sides may see it, the last RE count, its surrender and defection state, what is due this turn, and a
button to go there; above it the German armour RP pool and the city points held.  The screen is public: a card
seen by one side only is never named here."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QPushButton, QScrollArea, QVBoxLayout, QWidget

from ...core.europa import actions_aid
from ...core.europa.cards import card_short, effect
from ...core.europa.city_points import totals
from ...core.europa.draw import SIDE_TITLES
from ...core.europa.envelope import Stage
from ...core.europa.res import format_res
from ...core.europa.state import EuropaGame, NationState
from ...core.europa.turn_start import checks_due, due_this_turn
from ...core.europa.words import counted
from ..shell.accessible import LiveLabel, no_tab_stop
from ..shell.follow import RefreshWhenSeen
from ..shell.status_chip import StatusChip
from ..shell.theme import Tone
from .holder import EuropaGameHolder
from .tones import defection_words, due_words, show, stage_words, surrender_words

COLUMNS = ("Nation", "Envelope", "Card", "Last RE count", "Surrender", "Defection", "This turn")


def card_words(nation: NationState, game: EuropaGame) -> str:
    """The card as both sides may know it: named once shown to both, else who has seen it."""
    envelope = nation.envelope
    if envelope is None:
        return "\u2014"
    stage = envelope.stage(game.turn)
    if envelope.card:
        when = ("no more effect: no longer Axis-Allied" if not nation.active else   # 56.A, 56.B
                "in effect" if envelope.in_effect(game.turn) else "no effect now")
        return f"{card_short(envelope.card)}: {effect(envelope.card).label} ({when})"
    if stage is Stage.SEALED:
        return "Nobody has seen it"
    if stage is Stage.DISCARDED:
        return "Discarded unseen by the owner"
    if stage is Stage.VOIDED:
        return "Voided by both players: nobody learns it"
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


def rates_words(nation: NationState) -> str:
    """The special replacement rates (56.E.3): the nation's while it is Axis-Allied, then each new government's."""
    record = nation.surrender
    parts = []
    if nation.active:
        rate = record.rate()
        parts.append(f"rate {rate}%" if rate is not None else "rate not entered")
    parts += [f"{g.name} {record.government_rate(g.name)}%" for g in record.governments]
    return ", ".join(parts)


#: Where each of a row's widgets goes: (line of the row, column, lines spanned), on a wide and on a narrow window.
WIDE = {"name": (0, 0, 2), "envelope": (0, 1, 1), "card": (0, 2, 2), "count": (0, 3, 2), "surrender": (0, 4, 1),
        "rates": (1, 4, 1), "defection": (0, 5, 1), "due": (0, 6, 1), "due_text": (1, 6, 1)}
NARROW = {"name": (0, 0, 2), "envelope": (0, 1, 1), "card": (1, 1, 1), "surrender": (0, 2, 1), "rates": (1, 2, 1),
          "defection": (0, 3, 1), "count": (1, 3, 1), "due": (0, 4, 1), "due_text": (1, 4, 1)}
NARROW_COLUMNS = ("Nation", "Envelope, card", "Surrender, rates", "Defection, last RE count", "This turn")
#: Below this width (in letters "m" of the text), a nation's row takes two lines of five columns, not seven.
WIDE_FROM_EMS = 100


class _Row:
    def __init__(self, name: str, go: Signal) -> None:
        bold = QFont()
        bold.setBold(True)
        self.name = QPushButton(f"{name} \u203a")   # the nation's name goes to its tab
        self.name.setFont(bold)
        self.name.setFlat(True)
        self.name.setAccessibleName(f"Go to {name}")
        self.name.setToolTip(f"The {name} tab")
        self.name.clicked.connect(lambda _checked=False: go.emit(name))
        self.envelope = StatusChip()
        self.envelope.setAccessibleName(f"{name} envelope")
        self.card = self._label(f"{name} card")
        self.count = self._label(f"{name} last RE count")
        self.surrender = StatusChip()
        self.surrender.setAccessibleName(f"{name} surrender")
        self.rates = self._label(f"{name} special replacement rates")
        self.defection = StatusChip()
        self.defection.setAccessibleName(f"{name} defection")
        self.due = StatusChip()
        self.due.setAccessibleName(f"{name} this turn")
        self.due_text = self._label(f"{name} due this turn")
        self.widgets: dict[str, QWidget] = {key: getattr(self, key) for key in WIDE}

    @staticmethod
    def _label(name: str) -> QLabel:
        label = LiveLabel()
        label.setWordWrap(True)
        label.setAccessibleName(name)
        return label

    def place(self, grid: QGridLayout, first_line: int, wide: bool) -> None:
        for key, (line, column, lines) in (WIDE if wide else NARROW).items():
            grid.addWidget(self.widgets[key], first_line + line, column, lines, 1)

    def show(self, game: EuropaGame, nation: NationState) -> None:
        show(self.envelope, *stage_words(nation, game.turn))
        self.card.setText(card_words(nation, game))
        short, full = count_words(nation)
        self.count.setText(short if nation.counts else "no RE count yet")
        self.count.setToolTip(full)
        show(self.surrender, *surrender_words(nation))
        self.rates.setText(rates_words(nation))
        show(self.defection, *defection_words(nation))
        dues = due_this_turn(game, nation.name)
        show(self.due, *due_words(dues))
        self.due_text.setText("; ".join(f"{due.text} ({due.rule})" for due in dues))
        self.due_text.setVisible(bool(dues))

    def remove(self) -> None:
        for widget in self.widgets.values():
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()


class OverviewTab(QWidget):
    """One row per nation; ``openNation`` asks the window for a nation's tab.  On a narrow or zoomed window a row
    takes two lines of five columns (the card, the rates, the last count and what is due under the chips)."""

    openNation = Signal(str)

    def __init__(self, holder: EuropaGameHolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.holder = holder
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        no_tab_stop(scroll)   # no Tab stop of its own: Tab goes to what is in it (issue 29)
        page = QVBoxLayout(self)
        page.setContentsMargins(0, 0, 0, 0)
        page.addWidget(scroll)
        body = QWidget()
        outer = QVBoxLayout(body)
        scroll.setWidget(body)
        self.heading = LiveLabel()
        self.heading.setAccessibleName("Overview heading")
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.heading.setFont(font)
        outer.addWidget(self.heading)
        self.banner = StatusChip()
        self.banner.setAccessibleName("Checks due this turn")
        outer.addWidget(self.banner)
        self.summary = LiveLabel()
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName("German aid and city points")
        outer.addWidget(self.summary)
        frame = QFrame()
        frame.setFrameShape(QFrame.Shape.StyledPanel)
        self.grid = QGridLayout(frame)
        self.grid.setHorizontalSpacing(14)
        self.grid.setVerticalSpacing(4)
        bold = QFont()
        bold.setBold(True)
        self.headers = [QLabel() for _column in COLUMNS]
        for header in self.headers:
            header.setFont(bold)
        self.wide: bool | None = None
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

    def _arrange(self) -> None:
        """Seven columns on a wide window, five on a narrow one (each nation on two lines either way)."""
        wide = self.width() >= WIDE_FROM_EMS * self.fontMetrics().horizontalAdvance("m")
        if wide == self.wide:
            return
        self.wide = wide
        for header, text in zip(self.headers, COLUMNS if wide else (*NARROW_COLUMNS, "", ""), strict=True):
            header.setText(text)
            self.grid.addWidget(header, 0, self.headers.index(header))
        for index, row in enumerate(self.rows.values()):
            row.place(self.grid, 1 + 3 * index, wide)   # two lines, then a little room before the next nation
            self.grid.setRowMinimumHeight(3 + 3 * index, self.fontMetrics().height() // 2)
        stretches = (0, 1, 2, 2, 1, 1, 2) if wide else (0, 2, 2, 2, 2, 0, 0)
        for column, stretch in enumerate(stretches):
            self.grid.setColumnStretch(column, stretch)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange()

    def refresh(self) -> None:
        game = self.holder.game
        names = [nation.name for nation in game.nations]
        if names != self._names:
            for row in self.rows.values():
                row.remove()
            self.rows = {name: _Row(name, self.openNation) for name in names}
            self._names = names
            self.wide = None
            self._arrange()
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
        pool = counted(actions_aid.pool_balance(game), "RP")
        self.summary.setText(f"German armour RP pool (56.D): {pool} \u00b7 City points "
                             f"held (56.C): {cities}" + ("" if game.places else " (no city or town entered)"))
        self.empty.setVisible(not names)
