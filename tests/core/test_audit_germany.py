"""Audit of the German rules (54.26, 55, 56.13) against the rules texts, through the public API.

Every expected value below was worked out by hand from the rules texts (Original:
awaw-original-rules-54-62.md 55.11; Updated: awaw-updated-rules-54-62.txt 55.11 and the
player-aid table), not from the code.  The hand computation is in the comment of each case.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, germany
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

GW = Scenario.GLOBAL_WAR
EUROPE = Scenario.EUROPEAN
SUMMER44 = Turn(1944, Season.SUMMER)
UPDATED = [Edition.UPDATED, Edition.CLASSIC]


def run(edition, inputs, carry=None, scenario=GW, turn=SUMMER44):
    return assess.assess_all(edition, scenario, turn, inputs, carry or {})


def german(edition, inputs, carry=None, scenario=GW):
    return run(edition, inputs, carry, scenario)["germany"]


def rules(result):
    return [c.rule for c in result.consequences]


# --------------------------------------------------------------------------- Original edition

def test_original_heavy_bombing_surrenders_and_italy_fights_on():
    # Original 55.11: DP -2, Berlin +2, Essen and Leipzig +1 +1, Berchtesgaden lost (0),
    # 3 firestorms -3, 2 atomic attacks on Germany -3 -2 = -5.  Italian DP 2 ignored (54.26).
    # -2 + 2 + 2 - 3 - 5 = -6 -> zero or less: surrenders.  Italy at war, not surrendered:
    # 55.22 Italy fights on (no 55.21 peace).
    inputs = {"germany": {"dp_level": -2, "berlin": True, "cities": ["essen", "leipzig"],
                          "berchtesgaden": False, "firestorms": 3, "atomic_against_germany": 2},
              "italy": {"dp_level": 2}}
    result = german(Edition.ORIGINAL, inputs)
    assert result.level == -6
    assert result.status is Status.SURRENDERS
    assert "55.22" in rules(result) and "55.21" not in rules(result)
    assert "55.24" in rules(result)  # Global War: the Pacific election gains +10


def test_original_full_table_fights_on():
    # DP +1, Berlin +2, all four cities +4, Berchtesgaden +1 = +8.
    inputs = {"germany": {"dp_level": 1, "berlin": True, "cities": ["breslau", "essen", "cologne", "leipzig"],
                          "berchtesgaden": True}}
    result = german(Edition.ORIGINAL, inputs)
    assert result.level == 8 and result.status is Status.NO_EFFECT


@pytest.mark.parametrize(("dp", "level", "status"), [(-3, 0, Status.SURRENDERS), (-2, 1, Status.NO_EFFECT),
                                                     (-4, -1, Status.SURRENDERS)])
def test_original_zero_is_enough(dp, level, status):
    # DP + Berlin 2 + Berchtesgaden 1, no cities: -3 -> 0 surrenders ("zero or less"); -2 -> +1 does not.
    inputs = {"germany": {"dp_level": dp, "berlin": True, "cities": [], "berchtesgaden": True}}
    result = german(Edition.ORIGINAL, inputs)
    assert (result.level, result.status) == (level, status)


def test_original_ignores_attacks_made_by_germany_and_italy():
    # Original has no "attacks made by Germany" line and 54.26 ignores the Italian DP level:
    # DP 0, Berlin lost, no cities, no Berchtesgaden, 1 attack on Germany -3 -> -3.
    inputs = {"germany": {"dp_level": 0, "berlin": False, "cities": [], "berchtesgaden": False,
                          "atomic_by_germany": 4, "atomic_against_germany": 1},
              "italy": {"dp_level": 9}}
    result = german(Edition.ORIGINAL, inputs)
    assert result.level == -3
    assert {item.id for item in result.breakdown} == {
        "dp_level", "berlin", "cities", "berchtesgaden", "firestorms", "atomic_against_germany"}


def test_original_surrender_after_italy_ends_the_european_war():
    # 55.21 (Original): Italy surrendered earlier, so the German surrender ends the war in Europe.
    # DP -1, Cologne +1 = 0 -> surrenders.
    inputs = {"germany": {"dp_level": -1, "berlin": False, "cities": ["cologne"], "berchtesgaden": False}}
    carry = {"italy": {"surrendered": True, "surrender_turn": {"season": "fall", "year": 1943},
                       "surrender_level": -2}}
    result = german(Edition.ORIGINAL, inputs, carry)
    assert result.level == 0 and result.status is Status.SURRENDERS
    assert "55.21" in rules(result) and "56.13" not in rules(result)
    assert germany.ends_european_war(assess.GameContext(Edition.ORIGINAL, GW, SUMMER44, {}, carry))


def test_original_german_surrender_leaves_italy_fighting_across_the_turn():
    # Original 56.13: a German surrender does not make Italy surrender.
    # Germany: DP -5, Berlin +2 = -3 -> surrenders.  Italy DP +3: fights on after the check.
    inputs = {"germany": {"dp_level": -5, "berlin": True, "cities": [], "berchtesgaden": False},
              "italy": {"dp_level": 3}}
    report = assess.end_of_turn(Edition.ORIGINAL, EUROPE, SUMMER44, inputs, {})
    assert report.results["germany"].level == -3
    assert report.new_carry["germany"]["surrendered"] is True
    assert report.new_carry["germany"]["surrender_turn"] == {"season": "summer", "year": 1944}
    assert report.new_carry["italy"]["surrendered"] is False
    # next turn: Germany stays surrendered whatever is entered
    later = run(Edition.ORIGINAL, {"germany": {"dp_level": 20}}, report.new_carry, EUROPE, SUMMER44.next())
    assert later["germany"].status is Status.SURRENDERED


# --------------------------------------------------------------------------- Updated editions

@pytest.mark.parametrize("edition", UPDATED)
def test_updated_brief_example(edition):
    # Updated 55.11: DP -2, Berlin +2, Essen and Leipzig +2, Berchtesgaden lost, 2 atomic attacks
    # on Germany -5, 1 made by Germany +3, 3 firestorms -3, Italian resistance (DP total 2) +2:
    # -2 + 2 + 2 - 5 + 3 - 3 + 2 = -1 -> surrenders; 55.21: the war in Europe ends; 56.13 Italy
    # surrenders with Germany, at surrender level +2 (DP total 2, clamp +/-2).
    inputs = {"germany": {"dp_level": -2, "berlin": True, "cities": ["essen", "leipzig"],
                          "berchtesgaden": False, "atomic_against_germany": 2, "atomic_by_germany": 1,
                          "firestorms": 3},
              "italy": {"dp_level": 2}}
    report = assess.end_of_turn(edition, GW, SUMMER44, inputs, {})
    result = report.results["germany"]
    assert result.level == -1 and result.status is Status.SURRENDERS
    assert {"55.21", "56.13"} <= set(rules(result))
    assert report.new_carry["italy"]["surrendered"] is True
    assert report.new_carry["italy"]["surrender_level"] == 2


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("italy_inputs", "italian_points"), [
    ({"dp_level": -4}, 0),                                            # negative -> 0
    ({"dp_level": 0}, 0),
    ({"dp_level": -1, "wa_declared_war": True}, 1),                   # -1 + 2 = 1
    ({"dp_level": 4, "late_entry_years": 2}, 2),                      # 4 - 2 (declared 1942) = 2
    # DPs in Italy change the surrender level only, not the DP total: 5
    ({"dp_level": 5, "surrender_modifiers": {"allied_dps": 9, "axis_dps": 0, "covert": 0}}, 5),
])
def test_updated_italian_resistance_line(edition, italy_inputs, italian_points):
    # DP +1, Berlin +2, nothing else: 3 + the Italian resistance level (DP total as in 56.12, >= 0).
    inputs = {"germany": {"dp_level": 1, "berlin": True, "cities": [], "berchtesgaden": False},
              "italy": italy_inputs}
    result = german(edition, inputs)
    assert result.level == 3 + italian_points
    assert result.status is Status.NO_EFFECT


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_surrendered_italy_still_counts(edition):
    # "whether or not Italy has surrendered": Italy surrendered in 1943, DP total now 3 -> +3.
    # DP -3, no Berlin, Breslau +1, Berchtesgaden +1: -3 + 0 + 1 + 1 + 3 = +2 -> fights on.
    carry = {"italy": {"surrendered": True, "surrender_turn": {"season": "fall", "year": 1943},
                       "surrender_level": -1}}
    inputs = {"germany": {"dp_level": -3, "berlin": False, "cities": ["breslau"], "berchtesgaden": True},
              "italy": {"dp_level": 3}}
    result = german(edition, inputs, carry)
    assert result.level == 2 and result.status is Status.NO_EFFECT
    # Italy's DP total 2: -3 + 1 + 1 + 2 = +1, fights on.  DP total 1: -3 + 1 + 1 + 1 = 0 ->
    # surrenders; the war ends (55.21) and Italy is already out (no 56.13 consequence).
    inputs["italy"] = {"dp_level": 2}
    result = german(edition, inputs, carry)
    assert result.level == 1 and result.status is Status.NO_EFFECT
    inputs["italy"] = {"dp_level": 1}
    result = german(edition, inputs, carry)
    assert result.level == 0 and result.status is Status.SURRENDERS
    assert "55.21" in rules(result) and "56.13" not in rules(result)


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("attacks", "points"), [(1, 3), (2, 5), (3, 6), (4, 7)])
def test_updated_attacks_made_by_germany(edition, attacks, points):
    # NOTES.md escalating series: 1 -> +3, 2 -> +5, 3 -> +6, 4 -> +7.  DP -7, Berlin +2,
    # Berchtesgaden +1, no cities: -4 + points.
    inputs = {"germany": {"dp_level": -7, "berlin": True, "cities": [], "berchtesgaden": True,
                          "atomic_by_germany": attacks}}
    result = german(edition, inputs)
    assert result.level == -4 + points
    assert result.surrendered is (-4 + points <= 0)


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_german_surrender_with_a_neutral_italy(edition):
    # 55.21 (Updated): the war ends whether or not Italy ever went to war.  DP -1 -> -1: surrenders.
    inputs = {"germany": {"dp_level": -1, "berlin": False, "cities": [], "berchtesgaden": False},
              "italy": {"at_war": False, "dp_level": 4}}
    # Italy's DP total 4 counts: -1 + 4 = 3 -> fights on
    assert german(edition, inputs).level == 3
    inputs["italy"] = {"at_war": False, "dp_level": 0}
    result = german(edition, inputs)
    assert result.level == -1 and result.status is Status.SURRENDERS
    assert "55.21" in rules(result)


@pytest.mark.parametrize("edition", list(Edition))
def test_pacific_scenario_has_no_german_check(edition):
    result = german(edition, {"germany": {"dp_level": -20}}, scenario=Scenario.PACIFIC)
    assert result.status is Status.NOT_APPLICABLE


@pytest.mark.parametrize("edition", list(Edition))
def test_fresh_game_does_not_surrender(edition):
    # Start values: Berlin, the four cities and Berchtesgaden held: 0 + 2 + 4 + 1 = 7.
    start = {line.id: line.starting_value() for line in germany.lines(edition, GW)
             if line.input_kind != "derived"}
    result = german(edition, {"germany": start})
    assert result.level == 7 and result.status is Status.NO_EFFECT


def test_original_55_52_mediterranean_conquests_pass_to_a_fighting_italy():
    # Original 55.52: Mediterranean-front conquests pass to Italy if Italy has not surrendered.
    inputs = {"germany": {"dp_level": -4, "berlin": False, "cities": [], "berchtesgaden": False}}
    fighting = german(Edition.ORIGINAL, inputs)
    text = {c.rule: c.text for c in fighting.consequences}
    assert {"55.41", "55.51"} <= set(text) and "pass to Italy" in text["55.52"]
    carry = {"italy": {"surrendered": True, "surrender_turn": {"season": "fall", "year": 1943},
                       "surrender_level": 0}}
    out = {c.rule: c.text for c in german(Edition.ORIGINAL, inputs, carry).consequences}
    assert "pass to Italy" not in out["55.52"]



@given(dp=st.integers(-20, 20), berlin=st.booleans(), cities=st.integers(0, 4), berchtesgaden=st.booleans(),
       by=st.integers(0, 6), against=st.integers(0, 6), fire=st.integers(0, 10), italy_dp=st.integers(-5, 5))
def test_property_table_sum(dp, berlin, cities, berchtesgaden, by, against, fire, italy_dp):
    # 55.11 written out: escalating 3, 5, 6, 7 ... for attacks; Italy floored at 0 (Updated only).
    def series(n):
        return 0 if n == 0 else 3 if n == 1 else 5 + (n - 2)
    names = ["breslau", "essen", "cologne", "leipzig"][:cities]
    inputs = {"germany": {"dp_level": dp, "berlin": berlin, "cities": names, "berchtesgaden": berchtesgaden,
                          "atomic_by_germany": by, "atomic_against_germany": against, "firestorms": fire},
              "italy": {"dp_level": italy_dp}}
    base = dp + 2 * berlin + cities + berchtesgaden - fire - series(against)
    original = german(Edition.ORIGINAL, inputs)
    assert original.level == base
    assert original.surrendered is (base <= 0)
    updated = german(Edition.UPDATED, inputs)
    assert updated.level == base + series(by) + max(0, italy_dp)
    assert updated.surrendered is (updated.level <= 0)
