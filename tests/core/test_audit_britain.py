"""Audit of the British Resistance Table (59.21, 59.22) and the offer (59.12, 59.23, 59.41, 59.87)
against the rules texts.

Expected values are computed by hand from rule 59 (the table is the same in the Original and Updated
texts, no Classic sidebar changes it) and the player-aid table, as NOTES.md reads them:
  +/- DP; -1 each Axis Malta / Singapore; -2 each surrendered Australia / India; atomic attacks -3/-5/-6;
  -1 per firestormed city; -1 per oil effect; -1 per transport short of ten in the Atlantic (max -10);
  -1 no Russian armor/infantry in eastern Europe; -1 per full ten unbuilt factors; naval ratio +/-1..5
  (4:3, 5:3, 2:1, 3:1, 4:1, reached exactly or more); +1 per other major power at war with the
  European Axis; +1 USAT 30-39; +2 USAT 40+ with the U.S. not at war with Germany; +1 per five Western
  Allied factors on the western front; +1 WA unit in Germany; +1 Russian unit in W. Poland / Rumania;
  -1 per two concession points returned or not taken at the last surrender.
  0 or less: Britain offers; -10 or lower: Germany must accept; surrender level = resistance, never
  below -10; after a surrender a new offer needs a level below the last surrender level.
  European scenario: Singapore counts as Japanese from Winter 1941.

This file must not change britain.py: a disagreement is marked xfail(strict=True) with the discrepancy.
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
TEN = {"atlantic_transports": 10}


def run(edition: Edition, inputs: dict[str, Any], turn: Turn = FALL_1940, scenario: Scenario = GW,
        carry: dict[str, Any] | None = None) -> Any:
    return assess.assess_all(edition, scenario, turn, {"britain": inputs}, carry or {})["britain"]


def naval(allied: int, axis: int, allied_half: int = 0, axis_half: int = 0) -> dict[str, int]:
    return {"allied_full": allied, "allied_half": allied_half, "axis_full": axis, "axis_half": axis_half}


# ------------------------------------------------------------------ realistic cases

@pytest.mark.parametrize("edition", EDITIONS)
def test_battle_of_britain_offer(edition: Edition) -> None:
    # DP +4; Axis Malta -1; 2 cities firestormed -2; 1 oil effect -1; 7 transports -3; no Russian unit
    # in eastern Europe -1; 25 unbuilt factors -2; naval 60:40 = 3:2 reaches 4:3 (180 >= 160) but not
    # 5:3 (180 < 200) +1; USAT 32 +1; 12 factors on the western front +2.
    # 4 - 1 - 2 - 1 - 3 - 1 - 2 + 1 + 1 + 2 = -2 -> offers; surrender level -2; Germany may decline.
    inputs = {"dp_level": 4, "axis_holds": ["malta"], "firestorms": 2, "oil_effects": 1, "atlantic_transports": 7,
              "no_russian_east": True, "unbuilt_factors": 25, "naval_ratio": naval(60, 40), "usat_level": 32,
              "western_front_factors": 12}
    result = run(edition, inputs)
    assert result.level == -2
    assert result.status is Status.OFFERS
    assert result.figures["offer_surrender_level"] == -2
    assert result.figures["forced_acceptance"] is False
    assert result.figures["in_surrender"] is False


@pytest.mark.parametrize("edition", EDITIONS)
def test_forced_acceptance_capped_at_minus_ten(edition: Edition) -> None:
    # DP -4; Malta and Singapore -2; Australia and India -4; one atomic attack -3; ten transports 0;
    # Russia and the U.S. at war +2; USAT 45 with the U.S. at war 0; equal navies 0.
    # -4 - 2 - 4 - 3 + 2 = -11 -> offers, -10 or lower: Germany must accept; level held at -10.
    inputs = {"dp_level": -4, "axis_holds": ["malta", "singapore"], "dominions_surrendered": ["australia", "india"],
              "atomic_against_britain": 1, **TEN, "powers_at_war": ["russia", "united_states"], "usat_level": 45,
              "naval_ratio": naval(50, 50)}
    result = run(edition, inputs, Turn(1943, Season.SPRING))
    assert result.level == -11
    assert result.figures["forced_acceptance"] is True
    assert result.figures["offer_surrender_level"] == -10


@pytest.mark.parametrize("edition", EDITIONS)
def test_exactly_minus_ten_forced_and_minus_nine_free(edition: Edition) -> None:
    # DP -10, ten transports -> -10: must accept.  DP -9 -> may decline.
    assert run(edition, {"dp_level": -10, **TEN}).figures["forced_acceptance"] is True
    assert run(edition, {"dp_level": -9, **TEN}).figures["forced_acceptance"] is False


@pytest.mark.parametrize("edition", EDITIONS)
def test_zero_offers_one_does_not(edition: Edition) -> None:
    # DP 0 + 10 transports = 0 -> offers (zero or less); DP 1 -> +1, fights on.
    assert run(edition, {"dp_level": 0, **TEN}).status is Status.OFFERS
    assert run(edition, {"dp_level": 1, **TEN}).status is Status.NO_EFFECT


@pytest.mark.parametrize(("transports", "points"), [(0, -10), (1, -9), (9, -1), (10, 0), (14, 0)])
def test_transports(transports: int, points: int) -> None:
    assert run(Edition.ORIGINAL, {"dp_level": 20, "atlantic_transports": transports}).level == 20 + points


@pytest.mark.parametrize(("allied", "axis", "points"), [
    (40, 30, 1), (39, 30, 0), (50, 30, 2), (49, 30, 1), (60, 30, 3), (59, 30, 2), (90, 30, 4), (89, 30, 3),
    (120, 30, 5), (119, 30, 4), (500, 30, 5), (30, 40, -1), (30, 39, 0), (30, 50, -2), (30, 60, -3),
    (30, 90, -4), (30, 120, -5), (30, 30, 0), (0, 0, 0), (1, 0, 5), (0, 1, -5)])
def test_naval_ratio(allied: int, axis: int, points: int) -> None:
    # "Always round toward 1:1": a threshold counts only when reached exactly or more.
    assert run(Edition.UPDATED, {"dp_level": 20, **TEN, "naval_ratio": naval(allied, axis)}).level == 20 + points


def test_naval_half_strength() -> None:
    # Allied 36 full + 9 half (4 counted, remnant dropped) = 40 vs Axis 30: 4:3 -> +1.
    # Allied 36 full + 7 half = 39 vs 30 -> 0.  Axis 20 full + 20 half = 30.
    assert run(Edition.ORIGINAL, {"dp_level": 20, **TEN, "naval_ratio": naval(36, 20, 9, 20)}).level == 21
    assert run(Edition.ORIGINAL, {"dp_level": 20, **TEN, "naval_ratio": naval(36, 20, 7, 20)}).level == 20


@pytest.mark.parametrize(("usat", "us_at_war", "points"), [
    (29, False, 0), (30, False, 1), (39, False, 1), (40, False, 2), (60, False, 2), (35, True, 1 + 1),
    (40, True, 0 + 1), (29, True, 0 + 1)])
def test_usat(usat: int, us_at_war: bool, points: int) -> None:
    # The U.S. at war also counts +1 as a major power at war with the European Axis.
    inputs = {"dp_level": 20, **TEN, "usat_level": usat, "powers_at_war": ["united_states"] if us_at_war else []}
    assert run(Edition.CLASSIC, inputs).level == 20 + points


@pytest.mark.parametrize(("factors", "points"), [(4, 0), (5, 1), (9, 1), (10, 2), (27, 5)])
def test_western_front(factors: int, points: int) -> None:
    assert run(Edition.UPDATED, {"dp_level": 20, **TEN, "western_front_factors": factors}).level == 20 + points


@pytest.mark.parametrize(("factors", "points"), [(9, 0), (10, -1), (19, -1), (20, -2)])
def test_unbuilt(factors: int, points: int) -> None:
    assert run(Edition.ORIGINAL, {"dp_level": 20, **TEN, "unbuilt_factors": factors}).level == 20 + points


@pytest.mark.parametrize(("attacks", "points"), [(1, -3), (2, -5), (3, -6), (4, -7)])
def test_atomic(attacks: int, points: int) -> None:
    assert run(Edition.ORIGINAL, {"dp_level": 20, **TEN, "atomic_against_britain": attacks}).level == 20 + points


def test_late_war_positive() -> None:
    # 1944: DP 6; France, Russia, U.S. at war +3; WA unit in Germany +1; Russian unit in Rumania +1;
    # naval 200:50 = 4:1 +5; 40 factors on the western front +8; USAT 55 with U.S. at war 0.
    # 6 + 3 + 1 + 1 + 5 + 8 = 24.
    inputs = {"dp_level": 6, **TEN, "powers_at_war": ["france", "russia", "united_states"], "wa_in_germany": True,
              "russian_west": True, "naval_ratio": naval(200, 50), "western_front_factors": 40, "usat_level": 55}
    result = run(Edition.UPDATED, inputs, Turn(1944, Season.FALL))
    assert (result.level, result.status) == (24, Status.NO_EFFECT)


# ------------------------------------------------------------------ European scenario Singapore

@pytest.mark.parametrize("edition", EDITIONS)
def test_european_singapore(edition: Edition) -> None:
    # 59.22B: Singapore counts as Japanese from Winter 1941 in a European scenario.
    inputs = {"dp_level": 3, **TEN}
    assert run(edition, inputs, Turn(1941, Season.FALL), Scenario.EUROPEAN).level == 3
    assert run(edition, inputs, Turn(1941, Season.WINTER), Scenario.EUROPEAN).level == 2
    assert run(edition, inputs, Turn(1943, Season.SUMMER), Scenario.EUROPEAN).level == 2
    # Ticking Singapore as well does not count it twice.
    both = {**inputs, "axis_holds": ["malta", "singapore"]}
    assert run(edition, both, Turn(1942, Season.SPRING), Scenario.EUROPEAN).level == 1


def test_pacific_scenario_never_surrenders() -> None:
    assert run(Edition.UPDATED, {"dp_level": -20}, scenario=Scenario.PACIFIC).status is Status.NOT_APPLICABLE


# ------------------------------------------------------------------ after a surrender (59.75, 59.87)

@pytest.mark.parametrize("edition", EDITIONS)
def test_second_surrender_needs_a_lower_level(edition: Edition) -> None:
    carry = {"britain": {"surrendered": True, "surrender_level": -3}}
    # Resistance -3: not below the last surrender level -> no offer; stays in surrender.
    same = run(edition, {"dp_level": -3, **TEN}, carry=carry)
    assert same.status is Status.SURRENDERED and same.figures["in_surrender"] is True
    # Resistance -4: a new offer; one level counted (59.872), two concession points (59.65).
    lower = run(edition, {"dp_level": -4, **TEN}, carry=carry)
    assert lower.status is Status.OFFERS
    assert (lower.figures["offer_surrender_level"], lower.figures["counted_levels"],
            lower.figures["concession_points"]) == (-4, 1, 2)


def test_first_offer_concession_points() -> None:
    # First surrender at -4: 4 levels, 8 concession points (NOTES.md: two per level below zero).
    result = run(Edition.ORIGINAL, {"dp_level": -4, **TEN})
    assert (result.figures["counted_levels"], result.figures["concession_points"]) == (4, 8)


@pytest.mark.parametrize(("points", "modifier"), [(0, 0), (1, 0), (2, -1), (3, -1), (5, -2), (8, -4)])
def test_conciliation(points: int, modifier: int) -> None:
    # 59.75A: -1 per two full concession points returned or not taken at the last surrender.
    carry = {"britain": {"surrendered": True, "surrender_level": -4, "conciliation_points": points}}
    assert run(Edition.UPDATED, {"dp_level": 20, **TEN}, carry=carry).level == 20 + modifier


# ------------------------------------------------------------------ property

@given(dp=st.integers(-20, 20), transports=st.integers(0, 20), fire=st.integers(0, 6), oil=st.integers(0, 4),
       unbuilt=st.integers(0, 80), front=st.integers(0, 60), usat=st.integers(0, 60),
       powers=st.sets(st.sampled_from(["france", "russia", "united_states"])))
def test_hand_formula(dp: int, transports: int, fire: int, oil: int, unbuilt: int, front: int, usat: int,
                      powers: set[str]) -> None:
    us_at_war = "united_states" in powers
    usat_points = 1 if 30 <= usat <= 39 else 2 if usat >= 40 and not us_at_war else 0
    expected = (dp - max(0, 10 - transports) - fire - oil - unbuilt // 10 + front // 5 + len(powers) + usat_points)
    inputs = {"dp_level": dp, "atlantic_transports": transports, "firestorms": fire, "oil_effects": oil,
              "unbuilt_factors": unbuilt, "western_front_factors": front, "usat_level": usat,
              "powers_at_war": sorted(powers)}
    result = run(Edition.ORIGINAL, inputs)
    assert result.level == expected
    assert (result.status is Status.OFFERS) == (expected <= 0)
    if expected <= 0:
        assert result.figures["offer_surrender_level"] == max(-10, expected)
        assert result.figures["forced_acceptance"] == (expected <= -10)
