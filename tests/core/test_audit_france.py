"""Audit of the French surrender level (58.11, 58.21, 58.22) against the rules texts.

Expected values are computed by hand from rule 58 of the Original text and of the Updated text with
and without its Classic sidebars, as NOTES.md reads them:

Original: A +2 Axis Paris, +1 each Axis Lyon / Marseilles, -1 each other French-held European
  objective; B -1 per full ten French ground factors in France; C +1 per five fleet factors below 42
  (38+: 0, 33-37: +1, 28-32: +2 ..., no cap); D Spring 1940 or earlier +2, Summer 1940 0, Fall 1940 -2,
  Winter 1940 or later -4; E Axis DPs minus Western Allied DPs; F -1 Anglo-French cooperation 7+.
Updated: C symmetric and capped (27 or less +3, 28-32 +2, 33-37 +1, 38-46 0, 47-51 -1, 52-56 -2,
  57+ -3); D battleship design research (none +1, one 0, two -1); E turns since Germany first held a
  hex in France (that turn +2, next 0, then -2, later -4); F DPs; G Anglo-French.
Classic: as updated without D and with the turn by season.
The sum is held at +/-3 (58.22).  Damaged / "2" / Launch-row factors count two for one, remnant dropped.

This file must not change france.py: a disagreement is marked xfail(strict=True) with the discrepancy.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

GW = Scenario.GLOBAL_WAR
EDITIONS = tuple(Edition)
FALL_1940 = Turn(1940, Season.FALL)


def first_hex(year: int, season: int) -> dict[str, int]:
    return {"year": year, "season": season}


def run(edition: Edition, inputs: dict[str, Any], turn: Turn = FALL_1940, scenario: Scenario = GW,
        carry: dict[str, Any] | None = None) -> Any:
    return assess.assess_all(edition, scenario, turn, {"france": inputs}, carry or {})["france"]


# ------------------------------------------------------------------ the rules' own example

@pytest.mark.parametrize("edition", [Edition.ORIGINAL, Edition.CLASSIC])
def test_rule_example_by_season(edition: Edition) -> None:
    # 58.21 example: Paris +2, Fall 1940 -2, Marseilles +1, 21 ground factors -2 -> -1.
    inputs = {"paris_axis": True, "lyon_marseilles_axis": ["marseilles"], "ground_factors": 21}
    result = run(edition, inputs)
    assert (result.total, result.level, result.status) == (-1, -1, Status.SURRENDERS)


def test_rule_example_updated_clock() -> None:
    # Updated: Germany first held a hex in France in Summer 1940; Fall 1940 is the next turn: 0.
    # One battleship design result: 0.  Paris +2, Marseilles +1, 21 factors -2 -> +1.
    inputs = {"paris_axis": True, "lyon_marseilles_axis": ["marseilles"], "ground_factors": 21,
              "german_first_hex": first_hex(1940, 2), "battleship_research": 1}
    result = run(Edition.UPDATED, inputs)
    assert (result.total, result.level, result.status) == (1, 1, Status.SURRENDERS)


# ------------------------------------------------------------------ realistic cases

@pytest.mark.parametrize("edition", [Edition.ORIGINAL, Edition.CLASSIC])
def test_early_collapse_clamped(edition: Edition) -> None:
    # Spring 1940: Paris +2, Lyon and Marseilles +2, 9 ground factors 0, fleet 30 full + 5 half =
    # 30 + 2 = 32 counted: +2 (both editions), turn +2 -> raw +8, held at +3.
    inputs = {"paris_axis": True, "lyon_marseilles_axis": ["lyon", "marseilles"], "ground_factors": 9,
              "fleet": {"full": 30, "half": 5}}
    result = run(edition, inputs, Turn(1940, Season.SPRING))
    assert (result.total, result.level) == (8, 3)


def test_original_fleet_uncapped_voluntary_winter() -> None:
    # Original, Winter 1940, voluntary: Paris French-held counts as an "other" objective -1 (the code's
    # reading of "other than Lyon and Marseilles"), 35 ground factors -3, fleet 10: 32 below 42 -> +6
    # (no cap in the original), turn -4, DPs 3 Axis / 1 Allied +2, Anglo-French -1.
    # -1 - 3 + 6 - 4 + 2 - 1 = -1.
    inputs = {"french_objectives": 1, "ground_factors": 35, "fleet": {"full": 10, "half": 0},
              "dps": {"axis": 3, "allied": 1}, "anglo_french_cooperation": True, "voluntary_surrender": True}
    result = run(Edition.ORIGINAL, inputs, Turn(1940, Season.WINTER))
    assert (result.total, result.level, result.status) == (-1, -1, Status.SURRENDERS)
    # Classic: the same with the fleet capped at +3: -1 - 3 + 3 - 4 + 2 - 1 = -4 -> held at -3.
    result = run(Edition.CLASSIC, inputs, Turn(1940, Season.WINTER))
    assert (result.total, result.level) == (-4, -3)


def test_updated_slow_conquest() -> None:
    # Updated: Germany's first hex in France Spring 1940, surrender Winter 1940 (3 turns later) -4;
    # Paris +2; 20 ground factors -2; fleet 50 -> -1; no battleship result +1; Allied DPs 2 -> -2.
    # 2 - 2 - 1 + 1 - 4 - 2 = -6 -> held at -3.
    inputs = {"paris_axis": True, "ground_factors": 20, "fleet": {"full": 50, "half": 0},
              "battleship_research": 0, "german_first_hex": first_hex(1940, 1), "dps": {"axis": 0, "allied": 2}}
    result = run(Edition.UPDATED, inputs, Turn(1940, Season.WINTER))
    assert (result.total, result.level) == (-6, -3)


@pytest.mark.parametrize(("first", "modifier"), [((1940, 3), 2), ((1940, 2), 0), ((1940, 1), -2),
                                                  ((1939, 4), -4), ((1939, 3), -4)])
def test_updated_clock(first: tuple[int, int], modifier: int) -> None:
    # Surrender Fall 1940, Paris +2, one battleship result 0, fleet default 42 -> 2 + modifier.
    inputs = {"paris_axis": True, "battleship_research": 1, "german_first_hex": first_hex(*first)}
    assert run(Edition.UPDATED, inputs).total == 2 + modifier


@pytest.mark.parametrize(("turn", "modifier"), [(Turn(1939, Season.FALL), 2), (Turn(1940, Season.SPRING), 2),
                                                (Turn(1940, Season.SUMMER), 0), (Turn(1940, Season.FALL), -2),
                                                (Turn(1940, Season.WINTER), -4), (Turn(1942, Season.SUMMER), -4)])
@pytest.mark.parametrize("edition", [Edition.ORIGINAL, Edition.CLASSIC])
def test_turn_by_season(edition: Edition, turn: Turn, modifier: int) -> None:
    assert run(edition, {"paris_axis": True}, turn).total == 2 + modifier


@pytest.mark.parametrize(("factors", "original", "updated"), [
    (42, 0, 0), (38, 0, 0), (37, 1, 1), (33, 1, 1), (32, 2, 2), (28, 2, 2), (27, 3, 3), (23, 3, 3),
    (22, 4, 3), (0, 8, 3), (46, 0, 0), (47, 0, -1), (51, 0, -1), (52, 0, -2), (56, 0, -2), (57, 0, -3),
    (90, 0, -3)])
def test_fleet_modifier(factors: int, original: int, updated: int) -> None:
    # Summer 1940 (turn 0), Paris +2, one battleship result (updated) 0; first hex = this turn would be
    # +2 in the updated edition, so give Spring 1940 (one turn earlier: 0).
    base = {"paris_axis": True, "fleet": {"full": factors, "half": 0}}
    summer = Turn(1940, Season.SUMMER)
    assert run(Edition.ORIGINAL, base, summer).total == 2 + original
    assert run(Edition.CLASSIC, base, summer).total == 2 + updated
    updated_inputs = {**base, "battleship_research": 1, "german_first_hex": first_hex(1940, 1)}
    assert run(Edition.UPDATED, updated_inputs, summer).total == 2 + updated


def test_fleet_half_strength_remnant() -> None:
    # 35 full + 5 half: 35 + 2 = 37 -> +1; 35 + 6 half: 38 -> 0 (Original, Summer 1940, Paris +2).
    summer = Turn(1940, Season.SUMMER)
    assert run(Edition.ORIGINAL, {"paris_axis": True, "fleet": {"full": 35, "half": 5}}, summer).total == 3
    assert run(Edition.ORIGINAL, {"paris_axis": True, "fleet": {"full": 35, "half": 6}}, summer).total == 2


@pytest.mark.parametrize(("results", "modifier"), [(0, 1), (1, 0), (2, -1)])
def test_battleship_research_updated_only(results: int, modifier: int) -> None:
    inputs = {"paris_axis": True, "battleship_research": results, "german_first_hex": first_hex(1940, 2)}
    assert run(Edition.UPDATED, inputs).total == 2 + modifier
    # Classic has no 58.21D: the entry is ignored (Fall 1940 -2).
    assert run(Edition.CLASSIC, inputs).total == 0


# ------------------------------------------------------------------ when France surrenders

@pytest.mark.parametrize("edition", EDITIONS)
def test_voluntary_surrender_from_fall_1940(edition: Edition) -> None:
    summer = run(edition, {"voluntary_surrender": True, "battleship_research": 1}, Turn(1940, Season.SUMMER))
    assert summer.status is Status.NO_EFFECT
    fall = run(edition, {"voluntary_surrender": True, "battleship_research": 1}, FALL_1940)
    assert fall.status is Status.SURRENDERS


@pytest.mark.parametrize("edition", EDITIONS)
def test_holding_paris_fights_on(edition: Edition) -> None:
    result = run(edition, {"lyon_marseilles_axis": ["lyon", "marseilles"]})
    assert result.status is Status.NO_EFFECT


def test_pacific_scenario() -> None:
    assert run(Edition.UPDATED, {"paris_axis": True}, scenario=Scenario.PACIFIC).status is Status.NOT_APPLICABLE


def test_vichy_not_allowed_after_us_entry() -> None:
    # 58.31: no Vichy France if France surrenders after the U.S. and Germany are at war.
    # Germany fights on (DP level 5): with nothing entered its table would surrender it first (55), ending its
    # wars, the U.S.'s too, before France's check (58).
    inputs = {"france": {"paris_axis": True, "us_at_war_with_germany": True}, "germany": {"dp_level": 5}}
    report = assess.end_of_turn(Edition.ORIGINAL, GW, Turn(1942, Season.SPRING), inputs, {})
    assert report.new_carry["france"]["surrendered"] is True
    assert report.new_carry["france"]["vichy"] is False
    assert not [q for q in report.questions if q.id == "france_vichy"]
    # Before U.S. entry the Axis choose; the default sets Vichy up.
    report = assess.end_of_turn(Edition.ORIGINAL, GW, FALL_1940, {"france": {"paris_axis": True}}, {})
    assert report.new_carry["france"]["vichy"] is True
    assert report.new_carry["france"]["surrender_level"] == 0   # +2 Paris -2 Fall 1940


def test_surrendered_france_keeps_its_level() -> None:
    # Next turn France stays surrendered at the recorded level.
    report = assess.end_of_turn(Edition.ORIGINAL, GW, FALL_1940,
                                {"france": {"paris_axis": True, "lyon_marseilles_axis": ["lyon"]}}, {})
    later = run(Edition.ORIGINAL, {}, Turn(1941, Season.SPRING), carry=report.new_carry)
    assert (later.status, later.level) == (Status.SURRENDERED, 1)


@given(paris=st.booleans(), cities=st.integers(0, 2), objectives=st.integers(0, 5),
       ground=st.integers(0, 120), full=st.integers(0, 80), half=st.integers(0, 20),
       axis=st.integers(0, 6), allied=st.integers(0, 6), anglo=st.booleans())
def test_original_hand_formula(paris: bool, cities: int, objectives: int, ground: int, full: int, half: int,
                               axis: int, allied: int, anglo: bool) -> None:
    counted = full + half // 2
    fleet = (42 - counted) // 5 if counted < 42 else 0
    raw = (2 if paris else 0) + cities - objectives - ground // 10 + fleet - 2 + axis - allied - (1 if anglo else 0)
    inputs = {"paris_axis": paris, "lyon_marseilles_axis": ["lyon", "marseilles"][:cities],
              "french_objectives": objectives, "ground_factors": ground, "fleet": {"full": full, "half": half},
              "dps": {"axis": axis, "allied": allied}, "anglo_french_cooperation": anglo}
    result = run(Edition.ORIGINAL, inputs)
    assert result.total == raw
    assert result.level == max(-3, min(3, raw))
