"""The French surrender wizard, driven the way players do: inputs found by accessible name, clicks and typing,
reading what the pages show; then what Finish records, what Cancel and Back leave alone, and undo."""

from __future__ import annotations

import random

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QRadioButton,
    QWidget,
    QWizard,
)

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import Edition, Season, Turn
from awaw_desktop.core.awaw.france_surrender import FrenchSurrenderOutcome
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.french_wizard import FrenchSurrenderWizard, screens
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import NextDialog, click, everything_entered, find, text, tick, type_number
from .helpers import press as press_button

NEXT = QWizard.WizardButton.NextButton
BACK = QWizard.WizardButton.BackButton
FINISH = QWizard.WizardButton.FinishButton
CANCEL = QWizard.WizardButton.CancelButton
#: The 58.21 worked example: Paris (+2) and Marseilles (+1) held by the Axis, 21 French ground factors (-2), Fall 1940.
EXAMPLE = {"paris_axis": True, "lyon_marseilles_axis": ["marseilles"], "ground_factors": 21}


FALL_1940 = Turn(1940, Season.FALL)


def make_store(edition=Edition.ORIGINAL, turn=FALL_1940, **france_values):
    session = Session.new(edition, turn=turn)
    for line_id, value in france_values.items():
        session.set_value("france", line_id, value)
    return SessionStore(everything_entered(session))   # the values nobody entered: test_french_wizard_unentered


def open_wizard(qtbot, store, rng=None):
    wizard = FrenchSurrenderWizard(store, rng=rng)
    qtbot.addWidget(wizard)
    wizard.resize(900, 680)
    wizard.show()
    return wizard


def count_ships(qtbot, wizard, named=0, cruisers=0, destroyers=0):
    """The forces page asks the ship counts before it shows any loss (issue 28): the counts still not entered."""
    for name, value in (("named ships", named), ("cruisers", cruisers), ("destroyer factors", destroyers)):
        box = find(wizard, f"French {name} that exist")
        if box.text() == "not entered":
            type_number(qtbot, wizard, f"French {name} that exist", value)


def press(qtbot, wizard, which):
    if which == NEXT and wizard.currentPage() is getattr(wizard, "forces_page", None):
        count_ships(qtbot, wizard)
    button = wizard.button(which)
    assert button.isEnabled(), f"{button.text()} is disabled on page {wizard.currentId()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def type_die(qtbot, wizard, name, value):
    edit = find(wizard, name, QLineEdit)
    assert isinstance(edit, QLineEdit)
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, str(value))
    assert edit.text() == str(value)


def choose(qtbot, wizard, name):
    radio = find(wizard, name, QRadioButton)
    qtbot.mouseClick(radio, Qt.MouseButton.LeftButton)
    assert radio.isChecked()


def pick(wizard, name, label_start):
    combo = find(wizard, name, QComboBox)
    assert isinstance(combo, QComboBox)
    index = next(i for i in range(combo.count()) if combo.itemText(i).startswith(label_start))
    combo.setCurrentIndex(index)


def saved(store):
    """The game as a file holds it, but for its record: undo gives back the game and adds an entry saying so."""
    document = sessionfile.to_json(store.session)
    document.pop("record")
    return document


# ---- page 1: the level ---------------------------------------------------------------------------------------

def test_level_page_is_filled_in_from_the_france_tab(qtbot):
    store = make_store(**EXAMPLE)
    wizard = open_wizard(qtbot, store)
    assert wizard.currentPage() is wizard.level_page
    assert find(wizard, "Axis control Paris", QCheckBox).isChecked()
    assert find(wizard, "Axis-held Lyon / Marseilles: Marseilles", QCheckBox).isChecked()
    assert not find(wizard, "Axis-held Lyon / Marseilles: Lyon", QCheckBox).isChecked()
    assert find(wizard, "French ground factors in France").value() == 21
    assert text(wizard, "French ground factors in France points") == "-2"
    assert text(wizard, "Turn of surrender points") == "-2"  # original: Fall 1940 by season
    assert text(wizard, "Sum of the modifiers") == "-1"
    assert text(wizard, "French surrender level") == "-1"
    assert "the Axis hold Paris (58.11A)" in text(wizard, "Surrender check")
    assert wizard.button(NEXT).isEnabled()


