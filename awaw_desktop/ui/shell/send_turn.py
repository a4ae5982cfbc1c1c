"""File > Send turn, for every rules family (issue 31): the game written to a file named for the game, the turn and the
side to move next, then the record code and the lines to paste in the e-mail, with a Copy button.

No mail server and no account: the player attaches the file to his own e-mail.  The file is written as every game file
is (``core.files.gamefile.write_file``: atomic, a replaced file kept as a dated backup), and this computer remembers
the record as sent from here, so the file that comes back shows what was recorded since (``record_open``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ...core.files.atomic_file import SessionFileError
from ...core.record.chain import GameRecord
from ...core.record.pbem import SIDES, SUFFIX, mail_text, turn_file_name
from .accessible import LiveLabel, announce
from .dialog_body import scrolling_body
from .plain_text import plain
from .record_code import signing_side, unsigned_hint
from .record_open import facts_of_bytes, remember_record
from .screen import resize_within_screen

CHOOSE_NEXT = "Choose who moves next\u2026"
FILE_FILTER = "Game files (*.awaw);;All files (*)"


def suggestion_words(record: GameRecord) -> str:
    """Who most likely moves next, in words (nothing is chosen for the player)."""
    side = signing_side(record)
    if side is None:
        return "Choose the side whose move it is once the other player opens this file."
    other = next(word for key, word in SIDES.items() if key != side)
    return f"This computer plays the {SIDES[side]} side: most likely the {other} player moves next."


def proposed_name(game_title: str, turn_title: str, side: str, record: GameRecord, folder: Path) -> str:
    """The turn file's name for this exchange: the first of a game turn is named for the game, the turn and the side
    to move next; a later exchange of the same turn to the same side (an envelope drawn by e-mail goes back and forth)
    gets its number, "-2", "-3" ..., counted from the turns sent in the record, and never the name of a file already
    in the folder, so no earlier turn file is offered for replacing."""
    from ...core.record.pbem import side_word

    base = turn_file_name(game_title, turn_title, side)
    stem = base.removesuffix(SUFFIX)
    said = f"The {side_word(side)} player moves next"   # the words of the "sent" entry (the windows' Send turn)
    number = 1 + sum(1 for entry in record.entries
                     if entry.kind == "sent" and entry.turn == turn_title and entry.summary == said)
    while True:
        name = base if number == 1 else f"{stem}-{number}{SUFFIX}"
        if not (folder / name).exists():
            return name
        number += 1


#: A turn file's bytes, or what makes them (and the record they hold) for the side to move next, the game itself left
#: as it is: the record is the game's only once the file is written (``Kept``).
TurnData = bytes | Callable[[str], tuple[GameRecord, bytes]]
#: What puts the record a written turn file holds into the game (its "moves next" entry, signed).
Kept = Callable[[GameRecord], None]


class SendTurnDialog(QDialog):
    """Who moves next, the file to write, then the code and the e-mail's words."""

    def __init__(self, game_title: str, turn_title: str, record: GameRecord, data: TurnData, folder: Path | None,
                 parent: QWidget | None = None, keep: Kept | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Send turn")
        self.setAccessibleName("Send turn")
        self.game_title, self.turn_title, self.record, self.data = game_title, turn_title, record, data
        self.keep = keep
        self.folder = folder or Path.home()
        self.written: Path | None = None
        outer = QVBoxLayout(self)
        layout = scrolling_body(outer)
        intro = QLabel("Write this game to a file to attach to your e-mail. The file is named for the game, this "
                       "turn and the side to move next; nothing is sent by the app.")
        intro.setWordWrap(True)
        layout.addWidget(intro)
        form = QFormLayout()
        self.next_side = QComboBox()
        self.next_side.setAccessibleName("Who moves next")
        self.next_side.addItem(CHOOSE_NEXT, "")
        for key, word in SIDES.items():
            self.next_side.addItem(f"The {word} player", key)
        form.addRow("&Who moves next:", self.next_side)
        layout.addLayout(form)
        self.suggestion = LiveLabel(suggestion_words(record), caption="Suggestion")
        self.suggestion.setWordWrap(True)
        layout.addWidget(self.suggestion)
        self.save_button = QPushButton("&Save the turn file\u2026")
        self.save_button.setAccessibleName("Save the turn file")
        self.save_button.clicked.connect(self.save)
        self.next_side.currentIndexChanged.connect(self._refresh)
        layout.addWidget(self.save_button)
        self.message = plain(LiveLabel(caption="Message"))   # it names the file, the game's title in it
        self.message.setWordWrap(True)
        layout.addWidget(self.message)
        self.code = LiveLabel(caption="Record code")
        font = self.code.font()
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.code.setFont(font)   # what the player quotes, and the other reads in his status bar
        self.code.hide()
        layout.addWidget(self.code)
        self.mail = QPlainTextEdit()
        self.mail.setReadOnly(True)
        self.mail.setAccessibleName("Text for your e-mail")
        self.mail.hide()
        layout.addWidget(self.mail)
        self.copy_button = QPushButton("&Copy")
        self.copy_button.setAccessibleName("Copy the e-mail text")
        self.copy_button.clicked.connect(self.copy)
        self.copy_button.hide()
        layout.addWidget(self.copy_button)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        outer.addWidget(buttons)
        for button in self.findChildren(QPushButton):
            button.setAutoDefault(False)
        self.save_button.setDefault(True)   # Enter saves once who moves next is chosen, then copies
        self._refresh()
        resize_within_screen(self, 520, 420)

    def _refresh(self, *_args: object) -> None:
        chosen = bool(self.next_side.currentData())
        self.save_button.setEnabled(chosen and self.written is None)
        self.save_button.setToolTip("" if chosen else "Choose who moves next first.")

    def _say(self, text: str) -> None:
        self.message.setText(text)
        announce(self.message, text)

    def proposed_path(self) -> Path:
        return self.folder / proposed_name(self.game_title, self.turn_title, str(self.next_side.currentData()),
                                           self.record, self.folder)

    def save(self) -> None:
        """Ask where (the proposed name in the folder), write the file, then show the code and the e-mail text."""
        side = str(self.next_side.currentData() or "")
        if not side:
            self._say("Choose who moves next first.")
            return
        from PySide6.QtWidgets import QFileDialog

        name, _ = QFileDialog.getSaveFileName(self, "Save the turn file", str(self.proposed_path()), FILE_FILTER)
        if not name:
            return
        path = Path(name)
        if path.suffix != SUFFIX:
            path = path.with_suffix(SUFFIX)
        from ...core.files.gamefile import write_file

        record, data = self.record, self.data
        try:
            if callable(data):   # the record with its "turn sent" entry for this side, signed, and the bytes
                record, data = data(side)
            write_file(path, data)
        except SessionFileError as error:
            # Nothing recorded: a second try (another folder, or the other side) starts from the game as it was.
            self._say(f"The turn file was not written: {error}. Nothing else was changed; choose another folder.")
            return
        self.written, self.record = path, record
        if callable(self.data) and self.keep is not None:
            self.keep(record)   # the game's record is the file's from now on
        remember_record(self.record, own=True, facts=facts_of_bytes(data))   # the inputs and facts sent
        text = mail_text(self.game_title, self.turn_title, side, self.record.code)
        if path.name != turn_file_name(self.game_title, self.turn_title, side):
            text = text.replace(f"Attached: {turn_file_name(self.game_title, self.turn_title, side)}",
                                f"Attached: {path.name}")
        self.code.setText(f"record {self.record.code}")
        self.code.show()
        self.mail.setPlainText(text)
        self.mail.show()
        self.copy_button.show()
        self.copy_button.setDefault(True)
        self.next_side.setEnabled(False)
        self._refresh()
        self._say(f"Written: {path}. Attach it to your e-mail, with the text below; the other player's status bar "
                  f"should read record {self.record.code} once he opens it.")

    def copy(self) -> None:
        from PySide6.QtGui import QGuiApplication

        QGuiApplication.clipboard().setText(self.mail.toPlainText())
        self._say("Copied: paste it in your e-mail.")


def send_turn(parent: QWidget, *, game_title: str, turn_title: str, record: GameRecord, data: TurnData,
              folder: Path | None, keep: Kept | None = None) -> Path | None:
    """File > Send turn: the dialog, modal; the path written, or None if nothing was.  ``data``: the file's bytes,
    or what makes them once the side to move next is chosen (the record with the turn as sent, an entry signed on
    this computer, which also reveals this side's next dice values: ``core.record.fair_dice``), giving the record
    and the bytes without changing the game (raises ``SessionFileError`` if the game cannot be written).  ``keep``
    puts that record into the game once, and only once, the file is written: a failed write records nothing."""
    dialog = SendTurnDialog(game_title, turn_title, record, data, folder, parent, keep)
    dialog.exec()
    written = dialog.written
    dialog.deleteLater()
    return written


#: What the warning about an unsigned turn offers: (what is being done, the button that does it unsigned).
UNSIGNED_DOING = {"send": ("send this turn", "Send it unsigned"), "end": ("end this turn", "End it unsigned")}


def unsigned_go_on(parent: QWidget, record: Callable[[], GameRecord], unlock: Callable[[], None],
                   doing: str = "send") -> bool:
    """Before anything is added to a game that records the players' keys while none of them is unlocked on this
    computer: say that what is added would not be signed, offering "Unlock your keys" (``unlock``: the window's
    File > Players' keys).  True: go on (a side signs here now, or the player goes on unsigned); False: nothing is
    done.  ``record``: the game's record now (it changes when keys are unlocked and a side taken)."""
    if not unsigned_hint(record()):
        return True
    from PySide6.QtWidgets import QMessageBox

    what, unsigned_text = UNSIGNED_DOING[doing]
    box = QMessageBox(QMessageBox.Icon.Warning, "Your keys are not unlocked",
                      "This game records the players' keys; this computer has none of them unlocked.", parent=parent)
    box.setAccessibleName(box.windowTitle())
    box.setInformativeText(f"If you {what} now, what is added is not signed, and the other player's app says so "
                           "when he opens the file. Unlock your keys first (or make them and take your side).")
    unlock_button = box.addButton("Unlock your keys…", QMessageBox.ButtonRole.AcceptRole)
    unsigned = box.addButton(unsigned_text, QMessageBox.ButtonRole.DestructiveRole)
    cancel = box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(unlock_button)
    box.setEscapeButton(cancel)
    box.exec()
    clicked = box.clickedButton()
    box.deleteLater()
    if clicked is unsigned:
        return True
    if clicked is not unlock_button:
        return False
    unlock()
    return not unsigned_hint(record())   # still none signing here: nothing is done (the status bar says why)
