"""Audit of the U.S. election (62) and Allied defeat (62.91) against the rules texts.

Expected values are computed by hand from rule 62 (identical in the Original and Updated texts, no
Classic sidebar) and the player-aid table, as NOTES.md reads them:

Europe:  - Axis DP level; atomic attacks on Britain / the U.S. Atlantic box -3/-5/-6...;
         British surrender level + 5 while Britain is in surrender (-10: -5 ... 0: +5);
         +5 if Britain is not in surrender; + Allied DP level; +10 if Japan has surrendered.
Pacific: - Japanese resistance level (0 once Japan has surrendered); +20 if Japan declared war on the
         U.S.; +10 if Germany has surrendered.
1945 YSS: combined 1 or more: nothing.  Otherwise only one theater 0 or less: the combined total is
implemented there; both: each its own.  -7 or worse: separate peace, tension 46 - 4 per level below -7.
Atomic election: Europe only, all or nothing.  European scenario: Pacific 0; Pacific scenario: none.

The other powers are given quiet inputs; their levels are worked out by hand from their tables:
Germany DP 10 + Berlin 2 (+ Italian level 0 in the updated editions) = +12, fights on;
Japan N Pacific objectives + 4 (island groups at maximum expansion start at four) = N + 4;
Britain DP 10 with ten transports in the Atlantic = +10, not in surrender (unless carried).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, election_results
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

GW = Scenario.GLOBAL_WAR
EU = Scenario.EUROPEAN
SPRING_1945 = Turn(1945, Season.SPRING)
EDITIONS = tuple(Edition)
YSS = ["yss_1945"]
ATOMIC = ["atomic"]


def others(japan_objectives: int = 5) -> dict[str, dict[str, Any]]:
    return {
        "germany": {"dp_level": 10, "berlin": True},
        "japan": {"pacific_objectives": japan_objectives},
        "britain": {"dp_level": 10, "atlantic_transports": 10},
        "russia": {"dp_level": 5},
    }


def run(edition: Edition, inputs: dict[str, Any], japan_objectives: int = 5, scenario: Scenario = GW,
        carry: dict[str, Any] | None = None, turn: Turn = SPRING_1945,
        extra: dict[str, dict[str, Any]] | None = None) -> Any:
    all_inputs = {**others(japan_objectives), **(extra or {}), "election": inputs}
    return assess.assess_all(edition, scenario, turn, all_inputs, carry or {})["election"]


# ------------------------------------------------------------------ 1945 YSS, Global War

@pytest.mark.parametrize("edition", EDITIONS)
def test_pro_allied_total(edition: Edition) -> None:
    # Europe: -14 (Axis DP) + 5 (Britain fighting) + 6 (Allied DP) = -3.
    # Pacific: Japan 5 objectives + 4 = 9 -> -9; Japan declared war +20 -> +11.  Combined +8: no effect.
    result = run(edition, {"trigger": YSS, "axis_dp": 14, "allied_dp": 6, "japan_declared_war": True})
    assert (result.figures["europe"], result.figures["pacific"], result.figures["combined"]) == (-3, 11, 8)
    assert result.figures["europe_result"] is None and result.figures["pacific_result"] is None
    assert result.status is Status.NO_EFFECT


@pytest.mark.parametrize("edition", EDITIONS)
def test_axis_wins_europe_only(edition: Edition) -> None:
    # Europe: -20 + 5 + 6 = -9.  Pacific: Japan 10 + 4 = 14 -> -14 + 20 = +6.  Combined -3:
    # only Europe is 0 or less, so -3 is implemented in Europe; the Pacific war goes on (62.42B).
    result = run(edition, {"trigger": YSS, "axis_dp": 20, "allied_dp": 6, "japan_declared_war": True},
                 japan_objectives=10)
    assert (result.figures["europe"], result.figures["pacific"], result.figures["combined"]) == (-9, 6, -3)
    assert result.figures["europe_result"] == -3
    assert result.figures["pacific_result"] is None
    assert result.figures["separate_peace_europe"] is False
    assert result.status is Status.EFFECTS
    # Each result includes all higher ones: 0, -1, -2 and -3 apply.
    texts = [c.text for c in result.consequences if c.rule == "62.41"]
    assert [next(m for m in ("(-3)", "(-2)", "(-1)", "(0)") if m in t) for t in texts] == ["(-3)", "(-2)", "(-1)",
                                                                                          "(0)"]
    assert all(t.startswith("Europe") for t in texts)


@pytest.mark.parametrize("edition", EDITIONS)
def test_axis_wins_both_theaters(edition: Edition) -> None:
    # Europe -9 as above.  Pacific: Japan 10 + 4 = 14 -> -14, Japan did not declare war -> -14.
    # Both 0 or less: each theater its own result: Europe -9 (separate peace, tension 46 - 8 = 38),
    # Pacific -14 (separate peace, tension 46 - 28 = 18).
    result = run(edition, {"trigger": YSS, "axis_dp": 20, "allied_dp": 6}, japan_objectives=10)
    assert (result.figures["europe_result"], result.figures["pacific_result"]) == (-9, -14)
    assert result.figures["separate_peace_tension_europe"] == 38
    assert result.figures["separate_peace_tension_pacific"] == 18
    assert result.figures["separate_peace_europe"] and result.figures["separate_peace_pacific"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_axis_wins_pacific_only(edition: Edition) -> None:
    # Europe: -10 + 5 + 9 = +4.  Pacific: Japan 5 + 4 = 9 -> -9 (no declaration).  Combined -5 goes to
    # the Pacific; Europe unrestricted.
    result = run(edition, {"trigger": YSS, "axis_dp": 10, "allied_dp": 9})
    assert (result.figures["europe"], result.figures["pacific"], result.figures["combined"]) == (4, -9, -5)
    assert (result.figures["europe_result"], result.figures["pacific_result"]) == (None, -5)


def test_combined_exactly_zero_and_one() -> None:
    # Europe -16 + 5 + 0 = -11; Pacific: Japan 5 + 4 = 9 -> -9 + 20 = +11 -> combined 0: pro-Axis,
    # implemented in Europe as 0 (62.41: zero or less).
    result = run(Edition.ORIGINAL, {"trigger": YSS, "axis_dp": 16, "allied_dp": 0, "japan_declared_war": True})
    assert (result.figures["europe"], result.figures["pacific"], result.figures["combined"]) == (-11, 11, 0)
    assert result.figures["europe_result"] == 0
    # One Allied DP more: combined +1, no effect.
    result = run(Edition.ORIGINAL, {"trigger": YSS, "axis_dp": 16, "allied_dp": 1, "japan_declared_war": True})
    assert result.figures["combined"] == 1 and result.figures["europe_result"] is None


@pytest.mark.parametrize(("level", "points"), [(0, 5), (-1, 4), (-4, 1), (-5, 0), (-6, -1), (-7, -2), (-10, -5)])
def test_british_surrender_level_line(level: int, points: int) -> None:
    # Britain surrendered earlier at `level` and fights on at +10 (no new offer): the +5 goes and the
    # surrender-level line gives level + 5 (62.31 examples -6:-1 ... -10:-5, -4:+1 ... 0:+5).
    carry = {"britain": {"surrendered": True, "surrender_level": level}}
    result = run(Edition.UPDATED, {"trigger": YSS, "axis_dp": 0, "allied_dp": 0}, carry=carry)
    assert result.figures["europe"] == points


def test_britain_surrendered_japan_surrendered_atomic_attacks() -> None:
    # Britain in surrender at -7: -2, no +5.  Axis DP 8: -8; Allied DP 8: +8; two atomic attacks on
    # Britain: -5; Japan has surrendered: +10.  Europe = -8 - 5 - 2 + 8 + 10 = +3.
    # Pacific: Japan surrendered -> 0; Japan declared war +20 -> +20.  Combined +23: no effect.
    carry = {"britain": {"surrendered": True, "surrender_level": -7}, "japan": {"surrendered": True}}
    result = run(Edition.CLASSIC, {"trigger": YSS, "axis_dp": 8, "allied_dp": 8, "atomic_on_britain_us": 2,
                                   "japan_declared_war": True}, carry=carry)
    assert (result.figures["europe"], result.figures["pacific"]) == (3, 20)
    assert result.status is Status.NO_EFFECT


def test_germany_surrendered_adds_ten_in_pacific() -> None:
    # Germany surrendered earlier.  Europe: -0 + 5 + 0 = +5.  Pacific: Japan 5 + 4 = 9 -> -9, +10 -> +1.
    result = run(Edition.ORIGINAL, {"trigger": YSS}, carry={"germany": {"surrendered": True}})
    assert (result.figures["europe"], result.figures["pacific"]) == (5, 1)


# ------------------------------------------------------------------ European / Pacific scenarios

@pytest.mark.parametrize("edition", EDITIONS)
def test_european_scenario_pacific_disregarded(edition: Edition) -> None:
    # Europe: -12 + 5 + 5 = -2, Pacific 0 and disregarded -> -2 implemented in Europe.
    result = run(edition, {"trigger": YSS, "axis_dp": 12, "allied_dp": 5}, scenario=EU)
    assert (result.figures["europe"], result.figures["pacific"], result.figures["europe_result"]) == (-2, 0, -2)
    # Europe +1 -> no effect.
    result = run(edition, {"trigger": YSS, "axis_dp": 9, "allied_dp": 5}, scenario=EU)
    assert result.figures["europe"] == 1 and result.status is Status.NO_EFFECT


def test_european_scenario_japan_surrenders_by_calendar() -> None:
    # 57.81: Japan surrenders in Spring 1946, a turn earlier per atomic bomb on Japan: 4 bombs ->
    # Spring 1945.  It surrenders in this check, so "Japan has surrendered" gives +10 in Europe:
    # -12 + 5 + 5 + 10 = +8.
    result = run(Edition.UPDATED, {"trigger": YSS, "axis_dp": 12, "allied_dp": 5}, scenario=EU,
                 extra={"japan": {"atomic_attacks": 4}})
    assert result.figures["europe"] == 8


def test_pacific_scenario_no_election() -> None:
    result = run(Edition.UPDATED, {}, scenario=Scenario.PACIFIC)
    assert result.status is Status.NOT_APPLICABLE
    assert assess.lines("election", Edition.UPDATED, Scenario.PACIFIC) == ()


# ------------------------------------------------------------------ atomic-attack election (62.8)

@pytest.mark.parametrize("edition", EDITIONS)
def test_atomic_election_defeats_the_us(edition: Edition) -> None:
    # Europe only: -16 + 5 + 4 = -7 -> separate peace with Germany and Japan, the U.S. is defeated.
    # (The Pacific would be +11 but is not counted.)
    result = run(edition, {"trigger": ATOMIC, "axis_dp": 16, "allied_dp": 4, "japan_declared_war": True})
    assert result.figures["combined"] == -7
    assert result.figures["us_defeated"] is True
    assert result.figures["separate_peace_europe"] and result.figures["separate_peace_pacific"]


def test_atomic_election_failure_lifts_restrictions() -> None:
    # Europe restricted at -3 from the 1945 election; an atomic election at -6 (-15 + 5 + 4) fails:
    # no effect and every European restriction is lifted (62.83).
    carry = assess.initial_carry()
    carry["election"].update(level_europe=-3, tension_europe=30)
    inputs = {**others(), "election": {"trigger": ATOMIC, "axis_dp": 15, "allied_dp": 4}}
    report = assess.end_of_turn(Edition.UPDATED, GW, Turn(1945, Season.FALL), inputs, carry)
    assert report.results["election"].figures["combined"] == -6
    assert report.results["election"].figures["us_defeated"] is False
    assert report.new_carry["election"]["level_europe"] is None


# ------------------------------------------------------------------ 62.43 and 62.52 over turns

def test_higher_result_then_tensions_lift_it() -> None:
    # Spring 1945: Europe -20 + 5 + 6 = -9, Pacific +6 (Japan 14, declared war) -> -3 in Europe.
    # Germany imposes -1 instead (62.43).  USAT at the election 30.
    carry = assess.initial_carry()
    inputs = {**others(10), "election": {"trigger": YSS, "axis_dp": 20, "allied_dp": 6, "japan_declared_war": True,
                                         "tensions": {"usat": 30, "usjt": 40}}}
    first = assess.end_of_turn(Edition.UPDATED, GW, SPRING_1945, inputs, carry)
    assert [q.id for q in first.questions] == ["election.europe_result"]
    assert first.questions[0].default == "-3"
    report = assess.end_of_turn(Edition.UPDATED, GW, SPRING_1945, inputs, carry, {"election.europe_result": "-1"})
    carry = report.new_carry
    assert (carry["election"]["level_europe"], carry["election"]["tension_europe"]) == (-1, 30)
    assert carry["election"]["level_pacific"] is None
    # Summer 1945, no election, USAT 34: four points up -> one level better: 0.
    quiet = {**others(10), "election": {"tensions": {"usat": 34, "usjt": 40}}}
    summer = assess.end_of_turn(Edition.UPDATED, GW, Turn(1945, Season.SUMMER), quiet, carry)
    assert summer.results["election"].figures["level_in_effect_europe"] == 0
    carry = summer.new_carry
    # Fall 1945, USAT 38: eight points up -> +1: no restrictions left.
    quiet["election"]["tensions"] = {"usat": 38, "usjt": 40}
    fall = assess.end_of_turn(Edition.UPDATED, GW, Turn(1945, Season.FALL), quiet, carry)
    assert fall.results["election"].figures["level_in_effect_europe"] is None
    assert fall.new_carry["election"]["level_europe"] is None


def test_separate_peace_tension_baseline() -> None:
    # Europe -9 in both-theaters case: tension set to 38; USAT rising to 46 later: two levels better -> -7,
    # still a separate peace; 50 -> -6.
    assert election_results.separate_peace_tension(-9) == 38
    assert election_results.level_in_effect(-9, 38, 46) == -7
    assert election_results.level_in_effect(-9, 38, 50) == -6
    assert election_results.level_in_effect(-9, 38, 20) == -9


# ------------------------------------------------------------------ 62.91 Allied defeat

def _defeat(carry: dict[str, Any], russia_dp: int) -> Any:
    inputs = {**others(), "russia": {"dp_level": russia_dp}, "election": {}}
    return assess.assess_all(Edition.ORIGINAL, GW, Turn(1943, Season.SUMMER), inputs, carry)["election"]


def test_allied_defeat() -> None:
    # France surrendered, Britain in surrender at -4 (fights on at +10), Russia DP 0 -> level 0: in a
    # state of surrender (60.12); Germany (+12) and Japan (+9) fight on -> decisive Axis victory.
    carry = {"france": {"surrendered": True, "surrender_level": 1},
             "britain": {"surrendered": True, "surrender_level": -4}}
    assert _defeat(carry, 0).figures["allied_defeat"] is True
    # Russia at +1: no defeat.
    assert _defeat(carry, 1).figures["allied_defeat"] is False
    # Japan has surrendered: no defeat (62.91B).
    assert _defeat({**carry, "japan": {"surrendered": True}}, 0).figures["allied_defeat"] is False
    # France still fighting: no defeat.
    assert _defeat({"britain": carry["britain"]}, 0).figures["allied_defeat"] is False


# ------------------------------------------------------------------ properties

@given(axis=st.integers(-10, 60), allied=st.integers(-10, 60), attacks=st.integers(0, 6),
       objectives=st.integers(0, 20), declared=st.booleans())
def test_hand_formula(axis: int, allied: int, attacks: int, objectives: int, declared: bool) -> None:
    atomic = 0 if attacks == 0 else 3 if attacks == 1 else 5 + (attacks - 2)
    europe = -axis - atomic + 5 + allied
    pacific = -(objectives + 4) + (20 if declared else 0)
    result = run(Edition.ORIGINAL, {"trigger": YSS, "axis_dp": axis, "allied_dp": allied,
                                    "atomic_on_britain_us": attacks, "japan_declared_war": declared},
                 japan_objectives=objectives)
    assert (result.figures["europe"], result.figures["pacific"]) == (europe, pacific)
    combined = europe + pacific
    if combined >= 1:
        expected = (None, None)
    elif europe <= 0 and pacific <= 0:
        expected = (europe, pacific)
    elif europe <= 0:
        expected = (combined, None)
    else:
        expected = (None, combined)
    assert (result.figures["europe_result"], result.figures["pacific_result"]) == expected
