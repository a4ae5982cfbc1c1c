"""Every dialog of the window, opened from its menu or button and filled in through its widgets as a
player does: choose in the combo boxes, type, tick, press the buttons by their text."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog, QFileDialog, QLabel, QMessageBox, QWidget, QWizard

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.files.recovery import RecoveryStore
from awaw_desktop.ui.awaw.late_start_rows import SurrenderRow, late_start_rows
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .helpers import NextDialog, choose, find, painted, press, text, tick, type_number
from .test_main_window import make_window

STARTS = (Turn(1939, Season.FALL), Turn(1942, Season.SPRING), Turn(1944, Season.WINTER))


def activate(qtbot, window):
    """Keyboard shortcuts reach the active window only (as on a desktop), once it is painted (as a player sees
    it before pressing a key: the keys are given right after the first paint)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    painted(qtbot, window)


def fill_game_page(qtbot, dialog, edition, scenario, start, title=""):
    choose(dialog, "Rules edition", edition.title)
    choose(dialog, "Scenario type", scenario.title)
    choose(dialog, "Starting season", start.season.title)
    type_number(qtbot, dialog, "Starting year", start.year)
    if title:
        qtbot.keyClicks(find(dialog, "Game title"), title)


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("scenario", list(Scenario))
def test_file_new_game_creates_every_edition_scenario_and_starting_turn(qtbot, edition, scenario):
    window = make_window(qtbot)
    for start in STARTS:
        title = f"{scenario.title} from {start.title}"

        def player(dialog, start=start, title=title):
            fill_game_page(qtbot, dialog, edition, scenario, start, title)
            if start > Turn(1939, Season.FALL):   # a late start is created on the campaign-so-far page
                press(qtbot, dialog, "Campaign so far >")
            press(qtbot, dialog, "Create game")

        hands = NextDialog(player, NewSessionDialog)
        window.action_new.trigger()
        hands.check()
        session = window.store.session
        assert (session.edition, session.scenario, session.turn, session.start_turn) == \
            (edition, scenario, start, start)
        assert session.title == title
        assert window.windowTitle().startswith(title) and edition.title in window.windowTitle()
        assert start.title in window.overview.heading.text()
        assert window.store.undo_stack.count() == 0 and not window.isWindowModified()
        assert set(window.power_tabs) == set(assess.DISPLAY_ORDER)


def test_cancel_leaves_the_open_game(qtbot):
    window = make_window(qtbot)
    before = window.store.session.snapshot()

    def player(dialog):
        choose(dialog, "Rules edition", Edition.ORIGINAL.title)
        press(qtbot, dialog, "Cancel")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert window.store.session == before


def test_a_late_start_sets_surrenders_and_carried_values_and_plays_at_once(qtbot):
    window = make_window(qtbot)

    def player(dialog):
        fill_game_page(qtbot, dialog, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING), "Club")
        press(qtbot, dialog, "Campaign so far >")
        tick(qtbot, dialog, "France has surrendered")
        choose(dialog, "France has surrendered: season", "Summer")
        type_number(qtbot, dialog, "France has surrendered: year", 1940)
        tick(qtbot, dialog, "French surrender level: set")
        type_number(qtbot, dialog, "French surrender level", -1)
        tick(qtbot, dialog, "Japan at war with the U.S.: at war")
        choose(dialog, "Japan at war with the U.S.: season", "Winter")
        type_number(qtbot, dialog, "Japan at war with the U.S.: year", 1941)
        tick(qtbot, dialog, "U.S. at war with Germany: at war")
        choose(dialog, "U.S. at war with Germany: season", "Winter")
        type_number(qtbot, dialog, "U.S. at war with Germany: year", 1941)
        type_number(qtbot, dialog, "Most island groups Japan has held", 9)
        type_number(qtbot, dialog, "Nationalist factors lost to defection", 2)
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    carry = window.store.session.carry
    assert carry["france"]["surrendered"] is True
    assert carry["france"]["surrender_turn"] == {"season": "summer", "year": 1940}
    assert carry["france"]["surrender_level"] == -1
    assert window.store.session.effective_carry()["japan"]["war_turn"] == {"season": "winter", "year": 1941}
    # the war's facts set on the page show on every table that reads them
    assert window.store.session.value("france", "us_at_war_with_germany") is True
    assert "united_states" in window.store.session.value("britain", "powers_at_war")
    assert carry["japan"]["max_island_groups"] == 9
    assert carry["china"]["defections"] == 2
    assert carry["germany"]["surrendered"] is False
    assert "Has surrendered" in text(window.overview, "France status")
    assert "Winter 1941" in text(window.power_tabs["japan"], "Japan carried values")
    # Ready to play: the first end of turn runs on the late-start facts.
    window.apply_end_turn({})
    assert window.store.session.turn == Turn(1942, Season.SUMMER)


