"""A typed number the app cannot take is refused with a message naming the box, the number and the
range; the box and the game keep the number they had (a play-test found "99" stored as 9)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QSpinBox

from . import helpers
from .helpers import find, tick, type_number
from .test_main_window import make_window

DP = "British DP level"
TRANSPORTS = "Western Allied transports in the Atlantic SW box"
FIRST_HEX = "Germany's first hex in France"
LOSSES = "Enemy losses in the Pacific this turn: BRPs of units eliminated"


def active_window(qtbot):
    window = make_window(qtbot)
    with qtbot.waitActive(window):   # Tab and clicks move the focus only in the active window
        window.activateWindow()
    return window


def type_keys(qtbot, root, name: str, keys: str, finish: Qt.Key | None = Qt.Key.Key_Tab) -> QSpinBox:
    """Select what the box shows, type over it key by key, then finish as a player does."""
    spin = find(root, name, QSpinBox)
    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), keys)
    assert spin.lineEdit().text() == keys, f"{name}: typed {keys!r}, the box shows {spin.lineEdit().text()!r}"
    if finish is not None:
        qtbot.keyClick(spin.lineEdit(), finish)
    return spin


def status(window) -> str:
    return window.statusBar().currentMessage()


@pytest.mark.parametrize("finish", [Qt.Key.Key_Tab, Qt.Key.Key_Return])
def test_99_in_the_british_dp_level_is_refused_with_a_message_and_the_level_kept(qtbot, finish):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    type_number(qtbot, tab, DP, 12)
    before_steps = window.store.undo_stack.count()
    spin = type_keys(qtbot, tab, DP, "99", finish)
    assert status(window) == "Not entered: British DP level: 99 is out of range; it must be between -60 and 60"
    assert spin.value() == 12 and spin.lineEdit().text() == "12"
    assert window.store.session.value("britain", "dp_level") == 12
    assert window.store.undo_stack.count() == before_steps
    assert "12" in window.store.undo_stack.undoText()   # the step on the undo menu is still "set to 12"
    assert not window.action_redo.isEnabled(), window.store.undo_stack.redoText()   # no step that does nothing


def test_a_refused_number_in_an_untouched_box_leaves_nothing_to_undo(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    spin = type_keys(qtbot, tab, DP, "99")
    assert spin.value() == 0
    assert window.store.session.value("britain", "dp_level") == 0
    assert not window.action_undo.isEnabled(), window.store.undo_stack.undoText()
    assert not window.action_redo.isEnabled(), window.store.undo_stack.redoText()


def test_refusals_again_and_again_leave_only_the_entries_made(qtbot):
    """Each refused number takes back its keystrokes' step for good: Undo and Redo walk the entries made."""
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    for level in range(1, 21):
        type_keys(qtbot, tab, DP, str(level))
        type_keys(qtbot, tab, DP, "999")
        assert window.store.session.value("britain", "dp_level") == level
        assert not window.action_redo.isEnabled()
        type_keys(qtbot, tab, TRANSPORTS, str(level))   # another line between: the DP entries stay apart
    assert window.store.undo_stack.count() == 40
    window.action_undo.trigger()
    window.action_undo.trigger()
    assert find(tab, DP, QSpinBox).value() == 19 and find(tab, TRANSPORTS, QSpinBox).value() == 19
    window.action_redo.trigger()
    assert find(tab, DP, QSpinBox).value() == 20


@pytest.mark.parametrize("typed", ["-5", "100000"])
def test_a_count_out_of_range_is_refused_not_changed_into_another_number(qtbot, typed):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    before = find(tab, TRANSPORTS, QSpinBox).value()
    spin = type_keys(qtbot, tab, TRANSPORTS, typed)
    assert status(window) == (f"Not entered: {TRANSPORTS}: {typed} is out of range; "
                              "it must be between 0 and 99")
    assert spin.value() == before
    assert window.store.session.value("britain", "atlantic_transports") == before


