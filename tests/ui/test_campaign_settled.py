"""Issue 28, a second campaign played through the window from File > New game in every edition, Fall 1939 to Fall
1941: the tables' values entered from "This turn's inputs" but for Russia's DP level, left unentered; China defects
turn after turn until its unbuilt factors are gone (updated editions); France surrenders with its colonies decided
by dice; Britain surrenders and cedes Malta and Gibraltar; the Allied defeat that would follow rests on the Russian
DP level nobody typed, so the end of turn asks for it instead of declaring it; the war with Germany resumes.

After every step every tab, the Overview and the copied report are read back: each value nobody entered is named on
its tab and in This turn's inputs, and the power resting on it is shown as not settled on its tab and the Overview;
Britain reads one way on its chip, the Overview's banner and the election table; the report tells what happened,
turn by turn, with the wizards' summaries and the dice."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QLabel, QPushButton

from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn

from .campaign_helpers import (
    WAR_TAB,
    checked,
    copied_report,
    end_turn,
    enter_inputs,
    facts_on_the_war_tab,
    inputs_listed,
    new_game,
    power_tab,
    show_tab,
    tab_level,
)
from .helpers import NextDialog, find, press, text, tick, type_number
from .test_campaign import FINISH, NEXT, Campaign, radio, type_die, wizard_press

NOT_SETTLED = "Not settled"
RUSSIAN_DP = ("russia", "dp_level")
DEFECTION = "Defection limits (no points)"


def chip(root, power: str) -> str:
    return find(root, f"{assess.title(power)} status", QLabel).text()


class Settled(Campaign):
    """The first campaign's checks after every step, and this issue's."""

    def __init__(self, qtbot, edition: Edition) -> None:
        super().__init__(qtbot, edition)
        self.turns_ended: list[str] = []
        self.dice: list[str] = []

    def check(self, step: str) -> None:
        super().check(step)   # facts one way, sums, the Overview and the tabs agree, the British wizard button
        where = f"{self.edition.title}, {self.window.store.session.turn.title}, after {step}"
        window = self.window
        listed = inputs_listed(window)
        for power in assess.DISPLAY_ORDER:
            tab = window.power_tabs.built[power]
            notes = [row.note.text() for row in tab.rows.values() if "not entered" in row.note.text()]
            own = [line for line in listed if line.startswith(f"{assess.title(power)}: ")]
            assert len(notes) == len(own), f"{where}: {power} tab notes {notes}, This turn's inputs {own}"
            status = chip(tab, power)
            if notes and "Has surrendered" not in status and "Not applicable" not in status:
                assert NOT_SETTLED in status, f"{where}: {power} rests on {notes} but shows {status!r}"
                assert NOT_SETTLED in chip(window.overview, power)
        # One meaning of Britain's state of surrender: its chip, the election table and the Overview's banner.
        britain_out = "Britain has surrendered (59.4): <b>yes</b>" in text(window.power_tabs["britain"],
                                                                          "Britain carried values")
        uk = chip(window.power_tabs["britain"], "britain")
        assert not britain_out or "Has surrendered" in uk or "Offers to surrender" in uk, f"{where}: {uk!r}"
        election = window.power_tabs["election"]
        assert text(election, "Britain not in a state of surrender points") == ("0" if britain_out else "+5"), where
        banner = find(window.overview, "Allied defeat (62.91)", QLabel).text()
        assert ("Britain" in banner.split("not in a state of surrender")[0]) != britain_out or \
            "not in a state of surrender" not in banner, f"{where}: banner {banner!r}"
        # No game is declared over on a value nobody entered.
        if any(line.startswith(("France", "Britain", "Russia")) for line in listed):
            assert "the game is over" not in banner, f"{where}: {banner!r}"
        # The report tells what happened: every turn ended, every die, and the wizards' summaries.
        report = copied_report(window)
        happened = report.split("== What happened ==")[1]
        for title in self.turns_ended:
            assert f"End of turn: End of {title}" in happened, f"{where}: {title} not in the report"
        for die in self.dice:
            assert die in happened, f"{where}: die {die!r} not in the report"
        assert "## What happened" in copied_report(window, "markdown")

    def end_turn(self, **kwargs) -> list[str]:
        turn = self.window.store.session.turn.title
        asked = end_turn(self.qtbot, self.window, **kwargs)
        self.turns_ended.append(turn)
        self.check(f"End of turn (asked: {asked})")
        return asked


@pytest.mark.parametrize("edition", list(Edition))
def test_nothing_assumed_everything_settled(qtbot, edition):
    game = Settled(qtbot, edition)
    new_game(qtbot, game.window, edition, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), "Nothing assumed")
    first_screen(game)
    the_inputs(game)
    china_defects(game)
    france_falls(game)
    britain_cedes_malta_and_gibraltar(game)
    the_war_resumes(game)
    china_stopped(game)


def first_screen(game: Settled) -> None:
    """File > New game: nothing entered yet, so no power's effects are shown as settled (China showed "Incurs
    effects" before any entry); each tab names its values and This turn's inputs lists them all."""
    window = game.window
    game.check("File > New game")
    china = chip(window.overview, "china")
    assert NOT_SETTLED in china and "Incurs effects" not in china, china
    russia = power_tab(window, "russia")
    assert russia.rows["dp_level"].note.text().startswith("not entered; counted as 0")
    assert text(russia, "Russia verdict").startswith("Not settled")
    assert "Russian DP level: not entered; counted as 0" in text(russia, "Russia consequences")
    show_tab(window, "Overview")
    assert "Russian DP level: not entered; counted as 0" in text(window.overview, "Russia verdict")
    assert any(line.startswith("Russia: Russian DP level (60.11): not entered; counted as 0") for line in
               inputs_listed(window))
    fleet = power_tab(window, "france").rows["fleet"].note.text()
    assert fleet.startswith("not entered; counted as 42 full-strength factors"), fleet


