"""The German aid tab (56.D): the German armour RP pool as it accumulates, shipments to Axis-Allied nations in a
German movement phase (to Italy and the Eastern European nations by rail, at once; to Finland by sea or by rail,
arriving when the players say so), each shipment's turn and route, what each nation has received.  A shipment made
by mistake is taken back on its own turn; Edit > Undo takes back any step."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QScrollArea,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions_aid, german_aid, political
from ...core.europa.state import EuropaGame
from ...core.europa.words import counted
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel, no_tab_stop
from ..shell.follow import RefreshWhenSeen
from .fields import MessageLine, OptionalBox
from .holder import EuropaGameHolder

ROUTE_WORDS = {political.RAIL_AUTOMATIC: "By rail (at once)", political.FINLAND_SEA: "By sea to Helsinki",
               political.FINLAND_RAIL: "By strategic rail to Helsinki"}
SHIPMENT_COLUMNS = ("Turn", "Nation", "RPs", "Route", "State", "")


def _button(text: str, slot: Callable[[], None], name: str = "") -> QPushButton:
    button = QPushButton(text)
    button.setAccessibleName(name or text)
    button.clicked.connect(lambda _checked=False: slot())
    return button


class GermanAidTab(QWidget):
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
        scroll.setWidget(body)
        outer = QVBoxLayout(body)
        intro = QLabel("German armour RPs Germany gives to Axis-Allied nations (56.D). " + german_aid.PHASE_NOTE)
        intro.setWordWrap(True)
        outer.addWidget(intro)
        self.message = MessageLine("German aid message")
        side_by_side = QHBoxLayout()
        side_by_side.addWidget(self._pool_group(), 1)
        side_by_side.addWidget(self._ship_group(), 1)
        outer.addLayout(side_by_side)
        outer.addWidget(self.message)
        shipped = QGroupBox("Shipments, turn by turn")
        self.shipments = QTableWidget(0, len(SHIPMENT_COLUMNS))
        self.shipments.setAccessibleName("Shipments")
        self.shipments.setHorizontalHeaderLabels(list(SHIPMENT_COLUMNS))
        self.shipments.verticalHeader().hide()
        header = self.shipments.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.received = LiveLabel()
        self.received.setAccessibleName("Received by each nation")
        self.received.setWordWrap(True)
        shipped_layout = QVBoxLayout(shipped)
        shipped_layout.addWidget(self.shipments)
        shipped_layout.addWidget(self.received)
        outer.addWidget(shipped, 1)
        self._rows: list[tuple[str, int]] = []
        self._shown: list[object] = []
        self._buttons: list[QPushButton] = []
        self.follower = RefreshWhenSeen(self, self.refresh)
        holder.changed.connect(self.follower.changed)
        self.refresh()

    def _pool_group(self) -> QGroupBox:
        group = QGroupBox("German armour RP pool")
        self.balance = LiveLabel()
        self.balance.setAccessibleName("German armour RP pool")
        font = QFont(self.balance.font())
        font.setPointSizeF(font.pointSizeF() * 1.5)
        font.setBold(True)
        self.balance.setFont(font)
        self.accumulated = OptionalBox("German armour RPs accumulated", 1, german_aid.MAX_RPS, "\u2014")
        self.used = OptionalBox("German armour RPs used by Germany", 1, german_aid.MAX_RPS, "\u2014")
        for box in (self.accumulated, self.used):
            self.message.watch(box)
            box.setMinimumWidth(self.fontMetrics().horizontalAdvance("m") * 7)
        form = QGridLayout()
        for line, (words, box, button) in enumerate((
                ("Accumulated by Germany this turn", self.accumulated,
                 _button("Add to the pool", lambda: self._pool(german_aid.RECEIVED))),
                ("Used by Germany itself", self.used,
                 _button("Take from the pool", lambda: self._pool(german_aid.USED))))):
            form.addWidget(QLabel(words), line, 0)
            form.addWidget(box, line, 1)
            form.addWidget(button, line, 2)
        form.setColumnStretch(3, 1)
        self.pool_entries = QListWidget()
        self.pool_entries.setAccessibleName("Pool entries")
        self.pool_entries.setMaximumHeight(self.fontMetrics().lineSpacing() * 6)
        layout = QVBoxLayout(group)
        layout.addWidget(self.balance)
        layout.addLayout(form)
        layout.addWidget(self.pool_entries)
        return group

    def _ship_group(self) -> QGroupBox:
        group = QGroupBox("Ship armour RPs in this German movement phase")
        self.ship_to = QComboBox()
        self.ship_to.setAccessibleName("Ship to")
        self.ship_to.setPlaceholderText("Nation\u2026")
        self.ship_to.currentIndexChanged.connect(lambda _index: self._fill_routes())
        self.ship_rps = OptionalBox("RPs to ship", 1, german_aid.MAX_RPS, "\u2014")
        self.message.watch(self.ship_rps)
        self.route = QComboBox()
        self.route.setAccessibleName("Route")
        self.route.setPlaceholderText("Route\u2026")
        self.route_note = LiveLabel()
        self.route_note.setWordWrap(True)
        self.route_note.setAccessibleName("Route note")
        form = QFormLayout(group)
        form.addRow("Ship to", self.ship_to)
        form.addRow("RPs", self.ship_rps)
        form.addRow("Route", self.route)
        form.addRow(self.route_note)
        form.addRow(_button("Ship now", self._ship, "Ship the RPs"))
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        self.route.currentIndexChanged.connect(lambda _index: self._say_route())
        return group

    # -- showing -------------------------------------------------------------------------------
    def refresh(self) -> None:
        game = self.holder.game
        self.balance.setText(f"{counted(actions_aid.pool_balance(game), 'RP')} in the pool")
        self.pool_entries.clear()
        self.pool_entries.addItems([str(entry) for entry in game.german_pool] or ["Nothing recorded yet."])
        names = [nation.name for nation in game.nations if nation.active]
        present = [self.ship_to.itemText(i) for i in range(self.ship_to.count())]
        if names != present:
            kept = self.ship_to.currentText()
            self.ship_to.blockSignals(True)
            self.ship_to.clear()
            self.ship_to.addItems(names)
            self.ship_to.setCurrentIndex(self.ship_to.findText(kept))
            self.ship_to.blockSignals(False)
            self._fill_routes()
        self._show_shipments(game)
        self._show_received(game)

    def _show_received(self, game: EuropaGame) -> None:
        lines = []
        for nation in game.nations:
            if nation.aid:
                lines.append(f"{nation.name}: {counted(political.aid_received(nation.aid), 'RP')} received, "
                             f"{political.aid_in_transit(nation.aid)} on the way")
        self.received.setText("\n".join(lines) or "No German aid shipped yet.")

    def _show_shipments(self, game: EuropaGame) -> None:
        rows = [(nation.name, index, shipment) for nation in game.nations for index, shipment in enumerate(nation.aid)]
        rows.sort(key=lambda row: row[2].turn)
        shown = [(name, shipment, shipment.turn == game.turn) for name, _index, shipment in rows]
        if shown == self._shown:
            return
        self._shown = shown
        for button in self._buttons:   # the table deletes them later: until then they are nobody's buttons
            button.hide()
            button.setAccessibleName("")
        self._buttons = []
        self.shipments.setRowCount(0)
        self.shipments.setRowCount(len(rows))
        self._rows = [(name, index) for name, index, _shipment in rows]
        for row, (name, index, shipment) in enumerate(rows):
            state = "received" if shipment.arrived else "on the way to Helsinki"
            texts = (shipment.turn.title, name, str(shipment.rps), political.ROUTES[shipment.route], state)
            for column, text in enumerate(texts):
                self.shipments.setItem(row, column, QTableWidgetItem(text))
            if not shipment.arrived:
                button = _button("Arrived in Helsinki", partial(self._arrived, name, index),
                                 f"{name} shipment of {shipment.turn} arrived")
            elif shipment.turn == game.turn:
                button = _button("Take back", partial(self._take_back, name, index),
                                 f"Take back the {name} shipment of {shipment.turn}")
            else:
                continue
            self.shipments.setCellWidget(row, len(SHIPMENT_COLUMNS) - 1, button)
            self._buttons.append(button)
        self.shipments.resizeRowsToContents()

    def _fill_routes(self) -> None:
        name = self.ship_to.currentText()
        routes = political.aid_routes(name) if name else ()
        self.route.clear()
        for route in routes:
            self.route.addItem(ROUTE_WORDS[route], route)
        self.route.setCurrentIndex(0 if len(routes) == 1 else -1)   # a choice only where 56.D gives one
        self._say_route()

    def _say_route(self) -> None:
        route = self.route.currentData()
        name = self.ship_to.currentText()
        if route:
            self.route_note.setText(political.ROUTES[route])
        elif name:
            self.route_note.setText(f"To {name}: by sea (a German transport from Greater Germany to Helsinki) or by "
                                    "strategic rail from the west edge of Greater Germany (56.D). Choose one.")
        else:
            self.route_note.setText("Italy and the Eastern European nations by rail, at once; Finland by sea or "
                                    "rail (56.D).")

    # -- changes -------------------------------------------------------------------------------
    def _apply(self, label: str, change: Callable[[EuropaGame], EuropaGame]) -> bool:
        try:
            self.holder.apply(label, change)
        except RulesInputError as error:
            self.message.say(str(error))
            return False
        self.message.say(f"Recorded: {self.holder.game.log[-1].text}.")
        return True

    def _pool(self, kind: str) -> None:
        box = self.accumulated if kind == german_aid.RECEIVED else self.used
        rps = box.entered()
        if rps is None:
            self.message.say("Type how many German armour RPs first.")
            return
        if self._apply(f"German armour RPs {german_aid.KINDS[kind]}",
                       lambda g: actions_aid.record_german_rps(g, rps, kind)):
            box.clear_entry()

    def _ship(self) -> None:
        name, rps, route = self.ship_to.currentText(), self.ship_rps.entered(), self.route.currentData()
        missing = [what for what, empty in (("the nation", not name), ("how many RPs", rps is None),
                                            ("the route", route is None)) if empty]
        if missing:
            self.message.say(f"Choose {', '.join(missing)} first.")
            return
        assert rps is not None
        if self._apply(f"Ship {counted(rps, 'German armour RP')} to {name}",
                       lambda g: actions_aid.ship_german_aid(g, name, rps, str(route))):
            self.ship_rps.clear_entry()
            self.ship_to.setCurrentIndex(-1)

    def _arrived(self, name: str, index: int) -> None:
        self._apply(f"German aid arrived in {name}", lambda g: actions_aid.aid_arrived(g, name, index))

    def _take_back(self, name: str, index: int) -> None:
        self._apply(f"Take back a shipment to {name}", lambda g: actions_aid.take_back_shipment(g, name, index))
