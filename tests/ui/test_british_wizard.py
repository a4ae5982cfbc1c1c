"""The British surrender wizard, driven the way the players do: answers typed and ticked by
accessible name, Next/Finish clicked, the record read back from the store."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLineEdit,
    QRadioButton,
    QWidget,
    QWizard,
)

from awaw_desktop.core.awaw import britain
from awaw_desktop.core.awaw.common import Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw import british_wizard as bw
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import NextDialog, click, everything_entered, find, press, text, tick, type_number

TURN = Turn(1941, Season.SPRING)


def make_store(dp=-4, carry=None, scenario=Scenario.GLOBAL_WAR, facts=None, **inputs):
    session = Session.new(scenario=scenario, turn=TURN)
    session.clear_table("britain")  # only the facts below, not a new game's starting facts
    # France has surrendered with every colony Free French, and the Allies hold Libya and Albania: every
    # table territory is British and demandable, unless a test says otherwise.
    for key in ("lebanon_syria", "tunisia", "algeria", "morocco"):
        session.set_fact(f"colony.{key}", "free-french")
    for key in ("libya", "albania"):
        session.set_fact(f"possession.{key}", "allied")
    for key, value in (facts or {}).items():
        session.set_fact(key, value)
    for line_id, value in {"atlantic_transports": 10, "dp_level": dp, **inputs}.items():
        session.set_value("britain", line_id, value)
    if carry is not None:
        session.carry["britain"] = {**britain.initial_carry(), **carry}
    store = SessionStore(everything_entered(session))   # the offer rests on no value nobody entered (issue 28)
    return store


def open_wizard(qtbot, store):
    wizard = bw.BritishSurrenderWizard(store)
    qtbot.addWidget(wizard)
    wizard.show()
    return wizard


def choose(qtbot, wizard, name):
    button = find(wizard, name, QRadioButton)
    assert button.isEnabled(), f"{name} is disabled"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton, pos=QPoint(8, button.height() // 2))
    assert button.isChecked()


def next_page(qtbot, wizard, expected):
    button = wizard.button(QWizard.WizardButton.NextButton)
    assert button.isEnabled(), f"Next is disabled on page {wizard.currentId()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert wizard.currentId() == expected


def finish(qtbot, wizard):
    button = wizard.button(QWizard.WizardButton.FinishButton)
    assert button.isVisible() and button.isEnabled()
    with qtbot.waitSignal(wizard.finished):
        qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def pick(combo_name, wizard, data):
    combo = find(wizard, combo_name, QComboBox)
    combo.setCurrentIndex(combo.findData(data))


def answer_indemnity(wizard, words):
    """Germany's indemnity (59.67), picked by what the list shows ("None", "10 BRPs (1 point)" ...)."""
    combo = find(wizard, "Indemnity", QComboBox)
    index = combo.findText(words)
    assert index >= 0, [combo.itemText(i) for i in range(combo.count())]
    combo.setCurrentIndex(index)


def fill_reductions(qtbot, wizard, aaf, brps, naval):
    type_number(qtbot, wizard, "AAF removed", aaf)
    type_number(qtbot, wizard, "BRPs of ground units or NAS removed", brps)
    type_number(qtbot, wizard, "Other naval factors", naval)


def test_offer_page_shows_the_level_its_breakdown_and_what_acceptance_counts(qtbot):
    wizard = open_wizard(qtbot, make_store(-4))
    assert text(wizard, "British resistance level") == "British resistance: -4"
    table = find(wizard, "Resistance breakdown")
    labels = [table.item(row, 1).text() for row in range(table.rowCount())]
    assert any("DP level" in label for label in labels)
    details = text(wizard, "Offer details")
    assert "<b>-4</b>" in details and "<b>4</b>" in details and "<b>8</b> concession" in details
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()   # Germany must answer first
    assert find(wizard, "Germany declines", QRadioButton).isEnabled()
    assert "59.32" in text(wizard, "Decline note")


