"""Japan's table computed with its carried values read once, its line ids made once per edition and the values of
three lines read from the evaluated table (issue 16: the tipping search computes it hundreds of times a change):
the same ``Assessment`` and ``PowerResult`` as the earlier ``compute``, kept here as it was, for the comparison
only."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hypothesis import HealthCheck, given, settings

from awaw_desktop.core.awaw import assess as assess_module
from awaw_desktop.core.awaw import japan
from awaw_desktop.core.awaw.common import GameContext, Scenario
from awaw_desktop.core.awaw.japan import (
    _ISLANDS_HELD,
    _NOT_YET,
    KEY,
    Assessment,
    JapanCarry,
    _losses_before_the_clock,
    collapse_check,
    lines,
)
from awaw_desktop.core.awaw.japan_clock import (
    cumulative_clock_started,
    island_groups,
    island_lines_counted,
    loss_modifier,
    losses_tracked,
)
from awaw_desktop.core.awaw.japan_table import (
    CUM_ISLANDS_UPDATED,
    CUM_LOSSES_UPDATED,
    JAPAN_ISLAND_GROUPS,
    OCCUPIED_OBJECTIVES,
    cumulative_lines,
    loss_total,
    situation_lines,
)
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.lines import Context, LineResult, RulesInputError, evaluate

from .tipping_sessions import sessions

# --- the earlier compute, as it was (japan.py before this change) ---------------------------------------------


def old_compute(inputs: Mapping[str, Any], game: GameContext) -> Assessment:
    """The Japanese Resistance Table for the entered facts (any scenario)."""
    edition = game.edition
    carry = JapanCarry.read(game.carry.get(KEY, {}))
    japan_group = JAPAN_ISLAND_GROUPS.validate(inputs.get(JAPAN_ISLAND_GROUPS.id, JAPAN_ISLAND_GROUPS.default()))
    japan_islands = island_groups(japan_group["full"], japan_group["partial"])
    china = game.results.get("china")
    context = Context({
        "carry.cumulative_total": carry.cumulative_total,
        "carry.max_island_groups": carry.max_island_groups,
        "carry.loss_remnant": carry.loss_remnant,
        "china.level": None if china is None else china.level,
        "japan.island_groups": japan_islands,
    })
    table = lines(edition, game.scenario)
    result = evaluate(table, inputs, context)
    started = cumulative_clock_started(carry.war_turn, game.turn)
    islands_counted = island_lines_counted(edition, carry.war_turn, game.turn,
                                           carry.war_began_on_russia, carry.us_war_turn)
    cumulative_ids = {line.id for line in cumulative_lines(edition)}
    breakdown: list[LineResult] = []
    tracked = losses_tracked(edition, carry.war_turn, game.turn)
    for item in result.breakdown:
        if item.id == CUM_LOSSES_UPDATED.id and not started and tracked:
            item = replace(item, points=0, note=_losses_before_the_clock(item.value, carry.loss_remnant))
        elif item.id in cumulative_ids and not started:
            item = replace(item, points=0, note=_NOT_YET)
        elif item.id == "allied_island_groups" and not islands_counted:
            item = replace(item, points=0, note=_ISLANDS_HELD)
        breakdown.append(item)
    situation_ids = {line.id for line in situation_lines(edition)}
    situation_total = sum(item.points for item in breakdown if item.id in situation_ids)
    this_turn = sum(item.points for item in breakdown if item.id in cumulative_ids)
    loss_values = CUM_LOSSES_UPDATED.validate(inputs.get("enemy_losses", CUM_LOSSES_UPDATED.default()))
    brps = loss_total(loss_values)
    if started:
        modifier, remnant = loss_modifier(edition, brps, carry.loss_remnant)
    elif losses_tracked(edition, carry.war_turn, game.turn):
        # 57.14B (updated), NOTES.md: tracked from the outbreak turn, carried in full into the first count.
        modifier, remnant = 0, carry.loss_remnant + brps
    else:
        modifier, remnant = 0, carry.loss_remnant
    allied_values = CUM_ISLANDS_UPDATED.validate(inputs.get("allied_island_groups",
                                                            CUM_ISLANDS_UPDATED.default()))
    occupied = OCCUPIED_OBJECTIVES.validate(inputs.get(OCCUPIED_OBJECTIVES.id, ()))
    return Assessment(
        breakdown=tuple(breakdown),
        situation_total=situation_total,
        carried_total=carry.cumulative_total,
        this_turn_cumulative=this_turn,
        level=situation_total + carry.cumulative_total + this_turn,
        clock_started=started,
        islands_counted=islands_counted,
        japan_islands=japan_islands,
        allied_islands=island_groups(allied_values["full"], allied_values["partial"]),
        peak_islands=max(carry.max_island_groups, japan_islands),
        loss_brps=brps,
        loss_modifier=modifier,
        loss_remnant=remnant,
        collapse=collapse_check(occupied),
    )


# --- the comparison ---------------------------------------------------------------------------------------------

def _japan_game(session: Any) -> tuple[Mapping[str, Any], GameContext]:
    """Japan's entries and the game it is assessed in (the powers before it assessed)."""
    edition, scenario, turn, inputs, carry = session
    results = assess_module.assess_all(edition, scenario, turn, inputs, carry)
    full_carry = {key: {**assess_module.power_module(key).initial_carry(), **carry.get(key, {})}
                  for key in assess_module.ORDER}
    before = {key: results[key] for key in assess_module.ORDER[:assess_module.ORDER.index(KEY)]}
    return inputs.get(KEY, {}), GameContext(edition, scenario, turn, before, full_carry)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sessions())
def test_the_table_computed_once_gives_the_same_assessment(session):
    inputs, game = _japan_game(session)
    if game.scenario is not Scenario.EUROPEAN:   # a European scenario does not use the table (57.81)
        expected = old_compute(inputs, game)
        assert japan.compute(inputs, game) == expected
        assert japan.compute(inputs, game, JapanCarry.read(game.carry.get(KEY, {}))) == expected
        for field in Assessment.__struct_fields__:
            assert getattr(japan.compute(inputs, game), field) == getattr(expected, field), field
    result = japan.assess(inputs, game)
    assert result == assess_module.assess_all(game.edition, game.scenario, game.turn, session[3], session[4])[KEY]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sessions())
def test_a_refused_entry_gets_the_same_message(session):
    """Values the lines refuse, one line at a time: the same message as before (the table checks them)."""
    inputs, game = _japan_game(session)
    if game.scenario is Scenario.EUROPEAN:
        return
    for line, value in (("enemy_losses", {"eliminated": -1, "damaged_named": 0, "sunk_in_port": 0}),
                        ("allied_island_groups", {"full": 99, "partial": 0}), ("occupied_objectives", "tokyo"),
                        ("japan_island_groups", {"full": 1, "partial": -3}), ("firestorms", 500)):
        changed = {**inputs, line: value}
        outcomes = []
        for computation in (old_compute, japan.compute):
            try:
                outcomes.append(computation(changed, game))
            except RulesInputError as error:
                outcomes.append(str(error))
        assert outcomes[0] == outcomes[1], line
        assert isinstance(outcomes[0], str), line
