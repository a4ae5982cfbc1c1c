"""U.S. election (62) and Allied defeat (62.91)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import election, election_results
from awaw_desktop.core.awaw.common import Edition, GameContext, PowerResult, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.election_table import Trigger
from awaw_desktop.core.lines import RulesInputError

TURN = Turn(1945, Season.SPRING)
GW = Scenario.GLOBAL_WAR
YSS = {"trigger": ["yss_1945"]}


def power(key, status=Status.NO_EFFECT, level=5, **figures):
    return PowerResult(key, key.title(), level, level, status, "", figures=figures)


def game(results=None, scenario=GW, edition=Edition.UPDATED, carry=None):
    """A game context; a Britain in surrender among ``results`` is carried as surrendered, as the game would carry
    it: Britain's state of surrender is read from the carried surrender alone (surrender_states)."""
    carry = dict(carry or {})
    uk = (results or {}).get("britain")
    if uk is not None and uk.figures.get("in_surrender") and "britain" not in carry:
        carry["britain"] = {"surrendered": True, "surrender_level": uk.figures.get("surrender_level")}
    return GameContext(edition, scenario, TURN, results or {}, carry)


def britain(in_surrender=False, level=None):
    return power("britain", Status.SURRENDERED if in_surrender else Status.NO_EFFECT,
                 in_surrender=in_surrender, surrender_level=level)


# --- separate peace tensions -------------------------------------------------------------------

@pytest.mark.parametrize(("result", "tension"), [(-7, 46), (-8, 42), (-9, 38), (-10, 34), (-6, None), (0, None),
                                                 (3, None)])
def test_separate_peace_tension(result, tension):
    assert election_results.separate_peace_tension(result) == tension


# --- 62.42B combination rules ------------------------------------------------------------------

def test_combined_one_or_more_has_no_effect():
    imp = election_results.combine(-4, 5, Trigger.YSS_1945, GW)
    assert (imp.held, imp.combined, imp.europe_result, imp.pacific_result, imp.adverse) == (True, 1, None, None,
                                                                                          False)
    assert election_results.combine(3, 4, "yss_1945", GW).adverse is False


def test_axis_wins_in_europe_only_combined_total_goes_to_europe():
    imp = election_results.combine(-5, 2, Trigger.YSS_1945, GW)
    assert (imp.combined, imp.europe_result, imp.pacific_result) == (-3, -3, None)
    imp = election_results.combine(-1, 1, Trigger.YSS_1945, GW)   # combined exactly 0
    assert (imp.europe_result, imp.pacific_result) == (0, None)


def test_axis_wins_in_pacific_only_combined_total_goes_to_pacific():
    imp = election_results.combine(3, -9, Trigger.YSS_1945, GW)
    assert (imp.combined, imp.europe_result, imp.pacific_result) == (-6, None, -6)
    imp = election_results.combine(4, -14, Trigger.YSS_1945, GW)
    assert (imp.pacific_result, imp.separate_peace_pacific, imp.separate_peace_europe) == (-10, True, False)


def test_axis_wins_both_each_theater_gets_its_own_result():
    imp = election_results.combine(-2, -8, Trigger.YSS_1945, GW)
    assert (imp.combined, imp.europe_result, imp.pacific_result) == (-10, -2, -8)
    assert imp.separate_peace_pacific and not imp.separate_peace_europe
    imp = election_results.combine(0, 0, Trigger.YSS_1945, GW)
    assert (imp.europe_result, imp.pacific_result) == (0, 0)


def test_european_scenario_disregards_the_pacific():
    imp = election_results.combine(-2, 30, Trigger.YSS_1945, Scenario.EUROPEAN)
    assert (imp.pacific, imp.combined, imp.europe_result, imp.pacific_result) == (0, -2, -2, None)
    imp = election_results.combine(1, -50, Trigger.YSS_1945, Scenario.EUROPEAN)
    assert (imp.combined, imp.adverse) == (1, False)
    imp = election_results.combine(0, 0, Trigger.YSS_1945, Scenario.EUROPEAN)
    assert (imp.europe_result, imp.pacific_result) == (0, None)


