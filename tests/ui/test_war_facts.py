"""The war tab and shared lines, driven as a player drives them: one fact, every tab agrees."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QMessageBox, QSpinBox, QWidget

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore
from awaw_desktop.ui.shell.accessible import caption

from .helpers import find, tick

FALL_1941 = Turn(1941, Season.FALL)


def open_window(qtbot, edition=Edition.UPDATED, turn=FALL_1941):
    window = MainWindow(SessionStore(Session.new(edition, Scenario.GLOBAL_WAR, turn)))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # teardown must not ask
    qtbot.addWidget(window)
    window.show()
    return window


def war_tab(window):
    index = [window.tabs.tabText(i) for i in range(window.tabs.count())].index("The war")
    window.tabs.setCurrentIndex(index)
    return window.tabs.widget(index)


def level(window, power):
    tab = window.power_tabs[power]
    return window.store.result(power).level, tab


def test_us_entry_ticked_on_the_war_tab_shows_on_france_britain_and_russia(qtbot):
    window = open_window(qtbot)
    britain_before = window.store.result("britain").level
    tab = war_tab(window)
    find(tab, "U.S. at war with Germany: at war", QCheckBox).click()
    assert find(tab, "U.S. at war with Germany: year", QSpinBox).value() == 1941
    france = window.power_tabs["france"]
    assert find(france, "U.S. at war with Germany", QCheckBox).isChecked()
    britain = window.power_tabs["britain"]
    assert find(britain, "Other major powers at war with the European Axis: United States", QCheckBox).isChecked()
    assert window.store.result("britain").level == britain_before + 1
    # and back from the Russia tab: every place follows
    russia = window.power_tabs["russia"]
    find(russia, "Western Allied powers at war with Germany: United States", QCheckBox).click()
    assert not find(tab, "U.S. at war with Germany: at war", QCheckBox).isChecked()
    assert not find(france, "U.S. at war with Germany", QCheckBox).isChecked()
    window.store.undo_stack.undo()
    assert find(tab, "U.S. at war with Germany: at war", QCheckBox).isChecked()


def test_japan_declaring_war_on_the_election_tab_dates_japans_war(qtbot):
    window = open_window(qtbot, turn=Turn(1941, Season.WINTER))
    election = window.power_tabs["election"]
    find(election, "Japan declared war on the U.S.", QCheckBox).click()
    tab = war_tab(window)
    assert find(tab, "Japan at war with the U.S.: at war", QCheckBox).isChecked()
    assert find(tab, "Japan at war with the U.S.: season", QComboBox).currentText() == "Winter"
    japan = window.power_tabs["japan"]
    carried = find(japan, "Japan carried values", QLabel).text()
    assert "Winter 1941" in carried


def test_a_shared_line_says_so(qtbot):
    window = open_window(qtbot)
    britain = window.power_tabs["britain"]
    box = find(britain, "Axis-controlled Malta / Singapore: Singapore", QCheckBox)
    assert "Also shown on: Japan (57.11)" in box.toolTip()


def test_colonies_on_the_war_tab_are_one_choice_each(qtbot):
    window = open_window(qtbot)
    tab = war_tab(window)
    combo = find(tab, "Tunisia is held by", QComboBox)
    combo.setCurrentIndex(combo.findData("vichy"))
    assert window.store.session.fact("colony.tunisia") == "vichy"
    window.store.undo_stack.undo()
    assert find(tab, "Tunisia is held by", QComboBox).currentData() == "french"


def test_a_war_dated_after_the_turn_being_played_is_refused_with_a_message(qtbot):
    """Play-test finding: Russia at war 'since 1945' in Fall 1939 was taken without a word."""
    window = open_window(qtbot, turn=Turn(1939, Season.FALL))
    tab = war_tab(window)
    britain_before = window.store.result("britain").level
    tick(qtbot, tab, "Russia at war with Germany: at war")            # since the turn being played
    assert window.store.session.fact("war.germany_russia") == {"season": "fall", "year": 1939}
    undo_steps = window.store.undo_stack.count()
    spin = find(tab, "Russia at war with Germany: year", QSpinBox)
    spin.setFocus()
    spin.lineEdit().selectAll()
    qtbot.keyClicks(spin.lineEdit(), "1945")
    assert "a war cannot have begun after the turn being played (Fall 1939)" in window.statusBar().currentMessage()
    assert window.store.session.fact("war.germany_russia") == {"season": "fall", "year": 1939}   # kept
    assert find(tab, "Russia at war with Germany: year", QSpinBox).value() == 1939               # shown again
    assert window.store.undo_stack.count() == undo_steps
    assert window.store.result("britain").level == britain_before + 1    # Russia at war since Fall 1939 (59.21)


def test_the_pacific_war_tab_lists_only_what_its_tables_read(qtbot):
    # Third play-test: a Pacific game's war tab listed the wars with Germany, which only tables the scenario leaves
    # out read (54.11); the colonies, read by the procedures, stay.
    from awaw_desktop.core.awaw import facts as war_facts

    window = MainWindow(SessionStore(Session.new(Edition.UPDATED, Scenario.PACIFIC, FALL_1941)))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    tab = war_tab(window)
    labels = {caption(w) for w in tab.findChildren(QWidget) if caption(w)}
    assert f"{war_facts.fact('war.japan_us').label}: at war" in labels
    assert f"{war_facts.fact('war.germany_france').label}: at war" not in labels
    global_window = open_window(qtbot)
    everything = {caption(w) for w in war_tab(global_window).findChildren(QWidget) if caption(w)}
    assert f"{war_facts.fact('war.germany_france').label}: at war" in everything
    colonies = [item for item in war_facts.FACTS if item.id.startswith("colony.")]
    assert colonies and all(item.id in war_tab(global_window).rows for item in colonies)