def test_declining_is_refused_at_minus_ten_or_lower(qtbot):
    wizard = open_wizard(qtbot, make_store(-13))
    assert not find(wizard, "Germany declines", QRadioButton).isEnabled()
    assert find(wizard, "Germany accepts", QRadioButton).isChecked()
    assert "59.23" in text(wizard, "Decline note")
    assert "<b>-10</b>" in text(wizard, "Offer details")    # never below -10 (59.41)
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_declined_offer_is_recorded_as_lapsed_and_undoes(qtbot):
    store = make_store(-4)
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany declines")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    assert "lapses" in find(wizard, "Summary").toPlainText()
    finish(qtbot, wizard)
    session = store.session
    assert session.carry["britain"]["declined_offers"] == [TURN.to_json()]
    assert session.carry["britain"]["surrendered"] is False
    assert session.outcomes["britain"]["surrendered"] is False
    assert session.history[-1].kind == "british-surrender"
    assert store.results["britain"].status is Status.NO_EFFECT
    assert store.undo_stack.count() == 1
    store.undo_stack.undo()
    assert store.session.history == [] and store.session.outcomes == {}
    assert store.results["britain"].status is Status.OFFERS


def test_force_reductions_with_ships_at_their_discounted_value(qtbot):
    wizard = open_wizard(qtbot, make_store(-2))
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    assert "4 AAF, 8 BRPs of ground units or NAS, and 20 naval factors" in text(wizard, "Required reductions")
    assert "59.514C" in text(wizard, "Exempt units")
    check = text(wizard, "Reductions check")
    assert "Requirements met" not in check and "4 more AAF needed" in check
    type_number(qtbot, wizard, "AAF removed", 4)
    type_number(qtbot, wizard, "BRPs of ground units or NAS removed", 8)
    for name, factors, state in (("BB Nelson", 5, "damaged"), ("CV Ark Royal", 6, "row-3"),
                                 ("CA Exeter", 3, "sunk-in-port"), ("BB Hood", 4, "active")):
        find(wizard, "Ship name", QLineEdit).setText(name)
        type_number(qtbot, wizard, "Ship factors", factors)
        pick("Ship state", wizard, state)
        click(qtbot, wizard, "Add ship")
    ships = find(wizard, "Ships chosen for elimination")
    assert [ships.item(row, 3).text() for row in range(ships.rowCount())] == ["4", "4", "1", "4"]
    assert "<b>13</b> of 20" in text(wizard, "Naval value")
    assert "Requirements met" not in text(wizard, "Reductions check")
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    find(wizard, "Ship name", QLineEdit).setText("BB Rodney")
    type_number(qtbot, wizard, "Ship factors", 7)
    pick("Ship state", wizard, "active")
    click(qtbot, wizard, "Add ship")
    assert "<b>20</b> of 20" in text(wizard, "Naval value")
    assert "Requirements met" in text(wizard, "Reductions check")
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    ships.selectRow(0)
    click(qtbot, wizard, "Remove selected ship")
    assert "Requirements met" not in text(wizard, "Reductions check")
    # Britain has no naval units left: what was eliminated is enough (59.513E).
    tick(qtbot, wizard, "No more naval units to eliminate")
    assert "Requirements met" in text(wizard, "Reductions check")


