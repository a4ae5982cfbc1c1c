"""One Axis-Allied nation of a Europa game: a header with its state in colour and words and what is due this turn,
then its envelope, RE count, surrender, defection and German aid, with a private screen for the moments only one
player may see."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QFont, QResizeEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QGroupBox, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...core.europa import actions
from ...core.europa.turn_start import due_this_turn
from ..shell.accessible import LiveLabel, no_tab_stop
from ..shell.status_chip import StatusChip
from .aid_box import NationAidBox
from .count_form import RECountForm
from .cover import PrivateScreen
from .defection_box import DefectionBox
from .envelope_box import EnvelopeBox
from .holder import EuropaGameHolder
from .surrender_box import SurrenderBox
from .tones import defection_words, due_words, show, stage_words, surrender_words


class NationPanel(QWidget):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(f"{nation} panel")
        self.holder = holder
        self.nation = nation
        self.title = LiveLabel()
        self.title.setAccessibleName("Nation and turn")
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title.setFont(font)
        self.chips = {key: StatusChip() for key in ("envelope", "surrender", "defection", "due")}
        for key, chip in self.chips.items():
            chip.setAccessibleName(f"{nation} {key} state" if key != "due" else f"{nation} this turn state")
        self.due = LiveLabel()
        self.due.setWordWrap(True)
        self.due.setAccessibleName("Due this turn")
        self.header = QFrame()
        self.header.setFrameShape(QFrame.Shape.StyledPanel)
        header = QVBoxLayout(self.header)
        header.addWidget(self.title)
        self.states = QGridLayout()
        self.cells: list[QWidget] = []
        for key, words in (("envelope", "Envelope"), ("surrender", "Surrender"), ("defection", "Defection"),
                           ("due", "This turn")):
            cell = QWidget()
            column = QVBoxLayout(cell)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(QLabel(words))
            column.addWidget(self.chips[key])
            self.cells.append(cell)
        self._per_row = 0
        self._arrange(len(self.cells))
        header.addLayout(self.states)
        header.addWidget(self.due)
        self.restrictions = LiveLabel()
        self.restrictions.setWordWrap(True)
        self.restrictions.setAccessibleName("Restrictions")
        self.limits = QGroupBox("Where its forces may operate (56, 56.C)")
        QVBoxLayout(self.limits).addWidget(self.restrictions)
        self.private = PrivateScreen()
        self.private.watch(lambda: holder.game)   # a moment begun on one game is finished on it (56.E.1)
        self.envelope = EnvelopeBox(holder, nation, self.private)
        self.count_form = RECountForm(holder, nation, self.private)
        self.surrender = SurrenderBox(holder, nation)
        self.defection = DefectionBox(holder, nation)
        self.aid = NationAidBox(holder, nation)
        self.public = QWidget()
        public_layout = QVBoxLayout(self.public)
        for box in (self.envelope, self.surrender, self.defection, self.count_form, self.aid, self.limits):
            public_layout.addWidget(box)
        public_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        no_tab_stop(scroll)   # no Tab stop of its own: Tab goes to what is in it (issue 29)
        scroll.setWidget(self.public)
        layout = QVBoxLayout(self)
        layout.addWidget(self.header)
        layout.addWidget(self.private)
        layout.addWidget(scroll, 1)
        self.private.currentChanged.connect(self._cover_public)
        holder.changed.connect(self.refresh)
        self.refresh()
        self._cover_public()

    def refresh(self) -> None:
        game = self.holder.game
        nation = game.nation(self.nation)
        self.title.setText(f"{self.nation} \u2014 {game.turn}")
        show(self.chips["envelope"], *stage_words(nation, game.turn))
        show(self.chips["surrender"], *surrender_words(nation))
        show(self.chips["defection"], *defection_words(nation))
        dues = due_this_turn(game, self.nation)
        show(self.chips["due"], *due_words(dues))
        self.due.setText("; ".join(f"{'done: ' if due.done else ''}{due.text} ({due.rule})" for due in dues))
        self.due.setVisible(bool(dues))
        limits = actions.restrictions_for(game, self.nation)
        self.restrictions.setText("\n".join(f"{limit.text} ({limit.rule})" for limit in limits))
        self.limits.setVisible(bool(limits))

    def _arrange(self, per_row: int) -> None:
        """The state chips in rows of ``per_row`` (four on a wide window, two on a narrow or zoomed one)."""
        if per_row == self._per_row:
            return
        self._per_row = per_row
        for cell in self.cells:
            self.states.removeWidget(cell)
        for index, cell in enumerate(self.cells):
            self.states.addWidget(cell, *divmod(index, per_row))
        for column in range(len(self.cells) + 1):
            self.states.setColumnStretch(column, 1 if column == per_row else 0)

    def resizeEvent(self, event: QResizeEvent) -> None:
        needed = sum(cell.sizeHint().width() for cell in self.cells) + self.states.spacing() * len(self.cells) + 40
        self._arrange(len(self.cells) if event.size().width() >= needed else 2)
        super().resizeEvent(event)

    def minimumSizeHint(self) -> QSize:
        """As narrow as two chips a row allow (the page below scrolls)."""
        hint = super().minimumSizeHint()
        two = max(self.cells[i].sizeHint().width() + self.cells[i + 1].sizeHint().width() for i in (0, 2)) + 60
        return QSize(min(hint.width(), two), hint.height())

    def _cover_public(self) -> None:
        """While a passphrase or a private view is on screen, nothing else can be clicked."""
        self.public.setEnabled(not self.private.busy)
        self.private.setVisible(self.private.busy)
