"""End of turn as players meet it: a check list, questions with nothing chosen, the war's end."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QMessageBox, QPushButton

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.end_of_turn import UNANSWERED, EndOfTurnDialog
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import find, text, tick, type_number

SPRING_1942 = Turn(1942, Season.SPRING)


def open_window(qtbot, edition=Edition.UPDATED, turn=SPRING_1942):
    window = MainWindow(SessionStore(Session.new(edition, Scenario.GLOBAL_WAR, turn)))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    return window


def russia_at_zero(qtbot, window):
    tab = window.power_tabs["russia"]
    for power in ("Britain", "France"):
        tick(qtbot, tab, f"Western Allied powers at war with Germany: {power}", False)


def test_a_question_starts_unanswered_and_the_turn_waits_for_it(qtbot):
    window = open_window(qtbot)
    russia_at_zero(qtbot, window)
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    combo = dialog.choice_widgets["russia.brp_option"]
    assert combo.currentText() == UNANSWERED
    end = find(dialog, "End the turn", QPushButton)
    assert not end.isEnabled()
    assert "Answer first" in end.toolTip()
    assert "Answer first" in text(dialog, "Why the turn cannot end yet")
    # Enter never ends the turn: Cancel is the default button.
    assert not end.isDefault()
    # Britain's offer (whose answer may bring questions of its own), Russia's option, and the values nobody entered
    # that they rest on (issue 28: confirmed first, nothing chosen for the players).
    assert ("russia", "dp_level") in dialog.confirm_widgets
    while dialog.unanswered():
        assert not end.isEnabled()
        next(each for each in (*dialog.confirm_widgets.values(), *dialog.choice_widgets.values())
             if each.currentData() is None).setCurrentIndex(1)
    assert end.isEnabled()
    shown = " ".join(label.text() for label in dialog.findChildren(type(dialog.report_view)))
    assert "&#x27;" not in shown
    assert "+0 \u2014" not in shown and "Italy: 0 \u2014" in shown   # a level of 0 as players write it


def test_check_list_finds_a_surrendered_power_still_at_war_and_goes_there(qtbot):
    window = open_window(qtbot)
    window.store.change_session("France surrendered by hand", lambda s: s.carry["france"].update(surrendered=True,
                                                                                          surrender_level=-1))
    dialog = EndOfTurnDialog(window.store.session, window, go_to=window.go_to)
    qtbot.addWidget(dialog)
    dialog.show()   # as a player sees it: its rows are laid out in the dialog's scrolling page
    go = [b for b in dialog.findChildren(QPushButton) if b.accessibleName().startswith("Go there")]
    assert go and "France has surrendered" in go[0].accessibleName()
    qtbot.mouseClick(go[0], Qt.MouseButton.LeftButton)
    assert window.tabs.currentWidget() is window.facts_tab
    # fixed on the war tab, the check list is empty
    find(window.facts_tab, "France at war with Germany: at war").click()
    again = EndOfTurnDialog(window.store.session, window, go_to=window.go_to)
    qtbot.addWidget(again)
    assert not any("France has surrendered" in b.accessibleName() for b in again.findChildren(QPushButton))


def test_german_surrender_is_shown_as_the_end_of_the_european_war(qtbot):
    window = open_window(qtbot)
    window.store.change_session("Germany surrendered",
                                lambda s: s.carry["germany"].update(surrendered=True,
                                                                     surrender_turn=SPRING_1942.to_json()))
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    assert "the war in Europe is over" in text(dialog, "The war is over")
    assert "the war in Europe is over" in window.overview.defeat.text()


def test_election_row_shows_no_level_without_an_election(qtbot):
    window = open_window(qtbot)
    level = find(window.overview, "U.S. election level")
    assert level.text() == "\u2014"
    tick(qtbot, window.power_tabs["election"], "Election held this turn: After the 1945 Year Start Sequence")
    assert find(window.overview, "U.S. election level").text() != "\u2014"   # looked at again


def test_answering_a_question_is_recorded(qtbot):
    window = open_window(qtbot)
    russia_at_zero(qtbot, window)
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    combo: QComboBox = dialog.choice_widgets["russia.brp_option"]
    combo.setCurrentIndex(2)
    window.apply_end_turn(dialog.choices())
    assert window.store.session.carry["russia"]["brp_option"] == combo.currentData()


def test_the_british_offer_check_goes_once_germany_has_answered(qtbot):
    window = open_window(qtbot)
    russia_at_zero(qtbot, window)   # France and Russia out of the war: Britain offers
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    dialog.show()
    assert not dialog.checks_box.isHidden()
    assert "Britain offers to surrender" in " ".join(w.text() for w in dialog.checks_box.findChildren(QLabel))
    dialog.choice_widgets["britain_accept_offer"].setCurrentIndex(1)
    shown = " ".join(w.text() for w in dialog.checks_box.findChildren(QLabel) if w.isVisibleTo(dialog))
    assert "Britain offers to surrender" not in shown
    # The offer rests on a British DP level nobody entered (it counts as 0): the players confirm it first (issue 28).
    combo = dialog.confirm_widgets[("britain", "dp_level")]
    assert combo.currentText() == UNANSWERED and combo.itemText(1) == "It is 0: enter 0"
    asked = " ".join(w.text() for w in dialog.confirm_box.findChildren(QLabel))
    assert "British DP level (59.22A) was never entered and counts as 0" in asked


def japan_at_war_with_britain_alone(window) -> None:
    from .campaign_helpers import war_tab

    find(war_tab(window), "Japan at war with Britain: at war", QCheckBox).click()
    assert window.store.session.facts["war.japan_britain"] is not None


def test_germany_accepting_brings_the_conciliation_and_far_east_questions_unanswered(qtbot):
    """Sixth play-test: "Germany accepts" picked in the end of turn recorded the surrender with the rules' usual
    answers to questions never shown (no conciliation, Japan at war with neither).  They are asked now."""
    window = open_window(qtbot)
    russia_at_zero(qtbot, window)   # France and Russia out of the war: Britain offers
    type_number(qtbot, window.power_tabs["britain"], "British DP level", -3)   # levels counted: concessions
    japan_at_war_with_britain_alone(window)   # 59.891C: the Japanese player chooses
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    dialog.show()
    end = find(dialog, "End the turn", QPushButton)
    accept = find(dialog, "Britain offers to surrender. Does Germany accept?", QComboBox)
    accept.setCurrentIndex(accept.findText("Germany accepts"))
    far_east = find(dialog, "Japan's position when Britain surrenders", QComboBox)
    conciliation = next(combo for combo in dialog.findChildren(QComboBox)
                        if combo.accessibleName().startswith("The surrender level allows Germany"))
    for combo in (far_east, conciliation):   # shown in the next turn of the event loop, as Qt shows new rows
        qtbot.waitUntil(lambda combo=combo: combo.isVisibleTo(dialog), timeout=1000)
        assert combo.currentText() == UNANSWERED
    assert not end.isEnabled()
    assert "Japan's position when Britain surrenders" in text(dialog, "Why the turn cannot end yet")
    accept.setCurrentIndex(accept.findText("Germany declines"))   # the questions go with the acceptance
    assert not any(combo.accessibleName() == "Japan's position when Britain surrenders"
                   for combo in dialog.findChildren(QComboBox) if combo.isVisibleTo(dialog))
    accept.setCurrentIndex(accept.findText("Germany accepts"))
    qtbot.wait(10)
    far_east = next(combo for combo in dialog.findChildren(QComboBox) if combo.isVisibleTo(dialog)
                    and combo.accessibleName() == "Japan's position when Britain surrenders")
    assert far_east.currentText() == UNANSWERED   # asked afresh: no answer carried from before
    far_east.setCurrentIndex(far_east.findText("Japan, at war with Britain only, fights on"))
    conciliation = next(combo for combo in dialog.findChildren(QComboBox) if combo.isVisibleTo(dialog)
                        and combo.accessibleName().startswith("The surrender level allows Germany"))
    conciliation.setCurrentIndex(conciliation.count() - 1)   # Germany takes nothing
    russia = dialog.choice_widgets["russia.brp_option"]
    russia.setCurrentIndex(1)
    assert not end.isEnabled()   # the values nobody entered that the surrender rests on, confirmed first
    for combo in dialog.confirm_widgets.values():
        combo.setCurrentIndex(1)
    assert end.isEnabled()
    window.apply_end_turn(dialog.choices(), dialog.confirmed())
    assert window.store.session.is_entered("russia", "dp_level")
    britain = window.store.session.carry["britain"]
    assert britain["surrendered"] and britain["far_east_choice"] == "japan-fights-on"
    assert britain["conciliation_points"] > 0


def test_accepting_here_shows_the_later_checks_with_britain_out_of_the_war(qtbot):
    """Seventh play-test: accepted in the drop-down, Britain's surrender reached Russia's table a turn later than
    through the wizard.  The checks run in rule order: Russia's (60) sees Britain out at once."""
    window = open_window(qtbot)
    tab = window.power_tabs["russia"]
    tick(qtbot, tab, "Western Allied powers at war with Germany: France", False)   # Britain still fights
    type_number(qtbot, window.power_tabs["britain"], "British DP level", -6)      # and offers
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    dialog.show()
    summary = find(dialog, "End of turn summary", QLabel)
    russia_before = summary.text().split("Russia: ")[1][:2]
    accept = find(dialog, "Britain offers to surrender. Does Germany accept?", QComboBox)
    accept.setCurrentIndex(accept.findText("Germany accepts"))
    russia_after = summary.text().split("Russia: ")[1][:2]
    assert int(russia_after) == int(russia_before) - 1, (russia_before, russia_after)   # 60.11: one ally fewer


