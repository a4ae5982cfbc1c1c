"""Audit of the French surrender PROCEDURE (rule 58, the wizard's core) against the rules texts.

Every expected value here was worked out by hand from rule 58 of the Original text and of the Updated
text (with and without its Classic sidebars) and NOTES.md, not from the code:

58.11    France surrenders if the Axis hold Paris (any turn) or it chooses to, from Fall 1940 on.
58.21    the level (see test_audit_france.py for the line-by-line audit), 58.22 held at +/-3 "for all purposes".
58.31    the Axis may set up Vichy France, except when the U.S. and Germany are at war.
58.41    every non-Vichy hex of France goes to the Axis; 58.411 with the U.S. at war, French-held hexes go to
         Britain; 58.31B without Vichy the Axis take every hex of France and the 20 Vichy BRPs.
58.531   one die for Lebanon-Syria, one for Tunisia-Algeria-Morocco, + level (clamped) + 3 with Vichy;
         Lebanon-Syria and Morocco Free French on 3 or less, Algeria on 2 or less, Tunisia on 1 or less;
         the rest Vichy (with Vichy France) or independent (without, 58.532).  58.533 Axis-held colonies and
         58.534 British-held colonies do not roll (Axis conquest / Free French).
58.621   Free French table, 58.631 Vichy table (typed again below from the text), 58.613 4-5 armor
         (updated only, not classic).
58.611   the Free French choose first; 58.642 the fleets are limited to the existing ships; 58.643 a type
         that runs short is lost, no substitutions.
58.71    original: French BRP base at the surrender - 40; updated and classic: 20 regardless.  Key economic
         areas Paris 20, Lyon 10, Marseilles 10.  58.31A Vichy worth 20 + Vichy colonies.
58.531C  Britain gets the Free French colonies' BRPs at the start of the next Allied player turn.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import france
from awaw_desktop.core.awaw.common import Edition, Season, Status, Turn
from awaw_desktop.core.awaw.france_brps import axis_key_areas, brp_outcome
from awaw_desktop.core.awaw.france_colonies import Alignment, Colony, colony_outcome
from awaw_desktop.core.awaw.france_forces import ForceLevel, Ships, allocate_fleet, free_french_forces, vichy_forces
from awaw_desktop.core.awaw.france_surrender import (
    DieRoll,
    FrenchSurrenderOutcome,
    FrenchSurrenderRequest,
    french_surrender_outcome,
    record_french_surrender,
    wizard_available,
)
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.lines import RulesInputError

ORI, U, C = Edition.ORIGINAL, Edition.UPDATED, Edition.CLASSIC
LS, MO, AL, TU = Colony.LEBANON_SYRIA, Colony.MOROCCO, Colony.ALGERIA, Colony.TUNISIA
FF, VI, IN, AX = Alignment.FREE_FRENCH, Alignment.VICHY, Alignment.INDEPENDENT, Alignment.AXIS
COLONY_BRPS = {"lebanon_syria": 5, "morocco": 4, "algeria": 6, "tunisia": 3}


def turn(year: int, season: str) -> Turn:
    return Turn(year, Season(season))


def session_for(edition: Edition, when: Turn, values: dict[str, Any]) -> Session:
    session = Session.new(edition, turn=when)
    for line_id, value in values.items():
        session.set_value("france", line_id, value)
    return session


def wizard_request(session: Session, **answers: Any) -> FrenchSurrenderRequest:
    """What the wizard hands the core: the France tab's inputs and the player's answers."""
    level_inputs = {line.id: session.value("france", line.id)
                    for line in france.lines(session.edition, session.scenario) if line.input_kind != "derived"}
    first = (france.first_german_hex_turn(level_inputs, session.game_context())
             if session.edition is Edition.UPDATED else None)
    return FrenchSurrenderRequest(edition=session.edition, turn=session.turn, level_inputs=level_inputs,
                                  german_first_hex_turn=first, scenario=session.scenario,
                                  colony_brps=COLONY_BRPS, **answers)


def dice(lebanon_syria: int | None, north_africa: int | None) -> dict[str, DieRoll | None]:
    return {"lebanon_syria": None if lebanon_syria is None else DieRoll(lebanon_syria),
            "north_africa": None if north_africa is None else DieRoll(north_africa, "rolled")}


def alignments(outcome: FrenchSurrenderOutcome) -> dict[Colony, Alignment]:
    return {c.colony: c.alignment for c in outcome.colonies}


def force(inf: int, arm: int, aaf: int, named: int, ca: int, dd: int, armor_type: str = "3-5") -> ForceLevel:
    return ForceLevel(inf, arm, armor_type, aaf, named, ca, dd)


# ================================================================================ whole surrenders, recorded

def test_original_early_fall_with_vichy_recorded_on_a_session() -> None:
    # Original, Summer 1940, the Axis hold Paris and Lyon.
    #   58.21A Paris +2, Lyon +1; B 12 ground factors -> -1; C fleet 36 full + 5 half = 36 + 2 = 38 -> 0;
    #   D Summer 1940 0; E DPs 2 Axis -> +2; F Anglo-French 7+ -1.  Total +3 (no clamp needed).
    session = session_for(ORI, turn(1940, "summer"), {
        "paris_axis": True, "lyon_marseilles_axis": ["lyon"], "ground_factors": 12,
        "fleet": {"full": 36, "half": 5}, "dps": {"axis": 2, "allied": 0}, "anglo_french_cooperation": True})
    assert wizard_available(session, session.assess())[0] is True  # 58.11A, any turn
    outcome = french_surrender_outcome(wizard_request(
        session, vichy=True, dice=dice(1, 1), existing_ships=Ships(3, 2, 10)))
    assert (outcome.raw_total, outcome.level, outcome.reason) == (3, 3, "paris")
    # 58.531: 1 + 3 + 3 = 7 on both dice: every colony Vichy.
    assert alignments(outcome) == {LS: VI, TU: VI, AL: VI, MO: VI}
    assert [c.modified for c in outcome.colonies] == [7, 7, 7, 7]
    # 58.621 with Vichy at +3: nothing.  58.631 at +3: 12 inf, one 3-5 armor, 3 AAF, 2 named, 3 CA, 6 DD.
    assert outcome.free_french == ForceLevel()
    assert outcome.vichy_forces == force(12, 1, 3, 2, 3, 6)
    # 58.642/643: 3 named, 2 CA, 10 DD exist: Vichy 2 named, 2 CA (one short, lost), 6 DD; 1 named, 4 DD left.
    assert outcome.fleet.free_french == Ships()
    assert outcome.fleet.vichy == Ships(2, 2, 6)
    assert outcome.fleet.vichy_short == Ships(0, 1, 0)
    assert outcome.fleet.left_over == Ships(1, 0, 4)
    # 58.71 original: 60 - 40 = 20.  Key areas: Paris and Lyon (Axis-held); Marseilles French-held, Vichy.
    # 58.31A: Vichy 20 + all four colonies 5 + 4 + 6 + 3 = 38.
    brps = outcome.brps
    assert (brps.conquest_value, dict(brps.key_areas)) == (20, {"paris": 20, "lyon": 10})
    assert (brps.vichy_value, brps.axis_vichy_share, brps.free_french_colonies) == (38, 0, 0)

    record_french_surrender(session, outcome)
    carry = session.carry["france"]
    assert (carry["surrendered"], carry["surrender_level"], carry["vichy"]) == (True, 3, True)
    assert carry["surrender_turn"] == {"season": "summer", "year": 1940}
    entry = session.history[-1]
    assert entry.levels == {"france": 3}
    assert [d.value for d in session.dice] == [1, 1]
    result = session.assess()["france"]
    assert (result.status, result.level) == (Status.SURRENDERED, 3)
    assert wizard_available(session, session.assess())[0] is False  # France surrenders once


def test_classic_late_surrender_without_vichy_clamped_at_minus_3() -> None:
    # Classic, Winter 1940, Axis hold Paris only.
    #   A Paris +2, one other French-held objective -1; B 25 ground factors -2; C fleet 60: 18 above 42 ->
    #   -3 (cap); D/E Winter 1940 -4 (classic: by season); DPs 2 Allied -2; Anglo-French -1.
    #   2 - 1 - 2 - 3 - 4 - 2 - 1 = -11, held at -3 (58.22).
    session = session_for(C, turn(1940, "winter"), {
        "paris_axis": True, "french_objectives": 1, "ground_factors": 25, "fleet": {"full": 60, "half": 0},
        "dps": {"axis": 0, "allied": 2}, "anglo_french_cooperation": True})
    outcome = french_surrender_outcome(wizard_request(
        session, vichy=False, dice=dice(6, 5), existing_ships=Ships(1, 5, 4), french_brp_base=75))
    assert (outcome.raw_total, outcome.level) == (-11, -3)
    # Lebanon-Syria 6 - 3 = 3: Free.  North Africa 5 - 3 = 2: Morocco (<=3) and Algeria (<=2) Free,
    # Tunisia (<=1) not: independent (no Vichy France).
    assert alignments(outcome) == {LS: FF, TU: IN, AL: FF, MO: FF}
    # 58.621 without Vichy at -3: 9 inf, one 3-5 armor, 2 AAF, 2 named, 3 CA, 6 DD.
    assert outcome.free_french == force(9, 1, 2, 2, 3, 6)
    assert outcome.vichy_forces == ForceLevel()
    # Ships 1 named, 5 CA, 4 DD: Free French 1 named (1 lost), 3 CA, 4 DD (2 lost); 2 CA left over.
    assert outcome.fleet.free_french == Ships(1, 3, 4)
    assert outcome.fleet.free_french_short == Ships(1, 0, 2)
    assert outcome.fleet.left_over == Ships(0, 2, 0)
    # 58.71 classic: 20 whatever the base (75).  58.31B: the Axis take every hex of France, so all three key
    # areas (40), and the 20 Vichy BRPs.  58.531C: Britain gets LS 5 + AL 6 + MO 4 = 15.
    brps = outcome.brps
    assert brps.conquest_value == 20
    assert dict(brps.key_areas) == {"paris": 20, "lyon": 10, "marseilles": 10}
    assert (brps.vichy_value, brps.axis_vichy_share, brps.free_french_colonies) == (0, 20, 15)
    record_french_surrender(session, outcome)
    assert session.carry["france"]["vichy"] is False
    assert session.carry["france"]["surrender_level"] == -3
    assert session.outcomes["france"]["colonies"] == {"lebanon_syria": "free-french", "tunisia": "independent",
                                                      "algeria": "free-french", "morocco": "free-french"}


def test_updated_voluntary_after_us_entry_no_vichy_and_no_vichy_brps() -> None:
    # Updated, Spring 1942, France chooses to surrender with Paris French-held; the U.S. is at war with
    # Germany.  Germany first held a hex in France in Spring 1940 (8 turns ago).
    #   A Paris French-held counts among the other objectives -1; B none; C fleet 42: 0; D no battleship
    #   design result +1; E 3+ turns -4.  -1 + 1 - 4 = -4, held at -3.
    session = session_for(U, turn(1942, "spring"), {
        "voluntary_surrender": True, "french_objectives": 1, "us_at_war_with_germany": True,
        "german_first_hex": {"year": 1940, "season": 1}})
    with pytest.raises(RulesInputError, match="vichy"):  # 58.31 exception
        french_surrender_outcome(wizard_request(session, vichy=True, dice=dice(4, 6)))
    outcome = french_surrender_outcome(wizard_request(
        session, vichy=False, dice=dice(4, 6), french_4_5_armor=True, existing_ships=Ships(4, 4, 8)))
    assert (outcome.raw_total, outcome.level, outcome.reason) == (-4, -3, "voluntary")
    # LS 4 - 3 = 1: Free.  NA 6 - 3 = 3: Morocco Free, Algeria and Tunisia independent.
    assert alignments(outcome) == {LS: FF, TU: IN, AL: IN, MO: FF}
    # 58.621 no Vichy at -3, 58.613A: the armor unit is a 4-5.
    assert outcome.free_french == force(9, 1, 2, 2, 3, 6, "4-5")
    assert outcome.fleet.free_french == Ships(2, 3, 6)
    assert outcome.fleet.left_over == Ships(2, 1, 2)
    # 58.411: French-held Paris, Lyon, Marseilles go to Britain: no key area for the Axis, and 58.31B (the
    # Axis choosing not to set up Vichy) does not apply: no Vichy BRPs for the Axis.
    brps = outcome.brps
    assert (brps.conquest_value, dict(brps.key_areas), brps.axis_vichy_share) == (20, {}, 0)
    assert brps.free_french_colonies == 5 + 4
    rules = [c.rule for c in outcome.consequences]
    assert "58.411" in rules and "58.31B" not in rules and "58.41" not in rules
    record_french_surrender(session, outcome)
    carry = session.carry["france"]
    assert (carry["vichy"], carry["surrender_level"]) == (False, -3)
    assert carry["german_first_hex_turn"] == {"season": "spring", "year": 1940}


def test_updated_voluntary_with_vichy_paris_passes_to_the_axis() -> None:
    # Updated, Fall 1940, France chooses to surrender holding Paris; no U.S. war.
    #   A Paris and one more objective French-held -2; B 15 ground factors -1; C fleet 30 full + 3 half =
    #   31 counted: 11 below 42 -> +2; D two battleship design results -1; E Germany's first hex Summer 1940,
    #   the next turn: 0; DPs 3 Axis 1 Allied +2.  -2 - 1 + 2 - 1 + 0 + 2 = 0.
    session = session_for(U, turn(1940, "fall"), {
        "voluntary_surrender": True, "french_objectives": 2, "ground_factors": 15,
        "fleet": {"full": 30, "half": 3}, "battleship_research": 2,
        "german_first_hex": {"year": 1940, "season": 2}, "dps": {"axis": 3, "allied": 1}})
    assert wizard_available(session)[0] is True  # 58.11B from Fall 1940
    outcome = french_surrender_outcome(wizard_request(
        session, vichy=True, dice=dice(1, None), existing_ships=Ships(2, 1, 1),
        colony_control={"tunisia": "axis", "algeria": "axis", "morocco": "british"}))
    assert (outcome.raw_total, outcome.level) == (0, 0)
    # LS 1 + 0 + 3 = 4: Vichy.  North Africa does not roll: 58.533 Axis conquests, 58.534 Morocco Free French.
    assert alignments(outcome) == {LS: VI, TU: AX, AL: AX, MO: FF}
    assert [c.rule for c in outcome.colonies] == ["58.531B", "58.533", "58.533", "58.534"]
    # 58.621 with Vichy at 0: 3 inf.  58.631 at 0: 12 inf, 2 AAF, 1 named, 2 CA, 2 DD.
    assert outcome.free_french == force(3, 0, 0, 0, 0, 0)
    assert outcome.vichy_forces == force(12, 0, 2, 1, 2, 2)
    assert outcome.fleet.vichy == Ships(1, 1, 1)
    assert outcome.fleet.vichy_short == Ships(0, 1, 1)
    assert outcome.fleet.left_over == Ships(1, 0, 0)
    # 58.41: Paris is not in Vichy France, so it passes to the Axis (20); Lyon and Marseilles French-held:
    # Vichy territory (reading).  Vichy 20 + Lebanon-Syria 5 = 25; Morocco 4 to Britain.
    brps = outcome.brps
    assert dict(brps.key_areas) == {"paris": 20}
    assert (brps.vichy_value, brps.axis_vichy_share, brps.free_french_colonies) == (25, 0, 4)
    record_french_surrender(session, outcome)
    assert [d.purpose for d in session.dice] == ["Lebanon-Syria colony roll"]  # the unused die is not kept


def test_updated_rule_example_with_vichy() -> None:
    # The 58.21 example in the updated edition: Paris +2, Marseilles +1, 21 ground factors -2; Germany first
    # held a hex in Summer 1940 and France falls in Fall 1940 (0); no battleship design result +1.  = +2.
    session = session_for(U, turn(1940, "fall"), {
        "paris_axis": True, "lyon_marseilles_axis": ["marseilles"], "ground_factors": 21,
        "german_first_hex": {"year": 1940, "season": 2}})
    outcome = french_surrender_outcome(wizard_request(session, vichy=True, dice=dice(1, 3)))
    assert outcome.level == 2
    # +2 with Vichy: +5 on each die: LS 6 Vichy, NA 8 all Vichy.
    assert set(alignments(outcome).values()) == {VI}
    # 58.621 with Vichy at +2: 1 inf.  58.631 at +2: 15 inf, 3 AAF, 1 named, 3 CA, 6 DD.
    assert outcome.free_french == force(1, 0, 0, 0, 0, 0)
    assert outcome.vichy_forces == force(15, 0, 3, 1, 3, 6)
    assert dict(outcome.brps.key_areas) == {"paris": 20, "marseilles": 10}


def test_updated_no_german_hex_recorded_counts_as_this_turn() -> None:
    # Updated, Winter 1941, Paris Axis-held, no first German hex entered or carried: +2 (reading), Paris +2,
    # no battleship result +1 = +5, held at +3.  Without Vichy at +3 the Free French get 3 infantry.
    session = session_for(U, turn(1941, "winter"), {"paris_axis": True})
    outcome = french_surrender_outcome(wizard_request(session, vichy=False, dice=dice(1, 1)))
    assert (outcome.raw_total, outcome.level) == (5, 3)
    assert outcome.free_french == force(3, 0, 0, 0, 0, 0)
    # 1 + 3 = 4: no colony goes Free French; all independent.
    assert set(alignments(outcome).values()) == {IN}
    record_french_surrender(session, outcome)
    assert session.carry["france"]["german_first_hex_turn"] == {"season": "winter", "year": 1941}


# ================================================================================ 58.11 surrender conditions

@pytest.mark.parametrize("edition", [ORI, U, C])
def test_voluntary_surrender_only_from_fall_1940(edition: Edition) -> None:
    for when, allowed in ((turn(1940, "summer"), False), (turn(1940, "fall"), True),
                          (turn(1939, "winter"), False), (turn(1941, "spring"), True)):
        session = session_for(edition, when, {"voluntary_surrender": True})
        assert wizard_available(session)[0] is allowed
        request = wizard_request(session, vichy=True, dice=dice(3, 3))
        if allowed:
            assert french_surrender_outcome(request).reason == "voluntary"
        else:
            with pytest.raises(RulesInputError, match="Fall 1940"):
                french_surrender_outcome(request)


def test_paris_makes_france_surrender_any_turn_and_wins_over_voluntary() -> None:
    # Spring 1940, Paris held by the Axis: 58.11A even before Fall 1940.
    session = session_for(ORI, turn(1940, "spring"), {"paris_axis": True, "voluntary_surrender": True})
    assert french_surrender_outcome(wizard_request(session, dice=dice(3, 3))).reason == "paris"


def test_no_surrender_without_paris_or_choice() -> None:
    session = session_for(ORI, turn(1941, "spring"), {})
    with pytest.raises(RulesInputError, match="does not surrender"):
        french_surrender_outcome(wizard_request(session, dice=dice(3, 3)))


# ================================================================================ level edges through the wizard

@pytest.mark.parametrize(("edition", "when", "values", "raw", "level"), [
    # Original, Spring 1940: Paris +2, turn +2 = +4 -> +3.
    (ORI, turn(1940, "spring"), {"paris_axis": True}, 4, 3),
    # Original, Winter 1939 (before Spring 1940): +2 as well; with 10 ground factors -1: +3 stays +3.
    (ORI, turn(1939, "winter"), {"paris_axis": True, "ground_factors": 10}, 3, 3),
    # 9 ground factors: 0 (round down).  Summer 1940: 0.  = +2.
    (ORI, turn(1940, "summer"), {"paris_axis": True, "ground_factors": 9}, 2, 2),
    # 11 ground factors: -1; Fall 1940 -2: -1.
    (C, turn(1940, "fall"), {"paris_axis": True, "ground_factors": 11}, -1, -1),
    # Original fleet 12: 30 below 42 -> +6 (no cap); Winter 1941 -4; Paris +2 = +4 -> +3.
    (ORI, turn(1941, "winter"), {"paris_axis": True, "fleet": {"full": 12, "half": 0}}, 4, 3),
    # Classic fleet 12: capped +3; -4 turn, Paris +2 = +1.
    (C, turn(1941, "winter"), {"paris_axis": True, "fleet": {"full": 12, "half": 0}}, 1, 1),
    # Original fleet 30 full + 7 half: 30 + 3 = 33 -> +1; Fall 1940 -2, Paris +2 = +1.
    (ORI, turn(1940, "fall"), {"paris_axis": True, "fleet": {"full": 30, "half": 7}}, 1, 1),
    # Original fleet 30 full + 5 half: 32 -> +2: = +2.
    (ORI, turn(1940, "fall"), {"paris_axis": True, "fleet": {"full": 30, "half": 5}}, 2, 2),
    # Original: a fleet above 42 gives nothing (no negative side): 60 -> 0; Fall 1940: 0.
    (ORI, turn(1940, "fall"), {"paris_axis": True, "fleet": {"full": 60, "half": 0}}, 0, 0),
    # Updated fleet 27 -> +3 (NOTES.md), 47 -> -1, 46 -> 0.  First hex Spring 1940, Fall 1940: -2; one
    # battleship result 0; Paris +2.
    (U, turn(1940, "fall"), {"paris_axis": True, "fleet": {"full": 27, "half": 0}, "battleship_research": 1,
                              "german_first_hex": {"year": 1940, "season": 1}}, 3, 3),
    (U, turn(1940, "fall"), {"paris_axis": True, "fleet": {"full": 47, "half": 0}, "battleship_research": 1,
                              "german_first_hex": {"year": 1940, "season": 1}}, -1, -1),
    (U, turn(1940, "fall"), {"paris_axis": True, "fleet": {"full": 46, "half": 0}, "battleship_research": 1,
                              "german_first_hex": {"year": 1940, "season": 1}}, 0, 0),
    # Updated clock: first hex Winter 1939, surrender Fall 1940 = 3 turns -> -4; Paris +2, no battleship +1,
    # 30 ground -3, Allied DPs 1 -1, Anglo-French -1: -6 -> -3.
    (U, turn(1940, "fall"), {"paris_axis": True, "ground_factors": 30, "dps": {"axis": 0, "allied": 1},
                              "anglo_french_cooperation": True,
                              "german_first_hex": {"year": 1939, "season": 4}}, -6, -3),
])
def test_level_and_clamp_through_the_wizard(edition: Edition, when: Turn, values: dict[str, Any], raw: int,
                                            level: int) -> None:
    session = session_for(edition, when, values)
    outcome = french_surrender_outcome(wizard_request(session, vichy=True, dice=dice(6, 6)))
    assert (outcome.raw_total, outcome.level) == (raw, level)
    # 58.22 "for all purposes": the forces come from the clamped level.
    assert outcome.vichy_forces == vichy_forces(level, True)


# ================================================================================ colony thresholds

@pytest.mark.parametrize(("colony", "die", "level", "vichy", "expected"), [
    # Lebanon-Syria / Morocco: Free on 3 or less.  -1 + 3 (Vichy) = +2: die 1 -> 3 Free, die 2 -> 4 Vichy.
    (LS, 1, -1, True, FF), (LS, 2, -1, True, VI), (MO, 1, -1, True, FF), (MO, 2, -1, True, VI),
    # Algeria: 2 or less.  -3 + 3 = 0: die 2 Free, die 3 Vichy.
    (AL, 2, -3, True, FF), (AL, 3, -3, True, VI),
    # Tunisia: 1 or less.  -3 without Vichy: die 4 -> 1 Free, die 5 -> 2 independent.
    (TU, 4, -3, False, FF), (TU, 5, -3, False, IN),
    # Level +3 without Vichy: die 1 -> 4: Lebanon-Syria independent.
    (LS, 1, 3, False, IN),
    # Level 0 with Vichy: die 1 -> 4: no colony Free.
    (MO, 1, 0, True, VI), (TU, 1, 0, True, VI),
    # Level -2 without Vichy: die 5 -> 3 Lebanon-Syria Free, die 6 -> 4 independent.
    (LS, 5, -2, False, FF), (LS, 6, -2, False, IN),
])
def test_colony_thresholds(colony: Colony, die: int, level: int, vichy: bool, expected: Alignment) -> None:
    assert colony_outcome(colony, die, level, vichy).alignment is expected


def test_colony_refuses_an_unclamped_level() -> None:
    with pytest.raises(RulesInputError, match="level"):
        colony_outcome(LS, 1, 4, False)
    with pytest.raises(RulesInputError, match="die"):
        colony_outcome(LS, 7, 0, False)


# ================================================================================ force tables, typed from the text

# rows: level -> "inf 3-5 AAF named CA DD", as printed in 58.621 / 58.631 ("-" is 0).
FREE_WITH_VICHY = {3: "- - - - - -", 2: "1 - - - - -", 1: "2 - - - - -", 0: "3 - - - - -",
                   -1: "6 - - - 1 1", -2: "6 - 1 1 1 1", -3: "6 - 2 1 2 2"}
FREE_WITHOUT_VICHY = {3: "3 - - - - -", 2: "6 - - - 1 1", 1: "6 - 1 1 1 1", 0: "6 - 2 1 2 2",
                      -1: "9 - 2 1 2 5", -2: "12 - 2 1 3 6", -3: "9 1 2 2 3 6"}
VICHY_TABLE = {3: "12 1 3 2 3 6", 2: "15 - 3 1 3 6", 1: "12 - 3 1 2 5", 0: "12 - 2 1 2 2",
               -1: "12 - 1 1 1 1", -2: "12 - - - 1 1", -3: "10 - - - - -"}


def row(text: str) -> ForceLevel:
    numbers = [0 if cell == "-" else int(cell) for cell in text.split()]
    return force(*numbers)


@pytest.mark.parametrize("edition", [ORI, U, C])
@pytest.mark.parametrize("level", range(-3, 4))
def test_force_tables(edition: Edition, level: int) -> None:
    assert free_french_forces(level, True, edition) == row(FREE_WITH_VICHY[level])
    assert free_french_forces(level, False, edition) == row(FREE_WITHOUT_VICHY[level])
    assert vichy_forces(level, True, edition) == row(VICHY_TABLE[level])
    assert vichy_forces(level, False, edition) == ForceLevel()


def test_58_613_french_armor() -> None:
    # Updated: Free French at -3 without Vichy and Vichy at +3 get a 4-5 armor instead of a 3-5.
    assert free_french_forces(-3, False, U, True).armor_type == "4-5"
    assert vichy_forces(3, True, U, True) == force(12, 1, 3, 2, 3, 6, "4-5")
    # Elsewhere the tables have no armor, so nothing changes.
    assert free_french_forces(-3, True, U, True) == row(FREE_WITH_VICHY[-3])
    assert vichy_forces(2, True, U, True) == row(VICHY_TABLE[2])
    # Classic and original: no 4-5 armor at all.
    for edition in (ORI, C):
        with pytest.raises(RulesInputError, match="french_4_5_armor"):
            free_french_forces(-3, False, edition, True)


# ================================================================================ the fleet

def test_free_french_choose_first_and_shortfalls_are_lost() -> None:
    # Level -1 with Vichy: Free French want 0 named, 1 CA, 1 DD; Vichy 1 named, 1 CA, 1 DD.
    # 1 named, 1 CA, 1 DD exist: Free French take the CA and DD; Vichy get the named ship, lose a CA and a DD.
    allocation = allocate_fleet(Ships(1, 1, 1), free_french_forces(-1, True), vichy_forces(-1, True))
    assert allocation.free_french == Ships(0, 1, 1)
    assert allocation.vichy == Ships(1, 0, 0)
    assert allocation.vichy_short == Ships(0, 1, 1)
    assert allocation.free_french_short == Ships()
    assert allocation.left_over == Ships()
    # No substitutions: a Free French force at -2 with Vichy wants a named ship; 0 exist but 5 CA do: the
    # named ship is simply lost (58.643) and the Free French still take only their one CA.
    allocation = allocate_fleet(Ships(0, 5, 0), free_french_forces(-2, True), vichy_forces(-2, True))
    assert allocation.free_french == Ships(0, 1, 0) and allocation.free_french_short == Ships(1, 0, 1)
    assert allocation.vichy == Ships(0, 1, 0) and allocation.vichy_short == Ships(0, 0, 1)
    assert allocation.left_over == Ships(0, 3, 0)


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 20), st.integers(-3, 3), st.booleans())
def test_fleet_never_exceeds_what_exists_or_what_the_tables_give(named: int, cruisers: int, destroyers: int,
                                                                 level: int, vichy: bool) -> None:
    existing = Ships(named, cruisers, destroyers)
    ff, vi = free_french_forces(level, vichy), vichy_forces(level, vichy)
    allocation = allocate_fleet(existing, ff, vi)
    for name in ("named_ships", "cruisers", "destroyers"):
        got_ff, got_vi = getattr(allocation.free_french, name), getattr(allocation.vichy, name)
        assert got_ff == min(getattr(ff, name), getattr(existing, name))  # the Free French first
        assert got_vi == min(getattr(vi, name), getattr(existing, name) - got_ff)
        assert got_ff + got_vi + getattr(allocation.left_over, name) == getattr(existing, name)


# ================================================================================ BRPs

@pytest.mark.parametrize(("edition", "base", "value"), [
    (ORI, 60, 20), (ORI, 52, 12), (ORI, 41, 1), (ORI, 40, 0), (ORI, 70, 30),
    (U, 52, 20), (U, 70, 20), (C, 52, 20), (C, 70, 20),
])
def test_conquest_value(edition: Edition, base: int, value: int) -> None:
    assert brp_outcome(edition, True, (), french_brp_base=base).conquest_value == value


@pytest.mark.parametrize(("paris", "held", "vichy", "us_war", "expected"), [
    # 58.41 with Vichy: Paris always passes to the Axis; Lyon / Marseilles only if already Axis-held.
    (True, (), True, False, ("paris",)),
    (False, (), True, False, ("paris",)),
    (True, ("marseilles",), True, False, ("paris", "marseilles")),
    # 58.31B without Vichy: all of France to the Axis.
    (False, (), False, False, ("paris", "lyon", "marseilles")),
    (True, ("lyon",), False, False, ("paris", "lyon", "marseilles")),
    # 58.411: French-held hexes go to Britain: only what the Axis already held.
    (False, (), False, True, ()),
    (True, ("lyon",), False, True, ("paris", "lyon")),
])
def test_key_areas_after_the_surrender(paris: bool, held: tuple[str, ...], vichy: bool, us_war: bool,
                                       expected: tuple[str, ...]) -> None:
    assert axis_key_areas(paris, held, vichy, us_war) == expected


def test_vichy_brps() -> None:
    colonies = (colony_outcome(LS, 1, -3, True), colony_outcome(TU, 1, -3, True),   # 1: Free, 1: Free
                colony_outcome(AL, 3, -3, True), colony_outcome(MO, 4, -3, True))   # 3 > 2 Vichy, 4 > 3 Vichy
    assert [c.alignment for c in colonies] == [FF, FF, VI, VI]
    brps = brp_outcome(U, True, colonies, COLONY_BRPS)
    # Vichy 20 + Algeria 6 + Morocco 4 = 30; Britain gets Lebanon-Syria 5 + Tunisia 3 = 8.
    assert (brps.vichy_value, brps.axis_vichy_share, brps.free_french_colonies) == (30, 0, 8)
    # Without Vichy (the Axis's choice): the Axis get the 20 Vichy BRPs, never the colonies.
    no_vichy = tuple(colony_outcome(c, 6, 3, False) for c in (LS, TU, AL, MO))
    brps = brp_outcome(U, False, no_vichy, COLONY_BRPS)
    assert (brps.vichy_value, brps.axis_vichy_share, brps.free_french_colonies) == (0, 20, 0)
    # With the U.S. at war (no Vichy possible, 58.411): no Vichy BRPs for the Axis; Vichy is refused.
    assert brp_outcome(U, False, no_vichy, COLONY_BRPS, us_at_war_with_germany=True).axis_vichy_share == 0
    with pytest.raises(RulesInputError, match="vichy"):
        brp_outcome(U, True, (), us_at_war_with_germany=True)


def test_no_french_surrender_in_a_pacific_scenario() -> None:
    from awaw_desktop.core.awaw.common import Scenario

    session = session_for(U, turn(1942, "spring"), {"paris_axis": True})
    session.scenario = Scenario.PACIFIC
    assert wizard_available(session)[0] is False
    with pytest.raises(RulesInputError, match="Pacific"):
        french_surrender_outcome(wizard_request(session, vichy=True, dice=dice(3, 3)))
