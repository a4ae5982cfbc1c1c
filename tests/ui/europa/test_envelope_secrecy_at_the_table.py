"""Third play-test, envelopes: a card once seen stays seen (Edit > Undo stops there, 56.E.1); each player's
passphrase is checked as he types it; Cancel on the cover and Esc in the passphrase box end the moment."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QLineEdit, QMessageBox, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.helpers import find, press

AXIS_WORDS, ALLIED_WORDS = "olive branch", "red barn door"


@pytest.fixture
def europa(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube"), "Hungary")
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(game, None)
    window.show()
    return window


def hungary(qtbot, window):
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Hungary")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    return window.tabs.widget(index)


def label(root, name):
    return find(root, name, QLabel).text()


def type_passphrase(qtbot, panel, side, words, again=None):
    assert f"Hand the laptop to the {side} player" in label(panel, "Cover screen")
    press(qtbot, panel, f"I am the {side} player")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), words)
    confirm = find(panel, "Passphrase again", QLineEdit)
    if confirm.isVisible():
        qtbot.keyClicks(confirm, words if again is None else again)
    press(qtbot, panel, "OK")


def edit_menu(window):
    menu = next(action.menu() for action in window.menuBar().actions() if action.text() == "&Edit")
    return [(action.text().replace("&", ""), action.isEnabled()) for action in menu.actions()
            if action.isVisible() and not action.isSeparator()]


def draw_and_open(qtbot, window):
    panel = hungary(qtbot, window)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    card = label(panel, "Private view")
    press(qtbot, panel, "Hide it")
    return panel, card


def test_an_opened_envelope_cannot_be_undone_back_to_sealed(qtbot, europa):
    panel, card = draw_and_open(qtbot, europa)
    assert card and label(panel, "Envelope stage").startswith("Opened: seen by the opener")
    assert "cannot be undone" in label(panel, "Envelope message")
    menu = edit_menu(europa)
    assert ("Undo", False) in menu                                          # nothing left to undo ...
    assert any("Undo stops after \u201cOpen the Hungary envelope\u201d" in text and "56.E.1" in text
               for text, _enabled in menu)                                  # ... and the menu says why
    assert "a card once seen stays seen" in europa.statusBar().currentMessage()
    assert europa.isWindowModified()                                        # and the change is still unsaved
    europa.action_undo.trigger()
    assert label(panel, "Envelope stage").startswith("Opened: seen by the opener")
    assert "Opened by the Allied side: Jul I 1943" in label(panel, "Envelope dates")
    assert not find(panel, "Open the envelope (Allied)", QPushButton).isEnabled()

    europa.end_turn()                                                      # later steps are undoable again
    assert edit_menu(europa)[0] == ("Undo End of Jul I 1943", True)
    europa.action_undo.trigger()
    assert europa.game.turn == EuropaTurn.parse("Jul I 43")
    assert "Opened by the Allied side: Jul I 1943" in label(hungary(qtbot, europa), "Envelope dates")


def test_a_wrong_axis_passphrase_is_caught_before_the_allied_player_comes(qtbot, europa):
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", AXIS_WORDS)
    type_passphrase(qtbot, panel, "Allied", ALLIED_WORDS)
    press(qtbot, panel, "Open the envelope (Allied)")
    type_passphrase(qtbot, panel, "Axis", "olive brunch party")
    assert label(panel, "Passphrase problem").startswith("That is not the Axis passphrase")
    assert find(panel, "Passphrase", QLineEdit).isVisible()                 # still the Axis player's turn
    assert label(panel, "Passphrase prompt").startswith("Axis player: type your passphrase")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), AXIS_WORDS)
    press(qtbot, panel, "OK")
    assert "Hand the laptop to the Allied player" in label(panel, "Cover screen")
    press(qtbot, panel, "I am the Allied player")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), "red bar")
    press(qtbot, panel, "OK")
    assert label(panel, "Passphrase problem").startswith("That is not the Allied passphrase")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), ALLIED_WORDS)
    press(qtbot, panel, "OK")
    assert label(panel, "Private view")


def test_a_short_passphrase_is_refused_as_the_axis_player_types_it(qtbot, europa):
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Draw a sealed card")
    type_passphrase(qtbot, panel, "Axis", "abc")
    assert label(panel, "Passphrase problem").startswith(
        "The Axis passphrase is refused: a passphrase needs at least 10 characters")
    assert find(panel, "Passphrase", QLineEdit).isVisible()
    assert europa.game.nation("Hungary").envelope is None


def test_cancel_on_the_cover_and_esc_in_the_passphrase_box(qtbot, europa):
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Draw a sealed card")
    assert "Hand the laptop to the Axis player" in label(panel, "Cover screen")
    press(qtbot, panel, "Cancel")                                           # before anyone types
    assert label(panel, "Envelope message") == "Cancelled: nothing changed."
    assert find(panel, "Draw a sealed card", QPushButton).isEnabled()
    assert not find(panel, "Cover screen", QLabel).isVisible()

    press(qtbot, panel, "Draw a sealed card")
    press(qtbot, panel, "I am the Axis player")
    box = find(panel, "Passphrase", QLineEdit)
    qtbot.keyClicks(box, "olive")
    qtbot.keyClick(box, Qt.Key.Key_Escape)
    assert not box.isVisible() and box.text() == ""
    assert label(panel, "Envelope message") == "Cancelled: nothing changed."
    assert europa.game.nation("Hungary").envelope is None

    press(qtbot, panel, "Draw a sealed card")
    qtbot.keyClick(find(panel, "I am the player named", QPushButton), Qt.Key.Key_Escape)   # Esc on the cover
    assert not find(panel, "Cover screen", QLabel).isVisible()


def test_the_cover_is_no_taller_than_its_words(qtbot, europa):
    europa.resize(1366, 740)
    panel = hungary(qtbot, europa)
    press(qtbot, panel, "Draw a sealed card")
    qtbot.wait(10)
    button = find(panel, "I am the player named", QPushButton)
    screen = find(panel, "Private screen")
    gap = screen.height() - (button.mapTo(screen, button.rect().bottomLeft()).y())
    assert gap < 40, f"{gap} px of empty cover under the button"