def the_inputs(game: Settled) -> None:
    """Turn > This turn's inputs, Go there and a number on each, but Russia's DP level, left as it is."""
    qtbot, window = game.qtbot, game.window
    values = {("germany", "dp_level"): 10, ("italy", "dp_level"): 4, ("japan", "pacific_objectives"): 6,
              ("france", "ground_factors"): 40, ("france", "french_objectives"): 3, ("britain", "dp_level"): 8,
              ("britain", "unbuilt_factors"): 10, ("britain", "usat_level"): 10, ("russia", "unbuilt_factors"): 0,
              ("china", "unbuilt_ground"): 9, ("china", "force_pool"): 40, ("china", "defection_facts"): 9}
    entered = enter_inputs(qtbot, window, values, leave=(RUSSIAN_DP,))
    assert RUSSIAN_DP not in entered and ("britain", "naval_ratio") in entered
    if window.store.session.has_line("china", "defection_facts"):
        china = power_tab(window, "china")
        type_number(qtbot, china, f"{DEFECTION}: Nationalist ground force level (factors, built and unbuilt)", 26)
    game.check("This turn's inputs entered, Russia's DP level left")
    assert [line.split(" (")[0] for line in inputs_listed(window)] == ["Russia: Russian DP level"]
    assert NOT_SETTLED in chip(window.overview, "russia") and NOT_SETTLED not in chip(window.overview, "china")
    game.expect("britain", "russia")