def test_full_surrender_with_concessions_conciliation_and_undo(qtbot):
    store = make_store(-4)
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 8, 16, 40)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    assert "<b>8</b>" in text(wizard, "Concession points available")
    assert "<b>8</b>" in text(wizard, "Concession points left")
    malta = find(wizard, "Take Malta", QCheckBox)
    assert not malta.isEnabled()
    assert "take Lebanon/Syria (priority 1) first (59.66)" in text(wizard, "Malta note")
    pick("Tunisia status", wizard, "axis-controlled")
    pick("Libya status", wizard, "axis-controlled")
    pick("Albania status", wizard, "independent")
    assert not find(wizard, "Take Tunisia", QCheckBox).isEnabled()
    assert "already Axis-controlled" in text(wizard, "Tunisia note")
    for name in ("Lebanon/Syria", "Algeria"):
        tick(qtbot, wizard, f"Take {name}")
    assert not malta.isEnabled() and "Morocco" in text(wizard, "Malta note")
    tick(qtbot, wizard, "Take Morocco")
    assert malta.isEnabled()
    tick(qtbot, wizard, "Take Malta")
    assert "<b>4</b>" in text(wizard, "Concession points left")
    pick("Indemnity", wizard, 20)
    assert "<b>2</b>" in text(wizard, "Concession points left")
    # Unticking a lower priority leaves Malta ticked but forbidden: Next is refused until it is fixed.
    tick(qtbot, wizard, "Take Morocco", False)
    assert "59.66" in text(wizard, "Concession problems")
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    tick(qtbot, wizard, "Take Morocco")
    assert text(wizard, "Concession problems") == ""
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    effects = text(wizard, "Conciliation effects")
    # 8 points, 6 taken (4 territories and a 20-BRP indemnity): 2 not taken -> -1 resistance, USAT -4.
    assert "Points not taken: <b>2</b>" in effects and "<b>-1</b>" in effects and "\u22124" in effects
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    summary = find(wizard, "Summary").toPlainText()
    assert "Britain surrenders at level -4" in summary and "Taken: Malta" in summary
    assert "Indemnity: 20 BRPs" in summary
    finish(qtbot, wizard)
    carry = store.session.carry["britain"]
    assert (carry["surrendered"], carry["surrender_level"], carry["surrenders"]) == (True, -4, [-4])
    assert (carry["conciliation_points"], carry["usat_reduction"], carry["at_peace"]) == (2, 4, True)
    outcome = store.session.outcomes["britain"]
    assert [item["key"] for item in outcome["taken"]] == ["lebanon_syria", "algeria", "morocco", "malta"]
    assert outcome["indemnity"] == 20 and outcome["removed"]["aaf"] == 8
    assert store.session.history[-1].kind == "british-surrender"
    assert store.results["britain"].status is Status.SURRENDERED
    assert store.results["britain"].figures["surrender_level"] == -4
    election = {item.id: item.points for item in store.results["election"].breakdown}
    assert election["british_surrender_level"] == -4 + 5
    assert election["britain_not_in_surrender"] == 0
    assert store.undo_stack.count() == 1 and store.undo_stack.undoText() == "British surrender"
    store.undo_stack.undo()
    assert store.session.carry["britain"]["surrendered"] is False
    assert store.session.outcomes == {} and store.session.history == []
    assert store.results["britain"].status is Status.OFFERS
    election = {item.id: item.points for item in store.results["election"].breakdown}
    assert election["british_surrender_level"] == 0 and election["britain_not_in_surrender"] == 5


def test_minor_countries_sit_at_priority_two_with_their_mode(qtbot):
    wizard = open_wizard(qtbot, make_store(-5))
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 10, 20, 50)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    find(wizard, "Minor country name", QLineEdit).setText("Greece")
    type_number(qtbot, wizard, "Minor country BRPs", 12)
    click(qtbot, wizard, "Add minor country")
    for name in ("Lebanon/Syria", "Tunisia", "Algeria", "Morocco", "Libya", "Albania"):
        tick(qtbot, wizard, f"Take {name}")
    assert "take Greece (priority 2) first" in text(wizard, "Malta note")
    # Neutrality or Axis control is Germany's choice: none is made for it, and Greece waits for one.
    assert find(wizard, "Greece mode", QComboBox).currentText() == "Choose\u2026"
    assert text(wizard, "Greece points") == "2 or 4"
    assert not find(wizard, "Take Greece", QCheckBox).isEnabled()
    assert "neutrality or Axis control first" in text(wizard, "Greece note")
    pick("Greece mode", wizard, "axis-control")
    assert text(wizard, "Greece points") == "4"
    pick("Greece mode", wizard, "neutrality")
    assert text(wizard, "Greece points") == "2"
    tick(qtbot, wizard, "Take Greece")
    assert find(wizard, "Take Malta", QCheckBox).isEnabled()
    assert "<b>2</b>" in text(wizard, "Concession points left")          # 10 - 6 - 2
    assert not find(wizard, "Take Egypt", QCheckBox).isEnabled()         # Malta etc. first
    answer_indemnity(wizard, "None")   # Germany takes no indemnity: an answer too (59.67)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    finish(qtbot, wizard)
    taken = wizard.store.session.outcomes["britain"]["taken"]
    assert {"key": "greece", "name": "Greece", "points": 2, "mode": "neutrality"} in taken


