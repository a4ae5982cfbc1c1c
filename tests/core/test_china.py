"""Chinese Resistance Table (61.11), cumulative results, and defections to Wang (61.31-61.32)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import china
from awaw_desktop.core.awaw.common import Edition, GameContext, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

TURN = Turn(1942, Season.SUMMER)
ORIGINAL_CITIES = ["peking", "shanghai", "nanking", "canton"]
UPDATED_CITIES = ["peking", "shanghai", "nanking", "canton", "chungking"]
# Updated table with the Burma Road line neutral (research done, road open).
NEUTRAL = {"burma_road": ["research"]}


def game(edition=Edition.UPDATED, scenario=Scenario.GLOBAL_WAR, carry=None):
    return GameContext(edition, scenario, TURN, {}, carry or {})


def assess(inputs, **kwargs):
    return china.assess(inputs, game(**kwargs))


def total(inputs, **kwargs):
    return assess(inputs, **kwargs).total


# --- Original table ----------------------------------------------------------------------------

@pytest.mark.parametrize(("unbuilt", "points"), [(0, 0), (4, 0), (5, -1), (9, -1), (10, -2), (11, -2), (15, -3)])
def test_original_unbuilt_factors_per_five_round_down(unbuilt, points):
    assert total({"unbuilt_ground": unbuilt}, edition=Edition.ORIGINAL) == points


@pytest.mark.parametrize(("factors", "points"), [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (14, 2)])
@pytest.mark.parametrize("edition", list(Edition))
def test_foreign_factors_per_five_every_edition(edition, factors, points):
    base = {} if edition is Edition.ORIGINAL else NEUTRAL
    assert total({**base, "foreign_factors": factors}, edition=edition) == points


def test_original_city_lines():
    o = Edition.ORIGINAL
    assert total({"japan_chungking": True}, edition=o) == -1
    assert total({"japan_yenan": True}, edition=o) == 1
    assert total({"nationalist_cities": ["peking"]}, edition=o) == 2
    assert total({"nationalist_cities": ORIGINAL_CITIES}, edition=o) == 8


def test_original_results_clamped_to_minus_five_and_plus_two():
    o = Edition.ORIGINAL
    low = assess({"unbuilt_ground": 35, "japan_chungking": True}, edition=o)
    assert (low.total, low.level) == (-8, -5)
    high = assess({"nationalist_cities": ORIGINAL_CITIES}, edition=o)
    assert (high.total, high.level) == (8, 2)
    assert assess({"unbuilt_ground": 25}, edition=o).level == -5
    assert assess({"unbuilt_ground": 20}, edition=o).level == -4


def test_original_minus_five_lists_every_lesser_result():
    result = assess({"unbuilt_ground": 25}, edition=Edition.ORIGINAL)
    texts = [c.text for c in result.consequences]
    assert [t[:4] for t in texts] == ["(-5)", "(-4)", "(-3)", "(-2)", "(-1)"]
    assert result.status is Status.EFFECTS
    assert "end of the Chinese player turn" in result.verdict


def test_plus_two_includes_plus_one():
    result = assess({"nationalist_cities": ["peking"]}, edition=Edition.ORIGINAL)
    assert [c.text[:4] for c in result.consequences] == ["(+2)", "(+1)"]


def test_zero_is_no_effect():
    result = assess({}, edition=Edition.ORIGINAL)
    assert (result.level, result.status, result.consequences) == (0, Status.NO_EFFECT, ())


# --- Updated table -----------------------------------------------------------------------------

@pytest.mark.parametrize(("unbuilt", "points"), [(0, 0), (2, 0), (3, -1), (5, -1), (6, -2), (8, -2), (9, -3)])
def test_updated_unbuilt_factors_per_three_as_in_the_text(unbuilt, points):
    assert total({**NEUTRAL, "unbuilt_ground": unbuilt}) == points


@pytest.mark.parametrize(("factors", "points"), [(0, 0), (1, 1), (9, 1), (10, 1), (11, 2), (20, 2), (21, 3)])
def test_updated_force_pool_per_ten_rounds_up(factors, points):
    assert total({**NEUTRAL, "force_pool": factors}) == points


@pytest.mark.parametrize(("wang", "points"), [(0, 0), (9, 0), (10, -1), (18, -1)])
def test_ten_wang_factors_threshold(wang, points):
    assert total({**NEUTRAL, "wang_in_china": {"factors": wang}}) == points


@pytest.mark.parametrize(("ticked", "points"), [
    ([], -1), (["research"], 0), (["closed"], -1), (["research", "closed"], -1),
])
def test_updated_burma_road_is_one_penalty_at_most(ticked, points):
    assert total({"burma_road": ticked}) == points


@pytest.mark.parametrize(("ticked", "points"), [([], 0), (["closed"], -1)])
def test_classic_burma_road_only_when_closed(ticked, points):
    assert total({"burma_road": ticked}, edition=Edition.CLASSIC) == points


def test_classic_has_no_research_option_and_no_china_lobby():
    # a research tick kept from the updated edition is ignored in classic
    assert total({"burma_road": ["research"]}, edition=Edition.CLASSIC) == 0
    assert total({"burma_road": ["research", "closed"]}, edition=Edition.CLASSIC) == -1
    with pytest.raises(RulesInputError, match="burma_road"):
        assess({"burma_road": ["bridge"]}, edition=Edition.CLASSIC)
    assert total({"china_lobby": True}, edition=Edition.CLASSIC) == 0
    assert total({**NEUTRAL, "china_lobby": True}, edition=Edition.UPDATED) == 1
    assert total({"china_lobby": True}, edition=Edition.ORIGINAL) == 0


def test_updated_lost_cities_and_communist_regions():
    assert total({**NEUTRAL, "lost_cities": ["chungking"]}) == -1
    assert total({**NEUTRAL, "lost_cities": UPDATED_CITIES}) == -5
    assert total({**NEUTRAL, "no_communist_regions": True}) == 1
    # original-only lines do nothing in the updated table
    assert total({**NEUTRAL, "japan_yenan": True, "nationalist_cities": ["peking"]}) == 0


def test_updated_clamps_to_minus_three_and_plus_three():
    low = assess({"lost_cities": UPDATED_CITIES})
    assert (low.total, low.level) == (-6, -3)
    high = assess({**NEUTRAL, "force_pool": 50, "no_communist_regions": True})
    assert (high.total, high.level) == (6, 3)
    assert [c.text[:4] for c in high.consequences] == ["(+3)", "(+2)", "(+1)"]
    assert [c.text[:4] for c in low.consequences if c.rule == "61.11"] == ["(-3)", "(-2)", "(-1)"]


def test_default_updated_table_is_minus_one_for_missing_burma_research():
    assert assess({}).level == -1
    assert assess({}, edition=Edition.CLASSIC).level == 0


def test_european_scenario_has_no_china():
    result = assess({"lost_cities": UPDATED_CITIES}, scenario=Scenario.EUROPEAN)
    assert result.status is Status.NOT_APPLICABLE
    assert result.level == 0


@pytest.mark.parametrize("edition", list(Edition))
def test_effects_by_edition(edition):
    low, high = china.result_range(edition)
    assert len(china.effects(edition, low)) == -low
    assert len(china.effects(edition, high)) == high
    with pytest.raises(RulesInputError, match="level"):
        china.effects(edition, low - 1)


# --- Defections (61.31-61.32) ------------------------------------------------------------------

@pytest.mark.parametrize(("level", "expected"), [(0, 0), (1, 0), (-1, 1), (-2, 2), (-3, 3), (-5, 3)])
def test_one_factor_per_level_below_zero_at_most_three(level, expected):
    assert china.defections(level, unbuilt_factors=10, force_level=40) == expected


def test_defections_limited_by_unbuilt_units_and_force_floor():
    assert china.defections(-3, unbuilt_factors=2, force_level=40) == 2
    assert china.defections(-3, unbuilt_factors=0, force_level=40) == 0
    assert china.defections(-3, unbuilt_factors=10, force_level=17) == 2   # floor 15
    assert china.defections(-3, unbuilt_factors=10, force_level=15) == 0
    assert china.defections(-3, unbuilt_factors=10, force_level=14) == 0
    assert china.defections(-3, unbuilt_factors=10, force_level=19, extra_infantry=3) == 1  # floor 18


def test_wang_additions_limited_by_counter_mix():
    assert china.wang_additions(3, 0) == 3
    assert china.wang_additions(3, 16) == 2
    assert china.wang_additions(3, 18) == 0
    assert china.wang_additions(0, 5) == 0


def test_returns_reverse_defections_up_to_the_original_force_pool():
    assert china.returns(2, lost_so_far=5) == 2
    assert china.returns(3, lost_so_far=5) == 3
    assert china.returns(5, lost_so_far=5) == 3
    assert china.returns(3, lost_so_far=1) == 1
    assert china.returns(0, lost_so_far=5) == 0
    assert china.returns(-1, lost_so_far=5) == 0


def test_defection_units_described():
    assert "1-2" in china.defection_units(1)
    assert "2-2" in china.defection_units(2)
    with pytest.raises(RulesInputError, match="factors"):
        china.defection_units(4)


def test_step_with_full_wang_pool_removes_defectors():
    step = china.defection_step(china.DefectionRequest(level=-3, unbuilt_factors=5, force_level=30, wang_pool=17))
    assert (step.defecting, step.wang_added, step.removed_only, step.lost_after) == (3, 1, 2, 3)


def test_end_of_turn_defection_then_return_over_two_turns():
    facts = {"unbuilt_infantry": 6, "force_level": 30, "extra_infantry": 0, "wang_pool": 4}
    inputs = {"lost_cities": ["peking"], "defection_facts": facts}  # Burma -1, Peking -1: level -2
    g = game()
    result = china.assess(inputs, g)
    assert result.level == -2
    assert result.figures["defecting"] == 2
    first = china.end_of_turn(inputs, g, result, {})
    assert first.carry["defections"] == 2
    assert first.carry["wang_additions"] == 2
    assert first.carry["last_level"] == -2
    # next turn: +3 -> the two lost factors come back, Japan loses the two Wang factors
    later = game(carry={"china": dict(first.carry)})
    up = {**NEUTRAL, "force_pool": 28, "defection_facts": facts}
    assert china.assess(up, later).level == 3
    second = china.end_of_turn(up, later, china.assess(up, later), {})
    assert (second.carry["defections"], second.carry["wang_additions"]) == (0, 0)
    assert any(c.rule == "61.32B" for c in second.events)


def test_original_edition_has_no_defections():
    g = game(edition=Edition.ORIGINAL)
    result = china.assess({"unbuilt_ground": 15}, g)
    outcome = china.end_of_turn({"unbuilt_ground": 15}, g, result, {})
    assert outcome.carry["defections"] == 0
    assert "defecting" not in result.figures


def test_initial_carry():
    assert china.initial_carry() == {"defections": 0, "wang_additions": 0, "last_level": None}


@pytest.mark.parametrize("bad", [
    {"unbuilt_ground": -1}, {"force_pool": 151}, {"lost_cities": ["tokyo"]}, {"wang_in_china": {"factors": 19}},
    {"no_communist_regions": 1}, {"defection_facts": {"wang_pool": 19}},
])
def test_bad_inputs_name_the_line(bad):
    with pytest.raises(RulesInputError) as error:
        assess(bad)
    assert next(iter(bad)) in str(error.value)


def test_bad_function_arguments():
    with pytest.raises(RulesInputError, match="unbuilt_factors"):
        china.defections(-1, -1, 20)
    with pytest.raises(RulesInputError, match="wang_pool"):
        china.wang_additions(1, 19)


@given(st.integers(0, 99), st.lists(st.sampled_from(UPDATED_CITIES)), st.integers(0, 150), st.integers(0, 300),
       st.sampled_from(list(Edition)))
def test_level_is_within_the_edition_range(unbuilt, lost, pool, foreign, edition):
    inputs = {"unbuilt_ground": unbuilt, "lost_cities": lost, "force_pool": pool, "foreign_factors": foreign}
    result = assess(inputs, edition=edition)
    low, high = china.result_range(edition)
    assert low <= result.level <= high
    assert result.level == max(low, min(high, result.total))
    assert len(result.consequences) - len([c for c in result.consequences if c.rule.startswith("61.3")]) == abs(
        result.level)


@given(st.integers(-9, 9), st.integers(0, 99), st.integers(0, 150), st.integers(0, 30))
def test_defections_never_break_the_limits(level, unbuilt, force, extra):
    n = china.defections(level, unbuilt, force, extra)
    assert 0 <= n <= 3
    assert n <= unbuilt
    assert n == 0 or force - n >= 15 + extra
    assert n == (min(-level, 3, unbuilt, max(0, force - 15 - extra)) if level < 0 else 0)


def test_china_s_status_names_restrictions_and_benefits_apart() -> None:
    """61.11: below 0 Nationalist China is restricted, above 0 it gains (fifth play-test: "+2, incurs effects")."""
    from awaw_desktop.core.awaw import assess as assess_all_powers
    from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

    turn = Turn(1942, Season.SUMMER)
    for cities, status, title in ((["peking", "shanghai"], Status.BENEFITS, "Gains benefits"),
                                  ([], Status.NO_EFFECT, "No effect")):
        result = assess_all_powers.assess_all(Edition.ORIGINAL, Scenario.GLOBAL_WAR, turn,
                                              {"china": {"nationalist_cities": cities}}, {})["china"]
        assert result.status is status and result.status.title == title, result
