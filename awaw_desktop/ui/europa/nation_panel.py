"""One Axis-Allied nation of a Europa game: a header with its state in colour and words and what is due this turn,
then its envelope, RE count, surrender, defection and German aid, with a private screen for the moments only one
player may see."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QFrame, QGridLayout, QLabel, QScrollArea, QVBoxLayout, QWidget

from ...core.europa import actions
from ...core.europa.turn_start import due_this_turn
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
        self.title = QLabel()
        self.title.setAccessibleName("Nation and turn")
        font = QFont(self.title.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.title.setFont(font)
        self.chips = {key: StatusChip() for key in ("envelope", "surrender", "defection", "due")}
        for key, chip in self.chips.items():
            chip.setAccessibleName(f"{nation} {key} state" if key != "due" else f"{nation} this turn state")
        self.due = QLabel()
        self.due.setWordWrap(True)
        self.due.setAccessibleName("Due this turn")
        header = QFrame()
        header.setFrameShape(QFrame.Shape.StyledPanel)
        grid = QGridLayout(header)
        grid.addWidget(self.title, 0, 0, 1, 5)
        for column, (key, words) in enumerate((("envelope", "Envelope"), ("surrender", "Surrender"),
                                               ("defection", "Defection"), ("due", "This turn"))):
            grid.addWidget(QLabel(words), 1, column)
            grid.addWidget(self.chips[key], 2, column)
        grid.setColumnStretch(4, 1)
        grid.addWidget(self.due, 3, 0, 1, 5)
        self.restrictions = QLabel()
        self.restrictions.setWordWrap(True)
        self.restrictions.setAccessibleName("Restrictions")
        self.private = PrivateScreen()
        self.envelope = EnvelopeBox(holder, nation, self.private)
        self.count_form = RECountForm(holder, nation, self.private)
        self.surrender = SurrenderBox(holder, nation)
        self.defection = DefectionBox(holder, nation)
        self.aid = NationAidBox(holder, nation)
        self.public = QWidget()
        public_layout = QVBoxLayout(self.public)
        for box in (self.envelope, self.surrender, self.defection, self.count_form, self.aid):
            public_layout.addWidget(box)
        public_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.public)
        layout = QVBoxLayout(self)
        layout.addWidget(header)
        layout.addWidget(self.restrictions)
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
        self.restrictions.setVisible(bool(limits))

    def _cover_public(self) -> None:
        """While a passphrase or a private view is on screen, nothing else can be clicked."""
        self.public.setEnabled(not self.private.busy)
        self.private.setVisible(self.private.busy)