def test_repeat_surrender_counts_only_the_difference(qtbot):
    store = make_store(-6, carry={"surrendered": True, "surrender_level": -2, "surrenders": [-2]})
    wizard = open_wizard(qtbot, store)
    details = text(wizard, "Offer details")
    assert "before at level -2" in details and "<b>4</b>, worth <b>8</b>" in details
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    assert "8 AAF, 16 BRPs" in text(wizard, "Required reductions")
    fill_reductions(qtbot, wizard, 8, 16, 40)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    answer_indemnity(wizard, "None")   # Germany takes no indemnity: an answer too (59.67)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    finish(qtbot, wizard)
    carry = store.session.carry["britain"]
    assert carry["surrenders"] == [-2, -6] and carry["surrender_level"] == -6
    assert carry["conciliation_points"] == 8          # nothing taken: all 8 points (59.75)
    assert store.results["britain"].figures["surrender_level"] == -6


def test_no_repeat_offer_unless_below_the_last_level(qtbot):
    store = make_store(-2, carry={"surrendered": True, "surrender_level": -2, "surrenders": [-2]})
    assert not britain.wizard_available(store.session, store.results)[0]
    wizard = open_wizard(qtbot, store)
    assert "No offer" in text(wizard, "Offer details")
    assert not find(wizard, "Germany accepts", QRadioButton).isEnabled()
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()


def test_war_continues_when_the_us_is_at_war(qtbot):
    store = make_store(-4, powers_at_war=["united_states"])    # +1 for the U.S. at war: resistance -3
    wizard = open_wizard(qtbot, store)
    assert "<b>is</b> at war" in text(wizard, "U.S. at war with Germany")
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 6, 12, 30)
    next_page(qtbot, wizard, bw.PAGE_WAR)
    assert "no concessions" in text(wizard, "War continues")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    assert "59.61" in find(wizard, "Summary").toPlainText()
    finish(qtbot, wizard)
    carry = store.session.carry["britain"]
    assert (carry["surrender_level"], carry["at_peace"], carry["conciliation_points"]) == (-3, False, 0)
    assert store.session.outcomes["britain"]["war_continues"] is True


