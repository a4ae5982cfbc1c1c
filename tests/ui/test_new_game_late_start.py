"""File > New game for a group joining a campaign under way, driven as the third play-test did: the first page's
words and buttons, the campaign-so-far page's surrenders (their levels asked for, 56.31, 58.22, 59.41), and the
Pacific scenario showing only what applies (54.11)."""

from __future__ import annotations

from PySide6.QtWidgets import QCheckBox, QLabel, QWizard

from awaw_desktop.core.awaw.britain_surrender import offer as britain_offer
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .campaign_helpers import check_list, power_tab, show_tab
from .helpers import NextDialog, choose, find, press, text, tick, type_number
from .test_main_window import make_window

SPRING_1942 = Turn(1942, Season.SPRING)
PROBLEM = "Why the game cannot be created yet"


def first_page(qtbot, dialog, start: Turn, scenario: Scenario = Scenario.GLOBAL_WAR) -> None:
    choose(dialog, "Rules edition", Edition.UPDATED.title)
    choose(dialog, "Scenario type", scenario.title)
    choose(dialog, "Starting season", start.season.title)
    type_number(qtbot, dialog, "Starting year", start.year)


def shown_words(dialog) -> str:
    return " ".join(label.text() for label in dialog.findChildren(QLabel) if label.isVisible())


def visible_buttons(dialog) -> list[str]:
    return [button.text().replace("&", "") for button in
            (dialog.button(which) for which in (QWizard.WizardButton.NextButton, QWizard.WizardButton.FinishButton))
            if button.isVisible()]


def open_dialog(qtbot) -> NewSessionDialog:
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    return dialog


def test_the_first_page_names_the_buttons_it_shows(qtbot):
    """Finding 4: the subtitle said "Press Next" over a button reading "Campaign so far >"."""
    dialog = open_dialog(qtbot)
    first_page(qtbot, dialog, Turn(1939, Season.FALL))
    assert visible_buttons(dialog) == ["Campaign so far >", "Create game"]
    words = shown_words(dialog)
    assert "Press Next" not in words
    assert "\u201cCampaign so far >\u201d" in words and "Create game" in words
    first_page(qtbot, dialog, SPRING_1942)
    assert visible_buttons(dialog) == ["Campaign so far >"]
    words = shown_words(dialog)
    assert "Starting in Spring 1942: press \u201cCampaign so far >\u201d" in words


def test_a_late_start_is_created_on_the_campaign_page_so_both_ways_give_one_game(qtbot):
    """Finding 3: Create game on page 1 for Spring 1942 skipped the page (no war with Russia or the U.S.) while
    the page's pre-ticked wars gave another game.  Now a late start is created on the page only."""
    dialog = open_dialog(qtbot)
    first_page(qtbot, dialog, SPRING_1942)
    dialog.accept()   # Enter on page 1, or a caller accepting: the page comes up instead of a game
    assert dialog.result() != QWizard.DialogCode.Accepted
    assert dialog.currentPage() is dialog.part("awaw").late_page
    assert "Check what happened before the first turn" in text(dialog, PROBLEM)
    assert find(dialog, "Russia at war with Germany: at war").isChecked()
    press(qtbot, dialog, "Create game")
    session = dialog.game()
    assert session.fact("war.germany_russia") == {"season": "summer", "year": 1941}
    assert session.fact("war.germany_us") == {"season": "winter", "year": 1941}


def test_britain_surrendered_without_a_level_is_asked_for_it_and_the_level_reaches_the_game(qtbot):
    """Finding 1: "Britain has surrendered at surrender level None"; a later offer counted as a first one."""
    window = make_window(qtbot)
    seen: dict[str, object] = {}

    def player(dialog):
        first_page(qtbot, dialog, SPRING_1942)
        press(qtbot, dialog, "Campaign so far >")
        tick(qtbot, dialog, "Britain has surrendered")
        seen["asked"] = text(dialog, PROBLEM)
        press(qtbot, dialog, "Create game")
        seen["open"] = dialog.isVisible()
        seen["refused"] = text(dialog, PROBLEM)
        tick(qtbot, dialog, "Most recent British surrender level: set")
        type_number(qtbot, dialog, "Most recent British surrender level", -2)
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert "Britain has surrendered: tick \u201cMost recent British surrender level: set\u201d" in seen["asked"]
    assert seen["open"] is True and "59.41" in seen["refused"]
    britain = window.store.session.carry["britain"]
    assert (britain["surrender_level"], britain["surrenders"]) == (-2, [-2])
    assert britain["at_peace"] is False   # its war with Germany stayed ticked: the war goes on (59.85)
    show_tab(window, "Overview")
    verdict = text(window.overview, "Britain verdict")
    assert "surrender level -2" in verdict and "None" not in verdict
    offer = [c.text for c in window.store.result("britain").consequences if c.rule == "59.87"]
    assert offer == ["Britain offers again only below its last surrender level -2."]
    # a later offer at -3 counts the difference from -2 (59.872): one level, two concession points (not six)
    later = britain_offer(-3, window.store.session.carry["britain"]["surrender_level"])
    assert (later.counted_levels, later.concession_points) == (1, 2)


