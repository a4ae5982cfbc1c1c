"""Fifth play-test of the surrender wizards, driven as the players drive them: nothing that settles a surrender
is chosen for the players (Japan's Far East choice, Germany's indemnity, a minor country's mode), each page that
waits says what for; the British pages are numbered 1..N as the players see them; the offer page shows no empty
table; the French colonies page says where the colonies' BRPs come from."""

from __future__ import annotations

import re

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit, QRadioButton, QSpinBox, QWizard

from awaw_desktop.core.awaw.common import Season, Turn
from awaw_desktop.ui.awaw import british_wizard as bw
from awaw_desktop.ui.shell.accessible import caption

from . import test_british_wizard as british
from . import test_french_wizard as french
from .helpers import find, text, type_number

NEXT = QWizard.WizardButton.NextButton
FINISH = QWizard.WizardButton.FinishButton


def shown(wizard, name: str) -> str:
    """A line's text if it is on screen, else ""."""
    label = find(wizard, name, QLabel)
    return label.text() if label.isVisible() else ""


def waiting(wizard) -> str:
    """The line of the current page that says what it waits for, if it shows one."""
    lines = [label.text() for label in wizard.currentPage().findChildren(QLabel)
             if caption(label) == "Waiting for" and label.isVisible()]
    return lines[0] if lines else ""


def checked_radios(wizard) -> list[str]:
    return [radio.text() for radio in wizard.currentPage().findChildren(QRadioButton) if radio.isChecked()]


def step_number(wizard) -> int:
    """The step number the current page's title shows ("3. Concessions ..." -> 3)."""
    match = re.match(r"(\d+)\. ", wizard.currentPage().title())
    assert match, f"no step number in {wizard.currentPage().title()!r}"
    return int(match.group(1))


def walk(qtbot, wizard, answer_page) -> list[int]:
    """Press Next page after page to the end, answering each page with ``answer_page(page_id)``; the step
    numbers the titles showed, in order."""
    steps = [step_number(wizard)]
    while wizard.currentId() != bw.PAGE_SUMMARY:
        answer_page(wizard.currentId())
        british.next_page(qtbot, wizard, wizard.currentPage().nextId())
        steps.append(step_number(wizard))
    return steps


# -- nothing chosen for the players -----------------------------------------------------------------------------

def to_far_east(qtbot, wizard):
    british.choose(qtbot, wizard, "Germany accepts")
    british.tick(qtbot, wizard, "Japan is at war with Britain")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    british.fill_reductions(qtbot, wizard, 2, 4, 10)
    british.next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    british.answer_indemnity(wizard, "None")
    british.next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    british.next_page(qtbot, wizard, bw.PAGE_FAR_EAST)


def test_the_far_east_page_opens_with_nothing_chosen_and_waits_for_japan(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-1))
    to_far_east(qtbot, wizard)
    assert checked_radios(wizard) == []
    assert not wizard.button(NEXT).isEnabled()
    assert "Waiting for the Japanese player" in waiting(wizard) and "59.891C" in waiting(wizard)
    assert "59.892" not in text(wizard, "Far East consequences")     # no consequences of an answer not given
    british.choose(qtbot, wizard, "Japan fights on")
    assert wizard.button(NEXT).isEnabled()
    assert waiting(wizard) == ""
    assert "59.894" in text(wizard, "Far East consequences")
    british.next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    british.finish(qtbot, wizard)
    assert wizard.store.session.carry["britain"]["far_east_choice"] == "japan-fights-on"


def test_the_offer_page_waits_for_germany_and_says_so(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-4))
    assert checked_radios(wizard) == []
    assert not wizard.button(NEXT).isEnabled()
    assert "Waiting for Germany's answer" in waiting(wizard)
    british.choose(qtbot, wizard, "Germany declines")
    assert waiting(wizard) == "" and wizard.button(NEXT).isEnabled()


def test_germany_must_accept_at_minus_ten_so_nothing_waits(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-13))
    assert checked_radios(wizard) == ["Germany accepts: Britain surrenders"]   # the rule decides (59.23)
    assert waiting(wizard) == "" and wizard.button(NEXT).isEnabled()