def test_conciliation_returns_and_their_restrictions(qtbot):
    store = make_store(-6)
    store.session.carry["britain"] = {**britain.initial_carry(), "returned_territories": ["gibraltar"]}
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 12, 24, 60)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    for key in ("Egypt", "Gibraltar", "Libya", "Central England with Birmingham and Manchester (rows G-J)"):
        pick(f"{key} status", wizard, "axis-controlled")
    tick(qtbot, wizard, "Take Lebanon/Syria")
    answer_indemnity(wizard, "None")   # Germany takes no indemnity: an answer too (59.67)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    egypt = find(wizard, "Return Egypt", QCheckBox)
    assert not egypt.isEnabled() and "59.73G" in text(wizard, "Egypt return note")
    wizard.back()
    tick(qtbot, wizard, "Take Lebanon/Syria", False)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    assert egypt.isEnabled()
    assert not find(wizard, "Return Gibraltar", QCheckBox).isEnabled()
    assert "59.73C" in text(wizard, "Gibraltar return note")
    assert "59.73B" in text(wizard, "Libya return note")            # not British at the start
    tick(qtbot, wizard, "Libya British at the start or gained otherwise")
    assert find(wizard, "Return Libya", QCheckBox).isEnabled()
    central = "Central England with Birmingham and Manchester (rows G-J)"
    assert "59.73E" in text(wizard, f"{central} return note")
    tick(qtbot, wizard, "Axis control Birmingham")
    assert not find(wizard, f"Return {central}", QCheckBox).isEnabled()
    tick(qtbot, wizard, "Axis control Manchester")
    assert find(wizard, f"Return {central}", QCheckBox).isEnabled()
    tick(qtbot, wizard, "Return Egypt")
    tick(qtbot, wizard, f"Return {central}")
    effects = text(wizard, "Conciliation effects")
    # 12 points, none taken (Britain still has far more than 12 to give) + 7 returned = 19.
    assert "points returned: <b>7</b>" in effects and "<b>19</b> point(s)" in effects and "<b>-9</b>" in effects
    wizard.back()
    assert not find(wizard, "Take Lebanon/Syria", QCheckBox).isEnabled()    # 59.73G the other way
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    finish(qtbot, wizard)
    carry = store.session.carry["britain"]
    assert carry["returned_territories"] == ["gibraltar", "egypt", "central_england"]
    assert carry["conciliation_points"] == 19 and carry["usat_reduction"] == 38
    tab_line = next(item for item in store.results["britain"].breakdown if item.id == "conciliation")
    assert tab_line.points == -9


def test_far_east_choice_is_recorded(qtbot):
    store = make_store(-1)
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    tick(qtbot, wizard, "Japan is at war with Britain")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 2, 4, 10)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    answer_indemnity(wizard, "None")   # Germany takes no indemnity: an answer too (59.67)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    next_page(qtbot, wizard, bw.PAGE_FAR_EAST)
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    choose(qtbot, wizard, "Japan adheres to the peace")
    assert "59.892B" in text(wizard, "Far East consequences")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    assert "adheres" in find(wizard, "Summary").toPlainText()
    finish(qtbot, wizard)
    assert store.session.carry["britain"]["far_east_choice"] == "japan-adheres"


def test_japan_adhering_to_the_peace_ends_its_war_with_britain_on_the_war_tab(qtbot):
    """59.891C: Japan, at war with Britain alone, ends hostilities: the war's facts say so once finished."""
    store = make_store(-1, facts={"war.japan_britain": TURN.to_json(), "war.japan_us": None})
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    assert find(wizard, "Japan is at war with Britain", QCheckBox).isChecked()   # from The war tab
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 2, 4, 10)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    answer_indemnity(wizard, "None")
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    next_page(qtbot, wizard, bw.PAGE_FAR_EAST)
    choose(qtbot, wizard, "Japan adheres to the peace")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    finish(qtbot, wizard)
    assert store.session.facts["war.japan_britain"] is None
    assert any("59.891C" in event.text for event in store.session.history[-1].events)


def test_japan_at_war_with_both_needs_no_choice(qtbot):
    wizard = open_wizard(qtbot, make_store(-1, powers_at_war=["united_states"]))
    choose(qtbot, wizard, "Germany accepts")
    tick(qtbot, wizard, "Japan is at war with Britain")
    tick(qtbot, wizard, "Japan is at war with the U.S.")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    assert "No reductions" in text(wizard, "Required reductions")           # a "0" surrender (59.511)
    next_page(qtbot, wizard, bw.PAGE_WAR)
    next_page(qtbot, wizard, bw.PAGE_FAR_EAST)
    assert "59.891B" in text(wizard, "Far East situation")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    finish(qtbot, wizard)
    assert wizard.store.session.carry["britain"]["far_east_choice"] == "war-with-both"