def china_defects(game: Settled) -> None:
    """Fall 1939 to Spring 1940: Nationalist factors defect each turn (61.31), no more than the unbuilt ones, and
    the factors that went no longer count as unbuilt (61.32A).  The Original rules have no defections."""
    window = game.window
    updated = window.store.session.has_line("china", "defection_facts")
    unbuilt = [9]
    for _ in range(3):
        level = tab_level(window, "china")
        game.end_turn()
        china = power_tab(window, "china")
        unbuilt.append(find(china, "Unbuilt Nationalist ground factors").value())
        if updated:   # one factor per level below 0, at most three, no more than are unbuilt (61.31)
            assert unbuilt[-2] - unbuilt[-1] == min(3, max(0, -level), unbuilt[-2]), (level, unbuilt)
            assert find(china, f"{DEFECTION}: Unbuilt Nationalist replacement/infantry factors").value() == unbuilt[-1]
    if not updated:
        assert unbuilt == [9, 9, 9, 9]
        return
    lost = 9 - unbuilt[-1]
    assert lost >= 5, unbuilt
    assert f"Nationalist factors lost to defection (61.31): <b>{lost}</b>" in text(window.power_tabs["china"],
                                                                                  "China carried values")
    happened = copied_report(window).split("== What happened ==")[1]
    assert "China: Unbuilt Nationalist ground factors 9 \u2192 6" in happened
    assert "3 unbuilt Nationalist factor(s) defect" in happened


def china_stopped(game: Settled) -> None:
    """Eight turns on: the factors defected while China's level was below 0, never more than were unbuilt (61.31B),
    and none of them counts as unbuilt, in the ground force level or in the force pool any longer (61.32A)."""
    window = game.window
    if not window.store.session.has_line("china", "defection_facts"):
        return
    china = power_tab(window, "china")
    unbuilt = find(china, "Unbuilt Nationalist ground factors").value()
    lost = 9 - unbuilt
    assert unbuilt <= 2 and (unbuilt == 0 or tab_level(window, "china") >= 0), unbuilt   # none left, or no cause
    assert f"Nationalist factors lost to defection (61.31): <b>{lost}</b>" in text(china, "China carried values")
    force_level = find(china, f"{DEFECTION}: Nationalist ground force level (factors, built and unbuilt)").value()
    assert force_level == 26 - lost
    assert find(china, "Nationalist force pool (ground and air factors)").value() == 40 - lost


def walk_the_french_surrender(qtbot, seen):
    """Vichy set up; the colonies' dice typed; the ship counts asked before any loss is shown."""

    def walk(wizard):
        wizard_press(qtbot, wizard, NEXT)
        radio(qtbot, wizard, "Set up Vichy France")
        wizard_press(qtbot, wizard, NEXT)
        type_die(qtbot, wizard, "Lebanon-Syria die", 6)
        type_die(qtbot, wizard, "French North Africa die", 6)
        seen["colonies"] = {colony: text(wizard, f"{colony} outcome")
                            for colony in ("Lebanon-Syria", "Tunisia", "Algeria", "Morocco")}
        wizard_press(qtbot, wizard, NEXT)
        assert find(wizard, "French named ships that exist").text() == "not entered"
        assert text(wizard, "Vichy loses: not enough ships (58.643)") == "waiting for the ship counts above"
        assert not wizard.button(NEXT).isEnabled(), "the fleet page went on without the ship counts"
        for name, count in (("named ships", 3), ("cruisers", 2), ("destroyer factors", 4)):
            type_number(qtbot, wizard, f"French {name} that exist", count)
        seen["vichy fleet"] = text(wizard, "Vichy gets")
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, FINISH)

    return walk


