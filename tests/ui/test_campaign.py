"""A campaign from Fall 1939 into 1943, played through the main window in each edition as players play it:
File > New game, then each turn ticks and numbers on the tabs and on The war tab, Turn > End Allied player
turn, the French surrender wizard when Paris falls, the British wizard when Britain offers (Germany declines, or
accepts and the war resumes with the U.S., 59.86C), Russia and the U.S. entering the war, Japan's declaration,
Singapore, Italy's surrender, a save and reopen followed by undo and redo, the check list's Go there, and
Turn > Go back.

After every step the screen is read back: no fact of the war shows two ways on two tabs; each tab's lines add
up to the sum and level it shows; the Overview shows the levels and statuses the tabs show.  At the steps that
change one fact, the levels move by what the rules say (Britain 59.21, 59.22A; Russia 60.11; Japan 57.11), France
is out of the war on the Britain and Russia tabs once it surrenders, and Vichy Tunisia cannot be conceded (59.6)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QFileDialog,
    QLineEdit,
    QListWidget,
    QMessageBox,
    QPushButton,
    QRadioButton,
    QWizard,
)

from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.ui.awaw.main_window import MainWindow

from .campaign_helpers import (
    WAR_TAB,
    check_list,
    checked,
    disagreements,
    end_turn,
    enter_inputs,
    facts_on_the_war_tab,
    inputs_listed,
    new_game,
    overview_mismatches,
    power_tab,
    show_tab,
    sum_mismatches,
    tab_level,
    visit_every_tab,
    war_tab,
)
from .helpers import NextDialog, find, press, text, tick, type_number

NEXT = QWizard.WizardButton.NextButton
BACK = QWizard.WizardButton.BackButton
FINISH = QWizard.WizardButton.FinishButton
FILE_FILTER = "AWAW sessions (*.awaw)"
FRANCE_AT_WAR = "Other major powers at war with the European Axis: France"
RUSSIA_SEES_FRANCE = "Western Allied powers at war with Germany: France"


def wizard_press(qtbot, wizard, which) -> None:
    button = wizard.button(which)
    assert button.isVisible() and button.isEnabled(), f"{button.text()} is disabled on page {wizard.currentId()}"
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def radio(qtbot, wizard, name) -> None:
    button = find(wizard, name, QRadioButton)
    assert button.isEnabled(), f"{name} is disabled"
    button.click()
    assert button.isChecked()


def type_die(qtbot, wizard, name, value) -> None:
    edit = find(wizard, name, QLineEdit)
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClicks(edit, str(value))


class Campaign:
    """One game in one window, with the checks read from the screen after every step."""

    def __init__(self, qtbot, edition: Edition) -> None:
        self.qtbot, self.edition = qtbot, edition
        window = MainWindow()
        window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # teardown must not ask
        qtbot.addWidget(window)
        window.show()
        self.window = window
        self.steps = 0
        #: Levels the test expects, worked out from the rules for the lines it sets: power -> level.
        self.expected: dict[str, int] = {}
        #: France's turn-of-surrender line and table total as shown the turn it surrendered.
        self.france_at_surrender: tuple[str, str] = ("", "")

    def check(self, step: str) -> None:
        """What every step must leave on the screen."""
        self.steps += 1
        where = f"{self.edition.title}, {self.window.store.session.turn.title}, after {step}"
        visit_every_tab(self.window)
        wrong = disagreements(self.window)
        assert not wrong, f"{where}: a fact shows two ways: " + "; ".join(wrong)
        wrong = sum_mismatches(self.window)
        assert not wrong, f"{where}: a tab's sum is not its lines' sum: " + "; ".join(wrong)
        wrong = overview_mismatches(self.window)
        assert not wrong, f"{where}: the Overview and the tabs disagree: " + "; ".join(wrong)
        tab = self.window.power_tabs["britain"]
        offers = "Offers to surrender" in text(tab, "Britain status")
        assert find(tab, "British surrender wizard").isEnabled() == offers, \
            f"{where}: the British wizard button and the Britain status disagree"

    def expect(self, *powers: str) -> None:
        """From now on, these powers' levels are followed: what their tabs show now."""
        self.expected.update({power: tab_level(self.window, power) for power in powers})

    def moved(self, power: str, by: int, why: str) -> None:
        """The level on the power's tab moved by exactly ``by`` (the rule in ``why``)."""
        shown = tab_level(self.window, power)
        assert shown == self.expected[power] + by, f"{why}: expected {self.expected[power] + by}, shows {shown}"
        self.expected[power] = shown

    def unmoved(self, *powers: str) -> None:
        for power in powers or tuple(self.expected):
            assert tab_level(self.window, power) == self.expected[power], f"{power} level moved"

    @property
    def war(self):
        return war_tab(self.window)   # clicked, as a player does

    def end_turn(self, **kwargs) -> list[str]:
        asked = end_turn(self.qtbot, self.window, **kwargs)
        self.check(f"End of turn (asked: {asked})")
        return asked