def test_european_scenario_has_no_far_east_question(qtbot):
    wizard = open_wizard(qtbot, make_store(-1, scenario=Scenario.EUROPEAN))
    assert not find(wizard, "Japan is at war with Britain", QCheckBox).isEnabled()


def test_cancel_changes_nothing(qtbot):
    store = make_store(-4)
    before = store.session.snapshot()
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 8, 16, 40)
    asked = NextDialog(lambda question: press(qtbot, question, "Discard"))   # answers were entered: asked first
    with qtbot.waitSignal(wizard.rejected):
        qtbot.mouseClick(wizard.button(QWizard.WizardButton.CancelButton), Qt.MouseButton.LeftButton)
    asked.check()
    assert store.undo_stack.count() == 0
    assert store.session == before


def test_summary_copies_to_the_clipboard(qtbot):
    wizard = open_wizard(qtbot, make_store(-4))
    choose(qtbot, wizard, "Germany declines")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    click(qtbot, wizard, "Copy to clipboard")
    assert QGuiApplication.clipboard().text() == find(wizard, "Summary").toPlainText()
    assert "declines" in QGuiApplication.clipboard().text()


def test_every_input_has_an_accessible_name(qtbot):
    wizard = open_wizard(qtbot, make_store(-4))
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        for widget in page.findChildren(QWidget):
            if isinstance(widget, (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit)) \
                    and widget.objectName() != "qt_tableview_cornerbutton" \
                    and not isinstance(widget.parent(), (QAbstractSpinBox, QComboBox)):
                assert widget.accessibleName(), f"unnamed {type(widget).__name__} on page {page_id}"


@pytest.mark.parametrize("dp", [-4, 5])
def test_screens_show_each_page_and_leave_the_game_alone(qtbot, dp):
    store = make_store(dp)
    before = store.session.snapshot()
    shown = bw.screens(store)
    for _name, widget in shown:
        qtbot.addWidget(widget)
    assert [name for name, _ in shown] == [
        "british-wizard-1-offer", "british-wizard-2-reductions", "british-wizard-3-war-continues",
        "british-wizard-4-concessions", "british-wizard-5-conciliation", "british-wizard-6-far-east",
        "british-wizard-7-summary"]
    assert [widget.currentId() for _, widget in shown] == list(range(7))
    assert store.session == before and store.undo_stack.count() == 0


def test_screens_reach_every_page_in_a_new_games_war(qtbot):
    # A new game's facts: the French colonies are still French and Libya and Albania Italian, so no
    # priority-1 territory can be demanded; the example answers take what the rules allow instead.
    store = make_store(-4, facts={**{f"colony.{key}": "french" for key in
                                     ("lebanon_syria", "tunisia", "algeria", "morocco")},
                                  "possession.libya": "italy", "possession.albania": "italy"})
    shown = bw.screens(store)
    for _name, widget in shown:
        qtbot.addWidget(widget)
    assert [widget.currentId() for _, widget in shown] == list(range(7))
    concessions = shown[bw.PAGE_CONCESSIONS][1]
    assert concessions.chosen and concessions.concession_verdict().ok


def test_concession_statuses_follow_the_wars_facts_and_overrides_are_listed(qtbot):
    # Tunisia went Vichy in the French surrender, Libya is still Italian.
    store = make_store(-4, facts={"colony.tunisia": "vichy", "possession.libya": "italy"})
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 8, 16, 40)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    assert find(wizard, "Tunisia status", QComboBox).currentData() == "not-eligible"
    assert find(wizard, "Libya status", QComboBox).currentData() == "axis-controlled"
    assert find(wizard, "Algeria status", QComboBox).currentData() == "eligible"
    assert not find(wizard, "Take Tunisia", QCheckBox).isEnabled()
    assert not find(wizard, "Take Libya", QCheckBox).isEnabled()
    # A player overrides one: the summary lists it.
    pick("Algeria status", wizard, "independent")
    assert wizard.overrides() == ["Algeria: Independent (the war's facts say Eligible: Free French, under British "
                                  "control (58.531C))"]