def test_the_raw_sum_is_clamped_and_edits_stay_in_the_wizard(qtbot):
    store = make_store(Edition.UPDATED, **EXAMPLE)
    store.session.start_turn = Turn(1939, Season.FALL)   # a campaign begun in 1939, now in Fall 1940
    before = saved(store)
    wizard = open_wizard(qtbot, store)
    # updated: no battleship result +1, no German hex recorded: the surrender turn counts as the first, +2
    assert text(wizard, "Sum of the modifiers") == "+4"
    assert text(wizard, "French surrender level") == "+3"
    assert "counts as +3 (58.22)" in text(wizard, "Surrender check")
    tick(qtbot, wizard, "Axis-held Lyon / Marseilles: Lyon")
    assert text(wizard, "Sum of the modifiers") == "+5"
    tick(qtbot, wizard, "Germany's first hex in France: has happened")
    # ticking records the game's current turn, Fall 1940: that turn +2 (58.21E)
    assert find(wizard, "Germany's first hex in France: season").currentText() == "Fall"
    assert find(wizard, "Germany's first hex in France: year").value() == 1940
    assert text(wizard, "Turn of surrender points") == "+2"
    find(wizard, "Germany's first hex in France: season").setCurrentIndex(0)  # Spring: two turns ago, -2
    assert text(wizard, "Turn of surrender points") == "-2"
    assert text(wizard, "Sum of the modifiers") == "+1"
    assert saved(store) == before and store.undo_stack.count() == 0


def test_the_carried_first_german_hex_is_filled_in(qtbot):
    store = make_store(Edition.UPDATED, **EXAMPLE)
    store.session.carry["france"]["german_first_hex_turn"] = {"season": "summer", "year": 1940}
    wizard = open_wizard(qtbot, store)
    assert find(wizard, "Germany's first hex in France: has happened").isChecked()
    assert find(wizard, "Germany's first hex in France: year").value() == 1940
    assert find(wizard, "Germany's first hex in France: season").currentText() == "Summer"
    assert text(wizard, "Turn of surrender points") == "0"  # the turn after the first German hex (58.21E)


def test_the_fleet_helper_counts_damaged_and_shipyard_ships_at_half(qtbot):
    wizard = open_wizard(qtbot, make_store(Edition.UPDATED, **EXAMPLE))
    type_number(qtbot, wizard, "Undamaged naval factors", 30)
    type_number(qtbot, wizard, "Damaged naval factors", 5)
    type_number(qtbot, wizard, "Shipyard '2' / 'Launch' row factors", 4)
    type_number(qtbot, wizard, "Shipyard row '3'+ factors (left out)", 9)
    assert text(wizard, "Fleet count").startswith("Counts as 34 factors")
    click(qtbot, wizard, "Use this count for the fleet line")
    assert find(wizard, "French fleet (naval factors): Full-strength factors").value() == 30
    assert find(wizard, "French fleet (naval factors): Half-strength factors").value() == 9
    assert text(wizard, "French fleet (naval factors) points") == "+1"  # 33-37 factors


def test_next_waits_until_france_surrenders(qtbot):
    wizard = open_wizard(qtbot, make_store(turn=Turn(1940, Season.SUMMER)))
    assert not wizard.button(NEXT).isEnabled()
    assert "fights on" in text(wizard, "Surrender check")
    tick(qtbot, wizard, "France chooses to surrender")
    assert not wizard.button(NEXT).isEnabled()
    assert "Fall 1940" in text(wizard, "Surrender check")  # 58.11B
    tick(qtbot, wizard, "Axis control Paris")
    assert wizard.button(NEXT).isEnabled()


def test_voluntary_surrender_from_fall_1940(qtbot):
    wizard = open_wizard(qtbot, make_store(turn=Turn(1941, Season.SPRING)))
    tick(qtbot, wizard, "France chooses to surrender")
    assert "France chooses to surrender (58.11B)" in text(wizard, "Surrender check")
    press(qtbot, wizard, NEXT)
    assert wizard.currentPage() is wizard.vichy_page


# ---- page 2: Vichy -----------------------------------------------------------------------------------------------

