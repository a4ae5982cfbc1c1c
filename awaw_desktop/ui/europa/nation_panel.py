"""One Axis-Allied nation of a Europa game: its envelope and its RE count, with a private screen
for the moments only one player may see."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from ...core.europa import actions
from .count_form import RECountForm
from .cover import PrivateScreen
from .defection_box import DefectionBox
from .envelope_box import EnvelopeBox
from .holder import EuropaGameHolder
from .surrender_box import SurrenderBox


class NationPanel(QWidget):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(f"{nation} panel")
        self.holder = holder
        self.title = QLabel()
        self.title.setAccessibleName("Nation and turn")
        self.restrictions = QLabel()
        self.restrictions.setWordWrap(True)
        self.restrictions.setAccessibleName("Restrictions")
        self.private = PrivateScreen()
        self.envelope = EnvelopeBox(holder, nation, self.private)
        self.count_form = RECountForm(holder, nation, self.private)
        self.surrender = SurrenderBox(holder, nation)
        self.defection = DefectionBox(holder, nation)
        self.public = QWidget()
        public_layout = QVBoxLayout(self.public)
        public_layout.addWidget(self.envelope)
        public_layout.addWidget(self.count_form)
        public_layout.addWidget(self.surrender)
        public_layout.addWidget(self.defection)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.public)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.restrictions)
        layout.addWidget(self.private)
        layout.addWidget(scroll, 1)
        self.private.currentChanged.connect(self._cover_public)
        holder.changed.connect(self.refresh)
        self.nation = nation
        self.refresh()
        self._cover_public()

    def refresh(self) -> None:
        self.title.setText(f"{self.nation} \u2014 {self.holder.game.turn}")
        limits = actions.restrictions_for(self.holder.game, self.nation)
        self.restrictions.setText("\n".join(f"{limit.text} ({limit.rule})" for limit in limits))
        self.restrictions.setVisible(bool(limits))

    def _cover_public(self) -> None:
        """While a passphrase or a private view is on screen, nothing else can be clicked."""
        self.public.setEnabled(not self.private.busy)
        self.private.setVisible(self.private.busy)