def france_falls(game: Settled) -> None:
    """Summer 1940: the Axis take Paris; the French surrender walked from the end of turn, its colonies decided by
    the dice typed (58.531), each written to The war tab (58.53)."""
    qtbot, window = game.qtbot, game.window
    assert window.store.session.turn == Turn(1940, Season.SUMMER)
    tick(qtbot, power_tab(window, "france"), "Axis control Paris")
    game.check("Paris falls (France tab)")
    seen: dict[str, object] = {}
    game.end_turn(wizards=(("Walk through the French surrender (58)", walk_the_french_surrender(qtbot, seen)),))
    game.dice += ["Lebanon-Syria colony roll (58.531): 6, typed in",
                  "French North Africa colony roll (Tunisia, Algeria, Morocco) (58.531): 6, typed in"]
    colonies = facts_on_the_war_tab(window)
    for colony, words in seen["colonies"].items():   # type: ignore[union-attr]
        side = "vichy" if "Vichy" in words else "free-french" if "Free French" in words else None
        if side is not None:
            assert colonies[f"colony.{colony.lower().replace('-', '_')}"] == side, (colony, words)
    assert seen["vichy fleet"] and "waiting" not in str(seen["vichy fleet"])   # worked out once the ships were in
    happened = copied_report(window).split("== What happened ==")[1]
    assert "French surrender (wizard): French surrender, Summer 1940" in happened
    assert "58.621: Free French forces" in happened
    # The Free French are British units from now on (58.624): the players are asked to change Britain's entries.
    assert "58.624: Britain tab: the Free French forces" in happened or "58.621: Free French forces: none." in happened
    assert not checked(window, "britain", "Other major powers at war with the European Axis: France")
    game.moved("russia", -1, "60.11: France's war ending costs Russia exactly 1")


def walk_britain_cedes(qtbot, seen):
    """Germany accepts at -4 (8 concession points): it takes what it must take first, then Malta and, once the
    third priority is taken, Gibraltar; no indemnity."""

    def walk(wizard):
        radio(qtbot, wizard, "Germany accepts")
        wizard_press(qtbot, wizard, NEXT)
        type_number(qtbot, wizard, "AAF removed", 8)
        type_number(qtbot, wizard, "BRPs of ground units or NAS removed", 16)
        type_number(qtbot, wizard, "Other naval factors", 40)
        wizard_press(qtbot, wizard, NEXT)
        seen["tunisia"] = (find(wizard, "Tunisia status", QComboBox).currentText(), text(wizard, "Tunisia note"))
        for name in ("Lebanon/Syria", "Malta", "Palestine (with Cyprus)", "Transjordan", "Gibraltar"):
            box = find(wizard, f"Take {name}", QCheckBox)
            if box.isEnabled():
                box.click()
                seen.setdefault("taken", []).append(name)   # type: ignore[union-attr]
        combo = find(wizard, "Indemnity", QComboBox)
        combo.setCurrentIndex(combo.findText("None"))
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, NEXT)
        wizard_press(qtbot, wizard, FINISH)

    return walk