def test_vichy_is_refused_when_the_us_is_at_war_with_germany(qtbot):
    wizard = open_wizard(qtbot, make_store(turn=Turn(1942, Season.SPRING), **EXAMPLE))
    tick(qtbot, wizard, "U.S. at war with Germany")
    press(qtbot, wizard, NEXT)
    establish = find(wizard, "Set up Vichy France", QRadioButton)
    assert not establish.isEnabled() and not establish.isChecked()
    assert find(wizard, "No Vichy France", QRadioButton).isChecked()
    assert "58.31" in text(wizard, "Vichy choice rule") and "U.S." in text(wizard, "Vichy choice rule")
    assert "58.411" in text(wizard, "Hex and force consequences")
    assert wizard.field("vichy") is False


def test_the_vichy_choice_changes_the_consequences(qtbot):
    wizard = open_wizard(qtbot, make_store(**EXAMPLE))
    press(qtbot, wizard, NEXT)
    assert "Next waits" in text(wizard, "Hex and force consequences")   # nothing chosen for the Axis player
    assert not wizard.button(NEXT).isEnabled()
    choose(qtbot, wizard, "Set up Vichy France")
    shown = text(wizard, "Hex and force consequences")
    assert "58.31A" in shown and "58.42" in shown and "58.43" in shown and "58.41" in shown
    choose(qtbot, wizard, "No Vichy France")
    shown = text(wizard, "Hex and force consequences")
    assert "58.31B" in shown and "58.42" not in shown
    assert wizard.field("vichy") is False


def test_back_from_an_unanswered_vichy_page_leaves_no_vichy_reason_on_next(qtbot):
    wizard = open_wizard(qtbot, make_store(**EXAMPLE))
    press(qtbot, wizard, NEXT)
    assert "58.31" in wizard.button(NEXT).toolTip()      # the disabled Next says what it waits for
    press(qtbot, wizard, BACK)
    tick(qtbot, wizard, "Axis control Paris", False)      # now Next waits for a surrender, not for Vichy
    assert not wizard.button(NEXT).isEnabled()
    assert "Vichy" not in wizard.button(NEXT).toolTip()


# ---- the whole surrender: typed dice -------------------------------------------------------------------------------