def test_pacific_scenario_has_no_election():
    imp = election_results.combine(-20, -20, Trigger.YSS_1945, Scenario.PACIFIC)
    assert (imp.held, imp.adverse) == (False, False)
    assert election.lines(Edition.UPDATED, Scenario.PACIFIC) == ()
    result = election.assess(YSS, game(scenario=Scenario.PACIFIC))
    assert result.status is Status.NOT_APPLICABLE


def test_no_trigger_no_election():
    imp = election_results.combine(-20, -20, Trigger.NONE, GW)
    assert (imp.held, imp.adverse) == (False, False)


# --- atomic election (62.81-62.83) -------------------------------------------------------------

def test_atomic_election_separate_peace_defeats_the_us_in_both_theaters():
    imp = election_results.combine(-7, 40, Trigger.ATOMIC, GW)
    assert imp.us_defeated
    # 62.82: the Pacific gets a separate peace with no result of its own; the Pacific sum plays no part
    assert (imp.europe_result, imp.pacific_result, imp.pacific, imp.combined) == (-7, None, 0, -7)
    assert imp.separate_peace_europe and imp.separate_peace_pacific


def test_atomic_election_short_of_peace_changes_nothing_and_lifts_restrictions():
    imp = election_results.combine(-6, -40, Trigger.ATOMIC, GW)
    assert (imp.us_defeated, imp.adverse, imp.lifts_europe_restrictions) == (False, False, True)
    assert imp.combined == -6  # only the European calculation counts


def test_atomic_election_end_of_turn_lifts_earlier_european_restrictions():
    carry = {"election": {**election.initial_carry(), "level_europe": -3, "tension_europe": 50}}
    g = game({"britain": britain()}, carry=carry)
    inputs = {"trigger": ["atomic"], "allied_dp": 10}
    result = election.assess(inputs, g)
    assert result.status is Status.NO_EFFECT
    outcome = election.end_of_turn(inputs, g, result, {})
    assert outcome.carry["level_europe"] is None
    assert outcome.questions == ()
    assert any(c.rule == "62.83" for c in outcome.events)


def test_atomic_election_defeat_recorded():
    g = game({"britain": britain(True, -10)})
    inputs = {"trigger": "atomic", "axis_dp": 5}   # -5 (DP) -5 (British level -10) = -10
    result = election.assess(inputs, g)
    assert result.figures["europe"] == -10
    assert result.figures["us_defeated"] is True
    outcome = election.end_of_turn(inputs, g, result, {})
    assert outcome.carry["us_defeated"] is True
    assert (outcome.carry["level_europe"], outcome.carry["tension_europe"]) == (-10, None)
    # 62.82: a separate peace in the Pacific too, without a result or a tension level of its own
    assert (outcome.carry["level_pacific"], outcome.carry["tension_pacific"]) == (None, None)
    assert outcome.carry["results"][0]["pacific"] is None


# --- restrictions (62.41, 62.44) ---------------------------------------------------------------

def test_restrictions_are_cumulative():
    texts = election_results.restrictions(-3)
    assert [c.text[:4] for c in texts if c.rule == "62.41"] == ["(-3)", "(-2)", "(-1)", "(0) "]
    assert len([c for c in election_results.restrictions(0) if c.rule == "62.41"]) == 1
    assert len([c for c in election_results.restrictions(-6) if c.rule == "62.41"]) == 7
    assert election_results.restrictions(1) == ()
    assert election_results.restrictions(None) == ()


def test_separate_peace_restriction_gives_the_tension():
    assert "46" in election_results.restrictions(-7)[0].text
    assert "38" in election_results.restrictions(-9)[0].text


