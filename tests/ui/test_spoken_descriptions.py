"""What Orca 43 speaks (issue 40): Orca 43.1, the version Debian 12 ships, has no handler for Qt's announcement events,
but speaks a change of the focused control's description.  So every announcement (a typed number's result, a status
bar message, a wizard's result after a typed die) is also the focused control's description until the focus leaves
it; then the control's own description comes back.  Driven as a player: focus a field, type, read the description the
accessibility interface holds for the focused control."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QApplication, QLineEdit, QMessageBox, QWidget

from awaw_desktop.core.awaw.common import Edition
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.accessible import spoken_description

from .helpers import find
from .test_french_wizard import EXAMPLE, NEXT, choose, make_store, open_wizard, press, type_die


def described(widget) -> str:
    """The focused control's description as a screen reader reads it through the accessibility interface."""
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Description)


def test_a_colony_die_typed_in_the_french_wizard_is_answered_with_what_it_decided(qtbot):
    wizard = open_wizard(qtbot, make_store(Edition.UPDATED, **EXAMPLE))
    with qtbot.waitActive(wizard):   # the focus moves only in the active window
        wizard.activateWindow()
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "No Vichy France")
    press(qtbot, wizard, NEXT)
    type_die(qtbot, wizard, "Lebanon-Syria die", 4)
    edit = find(wizard, "Lebanon-Syria die", QLineEdit)
    assert QApplication.focusWidget() is edit
    said = described(edit)
    assert "modified roll" in said and "Lebanon-Syria: " in said, said
    outcome = find(wizard, "Lebanon-Syria outcome").text()
    assert outcome in said and outcome != "Waiting for the die."
    assert spoken_description(edit) == said.rstrip("\u00a0")
    own = edit.toolTip()
    find(wizard, "Roll the French North Africa die").setFocus()   # the focus leaves: its own description is back
    assert spoken_description(edit) == "" and described(edit) in ("", own)


def test_a_status_bar_message_is_the_focused_fields_description_and_the_same_message_again_is_a_change(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.show()
    with qtbot.waitActive(window):
        window.activateWindow()
    field = next(widget for widget in window.findChildren(QWidget) if widget.isVisible() and widget.isEnabled()
                 and widget.focusPolicy() == Qt.FocusPolicy.StrongFocus and widget.focusProxy() is None)
    field.setFocus(Qt.FocusReason.TabFocusReason)
    assert QApplication.focusWidget() is field
    window.statusBar().showMessage("Not entered: a number from 0 to 10")
    assert described(field) == "Not entered: a number from 0 to 10"
    window.statusBar().clearMessage()
    window.statusBar().showMessage("Not entered: a number from 0 to 10")   # the same words: a change Orca hears
    assert described(field) != "Not entered: a number from 0 to 10"
    assert spoken_description(field) == "Not entered: a number from 0 to 10"