def test_worked_example_with_typed_dice_finish_and_undo(qtbot):
    store = make_store(**EXAMPLE)
    before = saved(store)
    wizard = open_wizard(qtbot, store)
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "Set up Vichy France")
    press(qtbot, wizard, NEXT)
    assert wizard.currentPage() is wizard.colonies_page
    assert "(-1)" in text(wizard, "Colony roll modifiers") and "+3 for Vichy France" in text(
        wizard, "Colony roll modifiers")
    assert not wizard.button(NEXT).isEnabled()  # no dice yet
    type_die(qtbot, wizard, "Lebanon-Syria die", 1)
    assert not wizard.button(NEXT).isEnabled()
    type_die(qtbot, wizard, "French North Africa die", 4)
    assert wizard.button(NEXT).isEnabled()
    assert text(wizard, "Lebanon-Syria modified roll").endswith("modified roll 3")
    assert text(wizard, "French North Africa modified roll").endswith("modified roll 6")
    assert "Free French" in text(wizard, "Lebanon-Syria outcome")
    for colony in ("Tunisia", "Algeria", "Morocco"):
        assert "Vichy French" in text(wizard, f"{colony} outcome")
    assert text(wizard, "Lebanon-Syria die source") == "typed in"
    type_number(qtbot, wizard, "Lebanon-Syria BRPs", 5)
    type_number(qtbot, wizard, "Morocco BRPs", 4)
    press(qtbot, wizard, NEXT)

    assert wizard.currentPage() is wizard.forces_page
    assert text(wizard, "Free French forces").endswith("6 infantry factors, 1 cruiser(s), 1 destroyer factors")
    assert "12 infantry factors, 1 AAF, 1 named ship(s)" in text(wizard, "Vichy forces")
    # Issue 28: the ship counts are asked before any loss is shown (they start "not entered", never at 0), and
    # Next waits for them.
    assert find(wizard, "French named ships that exist").text() == "not entered"
    assert text(wizard, "Free French lose: not enough ships (58.643)") == "waiting for the ship counts above"
    assert text(wizard, "Vichy loses: not enough ships (58.643)") == "waiting for the ship counts above"
    warning = find(wizard, "No French ships entered", QLabel)   # the page says what it waits for
    assert warning.isVisibleTo(wizard) and "58.643" in warning.text()
    assert not wizard.button(NEXT).isEnabled()
    type_number(qtbot, wizard, "French named ships that exist", 3)
    type_number(qtbot, wizard, "French cruisers that exist", 2)
    type_number(qtbot, wizard, "French destroyer factors that exist", 4)
    assert text(wizard, "Free French get") == "1 cruiser(s), 1 destroyer factors"
    assert text(wizard, "Vichy gets") == "1 named ship(s), 1 cruiser(s), 1 destroyer factors"
    assert text(wizard, "Free French lose: not enough ships (58.643)") == "none"
    assert text(wizard, "Vichy loses: not enough ships (58.643)") == "none"
    assert text(wizard, "Taken by neither side, removed (58.61)") == "2 named ship(s), 2 destroyer factors"
    assert not warning.isVisibleTo(wizard)
    press(qtbot, wizard, NEXT)

    assert text(wizard, "Summary headline").startswith("<b>Level -1 \u00b7 Vichy France set up</b>")
    assert "Lebanon-Syria Free French, Tunisia Vichy French" in text(wizard, "Summary headline")
    summary = find(wizard, "Summary", QPlainTextEdit).toPlainText()
    assert "Surrender level: -1" in summary and "Vichy France: set up" in summary
    assert "Lebanon-Syria: die 1" in summary and "[rolled]" not in summary
    assert "58.71: France is worth 20 BRPs" in summary  # original: BRP base 60 - 40
    assert "Paris 20, Marseilles 10" in summary
    assert "Vichy France is worth 24 BRPs" in summary  # 20 + Morocco 4 (Vichy); Lebanon-Syria is Free French
    assert "Britain receives the Free French colonies' 5 BRPs" in summary
    assert saved(store) == before

    with qtbot.waitSignal(wizard.finished):
        press(qtbot, wizard, FINISH)
    session = store.session
    assert store.undo_stack.count() == 1 and store.undo_stack.undoText() == "French surrender"
    carry = session.carry["france"]
    assert (carry["surrendered"], carry["surrender_level"], carry["vichy"]) == (True, -1, True)
    assert carry["surrender_turn"] == {"season": "fall", "year": 1940}
    outcome = FrenchSurrenderOutcome.from_json(session.outcomes["france"])
    assert outcome == wizard.recorded
    assert session.outcomes["france"]["colonies"] == {"lebanon_syria": "free-french", "tunisia": "vichy",
                                                      "algeria": "vichy", "morocco": "vichy"}
    assert outcome.fleet.vichy.named_ships == 1
    entry = session.history[-1]
    assert entry.kind == "french-surrender" and entry.levels == {"france": -1}
    assert [(d.value, d.source, d.rule) for d in session.dice] == [(1, "typed", "58.531"), (4, "typed", "58.531")]
    assert store.result("france").status.value == "surrendered"

    store.undo_stack.undo()
    assert saved(store) == before
    assert store.session.record.entries[-1].kind == "undone"   # the record keeps the surrender, and its undoing
    assert store.result("france").status.value == "surrenders"
    store.undo_stack.redo()  # redo replays the recorded dice: nothing is rolled again
    assert [d.value for d in store.session.dice] == [1, 4]
    assert store.session.outcomes["france"] == outcome.to_json()


# ---- rolled dice ---------------------------------------------------------------------------------------------------

def test_rolled_dice_are_recorded_as_rolled_and_kept(qtbot):
    store = make_store(Edition.UPDATED, **EXAMPLE)
    expected = random.Random(7)
    first, second = expected.randint(1, 6), expected.randint(1, 6)
    wizard = open_wizard(qtbot, store, rng=random.Random(7))
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "No Vichy France")
    press(qtbot, wizard, NEXT)
    click(qtbot, wizard, "Roll the Lebanon-Syria die")
    click(qtbot, wizard, "Roll the French North Africa die")
    assert find(wizard, "Lebanon-Syria die", QLineEdit).text() == str(first)
    assert find(wizard, "French North Africa die", QLineEdit).text() == str(second)
    assert text(wizard, "Lebanon-Syria die source") == "rolled by the app (kept)"
    assert not find(wizard, "Roll the Lebanon-Syria die", QAbstractButton).isEnabled()  # no re-rolls
    assert find(wizard, "Lebanon-Syria die", QLineEdit).isReadOnly()
    assert text(wizard, "Lebanon-Syria modified roll").endswith(f"modified roll {first + 3}")  # level +3, no Vichy
    press(qtbot, wizard, NEXT)
    assert "No Vichy France" in text(wizard, "Vichy forces")
    press(qtbot, wizard, NEXT)
    assert "[rolled]" in find(wizard, "Summary", QPlainTextEdit).toPlainText()
    press(qtbot, wizard, FINISH)
    dice = store.session.dice
    assert [(d.value, d.source) for d in dice] == [(first, "rolled"), (second, "rolled")]
    assert store.session.carry["france"]["vichy"] is False
    assert store.session.outcomes["france"]["request"]["dice"]["lebanon_syria"] == {"value": first,
                                                                                     "source": "rolled"}
    store.undo_stack.undo()
    assert store.session.dice == [] and store.session.outcomes == {}
    store.undo_stack.redo()
    assert [(d.value, d.source) for d in store.session.dice] == [(first, "rolled"), (second, "rolled")]


