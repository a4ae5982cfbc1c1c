"""The game record in the window, for every rules family: the head code in the status bar, "since your last turn"
with a step-through, and the question asked when a copy is older than, or parts from, one this computer has seen.

A family gives the entries (``core.record.chain.Entry``) and, for the step-through, what stood after each entry
(``standing``: one row of (name, value) per entry); nothing here knows a family's rules."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QMessageBox,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ...core.record.chain import Entry, GameRecord
from ...core.record.seen import Comparison
from ...core.record.words import comparison_words
from .plain_text import plain, plain_label
from .screen import resize_within_screen

#: (name, value as written) of what stood after one entry: ("Germany", "+3").
Standing = Sequence[tuple[str, str]]
#: The longest run of letters shown without a place to wrap (issue 40: one long word opened the dialog 2,411 px wide).
LONGEST_RUN = 32
_LONG_RUN = re.compile(rf"\S{{{LONGEST_RUN + 1},}}")


def breakable(text: str) -> str:
    """``text`` with a zero-width space every ``LONGEST_RUN`` characters of a long word (a hash, a path, words run
    together): a word-wrapped label wraps there instead of growing as wide as the word."""
    return _LONG_RUN.sub(lambda run: "\u200b".join(run[0][i:i + LONGEST_RUN]
                                                    for i in range(0, len(run[0]), LONGEST_RUN)), text)


def entry_words(entry: Entry, trouble: str = "") -> str:
    """An entry in one line, with the side that signed it in play by e-mail ("... (signed by the Allied player)"), or
    what is wrong with its signature (``trouble``: "not signed", from ``signature_troubles``)."""
    if trouble:
        return f"{entry.line()} ({trouble})"
    if not (entry.author and entry.signature):
        return entry.line()
    return f"{entry.line()} (signed by the {entry.author.title()} player)"


def signature_troubles(record: GameRecord) -> dict[str, str]:
    """Entry hash -> what is wrong with its signature, for every entry after the first player's keys of the record
    that is not signed by a side whose keys it holds ("not signed"), or whose signature is not that side's (each
    entry on its own, as ``GameRecord.signature_problem`` walks the record to the first).  Nothing for a game whose
    players recorded no keys (played at one table: ``cryptography`` is not loaded)."""
    if not any(entry.kind == "key" for entry in record.entries):
        return {}
    from ...core.lines import RulesInputError
    from ...core.record.keys import PublicKeys, entry_message

    keys: dict[str, PublicKeys] = {}
    troubles: dict[str, str] = {}
    for entry in record.entries:
        signing = keys.get(entry.author)
        if entry.kind == "key" and entry.author:
            try:
                recorded = PublicKeys.from_json(entry.data.get("keys"), "keys")
            except RulesInputError:
                troubles[entry.hash] = "the keys it records are damaged"
                continue
            signing = signing or recorded
            keys[entry.author] = recorded
        if not keys:
            continue
        if not entry.author or not entry.signature:
            troubles[entry.hash] = "not signed"
        elif signing is None:
            troubles[entry.hash] = f"signed for the {entry.author.title()} side, whose keys this game does not hold"
        elif not signing.verify(entry_message(entry.hash), entry.signature):
            troubles[entry.hash] = f"its signature is not the {entry.author.title()} player's"
    return troubles


def who_changed(entries: Sequence[Entry]) -> str:
    """Who made the entries since this computer's last turn, in the players' words ("" at one table)."""
    sides = sorted({entry.author for entry in entries if entry.author})
    unsigned = any(not entry.author for entry in entries if entry.kind not in ("begun", "migrated"))
    if not sides:
        return "" if entries else "no entry of the record: the file was changed outside the app"
    words = " and ".join(side.title() for side in sides)
    by = f"the {words} player{'s' if len(sides) > 1 else ''}"
    return f"{by}, and entries signed by no player" if unsigned else by


class SinceDialog(QDialog):
    """What was recorded since a head this computer saved or sent: one screen, entry by entry, with what stood after
    each (First, Previous, Next, Last)."""

    def __init__(self, entries: Sequence[Entry], standing: Sequence[Standing], since: str,
                 parent: QWidget | None = None, troubles: dict[str, str] | None = None,
                 changes: Sequence[tuple[str, str, str]] = (), who: str = "", again: bool = False) -> None:
        super().__init__(parent)
        self.setWindowTitle("Since your last turn" + (": nothing new" if again else ""))
        self.entries, self.standing = list(entries), list(standing)
        self.troubles = troubles or {}
        layout = QVBoxLayout(self)
        count = len(self.entries)
        from ...core.record.codes import head_code

        told = (f"Nothing is new: this computer has opened this same turn before (record {head_code(entries[-1].hash)}"
                "), perhaps from another copy of the file. Nothing was recorded since then. As before, "
                if again and entries else "")
        intro = QLabel(f"{told}{count} entr{'y' if count == 1 else 'ies'} recorded since {since}. Step through them to "
                       "see what stood after each." if count else
                       f"Nothing was recorded since {since}, yet the game is not as this computer left it.")
        plain(intro).setWordWrap(True)
        # A screen reader speaks a label's accessible name instead of its text (Orca 43: "Since your last turn"):
        # the name is the whole text, the record code players compare included (issue 40).
        intro.setAccessibleName(intro.text())
        intro.setText(breakable(intro.text()))
        layout.addWidget(intro)
        self.changes = QListWidget(self)   # every input and fact that changed, not only what the entries say (35.5)
        self.changes.setAccessibleName("Inputs and facts changed since your last turn")
        self.changes.setWordWrap(True)
        for name, then, now in changes:
            self.changes.addItem(f"{name}: {then or '(none)'} \u2192 {now or '(none)'}")
        if changes:
            count_changed = len(changes)
            caption = plain_label(f"{count_changed} input{'s' if count_changed != 1 else ''} and facts changed since "
                                  f"{since}" + (f", by {who}:" if who else ":"))
            caption.setWordWrap(True)
            caption.setText(breakable(caption.text()))
            caption.setBuddy(self.changes)
            layout.addWidget(caption)
            layout.addWidget(self.changes, 1)
        else:
            self.changes.hide()
        row = QHBoxLayout()
        self.list = QListWidget()
        self.list.setAccessibleName("Entries since your last turn")
        self.list.setWordWrap(True)
        for entry in self.entries:
            self.list.addItem(entry_words(entry, self.troubles.get(entry.hash, "")))
        row.addWidget(self.list, 3)
        self.table = QTableWidget(0, 2)
        self.table.setAccessibleName("What stood after the chosen entry")
        self.table.setHorizontalHeaderLabels(["", "After this entry"])
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        row.addWidget(self.table, 2)
        layout.addLayout(row, 1)
        self.where = plain_label()
        self.where.setWordWrap(True)
        layout.addWidget(self.where)
        steps = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, move in (("First", lambda: 0), ("Previous", lambda: self.list.currentRow() - 1),
                           ("Next", lambda: self.list.currentRow() + 1), ("Last", lambda: len(self.entries) - 1)):
            button = QPushButton(name)
            button.setAccessibleName(f"{name} entry")
            button.setAutoDefault(False)
            button.clicked.connect(lambda _checked=False, move=move: self.show_entry(move()))
            steps.addWidget(button)
            self.buttons[name] = button
        steps.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        close.button(QDialogButtonBox.StandardButton.Close).setDefault(True)
        steps.addWidget(close)
        layout.addLayout(steps)
        self.list.currentRowChanged.connect(self._row_changed)
        self.show_entry(0)
        resize_within_screen(self, 900, 560)

    def show_entry(self, index: int) -> None:
        if not self.entries:
            self.where.setText("Nothing was recorded.")
            return
        index = max(0, min(index, len(self.entries) - 1))
        self.list.setCurrentRow(index)
        self._row_changed(index)

    def _row_changed(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        shown = self.standing[index] if index < len(self.standing) else ()
        self.table.setRowCount(len(shown))
        for row, (name, value) in enumerate(shown):
            self.table.setItem(row, 0, QTableWidgetItem(name))
            self.table.setItem(row, 1, QTableWidgetItem(value))
        shown_words = f"Entry {index + 1} of {len(self.entries)}: " + entry_words(
            self.entries[index], self.troubles.get(self.entries[index].hash, ""))
        self.where.setText(breakable(shown_words))
        self.where.setAccessibleName(shown_words)   # spoken as shown, not as "Entry shown" (issue 40)
        self.buttons["First"].setEnabled(index > 0)
        self.buttons["Previous"].setEnabled(index > 0)
        self.buttons["Next"].setEnabled(index < len(self.entries) - 1)
        self.buttons["Last"].setEnabled(index < len(self.entries) - 1)


def ask_to_go_on(parent: QWidget, comparison: Comparison, record: GameRecord, file_name: str) -> bool:
    """An older, forked or set-aside copy: the players may go on from it only by saying so (True)."""
    box = plain(QMessageBox(parent))
    box.setIcon(QMessageBox.Icon.Warning)
    going_on = "Go on from this copy"
    if comparison.verdict in ("new-game", "keys-shared"):   # known by its table or its players' keys (35.3)
        box.setWindowTitle("Not the game you know" if comparison.verdict == "new-game" else "Keys of the other side")
        box.setText(f"{file_name}: {comparison.words}")
        box.setInformativeText("Open it only if you and the other player agreed to it. Opening it is recorded, and "
                               "the other player will see that you did.")
        going_on = "Open it as a new game" if comparison.verdict == "new-game" else "Open it anyway"
    elif comparison.verdict == "earlier-version":   # its record was begun afresh: nothing of the game so far in it
        box.setWindowTitle("A file that claims an earlier version")
        box.setText(f"{file_name} claims to be from an earlier version of the app: it holds no record of the game "
                    "so far, although this computer has seen this game, or plays by e-mail.")
    else:
        box.setWindowTitle("An older copy of this game")
        words = {"older": "an older copy", "fork": "a copy that parts from the game", "set-aside": "a copy set aside"}
        box.setText(f"{file_name} is {words.get(comparison.verdict, 'another copy')} this computer has seen.")
    if going_on == "Go on from this copy":
        box.setInformativeText(comparison_words(comparison, record) + "\n\nGoing on from it is recorded, and the "
                               "other player will see that you did.")
    go_on = box.addButton(going_on, QMessageBox.ButtonRole.AcceptRole)
    cancel = box.addButton("Don't open it", QMessageBox.ButtonRole.RejectRole)
    box.setDefaultButton(cancel)
    box.setEscapeButton(cancel)
    box.exec()
    return box.clickedButton() is go_on


def show_since(parent: QWidget, record: GameRecord, head: str, standing: Callable[[Sequence[Entry]], list[Standing]],
               changes: Sequence[tuple[str, str, str]] = (), again: bool = False) -> SinceDialog | None:
    """Show what was recorded after ``head`` (a head this computer saved or sent), and every input and fact that
    changed since (``changes``: name, then, now), if anything was or did (``again``: this very record was shown here
    before, so nothing in it is new)."""
    entries = record.since(head) or ()
    if not entries and not changes:
        return None
    from ...core.record.codes import head_code

    dialog = SinceDialog(entries, standing(entries), f"record {head_code(head)}, your last turn", parent,
                         signature_troubles(record), changes, who_changed(entries), again)
    dialog.open()
    return dialog
