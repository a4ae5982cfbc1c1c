"""Text from a file is shown as text (issue 35.6): an entry whose turn and words hold markup (``<!--`` and ``<b>``)
once hid the warning about a forged entry, the message box taking them for rich text.  Read here as a player reads
the screen: what the label shows, rendered as Qt renders it."""

from __future__ import annotations

from PySide6.QtGui import (
    Qt,  # QtGui's Qt holds mightBeRichText
    QTextDocument,
)
from PySide6.QtWidgets import QApplication, QLabel, QListWidget, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side
from awaw_desktop.ui.shell.record_views import SinceDialog
from tests.ui.test_main_window import make_window

FORGED_TURN = "<b>Fall</b> 1939 <!--"   # a known tag first: Qt then guesses rich text
FORGED_WORDS = "<b>Britain</b> surrenders (Bob agrees) <!-- said nothing"


def on_screen(label: QLabel) -> str:
    """The words a label shows: as written, or, when it takes them for rich text, what Qt renders of them."""
    text = label.text()
    rich = label.textFormat() == Qt.TextFormat.RichText or (
        label.textFormat() == Qt.TextFormat.AutoText and Qt.mightBeRichText(text))
    if not rich:
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def box_words(box: QMessageBox) -> str:
    return "\n".join(on_screen(label) for label in box.findChildren(QLabel) if label.text())


def forged_file(tmp_path):
    """A game played by e-mail (both sides' keys recorded) with an unsigned entry whose fields hold markup."""
    session = Session.new(title="Tuesday <b>club</b>", players={"axis": "Ann <!--", "allied": "Bob"})
    ann, bob = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    session.record = take_side(take_side(session.record, ann, "axis", "Fall 1939"), bob, "allied", "Fall 1939")
    play_as(None)
    session.add_to_record("event", FORGED_WORDS, sealed=False, turn=FORGED_TURN)
    path = tmp_path / "forged.awaw"
    path.write_bytes(sessionfile.dumps(session))
    return path


def open_boxes(title: str) -> list[QMessageBox]:
    return [widget for widget in QApplication.topLevelWidgets()
            if isinstance(widget, QMessageBox) and widget.isVisible() and widget.windowTitle() == title]


def test_the_forged_entry_warning_is_shown_in_full(qtbot, tmp_path):
    window = make_window(qtbot)
    assert window.open_path(forged_file(tmp_path), confirmed=True)
    qtbot.waitUntil(lambda: bool(open_boxes("The game record does not hold")), timeout=5000)
    box = open_boxes("The game record does not hold")[0]
    words = box_words(box)
    assert "forged.awaw: " in words
    assert FORGED_TURN in words                                           # the entry's turn, as the file holds it
    assert "The file was changed outside the app" in words                # and every word after it
    assert "The game is open as the file holds it." in words
    box.accept()


def test_the_since_dialog_shows_an_entrys_words_as_written(qtbot, tmp_path):
    session = Session.new(title="Tuesday")
    session.add_to_record("event", FORGED_WORDS, turn=FORGED_TURN)
    entries = session.record.entries[-1:]
    dialog = SinceDialog(entries, [[("Germany", "<b>+3</b>")]], "record ABCD-EFGH, your last turn")
    qtbot.addWidget(dialog)
    shown = [on_screen(label) for label in dialog.findChildren(QLabel)]
    assert any(FORGED_TURN in words and FORGED_WORDS in words for words in shown), shown
    listing = next(widget for widget in dialog.findChildren(QListWidget)
                   if widget.accessibleName() == "Entries since your last turn")
    assert FORGED_WORDS in listing.item(0).text()                         # list items never guess


def test_the_verify_box_shows_a_forged_turn_as_written(qtbot, tmp_path):
    from awaw_desktop.ui.shell.verify_dialog import show_verification

    window = make_window(qtbot)
    path = forged_file(tmp_path)
    session = sessionfile.load(path)
    show_verification(window, "awaw", session, path, False)
    qtbot.waitUntil(lambda: bool(open_boxes("The game record does not hold")), timeout=5000)
    box = open_boxes("The game record does not hold")[0]
    words = box_words(box)
    assert words.count(FORGED_TURN) == 2 and "Its file, forged.awaw" in words, words
    box.accept()


def test_file_verify_says_no_record_to_verify_for_a_file_stripped_of_it(qtbot, tmp_path):
    import json

    from awaw_desktop.ui.shell.verify_dialog import verification_words

    document = json.loads(sessionfile.dumps(Session.new(title="Tuesday")))
    document["version"] = 3
    del document["record"]
    path = tmp_path / "stripped.awaw"
    path.write_text(json.dumps(document), encoding="utf-8")
    session = sessionfile.load(path)
    verified, words = verification_words("awaw", session, path, False)
    assert not verified
    assert words.count("no record to verify") == 2 and "verified (" not in words