def test_colonies_held_by_the_axis_or_britain_do_not_roll(qtbot):
    store = make_store(**EXAMPLE)
    wizard = open_wizard(qtbot, store)
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "Set up Vichy France")
    press(qtbot, wizard, NEXT)
    pick(wizard, "Tunisia held by", "the Axis")
    pick(wizard, "Algeria held by", "the Axis")
    pick(wizard, "Morocco held by", "Britain")
    assert not find(wizard, "French North Africa die", QLineEdit).isEnabled()
    assert not find(wizard, "Roll the French North Africa die", QAbstractButton).isEnabled()
    assert "No roll" in text(wizard, "French North Africa modified roll")
    assert "held by the Axis, no roll" in text(wizard, "Tunisia outcome")
    assert "held by Britain, no roll; it becomes Free French" in text(wizard, "Morocco outcome")
    assert not wizard.button(NEXT).isEnabled()
    type_die(qtbot, wizard, "Lebanon-Syria die", 6)
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, FINISH)
    assert [d.purpose for d in store.session.dice] == ["Lebanon-Syria colony roll"]
    assert store.session.outcomes["france"]["colonies"] == {"lebanon_syria": "vichy", "tunisia": "axis",
                                                            "algeria": "axis", "morocco": "free-french"}


# ---- Cancel and Back -------------------------------------------------------------------------------------------

def test_cancel_leaves_the_session_untouched(qtbot):
    store = make_store(**EXAMPLE)
    before = saved(store)
    wizard = open_wizard(qtbot, store, rng=random.Random(3))
    tick(qtbot, wizard, "Axis-held Lyon / Marseilles: Lyon")
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "Set up Vichy France")
    press(qtbot, wizard, NEXT)
    click(qtbot, wizard, "Roll the Lebanon-Syria die")
    type_die(qtbot, wizard, "French North Africa die", 2)
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, NEXT)
    asked = NextDialog(lambda question: press_button(qtbot, question, "Discard"))   # answers entered: asked first
    with qtbot.waitSignal(wizard.rejected):
        press(qtbot, wizard, CANCEL)
    asked.check()
    assert saved(store) == before
    assert store.undo_stack.count() == 0
    assert wizard.recorded is None


def test_back_keeps_what_was_entered(qtbot):
    store = make_store(**EXAMPLE)
    wizard = open_wizard(qtbot, store)
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "No Vichy France")
    press(qtbot, wizard, NEXT)
    type_die(qtbot, wizard, "Lebanon-Syria die", 2)
    type_die(qtbot, wizard, "French North Africa die", 5)
    press(qtbot, wizard, NEXT)
    count_ships(qtbot, wizard, cruisers=3)
    press(qtbot, wizard, BACK)
    press(qtbot, wizard, BACK)
    press(qtbot, wizard, BACK)
    assert wizard.currentPage() is wizard.level_page
    assert find(wizard, "French ground factors in France").value() == 21
    type_number(qtbot, wizard, "French ground factors in France", 31)  # -3: level -2
    assert text(wizard, "French surrender level") == "-2"
    press(qtbot, wizard, NEXT)
    assert find(wizard, "No Vichy France", QRadioButton).isChecked()
    press(qtbot, wizard, NEXT)
    assert find(wizard, "Lebanon-Syria die", QLineEdit).text() == "2"
    assert find(wizard, "French North Africa die", QLineEdit).text() == "5"
    assert text(wizard, "Lebanon-Syria modified roll").endswith("modified roll 0")  # 2 - 2, no Vichy
    press(qtbot, wizard, NEXT)
    assert find(wizard, "French cruisers that exist").value() == 3
    assert text(wizard, "Free French get") == "3 cruiser(s)"  # level -2 without Vichy: 3 cruisers wanted
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, FINISH)
    assert store.session.carry["france"]["surrender_level"] == -2
    assert store.session.value("france", "ground_factors") == 31  # the France tab shows the facts used