def britain_cedes_malta_and_gibraltar(game: Settled) -> None:
    """Fall 1940: Britain offers at -4 and Germany takes Malta and Gibraltar among others (59.6): Malta is Axis-held
    on every table from then on.  With France and Britain in surrender and Russia at 0, an Allied defeat (62.91)
    would follow, but only with Russia's DP level nobody typed: the end of turn asks for it instead of declaring
    it; Go there, and the DP level typed, and there is none."""
    qtbot, window = game.qtbot, game.window
    assert window.store.session.turn == Turn(1940, Season.FALL)
    britain = power_tab(window, "britain")
    dp = find(britain, "British DP level").value()
    type_number(qtbot, britain, "British DP level", dp - 4 - tab_level(window, "britain"))
    assert tab_level(window, "britain") == -4
    game.check("British DP level typed: Britain offers at -4")
    seen: dict[str, object] = {}
    asked: dict[str, object] = {}

    def player(dialog):
        walker = NextDialog(walk_britain_cedes(qtbot, seen))
        press(qtbot, dialog, "Germany answers the British offer: British surrender wizard (59)\u2026")
        walker.check()
        asked["war end"] = text(dialog, "The war is over")
        combo = dialog.confirm_widgets.get(RUSSIAN_DP)
        asked["confirm"] = None if combo is None else combo.currentText()
        asked["enabled"] = find(dialog, "End the turn", QPushButton).isEnabled()
        go = find(dialog, "Go there: Russia: Russian DP level", QPushButton)
        qtbot.mouseClick(go, Qt.MouseButton.LeftButton)

    hands = NextDialog(player)
    window.action_end_turn.trigger()
    hands.check()
    assert window.store.session.turn == Turn(1940, Season.FALL), "Go there must not end the turn"
    assert "Not settled" in str(asked["war end"]) and "Russian DP level: not entered" in str(asked["war end"])
    assert asked["confirm"] == "Choose\u2026" and asked["enabled"] is False, asked
    assert seen["tunisia"][0] == "Not eligible" and "Vichy French (58.53)" in seen["tunisia"][1], seen
    assert "Malta" in seen["taken"] and "Gibraltar" in seen["taken"], seen
    game.check("the British surrender recorded; Go there for Russia's DP level")
    banner = find(window.overview, "Allied defeat (62.91)", QLabel)
    show_tab(window, "Overview")
    assert "Not settled: an Allied defeat (62.91) would follow" in banner.text()
    assert "the game is over" not in banner.text()
    # Malta ceded is Axis-held where every table reads it (59.6): Britain's table has its -1 from now on.
    assert checked(window, "britain", "Axis-controlled Malta / Singapore: Malta")
    assert find(game.war, "Axis control Malta", QCheckBox).isChecked()
    assert text(power_tab(window, "britain"), "Axis-controlled Malta / Singapore points") == "-1"
    carried = text(window.power_tabs["britain"], "Britain carried values")
    assert "Ceded to the Axis (59.6)" in carried and "Malta" in carried and "Gibraltar" in carried
    assert "Has surrendered" in chip(window.power_tabs["britain"], "britain")
    # Russia's DP level, typed where Go there left the cursor: no Allied defeat.
    type_number(qtbot, power_tab(window, "russia"), "Russian DP level", 3)
    show_tab(window, "Overview")
    assert "No Allied defeat (62.91)" in banner.text() and "Russia" in banner.text()
    game.check("Russia's DP level typed")
    assert inputs_listed(window) == []
    game.end_turn()
    happened = copied_report(window).split("== What happened ==")[1]
    assert "British surrender (wizard): British surrender at level -4" in happened
    assert "Germany takes Gibraltar" in happened and "Axis control Malta: yes (Malta ceded to the Axis, 59.6)" in \
        happened
    # The units removed count as unbuilt from now on (59.871): the players are asked to change the entries, with the
    # numbers (which units went is the British player's choice).
    assert "59.871: Britain tab: add the ground and army air factors of the units removed (8 AAF and 16 BRPs" in \
        happened and "(now 10)" in happened


def the_war_resumes(game: Settled) -> None:
    """Winter 1940 to Summer 1941: the peace holds, then the U.S. declares war on Germany (59.86C): Britain is at
    war again and stays in a state of surrender on its chip, the election table and the Overview alike."""
    window = game.window
    game.end_turn()
    asked = game.end_turn(answers={"Has Britain's war with Germany resumed": "No, Britain's peace with Germany holds"})
    assert any(prompt.startswith("Has Britain's war with Germany resumed") for prompt in asked), asked
    assert window.store.session.turn == Turn(1941, Season.SUMMER)
    show_tab(window, WAR_TAB)
    find(game.war, "U.S. at war with Germany: at war", QCheckBox).click()
    game.check("the U.S. at war with Germany (The war tab)")
    game.end_turn(answers={"Has Britain's war with Germany resumed": "The U.S. declared war on Germany (59.86C)"})
    assert find(game.war, "Britain at war with Germany: at war", QCheckBox).isChecked()
    assert checked(window, "russia", "Western Allied powers at war with Germany: Britain")
    britain = window.power_tabs["britain"]
    # At war again and in a state of surrender (59.85-59.87): Malta, ceded, now costs it 1, so it offers again.
    assert chip(britain, "britain").endswith(("Has surrendered", "Offers to surrender"))
    assert "state of surrender" in text(britain, "Britain consequences")
    assert text(window.power_tabs["election"], "Britain not in a state of surrender points") == "0"
    show_tab(window, "Overview")
    banner = find(window.overview, "Allied defeat (62.91)", QLabel).text()
    assert "Britain" not in banner.split("No Allied defeat")[-1], banner