def test_britain_in_surrender_shares_restrictions():
    assert "Britain" in election_results.restrictions(-2, britain_in_surrender=True)[-1].text
    assert "Britain" not in election_results.restrictions(-2)[-1].text


# --- post-election tensions (62.52, 62.65) -----------------------------------------------------

@pytest.mark.parametrize(("now", "level"), [(50, -3), (53, -3), (54, -2), (58, -1), (62, 0), (65, 0), (66, None),
                                            (40, -3)])
def test_four_tension_points_per_level(now, level):
    assert election_results.level_in_effect(-3, 50, now) == level


def test_separate_peace_reentry_by_tension():
    assert election_results.level_in_effect(-9, 38, 42) == -8
    assert election_results.level_in_effect(-9, 38, 46) == -7
    assert election_results.level_in_effect(-9, 38, 50) == -6
    assert election_results.level_in_effect(-7, 46, 49) == -7


def test_tensions_lift_restrictions_over_turns():
    carry = {"election": {**election.initial_carry(), "level_europe": -3, "tension_europe": 50}}
    g = game({"britain": britain()}, carry=carry)
    inputs = {"tensions": {"usat": 58, "usjt": 0}}
    result = election.assess(inputs, g)
    assert result.status is Status.EFFECTS
    assert result.figures["level_in_effect_europe"] == -1
    free = election.assess({"tensions": {"usat": 66, "usjt": 0}}, g)
    assert free.status is Status.NO_EFFECT
    outcome = election.end_of_turn({"tensions": {"usat": 66, "usjt": 0}}, g, free, {})
    assert outcome.carry["level_europe"] is None


# --- the 62.31 lines ---------------------------------------------------------------------------

@pytest.mark.parametrize(("level", "points"), [(0, 5), (-1, 4), (-4, 1), (-5, 0), (-6, -1), (-8, -3), (-10, -5)])
def test_british_surrender_level_line(level, points):
    result = election.assess(YSS, game({"britain": britain(True, level)}))
    assert result.figures["europe"] == points


def test_britain_not_in_surrender_gives_five():
    assert election.assess(YSS, game({"britain": britain()})).figures["europe"] == 5
    # no Britain result and nothing carried: not in surrender
    assert election.assess(YSS, game()).figures["europe"] == 5
    # carried surrender when Britain gives no figures
    carry = {"britain": {"surrendered": True, "surrender_level": -7}}
    assert election.assess(YSS, game(carry=carry)).figures["europe"] == -2


def test_europe_sum():
    inputs = {**YSS, "axis_dp": 12, "allied_dp": 9, "atomic_on_britain_us": 2}
    result = election.assess(inputs, game({"britain": britain()}))
    assert result.figures["europe"] == -12 + 9 - 5 + 5


@pytest.mark.parametrize(("attacks", "points"), [(0, 0), (1, -3), (2, -5), (3, -6), (4, -7)])
def test_atomic_attacks_on_britain_escalate(attacks, points):
    result = election.assess({**YSS, "atomic_on_britain_us": attacks}, game({"britain": britain()}))
    assert result.figures["europe"] == 5 + points


def test_allied_dp_may_be_negative():
    result = election.assess({**YSS, "allied_dp": -4}, game({"britain": britain()}))
    assert result.figures["europe"] == 1


def test_pacific_lines():
    japan = power("japan", level=12)
    assert election.assess(YSS, game({"japan": japan})).figures["pacific"] == -12
    assert election.assess({**YSS, "japan_declared_war": True}, game({"japan": japan})).figures["pacific"] == 8
    germany = power("germany", Status.SURRENDERED)
    assert election.assess(YSS, game({"japan": japan, "germany": germany})).figures["pacific"] == -2


def test_japan_surrendered_counts_zero_in_pacific_and_ten_in_europe():
    japan = power("japan", Status.SURRENDERS, level=-2)
    result = election.assess(YSS, game({"japan": japan, "britain": britain()}))
    assert (result.figures["pacific"], result.figures["europe"]) == (0, 15)


