"""View menu (zoom, theme, where the game record sits) and one undo step per typed number."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QApplication, QCheckBox, QSpinBox

from .helpers import find, painted, shown_colour, shown_level, tick
from .test_main_window import make_window


def type_keys(qtbot, root, name, keys):
    """Type into a number box key by key, as a player does (each key changes the value)."""
    spin = find(root, name, QSpinBox)
    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), keys)
    return spin


@pytest.mark.parametrize(("power", "name"), [
    ("japan", "Enemy losses in the Pacific this turn: BRPs of units eliminated"),
    ("china", "Defection limits (no points): Nationalist ground force level (factors, built and unbuilt)"),
    ("britain", "Allied / Axis naval ratio: Allied full-strength factors"),
    ("germany", "German DP level"),
])
def test_typing_a_number_is_one_undo_step_on_every_input_kind(qtbot, power, name):
    window = make_window(qtbot)
    tab = window.power_tabs[power]
    before = find(tab, name, QSpinBox).value()
    spin = type_keys(qtbot, tab, name, "17" if power == "germany" else "142" if power == "china" else "178")
    assert spin.value() == (17 if power == "germany" else 142 if power == "china" else 178)
    assert window.store.undo_stack.count() == 1, [window.store.undo_stack.text(i)
                                                   for i in range(window.store.undo_stack.count())]
    window.action_undo.trigger()
    assert find(tab, name, QSpinBox).value() == before


def test_another_number_of_the_same_line_is_its_own_step(qtbot):
    window = make_window(qtbot)
    tab = window.power_tabs["japan"]
    type_keys(qtbot, tab, "Enemy losses in the Pacific this turn: BRPs of units eliminated", "178")
    type_keys(qtbot, tab, "Enemy losses in the Pacific this turn: named ships damaged", "12")
    stack = window.store.undo_stack
    assert stack.count() == 2
    assert "named ships damaged 12" in stack.undoText()
    window.action_undo.trigger()
    assert window.store.session.value("japan", "enemy_losses")["eliminated"] == 178
    assert window.store.session.value("japan", "enemy_losses")["damaged_named"] == 0


def test_a_yes_no_of_a_group_line_is_a_tick_box_and_each_tick_a_step(qtbot):
    window = make_window(qtbot)
    tab = window.power_tabs["japan"]
    name = "Japan's hold on China and Vladivostok: Japan holds Vladivostok"
    assert isinstance(find(tab, name), QCheckBox)
    tick(qtbot, tab, name)
    assert window.store.session.value("japan", "cum_chinese_objectives")["vladivostok"] == 1
    tick(qtbot, tab, name, False)
    assert window.store.undo_stack.count() == 2
    window.action_undo.trigger()
    assert find(tab, name).isChecked()


def test_zoom_in_out_and_reset_scale_the_text_and_are_remembered(qtbot):
    window = make_window(qtbot)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    painted(qtbot, window)
    app = QApplication.instance()
    normal = app.font().pointSizeF()
    header = window.power_tabs["germany"].header.level.font().pointSizeF()
    qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(window, Qt.Key.Key_Plus, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom == 125
    assert app.font().pointSizeF() == pytest.approx(normal * 1.25)
    assert window.power_tabs["germany"].header.level.font().pointSizeF() > header
    assert QSettings().value("view/zoom") in (125, "125")
    qtbot.keyClick(window, Qt.Key.Key_Minus, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom == 110
    qtbot.keyClick(window, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)
    assert window.zoom == 100 and app.font().pointSizeF() == pytest.approx(normal)
    # the tabs rebuilt for the new size still show the game
    assert shown_level(window.power_tabs["germany"], "Germany") == window.store.result("germany").level
    window.set_zoom(150)
    fresh = make_window(qtbot)
    fresh.restore_geometry()
    assert fresh.zoom == 150


def test_the_theme_choice_recolours_the_window_and_is_remembered(qtbot):
    from awaw_desktop.ui.awaw import status_words
    from awaw_desktop.ui.shell import theme

    window = make_window(qtbot)
    actions = {action.text().replace("&", ""): action for action in window.theme_actions.actions()}
    assert set(actions) == {"Follow the system", "Light", "Dark"}
    actions["Dark"].trigger()
    assert QApplication.instance().palette().color(QPalette.ColorRole.Window).lightness() < 128
    status = window.store.result("germany").status
    shown = shown_colour(find(window.power_tabs["germany"], "Germany status"))
    assert shown == status_words.status_colours(status, True)[0]
    assert QSettings().value("view/theme") == "dark"
    actions["Light"].trigger()
    assert QApplication.instance().palette().color(QPalette.ColorRole.Window).lightness() > 128
    assert shown_colour(find(window.overview, "Germany status")) == status_words.status_colours(status, False)[0]
    fresh = make_window(qtbot)
    fresh.restore_geometry()
    assert theme.chosen_theme() == "light"
    assert [a.data() for a in fresh.theme_actions.actions() if a.isChecked()] == ["light"]
    actions["Follow the system"].trigger()
    assert theme.chosen_theme() == "system"


def test_the_game_record_sits_beside_in_a_window_or_as_a_tab(qtbot):
    window = make_window(qtbot)
    places = {action.text().replace("&", ""): action for action in window.place_actions.actions()}
    window.action_history.trigger()
    assert window.history_dock.isVisible()
    assert window.history_dock.width() <= window.width() // 3 + 1, "the record must not squeeze the table"
    places["As a tab"].trigger()
    assert not window.history_dock.isVisible()
    assert window.tabs.tabText(window.tabs.currentIndex()) == "Game record"
    assert window.tabs.currentWidget() is window.history
    window.show_power("germany")
    window.action_history.trigger()  # Ctrl+H hides it again
    assert window.tabs.indexOf(window.history) < 0
    window.action_history.trigger()
    assert window.tabs.currentWidget() is window.history
    window.store.replace_session(window.store.session.snapshot())  # tabs rebuilt: the record stays
    assert window.tabs.indexOf(window.history) >= 0
    places["In its own window"].trigger()
    assert window.history_dock.isFloating() and window.history_dock.isVisible()
    assert window.tabs.indexOf(window.history) < 0
    assert QSettings().value("view/gameRecord") == "window"
    places["Beside the table"].trigger()
    assert not window.history_dock.isFloating()
    assert window.history_dock.widget() is window.history


def test_the_window_title_names_the_game_and_edition_once(qtbot):
    window = make_window(qtbot)
    assert window.windowTitle() == "Untitled game[*] \u2014 Updated rules"


def test_on_a_laptop_the_record_first_opens_as_a_tab(qtbot):
    window = make_window(qtbot)
    window.restore_geometry()  # no settings yet: first start
    assert window.history_place == "tab"
    window.action_history.trigger()
    assert window.tabs.currentWidget() is window.history
    assert not window.history_dock.isVisible()


def test_the_turn_stays_readable_beside_a_long_message_and_undo_clears_a_stale_one(qtbot):
    """Play-test findings: a long status message cut the turn to 'Spring 19'; 'Back in Summer 1940' stayed on
    screen after Undo had taken the game elsewhere."""
    from PySide6.QtWidgets import QLabel

    window = make_window(qtbot)
    window.resize(1280, 720)
    window.statusBar().showMessage("Not entered: " + "a very long refusal message " * 12, 10000)
    qtbot.wait(10)
    label = window.findChild(QLabel, "editionLabel")
    essential = label.text().split(" \u00b7 Ann")[0]
    assert label.text().startswith(window.store.session.turn.title)
    assert label.width() >= label.fontMetrics().horizontalAdvance(essential)   # the turn is whole
    window.store.set_value("germany", "dp_level", 3)
    window.statusBar().showMessage("Back in Summer 1940", 5000)
    window.action_undo.trigger()
    assert window.statusBar().currentMessage() == "Undone: Germany: German DP level set to 3"   # not the stale one
    window.action_redo.trigger()
    assert window.statusBar().currentMessage() == "Redone: Germany: German DP level set to 3"