def walk_french_surrender(qtbot, outcomes):
    """Hands for the French wizard: Vichy set up, dice typed so Tunisia goes Vichy."""

    def walk(wizard):
        assert wizard.currentPage() is wizard.level_page
        assert find(wizard, "Axis control Paris", QCheckBox).isChecked(), "the wizard did not read Paris"
        wizard_press(qtbot, wizard, NEXT)
        radio(qtbot, wizard, "Set up Vichy France")
        wizard_press(qtbot, wizard, NEXT)
        type_die(qtbot, wizard, "Lebanon-Syria die", 1)
        type_die(qtbot, wizard, "French North Africa die", 6)
        outcomes["tunisia"] = text(wizard, "Tunisia outcome")
        wizard_press(qtbot, wizard, NEXT)
        for name, count in (("named ships", 3), ("cruisers", 2), ("destroyer factors", 4)):   # asked first (58.643)
            type_number(qtbot, wizard, f"French {name} that exist", count)
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, FINISH)

    return walk


def walk_british_offer(qtbot, shown):
    """Hands for the British wizard: Germany looks at acceptance (the concessions page), then declines."""
    from awaw_desktop.ui.awaw import british_wizard as bw

    def walk(wizard):
        radio(qtbot, wizard, "Germany accepts")
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_REDUCTIONS
        type_number(qtbot, wizard, "AAF removed", 20)
        type_number(qtbot, wizard, "BRPs of ground units or NAS removed", 40)
        type_number(qtbot, wizard, "Other naval factors", 100)
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_CONCESSIONS
        shown["tunisia"] = find(wizard, "Tunisia status", QComboBox).currentText()
        shown["take tunisia"] = find(wizard, "Take Tunisia", QCheckBox).isEnabled()
        wizard_press(qtbot, wizard, BACK)
        wizard_press(qtbot, wizard, BACK)
        radio(qtbot, wizard, "Germany declines")
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_SUMMARY
        wizard_press(qtbot, wizard, FINISH)

    return walk


def walk_british_acceptance(qtbot):
    """Hands for the British wizard: Germany accepts; nothing to reduce or concede at level 0 (59.511, 59.65)."""
    from awaw_desktop.ui.awaw import british_wizard as bw

    def walk(wizard):
        radio(qtbot, wizard, "Germany accepts")
        wizard_press(qtbot, wizard, NEXT)
        assert "No reductions" in text(wizard, "Required reductions")
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_CONCESSIONS
        assert find(wizard, "Tunisia status", QComboBox).currentText() == "Not eligible"
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, NEXT)
        assert wizard.currentId() == bw.PAGE_SUMMARY
        wizard_press(qtbot, wizard, FINISH)

    return walk