def test_the_indemnity_waits_for_germany_none_being_an_answer(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-4))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    british.fill_reductions(qtbot, wizard, 8, 16, 40)
    british.next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    assert find(wizard, "Indemnity", QComboBox).currentText() == "Choose\u2026"
    assert not wizard.button(NEXT).isEnabled()
    assert "choose the indemnity" in waiting(wizard) and "59.67" in waiting(wizard)
    british.answer_indemnity(wizard, "10 BRPs (1 point)")
    assert wizard.button(NEXT).isEnabled() and waiting(wizard) == ""
    assert "<b>7</b>" in text(wizard, "Concession points left")
    british.answer_indemnity(wizard, "Choose\u2026")                  # taken back: waits again
    assert not wizard.button(NEXT).isEnabled() and "choose the indemnity" in waiting(wizard)
    british.answer_indemnity(wizard, "None")
    british.next_page(qtbot, wizard, bw.PAGE_CONCILIATION)
    british.next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    british.finish(qtbot, wizard)
    assert wizard.store.session.outcomes["britain"]["indemnity"] == 0


def test_with_no_concession_point_there_is_no_indemnity_to_choose(qtbot):
    # A "0" surrender: no level counts, so no point to spend (59.65); nothing waits.
    wizard = british.open_wizard(qtbot, british.make_store(0))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    british.next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    indemnity = find(wizard, "Indemnity", QComboBox)
    assert indemnity.currentText() == "None" and not indemnity.isEnabled()
    assert waiting(wizard) == "" and wizard.button(NEXT).isEnabled()


def test_a_minor_country_taken_back_to_no_mode_is_no_longer_taken(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-5))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    british.fill_reductions(qtbot, wizard, 10, 20, 50)
    british.next_page(qtbot, wizard, bw.PAGE_CONCESSIONS)
    find(wizard, "Minor country name", QLineEdit).setText("Greece")
    type_number(qtbot, wizard, "Minor country BRPs", 12)
    british.click(qtbot, wizard, "Add minor country")
    for name in ("Lebanon/Syria", "Tunisia", "Algeria", "Morocco", "Libya", "Albania"):
        british.tick(qtbot, wizard, f"Take {name}")
    british.pick("Greece mode", wizard, "neutrality")
    british.tick(qtbot, wizard, "Take Greece")
    assert wizard.chosen["greece"] == "neutrality"
    british.pick("Greece mode", wizard, "")
    assert "greece" not in wizard.chosen
    assert not find(wizard, "Take Greece", british.QCheckBox).isChecked()


def test_a_ship_waits_for_its_state_and_the_next_ship_does_not_inherit_it(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-2))
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    state = find(wizard, "Ship state", QComboBox)
    assert state.currentText() == "Choose the state\u2026"
    find(wizard, "Ship name", QLineEdit).setText("BB Nelson")
    british.click(qtbot, wizard, "Add ship")
    ships = find(wizard, "Ships chosen for elimination")
    assert ships.rowCount() == 0 and "choose the ship's state first" in text(wizard, "Ship problem")
    assert find(wizard, "Ship name", QLineEdit).text() == "BB Nelson"      # what was typed stays
    british.pick("Ship state", wizard, "damaged")
    british.click(qtbot, wizard, "Add ship")
    assert ships.rowCount() == 1 and ships.item(0, 2).text().startswith("Damaged")
    assert text(wizard, "Ship problem") == ""
    assert state.currentText() == "Choose the state\u2026"


# -- the steps are numbered as the players see them ------------------------------------------------------------

def answers(qtbot, wizard, aaf, brps, naval, far_east="Japan adheres to the peace"):
    def answer(page_id):
        if page_id == bw.PAGE_OFFER:
            british.choose(qtbot, wizard, "Germany accepts")
        elif page_id == bw.PAGE_REDUCTIONS:
            british.fill_reductions(qtbot, wizard, aaf, brps, naval)
        elif page_id == bw.PAGE_CONCESSIONS:
            british.answer_indemnity(wizard, "None")
        elif page_id == bw.PAGE_FAR_EAST and not wizard.far_east_page.choice_box.isHidden():
            british.choose(qtbot, wizard, far_east)
    return answer


def test_steps_read_one_to_n_when_the_us_is_not_at_war(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-2))
    assert wizard.currentPage().title().startswith("1. The British offer")
    assert walk(qtbot, wizard, answers(qtbot, wizard, 4, 8, 20)) == [1, 2, 3, 4, 5]
    assert wizard.currentPage().title() == "5. Summary"


def test_steps_read_one_to_n_with_the_far_east_question(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-2))
    british.tick(qtbot, wizard, "Japan is at war with Britain")
    assert walk(qtbot, wizard, answers(qtbot, wizard, 4, 8, 20)) == [1, 2, 3, 4, 5, 6]
    assert wizard.far_east_page.title().startswith("5. The Far East")


def test_steps_read_one_to_n_when_the_war_continues(qtbot):
    store = british.make_store(-4, powers_at_war=["united_states"])
    wizard = british.open_wizard(qtbot, store)
    assert walk(qtbot, wizard, answers(qtbot, wizard, 6, 12, 30)) == [1, 2, 3, 4]
    assert wizard.war_page.title().startswith("3. The war continues")


