"""File > New game, going "< Back" from the campaign-so-far page and changing the first page, driven as the fourth
play-test did: a first-turn game is created at once (nothing of a campaign applies to it), and a page rebuilt for
new choices keeps what the players set where it still applies (a surrender before the new first turn, its level)
and says plainly what it did not keep, and why."""

from __future__ import annotations

from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .helpers import NextDialog, choose, find, press, text, tick, type_number
from .test_main_window import make_window

PROBLEM = "Why the game cannot be created yet"
CARRIED_OVER = "What the new choices kept and reset"


def first_page(qtbot, dialog, start: Turn, scenario: Scenario = Scenario.GLOBAL_WAR) -> None:
    choose(dialog, "Rules edition", Edition.UPDATED.title)
    choose(dialog, "Scenario type", scenario.title)
    choose(dialog, "Starting season", start.season.title)
    type_number(qtbot, dialog, "Starting year", start.year)


def surrender(qtbot, dialog, power: str, level_label: str, level: int, when: Turn | None = None) -> None:
    """Tick that a power has surrendered (in ``when``, else the turn the page offers) and enter its level."""
    tick(qtbot, dialog, f"{power} has surrendered")
    if when is not None:
        choose(dialog, f"{power} has surrendered: season", when.season.title)
        type_number(qtbot, dialog, f"{power} has surrendered: year", when.year)
    tick(qtbot, dialog, f"{level_label}: set")
    type_number(qtbot, dialog, level_label, level)


def test_back_to_fall_1939_after_a_surrender_creates_the_first_turn_game_at_once(qtbot):
    """Finding 1: Create game on page 1 jumped to a "Before Fall 1939" page saying "Not created: ... changed"."""
    window = make_window(qtbot)
    seen: dict[str, object] = {}

    def player(dialog):
        first_page(qtbot, dialog, Turn(1941, Season.SPRING))
        press(qtbot, dialog, "Campaign so far >")
        surrender(qtbot, dialog, "France", "French surrender level", 3)
        press(qtbot, dialog, "< Back")
        first_page(qtbot, dialog, Turn(1939, Season.FALL))
        press(qtbot, dialog, "Create game")
        seen["open"] = dialog.isVisible()
        seen["problem"] = text(dialog, PROBLEM)

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert seen == {"open": False, "problem": ""}
    session = window.store.session
    assert session.turn == Turn(1939, Season.FALL)
    assert session.carry["france"]["surrendered"] is False
    assert session.fact("war.germany_france") is not None
    assert "surrendered" not in window.store.result("france").verdict


def test_an_earlier_start_says_the_later_surrender_was_not_kept(qtbot):
    """Finding 2: Spring 1944 with Britain surrendered at -3, back to Spring 1940: the page was rebuilt without a
    word and Create made a game where Britain had not surrendered.  Its surrender (Winter 1943) is after the new
    first turn: the page now says it did not keep it, nor the level that goes with it."""
    window = make_window(qtbot)
    seen: dict[str, object] = {}

    def player(dialog):
        first_page(qtbot, dialog, Turn(1944, Season.SPRING))
        press(qtbot, dialog, "Campaign so far >")
        surrender(qtbot, dialog, "Britain", "Most recent British surrender level", -3)
        press(qtbot, dialog, "< Back")
        type_number(qtbot, dialog, "Starting year", 1940)
        press(qtbot, dialog, "Campaign so far >")
        seen["said"] = text(dialog, CARRIED_OVER)
        seen["visible"] = find(dialog, CARRIED_OVER).isVisible()
        seen["ticked"] = find(dialog, "Britain has surrendered").isChecked()
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    said = seen["said"]
    assert seen["visible"] is True and seen["ticked"] is False
    assert "the first turn is now Spring 1940 (it was Spring 1944)" in said
    assert "Not kept: Britain has surrendered in Winter 1943 (not before Spring 1940, the first turn you play)" \
        in said
    assert "Most recent British surrender level: -3 (it goes with Britain's surrender)" in said
    assert window.store.session.turn == Turn(1940, Season.SPRING)
    assert window.store.session.carry["britain"]["surrendered"] is False


