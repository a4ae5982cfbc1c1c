"""What a nation has received as German aid (56.D), on its own tab: the RPs received and on the way, each shipment with
its turn and route; shipments are made on the German aid tab."""

from __future__ import annotations

from PySide6.QtWidgets import QGroupBox, QVBoxLayout, QWidget

from ...core.europa import actions_aid, political
from ...core.europa.words import counted
from ..shell.accessible import LiveLabel
from .holder import EuropaGameHolder


class NationAidBox(QGroupBox):
    def __init__(self, holder: EuropaGameHolder, nation: str, parent: QWidget | None = None) -> None:
        super().__init__("German aid received (56.D)", parent)
        self.holder, self.nation = holder, nation
        self.summary = LiveLabel()
        self.summary.setAccessibleName("German aid received")
        self.summary.setWordWrap(True)
        self.shipments = LiveLabel()
        self.shipments.setAccessibleName("German aid shipments")
        self.shipments.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.shipments)
        holder.changed.connect(self.refresh)
        self.refresh()

    def refresh(self) -> None:
        aid = self.holder.game.nation(self.nation).aid
        self.summary.setText(f"{counted(political.aid_received(aid), 'German armour RP')} received, "
                             f"{political.aid_in_transit(aid)} on the way. Shipments are made on the German aid tab."
                             if aid else "No German armour RPs received yet (ship them on the German aid tab).")
        self.shipments.setText("\n".join(actions_aid.aid_lines(self.holder.game, self.nation)))
        self.shipments.setVisible(bool(aid))