@pytest.mark.parametrize("germany", ["declines", "accepts"])
@pytest.mark.parametrize("edition", list(Edition))
def test_a_campaign_from_fall_1939_into_1943(qtbot, tmp_path, monkeypatch, edition, germany):
    game = Campaign(qtbot, edition)
    new_game(qtbot, game.window, edition, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Campaign")
    assert game.window.store.session.turn == Turn(1939, Season.FALL)
    game.check("File > New game")
    # Turn > This turn's inputs: each value the tables need is entered where Go there leads, as it counts (issue 28).
    assert enter_inputs(qtbot, game.window) and inputs_listed(game.window) == []
    game.check("This turn's inputs entered")
    assert checked(game.window, "britain", FRANCE_AT_WAR) and checked(game.window, "russia", RUSSIA_SEES_FRANCE)
    game.expect("britain", "russia")
    start = dict(game.expected)
    for _ in range(3):   # Fall 1939 to Spring 1940: nothing changes on the map that the tables read
        game.end_turn()
    game.unmoved()
    fall_of_france(game)
    britain_answers(game, germany)
    the_war_widens(game, germany)
    save_reopen_undo_redo(game, tmp_path, monkeypatch)
    italy_surrenders(game)
    go_back_before_the_french_surrender(game, start)
    assert game.steps >= 30


def fall_of_france(game: Campaign) -> None:
    """Summer 1940: Paris falls (France tab); the French surrender, walked, cancelled and undone, then walked
    again at the end of the turn; Britain's level drops to 0 and it offers to surrender (59.12)."""
    qtbot, window = game.qtbot, game.window
    assert window.store.session.turn == Turn(1940, Season.SUMMER)
    italy = find(game.war, "Italy at war with the Western Allies: at war", QCheckBox)
    if not italy.isChecked():   # a game dated as fought: Italy joins the war now (The war tab)
        show_tab(window, WAR_TAB)
        italy.click()
        game.check("Italy enters the war (The war tab)")
    assert checked(window, "italy", "Italy is at war with the Western Allies")
    tick(qtbot, power_tab(window, "france"), "Axis control Paris")
    game.check("Paris falls (France tab)")
    assert find(game.war, "Axis control Paris", QCheckBox).isChecked()
    outcomes: dict[str, str] = {}

    def walk_then_cancel(dialog):   # the players think better of ending the turn
        walker = NextDialog(walk_french_surrender(qtbot, outcomes))
        press(qtbot, dialog, "Walk through the French surrender (58)\u2026")
        walker.check()
        press(qtbot, dialog, "Cancel")

    hands = NextDialog(walk_then_cancel)
    window.action_end_turn.trigger()
    hands.check()
    assert window.store.session.turn == Turn(1940, Season.SUMMER)
    game.check("the French surrender wizard, then Cancel on the end of turn")
    assert not checked(window, "britain", FRANCE_AT_WAR) and not checked(window, "russia", RUSSIA_SEES_FRANCE)
    assert tab_level(window, "britain") == game.expected["britain"] - 1
    assert window.action_undo.text().endswith("French surrender")
    window.action_undo.trigger()
    game.check("Edit > Undo of the French surrender")
    assert checked(window, "britain", FRANCE_AT_WAR) and checked(window, "russia", RUSSIA_SEES_FRANCE)
    assert facts_on_the_war_tab(window)["colony.tunisia"] == "french"
    game.unmoved()

    offered: list[bool] = []
    shown: dict[str, object] = {}
    settled: list[list[str]] = []
    game.end_turn(
        seen=lambda dialog: offered.append(find(dialog, "Walk through the French surrender (58)").isVisible()),
        before_end=lambda dialog: settled.append(check_list(dialog)),
        wizards=(("Walk through the French surrender (58)", walk_french_surrender(qtbot, outcomes)),
                 ("Germany answers the British offer: British surrender wizard (59)",
                  walk_british_offer(qtbot, shown))))
    assert offered == [True]
    assert not any("France surrenders" in entry or "Britain offers" in entry for entry in settled[0]), settled
    assert "Vichy" in outcomes["tunisia"]
    assert window.store.session.turn == Turn(1940, Season.FALL)
    assert not checked(window, "britain", FRANCE_AT_WAR), "France is still at war on the Britain tab"
    assert not checked(window, "russia", RUSSIA_SEES_FRANCE), "France is still at war on the Russia tab"
    assert facts_on_the_war_tab(window)["colony.tunisia"] == "vichy"
    assert "France in Summer 1940" in text(game.war, "Surrenders")
    france = power_tab(window, "france")
    game.france_at_surrender = (text(france, "Turn of surrender"), text(france, "France total"))
    assert "Summer 1940" in game.france_at_surrender[0] or "turn(s) ago" in game.france_at_surrender[0]
    # Its own lines no longer count and cannot be changed; a fact of the war on its tab (\u21c4) still can.
    assert "its own lines no longer count" in game.france_at_surrender[1]
    assert not find(france, "French ground factors in France").isEnabled()
    assert find(france, "U.S. at war with Germany").isEnabled()
    french = find(window.power_tabs["france"], "French surrender wizard")
    assert not french.isEnabled() and "already surrendered in Summer 1940" in french.toolTip()
    game.moved("britain", -1, "59.21: France's war ending costs Britain exactly 1")
    game.moved("russia", -1, "60.11: France's war ending costs Russia exactly 1")
    assert shown["tunisia"] == "Not eligible", "59.6: Tunisia went Vichy (58.53), it is not British to concede"
    assert shown["take tunisia"] is False
    assert checked(window, "russia", "Western Allied powers at war with Germany: Britain")
    assert "Offers to surrender" in text(window.power_tabs["britain"], "Britain status")


def britain_answers(game: Campaign, germany: str) -> None:
    """Fall 1940 to Spring 1941: Britain offers again at 0.  Germany declines through the question each turn,
    or accepts through the British wizard: Britain makes peace (59.62, the U.S. is not at war)."""
    window = game.window
    if germany == "declines":
        for _ in range(3):
            asked = game.end_turn(answers={"Britain offers to surrender": "Germany declines"})
            assert any(prompt.startswith("Britain offers to surrender") for prompt in asked), asked
    else:
        game.end_turn(wizards=(("Germany answers the British offer: British surrender wizard (59)",
                                walk_british_acceptance(game.qtbot)),))
        assert "Has surrendered" in text(window.power_tabs["britain"], "Britain status")
        assert not find(game.war, "Britain at war with Germany: at war", QCheckBox).isChecked()
        assert not checked(window, "russia", "Western Allied powers at war with Germany: Britain"), \
            "59.62: Britain at peace is still at war on the Russia tab"
        game.moved("russia", -1, "60.11: Britain's war ending costs Russia exactly 1")
        assert "Britain in Fall 1940" in text(game.war, "Surrenders")
        for _ in range(2):   # the peace holds (59.86): the question is asked from the second turn after
            game.end_turn(answers={"Has Britain's war with Germany resumed": "No, Britain's peace with Germany holds"})
    assert window.store.session.turn == Turn(1941, Season.SUMMER)
    game.unmoved("britain")
    # Three turns on, France's table still stands as at its surrender (58.21D/E), not as if it fell now.
    france = power_tab(window, "france")
    assert text(france, "Turn of surrender") == game.france_at_surrender[0]
    assert text(france, "France total") == game.france_at_surrender[1]


def the_war_widens(game: Campaign, germany: str) -> None:
    """Summer 1941 to Spring 1942: Russia and the U.S. enter the war, Japan declares war on the U.S.,
    Singapore falls; a DP level typed on the Britain tab."""
    qtbot, window, war = game.qtbot, game.window, game.war
    show_tab(window, WAR_TAB)   # Summer 1941: Germany attacks Russia
    find(war, "Russia at war with Germany: at war", QCheckBox).click()
    assert find(war, "Russia at war with Germany: season", QComboBox).currentText() == "Summer"
    assert find(war, "Russia at war with Germany: year").value() == 1941
    game.check("Russia enters the war (The war tab)")
    assert checked(window, "britain", "Other major powers at war with the European Axis: Russia")
    game.moved("britain", +1, "59.21: Russia at war adds exactly 1 for Britain")
    assert "Offers to surrender" not in text(window.power_tabs["britain"], "Britain status")
    game.end_turn()
    # Fall 1941: the Year Start Sequence's DP level, typed on the Britain tab, counts as it is (59.22A).
    type_number(qtbot, power_tab(window, "britain"), "British DP level", 2)
    game.check("British DP level typed (Britain tab)")
    game.moved("britain", +2, "59.22A: a British DP level of 2 adds exactly 2")
    game.end_turn()
    assert window.store.session.turn == Turn(1941, Season.WINTER)

    # Winter 1941: the U.S. enters the war; Japan declares war on the U.S. (election tab).
    if game.edition is Edition.ORIGINAL:   # one game ticks it where France's table asks (58.31)
        tick(qtbot, power_tab(window, "france"), "U.S. at war with Germany")
        game.check("the U.S. enters the war (France tab)")
    else:
        show_tab(window, WAR_TAB)
        find(war, "U.S. at war with Germany: at war", QCheckBox).click()
        game.check("the U.S. enters the war (The war tab)")
    assert find(war, "U.S. at war with Germany: season", QComboBox).currentText() == "Winter"
    assert find(war, "U.S. at war with Germany: year").value() == 1941
    assert checked(window, "france", "U.S. at war with Germany")
    assert checked(window, "britain", "Other major powers at war with the European Axis: United States")
    assert checked(window, "russia", "Western Allied powers at war with Germany: United States")
    game.moved("britain", +1, "59.21: the U.S. at war adds exactly 1 for Britain")
    game.moved("russia", +1, "60.11: the U.S. at war adds exactly 1 for Russia")
    tick(qtbot, power_tab(window, "election"), "Japan declared war on the U.S.")
    game.check("Japan declares war on the U.S. (election tab)")
    assert find(war, "Japan at war with the U.S.: at war", QCheckBox).isChecked()
    assert find(war, "Japan at war with the U.S.: season", QComboBox).currentText() == "Winter"
    assert find(war, war_facts.fact("declared.japan_us").label, QCheckBox).isChecked()
    asked = game.end_turn(answers={"Has Britain's war with Germany resumed":
                                   "The U.S. declared war on Germany (59.86C)"})
    if germany == "accepts":   # Britain is at war again beside the U.S. (59.86C)
        assert any(prompt.startswith("Has Britain's war with Germany resumed") for prompt in asked), asked
        assert find(war, "Britain at war with Germany: at war", QCheckBox).isChecked()
        assert (find(war, "Britain at war with Germany: season", QComboBox).currentText(),
                find(war, "Britain at war with Germany: year").value()) == ("Winter", 1941), \
            "59.86C: the war resumed in Winter 1941, with the U.S. declaration The war tab dates Winter 1941"
        assert checked(window, "russia", "Western Allied powers at war with Germany: Britain")
        game.moved("russia", +1, "60.11: Britain at war again adds exactly 1 for Russia")
    assert "Winter 1941" in text(window.power_tabs["japan"], "Japan carried values"), "57.14A: the war clock"

    # Spring 1942: Singapore falls (Japan tab); Japan (57.11) and Britain (59.21) count it.
    game.expect("japan")
    tick(qtbot, power_tab(window, "japan"), "Japan holds Singapore / Manila: Singapore")
    game.moved("japan", +1, "57.11: Singapore adds exactly 1 for Japan")
    game.check("Singapore falls (Japan tab)")
    assert checked(window, "britain", "Axis-controlled Malta / Singapore: Singapore")
    assert find(war, "Japan holds Singapore", QCheckBox).isChecked()
    game.moved("britain", -1, "59.21: an Axis-held Singapore costs Britain exactly 1")
    del game.expected["japan"]   # Japan's level moves with its clock from turn to turn (57.14)
    game.end_turn()
    assert window.store.session.turn == Turn(1942, Season.SUMMER)


def save_reopen_undo_redo(game: Campaign, tmp_path, monkeypatch) -> None:
    """Summer 1942: File > Save As, File > Open in a new window, Edit > Undo of the last end of turn (the undo
    history is in the file), Edit > Redo."""
    qtbot, window = game.qtbot, game.window
    target = tmp_path / "campaign"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(target), FILE_FILTER))
    window.action_save_as.trigger()
    saved = tmp_path / "campaign.awaw"
    assert saved.exists() and not window.isWindowModified()
    game.check("File > Save As")
    other = MainWindow()
    other.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(other)
    other.show()
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(saved), FILE_FILTER))
    other.action_open.trigger()
    game.window = window = other
    assert QApplication.activeModalWidget() is None, "reopening a game saved by this version asked something"
    assert window.store.session.turn == Turn(1942, Season.SUMMER)
    assert window.windowTitle().startswith("campaign.awaw") and not window.isWindowModified()
    game.check("reopening the saved game")
    game.unmoved()
    assert not checked(window, "britain", FRANCE_AT_WAR) and not checked(window, "russia", RUSSIA_SEES_FRANCE)
    assert window.action_undo.isEnabled(), "the reopened game has nothing to undo"
    assert "End of Spring 1942" in window.action_undo.text()
    window.action_undo.trigger()
    assert window.store.session.turn == Turn(1942, Season.SPRING)
    game.check("Edit > Undo of the last end of turn, after reopening")
    assert window.isWindowModified(), "an undone end of turn is a change to the saved game"
    assert checked(window, "japan", "Japan holds Singapore / Manila: Singapore")
    game.unmoved()
    assert window.action_redo.isEnabled()
    window.action_redo.trigger()   # the end of Spring 1942 again, as recorded
    assert window.store.session.turn == Turn(1942, Season.SUMMER)
    game.check("Edit > Redo of the end of turn")
    assert not window.isWindowModified(), "redo returned to the game as saved"
    for _ in range(4):
        game.end_turn()
    assert window.store.session.turn == Turn(1943, Season.SUMMER)