def test_japan_s_position_follows_its_wars_where_the_rules_leave_no_choice(qtbot):
    """Seventh play-test: the drop-down offered all four positions whatever The war tab said.  Japan at war with
    nobody: 59.891A, set and greyed; at war with Britain alone: the two choices of 59.891C."""
    window = open_window(qtbot)
    russia_at_zero(qtbot, window)
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    dialog.show()
    accept = find(dialog, "Britain offers to surrender. Does Germany accept?", QComboBox)
    accept.setCurrentIndex(accept.findText("Germany accepts"))
    far_east = find(dialog, "Japan's position when Britain surrenders", QComboBox)
    assert far_east.currentText() == "Japan is at war with neither Britain nor the U.S."
    assert not far_east.isEnabled() and far_east.count() == 2   # "Choose..." and the one position
    assert "Japan's position" not in text(dialog, "Why the turn cannot end yet")
    dialog.reject()
    japan_at_war_with_britain_alone(window)
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    accept = find(dialog, "Britain offers to surrender. Does Germany accept?", QComboBox)
    accept.setCurrentIndex(accept.findText("Germany accepts"))
    far_east = find(dialog, "Japan's position when Britain surrenders", QComboBox)
    assert far_east.isEnabled() and far_east.currentText() == UNANSWERED
    assert [far_east.itemText(i) for i in range(1, far_east.count())] == [
        "Japan, at war with Britain only, makes peace too", "Japan, at war with Britain only, fights on"]


