"""French surrender level (58.2), when France surrenders (58.11), Vichy (58.31) and the France tab."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import france
from awaw_desktop.core.awaw.common import Edition, GameContext, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

FALL_1940 = Turn(1940, Season.FALL)
NEUTRAL = {"fleet": {"full": 42, "half": 0}, "battleship_research": 1}


def game(edition=Edition.UPDATED, turn=FALL_1940, scenario=Scenario.GLOBAL_WAR, carry=None):
    return GameContext(edition, scenario, turn, {}, {"france": carry} if carry is not None else {})


def assess(inputs, **kwargs):
    return france.assess({**NEUTRAL, **inputs}, game(**kwargs))


def points(result, line_id):
    return next(item.points for item in result.breakdown if item.id == line_id)


# ---- the worked example of 58.21 -------------------------------------------------------------------

EXAMPLE = {"paris_axis": True, "lyon_marseilles_axis": ["marseilles"], "ground_factors": 21}


@pytest.mark.parametrize("edition", [Edition.ORIGINAL, Edition.CLASSIC])
def test_worked_example_gives_minus_one_by_season(edition):
    result = assess(EXAMPLE, edition=edition)
    assert (result.total, result.level) == (-1, -1)
    assert points(result, "paris_axis") == 2
    assert points(result, "lyon_marseilles_axis") == 1
    assert points(result, "ground_factors") == -2
    assert points(result, "turn_of_surrender") == -2
    assert result.status is Status.SURRENDERS
    assert result.figures == {"level": -1, "raw_total": -1, "surrenders_now": True,
                              "german_first_hex_turn": None, "reason": "paris"}


def test_worked_example_in_updated_edition_two_turns_after_the_first_german_hex():
    inputs = {**EXAMPLE, "german_first_hex": {"year": 1940, "season": 2}}  # Summer 1940: one turn ago
    assert assess(inputs).level == 1
    inputs["german_first_hex"] = {"year": 1940, "season": 1}  # Spring 1940: two turns ago, -2
    assert assess(inputs).level == -1


# ---- territory and ground units ----------------------------------------------------------------------

@pytest.mark.parametrize("edition", list(Edition))
def test_territory(edition):
    result = assess({"paris_axis": True, "lyon_marseilles_axis": ["lyon", "marseilles"], "french_objectives": 2},
                    edition=edition, turn=Turn(1940, Season.SUMMER))
    assert result.total == 2 + 2 - 2 + (0 if edition is not Edition.UPDATED else 2)


@pytest.mark.parametrize(("factors", "expected"), [(0, 0), (9, 0), (10, -1), (11, -1), (19, -1), (20, -2),
                                                   (21, -2), (99, -9), (100, -10)])
def test_ground_factors_per_full_ten(factors, expected):
    assert points(assess({"ground_factors": factors}), "ground_factors") == expected


# ---- the fleet --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("counted", "expected"), [(60, 0), (43, 0), (42, 0), (38, 0), (37, 1), (33, 1), (32, 2),
                                                   (28, 2), (27, 3), (23, 3), (22, 4), (2, 8), (0, 8)])
def test_original_fleet_plus_one_per_five_below_42_without_cap(counted, expected):
    assert france.fleet_modifier(Edition.ORIGINAL, counted) == expected
    result = assess({"fleet": {"full": counted, "half": 0}}, edition=Edition.ORIGINAL, turn=Turn(1940, Season.SUMMER))
    assert points(result, "fleet") == expected


@pytest.mark.parametrize(("counted", "expected"), [(100, -3), (57, -3), (56, -2), (52, -2), (51, -1), (47, -1),
                                                   (46, 0), (42, 0), (38, 0), (37, 1), (33, 1), (32, 2), (28, 2),
                                                   (27, 3), (26, 3), (0, 3)])
@pytest.mark.parametrize("edition", [Edition.UPDATED, Edition.CLASSIC])
def test_updated_fleet_symmetric_and_capped(edition, counted, expected):
    assert france.fleet_modifier(edition, counted) == expected
    assert points(assess({"fleet": {"full": counted, "half": 0}}, edition=edition), "fleet") == expected


@pytest.mark.parametrize(("full", "half", "counted"), [(30, 16, 38), (30, 17, 38), (30, 15, 37), (0, 1, 0),
                                                      (0, 0, 0), (10, 64, 42)])
def test_damaged_and_shipyard_factors_count_half_rounded_down(full, half, counted):
    assert france.counted_fleet_factors(full, half) == counted


def test_fleet_line_starts_at_the_no_modifier_value():
    result = france.assess({}, game(Edition.ORIGINAL, Turn(1940, Season.SUMMER)))
    assert points(result, "fleet") == 0
    assert result.total == 0
    assert france.prefill(game())["fleet"] == {"full": 42, "half": 0}


# ---- battleship research (updated only) --------------------------------------------------------------

@pytest.mark.parametrize(("results", "expected"), [(0, 1), (1, 0), (2, -1)])
def test_battleship_design_research_only_in_updated(results, expected):
    summer = Turn(1940, Season.SUMMER)
    inputs = {"battleship_research": results, "german_first_hex": {"year": 1940, "season": 1}}
    assert france.assess(inputs, game(Edition.UPDATED, summer)).total == expected
    for edition in (Edition.ORIGINAL, Edition.CLASSIC):
        assert france.assess(inputs, game(edition, summer)).total == 0
    assert "battleship_research" not in {line.id for line in france.lines(Edition.CLASSIC, Scenario.GLOBAL_WAR)}


# ---- turn of surrender ---------------------------------------------------------------------------------

@pytest.mark.parametrize(("turn", "expected"), [(Turn(1939, Season.FALL), 2), (Turn(1939, Season.WINTER), 2),
                                                (Turn(1940, Season.SPRING), 2), (Turn(1940, Season.SUMMER), 0),
                                                (Turn(1940, Season.FALL), -2), (Turn(1940, Season.WINTER), -4),
                                                (Turn(1941, Season.SPRING), -4), (Turn(1944, Season.SUMMER), -4)])
@pytest.mark.parametrize("edition", [Edition.ORIGINAL, Edition.CLASSIC])
def test_turn_of_surrender_by_season(edition, turn, expected):
    assert points(france.assess(NEUTRAL, game(edition, turn)), "turn_of_surrender") == expected
    assert france.turn_modifier(edition, turn, Turn(1936, Season.SPRING)) == expected  # first hex ignored


@pytest.mark.parametrize(("since", "expected"), [(0, 2), (1, 0), (2, -2), (3, -4), (4, -4), (12, -4)])
def test_updated_turn_counted_from_first_german_hex(since, expected):
    first = Turn(1940, Season.SPRING)
    now = Turn.from_number(first.number + since)
    inputs = {**NEUTRAL, "german_first_hex": {"year": first.year, "season": 1}}
    assert points(france.assess(inputs, game(Edition.UPDATED, now)), "turn_of_surrender") == expected
    assert france.clock_modifier(since) == expected


def test_updated_first_hex_comes_from_the_carry_when_not_entered():
    carry = {**france.initial_carry(), "german_first_hex_turn": {"season": "winter", "year": 1939}}
    result = france.assess(NEUTRAL, game(Edition.UPDATED, Turn(1940, Season.SPRING), carry=carry))
    assert points(result, "turn_of_surrender") == 0
    assert result.figures["german_first_hex_turn"] == {"season": "winter", "year": 1939}
    assert france.prefill(game(carry=carry))["german_first_hex"] == {"year": 1939, "season": 4}
    # an entered turn wins over the carried one
    entered = {**NEUTRAL, "german_first_hex": {"year": 1940, "season": 1}}
    assert points(france.assess(entered, game(Edition.UPDATED, Turn(1940, Season.SPRING), carry=carry)),
                  "turn_of_surrender") == 2


def test_updated_without_a_german_hex_counts_the_surrender_turn():
    result = france.assess({**NEUTRAL, "german_first_hex": {"year": 0, "season": 1}}, game(Edition.UPDATED))
    assert points(result, "turn_of_surrender") == 2
    assert france.prefill(game())["german_first_hex"] == {"year": 0, "season": 1}


# ---- DPs and Anglo-French cooperation ------------------------------------------------------------------

@pytest.mark.parametrize("edition", list(Edition))
def test_dps_and_anglo_french_cooperation(edition):
    summer = Turn(1940, Season.SUMMER)
    inputs = {**NEUTRAL, "german_first_hex": {"year": 1940, "season": 1}, "dps": {"axis": 3, "allied": 1},
              "anglo_french_cooperation": True}
    assert france.assess(inputs, game(edition, summer)).total == 3 - 1 - 1
    rules = {line.id: line.rule for line in france.lines(edition, Scenario.GLOBAL_WAR)}
    assert rules["anglo_french_cooperation"] == ("58.21F" if edition is Edition.ORIGINAL else "58.21G")


# ---- clamp (58.22) -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("raw", "level"), [(-9, -3), (-4, -3), (-3, -3), (-2, -2), (0, 0), (2, 2), (3, 3), (4, 3),
                                            (11, 3)])
def test_clamp(raw, level):
    assert france.clamp_level(raw) == level


def test_clamped_level_and_raw_total_in_figures():
    inputs = {"paris_axis": True, "lyon_marseilles_axis": ["lyon", "marseilles"], "fleet": {"full": 10, "half": 0}}
    result = france.assess(inputs, game(Edition.ORIGINAL, Turn(1940, Season.SPRING)))
    assert result.total == 2 + 2 + 6 + 2
    assert result.level == 3
    assert (result.figures["raw_total"], result.figures["level"]) == (12, 3)
    assert any(c.rule == "58.22" for c in result.consequences)


# ---- 58.11 when France surrenders ------------------------------------------------------------------------

@pytest.mark.parametrize(("turn", "allowed"), [(Turn(1939, Season.FALL), False), (Turn(1940, Season.SPRING), False),
                                               (Turn(1940, Season.SUMMER), False), (Turn(1940, Season.FALL), True),
                                               (Turn(1940, Season.WINTER), True), (Turn(1943, Season.SPRING), True)])
def test_voluntary_surrender_from_fall_1940(turn, allowed):
    assert france.may_surrender_voluntarily(turn)[0] is allowed
    result = france.assess({**NEUTRAL, "voluntary_surrender": True, "french_objectives": 1}, game(turn=turn))
    assert result.status is (Status.SURRENDERS if allowed else Status.NO_EFFECT)
    assert result.figures["surrenders_now"] is allowed
    if allowed:
        assert result.figures["reason"] == "voluntary"


def test_paris_makes_france_surrender_in_any_turn():
    result = france.assess({**NEUTRAL, "paris_axis": True}, game(turn=Turn(1940, Season.SPRING)))
    assert result.status is Status.SURRENDERS
    assert france.assess(NEUTRAL, game()).status is Status.NO_EFFECT


def test_already_surrendered_shows_the_carried_level():
    carry = {**france.initial_carry(), "surrendered": True, "surrender_level": -2, "vichy": True,
             "surrender_turn": {"season": "fall", "year": 1940}}
    result = france.assess({"paris_axis": True}, game(carry=carry, turn=Turn(1942, Season.SPRING)))
    assert result.status is Status.SURRENDERED
    assert result.level == -2
    assert "Fall 1940" in result.verdict and "Vichy" in result.verdict
    assert result.figures["surrenders_now"] is False


def test_pacific_scenario_has_no_france():
    assert france.assess({}, game(scenario=Scenario.PACIFIC)).status is Status.NOT_APPLICABLE


# ---- 58.31 Vichy --------------------------------------------------------------------------------------

def test_vichy_allowed_unless_us_at_war_with_germany():
    assert france.vichy_allowed(False)[0] is True
    allowed, reason = france.vichy_allowed(True)
    assert allowed is False and "58.31" in reason
    with pytest.raises(RulesInputError, match="us_at_war_with_germany"):
        france.vichy_allowed(1)  # type: ignore[arg-type]


def test_hex_consequences():
    rules = [c.rule for c in france.hex_consequences(True, False)]
    assert rules[:4] == ["58.31A", "58.41", "58.42", "58.43"]
    rules = [c.rule for c in france.hex_consequences(False, True)]
    assert "58.411" in rules and "58.41" not in rules and "58.31B" not in rules
    assert "58.31B" in [c.rule for c in france.hex_consequences(False, False)]
    with pytest.raises(RulesInputError, match="vichy"):
        france.hex_consequences(True, True)
    economic = [c.text for c in france.hex_consequences(True, False, Edition.UPDATED) if c.rule == "58.51"]
    classic = [c.text for c in france.hex_consequences(True, False, Edition.CLASSIC) if c.rule == "58.51"]
    assert "economic" in economic[0] and "economic" not in classic[0]


# ---- end of turn ----------------------------------------------------------------------------------------

def test_end_of_turn_records_surrender_and_vichy_choice():
    g = game()
    inputs = {**NEUTRAL, **EXAMPLE, "german_first_hex": {"year": 1940, "season": 1}}
    result = france.assess(inputs, g)
    outcome = france.end_of_turn(inputs, g, result, {})
    assert outcome.carry == {"surrendered": True, "surrender_turn": {"season": "fall", "year": 1940},
                             "surrender_level": -1, "vichy": True,
                             "german_first_hex_turn": {"season": "spring", "year": 1940}}
    assert outcome.questions[0].id == france.VICHY_QUESTION_ID
    declined = france.end_of_turn(inputs, g, result, {france.VICHY_QUESTION_ID: "decline"})
    assert declined.carry["vichy"] is False
    with pytest.raises(RulesInputError):
        france.end_of_turn(inputs, g, result, {france.VICHY_QUESTION_ID: "maybe"})


def test_end_of_turn_without_vichy_option_when_us_at_war():
    g = game(turn=Turn(1942, Season.SPRING))
    inputs = {**NEUTRAL, "paris_axis": True, "us_at_war_with_germany": True}
    outcome = france.end_of_turn(inputs, g, france.assess(inputs, g), {france.VICHY_QUESTION_ID: "establish"})
    assert outcome.carry["vichy"] is False
    assert outcome.questions == ()
    assert "58.411" in [e.rule for e in outcome.events]


def test_end_of_turn_records_first_german_hex_before_surrender():
    g = game(turn=Turn(1940, Season.SPRING))
    inputs = {**NEUTRAL, "german_first_hex": {"year": 1940, "season": 1}}
    outcome = france.end_of_turn(inputs, g, france.assess(inputs, g), {})
    assert outcome.carry["german_first_hex_turn"] == {"season": "spring", "year": 1940}
    assert outcome.carry["surrendered"] is False


# ---- bad arguments ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [{"ground_factors": -1}, {"paris_axis": 1}, {"lyon_marseilles_axis": ["paris"]},
                                 {"fleet": {"full": -1}}, {"fleet": {"quarter": 3}}, {"battleship_research": 3},
                                 {"german_first_hex": {"year": 1200, "season": 1}},
                                 {"german_first_hex": {"year": 1941, "season": 1}},
                                 {"dps": {"axis": 99}}])
def test_bad_inputs_name_the_line(bad):
    with pytest.raises(RulesInputError) as error:
        france.assess(bad, game())
    assert next(iter(bad)) in str(error.value)


def test_bad_helper_arguments():
    with pytest.raises(RulesInputError, match="turns_since"):
        france.clock_modifier(-1)
    with pytest.raises(RulesInputError, match="half"):
        france.counted_fleet_factors(3, -2)
    with pytest.raises(RulesInputError, match="raw_total"):
        france.clamp_level("3")  # type: ignore[arg-type]


# ---- properties --------------------------------------------------------------------------------------------

@given(st.sampled_from(list(Edition)), st.integers(0, 300), st.integers(0, 300))
def test_fleet_modifier_properties(edition, full, half):
    counted = france.counted_fleet_factors(full, half)
    modifier = france.fleet_modifier(edition, counted)
    assert modifier == france.fleet_modifier(edition, full + half // 2)
    assert france.fleet_modifier(edition, counted + 1) <= modifier  # more ships never help the Axis
    if edition is not Edition.ORIGINAL:
        assert -3 <= modifier <= 3
    else:
        assert modifier >= 0


@given(st.sampled_from(list(Edition)), st.integers(0, 400), st.integers(0, 20), st.booleans(),
       st.integers(0, 50), st.integers(0, 50))
def test_level_is_the_clamped_total(edition, ground, objectives, paris, axis_dps, allied_dps):
    inputs = {**NEUTRAL, "ground_factors": ground, "french_objectives": objectives, "paris_axis": paris,
              "dps": {"axis": axis_dps, "allied": allied_dps}}
    result = france.assess(inputs, game(edition))
    assert result.level == max(-3, min(3, result.total))
    assert result.total == sum(item.points for item in result.breakdown)
    assert result.figures["surrenders_now"] is paris  # 58.11A: only Paris decides without a voluntary surrender
    assert result.status is (Status.SURRENDERS if paris else Status.NO_EFFECT)


@pytest.mark.parametrize("us_at_war", [False, True])
def test_a_consequence_shows_its_rule_once(us_at_war):
    """Second play-test: "58.31 58.31: the Axis player may choose ..." when Paris fell."""
    result = assess({"paris_axis": True, "us_at_war_with_germany": us_at_war})
    assert result.status is Status.SURRENDERS
    assert all(not c.text.startswith(f"{c.rule}:") for c in result.consequences), result.consequences
    assert any(c.rule == "58.31" for c in result.consequences)