def italy_surrenders(game: Campaign) -> None:
    """Summer 1943: the Allies take Rome (The war tab) and Italy surrenders (56.11A).  Fall 1943: Italy ticked
    back at war by mistake (Italy tab); the end of turn's check list goes where it is fixed."""
    qtbot, window, war = game.qtbot, game.window, game.war
    show_tab(window, WAR_TAB)
    find(war, "Allies control Rome", QCheckBox).click()
    game.check("the Allies take Rome (The war tab)")
    assert checked(window, "italy", "Rome is under Allied control")
    assert "Surrenders" in text(window.power_tabs["italy"], "Italy status")
    game.end_turn()
    assert "Has surrendered" in text(window.power_tabs["italy"], "Italy status")
    assert not find(war, "Italy at war with the Western Allies: at war", QCheckBox).isChecked(), \
        "Italy's surrender ends its war with the Western Allies (The war tab)"
    assert "Italy in Summer 1943" in text(war, "Surrenders")
    assert window.store.session.turn == Turn(1943, Season.FALL)
    game.unmoved()

    tick(qtbot, power_tab(window, "italy"), "Italy is at war with the Western Allies")
    game.check("Italy ticked at war again (Italy tab)")
    assert find(war, "Italy at war with the Western Allies: at war", QCheckBox).isChecked()
    went: list[str] = []

    def go_there(dialog):
        buttons = [b for b in dialog.findChildren(QPushButton) if b.accessibleName().startswith("Go there")]
        went.extend(b.accessibleName() for b in buttons)
        qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)

    hands = NextDialog(go_there)
    window.action_end_turn.trigger()
    hands.check()
    assert went and "Italy has surrendered" in went[0], went
    assert window.store.session.turn == Turn(1943, Season.FALL), "Go there must not end the turn"
    assert window.tabs.currentWidget() is war
    game.check("Go there (the end-of-turn check list)")
    find(war, "Italy at war with the Western Allies: at war", QCheckBox).click()
    game.check("Italy's war unticked where the check list went (The war tab)")
    assert not checked(window, "italy", "Italy is at war with the Western Allies")


