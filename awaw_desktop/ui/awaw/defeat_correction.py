"""The explicit correction of a declared Allied defeat (62.91): an end of turn declared it, and it stays declared
whatever is entered afterwards; the players may withdraw it on the Overview, with their reason, as one recorded step
of the game (issue 37)."""

from __future__ import annotations

from PySide6.QtWidgets import QInputDialog, QLineEdit, QPushButton, QWidget

from ...core.awaw import election
from ...core.lines import RulesInputError
from .store import SessionStore

BUTTON = "Withdraw the declared Allied defeat (a correction)\u2026"


def correction_button(store: SessionStore, parent: QWidget | None = None) -> QPushButton:
    button = QPushButton(BUTTON, parent)
    button.setAccessibleName(BUTTON.removesuffix("\u2026"))
    button.setToolTip("Only if the end of turn declared it on a value that was wrong: the correction and its reason "
                      "are kept in the record of the game (62.91).")
    button.clicked.connect(lambda: withdraw(store, button.window()))
    button.hide()
    return button


def declared(store: SessionStore) -> str:
    """The turn whose end declared the Allied defeat, in words ("" if none was declared)."""
    turn = election.declared_defeat_turn(store.session.carry.get(election.KEY, {}))
    return "" if turn is None else turn.title


def withdraw(store: SessionStore, parent: QWidget | None) -> bool:
    """Ask why, then withdraw the declared defeat as one undo step; False if the players did not go on."""
    turn = declared(store)
    if not turn:
        return False
    why, ok = QInputDialog.getText(
        parent, "Withdraw the declared Allied defeat",
        f"The end of {turn} declared the Allied defeat (62.91): the game is over. Withdraw it only to correct a "
        "value that was wrong; the record of the game keeps the correction and this reason.\n\nWhy is it withdrawn?",
        QLineEdit.EchoMode.Normal, "")
    if not ok or not why.strip():
        return False
    try:
        store.change_session("Withdraw the declared Allied defeat",
                             lambda session: election.withdraw_allied_defeat(session, why))
    except RulesInputError:
        return False
    return True