def test_a_number_of_a_group_line_is_refused_the_same_way(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["japan"]
    spin = find(tab, LOSSES, QSpinBox)
    assert isinstance(spin, QSpinBox)
    too_many = str(spin.maximum() + 1)
    type_keys(qtbot, tab, LOSSES, too_many)
    assert status(window) == (f"Not entered: {LOSSES}: {too_many} is out of range; "
                              f"it must be between {spin.minimum()} and {spin.maximum()}")
    assert window.store.session.value("japan", "enemy_losses")["eliminated"] == 0
    assert spin.value() == 0


def test_a_number_in_range_goes_in_as_one_undo_step(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    spin = type_keys(qtbot, tab, DP, "-17")
    assert spin.value() == -17
    assert window.store.session.value("britain", "dp_level") == -17
    assert "Not entered" not in status(window)
    assert window.store.undo_stack.count() == 1
    window.action_undo.trigger()
    assert find(tab, DP, QSpinBox).value() == 0


def test_arrow_keys_and_the_wheel_step_as_before(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    spin = find(tab, DP, QSpinBox)
    spin.setFocus()
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    qtbot.keyClick(spin, Qt.Key.Key_Down)
    assert spin.value() == 1
    assert window.store.session.value("britain", "dp_level") == 1
    spin.setValue(60)
    qtbot.keyClick(spin, Qt.Key.Key_Up)   # the top of the range stays the top
    assert spin.value() == 60
    assert "Not entered" not in status(window)


def test_an_arrow_key_after_a_refused_number_steps_from_the_kept_number(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    type_number(qtbot, tab, DP, 5)
    spin = type_keys(qtbot, tab, DP, "99", finish=None)
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert "99 is out of range" in status(window)
    assert spin.value() == 5
    qtbot.keyClick(spin, Qt.Key.Key_Up)
    assert spin.value() == 6


def test_a_game_turn_year_outside_the_game_is_refused_with_a_message(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["france"]
    tick(qtbot, tab, f"{FIRST_HEX}: has happened")
    spin = find(tab, f"{FIRST_HEX}: year", QSpinBox)
    type_keys(qtbot, tab, f"{FIRST_HEX}: year", "2001")
    assert status(window) == (f"Not entered: {FIRST_HEX}: year: 2001 is out of range; "
                              f"it must be between {spin.minimum()} and {spin.maximum()}")
    assert spin.value() == 1942
    assert window.store.session.value("france", "german_first_hex")["year"] == 1942


def test_a_box_with_a_unit_after_the_number_reads_the_number_and_refuses_it_the_same_way(qtbot):
    from awaw_desktop.ui.shell.number_box import NumberBox

    box = NumberBox()
    box.setRange(0, 200)
    box.setSuffix(" BRPs")
    box.setAccessibleName("Minor country BRPs")
    qtbot.addWidget(box)
    box.show()
    with qtbot.waitActive(box):
        box.activateWindow()
    box.setValue(15)
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "250")
    assert box.lineEdit().text() == "250 BRPs"   # the typed number stays, the unit kept after it
    with qtbot.waitSignal(box.refused) as refused:
        qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert refused.args == ["Minor country BRPs: 250 is out of range; it must be between 0 and 200"]
    assert box.value() == 15 and box.lineEdit().text() == "15 BRPs"
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "40")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert box.value() == 40


def test_a_box_left_empty_goes_back_to_its_number_and_says_so(qtbot):
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    type_number(qtbot, tab, DP, -3)
    spin = find(tab, DP, QSpinBox)
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Backspace)
    assert spin.lineEdit().text() == ""
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
    assert status(window) == ("Not entered: British DP level: no number typed; "
                              "it must be a whole number between -60 and 60")
    assert spin.value() == -3 and spin.lineEdit().text() == "-3"
    assert window.store.session.value("britain", "dp_level") == -3


def test_edit_undo_names_the_whole_number_typed_and_a_taken_entry_clears_the_refusal(qtbot):
    """Second play-test: 'Undo ... set to 2' after typing 25; 'Not entered' stayed after a valid entry."""
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    type_keys(qtbot, tab, "Western Allied transports in the Atlantic SW box", "25")
    assert window.action_undo.text().endswith("set to 25"), window.action_undo.text()
    type_keys(qtbot, tab, DP, "99")
    assert status(window).startswith("Not entered: British DP level: 99")
    type_keys(qtbot, tab, DP, "-2")
    assert status(window) == "", "a refusal about the entry before stays on screen"
    type_keys(qtbot, tab, DP, "99")
    assert status(window).startswith("Not entered:")
    window.show_power("russia")                     # another tab: the message was about the one left
    assert status(window) == ""


@pytest.mark.parametrize("typed", ["1.5", "2,5"])
def test_a_number_with_a_fraction_is_refused_not_read_without_its_point(qtbot, typed):
    # Fourth play-test: "1.5" typed as the British DP level went in as 15, without a word.
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    type_number(qtbot, tab, DP, -3)
    spin = type_keys(qtbot, tab, DP, typed)
    assert status(window) == (f"Not entered: British DP level: {typed} is not a whole number; it must be a whole "
                              "number between -60 and 60")
    assert spin.value() == -3 and window.store.session.value("britain", "dp_level") == -3


def test_two_entries_in_one_box_are_two_undo_steps(qtbot):
    """Type 1, Tab; later type 4 in the same box, nothing else between: Undo gives back 1, not 0
    (eighth play-test)."""
    window = active_window(qtbot)
    tab = window.power_tabs["britain"]
    type_keys(qtbot, tab, DP, "-12")   # the digits of one entry stay one step
    assert window.store.undo_stack.count() == 1
    type_keys(qtbot, tab, DP, "-4")
    assert window.store.undo_stack.count() == 2
    window.action_undo.trigger()
    assert find(tab, DP, QSpinBox).value() == -12
    window.action_undo.trigger()
    assert find(tab, DP, QSpinBox).value() == 0


def test_ctrl_z_in_a_number_box_undoes_the_games_last_step(qtbot):
    """With the cursor in a number box, Ctrl+Z and Ctrl+Shift+Z are the game's Undo and Redo, not the box's
    text undo (which left the step in place, or reset another box as a new step; ninth play-test)."""
    window = active_window(qtbot)
    helpers.painted(qtbot, window)   # the menu keys are given once the window is painted
    tab = window.power_tabs["britain"]
    type_keys(qtbot, tab, TRANSPORTS, "12")
    type_keys(qtbot, tab, DP, "-3")
    type_keys(qtbot, tab, DP, "-5")
    transports = find(tab, TRANSPORTS, QSpinBox)
    transports.setFocus()
    qtbot.keyClick(transports.lineEdit(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert find(tab, DP, QSpinBox).value() == -3 and transports.value() == 12
    assert window.store.undo_stack.count() == 3   # no step made by undoing the box's text
    qtbot.keyClick(transports.lineEdit(), Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert find(tab, DP, QSpinBox).value() == -5


def test_ctrl_z_over_a_refused_number_drops_only_that_typing(qtbot):
    """12 entered; then 999 typed over it (60 is the most) and Ctrl+Z before Tab: the box is back at 12, the step
    "set to 12" is still the one to undo, and Redo offers nothing (tenth play-test)."""
    window = active_window(qtbot)
    helpers.painted(qtbot, window)
    tab = window.power_tabs["britain"]
    type_keys(qtbot, tab, TRANSPORTS, "5")
    type_keys(qtbot, tab, DP, "12")
    spin = type_keys(qtbot, tab, DP, "999", finish=None)
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert spin.value() == 12 and spin.lineEdit().text() == "12"
    assert window.store.session.value("britain", "dp_level") == 12
    assert not window.action_redo.isEnabled(), window.store.undo_stack.redoText()
    assert "12" in window.store.undo_stack.undoText()
    qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert spin.value() == 0 and find(tab, TRANSPORTS, QSpinBox).value() == 5
