"""Russian Resistance Table (60.11), BRP effects (60.2), unit removals (60.3), no election (60.4)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import russia
from awaw_desktop.core.awaw.common import Edition, GameContext, PowerResult, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

FALL_1942 = Turn(1942, Season.FALL)
WINTER_1942 = Turn(1942, Season.WINTER)


def game(edition=Edition.UPDATED, scenario=Scenario.GLOBAL_WAR, carry=None, turn=FALL_1942, results=None):
    return GameContext(edition, scenario, turn, results or {}, carry or {})


def level(inputs, **kwargs):
    return russia.assess(inputs, game(**kwargs)).level


# --------------------------------------------------------------------------- 60.11 table

@pytest.mark.parametrize("edition", list(Edition))
def test_every_line_of_the_table(edition):
    inputs = {"dp_level": 10, "atomic_against_russia": 1, "firestorms": 2, "oil_effects": 1,
              "axis_in_britain": True, "unbuilt_factors": 25, "ics": 5,
              "western_allies_at_war": ["britain", "usa"], "western_allies_in_france": True}
    # 10 - 3 - 2 - 1 - 1 - 2 - 2 + 2 + 1 = 2
    assert level(inputs, edition=edition) == 2


@pytest.mark.parametrize(("ics", "points"), [(0, -7), (4, -3), (5, -2), (6, -1), (7, 0), (8, 1), (9, 2), (10, 3)])
def test_ics_count_from_seven(ics, points):
    assert level({"ics": ics}) == points


def test_ics_default_to_seven():
    assert level({}) == 0
    assert russia.lines(Edition.UPDATED, Scenario.GLOBAL_WAR)[6].default() == 7


@pytest.mark.parametrize(("unbuilt", "points"), [(0, 0), (9, 0), (10, -1), (11, -1), (19, -1), (20, -2), (99, -9)])
def test_unbuilt_factors_per_full_ten(unbuilt, points):
    assert level({"unbuilt_factors": unbuilt}) == points


@pytest.mark.parametrize(("attacks", "points"), [(0, 0), (1, -3), (2, -5), (3, -6), (4, -7)])
def test_atomic_attacks_escalate(attacks, points):
    assert level({"atomic_against_russia": attacks}) == points


def test_each_western_ally_at_war_with_germany():
    assert level({"western_allies_at_war": ["britain"]}) == 1
    assert level({"western_allies_at_war": ["britain", "france", "usa"]}) == 3


def test_table_is_the_same_in_every_edition():
    assert len({russia.lines(e, Scenario.GLOBAL_WAR) for e in Edition}) == 1


# --------------------------------------------------------------------------- result meaning

@pytest.mark.parametrize(("dp", "status", "brp", "units"), [
    (1, Status.NO_EFFECT, False, False),
    (0, Status.EFFECTS, True, False),
    (-1, Status.EFFECTS, True, True),
    (-5, Status.EFFECTS, True, True),
])
def test_result_meaning(dp, status, brp, units):
    result = russia.assess({"dp_level": dp}, game())
    assert result.status is status
    assert result.figures["brp_effects"] is brp
    assert result.figures["unit_effects"] is units
    assert result.figures["state_of_surrender"] is brp


def test_zero_takes_a_brp_effect_but_removes_nothing():
    result = russia.assess({"dp_level": 0}, game())
    assert result.figures["removal_brps"] == 0
    rules = {c.rule for c in result.consequences}
    assert {"60.12", "60.21", "60.41"} <= rules
    assert "60.31" not in rules
    assert "in surrender for victory (60.12)" in result.verdict   # the Overview shows only the verdict
    assert "60.12" not in russia.assess({"dp_level": 1}, game()).verdict


def test_pacific_scenario_never_affects_russia():
    result = russia.assess({"dp_level": -8}, game(scenario=Scenario.PACIFIC))
    assert result.status is Status.NOT_APPLICABLE
    assert "54.11" in result.verdict
    assert result.figures["brp_effects"] is False
    outcome = russia.end_of_turn({}, game(scenario=Scenario.PACIFIC), result, {})
    assert outcome.carry["lowest_removal_level"] is None
    assert outcome.questions == ()


@pytest.mark.parametrize("scenario", [Scenario.GLOBAL_WAR, Scenario.EUROPEAN])
def test_other_scenarios_apply(scenario):
    assert russia.assess({"dp_level": -1}, game(scenario=scenario)).status is Status.EFFECTS


# --------------------------------------------------------------------------- 60.31 removals

@pytest.mark.parametrize(("edition", "armor", "infantry"), [
    (Edition.ORIGINAL, "4-5", 9), (Edition.ORIGINAL, "3-5", 11),
    (Edition.UPDATED, "5-6", 7), (Edition.UPDATED, "4-5", 9), (Edition.UPDATED, "3-5", 11),
    (Edition.CLASSIC, "5-6", 7), (Edition.CLASSIC, "4-5", 9), (Edition.CLASSIC, "3-5", 11),
])
def test_units_per_level(edition, armor, infantry):
    plan = russia.removals(edition, -1, None, armor)
    assert plan.brps == 20
    (step,) = plan.steps
    assert (step.level, step.armor, step.air_units, step.infantry_factors) == (-1, armor, 1, infantry)


def test_original_has_no_5_6_option():
    with pytest.raises(RulesInputError, match="armor"):
        russia.removals(Edition.ORIGINAL, -1, None, "5-6")
    assert russia.armor_choices(Edition.ORIGINAL) == ("4-5", "3-5")
    assert russia.armor_choices(Edition.UPDATED) == ("5-6", "4-5", "3-5")


@pytest.mark.parametrize(("lvl", "brps"), [(0, 0), (3, 0), (-1, 20), (-2, 40), (-3, 60), (-10, 200)])
def test_twenty_brps_per_negative_level(lvl, brps):
    assert russia.removals(Edition.UPDATED, lvl, None).brps == brps


def test_worked_example_minus_three_then_minus_two():
    # Fall 1942: -3, 60 BRPs removed; Winter 1942: -2, nothing more; only -4 or less removes more.
    first = russia.removals(Edition.ORIGINAL, -3, None)
    assert first.brps == 60 and [s.level for s in first.steps] == [-1, -2, -3]
    assert first.new_lowest_level == -3
    assert russia.removals(Edition.ORIGINAL, -2, -3).brps == 0
    assert russia.removals(Edition.ORIGINAL, -3, -3).brps == 0
    again = russia.removals(Edition.ORIGINAL, -4, -3)
    assert again.brps == 20 and [s.level for s in again.steps] == [-4]
    assert russia.removals(Edition.ORIGINAL, -2, -3).new_lowest_level == -3


def test_worked_example_through_end_of_turn():
    fall = game(edition=Edition.ORIGINAL)
    result = russia.assess({"dp_level": -3}, fall)
    assert result.figures["removal_brps"] == 60
    carry = dict(russia.end_of_turn({}, fall, result, {}).carry)
    assert carry["lowest_removal_level"] == -3

    winter = game(edition=Edition.ORIGINAL, turn=WINTER_1942, carry={"russia": carry})
    result = russia.assess({"dp_level": -2}, winter)
    assert result.status is Status.EFFECTS
    assert result.figures["removal_brps"] == 0
    assert "60.32A" in {c.rule for c in result.consequences}
    carry2 = russia.end_of_turn({}, winter, result, {}).carry
    assert carry2["lowest_removal_level"] == -3

    lower = russia.assess({"dp_level": -4}, winter)
    assert lower.figures["removal_brps"] == 20
    assert russia.end_of_turn({}, winter, lower, {}).carry["lowest_removal_level"] == -4


def test_memory_never_resets_after_recovery():
    carry = {"russia": {"lowest_removal_level": -3}}
    positive = russia.assess({"dp_level": 4}, game(carry=carry))
    assert russia.end_of_turn({}, game(carry=carry), positive, {}).carry["lowest_removal_level"] == -3
    # back down to -3 later: still nothing new
    assert russia.assess({"dp_level": -3}, game(carry=carry)).figures["removal_brps"] == 0


def test_mixed_armor_per_level():
    plan = russia.removals(Edition.UPDATED, -3, -1, ["5-6", "3-5"])
    assert [(s.level, s.armor, s.infantry_factors) for s in plan.steps] == [(-2, "5-6", 7), (-3, "3-5", 11)]
    with pytest.raises(RulesInputError, match="armor"):
        russia.removals(Edition.UPDATED, -3, -1, ["5-6"])


@pytest.mark.parametrize(("args", "name"), [
    ((Edition.UPDATED, "x", None), "level"),
    ((Edition.UPDATED, -2, 0), "lowest_previous_level"),
    ((Edition.UPDATED, -2, 3), "lowest_previous_level"),
    ((Edition.UPDATED, -2, None, "6-7"), "armor"),
    (("updated", -2, None), "edition"),
])
def test_removals_bad_arguments(args, name):
    with pytest.raises(RulesInputError, match=name):
        russia.removals(*args)


# --------------------------------------------------------------------------- 60.21 BRP options

def test_brp_question_and_options():
    question = russia.brp_question()
    assert question.id == "russia.brp_option"
    assert [key for key, _ in question.options] == ["freeze_ics", "surrender_ic"]
    freeze = russia.brp_option("freeze_ics")
    assert freeze.ic_values_frozen and not freeze.ic_surrendered and freeze.rule == "60.21A"
    give = russia.brp_option("surrender_ic")
    assert give.ic_surrendered and not give.ic_values_frozen and give.rule == "60.21B"
    with pytest.raises(RulesInputError, match=r"russia\.brp_option"):
        russia.brp_option("nothing")


def test_end_of_turn_asks_and_records_the_option():
    g = game()
    result = russia.assess({"dp_level": 0}, g)
    default = russia.end_of_turn({}, g, result, {})
    assert [q.id for q in default.questions] == ["russia.brp_option"]
    assert default.carry["brp_option"] == "freeze_ics"
    assert default.carry["ics_frozen_for"] == {"season": "winter", "year": 1942}
    chosen = russia.end_of_turn({}, g, result, {"russia.brp_option": "surrender_ic"})
    assert chosen.carry["brp_option"] == "surrender_ic"
    assert chosen.carry["ics_frozen_for"] is None
    assert chosen.events[0].rule == "60.21B"
    with pytest.raises(RulesInputError):
        russia.end_of_turn({}, g, result, {"russia.brp_option": "bogus"})


def test_no_question_when_level_is_positive():
    g = game(carry={"russia": {"lowest_removal_level": -2, "brp_option": "freeze_ics",
                               "ics_frozen_for": {"season": "fall", "year": 1942}}})
    result = russia.assess({"dp_level": 1}, g)
    outcome = russia.end_of_turn({}, g, result, {})
    assert outcome.questions == ()
    assert outcome.carry == {"lowest_removal_level": -2, "brp_option": None, "ics_frozen_for": None}


# --------------------------------------------------------------------------- 60.4

def _power(key, status):
    return PowerResult(key, key.title(), 0, 0, status, "")


def test_60_41_note_when_britain_also_in_surrender_and_japan_fights_on():
    # Britain is in a state of surrender once its surrender is carried (surrender_states), at war again or not.
    carry = {"britain": {"surrendered": True, "surrender_level": -2, "no_more_surrenders": True}}
    results = {"britain": _power("britain", Status.SURRENDERED), "japan": _power("japan", Status.NO_EFFECT)}
    texts = [c for c in russia.assess({"dp_level": 0}, game(results=results, carry=carry)).consequences
             if c.rule == "60.41"]
    assert len(texts) == 2
    assert len([c for c in russia.assess({"dp_level": 0}, game(results=results)).consequences
                if c.rule == "60.41"]) == 1   # nothing carried: Britain has not surrendered
    results["japan"] = _power("japan", Status.SURRENDERED)
    texts = [c for c in russia.assess({"dp_level": 0}, game(results=results, carry=carry)).consequences
             if c.rule == "60.41"]
    assert len(texts) == 1


# --------------------------------------------------------------------------- bad inputs

@pytest.mark.parametrize("bad", [{"dp_level": -61}, {"firestorms": -1}, {"ics": 41}, {"axis_in_britain": 1},
                                 {"western_allies_at_war": ["italy"]}, {"unbuilt_factors": 1000}])
def test_bad_inputs_are_refused_with_the_line_named(bad):
    with pytest.raises(RulesInputError) as error:
        russia.assess(bad, game())
    assert next(iter(bad)) in str(error.value)


# --------------------------------------------------------------------------- properties

@given(st.integers(-30, 5), st.one_of(st.none(), st.integers(-30, -1)))
def test_removals_only_below_the_lowest_previous_level(lvl, previous):
    plan = russia.removals(Edition.UPDATED, lvl, previous)
    floor = 0 if previous is None else previous
    assert plan.levels == max(0, floor - lvl)
    assert plan.brps == 20 * plan.levels
    assert all(s.air_units == 1 and s.infantry_factors == 9 for s in plan.steps)
    if previous is None:
        assert plan.new_lowest_level == (lvl if lvl < 0 else None)


@given(st.lists(st.integers(-12, 4), min_size=1, max_size=8))
def test_total_removed_over_a_game_is_set_by_the_lowest_level(levels):
    lowest = None
    removed = 0
    for lvl in levels:
        plan = russia.removals(Edition.ORIGINAL, lvl, lowest)
        removed += plan.brps
        lowest = plan.new_lowest_level
    assert removed == 20 * max(0, -min(levels))


@given(st.integers(-60, 60), st.integers(0, 40))
def test_each_ic_above_or_below_seven_counts_one(dp, ics):
    assert level({"dp_level": dp, "ics": ics}) == dp + ics - 7
