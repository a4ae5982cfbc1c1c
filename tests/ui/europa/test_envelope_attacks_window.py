"""The envelope against the player it binds, end to end in the window (issue 26): an opening cannot be forgotten by
Discard, an older copy or a dated backup without the players being told; the private card covers itself when the tab
or window is left and says whose eyes it is for; a lost passphrase has a way on both players agree to."""

from __future__ import annotations

import shutil

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QCheckBox, QLabel, QLineEdit, QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.ui.europa.void_dialog import VoidDialog
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.europa.test_envelope_secrecy_at_the_table import (
    ALLIED_WORDS,
    AXIS_WORDS,
    draw_and_open,
    hungary,
    label,
    type_passphrase,
)
from tests.ui.helpers import NextDialog, find, press


@pytest.fixture
def europa(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(game, None)
    window.show()
    return window


def drawn_and_saved(qtbot, window, path):
    panel = hungary(qtbot, window)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert window.save_to(path)
    return panel


def open_it(qtbot, panel):
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    card = label(panel, "Private view")
    press(qtbot, panel, "Hide it")
    return card


@pytest.mark.parametrize("copy", ["the file, reopened after Discard", "a dated backup of it"])
def test_an_opening_cannot_be_forgotten_by_reopening_an_older_copy(qtbot, europa, tmp_path, copy):
    path = tmp_path / "danube.awaw"
    panel = drawn_and_saved(qtbot, europa, path)
    open_it(qtbot, panel)                    # the opening is remembered the moment it is made ...
    if copy == "a dated backup of it":
        assert europa.save_to(path)          # saved with the opening: the copy before it is now a dated backup
        shutil.copy(next(tmp_path.glob("danube.awaw.*.bak")), tmp_path / "restored.awaw")
        path = tmp_path / "restored.awaw"
    europa.holder.undo_stack.setClean()
    europa.close()                           # File > Close, Discard
    again = EuropaWindow()
    qtbot.addWidget(again)
    again.show()
    told: list[str] = []

    def refuse(box):
        told.append(box.text() + "\n" + box.informativeText())
        press(qtbot, box, "Don't open it")

    hands = NextDialog(refuse, QMessageBox)
    assert not again.open_path(path)         # ... so the older copy is named, and not opened unasked
    hands.check()
    assert "an older copy" in told[0] and "Hungary: the Allied side opened the envelope" in told[0]

    def go_on(box):
        press(qtbot, box, "Go on from this copy")

    hands = NextDialog(go_on, QMessageBox)
    assert again.open_path(path)
    hands.check()
    last = again.game.record.entries[-1]
    assert last.kind == "went-on" and "Hungary: the Allied side opened the envelope" in last.summary
    assert again.game.nation("Hungary").envelope.opened is None       # this copy's envelope is sealed ...
    assert again.save_to(tmp_path / "went-on.awaw")
    summary = gamefile.load(tmp_path / "went-on.awaw").game.record.entries[-1].summary
    assert "Hungary: the Allied side opened the envelope" in summary   # ... and the record the other player gets
    # says what happened in the copy set aside.


def test_the_private_card_says_whose_eyes_and_covers_itself(qtbot, europa):
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    private = find(panel, "Private view", QLabel)
    assert private.isVisible() and "Allied eyes only" in label(panel, "Allied eyes only")
    europa.tabs.setCurrentIndex(0)           # another tab: the card is covered
    assert private.text() == ""
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Look at the card (Allied)")
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    assert find(panel, "Private view", QLabel).text()
    from PySide6.QtWidgets import QApplication

    QApplication.sendEvent(europa, QEvent(QEvent.Type.WindowDeactivate))   # the window is left
    assert find(panel, "Private view", QLabel).text() == ""


def test_a_weak_passphrase_is_refused_as_it_is_typed(qtbot, europa):
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Draw a sealed card")
    press(qtbot, panel, "I am the Axis player")
    for box in ("Passphrase", "Passphrase again"):
        qtbot.keyClicks(find(panel, box, QLineEdit), "password123")
    press(qtbot, panel, "OK")
    assert "most common choices" in label(panel, "Passphrase problem")
    assert "at least 10 characters" in find(panel, "Passphrase", QLineEdit).placeholderText()


def test_a_lost_passphrase_voids_the_envelope_when_both_players_agree(qtbot, europa):
    panel, _card = draw_and_open(qtbot, europa)

    def agree(dialog):
        assert not find(dialog, "Void the envelope").isEnabled()
        qtbot.keyClicks(find(dialog, "Why the envelope is voided", QLineEdit), "the Allied passphrase was lost")
        for box in dialog.findChildren(QCheckBox):
            box.setChecked(True)
        press(qtbot, dialog, "Void the envelope")

    hands = NextDialog(agree, VoidDialog)
    press(qtbot, panel, "Void (a passphrase was lost)\u2026")
    hands.check()
    assert label(panel, "Envelope stage").startswith("Voided by both players' agreement")
    assert find(panel, "Draw a sealed card").isEnabled()
    assert "agreed to void" in europa.game.record.entries[-1].summary