def go_back_before_the_french_surrender(game: Campaign, start: dict[str, int]) -> None:
    """Turn > Go back to the moment before the French surrender: France fights on again on every tab and the
    surrender is due again; Edit > Undo brings the whole campaign back."""
    qtbot, window = game.qtbot, game.window
    steps: list[str] = []

    def back(dialog):
        listed = find(dialog, "Earlier steps", QListWidget)
        steps.extend(listed.item(row).text() for row in range(listed.count()))
        row = next(row for row, words in enumerate(steps) if "French surrender" in words)
        listed.setCurrentRow(row)
        press(qtbot, dialog, "Go back")

    hands = NextDialog(back)
    window.action_go_back.trigger()
    hands.check()
    assert window.store.session.turn == Turn(1940, Season.SUMMER), steps
    game.check("Turn > Go back to before the French surrender")
    assert checked(window, "britain", FRANCE_AT_WAR) and checked(window, "russia", RUSSIA_SEES_FRANCE)
    assert checked(window, "france", "Axis control Paris")
    assert not find(game.war, "U.S. at war with Germany: at war", QCheckBox).isChecked()
    assert facts_on_the_war_tab(window)["colony.tunisia"] == "french"
    assert {power: tab_level(window, power) for power in start} == start
    assert find(window.power_tabs["france"], "French surrender wizard").isEnabled()
    assert "no power yet" in text(game.war, "Surrenders")
    again: list[list[str]] = []

    def look(dialog):   # the French surrender is due again, and offered again
        again.append(check_list(dialog))
        assert find(dialog, "Walk through the French surrender (58)").isVisible()
        press(qtbot, dialog, "Cancel")

    hands = NextDialog(look)
    window.action_end_turn.trigger()
    hands.check()
    assert any("France surrenders this turn" in entry for entry in again[0]), again
    window.action_undo.trigger()
    assert window.store.session.turn == Turn(1943, Season.FALL)
    game.check("Edit > Undo of Go back")
    game.unmoved()
    assert not checked(window, "britain", FRANCE_AT_WAR)


def test_the_screen_reader_finds_a_fact_shown_two_ways(qtbot):
    """The campaign's check is not blind: a tab showing a stale fact is reported, naming both places."""
    from PySide6.QtCore import QSignalBlocker

    game = Campaign(qtbot, Edition.UPDATED)
    visit_every_tab(game.window)
    assert disagreements(game.window) == []
    box = find(game.window.power_tabs["russia"], RUSSIA_SEES_FRANCE, QCheckBox)
    with QSignalBlocker(box):
        box.setChecked(False)   # the Russia tab drawn stale, the fact unchanged
    wrong = disagreements(game.window)
    assert len(wrong) == 1 and "Russia tab" in wrong[0] and "France at war with Germany: at war since" in wrong[0]
    with pytest.raises(AssertionError, match="a fact shows two ways"):
        game.check("a stale Russia tab")