def test_britain_surrendered_with_its_war_unticked_is_at_peace(qtbot):
    """59.86: a surrender with the U.S. not at war brings peace; unticking Britain's war on the page says so."""
    dialog = open_dialog(qtbot)
    first_page(qtbot, dialog, Turn(1941, Season.SPRING))
    press(qtbot, dialog, "Campaign so far >")
    tick(qtbot, dialog, "Britain has surrendered")
    tick(qtbot, dialog, "Most recent British surrender level: set")
    type_number(qtbot, dialog, "Most recent British surrender level", -4)
    tick(qtbot, dialog, "Britain at war with Germany: at war", False)
    press(qtbot, dialog, "Create game")
    session = dialog.game()
    assert session.carry["britain"]["at_peace"] is True
    assert "at peace with Germany" in session.assess()["britain"].consequences[0].text


def test_france_surrendered_without_a_level_is_not_settled_by_what_the_table_shows(qtbot):
    """Finding 2: the game recorded "France surrendered in Winter 1941 at level +3" from an unset level."""
    window = make_window(qtbot)
    seen: list[str] = []

    def player(dialog):
        first_page(qtbot, dialog, SPRING_1942)
        press(qtbot, dialog, "Campaign so far >")
        tick(qtbot, dialog, "France has surrendered")
        press(qtbot, dialog, "Create game")
        seen.append(text(dialog, PROBLEM))
        assert find(dialog, "France has surrendered").isChecked()   # nothing entered is lost
        tick(qtbot, dialog, "French surrender level: set")
        type_number(qtbot, dialog, "French surrender level", 1)
        assert text(dialog, PROBLEM) == ""   # the question goes once answered
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert "France has surrendered: tick \u201cFrench surrender level: set\u201d" in seen[0] and "58.22" in seen[0]
    assert window.store.result("france").verdict == "France surrendered in Winter 1941 at level +1."


def test_a_surrender_ticked_later_without_a_level_is_on_the_end_of_turn_list(qtbot):
    """A surrender ticked in the carried values (or read from an older file) with no level: the end of turn says
    so with the rule, and the France tab never shows the table's level as the surrender level."""
    window = make_window(qtbot)
    tab = power_tab(window, "france")

    def adjust(dialog):
        tick(qtbot, dialog, "France has surrendered")
        press(qtbot, dialog, "OK")

    hands = NextDialog(adjust)
    find(tab, "Adjust France carried values").click()
    hands.check()
    assert "surrender level not entered (58.22)" in window.store.result("france").verdict
    listed: list[str] = []

    def look(dialog):
        listed.extend(check_list(dialog))
        dialog.reject()

    hands = NextDialog(look)
    window.action_end_turn.trigger()
    hands.check()
    assert any("France has surrendered, but its surrender level was never entered" in entry and "(58.22)" in entry
               for entry in listed), listed


def test_the_pacific_page_and_overview_show_only_what_the_scenario_has(qtbot):
    """Finding 5: the Pacific late start listed the wars with Germany, and the Overview showed +7 and +3 for
    tables the scenario does not use (54.11: Britain and Russia never surrender there; no European powers)."""
    window = make_window(qtbot)
    seen: dict[str, list[str]] = {}

    def player(dialog):
        first_page(qtbot, dialog, Turn(1942, Season.WINTER), Scenario.PACIFIC)
        press(qtbot, dialog, "Campaign so far >")
        seen["wars"] = [box.accessibleName() for box in dialog.findChildren(QCheckBox)
                        if box.accessibleName().endswith(": at war")]
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert seen["wars"] == ["Japan at war with the U.S.: at war", "Japan at war with Britain: at war",
                            "Japan at war with Russia: at war"]
    show_tab(window, "Overview")
    for title in ("Germany", "Italy", "France", "Britain", "Russia", "U.S. election"):
        level = find(window.overview, f"{title} level")
        assert level.text() == "\u2014", title
        assert level.toolTip().startswith("Not used:")
    assert text(window.overview, "Japan level") not in ("\u2014", "")
    assert text(window.overview, "Germany change since last end of turn") == "\u2014"