def test_european_scenario_has_no_pacific_lines():
    result = election.assess({**YSS, "japan_declared_war": True}, game({"japan": power("japan", level=30)},
                                                                         scenario=Scenario.EUROPEAN))
    assert result.figures["pacific"] == 0
    assert result.figures["europe"] == 5


# --- assessment and end of turn ----------------------------------------------------------------

def test_assess_pro_axis_election_in_both_theaters():
    g = game({"britain": britain(), "japan": power("japan", level=10)})
    inputs = {**YSS, "axis_dp": 12, "allied_dp": 5}   # Europe -2, Pacific -10
    result = election.assess(inputs, g)
    assert result.status is Status.EFFECTS
    assert (result.figures["europe_result"], result.figures["pacific_result"]) == (-2, -10)
    assert result.figures["separate_peace_tension_pacific"] == 34
    assert result.level == -12
    assert "separate peace" in result.verdict


def test_assess_allied_win():
    result = election.assess({**YSS, "allied_dp": 10}, game({"britain": britain(), "japan": power("japan")}))
    assert result.status is Status.NO_EFFECT
    assert result.level == 10


def test_axis_may_impose_a_higher_result():
    g = game({"britain": britain(), "japan": power("japan", level=2)})
    inputs = {**YSS, "axis_dp": 14, "tensions": {"usat": 52, "usjt": 10}}   # Europe -9, Pacific -2
    result = election.assess(inputs, g)
    first = election.end_of_turn(inputs, g, result, {})
    ids = {q.id: q for q in first.questions}
    assert set(ids) == {"election.europe_result", "election.pacific_result"}
    assert ids["election.europe_result"].default == "-9"
    assert [k for k, _ in ids["election.europe_result"].options] == [str(n) for n in range(-9, 1)]
    assert (first.carry["level_europe"], first.carry["tension_europe"]) == (-9, 38)
    second = election.end_of_turn(inputs, g, result, {"election.europe_result": "-6"})
    assert (second.carry["level_europe"], second.carry["tension_europe"]) == (-6, 52)
    assert (second.carry["level_pacific"], second.carry["tension_pacific"]) == (-2, 10)
    assert second.carry["results"][0]["implemented_europe"] == -6
    assert second.carry["results"][0]["turn"] == {"season": "spring", "year": 1945}
    with pytest.raises(RulesInputError, match=r"election\.europe_result"):
        election.end_of_turn(inputs, g, result, {"election.europe_result": "-10"})


# --- Allied defeat (62.91) ---------------------------------------------------------------------

def defeat_results(**overrides):
    results = {
        "france": power("france", Status.SURRENDERED),
        "britain": britain(True, -4),
        "russia": power("russia", Status.EFFECTS, level=0, brp_effects=True),
        "germany": power("germany"),
        "japan": power("japan"),
    }
    results.update(overrides)
    return results


def test_allied_defeat_when_france_britain_russia_in_surrender():
    ok, reason = election.allied_defeat(game(defeat_results()))
    assert ok and "62.91" in reason
    result = election.assess({}, game(defeat_results()))
    assert result.figures["allied_defeat"] is True
    assert result.status is Status.EFFECTS


@pytest.mark.parametrize(("override", "word"), [
    ({"france": power("france")}, "France"),
    ({"britain": britain()}, "Britain"),
    ({"russia": power("russia", level=1, brp_effects=False)}, "Russia"),
    ({"japan": power("japan", Status.SURRENDERS, level=0)}, "Japan"),
    ({"germany": power("germany", Status.SURRENDERED)}, "Germany"),
])
def test_no_allied_defeat(override, word):
    ok, reason = election.allied_defeat(game(defeat_results(**override)))
    assert not ok
    assert word in reason


