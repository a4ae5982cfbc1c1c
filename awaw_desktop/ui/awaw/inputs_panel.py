"""This turn's inputs: the Overview's start-of-turn check list of the values the tables need that nobody has entered
(``core.awaw.unentered``), each with Go there.  Made right after the window's first paint, below the Overview's
table; it follows the Overview's own refreshes."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from ...core.awaw import unentered
from ..shell.accessible import LiveLabel
from .store import SessionStore

TITLE = "This turn's inputs"
#: What the list says when every value the tables need is entered.
ALL_ENTERED = "Every value the tables need this turn has been entered."


class TurnInputs(QGroupBox):
    """Each value the tables need that nobody entered: what it counts as, what rests on it, and Go there."""

    #: A row's Go there: ``("line", power, line_id)``, as the end of turn's check list gives places.
    goTo = Signal(object)

    def __init__(self, store: SessionStore, parent: QWidget | None = None) -> None:
        super().__init__(TITLE, parent)
        self.store = store
        self.setObjectName("turnInputs")
        self.setAccessibleName(TITLE)
        self.body = QVBoxLayout(self)
        self.intro = LiveLabel()   # a screen reader hears how many, not just a caption
        self.intro.setWordWrap(True)
        self.intro.setAccessibleName(f"{TITLE}: summary")
        self.body.addWidget(self.intro)
        self.rows: list[tuple[unentered.Missing, QWidget]] = []
        self._shown: tuple[tuple[str, str, str], ...] | None = None
        self.refresh()

    def refresh(self) -> None:
        found = unentered.this_turns_inputs(self.store.session, self.store.results)
        shown = tuple((item.power, item.line_id, item.text) for item in found)
        if shown == self._shown:
            return
        self._shown = shown
        for _item, row in self.rows:
            row.hide()
            row.setParent(None)
            row.deleteLater()
        self.rows = []
        if not found:
            self.intro.setText(ALL_ENTERED)
            return
        self.intro.setText(f"{len(found)} value(s) the tables need have not been entered this game: each counts as "
                           "shown until you enter it (0 included, if 0 is right). The end of the turn asks you to "
                           "confirm any that a surrender, an effect or an Allied defeat rests on.")
        for item in found:
            row = QWidget()
            layout = QHBoxLayout(row)
            layout.setContentsMargins(0, 0, 0, 0)
            label = LiveLabel(f"\u25cb {item.text}")
            label.setWordWrap(True)
            label.setAccessibleName("Not entered")   # read with what it says: the line, its rule, what it counts as
            layout.addWidget(label, 1)
            button = QPushButton("Go there")
            button.setAccessibleName(f"Go there: {item.title}: {item.label}")
            button.clicked.connect(lambda _checked=False, place=("line", item.power, item.line_id):
                                   self.goTo.emit(place))
            layout.addWidget(button)
            self.body.addWidget(row)
            self.rows.append((item, row))

    def go_buttons(self) -> list[QPushButton]:
        return [button for _item, row in self.rows for button in row.findChildren(QPushButton)]

    def texts(self) -> list[str]:
        """The rows as shown (for a report of what the players still owe)."""
        return [item.text for item, _row in self.rows]