def test_a_surrender_dated_after_the_start_is_refused_on_the_page_and_nothing_is_lost(qtbot):
    window = make_window(qtbot)
    shown = []

    def player(dialog):
        fill_game_page(qtbot, dialog, Edition.ORIGINAL, Scenario.EUROPEAN, Turn(1942, Season.SPRING))
        press(qtbot, dialog, "Campaign so far >")
        tick(qtbot, dialog, "Italy has surrendered")
        tick(qtbot, dialog, "Italian surrender level: set")
        type_number(qtbot, dialog, "Italian surrender level", -1)
        type_number(qtbot, dialog, "Italy has surrendered: year", 1943)
        press(qtbot, dialog, "Create game")
        assert dialog.isVisible(), "a refused game must not close the dialog"
        shown.append(text(dialog, "Why the game cannot be created yet"))
        assert find(dialog, "Italy has surrendered").isChecked()  # what was entered stays
        type_number(qtbot, dialog, "Italy has surrendered: year", 1941)
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert "Italy surrendered in" in shown[0] and "Spring 1942" in shown[0]
    assert window.store.session.carry["italy"]["surrender_turn"]["year"] == 1941
    assert window.store.session.scenario is Scenario.EUROPEAN


def test_changing_the_first_page_after_an_untouched_campaign_page_creates_the_game_at_once(qtbot):
    """Nothing was set on the page: Create game on page 1 makes the new choices' first-turn game (play-test 4 found
    it refused once as "changed"; tests/ui/test_new_game_back.py has the page kept or reset for new choices)."""
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    fill_game_page(qtbot, dialog, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL))
    press(qtbot, dialog, "Campaign so far >")
    press(qtbot, dialog, "< Back")
    choose(dialog, "Scenario type", Scenario.PACIFIC.title)
    press(qtbot, dialog, "Create game")
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.game().scenario is Scenario.PACIFIC


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("scenario", list(Scenario))
def test_the_late_start_page_is_a_list_of_rows_each_checked_by_the_core(qtbot, edition, scenario):
    rows = late_start_rows(edition, scenario, Turn(1943, Season.SPRING))
    assert rows and all(row.label and row.rule and row.section for row in rows)
    for row in rows:
        row.editor()
    assert all(row.carried() == [] for row in rows), "untouched rows set nothing"
    surrenders = [row for row in rows if isinstance(row, SurrenderRow)]
    assert surrenders
    surrenders[0].picker.happened.setChecked(True)
    assert [key for _power, key, _value in surrenders[0].carried()] == ["surrendered", "surrender_turn"]


def test_game_details_from_the_file_menu(qtbot):
    window = make_window(qtbot)

    def player(dialog):
        shown = " ".join(label.text() for label in dialog.findChildren(QLabel))
        assert "Updated rules, Global War; started Spring 1942" in shown
        qtbot.keyClicks(find(dialog, "Game title"), "Club campaign")
        qtbot.keyClicks(find(dialog, "Axis player"), "Ann")
        qtbot.keyClicks(find(dialog, "Allied player"), "Ben")
        press(qtbot, dialog, "OK")

    hands = NextDialog(player)
    window.action_details.trigger()
    hands.check()
    assert window.store.session.players == {"axis": "Ann", "allied": "Ben"}
    assert window.windowTitle().startswith("Club campaign")
    assert window.store.undo_stack.count() == 1


def test_adjust_carried_values_from_the_japan_tab(qtbot):
    window = make_window(qtbot)
    tab = window.power_tabs["japan"]
    window.show_power("japan")

    def player(dialog):
        type_number(qtbot, dialog, "Cumulative modifiers so far", -2)
        type_number(qtbot, dialog, "Most island groups Japan has held", 7)
        # the war clock is not a carried value any more: it is read from the wars (The war tab)
        assert not [w for w in dialog.findChildren(QWidget) if w.accessibleName().startswith("Turn the war began")]
        press(qtbot, dialog, "OK")

    hands = NextDialog(player)
    press(qtbot, tab, "Adjust\u2026")
    hands.check()
    assert window.store.session.carry["japan"]["cumulative_total"] == -2
    assert window.store.session.carry["japan"]["max_island_groups"] == 7
    assert window.store.undo_stack.count() == 1
    assert "<b>-2</b>" in text(tab, "Japan carried values")


