"""Audit of the Russian Resistance Table (60.11) and its effects (60.2-60.4) against the rules texts.

Every expected value below is computed by hand from rule 60 of the Original text
(awaw-original-rules-54-62.md), the Updated text (awaw-updated-rules-54-62.txt, no Classic sidebar
touches rule 60) and the player-aid table, as NOTES.md reads them -- not from the code.

Table (identical in all three editions):
  +/- DP level; atomic attacks on Russia -3/-5/-6/-7...; -1 per firestormed city; -1 per oil effect;
  -1 Axis hold a hex in Britain; -1 per full ten unbuilt ground/army air factors; -1 per IC below 7,
  +1 per IC above 7; +1 per Western Allied major power at war with Germany; +1 Western Allies hold
  two hexes in European France.
  0 or less: BRP effect (60.21) and a state of surrender (60.12); below 0: 20 BRPs of units per level
  (60.31), only for levels below the lowest level that already triggered removals (60.32, NOTES.md).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, russia
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

GW = Scenario.GLOBAL_WAR
EDITIONS = tuple(Edition)

# Quiet inputs for the other powers, so nothing else surrenders by accident (empty German and
# Japanese forms are 0 = surrender; an empty British form misses ten transports = -10).
QUIET: dict[str, dict[str, Any]] = {
    "germany": {"dp_level": 10, "berlin": True},
    "japan": {"pacific_objectives": 5},
    "britain": {"dp_level": 10, "atlantic_transports": 10},
    "france": {},
}


FALL_1942 = Turn(1942, Season.FALL)


def run(edition: Edition, inputs: dict[str, Any], turn: Turn = FALL_1942,
        carry: dict[str, Any] | None = None, scenario: Scenario = GW,
        others: dict[str, dict[str, Any]] | None = None) -> Any:
    all_inputs = {**QUIET, **(others or {}), "russia": inputs}
    return assess.assess_all(edition, scenario, turn, all_inputs, carry or {})["russia"]


def eot(edition: Edition, inputs: dict[str, Any], turn: Turn, carry: dict[str, Any],
        choices: dict[str, str] | None = None) -> Any:
    return assess.end_of_turn(edition, GW, turn, {**QUIET, "russia": inputs}, carry, choices)


# ------------------------------------------------------------------ realistic end-of-turn cases

@pytest.mark.parametrize("edition", EDITIONS)
def test_fall_1942_collapse(edition: Edition) -> None:
    # DP +3; 4 ICs: 3 below 7 = -3; 25 unbuilt factors: two full tens = -2; 1 city firestormed -1;
    # 2 oil effects -2; Britain and the U.S. at war with Germany +2.
    # 3 - 3 - 2 - 1 - 2 + 2 = -3 -> BRP effect, state of surrender, 3 x 20 = 60 BRPs of units.
    inputs = {"dp_level": 3, "ics": 4, "unbuilt_factors": 25, "firestorms": 1, "oil_effects": 2,
              "western_allies_at_war": ["britain", "usa"]}
    result = run(edition, inputs)
    assert result.level == -3
    assert result.status is Status.EFFECTS
    assert result.figures["state_of_surrender"] is True
    assert result.figures["brp_effects"] is True
    assert result.figures["unit_effects"] is True
    assert result.figures["removal_levels"] == 3
    assert result.figures["removal_brps"] == 60


@pytest.mark.parametrize("edition", EDITIONS)
def test_healthy_russia_with_atomic_attacks(edition: Edition) -> None:
    # DP +6; two atomic attacks on Russia -3 -2 = -5; 9 ICs +2; 9 unbuilt factors 0 (no full ten);
    # Britain, France and the U.S. at war +3; two hexes in France +1; Axis hold a hex in Britain -1.
    # 6 - 5 + 2 + 0 + 3 + 1 - 1 = +6 -> no effect.
    inputs = {"dp_level": 6, "atomic_against_russia": 2, "ics": 9, "unbuilt_factors": 9,
              "western_allies_at_war": ["britain", "france", "usa"], "western_allies_in_france": True,
              "axis_in_britain": True}
    result = run(edition, inputs)
    assert result.level == 6
    assert result.status is Status.NO_EFFECT
    assert result.figures["state_of_surrender"] is False
    assert result.figures["removal_brps"] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_exactly_zero_brp_effect_without_units(edition: Edition) -> None:
    # DP +1; 6 ICs -1; 10 unbuilt factors -1; Britain at war +1 -> 0: BRP effect and state of
    # surrender, but "less than zero" is needed for unit removals (60.31).
    inputs = {"dp_level": 1, "ics": 6, "unbuilt_factors": 10, "western_allies_at_war": ["britain"]}
    result = run(edition, inputs)
    assert result.level == 0
    assert result.status is Status.EFFECTS
    assert result.figures["state_of_surrender"] is True
    assert result.figures["brp_effects"] is True
    assert result.figures["unit_effects"] is False
    assert result.figures["removal_brps"] == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_one_point_above_zero_is_no_effect(edition: Edition) -> None:
    # Same as above with 7 ICs: 1 + 0 - 1 + 1 = +1 -> no effect (60.11: only 0 or less matters).
    inputs = {"dp_level": 1, "ics": 7, "unbuilt_factors": 10, "western_allies_at_war": ["britain"]}
    result = run(edition, inputs)
    assert result.level == 1
    assert result.status is Status.NO_EFFECT


@pytest.mark.parametrize("edition", EDITIONS)
def test_minus_one_removes_twenty_brps(edition: Edition) -> None:
    # DP 0; 7 ICs 0; 19 unbuilt factors -1 (one full ten) -> -1: 20 BRPs of units.
    result = run(edition, {"dp_level": 0, "unbuilt_factors": 19})
    assert result.level == -1
    assert result.figures["removal_brps"] == 20
    assert result.figures["lowest_removal_level"] == -1


@pytest.mark.parametrize(("attacks", "points"), [(0, 0), (1, -3), (2, -5), (3, -6), (4, -7), (5, -8)])
def test_atomic_series(attacks: int, points: int) -> None:
    # -3 for the first, -2 more for the second, -1 more for each after (NOTES.md: 1 -3, 2 -5, 3 -6, 4 -7).
    result = run(Edition.UPDATED, {"dp_level": 20, "atomic_against_russia": attacks})
    assert result.level == 20 + points


@pytest.mark.parametrize(("ics", "points"), [(0, -7), (4, -3), (5, -2), (6, -1), (7, 0), (8, 1), (9, 2),
                                             (10, 3), (14, 7)])
def test_ic_line_examples(ics: int, points: int) -> None:
    # 60.11 examples: 6 ICs -1, 5 -2, 4 -3; 8 ICs +1, 9 +2, 10 +3.
    result = run(Edition.ORIGINAL, {"dp_level": 20, "ics": ics})
    assert result.level == 20 + points


@pytest.mark.parametrize(("factors", "points"), [(0, 0), (9, 0), (10, -1), (11, -1), (19, -1), (20, -2),
                                                 (99, -9)])
def test_unbuilt_round_down(factors: int, points: int) -> None:
    result = run(Edition.CLASSIC, {"dp_level": 20, "unbuilt_factors": factors})
    assert result.level == 20 + points


def test_missing_ic_entry_counts_seven() -> None:
    # A form without the IC entry counts seven ICs (no points): DP +2 -> +2.
    assert run(Edition.UPDATED, {"dp_level": 2}).level == 2


# ------------------------------------------------------------------ several turns (60.22, 60.32)

@pytest.mark.parametrize("edition", EDITIONS)
def test_rule_60_32_example_over_turns(edition: Edition) -> None:
    # 60.32 example: Fall 1942 -3 removes 60 BRPs; Winter 1942 -2 removes nothing; -4 would remove 20 more.
    carry = assess.initial_carry()
    minus3 = {"dp_level": -3}
    report = eot(edition, minus3, Turn(1942, Season.FALL), carry)
    assert report.results["russia"].figures["removal_brps"] == 60
    carry = report.new_carry
    assert carry["russia"]["lowest_removal_level"] == -3
    assert carry["russia"]["brp_option"] == "freeze_ics"           # default of the 60.21 question
    assert carry["russia"]["ics_frozen_for"] == Turn(1942, Season.WINTER).to_json()

    report = eot(edition, {"dp_level": -2}, Turn(1942, Season.WINTER), carry, {"russia.brp_option": "surrender_ic"})
    russia_result = report.results["russia"]
    assert russia_result.status is Status.EFFECTS                 # still 0 or less: BRP effect (60.22)
    assert russia_result.figures["removal_brps"] == 0
    carry = report.new_carry
    assert carry["russia"]["lowest_removal_level"] == -3
    assert carry["russia"]["brp_option"] == "surrender_ic"
    assert carry["russia"]["ics_frozen_for"] is None

    # Spring 1943: +2 -> no effect, memory kept (NOTES.md: never resets).
    report = eot(edition, {"dp_level": 2}, Turn(1943, Season.SPRING), carry)
    assert report.results["russia"].status is Status.NO_EFFECT
    carry = report.new_carry
    assert carry["russia"]["lowest_removal_level"] == -3
    assert carry["russia"]["brp_option"] is None

    # Summer 1943: -3 again -> nothing; Fall 1943: -5 -> levels -4 and -5: 40 BRPs.
    report = eot(edition, {"dp_level": -3}, Turn(1943, Season.SUMMER), carry)
    assert report.results["russia"].figures["removal_brps"] == 0
    carry = report.new_carry
    report = eot(edition, {"dp_level": -5}, Turn(1943, Season.FALL), carry)
    assert report.results["russia"].figures["removal_brps"] == 40
    assert report.new_carry["russia"]["lowest_removal_level"] == -5


# ------------------------------------------------------------------ 60.31A units per edition

def test_original_units_per_level() -> None:
    # Original: one 4-5 armor, one AAF, three 3-3 infantry (9 factors); no 4-5: a 3-5 and 11 factors.
    assert russia.removal_step(Edition.ORIGINAL, -1, "4-5").infantry_factors == 9
    assert russia.removal_step(Edition.ORIGINAL, -1, "3-5").infantry_factors == 11
    assert russia.removal_step(Edition.ORIGINAL, -1, "4-5").air_units == 1
    with pytest.raises(RulesInputError):
        russia.removal_step(Edition.ORIGINAL, -1, "5-6")


@pytest.mark.parametrize("edition", [Edition.UPDATED, Edition.CLASSIC])
def test_updated_units_per_level(edition: Edition) -> None:
    # Updated: one AAF, one armor, infantry to 20 BRPs: 5-6 seven factors, 4-5 nine, 3-5 eleven.
    assert [russia.removal_step(edition, -2, armor).infantry_factors for armor in ("5-6", "4-5", "3-5")] == [7, 9, 11]


# ------------------------------------------------------------------ scenarios and 60.41

def test_pacific_scenario_never_affects_russia() -> None:
    # 54.11: in Pacific scenarios Russia never incurs adverse resistance effects.
    result = run(Edition.UPDATED, {"dp_level": -9}, scenario=Scenario.PACIFIC)
    assert result.status is Status.NOT_APPLICABLE
    assert result.figures["state_of_surrender"] is False


def test_european_scenario_counts() -> None:
    # DP -1, everything else neutral -> -1 in a European scenario too.
    result = run(Edition.ORIGINAL, {"dp_level": -1}, scenario=Scenario.EUROPEAN)
    assert result.status is Status.EFFECTS and result.figures["removal_brps"] == 20


def test_60_41_note_when_britain_in_surrender_and_japan_fighting() -> None:
    # Britain surrendered earlier at -3 and fights on at +10 (no new offer); Japan fights on (level 5+4).
    carry = {"britain": {"surrendered": True, "surrender_level": -3}}
    result = run(Edition.UPDATED, {"dp_level": -1}, carry=carry)
    notes = [c.text for c in result.consequences if c.rule == "60.41"]
    assert any("Britain is also in surrender" in text for text in notes)
    # Japan surrendered: the U.S. fights on freely, no such note.
    carry["japan"] = {"surrendered": True}
    result = run(Edition.UPDATED, {"dp_level": -1}, carry=carry)
    assert not any("Britain is also in surrender" in c.text for c in result.consequences)


def test_starting_values_give_no_effect() -> None:
    # A new game: seven ICs, Britain and France at war with Germany, DP 0 -> +2, no effect.
    table = russia.lines(Edition.UPDATED, GW)
    start = {line.id: line.starting_value() for line in table if line.input_kind != "derived"}
    assert start["ics"] == 7
    assert start["western_allies_at_war"] == ("britain", "france")
    assert run(Edition.UPDATED, start).level == 2


# ------------------------------------------------------------------ properties

@given(dp=st.integers(-30, 30), ics=st.integers(0, 40), unbuilt=st.integers(0, 300),
       attacks=st.integers(0, 8), fire=st.integers(0, 10), oil=st.integers(0, 4))
def test_hand_formula(dp: int, ics: int, unbuilt: int, attacks: int, fire: int, oil: int) -> None:
    atomic = 0 if attacks == 0 else 3 if attacks == 1 else 5 + (attacks - 2)
    expected = dp - atomic - fire - oil - unbuilt // 10 + (ics - 7)
    inputs = {"dp_level": dp, "ics": ics, "unbuilt_factors": unbuilt, "atomic_against_russia": attacks,
              "firestorms": fire, "oil_effects": oil}
    result = run(Edition.ORIGINAL, inputs)
    assert result.level == expected
    assert (result.status is Status.EFFECTS) == (expected <= 0)
    assert result.figures["removal_brps"] == (20 * -expected if expected < 0 else 0)
