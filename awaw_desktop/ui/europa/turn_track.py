"""The Turn track tab of a Europa game: the current turn and End turn, the start-of-turn conditions and checks
(``turn_start_checks``), what this turn brought, adding a nation, and the game record.  Every nation's state is on
the Overview tab."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QComboBox,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from ...core.europa import actions
from ...core.europa.state import SUGGESTED_NATIONS, EuropaGame, LogEntry
from ...core.lines import RulesInputError
from ..shell.accessible import LiveLabel, no_tab_stop
from ..shell.record_list import EntryList
from .holder import EuropaGameHolder
from .messages import sentence
from .turn_start_checks import TurnStartChecks

#: What the End turn button says it does.
END_TURN_TIP = "Move to the next game turn (half a month) and list what it brings (56)"
#: The current turn's type size, relative to the app's text.
TURN_FONT_SCALE = 1.6


def this_turns_lines(game: EuropaGame) -> list[LogEntry]:
    """The log's lines of the game's turn: the last lines, as every line is logged on the turn it is made (the
    turn never goes back but by undo, which takes the lines back too); read from the end, so a long game costs
    what its turn logged."""
    lines: list[LogEntry] = []
    for entry in reversed(game.log):
        if entry.turn != game.turn:
            break
        lines.append(entry)
    return lines[::-1]


def _named(widget: QWidget, name: str) -> QWidget:
    widget.setAccessibleName(name)
    return widget


class TurnTrack(QWidget):
    #: A row of the start-of-turn checks asks for its nation's tab.
    openNation = Signal(str)

    def __init__(self, holder: EuropaGameHolder, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.holder = holder
        self.turn = _named(LiveLabel(), "Current turn")
        self._fit_turn_font()
        self.end_turn_button = QPushButton("End turn")
        self.end_turn_button.setAccessibleName("End turn")
        self.end_turn_button.setToolTip(END_TURN_TIP)
        self.end_turn_button.clicked.connect(self.end_turn)
        self.events = QListWidget()
        self.events.setAccessibleName("This turn's events")
        self.events.setMaximumHeight(self.fontMetrics().lineSpacing() * 8)
        self.checks = TurnStartChecks(holder)
        self.checks.openNation.connect(self.openNation)
        self.nation_name = QComboBox()
        self.nation_name.setEditable(True)
        self.nation_name.addItems(SUGGESTED_NATIONS)
        self.nation_name.setAccessibleName("Nation to add")
        self.nation_name.lineEdit().setPlaceholderText("a nation: choose one or type its name")
        self.nation_name.setCurrentIndex(-1)
        add = QPushButton("Add nation")
        add.setAccessibleName("Add nation")
        add.clicked.connect(self.add_nation)
        self.message = _named(LiveLabel(), "Turn track message")
        self.message.setWordWrap(True)
        # Only the rows on screen are built; a change adds its lines, never rebuilds the list (ui.shell.record_list).
        self.record = EntryList("Game record", str)
        self.record.view.setMinimumHeight(self.fontMetrics().lineSpacing() * 8)
        top = QHBoxLayout()
        top.addWidget(self.turn, 1)
        top.addWidget(self.end_turn_button)
        adding = QHBoxLayout()
        adding.addWidget(QLabel("Axis-Allied nation:"))
        adding.addWidget(self.nation_name, 1)
        adding.addWidget(add)
        # The page scrolls rather than asking for a minimum size: the window fits small and zoomed screens.
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        no_tab_stop(scroll)   # no Tab stop of its own: Tab goes to what is in it (issue 29)
        page = QVBoxLayout(self)
        page.setContentsMargins(0, 0, 0, 0)
        page.addWidget(scroll)
        body = QWidget()
        scroll.setWidget(body)
        layout = QVBoxLayout(body)
        layout.addLayout(top)
        layout.addWidget(self.checks)
        layout.addWidget(self._group("This turn's events (56)", self.events))
        layout.addLayout(adding)
        layout.addWidget(self.message)
        layout.addWidget(self._group("Game record", self.record), 1)
        holder.changed.connect(self.refresh)
        self.refresh()

    def _fit_turn_font(self) -> None:
        """The current turn in large bold type, larger still when View > Zoom enlarges every text."""
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * TURN_FONT_SCALE)
        font.setBold(True)
        self.turn.setFont(font)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self._fit_turn_font()

    @staticmethod
    def _group(title: str, widget: QWidget) -> QGroupBox:
        box = QGroupBox(title)
        QVBoxLayout(box).addWidget(widget)
        return box

    def refresh(self) -> None:
        game = self.holder.game
        self.turn.setText(game.turn.title)
        self.events.clear()
        self.events.addItems([str(entry) for entry in this_turns_lines(game)])
        self.record.show_entries(game.log)
        # Offer the nations not in the game yet (typed names still work).
        present = {nation.name for nation in game.nations}
        typed = self.nation_name.currentText()
        self.nation_name.blockSignals(True)
        self.nation_name.clear()
        self.nation_name.addItems([name for name in SUGGESTED_NATIONS if name not in present])
        self.nation_name.setCurrentIndex(-1)   # nothing chosen for the players
        self.nation_name.setEditText(typed if typed and typed not in present else "")
        self.nation_name.blockSignals(False)

    def end_turn(self) -> None:
        turn = self.holder.game.turn
        try:
            self.holder.apply(f"End of {turn}", lambda game: actions.end_turn(game)[0])
        except RulesInputError as error:   # said where the player looks, never only on a line of this tab
            text = f"No next turn: {sentence(str(error))}"
            self.message.setText(text)
            QMessageBox.warning(self, "The turn is not ended", f"{text}\n\nThe game is still on {turn}.")
            return
        self.message.setText(f"{turn} ended; now {self.holder.game.turn}.")

    def add_nation(self) -> None:
        name = self.nation_name.currentText()
        if not name.strip():
            self.message.setText("Choose a nation to add, or type its name.")
            return
        try:
            self.holder.apply(f"Add {name.strip()}", lambda game: actions.add_nation(game, name))
        except RulesInputError as error:
            self.message.setText(f"Not added: {error}")
            return
        self.message.setText(f"{self.holder.game.nations[-1].name} added: its tab is next to this one.")