def test_a_declined_offer_goes_to_step_two_and_back_renumbers(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-4))
    british.choose(qtbot, wizard, "Germany declines")
    british.next_page(qtbot, wizard, bw.PAGE_SUMMARY)
    assert wizard.currentPage().title() == "2. Summary"
    wizard.back()
    british.choose(qtbot, wizard, "Germany accepts")
    british.next_page(qtbot, wizard, bw.PAGE_REDUCTIONS)
    assert wizard.currentPage().title().startswith("2. Force reductions")
    assert wizard.summary_page.title() == "5. Summary"     # offer, reductions, concessions, conciliation


# -- the offer page's breakdown ---------------------------------------------------------------------------------

def test_with_no_line_counting_the_offer_page_says_so_instead_of_an_empty_table(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(0))
    assert text(wizard, "British resistance level") == "British resistance: 0"
    assert not find(wizard, "Resistance breakdown").isVisible()
    assert "No line of the British table (59.21)" in shown(wizard, "Resistance breakdown note")


def test_with_lines_counting_the_table_lists_each_and_no_note(qtbot):
    wizard = british.open_wizard(qtbot, british.make_store(-4))
    table = find(wizard, "Resistance breakdown")
    assert table.isVisible() and table.rowCount() >= 1
    assert shown(wizard, "Resistance breakdown note") == ""
    # Every row is whole on screen: the table is as tall as its header and rows.
    rows = sum(table.rowHeight(row) for row in range(table.rowCount()))
    assert table.viewport().height() >= rows


# -- the French wizard -----------------------------------------------------------------------------------------

def to_colonies(qtbot, store):
    wizard = french.open_wizard(qtbot, store)
    assert checked_radios(wizard) == []
    french.press(qtbot, wizard, NEXT)
    assert checked_radios(wizard) == []                          # Vichy or not: the Axis player's answer
    assert not wizard.button(NEXT).isEnabled()
    french.choose(qtbot, wizard, "Set up Vichy France")
    french.press(qtbot, wizard, NEXT)
    return wizard


def test_the_colonies_page_says_where_the_brps_come_from_and_the_summary_notes_zeros(qtbot):
    wizard = to_colonies(qtbot, french.make_store(**french.EXAMPLE))
    hint = text(wizard, "Colony BRPs hint")
    assert "map" in hint and "58.531C" in hint and "58.31A" in hint and "0" in hint
    for colony in ("Lebanon-Syria", "Tunisia", "Algeria", "Morocco"):
        assert find(wizard, f"{colony} BRPs", QSpinBox).value() == 0
    french.type_die(qtbot, wizard, "Lebanon-Syria die", 6)
    french.type_die(qtbot, wizard, "French North Africa die", 6)
    type_number(qtbot, wizard, "Lebanon-Syria BRPs", 5)
    french.press(qtbot, wizard, NEXT)
    french.press(qtbot, wizard, NEXT)
    note = shown(wizard, "Colony BRPs note")
    assert "Tunisia, Algeria, Morocco" in note and "Lebanon-Syria" not in note and "counted as 0" in note


def test_a_colony_the_war_says_the_axis_hold_starts_as_held_by_the_axis(qtbot):
    store = french.make_store(**french.EXAMPLE)
    store.session.set_fact("colony.tunisia", "axis")
    wizard = to_colonies(qtbot, store)
    assert find(wizard, "Tunisia held by", QComboBox).currentText().startswith("the Axis")
    assert find(wizard, "Algeria held by", QComboBox).currentText() == "France"


def test_the_french_steps_read_one_to_five(qtbot):
    wizard = to_colonies(qtbot, french.make_store(**french.EXAMPLE, turn=Turn(1940, Season.SUMMER)))
    titles = [wizard.page(page_id).title() for page_id in wizard.pageIds()]
    assert [int(title.split(".")[0]) for title in titles] == [1, 2, 3, 4, 5]


def test_a_declined_offer_no_longer_asks_the_situation_britain_would_surrender_in(qtbot):
    """Sixth play-test: after "Germany declines" the offer page still asked what holds in the Far East."""
    from PySide6.QtWidgets import QCheckBox

    wizard = british.open_wizard(qtbot, british.make_store(-4))
    japan = find(wizard, "Japan is at war with Britain", QCheckBox)
    british.choose(qtbot, wizard, "Germany accepts")
    assert japan.isVisibleTo(wizard)
    british.choose(qtbot, wizard, "Germany declines")
    assert not japan.isVisibleTo(wizard)
    british.choose(qtbot, wizard, "Germany accepts")
    assert japan.isVisibleTo(wizard)