def test_allied_defeat_reads_carry_and_russian_status():
    results = defeat_results()
    del results["france"]
    assert not election.allied_defeat(game(results))[0]
    assert election.allied_defeat(game(results, carry={"france": {"surrendered": True}}))[0]
    # Russia in surrender by status alone
    results = defeat_results(russia=power("russia", Status.EFFECTS, level=-2))
    assert election.allied_defeat(game(results))[0]
    # Russia's own state_of_surrender figure wins when it is given
    results = defeat_results(russia=power("russia", Status.EFFECTS, level=-2, state_of_surrender=False))
    assert not election.allied_defeat(game(results))[0]


# --- bad arguments -----------------------------------------------------------------------------

@pytest.mark.parametrize("bad", [
    {"trigger": ["yss_1945", "atomic"]}, {"trigger": ["xmas"]}, {"axis_dp": 100}, {"atomic_on_britain_us": -1},
    {"japan_declared_war": "yes"}, {"tensions": {"usat": 121}},
])
def test_bad_inputs_name_the_line(bad):
    with pytest.raises(RulesInputError) as error:
        election.assess(bad, game())
    assert next(iter(bad)) in str(error.value)


def test_bad_function_arguments():
    with pytest.raises(RulesInputError, match="trigger"):
        election_results.combine(0, 0, "christmas", GW)
    with pytest.raises(RulesInputError, match="europe"):
        election_results.combine(True, 0, Trigger.YSS_1945, GW)
    with pytest.raises(RulesInputError, match="result"):
        election_results.level_in_effect(2, 40, 50)


# --- properties --------------------------------------------------------------------------------

@given(st.integers(-30, 30), st.integers(-30, 30))
def test_combination_properties(europe, pacific):
    imp = election_results.combine(europe, pacific, Trigger.YSS_1945, GW)
    if europe + pacific >= 1:
        assert not imp.adverse
    elif europe <= 0 and pacific <= 0:
        assert (imp.europe_result, imp.pacific_result) == (europe, pacific)
    elif europe <= 0:
        assert (imp.europe_result, imp.pacific_result) == (europe + pacific, None)
    else:
        assert (imp.europe_result, imp.pacific_result) == (None, europe + pacific)
    for result in (imp.europe_result, imp.pacific_result):
        assert result is None or result <= 0


@given(st.integers(-40, -7))
def test_tension_formula(result):
    assert election_results.separate_peace_tension(result) == 46 - 4 * (-7 - result)


@given(st.integers(-30, 30))
def test_atomic_is_all_or_nothing(europe):
    imp = election_results.combine(europe, 0, Trigger.ATOMIC, GW)
    assert imp.us_defeated == (europe <= -7)
    assert imp.adverse == imp.us_defeated


# --- 62.41 cumulative results at the separate-peace boundary (issue 12) --------------------------

def _levels(consequences):
    return [c.text.split(")")[0] + ")" for c in consequences if c.rule == "62.41"]


@pytest.mark.parametrize(("result", "levels"), [
    (-6, ["(-6)", "(-5)", "(-4)", "(-3)", "(-2)", "(-1)", "(0)"]),
    (-7, ["(-7)", "(-6)", "(-5)", "(-4)", "(-3)", "(-2)", "(-1)", "(0)"]),
    (-8, ["(-8)", "(-6)", "(-5)", "(-4)", "(-3)", "(-2)", "(-1)", "(0)"]),
])
def test_each_result_includes_all_higher_results(result, levels):
    # 62.41: "Each result includes all higher number results": a separate peace carries 0 to -6 too.
    assert _levels(election_results.restrictions(result)) == levels


def test_separate_peace_also_binds_a_surrendered_britain_for_0_to_minus_4():
    for result in (-7, -8, -12):
        texts = election_results.restrictions(result, britain_in_surrender=True)
        assert any("separate peace" in c.text for c in texts)
        assert "results 0 to -4 bind Britain" in texts[-1].text
        assert election_results.britain_bound_levels(result, True) == (-4, -3, -2, -1, 0)
    assert "results 0 to -2 bind Britain" in election_results.restrictions(-2, britain_in_surrender=True)[-1].text
    assert "bind Britain" in election_results.restrictions(0, britain_in_surrender=True)[-1].text
    assert election_results.britain_bound_levels(-9, False) == ()


