"""Japanese Resistance Table (57.11), collapse (57.12), cumulative modifiers (57.14),
surrender effects (57.2-57.7, 57.91) and the European scenario (57.81, 57.82)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import japan, japan_clock, japan_surrender
from awaw_desktop.core.awaw.common import (
    Edition,
    GameContext,
    PowerResult,
    Scenario,
    Season,
    Status,
    Turn,
)
from awaw_desktop.core.lines import RulesInputError

W41 = {"season": "winter", "year": 1941}
SUMMER43 = Turn(1943, Season.SUMMER)
UPDATED_EDITIONS = [Edition.UPDATED, Edition.CLASSIC]


def game(edition=Edition.ORIGINAL, scenario=Scenario.GLOBAL_WAR, turn=SUMMER43,
         china=None, **carry):
    results = {}
    if china is not None:
        results["china"] = PowerResult("china", "China", china, china, Status.EFFECTS, "")
    full = {**japan.initial_carry(), **carry}
    return GameContext(edition, scenario, turn, results, {"japan": full})


def started(edition=Edition.ORIGINAL, **kwargs):
    """A game in which the cumulative clock runs (war in Winter 1941, now Summer 1943)."""
    return game(edition, war_turn=W41, **kwargs)


def level(inputs, g):
    return japan.assess(inputs, g).level


def points(inputs, g, line_id):
    return {item.id: item.points for item in japan.assess(inputs, g).breakdown}[line_id]


# --------------------------------------------------------------------------- pure helpers

@pytest.mark.parametrize(("full", "partial", "groups"),
                         [(0, 0, 0), (3, 0, 3), (3, 1, 3), (3, 2, 4), (3, 3, 4), (0, 3, 1), (5, 5, 7)])
def test_island_groups_count_two_partial_groups_as_one(full, partial, groups):
    assert japan_clock.island_groups(full, partial) == groups


@pytest.mark.parametrize(("brps", "modifier"),
                         [(0, 0), (24, 0), (25, 1), (49, 1), (50, 2), (74, 2), (75, 3), (250, 10)])
def test_original_losses_per_25_brps_without_cap_and_remnants_dropped(brps, modifier):
    assert japan_clock.loss_modifier(Edition.ORIGINAL, brps) == (modifier, 0)
    # a carried remnant plays no part in the original edition
    assert japan_clock.loss_modifier(Edition.ORIGINAL, brps, 40) == (modifier, 0)


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
@pytest.mark.parametrize(("brps", "remnant", "modifier", "left"), [
    (67, 0, 1, 17),     # 57.14B example, Summer 1943
    (178, 0, 2, 78),    # 57.14B example, Summer 1945: capped at +2
    (0, 0, 0, 0), (49, 0, 0, 49), (50, 0, 1, 0), (99, 0, 1, 49), (100, 0, 2, 0), (149, 0, 2, 49),
    (33, 17, 1, 0), (32, 17, 0, 49), (0, 78, 1, 28),
])
def test_updated_losses_per_50_brps_capped_with_remnants_carried(edition, brps, remnant, modifier, left):
    assert japan_clock.loss_modifier(edition, brps, remnant) == (modifier, left)


def test_loss_brps_counts_damaged_and_sunk_named_ships():
    assert japan_clock.loss_brps(10) == 10
    assert japan_clock.loss_brps(10, 2, 1) == 10 + 6 + 6
    assert japan_clock.loss_brps(0, 0, 4) == 24


@pytest.mark.parametrize(("turn", "counted"), [
    (Turn(1941, Season.FALL), False), (Turn(1941, Season.WINTER), False),
    (Turn(1942, Season.SPRING), True), (Turn(1942, Season.SUMMER), True), (Turn(1945, Season.WINTER), True),
])
def test_cumulative_clock_starts_at_the_end_of_spring_1942_for_war_in_winter_1941(turn, counted):
    assert japan_clock.cumulative_clock_started(W41, turn) is counted
    assert japan_clock.cumulative_clock_started(Turn(1941, Season.WINTER), turn) is counted


def test_no_war_no_clock():
    assert japan_clock.cumulative_clock_started(None, Turn(1945, Season.SPRING)) is False


@pytest.mark.parametrize(("allied", "modifier"), [(0, 0), (7, 0), (8, -1), (11, -1), (12, -2), (25, -2)])
def test_original_island_line_counts_western_allied_groups_only(allied, modifier):
    assert japan_clock.island_balance_modifier(Edition.ORIGINAL, 0, allied) == modifier
    assert japan_clock.island_balance_modifier(Edition.ORIGINAL, 30, allied) == modifier


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
@pytest.mark.parametrize(("japan_groups", "allied", "modifier"), [
    (5, 5, 0), (6, 5, 0), (7, 5, 1), (10, 5, 1), (11, 5, 2), (20, 0, 2),
    (5, 6, 0), (5, 7, -1), (5, 10, -1), (5, 11, -2), (0, 20, -2),
])
def test_updated_island_line_goes_by_the_difference(edition, japan_groups, allied, modifier):
    assert japan_clock.island_balance_modifier(edition, japan_groups, allied) == modifier


def test_collapse_needs_all_five_objectives_occupied():
    assert japan.collapse_check(["tokyo", "osaka", "kagoshima", "mukden", "harbin"])
    assert japan.collapse_check(("harbin", "mukden", "kagoshima", "osaka", "tokyo", "tokyo"))
    assert not japan.collapse_check(["tokyo", "osaka", "kagoshima", "mukden"])
    assert not japan.collapse_check([])


@pytest.mark.parametrize(("bombs", "turn"), [
    (0, Turn(1946, Season.SPRING)), (1, Turn(1945, Season.WINTER)), (2, Turn(1945, Season.FALL)),
    (3, Turn(1945, Season.SUMMER)), (4, Turn(1945, Season.SPRING)), (5, Turn(1944, Season.WINTER)),
])
def test_european_surrender_date_moves_a_turn_earlier_per_bomb(bombs, turn):
    assert japan_surrender.european_surrender_turn(bombs) == turn


def test_redeployment_schedule_covers_three_turns_after_the_surrender():
    schedule = japan_surrender.redeployment_schedule(Turn(1945, Season.FALL))
    assert [step.turn for step in schedule] == [Turn(1945, Season.WINTER), Turn(1946, Season.SPRING),
                                                Turn(1946, Season.SUMMER)]
    assert [step.index for step in schedule] == [1, 2, 3]
    assert schedule[0].allowance == japan_surrender.Redeployment(10, 2, 3, 3, 2, 3)
    assert schedule[2].total == japan_surrender.Redeployment(30, 6, 9, 9, 6, 9)
    assert japan_surrender.redeployment_for(Turn(1945, Season.FALL), Turn(1945, Season.FALL)) is None
    assert japan_surrender.redeployment_for(Turn(1945, Season.FALL), Turn(1946, Season.FALL)) is None
    assert japan_surrender.redeployment_for(Turn(1945, Season.FALL), Turn(1946, Season.SPRING)).index == 2


# --------------------------------------------------------------------------- the table

ORIGINAL_EXAMPLE = {
    "pacific_objectives": 3,
    "japanese_chinese_cities": ["chungking"],
    "japanese_key_cities": ["singapore"],
    "japan_island_groups": {"full": 6, "partial": 3},          # 7 groups
    "allied_home_cities": ["tokyo", "osaka"],                   # -3 -2
    "occupied_japanese_hexes": 2,                               # -5
    "allied_cities": ["peking", "okinawa"],                     # -2
    "atomic_attacks": 1,                                        # -3
    "firestorms": 4,                                            # -4
    "cum_vladivostok_irkutsk": ["vladivostok", "irkutsk"],      # +1
    "cum_india": ["calcutta", "dacca", "rangoon"],              # +1
    "cum_australia": ["darwin", "cairns"],                      # 0
    "enemy_losses": {"eliminated": 60, "damaged_named": 2, "sunk_in_port": 1},  # 72 BRPs
    "allied_island_groups": {"full": 8, "partial": 1},          # 8 groups
}


def test_original_worked_total():
    g = started(Edition.ORIGINAL, china=-3, cumulative_total=10)
    result = japan.assess(ORIGINAL_EXAMPLE, g)
    # situation: 3 + 1 + 1 + 7 - 3 - 2 - 5 - 2 - 3 - 4 = -7
    assert result.figures["situation_total"] == -7
    # cumulative this turn: China +1, Vladivostok/Irkutsk +1, India +1, Australia 0, 72 BRPs +2, 8 groups -1
    assert result.figures["this_turn_cumulative"] == 4
    assert result.figures["cumulative_total"] == 10
    assert result.level == -7 + 10 + 4 == 7
    assert result.status is Status.NO_EFFECT
    assert result.figures["loss_modifier"] == 2
    assert result.figures["loss_remnant"] == 0


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
def test_updated_worked_total(edition):
    g = started(edition, china=-3, cumulative_total=10)
    result = japan.assess(ORIGINAL_EXAMPLE, g)
    # Chungking is not a +1 city in the updated table; situation: 3 + 1 + 7 - 3 - 2 - 5 - 2 - 3 - 4 = -8
    assert result.figures["situation_total"] == -8
    # Vladivostok/Irkutsk +1, India +1, Australia 0, islands 7 v 8 -> 0, 72 BRPs +1 (22 carried),
    # fewer than two Chinese objectives and no Vladivostok -1; no Chinese-resistance line
    assert result.figures["this_turn_cumulative"] == 2
    assert result.level == -8 + 10 + 2 == 4
    assert result.figures["loss_remnant"] == 22


def test_breakdown_shows_carried_total_and_this_turns_lines_separately():
    result = japan.assess(ORIGINAL_EXAMPLE, started(china=-3, cumulative_total=10))
    ids = [item.id for item in result.breakdown]
    carried = ids.index("cumulative_carried")
    assert ids.index("firestorms") < carried < ids.index("enemy_losses")
    assert result.breakdown[carried].points == 10
    assert sum(item.points for item in result.breakdown) == result.level


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize(("hexes", "pts"), [(0, 0), (1, -3), (2, -5), (3, -6), (4, -7)])
def test_occupied_hexes_and_atomic_attacks_escalate(edition, hexes, pts):
    g = game(edition)
    assert points({"occupied_japanese_hexes": hexes}, g, "occupied_japanese_hexes") == pts
    assert points({"atomic_attacks": hexes}, g, "atomic_attacks") == pts


@pytest.mark.parametrize("edition", list(Edition))
def test_home_cities(edition):
    g = game(edition)
    assert points({"allied_home_cities": ["tokyo"]}, g, "allied_home_cities") == -3
    assert points({"allied_home_cities": ["kagoshima"]}, g, "allied_home_cities") == -2
    assert points({"allied_home_cities": ["tokyo", "osaka", "kagoshima"]}, g, "allied_home_cities") == -7


def test_city_lists_differ_by_edition():
    inputs = {"japanese_chinese_cities": ["chungking", "yenan"], "japanese_siberian_cities": ["vladivostok",
                                                                                              "irkutsk"],
              "allied_chungking": True}
    # no clock: only the situation lines and the starting +4 for island groups
    assert level(inputs, game(Edition.ORIGINAL)) == 4 + 2
    assert level(inputs, game(Edition.UPDATED)) == 4 + 2 - 1
    assert level(inputs, game(Edition.CLASSIC)) == 4 + 2 - 1


@pytest.mark.parametrize(("china", "pts"), [(-5, 1), (-4, 1), (-3, 1), (-2, 0), (0, 0), (2, 0), (None, 0)])
def test_chinese_resistance_line_original_only(china, pts):
    assert points({}, started(Edition.ORIGINAL, china=china), "cum_chinese_resistance") == pts
    ids = {item.id for item in japan.assess({}, started(Edition.UPDATED, china=china)).breakdown}
    assert "cum_chinese_resistance" not in ids


@pytest.mark.parametrize("edition", list(Edition))
def test_choice_thresholds(edition):
    g = started(edition)
    assert points({"cum_india": ["calcutta", "colombo"]}, g, "cum_india") == 0
    assert points({"cum_india": ["calcutta", "colombo", "dacca"]}, g, "cum_india") == 1
    assert points({"cum_india": ["calcutta", "colombo", "dacca", "rangoon"]}, g, "cum_india") == 1
    assert points({"cum_australia": ["cairns", "darwin", "port_moresby"]}, g, "cum_australia") == 1
    assert points({"cum_vladivostok_irkutsk": ["irkutsk"]}, g, "cum_vladivostok_irkutsk") == 0
    assert points({"cum_vladivostok_irkutsk": ["irkutsk", "vladivostok"]}, g, "cum_vladivostok_irkutsk") == 1


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
@pytest.mark.parametrize(("objectives", "vladivostok", "pts"),
                         [(0, 0, -1), (1, 0, -1), (2, 0, 0), (5, 0, 0), (0, 1, 0), (1, 1, 0)])
def test_updated_chinese_objectives_or_vladivostok(edition, objectives, vladivostok, pts):
    inputs = {"cum_chinese_objectives": {"chinese_objectives": objectives, "vladivostok": vladivostok}}
    assert points(inputs, started(edition), "cum_chinese_objectives") == pts


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
def test_updated_siberian_cities(edition):
    assert points({"cum_siberian_cities": True}, started(edition), "cum_siberian_cities") == 1


def test_cumulative_lines_wait_for_the_clock():
    inputs = {"cum_india": ["calcutta", "colombo", "dacca"], "enemy_losses": {"eliminated": 100}}
    before = japan.assess(inputs, game(Edition.ORIGINAL, turn=Turn(1941, Season.WINTER), war_turn=W41))
    assert before.figures["clock_started"] is False
    assert before.figures["this_turn_cumulative"] == 0
    assert before.level == 4
    assert {item.id: item.points for item in before.breakdown}["cum_india"] == 0
    after = japan.assess(inputs, game(Edition.ORIGINAL, turn=Turn(1942, Season.SPRING), war_turn=W41))
    assert after.figures["clock_started"] is True
    assert after.figures["this_turn_cumulative"] == 1 + 4
    assert after.level == 4 + 5


def test_island_peak_is_a_running_maximum():
    g = game(Edition.ORIGINAL, max_island_groups=9)
    assert points({"japan_island_groups": {"full": 7, "partial": 0}}, g, "japan_island_groups") == 9
    assert points({"japan_island_groups": {"full": 9, "partial": 3}}, g, "japan_island_groups") == 10
    assert points({}, game(Edition.ORIGINAL), "japan_island_groups") == 4


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
def test_updated_island_difference_uses_japans_current_groups(edition):
    inputs = {"japan_island_groups": {"full": 10, "partial": 1}, "allied_island_groups": {"full": 4, "partial": 1}}
    assert points(inputs, started(edition, max_island_groups=15), "allied_island_groups") == 2   # 10 v 4
    inputs["allied_island_groups"] = {"full": 5, "partial": 0}
    assert points(inputs, started(edition), "allied_island_groups") == 1                        # 10 v 5


def test_updated_russian_war_holds_island_lines_until_war_with_the_us():
    inputs = {"japan_island_groups": {"full": 10, "partial": 0}}
    summer41 = {"season": "summer", "year": 1941}
    kwargs = {"turn": Turn(1941, Season.WINTER), "war_turn": summer41, "war_began_on_russia": True}
    held = japan.assess(inputs, game(Edition.UPDATED, **kwargs))
    assert held.figures["clock_started"] is True and held.figures["islands_counted"] is False
    assert {item.id: item.points for item in held.breakdown}["allied_island_groups"] == 0
    counted = japan.assess(inputs, game(Edition.UPDATED, us_war_turn=W41, **kwargs))
    assert {item.id: item.points for item in counted.breakdown}["allied_island_groups"] == 2
    # no such hold in the original edition, nor when the war did not begin with Russia
    assert japan_clock.island_lines_counted(Edition.ORIGINAL, summer41, Turn(1941, Season.WINTER), True, None)
    assert japan_clock.island_lines_counted(Edition.UPDATED, summer41, Turn(1941, Season.WINTER), False, None)


# --------------------------------------------------------------------------- status

@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize(("firestorms", "status"),
                         [(3, Status.NO_EFFECT), (4, Status.SURRENDERS), (5, Status.SURRENDERS)])
def test_zero_or_less_surrenders(edition, firestorms, status):
    result = japan.assess({"firestorms": firestorms}, game(edition))
    assert result.level == 4 - firestorms
    assert result.status is status


def test_surrender_consequences_by_scenario():
    result = japan.assess({"firestorms": 9}, game())
    rules = [c.rule for c in result.consequences]
    assert rules[0] == "57.11"
    assert {"57.21", "57.22", "57.31", "57.41", "57.51", "57.61", "57.71"} <= set(rules)
    assert "57.91" not in rules
    pacific = [c.rule for c in japan.assess({"firestorms": 9}, game(scenario=Scenario.PACIFIC)).consequences]
    assert "57.91" in pacific and "57.21" not in pacific


def test_collapse_surrenders_whatever_the_level():
    inputs = {"occupied_objectives": list(japan.COLLAPSE_OBJECTIVES), "pacific_objectives": 10}
    result = japan.assess(inputs, game())
    assert result.level == 14
    assert result.status is Status.SURRENDERS
    assert result.consequences[0].rule == "57.12"
    inputs["occupied_objectives"] = ["tokyo", "osaka", "kagoshima", "mukden"]
    assert japan.assess(inputs, game()).status is Status.NO_EFFECT


def test_surrendered_once_carried():
    result = japan.assess({"firestorms": 9}, game(surrendered=True, surrender_turn={"season": "fall",
                                                                                     "year": 1945}))
    assert result.status is Status.SURRENDERED
    assert "Fall 1945" in result.verdict


def test_european_scenario_reports_the_date():
    g = game(scenario=Scenario.EUROPEAN, turn=Turn(1945, Season.SUMMER))
    result = japan.assess({"atomic_attacks": 1}, g)
    assert result.status is Status.NOT_APPLICABLE
    assert "Winter 1945" in result.verdict
    assert result.figures["european_surrender_turn"] == {"season": "winter", "year": 1945}
    assert result.figures["surrendered"] is False
    outcome = japan.end_of_turn({"atomic_attacks": 1}, g, result, {})
    assert outcome.carry["surrendered"] is False


def test_european_surrender_is_recorded_and_redeployment_follows():
    g = game(scenario=Scenario.EUROPEAN, turn=Turn(1945, Season.FALL))
    result = japan.assess({"atomic_attacks": 2}, g)
    assert result.status is Status.SURRENDERS and result.figures["surrendered"] is True
    outcome = japan.end_of_turn({"atomic_attacks": 2}, g, result, {})
    assert outcome.carry["surrendered"] is True
    assert outcome.carry["surrender_turn"] == {"season": "fall", "year": 1945}
    assert [e.rule for e in outcome.events].count("57.82") == 3
    later = game(scenario=Scenario.EUROPEAN, turn=Turn(1946, Season.SPRING), **outcome.carry)
    after = japan.assess({"atomic_attacks": 2}, later)
    assert after.status is Status.SURRENDERED
    assert after.consequences[0].rule == "57.82" and "2 of 3" in after.consequences[0].text


# --------------------------------------------------------------------------- end of turn

def test_end_of_turn_adds_cumulative_and_keeps_the_peak():
    g = started(Edition.ORIGINAL, china=-3, cumulative_total=10)
    result = japan.assess(ORIGINAL_EXAMPLE, g)
    carry = japan.end_of_turn(ORIGINAL_EXAMPLE, g, result, {}).carry
    assert carry["cumulative_total"] == 14
    assert carry["max_island_groups"] == 7
    assert carry["loss_remnant"] == 0
    assert carry["war_turn"] == W41
    # next turn: fewer islands, the peak stays
    g2 = game(Edition.ORIGINAL, turn=Turn(1943, Season.FALL), **carry)
    inputs = {"japan_island_groups": {"full": 2, "partial": 0}}
    result2 = japan.assess(inputs, g2)
    assert result2.level == 7 + 14
    assert japan.end_of_turn(inputs, g2, result2, {}).carry["max_island_groups"] == 7


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
def test_updated_remnant_carries_into_next_turn(edition):
    summer = game(edition, turn=Turn(1943, Season.SUMMER), war_turn=W41)
    base = {"cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 0}}
    inputs = {**base, "enemy_losses": {"eliminated": 67}}
    result = japan.assess(inputs, summer)
    assert result.figures["this_turn_cumulative"] == 1
    carry = japan.end_of_turn(inputs, summer, result, {}).carry
    assert carry["loss_remnant"] == 17 and carry["cumulative_total"] == 1
    fall = game(edition, turn=Turn(1943, Season.FALL), **carry)
    inputs = {**base, "enemy_losses": {"eliminated": 27, "damaged_named": 2}}   # 33 + 17 = 50
    result = japan.assess(inputs, fall)
    assert result.figures["loss_modifier"] == 1
    carry = japan.end_of_turn(inputs, fall, result, {}).carry
    assert carry["loss_remnant"] == 0 and carry["cumulative_total"] == 2


def test_before_the_clock_only_the_peak_and_the_updated_losses_are_kept():
    inputs = {"enemy_losses": {"eliminated": 178}, "japan_island_groups": {"full": 8, "partial": 0}}
    g = game(Edition.ORIGINAL, turn=Turn(1941, Season.WINTER), war_turn=W41)
    carry = japan.end_of_turn(inputs, g, japan.assess(inputs, g), {}).carry
    assert (carry["cumulative_total"], carry["loss_remnant"], carry["max_island_groups"]) == (0, 0, 8)
    g = game(Edition.UPDATED, turn=Turn(1941, Season.WINTER), war_turn=W41)
    result = japan.assess(inputs, g)
    assert result.figures["this_turn_cumulative"] == 0
    carry = japan.end_of_turn(inputs, g, result, {}).carry
    # 57.14B (updated), NOTES.md: the outbreak turn's losses are carried in full into the first count
    assert (carry["cumulative_total"], carry["loss_remnant"], carry["max_island_groups"]) == (0, 178, 8)


def test_end_of_turn_records_a_surrender():
    g = game(turn=Turn(1945, Season.SUMMER))
    result = japan.assess({"firestorms": 10}, g)
    outcome = japan.end_of_turn({"firestorms": 10}, g, result, {})
    assert outcome.carry["surrendered"] is True
    assert outcome.carry["surrender_turn"] == {"season": "summer", "year": 1945}
    assert outcome.events[0].rule == "57.11"


def test_initial_carry_is_json_only():
    assert japan.initial_carry() == {
        "surrendered": False, "surrender_turn": None, "cumulative_total": 0, "max_island_groups": 4,
        "loss_remnant": 0, "war_turn": None, "war_began_on_russia": False, "us_war_turn": None,
    }


# --------------------------------------------------------------------------- bad arguments

@pytest.mark.parametrize(("bad", "named"), [
    ({"pacific_objectives": -1}, "pacific_objectives"),
    ({"firestorms": 41}, "firestorms"),
    ({"enemy_losses": {"eliminated": -5}}, "enemy_losses.eliminated"),
    ({"japan_island_groups": {"full": 2, "extra": 1}}, "japan_island_groups"),
    ({"allied_home_cities": ["kyoto"]}, "allied_home_cities"),
    ({"occupied_objectives": ["kyoto"]}, "occupied_objectives"),
])
def test_bad_inputs_name_the_line(bad, named):
    with pytest.raises(RulesInputError) as error:
        japan.assess(bad, game())
    assert named in str(error.value)


@pytest.mark.parametrize(("call", "named"), [
    (lambda: japan_clock.loss_modifier(Edition.ORIGINAL, -1), "brps"),
    (lambda: japan_clock.loss_modifier(Edition.UPDATED, 10, -1), "remnant"),
    (lambda: japan_clock.loss_modifier("updated", 10), "edition"),
    (lambda: japan_clock.island_groups(-1, 0), "full"),
    (lambda: japan_clock.island_groups(0, -1), "partial"),
    (lambda: japan_surrender.european_surrender_turn(-1), "atomic_bombs"),
    (lambda: japan_clock.cumulative_clock_started({"season": "winter"}, Turn(1942, Season.SPRING)), "war_turn"),
    (lambda: japan_clock.cumulative_clock_started({"season": "monsoon", "year": 1941}, Turn(1942, Season.SPRING)),
     "war_turn"),
    (lambda: japan.collapse_check("tokyo"), "occupied"),
    (lambda: japan.collapse_check(["kyoto"]), "occupied"),
    (lambda: japan.assess({}, game(war_turn="Winter 1941")), "war_turn"),
    (lambda: japan.assess({}, game(cumulative_total="3")), "cumulative_total"),
    (lambda: japan.assess({}, game(loss_remnant=-1)), "loss_remnant"),
])
def test_bad_arguments_are_refused(call, named):
    with pytest.raises(RulesInputError) as error:
        call()
    assert named in str(error.value)


# --------------------------------------------------------------------------- properties

@given(st.integers(0, 5000), st.integers(0, 500))
def test_updated_losses_conserve_brps(brps, remnant):
    modifier, left = japan_clock.loss_modifier(Edition.UPDATED, brps, remnant)
    assert 0 <= modifier <= 2
    assert brps + remnant == 50 * modifier + left
    assert left >= 0
    if modifier < 2:
        assert left < 50


@given(st.integers(0, 5000))
def test_original_losses_never_carry(brps):
    modifier, left = japan_clock.loss_modifier(Edition.ORIGINAL, brps)
    assert left == 0 and modifier * 25 <= brps < (modifier + 1) * 25


@given(st.integers(0, 40))
def test_european_date_is_bombs_turns_before_spring_1946(bombs):
    assert Turn(1946, Season.SPRING).turns_since(japan_surrender.european_surrender_turn(bombs)) == bombs


@given(st.integers(0, 30), st.integers(0, 30), st.integers(0, 30), st.integers(0, 30))
def test_updated_island_modifier_is_antisymmetric(jf, jp, af, ap):
    j, a = japan_clock.island_groups(jf, jp), japan_clock.island_groups(af, ap)
    assert japan_clock.island_balance_modifier(Edition.UPDATED, j, a) == -japan_clock.island_balance_modifier(
        Edition.UPDATED, a, j)


_INPUTS = st.fixed_dictionaries({
    "pacific_objectives": st.integers(0, 40),
    "japanese_key_cities": st.lists(st.sampled_from(["singapore", "manila"])),
    "firestorms": st.integers(0, 40),
    "atomic_attacks": st.integers(0, 30),
    "cum_india": st.lists(st.sampled_from(["calcutta", "colombo", "dacca", "rangoon"])),
    "enemy_losses": st.fixed_dictionaries({"eliminated": st.integers(0, 2000)}),
    "allied_island_groups": st.fixed_dictionaries({"full": st.integers(0, 40), "partial": st.integers(0, 40)}),
    "japan_island_groups": st.fixed_dictionaries({"full": st.integers(0, 40), "partial": st.integers(0, 40)}),
})


@given(_INPUTS, st.integers(-50, 50), st.integers(0, 99), st.sampled_from(list(Edition)),
       st.integers(0, 12))
def test_level_is_situation_plus_carried_plus_this_turn(inputs, carried, remnant, edition, offset):
    turn = Turn.from_number(Turn(1941, Season.WINTER).number + offset)
    g = game(edition, turn=turn, war_turn=W41, cumulative_total=carried, loss_remnant=remnant)
    result = japan.assess(inputs, g)
    figures = result.figures
    assert result.level == figures["situation_total"] + carried + figures["this_turn_cumulative"]
    assert result.level == sum(item.points for item in result.breakdown)
    if offset == 0:
        assert figures["this_turn_cumulative"] == 0 and figures["clock_started"] is False
    assert (result.status is Status.SURRENDERS) == (result.level <= 0)
    carry = japan.end_of_turn(inputs, g, result, {}).carry
    assert carry["cumulative_total"] == carried + figures["this_turn_cumulative"]
    assert carry["max_island_groups"] >= 4


@given(_INPUTS, st.integers(0, 12))
def test_classic_table_is_the_updated_table(inputs, offset):
    turn = Turn.from_number(Turn(1941, Season.WINTER).number + offset)
    assert level(inputs, game(Edition.UPDATED, turn=turn, war_turn=W41)) == level(
        inputs, game(Edition.CLASSIC, turn=turn, war_turn=W41))


# --------------------------------------------------------------------------- 57.14B outbreak-turn losses

@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
@pytest.mark.parametrize(("outbreak", "first", "modifier", "left"), [
    (0, 0, 0, 0), (49, 0, 0, 49), (50, 0, 1, 0), (30, 20, 1, 0), (67, 0, 1, 17), (178, 0, 2, 78),
    (0, 99, 1, 49), (60, 60, 2, 20), (150, 150, 2, 200),
])
def test_outbreak_turn_losses_reach_the_first_count(edition, outbreak, first, modifier, left):
    # War in Winter 1941: the outbreak turn's losses are kept; the first count (end of Spring 1942)
    # adds them to its own, +1 per 50 at most +2, the rest carried on.
    winter = game(edition, turn=Turn(1941, Season.WINTER), war_turn=W41)
    inputs = {"enemy_losses": {"eliminated": outbreak}}
    result = japan.assess(inputs, winter)
    assert result.level == 4      # peak only: nothing cumulative counts yet
    carry = japan.end_of_turn(inputs, winter, result, {}).carry
    assert carry["loss_remnant"] == outbreak
    spring = game(edition, turn=Turn(1942, Season.SPRING), **carry)
    inputs = {"enemy_losses": {"eliminated": first},
              "cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 0}}   # no -1 for China
    result = japan.assess(inputs, spring)
    assert (result.figures["loss_modifier"], result.figures["loss_remnant"]) == (modifier, left)
    assert japan.end_of_turn(inputs, spring, result, {}).carry["cumulative_total"] == modifier


def test_outbreak_turn_losses_are_noted_on_the_line():
    g = game(Edition.UPDATED, turn=Turn(1941, Season.WINTER), war_turn=W41, loss_remnant=0)
    item = next(i for i in japan.assess({"enemy_losses": {"eliminated": 40}}, g).breakdown if i.id == "enemy_losses")
    assert item.points == 0 and "40 carried in full into the first count" in item.note
    line = next(line for line in japan.lines(Edition.UPDATED, Scenario.GLOBAL_WAR) if line.id == "enemy_losses")
    assert "outbreak turn included" in line.reading
    original = next(line for line in japan.lines(Edition.ORIGINAL, Scenario.GLOBAL_WAR) if line.id == "enemy_losses")
    assert "count nothing" in original.reading


@pytest.mark.parametrize("edition", UPDATED_EDITIONS)
def test_no_losses_are_kept_before_the_war_or_in_the_original(edition):
    inputs = {"enemy_losses": {"eliminated": 120}}
    before = game(edition, turn=Turn(1941, Season.FALL), war_turn=W41)       # a turn before the war
    assert japan.end_of_turn(inputs, before, japan.assess(inputs, before), {}).carry["loss_remnant"] == 0
    no_war = game(edition, turn=Turn(1941, Season.FALL))
    assert japan.end_of_turn(inputs, no_war, japan.assess(inputs, no_war), {}).carry["loss_remnant"] == 0
    assert japan_clock.losses_tracked(edition, W41, Turn(1941, Season.WINTER))
    assert not japan_clock.losses_tracked(Edition.ORIGINAL, W41, Turn(1941, Season.WINTER))


@given(st.lists(st.integers(0, 400), min_size=1, max_size=8))
def test_no_brp_of_losses_is_lost_to_the_clock(per_turn):
    # Updated: over any run of turns from the outbreak, 50 x (modifiers gained) + what is carried
    # equals every BRP of losses entered.
    carry = {"war_turn": W41}
    turn = Turn(1941, Season.WINTER)
    gained = 0
    for brps in per_turn:
        g = game(Edition.UPDATED, turn=turn, **carry)
        # Japan holds enough objectives not to surrender along the way (a surrendered Japan counts nothing)
        inputs = {"enemy_losses": {"eliminated": brps}, "pacific_objectives": 20}
        result = japan.assess(inputs, g)
        gained += result.figures["loss_modifier"]
        carry = dict(japan.end_of_turn(inputs, g, result, {}).carry)
        turn = turn.next()
    assert 50 * gained + carry["loss_remnant"] == sum(per_turn)