@pytest.mark.parametrize("answer", ["End the turn", "Cancel"])
def test_end_of_turn_from_the_keyboard(qtbot, answer):
    window = make_window(qtbot)

    def player(dialog):
        assert "Spring 1942" in dialog.windowTitle()
        assert "Germany" in dialog.report_view.text()
        press(qtbot, dialog, answer)

    hands = NextDialog(player)
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    hands.check()
    expected = Turn(1942, Season.SUMMER) if answer == "End the turn" else Turn(1942, Season.SPRING)
    assert window.store.session.turn == expected


def test_end_of_turn_prompts_read_as_words(qtbot):
    from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog

    window = make_window(qtbot)
    tab = window.power_tabs["russia"]
    for power in ("Britain", "France"):
        tick(qtbot, tab, f"Western Allied powers at war with Germany: {power}", False)
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    prompts = [label.text() for label in dialog.choices_box.findChildren(QLabel)]
    assert any("Russia's" in prompt for prompt in prompts), prompts
    assert not any("&#" in prompt for prompt in prompts)


def test_save_as_and_open_through_the_file_dialogs(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot)
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 6)
    target = tmp_path / "game1"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), FILE_FILTER))
    window.action_save_as.trigger()
    saved = tmp_path / "game1.awaw"
    assert saved.exists() and window.windowTitle().startswith("game1.awaw")
    other = make_window(qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(saved), FILE_FILTER))
    other.action_open.trigger()
    assert other.store.session.value("germany", "dp_level") == 6
    assert other.windowTitle().startswith("game1.awaw")
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: ("", ""))
    other.action_open.trigger()  # the player cancels: nothing changes
    assert other.store.session.value("germany", "dp_level") == 6


FILE_FILTER = "AWAW sessions (*.awaw)"


def leftovers(tmp_path: Path) -> tuple[RecoveryStore, dict[str, str]]:
    """Three games a crash left behind: one saved as game1.awaw, one never saved, one older."""
    recovery = RecoveryStore(tmp_path / "recovery")
    ids = {}
    for key, title, source, turn in (("saved", "Tuesday", tmp_path / "game1.awaw", Turn(1942, Season.FALL)),
                                     ("unsaved", "", None, Turn(1940, Season.SPRING)),
                                     ("older", "Old campaign", None, Turn(1944, Season.WINTER))):
        session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, turn, title=title)
        ids[key] = f"{key}-id"
        recovery.write(ids[key], session, source)
    return recovery, ids


def test_recovery_lists_every_leftover_and_removes_only_what_the_player_declines(qtbot, tmp_path):
    from awaw_desktop.ui.shell.app import offer_recovery

    recovery, ids = leftovers(tmp_path)
    window = make_window(qtbot)
    listed = []

    def player(dialog):
        listed.extend(combo.accessibleName() for combo in dialog.choices.values())
        assert "game1.awaw" in " ".join(label.text() for label in dialog.findChildren(QLabel))
        choose(dialog, next(n for n in listed if n.startswith("game1.awaw")), "Recover now")
        choose(dialog, next(n for n in listed if n.startswith("Untitled game")), "Discard")
        choose(dialog, next(n for n in listed if n.startswith("Old campaign")), "Keep for later")
        press(qtbot, dialog, "Go on")

    hands = NextDialog(player)
    assert offer_recovery(window, recovery)
    hands.check()
    assert len(listed) == 3 and any("Fall 1942" in name for name in listed)
    assert window.store.session.turn == Turn(1942, Season.FALL)
    assert window.windowTitle().startswith("game1.awaw")
    assert window.isWindowModified()
    window.finish_recovery_writes()
    remaining = {entry.id for entry in recovery.list()}
    assert ids["older"] in remaining  # kept, offered again next time
    assert ids["unsaved"] not in remaining and ids["saved"] not in remaining


def test_deciding_later_keeps_every_recovery_file(qtbot, tmp_path):
    from awaw_desktop.ui.shell.app import offer_recovery

    recovery, ids = leftovers(tmp_path)
    window = make_window(qtbot)
    hands = NextDialog(lambda dialog: press(qtbot, dialog, "Decide later"))
    assert not offer_recovery(window, recovery)
    hands.check()
    assert {entry.id for entry in recovery.list()} == set(ids.values())
    assert window.store.session.turn == Turn(1942, Season.SPRING)