def test_separate_peace_in_the_display_and_the_end_of_turn_lists_every_restriction():
    g = game({"britain": britain(True, -10), "japan": power("japan", level=10)})
    inputs = {**YSS, "axis_dp": 5, "tensions": {"usat": 40, "usjt": 30}}   # Europe -10, Pacific -10
    result = election.assess(inputs, g)
    shown = [c.text for c in result.consequences if c.rule == "62.41" and c.text.startswith("Europe")]
    assert len(shown) == 8 and "separate peace" in shown[0] and "(0)" in shown[-1]
    assert any(c.rule == "62.44" and "bind Britain" in c.text for c in result.consequences)
    events = election.end_of_turn(inputs, g, result, {}).events
    assert len([e for e in events if e.rule == "62.41" and e.text.startswith("Europe")]) == 8
    assert any(e.rule == "62.44" and "0 to -4 bind Britain" in e.text for e in events)


def test_restrictions_in_force_after_a_separate_peace_next_turn():
    carry = {"election": {**election.initial_carry(), "level_europe": -9, "tension_europe": 38}}
    result = election.assess({"tensions": {"usat": 38, "usjt": 0}}, game({"britain": britain(True, -6)}, carry=carry))
    europe = [c.text for c in result.consequences if c.text.startswith("Europe") and c.rule == "62.41"]
    assert len(europe) == 8


@given(st.integers(-30, 3), st.integers(-30, 3), st.booleans())
def test_a_worse_result_never_imposes_fewer_restrictions(better, worse, britain_out):
    better, worse = max(better, worse), min(better, worse)
    assert set(election_results.levels_in_force(better)) <= set(election_results.levels_in_force(worse))
    assert set(election_results.britain_bound_levels(better, britain_out)) <= set(
        election_results.britain_bound_levels(worse, britain_out))
    assert len(election_results.restrictions(better, britain_out)) <= len(
        election_results.restrictions(worse, britain_out))


# --- atomic elections show Europe only (62.81-62.83) ----------------------------------------------

def test_atomic_election_shows_no_pacific_sum():
    g = game({"britain": britain(), "japan": power("japan", level=12)})
    inputs = {"trigger": ["atomic"], "axis_dp": 20, "japan_declared_war": True}   # Europe -15
    result = election.assess(inputs, g)
    assert result.figures["pacific"] is None
    assert (result.level, result.total) == (-15, -15)
    pacific_items = [item for item in result.breakdown if item.id in {"japanese_resistance", "japan_declared_war",
                                                                      "germany_surrendered"}]
    assert pacific_items and all(item.points == 0 and "Europe only" in item.note for item in pacific_items)
    assert "Pacific: separate peace with no result of its own (62.82)" in result.verdict
    assert "Pacific -" not in result.verdict and "Pacific +" not in result.verdict
    assert result.figures["separate_peace_pacific"] is True
    assert result.figures["separate_peace_tension_pacific"] is None
    assert any(c.rule == "62.82" and c.text.startswith("Pacific") for c in result.consequences)


def test_after_an_atomic_defeat_the_pacific_has_peace_without_a_result():
    carry = {"election": {**election.initial_carry(), "level_europe": -8, "us_defeated": True}}
    result = election.assess({"tensions": {"usat": 80, "usjt": 80}}, game({"britain": britain()}, carry=carry))
    assert result.status is Status.EFFECTS
    assert result.figures["level_in_effect_pacific"] is None
    assert result.figures["level_in_effect_europe"] == -8      # tensions never bring a defeated U.S. back
    assert "Pacific separate peace (62.82)" in result.verdict