def test_a_surrender_before_the_new_start_survives_with_its_level_and_the_war_it_ended(qtbot):
    """Spring 1944 with France surrendered in Summer 1940 at +3 and Britain in Winter 1943 at -3, back to Spring 1942:
    France's surrender, its level and its ended war are kept, Britain's surrender is not, and the page says so."""
    window = make_window(qtbot)
    seen: dict[str, object] = {}

    def player(dialog):
        first_page(qtbot, dialog, Turn(1944, Season.SPRING))
        press(qtbot, dialog, "Campaign so far >")
        surrender(qtbot, dialog, "France", "French surrender level", 3, Turn(1940, Season.SUMMER))
        surrender(qtbot, dialog, "Britain", "Most recent British surrender level", -3)
        press(qtbot, dialog, "< Back")
        type_number(qtbot, dialog, "Starting year", 1942)
        press(qtbot, dialog, "Campaign so far >")
        seen["said"] = text(dialog, CARRIED_OVER)
        seen["france"] = (find(dialog, "France has surrendered").isChecked(),
                          find(dialog, "France has surrendered: season").currentText(),
                          find(dialog, "France has surrendered: year").value(),
                          find(dialog, "French surrender level").value())
        seen["france at war"] = find(dialog, "France at war with Germany: at war").isChecked()
        seen["britain"] = find(dialog, "Britain has surrendered").isChecked()
        seen["problem"] = text(dialog, PROBLEM)
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    said = seen["said"]
    assert "Kept from what you set: France has surrendered in Summer 1940" in said
    assert "French surrender level: +3" in said
    assert "Not kept: Britain has surrendered in Winter 1943 (not before Spring 1942" in said
    assert seen["france"] == (True, "Summer", 1940, 3)
    assert seen["france at war"] is False and seen["britain"] is False
    assert seen["problem"] == ""   # nothing is asked: the level came along
    france = window.store.session.carry["france"]
    assert (france["surrendered"], france["surrender_turn"], france["surrender_level"]) == \
        (True, {"season": "summer", "year": 1940}, 3)
    assert window.store.session.carry["britain"]["surrendered"] is False
    assert window.store.result("france").verdict == "France surrendered in Summer 1940 at level +3."


def test_another_scenario_names_what_it_has_no_row_for(qtbot):
    """Spring 1942 with France surrendered, back, the Pacific scenario: no French table there (54.11), said so."""
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    first_page(qtbot, dialog, Turn(1942, Season.SPRING))
    press(qtbot, dialog, "Campaign so far >")
    surrender(qtbot, dialog, "France", "French surrender level", 1)
    press(qtbot, dialog, "< Back")
    choose(dialog, "Scenario type", Scenario.PACIFIC.title)
    press(qtbot, dialog, "Campaign so far >")
    said = text(dialog, CARRIED_OVER)
    assert "the scenario is now Pacific scenario (it was Global War)" in said
    assert "France has surrendered in Winter 1941 (not on the page for the new edition and scenario, 54.11)" in said
    press(qtbot, dialog, "Create game")
    assert dialog.game().scenario is Scenario.PACIFIC


def test_back_and_next_with_nothing_set_rebuilds_without_a_note(qtbot):
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    first_page(qtbot, dialog, Turn(1942, Season.SPRING))
    press(qtbot, dialog, "Campaign so far >")
    press(qtbot, dialog, "< Back")
    type_number(qtbot, dialog, "Starting year", 1943)
    press(qtbot, dialog, "Campaign so far >")
    assert text(dialog, CARRIED_OVER) == "" and not find(dialog, CARRIED_OVER).isVisible()
    assert find(dialog, "Russia at war with Germany: at war").isChecked()   # the new start's war as fought


def test_create_on_page_1_shows_the_page_when_what_was_set_still_applies(qtbot):
    """Back to Fall 1939 after setting a value its page also asks for (Chinese defections, 61.31): Create game on
    page 1 shows the page with the value kept and says so, rather than dropping it without a word."""
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    first_page(qtbot, dialog, Turn(1942, Season.SPRING))
    press(qtbot, dialog, "Campaign so far >")
    type_number(qtbot, dialog, "Nationalist factors lost to defection", 2)
    press(qtbot, dialog, "< Back")
    first_page(qtbot, dialog, Turn(1939, Season.FALL))
    press(qtbot, dialog, "Create game")
    assert dialog.isVisible() and dialog.currentPage() is dialog.part("awaw").late_page
    assert "Kept from what you set: Nationalist factors lost to defection: 2" in text(dialog, CARRIED_OVER)
    assert "Check what happened before the first turn" in text(dialog, PROBLEM)
    press(qtbot, dialog, "Create game")
    session = dialog.game()
    assert session.turn == Turn(1939, Season.FALL) and session.carry["china"]["defections"] == 2