def test_an_italian_war_begun_after_1940_asks_who_declared_it(qtbot):
    """The war tab has Italy at war with the Western Allies since Spring 1942, and nobody said who declared
    it (56.12A/B): the check list says so and goes to the line; the years entered, it is gone."""
    window = open_window(qtbot, turn=Turn(1943, Season.SPRING))
    window.store.set_fact("war.italy_wa", SPRING_1942.to_json())
    dialog = EndOfTurnDialog(window.store.session, window, go_to=window.go_to)
    qtbot.addWidget(dialog)
    dialog.show()   # as a player sees it: its rows are laid out in the dialog's scrolling page
    go = [b for b in dialog.findChildren(QPushButton) if "who declared it" in b.accessibleName()]
    assert go, [b.accessibleName() for b in dialog.findChildren(QPushButton)]
    qtbot.mouseClick(go[0], Qt.MouseButton.LeftButton)
    italy = window.power_tabs["italy"]
    assert window.tabs.currentWidget() is window.power_tabs.holders["italy"]
    type_number(qtbot, italy, "Years after 1940 Italy declared war on the Western Allies", 2)
    again = EndOfTurnDialog(window.store.session, window, go_to=window.go_to)
    qtbot.addWidget(again)
    assert not any("56.12" in b.accessibleName() for b in again.findChildren(QPushButton))