# --- 62.72: a declaration of war on a neutral U.S. ends the restrictions ------------------------------

def test_germany_declaring_war_lifts_european_restrictions():
    carry = {"election": {**election.initial_carry(), "level_europe": -8, "tension_europe": 42,
                          "level_pacific": -2, "tension_pacific": 30}}
    g = game({"britain": britain()}, carry=carry)
    inputs = {"war_on_neutral_us": ["germany"], "tensions": {"usat": 42, "usjt": 30}}
    result = election.assess(inputs, g)
    assert result.figures["level_in_effect_europe"] is None
    assert result.figures["level_in_effect_pacific"] == -2
    assert any(c.rule == "62.72" for c in result.consequences)
    outcome = election.end_of_turn(inputs, g, result, {})
    assert (outcome.carry["level_europe"], outcome.carry["tension_europe"]) == (None, None)
    assert outcome.carry["level_pacific"] == -2
    assert any(e.rule == "62.72" and e.text.startswith("Europe") for e in outcome.events)


def test_japan_declaring_war_lifts_pacific_restrictions_and_the_line_is_cleared_each_turn():
    carry = {"election": {**election.initial_carry(), "level_pacific": -7, "tension_pacific": 46}}
    g = game({"britain": britain()}, carry=carry)
    inputs = {"war_on_neutral_us": ["japan"]}
    outcome = election.end_of_turn(inputs, g, election.assess(inputs, g), {})
    assert outcome.carry["level_pacific"] is None
    line = next(line for line in election.lines(Edition.UPDATED, GW) if line.id == "war_on_neutral_us")
    assert line.per_turn and line.rule == "62.72"


def test_declaration_lifts_nothing_after_an_atomic_defeat_or_without_restrictions():
    carry = {"election": {**election.initial_carry(), "level_europe": -9, "us_defeated": True}}
    g = game({"britain": britain()}, carry=carry)
    inputs = {"war_on_neutral_us": ["germany", "japan"]}
    result = election.assess(inputs, g)
    assert result.figures["level_in_effect_europe"] == -9
    assert election.end_of_turn(inputs, g, result, {}).carry["level_europe"] == -9
    quiet = election.assess(inputs, game({"britain": britain()}))
    assert quiet.status is Status.NO_EFFECT and not any(c.rule == "62.72" for c in quiet.consequences)


def test_declaration_in_the_turn_of_an_election_lifts_its_result():
    g = game({"britain": britain(), "japan": power("japan", level=2)})
    inputs = {**YSS, "axis_dp": 16, "war_on_neutral_us": ["germany"]}   # Europe -11, Pacific -2
    outcome = election.end_of_turn(inputs, g, election.assess(inputs, g), {})
    assert outcome.carry["level_europe"] is None and outcome.carry["level_pacific"] == -2


def test_european_scenario_offers_only_a_german_declaration():
    line = next(line for line in election.lines(Edition.UPDATED, Scenario.EUROPEAN) if line.id == "war_on_neutral_us")
    assert [option.key for option in line.options] == ["germany"]
    with pytest.raises(RulesInputError, match="war_on_neutral_us"):
        election.assess({"war_on_neutral_us": ["japan"]}, game(scenario=Scenario.EUROPEAN))


# --- 59.75B: the British conciliation reduction of USAT feeds 62.52 ----------------------------------

def _after_election(usat_reduction, surrender_turn):
    record = {"turn": {"season": "spring", "year": 1945}, "trigger": "yss_1945", "europe": -3, "pacific": 4,
              "combined": 1, "implemented_europe": -3, "implemented_pacific": None}
    return {"election": {**election.initial_carry(), "results": [record], "level_europe": -3, "tension_europe": 30},
            "britain": {"surrendered": True, "surrender_level": -5, "usat_reduction": usat_reduction,
                        "surrender_turn": surrender_turn}}


