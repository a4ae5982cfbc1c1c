"""Issue 29 in the Europa window: the window's keys work with the cursor in any of its inputs, as in the A World at
War window (``ui/shell/keys.py``): Ctrl+E ends the turn, Ctrl+S saves, Ctrl+Z undoes the game's last step, from a
number box, an RE box and a text field alike."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.helpers import find

#: (the input, its kind): a number box, an RE box (halves), a text field.
INPUTS = (("Special replacement rate before any roll", "number box"), ("Ground losses (REs)", "RE box"),
          ("Surrender condition", "text field"))


@pytest.fixture
def window(qtbot):
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Keys", "Ann", "Bob"), "Italy")
    shown = EuropaWindow()
    shown.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # teardown must not ask
    qtbot.addWidget(shown)
    shown.set_game(game, None)
    shown.show()
    qtbot.waitExposed(shown)
    shown.tabs.setCurrentWidget(shown.panels["Italy"])
    return shown


def cursor_in(qtbot, window, name):
    field = find(window.panels["Italy"], name)
    field.setFocus()
    line = field if isinstance(field, QLineEdit) else field.lineEdit()
    qtbot.waitUntil(lambda: QApplication.focusWidget() in (field, line))
    return line


@pytest.mark.parametrize(("name", "kind"), INPUTS)
def test_ctrl_e_ends_the_turn_from_an_input(qtbot, window, name, kind):
    line = cursor_in(qtbot, window, name)
    qtbot.keyClicks(line, "4")
    turn = window.game.turn
    qtbot.keyClick(line, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    assert window.game.turn == turn.next(), f"{kind}: Ctrl+E did not end the turn"
    assert window.tabs.currentWidget() is window.track


@pytest.mark.parametrize(("name", "kind"), INPUTS)
def test_ctrl_s_saves_and_ctrl_z_undoes_from_an_input(qtbot, window, tmp_path, name, kind):
    window.holder.apply("End turn", lambda game: actions.end_turn(game)[0])
    turn = window.game.turn
    window.path = tmp_path / "keys.awaw"
    line = cursor_in(qtbot, window, name)
    qtbot.keyClick(line, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert window.path.exists() and window.holder.undo_stack.isClean(), f"{kind}: Ctrl+S did not save"
    qtbot.keyClick(line, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.game.turn != turn, f"{kind}: Ctrl+Z did not undo the game's last step"


def test_ctrl_z_while_typing_in_a_text_field_undoes_the_typing_not_the_game(qtbot, window):
    window.holder.apply("End turn", lambda game: actions.end_turn(game)[0])
    turn = window.game.turn
    line = cursor_in(qtbot, window, "Surrender condition")
    qtbot.keyClicks(line, "Rome falls")
    qtbot.keyClick(line, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert line.text() == "" and window.game.turn == turn