# ---- summary, editions, names, screenshots --------------------------------------------------------------------------

def test_copy_to_clipboard(qtbot):
    wizard = open_wizard(qtbot, make_store(**EXAMPLE), rng=random.Random(1))
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "Set up Vichy France")
    press(qtbot, wizard, NEXT)
    click(qtbot, wizard, "Roll the Lebanon-Syria die")
    click(qtbot, wizard, "Roll the French North Africa die")
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, NEXT)
    click(qtbot, wizard, "Copy to clipboard")
    copied = QGuiApplication.clipboard().text()
    assert copied == find(wizard, "Summary", QPlainTextEdit).toPlainText()
    assert copied.startswith("French surrender, Fall 1940 (Original rules)")


def test_original_brp_base_sets_the_conquest_value(qtbot):
    wizard = open_wizard(qtbot, make_store(**EXAMPLE))
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "Set up Vichy France")
    press(qtbot, wizard, NEXT)
    type_die(qtbot, wizard, "Lebanon-Syria die", 3)
    type_die(qtbot, wizard, "French North Africa die", 3)
    press(qtbot, wizard, NEXT)
    press(qtbot, wizard, NEXT)
    type_number(qtbot, wizard, "French BRP base at the surrender", 75)
    assert "France is worth 35 BRPs as a conquest" in find(wizard, "Summary", QPlainTextEdit).toPlainText()


def test_updated_4_5_armor(qtbot):
    store = make_store(Edition.UPDATED, **EXAMPLE)  # level +3
    wizard = open_wizard(qtbot, store)
    press(qtbot, wizard, NEXT)
    choose(qtbot, wizard, "Set up Vichy France")
    press(qtbot, wizard, NEXT)
    type_die(qtbot, wizard, "Lebanon-Syria die", 3)
    type_die(qtbot, wizard, "French North Africa die", 3)
    press(qtbot, wizard, NEXT)
    assert "1 3-5 armor unit" in text(wizard, "Vichy forces")
    tick(qtbot, wizard, "France has a 4-5 armor unit")
    assert "1 4-5 armor unit" in text(wizard, "Vichy forces")  # 58.613B


@pytest.mark.parametrize("edition", list(Edition))
def test_every_input_has_an_accessible_name(qtbot, edition):
    wizard = open_wizard(qtbot, make_store(edition, **EXAMPLE))
    for widget in wizard.findChildren(QWidget):
        if isinstance(widget, (QCheckBox, QAbstractSpinBox, QComboBox, QRadioButton, QAbstractButton)):
            assert widget.accessibleName() or widget.text(), f"unnamed {type(widget).__name__}"
        if isinstance(widget, QLineEdit) and not isinstance(widget.parent(), (QAbstractSpinBox, QComboBox)):
            assert widget.accessibleName(), "unnamed line edit"
    has_armor = bool([w for w in wizard.findChildren(QCheckBox) if w.accessibleName() == "France has a 4-5 armor unit"])
    assert has_armor == (edition is Edition.UPDATED)


def test_screens_show_each_page_without_touching_the_game(qtbot, tmp_path):
    store = make_store(turn=Turn(1941, Season.SPRING))  # France does not surrender in this game (yet)
    before = saved(store)
    shown = screens(store)
    assert [name for name, _widget in shown] == ["french-wizard-1-level", "french-wizard-2-vichy",
                                                 "french-wizard-3-colonies", "french-wizard-4-forces",
                                                 "french-wizard-5-summary"]
    for index, (name, widget) in enumerate(shown):
        qtbot.addWidget(widget)
        assert isinstance(widget, FrenchSurrenderWizard)
        assert widget.currentId() == index, name
        widget.resize(900, 680)
        widget.show()
        path = tmp_path / f"{name}.png"
        assert widget.grab().save(str(path))
        assert path.stat().st_size > 5000
        widget.close()
    assert "Lebanon-Syria:" in find(shown[4][1], "Summary", QPlainTextEdit).toPlainText()
    assert saved(store) == before and store.undo_stack.count() == 0
