"""Audit of the Japanese rules (57) against the rules texts, through the public API.

Expected values are worked out by hand from the Japanese Resistance Table of each edition
(57.11), 57.12, 57.14 (with its examples) and 57.81, with the NOTES.md readings (clock, island
groups, peak as a running maximum, escalating series); the computation is beside each case.
The lead-in of each case gives the carried values: cumulative total ``cum``, peak island groups
``peak``, carried loss remnant ``rem``; the war broke out in Winter 1941 unless said otherwise.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, japan
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

GW = Scenario.GLOBAL_WAR
PACIFIC = Scenario.PACIFIC
UPDATED = [Edition.UPDATED, Edition.CLASSIC]
W41 = {"season": "winter", "year": 1941}


def T(season, year):
    return Turn(year, Season(season))


def carry(**values):
    return {"japan": {"war_turn": W41, **values}}


def run(edition, japan_inputs, carried, turn, china_inputs=None, scenario=GW):
    inputs = {"japan": japan_inputs, "china": china_inputs or {}}
    return assess.assess_all(edition, scenario, turn, inputs, carried)


def eot(edition, japan_inputs, carried, turn, china_inputs=None, scenario=GW):
    inputs = {"japan": japan_inputs, "china": china_inputs or {}}
    return assess.end_of_turn(edition, scenario, turn, inputs, carried)


def rules(result):
    return [c.rule for c in result.consequences]


# --------------------------------------------------------------------------- Original edition

ORIGINAL_1943 = {
    "pacific_objectives": 4,                               # +4
    "japanese_chinese_cities": ["yenan"],                  # +1
    "japanese_key_cities": ["singapore", "manila"],        # +2
    "japan_island_groups": {"full": 3, "partial": 1},      # 3 now, peak 7 carried -> +7
    "allied_cities": ["okinawa", "taipei"],                # -2
    "firestorms": 4,                                       # -4
    "cum_vladivostok_irkutsk": ["vladivostok"],            # only one: 0
    "cum_india": ["calcutta", "dacca", "rangoon"],         # three: +1
    "cum_australia": ["darwin"],                           # 0
    "enemy_losses": {"eliminated": 40, "damaged_named": 2, "sunk_in_port": 1},  # 40+6+6 = 52: +2 (per 25)
    "allied_island_groups": {"full": 9, "partial": 3},     # 9 + 1 = 10 (8-11): -1
}
#: Original Chinese table: 20 unbuilt -4, Japan holds Chungking -1, Japan holds Yenan +1 = -4.
CHINA_MINUS_4 = {"unbuilt_ground": 20, "japan_chungking": True, "japan_yenan": True}


def test_original_summer_1943_and_the_next_turn():
    # Summer 1943, cum -5, peak 7.  Situation 4+1+2+7-2-4 = +8.  Cumulative this turn: Chinese
    # resistance -4 (<= -3) +1, India +1, losses 52 BRPs +2, Western Allies 10 groups -1 = +3.
    # Level 8 - 5 + 3 = +6: fights on.  Carried total becomes -5 + 3 = -2.
    report = eot(Edition.ORIGINAL, ORIGINAL_1943, carry(cumulative_total=-5, max_island_groups=7),
                 T("summer", 1943), CHINA_MINUS_4)
    result = report.results["japan"]
    assert report.results["china"].level == -4
    assert result.figures["situation_total"] == 8
    assert result.figures["this_turn_cumulative"] == 3
    assert result.level == 6 and result.status is Status.NO_EFFECT
    new = report.new_carry["japan"]
    assert new["cumulative_total"] == -2 and new["max_island_groups"] == 7 and new["loss_remnant"] == 0
    # Fall 1943: same situation +8; China now 0 (Chungking -1, Yenan +1): no +1; India +1; no
    # losses; Western Allies 12 groups: -2.  Level 8 - 2 + (1 - 2) = +5.
    fall = dict(ORIGINAL_1943, enemy_losses={"eliminated": 0}, allied_island_groups={"full": 12, "partial": 0})
    result = run(Edition.ORIGINAL, fall, report.new_carry, T("fall", 1943),
                 {"japan_chungking": True, "japan_yenan": True})["japan"]
    assert result.figures["this_turn_cumulative"] == -1
    assert result.level == 5


def test_original_1945_collapse_of_resistance():
    # Summer 1945, cum +1, peak 9.  Situation: 2 objectives +2, peak +9, Osaka and Kagoshima -4,
    # 3 occupied Japanese hexes -3-2-1 = -6, Peking/Shanghai/Nanking -3, 2 atomic attacks -5,
    # 6 firestorms -6: 2+9-4-6-3-5-6 = -13.  Cumulative: 14 Allied groups -2, 24 BRPs 0, China 0.
    # Level -13 + 1 - 2 = -14: surrenders; Global War: 57.21 and 57.22.
    inputs = {"pacific_objectives": 2, "japan_island_groups": {"full": 2, "partial": 0},
              "allied_home_cities": ["osaka", "kagoshima"], "occupied_japanese_hexes": 3,
              "allied_cities": ["peking", "shanghai", "nanking"], "atomic_attacks": 2, "firestorms": 6,
              "allied_island_groups": {"full": 14, "partial": 0}, "enemy_losses": {"eliminated": 24}}
    report = eot(Edition.ORIGINAL, inputs, carry(cumulative_total=1, max_island_groups=9), T("summer", 1945))
    result = report.results["japan"]
    assert result.level == -14 and result.status is Status.SURRENDERS
    assert {"57.11", "57.21", "57.22", "57.31"} <= set(rules(result))
    assert report.new_carry["japan"]["surrendered"] is True
    assert report.new_carry["japan"]["surrender_turn"] == {"season": "summer", "year": 1945}


@pytest.mark.parametrize(("china_unbuilt", "china_level", "bonus"), [(15, -3, 1), (10, -2, 0), (25, -5, 1)])
def test_original_chinese_resistance_minus_three_or_lower(china_unbuilt, china_level, bonus):
    # Situation: peak 4 (carried start) = +4.  Chinese table: -1 per 5 unbuilt: 15 -> -3, 10 -> -2,
    # 25 -> -5.  Cumulative +1 only at -3 or lower.
    result = run(Edition.ORIGINAL, {}, carry(), T("summer", 1943), {"unbuilt_ground": china_unbuilt})
    assert result["china"].level == china_level
    assert result["japan"].level == 4 + bonus


@pytest.mark.parametrize(("brps", "modifier"), [(24, 0), (25, 1), (49, 1), (50, 2), (99, 3), (100, 4)])
def test_original_losses_per_25_without_cap(brps, modifier):
    # peak +4; losses +1 per full 25 BRPs, no cap, remnants dropped.
    result = run(Edition.ORIGINAL, {"enemy_losses": {"eliminated": brps}}, carry(loss_remnant=20),
                 T("summer", 1943))["japan"]
    assert result.level == 4 + modifier
    assert result.figures["loss_remnant"] == 0


@pytest.mark.parametrize(("full", "partial", "modifier"), [(7, 1, 0), (7, 2, -1), (11, 1, -1), (11, 2, -2),
                                                           (12, 0, -2), (20, 0, -2)])
def test_original_western_allied_island_groups(full, partial, modifier):
    # 8-11 groups (full + half the partial ones, rounded down): -1; 12 or more: -2.  Peak +4.
    result = run(Edition.ORIGINAL, {"allied_island_groups": {"full": full, "partial": partial}}, carry(),
                 T("summer", 1943))["japan"]
    assert result.level == 4 + modifier


def test_original_clock_starts_the_turn_after_outbreak():
    # War Winter 1941 (57.14A example: first counted at the end of Spring 1942).  India (all four)
    # +1 and 100 BRPs of losses +4 would give +5.  Winter 1941: peak 4 only -> +4, nothing carried.
    inputs = {"cum_india": ["calcutta", "colombo", "dacca", "rangoon"], "enemy_losses": {"eliminated": 100}}
    report = eot(Edition.ORIGINAL, inputs, carry(), T("winter", 1941))
    assert report.results["japan"].level == 4
    assert report.new_carry["japan"]["cumulative_total"] == 0
    # Spring 1942: 4 + 5 = 9, and the running total becomes +5.
    report = eot(Edition.ORIGINAL, inputs, report.new_carry, T("spring", 1942))
    assert report.results["japan"].level == 9
    assert report.new_carry["japan"]["cumulative_total"] == 5
    # Summer 1942: situation 4 + carried 5 + this turn 5 = 14.
    assert run(Edition.ORIGINAL, inputs, report.new_carry, T("summer", 1942))["japan"].level == 14


def test_original_no_war_no_cumulative_lines():
    inputs = {"cum_india": ["calcutta", "colombo", "dacca"], "enemy_losses": {"eliminated": 60}}
    result = run(Edition.ORIGINAL, inputs, {"japan": {}}, T("summer", 1943))["japan"]
    assert result.level == 4


def test_original_lines_are_the_original_table():
    ids = {line.id for line in japan.lines(Edition.ORIGINAL, GW)}
    assert "japanese_chinese_cities" in ids and "cum_chinese_resistance" in ids
    assert not ids & {"japanese_siberian_cities", "allied_chungking", "cum_siberian_cities",
                      "cum_chinese_objectives"}


def test_original_chungking_and_yenan_count_for_japan():
    # Original only: Japanese control of Chungking and Yenan +1 each; peak +4 -> 6.
    result = run(Edition.ORIGINAL, {"japanese_chinese_cities": ["chungking", "yenan"]}, carry(),
                 T("summer", 1943))["japan"]
    assert result.level == 6


# --------------------------------------------------------------------------- Updated editions

UPDATED_1944 = {
    "pacific_objectives": 6,                                # +6
    "japanese_key_cities": ["singapore"],                   # +1
    "japanese_siberian_cities": ["vladivostok"],            # +1
    "japan_island_groups": {"full": 6, "partial": 2},       # 7 now, peak 8 carried -> +8
    "allied_cities": ["shanghai"],                          # -1
    "allied_chungking": True,                               # -1
    "atomic_attacks": 1,                                    # -3
    "firestorms": 2,                                        # -2
    "cum_vladivostok_irkutsk": ["vladivostok"],             # 0
    "cum_india": ["calcutta", "colombo"],                   # 0
    "cum_australia": ["cairns", "darwin", "townsville"],    # +1
    "allied_island_groups": {"full": 10, "partial": 1},     # 10 vs Japan 7: WA +3 -> -1
    "enemy_losses": {"eliminated": 33},                     # 33 + 17 carried = 50 -> +1, 0 left
    "cum_chinese_objectives": {"chinese_objectives": 1, "vladivostok": 1},  # holds Vladivostok: 0
}


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_spring_1944(edition):
    # Spring 1944, cum +2, peak 8, rem 17.  Situation 6+1+1+8-1-1-3-2 = +9.  Cumulative this turn:
    # Australia +1, islands -1, losses +1 = +1.  Level 9 + 2 + 1 = +12.
    report = eot(edition, UPDATED_1944, carry(cumulative_total=2, max_island_groups=8, loss_remnant=17),
                 T("spring", 1944))
    result = report.results["japan"]
    assert result.figures["situation_total"] == 9
    assert result.figures["this_turn_cumulative"] == 1
    assert result.level == 12 and result.status is Status.NO_EFFECT
    new = report.new_carry["japan"]
    assert (new["cumulative_total"], new["max_island_groups"], new["loss_remnant"]) == (3, 8, 0)


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_loss_examples_of_57_14b(edition):
    # Summer 1943: 67 BRPs -> +1 and 17 carried into Fall 1943 (57.14B example).  Peak +4, Japan
    # holds two Chinese objectives (no -1), island counts 0 and 0.  Level 4 + 1 = 5.
    base = {"cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 0}}
    report = eot(edition, {**base, "enemy_losses": {"eliminated": 67}}, carry(), T("summer", 1943))
    assert report.results["japan"].level == 5
    assert report.new_carry["japan"]["loss_remnant"] == 17
    # Summer 1945: 178 BRPs -> +2 (the cap) and 78 carried (second example).  Carried total +1 from
    # 1943, rem 0: level 4 + 1 + 2 = 7.
    report = eot(edition, {**base, "enemy_losses": {"eliminated": 178}},
                 carry(cumulative_total=1), T("summer", 1945))
    assert report.results["japan"].level == 7
    assert report.new_carry["japan"]["loss_remnant"] == 78
    assert report.new_carry["japan"]["cumulative_total"] == 3
    # Fall 1945, no losses: the 78 carried give +1, 28 carried on.  Level 4 + 3 + 1 = 8.
    report = eot(edition, base, report.new_carry, T("fall", 1945))
    assert report.results["japan"].level == 8
    assert report.new_carry["japan"]["loss_remnant"] == 28


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_1945_surrender(edition):
    # Summer 1945, cum -3, peak 10.  Situation: 1 objective +1, peak +10, Tokyo -3, 1 occupied hex
    # -3, seven mainland cities -7, Chungking -1, 1 atomic attack -3 = -6.  Cumulative: WA 14 vs
    # Japan 1 (13 more) -2; fewer than two Chinese objectives and no Vladivostok -1 = -3.
    # Level -6 - 3 - 3 = -12: surrenders.
    inputs = {"pacific_objectives": 1, "japan_island_groups": {"full": 1, "partial": 0},
              "allied_home_cities": ["tokyo"], "occupied_japanese_hexes": 1,
              "allied_cities": ["peking", "shanghai", "nanking", "canton", "harbin", "mukden", "seoul"],
              "allied_chungking": True, "atomic_attacks": 1,
              "allied_island_groups": {"full": 14, "partial": 0}}
    result = run(edition, inputs, carry(cumulative_total=-3, max_island_groups=10), T("summer", 1945))["japan"]
    assert result.figures["situation_total"] == -6
    assert result.figures["this_turn_cumulative"] == -3
    assert result.level == -12 and result.status is Status.SURRENDERS


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("firestorms", "level", "status"), [(3, 0, Status.SURRENDERS),
                                                             (2, 1, Status.NO_EFFECT)])
def test_updated_zero_surrenders(edition, firestorms, level, status):
    # No war yet (no cumulative lines): peak +4, Allies hold Chungking -1, firestorms.
    # 4 - 1 - 3 = 0 surrenders; 4 - 1 - 2 = 1 does not.
    result = run(edition, {"allied_chungking": True, "firestorms": firestorms}, {"japan": {}},
                 T("summer", 1943))["japan"]
    assert (result.level, result.status) == (level, status)


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("japan_groups", "allied_groups", "modifier"), [
    ({"full": 6, "partial": 0}, {"full": 4, "partial": 0}, 1),    # Japan 2 more: +1
    ({"full": 6, "partial": 0}, {"full": 5, "partial": 0}, 0),    # 1 more: 0
    ({"full": 9, "partial": 0}, {"full": 4, "partial": 0}, 1),    # 5 more: +1
    ({"full": 5, "partial": 3}, {"full": 0, "partial": 0}, 2),    # 5 + 1 = 6 more: +2
    ({"full": 5, "partial": 0}, {"full": 5, "partial": 5}, -1),   # WA 7: 2 more: -1
    ({"full": 0, "partial": 0}, {"full": 6, "partial": 1}, -2),   # WA 6 more: -2
])
def test_updated_island_group_difference(edition, japan_groups, allied_groups, modifier):
    # Peak: max(10 carried, now) = +10; Japan holds two Chinese objectives (no -1).
    inputs = {"japan_island_groups": japan_groups, "allied_island_groups": allied_groups,
              "cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 0}}
    result = run(edition, inputs, carry(max_island_groups=10), T("summer", 1943))["japan"]
    assert result.level == 10 + modifier


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("objectives", "vladivostok", "points"), [(0, 0, -1), (1, 0, -1), (2, 0, 0),
                                                                   (0, 1, 0), (5, 1, 0)])
def test_updated_chinese_objectives_or_vladivostok(edition, objectives, vladivostok, points):
    inputs = {"cum_chinese_objectives": {"chinese_objectives": objectives, "vladivostok": vladivostok}}
    assert run(edition, inputs, carry(), T("summer", 1943))["japan"].level == 4 + points


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_siberian_lines(edition):
    # Situation: Vladivostok +1, Irkutsk +1; cumulative: all four cities near Manchuria +1, both
    # Vladivostok and Irkutsk +1; Chinese objectives 2.  Peak +4: 4 + 2 + 2 = 8.
    inputs = {"japanese_siberian_cities": ["vladivostok", "irkutsk"], "cum_siberian_cities": True,
              "cum_vladivostok_irkutsk": ["vladivostok", "irkutsk"],
              "cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 1}}
    assert run(edition, inputs, carry(), T("summer", 1943))["japan"].level == 8


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_war_on_russia_holds_back_the_island_line(edition):
    # Japan attacked a neutral Russia in Summer 1941; the clock runs from Fall 1941, but the
    # island-group line waits for war with the U.S. (57.14A).  WA 10 vs Japan 0: -2 when counted.
    # Two Chinese objectives held.  Fall 1942, no U.S. war: 4 + 0 = 4.
    inputs = {"allied_island_groups": {"full": 10, "partial": 0},
              "cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 0}}
    held = {"japan": {"war_turn": {"season": "summer", "year": 1941}, "war_began_on_russia": True}}
    assert run(edition, inputs, held, T("fall", 1942))["japan"].level == 4
    # war with the U.S. in Fall 1942: counted at the end of that turn: 4 - 2 = 2.
    at_war = {"japan": {**held["japan"], "us_war_turn": {"season": "fall", "year": 1942}}}
    assert run(edition, inputs, at_war, T("fall", 1942))["japan"].level == 2


def test_updated_and_classic_tables_agree():
    # The classic sidebar: the table changes apply to classic AWAW too.
    assert [line.id for line in japan.lines(Edition.UPDATED, GW)] == \
        [line.id for line in japan.lines(Edition.CLASSIC, GW)]


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_chungking_and_yenan_do_not_count_for_japan(edition):
    # The updated table has no Japanese Chungking/Yenan line: the entry is ignored; peak +4.
    result = run(edition, {"japanese_chinese_cities": ["chungking", "yenan"]}, {"japan": {}},
                 T("summer", 1943))["japan"]
    assert result.level == 4


# --------------------------------------------------------------------------- collapse, scenarios

@pytest.mark.parametrize("edition", list(Edition))
def test_collapse_with_a_positive_level(edition):
    # 57.12: all five objectives occupied -> surrenders although the level is +5 (peak 4, 1 objective).
    inputs = {"pacific_objectives": 1,
              "occupied_objectives": ["tokyo", "osaka", "kagoshima", "mukden", "harbin"]}
    result = run(edition, inputs, {"japan": {}}, T("summer", 1945))["japan"]
    assert result.level == 5 and result.status is Status.SURRENDERS
    assert "57.12" in rules(result)
    inputs["occupied_objectives"] = ["tokyo", "osaka", "kagoshima", "mukden"]
    assert run(edition, inputs, {"japan": {}}, T("summer", 1945))["japan"].status is Status.NO_EFFECT


@pytest.mark.parametrize("edition", list(Edition))
def test_pacific_scenario_surrender_ends_the_game(edition):
    # 3 atomic attacks -6, peak 4: -2 -> surrenders; 57.91.
    result = run(edition, {"atomic_attacks": 3}, {"japan": {}}, T("summer", 1945), scenario=PACIFIC)["japan"]
    assert result.level == -2 and result.status is Status.SURRENDERS
    assert "57.91" in rules(result) and "57.21" not in rules(result)


@pytest.mark.parametrize("edition", list(Edition))
def test_european_scenario_surrender_date(edition):
    # 57.81: Spring 1946, one turn earlier per atomic bomb: 2 bombs -> Fall 1945.
    before = eot(edition, {"atomic_attacks": 2}, {}, T("summer", 1945), scenario=Scenario.EUROPEAN)
    assert before.new_carry["japan"]["surrendered"] is False
    assert not before.results["japan"].surrendered
    due = eot(edition, {"atomic_attacks": 2}, before.new_carry, T("fall", 1945), scenario=Scenario.EUROPEAN)
    assert due.results["japan"].surrendered
    assert due.new_carry["japan"]["surrendered"] is True
    assert due.new_carry["japan"]["surrender_turn"] == {"season": "fall", "year": 1945}
    # no bombs: Spring 1946 exactly
    spring = run(edition, {}, {}, T("spring", 1946), scenario=Scenario.EUROPEAN)["japan"]
    assert spring.surrendered
    assert not run(edition, {}, {}, T("winter", 1945), scenario=Scenario.EUROPEAN)["japan"].surrendered


@pytest.mark.parametrize("edition", list(Edition))
def test_fresh_game_starts(edition):
    # A new game: Japan holds its four starting island groups (57.14E); the Updated table counts
    # Allied (Nationalist) Chungking -1.  Original: peak 4 -> +4.  Updated: 4 - 1 = +3, and Japan's
    # 4 groups against none for the Western Allies is 4 more (+1) once the clock runs.
    start = {line.id: line.starting_value() for line in japan.lines(edition, GW) if line.input_kind != "derived"}
    assert start["japan_island_groups"] == {"full": 4, "partial": 0}
    result = run(edition, start, {"japan": {}}, T("fall", 1939))["japan"]
    assert result.level == (4 if edition is Edition.ORIGINAL else 3)
    assert result.status is Status.NO_EFFECT



@given(objectives=st.integers(0, 10), peak=st.integers(4, 15), now=st.integers(0, 15), hexes=st.integers(0, 5),
       atomic=st.integers(0, 5), fire=st.integers(0, 8), carried=st.integers(-10, 10), allied=st.integers(0, 20),
       brps=st.integers(0, 200))
def test_property_original_table(objectives, peak, now, hexes, atomic, fire, carried, allied, brps):
    # 57.11 (Original) written out, clock running: situation + carried + this turn's cumulative.
    def series(n):
        return 0 if n == 0 else 3 if n == 1 else 5 + (n - 2)
    inputs = {"pacific_objectives": objectives, "japan_island_groups": {"full": now, "partial": 0},
              "occupied_japanese_hexes": hexes, "atomic_attacks": atomic, "firestorms": fire,
              "allied_island_groups": {"full": allied, "partial": 0}, "enemy_losses": {"eliminated": brps}}
    situation = objectives + max(peak, now) - series(hexes) - series(atomic) - fire
    cumulative = brps // 25 - (2 if allied >= 12 else 1 if allied >= 8 else 0)
    result = run(Edition.ORIGINAL, inputs, carry(cumulative_total=carried, max_island_groups=peak),
                 T("summer", 1943))["japan"]
    assert result.level == situation + carried + cumulative
    assert result.surrendered is (result.level <= 0)


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_losses_from_the_outbreak_turn_over_a_campaign(edition):
    # War in Winter 1941 (57.14A: first count at the end of Spring 1942).  Updated 57.14B, NOTES.md:
    # losses are tracked from the outbreak turn and carried in full into the first count.
    # Winter 1941: 80 BRPs, nothing counted, 80 carried.  Spring 1942: 45 + 80 = 125 -> +2 (cap), 25 on.
    # Summer 1942: 30 + 25 = 55 -> +1, 5 on.  All 155 BRPs accounted for: 3 x 50 + 5.
    base = {"cum_chinese_objectives": {"chinese_objectives": 2, "vladivostok": 0}}
    report = eot(edition, {**base, "enemy_losses": {"eliminated": 80}}, carry(), T("winter", 1941))
    assert report.results["japan"].level == 4
    assert report.new_carry["japan"]["loss_remnant"] == 80
    report = eot(edition, {**base, "enemy_losses": {"eliminated": 45}}, report.new_carry, T("spring", 1942))
    assert report.results["japan"].level == 4 + 2
    assert (report.new_carry["japan"]["cumulative_total"], report.new_carry["japan"]["loss_remnant"]) == (2, 25)
    report = eot(edition, {**base, "enemy_losses": {"eliminated": 30}}, report.new_carry, T("summer", 1942))
    assert report.results["japan"].level == 4 + 2 + 1
    assert (report.new_carry["japan"]["cumulative_total"], report.new_carry["japan"]["loss_remnant"]) == (3, 5)


def test_original_losses_of_the_outbreak_turn_count_nothing():
    # Original 57.14B: "effects are calculated separately for each game turn; remnants are ignored".
    report = eot(Edition.ORIGINAL, {"enemy_losses": {"eliminated": 80}}, carry(), T("winter", 1941))
    assert report.new_carry["japan"]["loss_remnant"] == 0
    report = eot(Edition.ORIGINAL, {"enemy_losses": {"eliminated": 30}}, report.new_carry, T("spring", 1942))
    assert report.results["japan"].level == 4 + 1     # 30 BRPs: +1, nothing from Winter 1941