def test_rules_readings_from_the_help_menu(qtbot):
    window = make_window(qtbot)
    seen = []

    def player(dialog):
        seen.append(find(dialog, "Rules readings").toPlainText())
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    activate(qtbot, window)
    qtbot.keyClick(window, Qt.Key.Key_F1)
    hands.check()
    assert "How awaw-desktop reads the rules" in seen[0]


def test_about_from_the_help_menu(qtbot):
    window = make_window(qtbot)
    seen = []

    def player(box):
        seen.append(box.text())
        press(qtbot, box, "OK")

    hands = NextDialog(player, QMessageBox)
    about = next(action for action in window.findChildren(type(window.action_new))
                 if action.text().startswith("&About"))
    about.trigger()
    hands.check()
    assert "A World at War" in seen[0] and "54-62" in seen[0]


def test_new_game_wizard_buttons_read_as_the_player_expects(qtbot):
    dialog = NewSessionDialog()
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.button(QWizard.WizardButton.FinishButton).text() == "Create game"
    assert sessionfile.to_json(dialog.part("awaw").build("", {}))["turn"] == {"season": "fall", "year": 1939}


def test_a_new_row_kind_plugs_in_and_what_it_sets_is_checked_by_the_core():
    from awaw_desktop.core.lines import RulesInputError
    from awaw_desktop.ui.awaw.late_start_rows import LateStartRow, checked_session

    class FixedRow(LateStartRow):
        """A row kind as a later fact (who is at war since when) would add one."""

        def __init__(self, value):
            super().__init__("Russia", "Lowest level that already removed units", "60.32")
            self.value = value

        def carried(self):
            return [("russia", "lowest_removal_level", self.value)]

    start = Turn(1943, Season.SPRING)
    good = checked_session(Session.new(turn=start), [FixedRow(-3)])
    assert good.carry["russia"]["lowest_removal_level"] == -3
    with pytest.raises(RulesInputError, match="lowest_removal_level"):
        checked_session(Session.new(turn=start), [FixedRow("x")])


def test_ticking_that_france_surrendered_unticks_its_war_and_the_tables_count_it_out(qtbot):
    """Play-test finding: a Spring 1942 start with France surrendered opened with France still at war, Britain and
    Russia each one level too high (59.21, 60.11) until the first end of turn."""
    window = make_window(qtbot)
    seen = {}

    def player(dialog):
        fill_game_page(qtbot, dialog, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING), "Club")
        press(qtbot, dialog, "Campaign so far >")
        assert find(dialog, "France at war with Germany: at war").isChecked()   # the war as fought, until...
        tick(qtbot, dialog, "France has surrendered")
        tick(qtbot, dialog, "French surrender level: set")
        type_number(qtbot, dialog, "French surrender level", -2)
        seen["france at war"] = find(dialog, "France at war with Germany: at war").isChecked()
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert seen["france at war"] is False
    session = window.store.session
    assert session.fact("war.germany_france") is None
    assert "france" not in session.value("britain", "powers_at_war")
    assert "france" not in session.value("russia", "western_allies_at_war")
    levels = {power: window.store.result(power).level for power in ("britain", "russia")}
    window.apply_end_turn({})   # the first end of turn finds nothing to correct
    assert {power: window.store.result(power).level for power in ("britain", "russia")} == levels
    assert not any("France" in event.text for event in session.history[-1].events)


def test_a_surrendered_power_still_at_war_is_refused_with_the_reason(qtbot):
    window = make_window(qtbot)
    shown = []

    def player(dialog):
        fill_game_page(qtbot, dialog, Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING), "Club")
        press(qtbot, dialog, "Campaign so far >")
        tick(qtbot, dialog, "France has surrendered")
        tick(qtbot, dialog, "French surrender level: set")
        type_number(qtbot, dialog, "French surrender level", -2)
        tick(qtbot, dialog, "France at war with Germany: at war")   # ticked again by hand
        press(qtbot, dialog, "Create game")
        assert dialog.isVisible()
        shown.append(text(dialog, "Why the game cannot be created yet"))
        tick(qtbot, dialog, "France at war with Germany: at war", False)
        press(qtbot, dialog, "Create game")

    before = window.store.session.title
    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert "France at war with Germany is still marked at war, but France has surrendered (58.1)" in shown[0]
    assert window.store.session.title == "Club" != before