def test_conciliation_after_the_election_is_subtracted_from_usat():
    # Election Spring 1945 at USAT 30 (-3 in Europe); Britain surrenders the same turn, Germany leaves 3
    # points: USAT -6.  USAT entered 38 next turn: 38 - 6 = 32 counted, two points up: still -3.
    carry = _after_election(6, {"season": "spring", "year": 1945})
    g = GameContext(Edition.UPDATED, GW, Turn(1945, Season.SUMMER), {"britain": britain(True, -5)}, carry)
    result = election.assess({"tensions": {"usat": 38, "usjt": 0}}, g)
    assert result.figures["usat_counted"] == 32
    assert result.figures["level_in_effect_europe"] == -3
    note = next(item.note for item in result.breakdown if item.id == "usat_conciliation")
    assert "USAT -6" in note and "subtracted" in note
    # without the reduction the same USAT would lift two levels: -1
    assert election_results.level_in_effect(-3, 30, 38) == -1


def test_conciliation_before_the_election_is_not_subtracted_again():
    carry = _after_election(6, {"season": "fall", "year": 1944})
    g = GameContext(Edition.UPDATED, GW, Turn(1945, Season.SUMMER), {"britain": britain(True, -5)}, carry)
    result = election.assess({"tensions": {"usat": 38, "usjt": 0}}, g)
    assert result.figures["usat_counted"] == 38
    assert result.figures["level_in_effect_europe"] == -1
    outcome = election.end_of_turn({"tensions": {"usat": 38, "usjt": 0}}, g, result, {})
    assert outcome.carry["level_europe"] == -3   # the election result stays, counted from its baseline


def test_conciliation_reduction_never_takes_usat_below_zero():
    carry = _after_election(40, {"season": "summer", "year": 1945})
    g = GameContext(Edition.UPDATED, GW, Turn(1945, Season.SUMMER), {"britain": britain(True, -5)}, carry)
    assert election.usat_counted(10, g) == 0


def test_the_report_lists_every_restriction_of_a_separate_peace():
    from awaw_desktop.core.awaw import report
    from awaw_desktop.core.awaw.session import Session
    session = Session.new(Edition.UPDATED, GW, Turn(1945, Season.SUMMER))
    session.carry["election"] = {**election.initial_carry(), "level_europe": -8, "tension_europe": 42}
    session.carry["britain"] = {**session.carry["britain"], "surrendered": True, "surrender_level": -6}
    text = report.report(session, "text")
    europe = [line for line in text.splitlines() if "62.41: Europe:" in line]
    assert len(europe) == 8 and "separate peace" in europe[0]
    assert [line.split("Europe: ")[1][:4] for line in europe[1:]] == ["(-6)", "(-5)", "(-4)", "(-3)", "(-2)", "(-1)",
                                                                     "(0) "]
    assert "62.44: Europe: Restrictions apply only to American units" in text and "0 to -4 bind Britain" in text
    data = json.loads(report.report(session, "json"))["powers"]["election"]
    assert len([c for c in data["consequences"] if c["rule"] == "62.41"]) == 8
    assert data["figures"]["level_in_effect_europe"] == -8


@given(st.integers(-20, 20), st.integers(-20, 20), st.integers(0, 10), st.sampled_from([GW, Scenario.EUROPEAN]))
def test_a_worse_theater_sum_never_lifts_a_restriction(europe, pacific, drop, scenario):
    # Property over 62.41-62.42B: lowering one theater's sum never takes a restriction away anywhere.
    for trigger in (Trigger.YSS_1945, Trigger.ATOMIC):
        better = election_results.combine(europe, pacific, trigger, scenario)
        worse = election_results.combine(europe - drop, pacific, trigger, scenario)
        for theater in ("europe_result", "pacific_result"):
            assert set(election_results.levels_in_force(getattr(better, theater))) <= set(
                election_results.levels_in_force(getattr(worse, theater)))
        assert better.separate_peace_pacific <= worse.separate_peace_pacific
