"""Audit of the Italian rules (56) against the rules texts, through the public API.

Expected values are worked out by hand from 56.11, 56.12, 56.13, 56.21 and 56.31-56.32 of both
editions (and NOTES.md), not from the code; the computation is beside each case.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, italy
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

GW = Scenario.GLOBAL_WAR
EUROPE = Scenario.EUROPEAN
FALL43 = Turn(1943, Season.FALL)
UPDATED = [Edition.UPDATED, Edition.CLASSIC]
#: A German entry that keeps Germany well away from surrender: 5 + 2 + 4 + 1 = 12.
GERMANY_SAFE = {"dp_level": 5, "berlin": True, "cities": ["breslau", "essen", "cologne", "leipzig"],
                "berchtesgaden": True}


def mods(axis=0, allied=0, covert=0):
    return {"axis_dps": axis, "allied_dps": allied, "covert": covert}


def run(edition, italy_inputs, carry=None, scenario=GW, germany_inputs=None, turn=FALL43):
    inputs = {"italy": italy_inputs, "germany": germany_inputs or GERMANY_SAFE}
    return assess.assess_all(edition, scenario, turn, inputs, carry or {})


def rules(result):
    return [c.rule for c in result.consequences]


@pytest.mark.parametrize("edition", list(Edition))
def test_rome_lost_but_dp_total_positive(edition):
    # DP -1 + 2 (Western Allies declared war) = +1 > 0: no surrender although Rome is Allied;
    # 56.73 resolve impairments apply.
    result = run(edition, {"dp_level": -1, "wa_declared_war": True, "rome_allied": True})["italy"]
    assert result.level == 1
    assert result.status is Status.NO_EFFECT
    assert result.figures["resolve_impaired"] is True
    assert "56.73B" in rules(result)


@pytest.mark.parametrize("edition", list(Edition))
def test_late_entry_africa_lost_surrenders_at_minus_two(edition):
    # DP +1, declared war 1942 (-2): total -1 <= 0 and no Axis units in Africa -> surrenders.
    # Surrender level (56.31): -1 + 1 Axis DP - 3 Allied DPs = -3 -> held at -2 (56.31B).
    # 56.32 row -2: the U.S. takes 9 infantry factors, 1 named ship, 2 cruisers, 2 destroyer factors.
    result = run(edition, {"dp_level": 1, "late_entry_years": 2, "no_axis_in_africa": True,
                           "surrender_modifiers": mods(axis=1, allied=3)})["italy"]
    assert result.level == -1
    assert result.status is Status.SURRENDERS
    assert result.figures["surrender_level"] == -2
    assert result.figures["raw_surrender_level"] == -3
    forces = italy.post_surrender_forces(result.figures["surrender_level"])
    assert forces.united_states == italy.ForceShare(9, 1, 2, 2)
    assert forces.germany.empty


@pytest.mark.parametrize("edition", list(Edition))
def test_zero_dp_total_with_rome_lost_surrenders_axis_favoured(edition):
    # DP 0 exactly ("zero or less") and Rome Allied -> surrenders.  Level 0 + 2 Axis DPs = +2:
    # Germany takes 9 infantry, 1 named ship, 2 cruisers, 2 destroyer factors.
    result = run(edition, {"dp_level": 0, "rome_allied": True, "surrender_modifiers": mods(axis=2)})["italy"]
    assert result.level == 0 and result.status is Status.SURRENDERS
    assert result.figures["surrender_level"] == 2
    assert italy.post_surrender_forces(2).germany == italy.ForceShare(9, 1, 2, 2)


@pytest.mark.parametrize("edition", list(Edition))
def test_one_point_above_zero_does_not_surrender(edition):
    # DP +2, declared war 1941 (-1) = +1 -> no surrender even with both conditions met.
    result = run(edition, {"dp_level": 2, "late_entry_years": 1, "rome_allied": True,
                           "no_axis_in_africa": True})["italy"]
    assert result.level == 1 and result.status is Status.NO_EFFECT


@pytest.mark.parametrize("edition", list(Edition))
def test_low_dp_without_a_condition_does_not_surrender(edition):
    # DP -6: total -6, but Rome is Axis and Axis units remain in Africa -> fights on.
    result = run(edition, {"dp_level": -6})["italy"]
    assert result.level == -6 and result.status is Status.NO_EFFECT


@pytest.mark.parametrize("edition", list(Edition))
def test_level_zero_row_splits_forces_axis_first(edition):
    # DP -2, Africa clear: surrenders.  Level -2 + 3 Axis - 2 Allied + covert +1 = 0:
    # 3 infantry, 1 cruiser, 1 destroyer factor to each side, Axis picks first (56.321).
    report = assess.end_of_turn(edition, GW, FALL43,
                                {"italy": {"dp_level": -2, "no_axis_in_africa": True,
                                           "surrender_modifiers": mods(axis=3, allied=2, covert=1)},
                                 "germany": GERMANY_SAFE}, {})
    assert report.results["italy"].figures["surrender_level"] == 0
    assert report.new_carry["italy"] == {"surrendered": True, "surrender_turn": {"season": "fall", "year": 1943},
                                         "surrender_level": 0, "selection_order": ["axis", "allied"],
                                         "named_ships": []}
    forces = italy.post_surrender_forces(0)
    assert forces.germany == forces.united_states == italy.ForceShare(3, 0, 1, 1)
    assert forces.selection_order == ("axis", "allied")
    # the following turn Italy stays surrendered at level 0
    later = run(edition, {"dp_level": 9}, report.new_carry, turn=FALL43.next())["italy"]
    assert later.status is Status.SURRENDERED
    assert later.figures["surrender_level"] == 0


def test_original_german_surrender_does_not_take_italy_out():
    # Germany: DP -8, Berlin +2 = -6 -> surrenders.  Italy: DP +4, fights on (Original 56.13).
    report = assess.end_of_turn(Edition.ORIGINAL, EUROPE, FALL43,
                                {"italy": {"dp_level": 4},
                                 "germany": {"dp_level": -8, "berlin": True, "cities": [],
                                             "berchtesgaden": False}}, {})
    assert report.results["germany"].status is Status.SURRENDERS
    assert report.new_carry["italy"]["surrendered"] is False
    # A later Italian surrender then ends the war in Europe (56.21): DP -1, Rome Allied.
    later = run(Edition.ORIGINAL, {"dp_level": -1, "rome_allied": True}, report.new_carry, EUROPE,
                turn=FALL43.next())["italy"]
    assert later.status is Status.SURRENDERS
    assert "56.21" in rules(later)


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_german_surrender_takes_italy_with_it(edition):
    # Updated 56.13: Germany (DP -8 + Berlin 2 + Italian resistance 4 = -2) surrenders, and Italy
    # (DP total 4, no condition) surrenders with it, at level min(4 - 1 covert, 2) = +2.
    report = assess.end_of_turn(edition, EUROPE, FALL43,
                                {"italy": {"dp_level": 4, "surrender_modifiers": mods(covert=-1)},
                                 "germany": {"dp_level": -8, "berlin": True, "cities": [],
                                             "berchtesgaden": False}}, {})
    assert report.results["germany"].level == -2
    assert report.new_carry["italy"]["surrendered"] is True
    assert report.new_carry["italy"]["surrender_level"] == 2
    assert ("italy", "56.13") in {(power, event.rule) for power, event in report.events}


def test_56_53_economic_interests_only_in_the_updated_game():
    inputs = {"dp_level": -1, "rome_allied": True}
    assert "56.53" in rules(run(Edition.UPDATED, inputs)["italy"])
    assert "56.53" not in rules(run(Edition.CLASSIC, inputs)["italy"])
    assert "56.53" not in rules(run(Edition.ORIGINAL, inputs)["italy"])


@pytest.mark.parametrize("edition", list(Edition))
def test_pacific_scenario(edition):
    result = run(edition, {"dp_level": -5, "rome_allied": True}, scenario=Scenario.PACIFIC)["italy"]
    assert result.status is Status.NOT_APPLICABLE



@given(dp=st.integers(-10, 10), declared=st.booleans(), years=st.integers(0, 5), rome=st.booleans(),
       africa=st.booleans(), axis=st.integers(0, 5), allied=st.integers(0, 5), covert=st.integers(-3, 3))
def test_property_surrender_rule(dp, declared, years, rome, africa, axis, allied, covert):
    # 56.11-56.12 and 56.31 written out.
    total = dp + 2 * declared - years
    level = max(-2, min(2, total + axis - allied + covert))
    result = run(Edition.UPDATED, {"dp_level": dp, "wa_declared_war": declared, "late_entry_years": years,
                                   "rome_allied": rome, "no_axis_in_africa": africa,
                                   "surrender_modifiers": mods(axis, allied, covert)})["italy"]
    assert result.level == total
    assert result.surrendered is (total <= 0 and (rome or africa))
    assert result.figures["surrender_level"] == level