def test_the_far_east_ticks_show_the_wars_facts_and_one_tick_keeps_the_other(qtbot):
    # Japan has been at war with Britain and the U.S. since winter 1940 (the war's facts; a war cannot date from
    # after the turn played): the Offer page shows both ticked, and unticking one leaves the other as shown.
    winter_1940 = Turn(1940, Season.WINTER).to_json()
    store = make_store(-1, facts={"war.japan_britain": winter_1940, "war.japan_us": winter_1940})
    wizard = open_wizard(qtbot, store)
    assert find(wizard, "Japan is at war with Britain", QCheckBox).isChecked()
    assert find(wizard, "Japan is at war with the U.S.", QCheckBox).isChecked()
    choose(qtbot, wizard, "Germany accepts")
    tick(qtbot, wizard, "Japan is at war with the U.S.", False)
    assert find(wizard, "Japan is at war with Britain", QCheckBox).isChecked()
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 2, 4, 10)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    answer_indemnity(wizard, "None")   # Germany takes no indemnity: an answer too (59.67)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    next_page(qtbot, wizard, bw.PAGE_FAR_EAST)
    assert "59.891C" in text(wizard, "Far East situation")      # at war with Britain only: Japan chooses


def test_a_return_dropped_when_its_territory_is_no_longer_axis_controlled(qtbot):
    # Germany ticks Egypt to return, then goes Back and finds Egypt was never Axis-held: the return goes
    # with it, so neither the Concessions page (59.73G) nor the Conciliation page is held up by it.
    store = make_store(-6)
    wizard = open_wizard(qtbot, store)
    choose(qtbot, wizard, "Germany accepts")
    next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    fill_reductions(qtbot, wizard, 12, 24, 60)
    next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    pick("Egypt status", wizard, "axis-controlled")
    answer_indemnity(wizard, "None")   # Germany takes no indemnity: an answer too (59.67)
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    tick(qtbot, wizard, "Return Egypt")
    wizard.back()
    assert not find(wizard, "Take Lebanon/Syria", QCheckBox).isEnabled()     # returning: no territory (59.73G)
    pick("Egypt status", wizard, "eligible")
    assert find(wizard, "Take Lebanon/Syria", QCheckBox).isEnabled()
    next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    assert text(wizard, "Return problems") == ""
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    assert "Returned to Britain" not in find(wizard, "Summary").toPlainText()
    finish(qtbot, wizard)
    assert store.session.carry["britain"]["returned_territories"] == []


def test_an_offer_resting_on_values_nobody_entered_is_confirmed_before_germany_answers(qtbot):
    """Issue 28: Britain offers with its unbuilt factors, naval ratio and USAT never entered (each counted as 0): the
    offer page asks the players to confirm them, nothing ticked for them, and the surrender enters them."""
    session = Session.new(scenario=Scenario.GLOBAL_WAR, turn=TURN)
    session.set_value("britain", "dp_level", -6)
    store = SessionStore(session)
    wizard = open_wizard(qtbot, store)
    box = find(wizard, "Confirm the values nobody has entered", QCheckBox)
    assert box.isVisibleTo(wizard) and not box.isChecked()
    assert "USAT level (59.21), counted as 0" in box.text()
    choose(qtbot, wizard, "Germany accepts")
    assert not wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    tick(qtbot, wizard, "Confirm the values nobody has entered")
    assert wizard.button(QWizard.WizardButton.NextButton).isEnabled()
    assert wizard.unconfirmed and all(not session.is_entered(*key) for key in wizard.unconfirmed)
    choose(qtbot, wizard, "Germany declines")
    next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    finish(qtbot, wizard)
    assert all(store.session.is_entered(*key) for key in wizard.unconfirmed)
    store.undo_stack.undo()   # one step: the values go back to not entered with the outcome
    assert not any(store.session.is_entered(*key) for key in wizard.unconfirmed)
