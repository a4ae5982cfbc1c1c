"""Italian surrender (rule 56): DP total, surrender check, surrender level, forces table."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import italy
from awaw_desktop.core.awaw.common import Edition, GameContext, PowerResult, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

TURN = Turn(1943, Season.SUMMER)


def game(edition=Edition.UPDATED, scenario=Scenario.GLOBAL_WAR, carry=None, germany=None):
    results = {}
    if germany is not None:
        results["germany"] = PowerResult("germany", "Germany", 0, 0, germany, "")
    return GameContext(edition, scenario, TURN, results, carry or {})


def assess(inputs, **kwargs):
    return italy.assess(inputs, game(**kwargs))


def mods(axis=0, allied=0, covert=0):
    return {"axis_dps": axis, "allied_dps": allied, "covert": covert}


# --------------------------------------------------------------------------- 56.12 DP total

@pytest.mark.parametrize("edition", list(Edition))
def test_dp_total_with_both_modifiers(edition):
    assert assess({"dp_level": 3}, edition=edition).figures["dp_total"] == 3
    assert assess({"dp_level": 3, "wa_declared_war": True}, edition=edition).figures["dp_total"] == 5
    # Italy declared war in 1942: -2
    assert assess({"dp_level": 3, "late_entry_years": 2}, edition=edition).figures["dp_total"] == 1
    assert assess({"dp_level": -4}, edition=edition).level == -4


@pytest.mark.parametrize(("years", "points"), [(0, 0), (1, -1), (2, -2), (5, -5), (10, -10)])
def test_late_entry_is_minus_one_per_year_after_1940(years, points):
    result = assess({"late_entry_years": years})
    assert result.figures["dp_total"] == points
    note = next(item.note for item in result.breakdown if item.id == "late_entry_years")
    assert note == ("" if years == 0 else f"declared war in {1940 + years}")


def test_the_56_12a_line_reads_differently_per_edition():
    labels = {e: next(line for line in italy.lines(e, Scenario.GLOBAL_WAR) if line.id == "wa_declared_war")
              for e in Edition}
    assert "Gathering Storm" in labels[Edition.UPDATED].label
    assert "Gathering Storm" not in labels[Edition.ORIGINAL].label
    assert "AWAW" in labels[Edition.CLASSIC].label and "Gathering" not in labels[Edition.CLASSIC].label
    assert len({line.label for line in labels.values()}) == 3
    assert all(line.value == 2 for line in labels.values())
    # the same ids in every edition: a session keeps its inputs when the edition changes
    ids = {tuple(line.id for line in italy.lines(e, Scenario.GLOBAL_WAR)) for e in Edition}
    assert len(ids) == 1


def test_conditions_and_surrender_modifiers_do_not_change_the_dp_total():
    inputs = {"dp_level": 2, "rome_allied": True, "no_axis_in_africa": True, "at_war": True,
              "surrender_modifiers": mods(9, 1, 3)}
    result = assess(inputs)
    assert result.total == result.level == result.figures["dp_total"] == 2
    assert sum(item.points for item in result.breakdown) == 2


# --------------------------------------------------------------------------- 56.11 surrender check

@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize(("dp", "rome", "africa", "status"), [
    (0, True, False, Status.SURRENDERS),       # threshold exactly met
    (0, False, True, Status.SURRENDERS),
    (-3, True, True, Status.SURRENDERS),
    (1, True, True, Status.NO_EFFECT),         # just missed
    (0, False, False, Status.NO_EFFECT),       # no condition
    (-5, False, False, Status.NO_EFFECT),
])
def test_surrender_needs_dp_total_zero_or_less_and_a_condition(edition, dp, rome, africa, status):
    result = assess({"dp_level": dp, "rome_allied": rome, "no_axis_in_africa": africa}, edition=edition)
    assert result.status is status


def test_modifiers_decide_the_surrender_check():
    # DP 1, Western Allies declared (+2), Italy late in 1943 (-3): total 0 -> surrenders
    inputs = {"dp_level": 1, "wa_declared_war": True, "late_entry_years": 3, "rome_allied": True}
    assert assess(inputs).status is Status.SURRENDERS
    assert assess({**inputs, "late_entry_years": 2}).status is Status.NO_EFFECT
    # DPs in Italy count only for the surrender level, never for the check itself
    assert assess({**inputs, "surrender_modifiers": mods(axis=10)}).status is Status.SURRENDERS


def test_condition_without_low_dp_brings_resolve_impairments():
    result = assess({"dp_level": 4, "no_axis_in_africa": True})
    assert result.status is Status.NO_EFFECT
    assert result.figures["resolve_impaired"] is True
    assert {"56.73", "56.73A", "56.73B"} <= {c.rule for c in result.consequences}
    assert assess({"dp_level": 4}).figures["resolve_impaired"] is False
    assert assess({"dp_level": -4}).figures["resolve_impaired"] is False


def test_neutral_italy_cannot_surrender_but_keeps_its_dp_total():
    result = assess({"dp_level": -3, "rome_allied": True, "at_war": False})
    assert result.status is Status.NO_EFFECT
    assert result.figures["at_war"] is False
    assert result.figures["dp_total"] == -3
    assert assess({}).figures["at_war"] is True  # ticked by default


def test_already_surrendered_and_pacific():
    carry = {"italy": {"surrendered": True, "surrender_turn": None, "surrender_level": -1}}
    result = assess({"dp_level": 5}, carry=carry)
    assert result.status is Status.SURRENDERED
    assert result.figures["surrender_level"] == -1
    assert result.figures["dp_total"] == 5  # the updated German table still reads it
    assert assess({"dp_level": -5, "rome_allied": True}, scenario=Scenario.PACIFIC).status is Status.NOT_APPLICABLE


# --------------------------------------------------------------------------- 56.31 surrender level

@pytest.mark.parametrize(("dp", "axis", "allied", "covert", "expected"), [
    (0, 0, 0, 0, 0),
    (-1, 0, 0, 0, -1),
    (-2, 0, 0, 0, -2),
    (-3, 0, 0, 0, -2),      # clamp
    (-9, 0, 0, 0, -2),
    (0, 2, 0, 0, 2),
    (0, 3, 0, 0, 2),        # clamp
    (-1, 4, 1, 0, 2),
    (-1, 1, 1, 0, -1),
    (0, 1, 2, 0, -1),
    (0, 0, 0, 1, 1),
    (-2, 1, 0, -1, -2),
    (-4, 3, 0, 1, 0),
])
def test_surrender_level(dp, axis, allied, covert, expected):
    assert italy.surrender_level(dp, axis, allied, covert) == expected
    inputs = {"dp_level": dp, "rome_allied": True, "surrender_modifiers": mods(axis, allied, covert)}
    result = assess(inputs)
    assert result.figures["surrender_level"] == expected
    assert result.figures["raw_surrender_level"] == dp + axis - allied + covert


def test_surrender_level_includes_the_56_12_modifiers_once():
    # DP -3, WA declared war +2, Italy entered in 1941 -1: DP total -2; 1 Axis DP: level -1
    inputs = {"dp_level": -3, "wa_declared_war": True, "late_entry_years": 1, "rome_allied": True,
              "surrender_modifiers": mods(axis=1)}
    result = assess(inputs)
    assert result.figures["dp_total"] == -2
    assert result.figures["surrender_level"] == -1


# --------------------------------------------------------------------------- 56.32 forces table

@pytest.mark.parametrize(("level", "germany", "us", "order"), [
    (2, (9, 1, 2, 2), (0, 0, 0, 0), ("axis",)),
    (1, (6, 1, 1, 1), (0, 0, 0, 0), ("axis",)),
    (0, (3, 0, 1, 1), (3, 0, 1, 1), ("axis", "allied")),
    (-1, (0, 0, 0, 0), (6, 1, 1, 1), ("allied",)),
    (-2, (0, 0, 0, 0), (9, 1, 2, 2), ("allied",)),
])
def test_post_surrender_forces_table(level, germany, us, order):
    forces = italy.post_surrender_forces(level)
    share = lambda s: (s.infantry_factors, s.named_ships, s.cruisers, s.destroyer_factors)  # noqa: E731
    assert share(forces.germany) == germany
    assert share(forces.united_states) == us
    assert forces.selection_order == order
    assert forces.level == level


@pytest.mark.parametrize("bad", [3, -3, "0", True, 1.0])
def test_forces_table_refuses_levels_outside_plus_minus_two(bad):
    with pytest.raises(RulesInputError, match="level"):
        italy.post_surrender_forces(bad)


def test_surrender_consequences_per_edition():
    inputs = {"dp_level": 0, "rome_allied": True}
    rules = {e: [c.rule for c in assess(inputs, edition=e).consequences] for e in Edition}
    for edition in Edition:
        assert {"56.32A", "56.32B", "56.32C", "56.32", "56.32D", "56.321", "56.41", "56.51", "56.52",
                "56.61"} <= set(rules[edition])
    assert "56.53" in rules[Edition.UPDATED]
    assert "56.53" not in rules[Edition.CLASSIC]
    assert "56.53" not in rules[Edition.ORIGINAL]
    assert "56.21" not in rules[Edition.ORIGINAL]  # Germany still fighting
    text = {c.rule: c.text for c in assess(inputs).consequences}
    assert "Axis player picks first" in text["56.321"]


def test_original_56_21_peace_when_germany_already_out():
    inputs = {"dp_level": 0, "rome_allied": True}
    carry = {"germany": {"surrendered": True}}
    original = assess(inputs, edition=Edition.ORIGINAL, carry=carry)
    assert "56.21" in {c.rule for c in original.consequences}
    assert "56.21" not in {c.rule for c in assess(inputs, edition=Edition.UPDATED, carry=carry).consequences}


# --------------------------------------------------------------------------- end of turn

def test_end_of_turn_records_a_surrender():
    g = game()
    result = italy.assess({"dp_level": -1, "rome_allied": True, "surrender_modifiers": mods(allied=3)}, g)
    outcome = italy.end_of_turn({}, g, result, {})
    assert outcome.carry == {"surrendered": True, "surrender_turn": {"season": "summer", "year": 1943},
                             "surrender_level": -2, "selection_order": ["allied"],
                             "named_ships": [{"side": "allied", "power": "united_states", "ship": "completed"}]}
    assert outcome.events[0].rule == "56.11"


def test_no_surrender_keeps_carry():
    g = game()
    result = italy.assess({"dp_level": 3}, g)
    assert italy.end_of_turn({}, g, result, {}).carry == italy.initial_carry()


@pytest.mark.parametrize("edition", [Edition.UPDATED, Edition.CLASSIC])
def test_updated_italy_surrenders_with_germany(edition):
    g = game(edition=edition, germany=Status.SURRENDERS)
    result = italy.assess({"dp_level": 5, "surrender_modifiers": mods(covert=-1)}, g)
    assert result.status is Status.NO_EFFECT
    outcome = italy.end_of_turn({}, g, result, {})
    assert outcome.carry["surrendered"] is True
    assert outcome.carry["surrender_level"] == 2  # 5 - 1 = 4, held at +2
    assert outcome.events[0].rule == "56.13"
    assert "56.32" in {c.rule for c in outcome.events}


def test_original_german_surrender_has_no_effect_on_italy():
    g = game(edition=Edition.ORIGINAL, germany=Status.SURRENDERS)
    result = italy.assess({"dp_level": 5}, g)
    outcome = italy.end_of_turn({}, g, result, {})
    assert outcome.carry["surrendered"] is False
    assert [c.rule for c in outcome.events] == ["56.13"]


def test_original_same_turn_surrenders_end_the_war():
    g = game(edition=Edition.ORIGINAL, germany=Status.SURRENDERS)
    result = italy.assess({"dp_level": 0, "no_axis_in_africa": True}, g)
    outcome = italy.end_of_turn({}, g, result, {})
    assert outcome.carry["surrendered"] is True
    assert "56.21" in {c.rule for c in outcome.events}


def test_neutral_italy_does_not_surrender_with_germany():
    g = game(edition=Edition.UPDATED, germany=Status.SURRENDERS)
    result = italy.assess({"dp_level": 5, "at_war": False}, g)
    assert italy.end_of_turn({}, g, result, {}).carry["surrendered"] is False


# --------------------------------------------------------------------------- bad arguments

@pytest.mark.parametrize("bad", [
    {"dp_level": 61}, {"late_entry_years": -1}, {"late_entry_years": 11}, {"rome_allied": 1},
    {"at_war": "yes"}, {"surrender_modifiers": {"axis_dps": -1}}, {"surrender_modifiers": {"covert": 11}},
    {"surrender_modifiers": {"bogus": 1}},
])
def test_bad_inputs_are_refused_with_the_line_named(bad):
    with pytest.raises(RulesInputError) as error:
        assess(bad)
    assert next(iter(bad)) in str(error.value)


@pytest.mark.parametrize(("args", "name"), [((0, -1, 0, 0), "axis_dps"), ((0, 0, 100, 0), "allied_dps"),
                                             ((0, 0, 0, 11), "covert"), (("x", 0, 0, 0), "dp_total")])
def test_surrender_level_bad_arguments(args, name):
    with pytest.raises(RulesInputError, match=name):
        italy.surrender_level(*args)


# --------------------------------------------------------------------------- properties

@given(st.integers(-60, 60), st.integers(0, 99), st.integers(0, 99), st.integers(-10, 10))
def test_surrender_level_is_clamped_and_monotone(dp, axis, allied, covert):
    level = italy.surrender_level(dp, axis, allied, covert)
    assert -2 <= level <= 2
    assert level == max(-2, min(2, dp + axis - allied + covert))
    assert italy.surrender_level(dp + 1, axis, allied, covert) >= level
    forces = italy.post_surrender_forces(level)
    # the two shares mirror each other across level 0
    mirrored = italy.post_surrender_forces(-level)
    assert forces.germany == mirrored.united_states


@given(st.integers(-60, 60), st.booleans(), st.booleans(), st.booleans(), st.integers(0, 10))
def test_surrender_iff_dp_total_at_most_zero_and_a_condition(dp, rome, africa, declared, years):
    inputs = {"dp_level": dp, "rome_allied": rome, "no_axis_in_africa": africa, "wa_declared_war": declared,
              "late_entry_years": years}
    result = assess(inputs)
    total = dp + (2 if declared else 0) - years
    assert result.figures["dp_total"] == total
    assert (result.status is Status.SURRENDERS) == (total <= 0 and (rome or africa))


# --------------------------------------------------------------------------- with Germany

@pytest.mark.parametrize(("dp", "german_points"), [(-3, 0), (0, 0), (1, 1), (4, 4)])
def test_germany_reads_the_dp_total(dp, german_points):
    from awaw_desktop.core.awaw import germany

    g = game()
    italian = italy.assess({"dp_level": dp - 2, "wa_declared_war": True}, g)
    german_game = GameContext(Edition.UPDATED, Scenario.GLOBAL_WAR, TURN, {"italy": italian}, {})
    assert germany.assess({"dp_level": 5}, german_game).level == 5 + german_points


def test_germany_sees_a_neutral_italy():
    from awaw_desktop.core.awaw import germany

    g = game(edition=Edition.ORIGINAL)
    italian = italy.assess({"at_war": False}, g)
    german_game = GameContext(Edition.ORIGINAL, Scenario.GLOBAL_WAR, TURN, {"italy": italian}, {})
    assert germany.ends_european_war(german_game)


# --------------------------------------------------------------------------- 56.32 / 56.321 choices at the surrender

@pytest.mark.parametrize(("level", "asked", "order"), [
    (2, ["italy_named_ship_axis"], ["axis"]), (1, ["italy_named_ship_axis"], ["axis"]),
    (0, [], ["axis", "allied"]),
    (-1, ["italy_named_ship_allied"], ["allied"]), (-2, ["italy_named_ship_allied"], ["allied"]),
])
def test_the_named_ship_is_asked_of_the_selecting_player(level, asked, order):
    assert [q.id for q in italy.force_questions(level)] == asked
    assert list(italy.post_surrender_forces(level).selection_order) == order
    for question in italy.force_questions(level):
        assert question.rule == "56.32" and "56.321" in question.prompt
        assert "is the only one to select" in question.prompt
        assert [key for key, _ in question.options] == ["completed", "damaged", "unfinished", "none"]


def _surrender_at(level_mods, choices):
    g = game()
    inputs = {"dp_level": -1, "rome_allied": True, "surrender_modifiers": level_mods}
    result = italy.assess(inputs, g)
    return result, italy.end_of_turn(inputs, g, result, choices)


def test_the_named_ship_answer_is_recorded_with_the_selection_order():
    # DP -1 + 3 Axis DPs in Italy = +2: Germany takes 9 infantry, one named ship, 2 CA, 2 DD
    result, outcome = _surrender_at(mods(axis=3), {"italy_named_ship_axis": "unfinished"})
    assert result.figures["surrender_level"] == 2
    assert [q.id for q in outcome.questions] == ["italy_named_ship_axis"]
    assert outcome.carry["selection_order"] == ["axis"]
    assert outcome.carry["named_ships"] == [{"side": "axis", "power": "germany", "ship": "unfinished"}]
    assert any(e.rule == "56.32" and "Launch" in e.text for e in outcome.events)
    with pytest.raises(RulesInputError, match="italy_named_ship_axis"):
        _surrender_at(mods(axis=3), {"italy_named_ship_axis": "littorio"})


def test_level_zero_asks_no_named_ship_but_says_the_axis_selects_first():
    result, outcome = _surrender_at(mods(axis=1), {})
    assert result.figures["surrender_level"] == 0
    assert outcome.questions == ()
    assert outcome.carry["selection_order"] == ["axis", "allied"] and outcome.carry["named_ships"] == []
    assert any(e.rule == "56.321" and "Axis player selects" in e.text and "first" in e.text for e in outcome.events)


def test_an_old_carry_without_the_new_keys_still_reads():
    carry = {"italy": {"surrendered": True, "surrender_turn": None, "surrender_level": -1}}
    assert assess({"dp_level": 3}, carry=carry).status is Status.SURRENDERED
