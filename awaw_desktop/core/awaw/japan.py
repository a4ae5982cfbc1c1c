"""Japanese surrender: the check on the Japanese Resistance Table (57.11), Japanese collapse (57.12),
the carried values and the end-of-turn step.  The table's lines are in ``japan_table``, the cumulative
modifiers' clock and counts (57.14) in ``japan_clock``, what a surrender means and the European-scenario
surrender date and redeployments (57.2-57.7, 57.81, 57.82, 57.91) in ``japan_surrender``.

The level at an end-of-turn check is

    situation modifiers (recomputed from this turn's inputs)
    + the cumulative total carried from earlier turns
    + this turn's cumulative modifiers (only once the 57.14A clock has started).

Reading (57.14A, 57.11 explanation): the check is made at the end of the Allied player turn,
which is the end of the game turn, and the cumulative modifiers are "determined at the end of
each game turn": this turn's cumulative modifiers therefore count in this turn's check, and
the end-of-turn step adds them to the carried total for later turns.

The Updated and Updated-classic editions share one table: the classic sidebar says the
changes to this table apply to classic *A World at War* as well.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..frozen import Frozen, replace
from ..lines import Context, Line, LineResult, RulesInputError, evaluate, in_section
from .common import Consequence, Edition, GameContext, PowerResult, Scenario, Status, Turn, TurnOutcome, require_range
from .japan_clock import (
    STARTING_ISLAND_GROUPS,
    carried_turn,
    cumulative_clock_started,
    island_groups,
    island_lines_counted,
    loss_modifier,
    losses_tracked,
)
from .japan_surrender import (
    REDEPLOYMENT_PER_TURN,
    european_surrender_turn,
    redeployment_for,
    redeployment_schedule,
    surrender_consequences,
)
from .japan_table import (
    ATOMIC_ATTACKS,
    CARRIED_TOTAL,
    CUM_ISLANDS_UPDATED,
    CUM_LOSSES_UPDATED,
    JAPAN_ISLAND_GROUPS,
    OCCUPIED_OBJECTIVES,
    cumulative_lines,
    loss_total,
    situation_lines,
)
from .levels import signed

KEY = "japan"
TITLE = "Japan"

#: 57.12: the objectives whose occupation makes Japan collapse.
COLLAPSE_OBJECTIVES: tuple[str, ...] = ("tokyo", "osaka", "kagoshima", "mukden", "harbin")


def collapse_check(occupied: Iterable[str]) -> bool:
    """57.12: Japan collapses when the Allies occupy all of Tokyo, Osaka, Kagoshima, Mukden
    and Harbin (with units: control from an atomic attack marker is not enough)."""
    if isinstance(occupied, (str, bytes)):
        raise RulesInputError(f"occupied: expected a list of objectives, got {occupied!r}")
    chosen = set()
    for name in occupied:
        if name not in COLLAPSE_OBJECTIVES:
            raise RulesInputError(f"occupied: {name!r} is not one of {', '.join(COLLAPSE_OBJECTIVES)}")
        chosen.add(name)
    return chosen == set(COLLAPSE_OBJECTIVES)


_CARRIED_TOTAL_SHOWN = in_section("Cumulative modifiers (added up turn by turn, 57.14)", (CARRIED_TOTAL,))


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The Japanese Resistance Table of an edition: situation lines, the carried cumulative
    total, then this turn's cumulative lines.  Updated and Updated-classic share one table.
    In a European scenario the table is not used (57.81) but is still offered: its
    atomic-attack line sets the surrender date."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    return (*situation_lines(edition), *_CARRIED_TOTAL_SHOWN, *cumulative_lines(edition))


# --------------------------------------------------------------------------- carry

def initial_carry() -> dict[str, Any]:
    return {
        "surrendered": False,
        "surrender_turn": None,
        "cumulative_total": 0,
        "max_island_groups": STARTING_ISLAND_GROUPS,
        "loss_remnant": 0,
        "war_turn": None,
        # Updated editions, 57.14A: a war begun by a Japanese declaration on a neutral Russia
        # holds back the island-group lines until Japan and the U.S. are at war.
        "war_began_on_russia": False,
        "us_war_turn": None,
    }


class JapanCarry(Frozen):
    """The carried values, checked."""

    surrendered: bool
    surrender_turn: Turn | None
    cumulative_total: int
    max_island_groups: int
    loss_remnant: int
    war_turn: Turn | None
    war_began_on_russia: bool
    us_war_turn: Turn | None

    @classmethod
    def read(cls, carry: Mapping[str, Any]) -> JapanCarry:
        values = {**initial_carry(), **carry}
        for flag in ("surrendered", "war_began_on_russia"):
            if not isinstance(values[flag], bool):
                raise RulesInputError(f"{flag}: expected true or false, got {values[flag]!r}")
        return cls(
            surrendered=values["surrendered"],
            surrender_turn=carried_turn("surrender_turn", values["surrender_turn"]),
            cumulative_total=require_range("cumulative_total", values["cumulative_total"], -500, 500),
            max_island_groups=require_range("max_island_groups", values["max_island_groups"], 0, 99),
            loss_remnant=require_range("loss_remnant", values["loss_remnant"], 0, 100_000),
            war_turn=carried_turn("war_turn", values["war_turn"]),
            war_began_on_russia=values["war_began_on_russia"],
            us_war_turn=carried_turn("us_war_turn", values["us_war_turn"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "surrendered": self.surrendered,
            "surrender_turn": None if self.surrender_turn is None else self.surrender_turn.to_json(),
            "cumulative_total": self.cumulative_total,
            "max_island_groups": self.max_island_groups,
            "loss_remnant": self.loss_remnant,
            "war_turn": None if self.war_turn is None else self.war_turn.to_json(),
            "war_began_on_russia": self.war_began_on_russia,
            "us_war_turn": None if self.us_war_turn is None else self.us_war_turn.to_json(),
        }


# --------------------------------------------------------------------------- assessment

class Assessment(Frozen):
    """Every figure of one Japanese check (what ``assess`` shows and ``end_of_turn`` records)."""

    breakdown: tuple[LineResult, ...]
    situation_total: int
    carried_total: int
    this_turn_cumulative: int
    level: int
    clock_started: bool
    islands_counted: bool
    japan_islands: int
    allied_islands: int
    peak_islands: int
    loss_brps: int
    loss_modifier: int
    loss_remnant: int           # carried into next turn
    collapse: bool


_NOT_YET = "not counted: the cumulative clock (57.14A) has not started"


def _losses_before_the_clock(values: Any, remnant: int) -> str:
    brps = loss_total(values)
    return (f"Japan is at war but the clock (57.14A) has not started: {brps} BRPs + {remnant} carried = "
            f"{brps + remnant} carried in full into the first count")
_ISLANDS_HELD = "not counted: Japan and the U.S. are not at war yet (57.14A)"


#: Each edition's situation and cumulative line ids (the tipping search computes the table hundreds of times a
#: change: made once here).
_SITUATION_IDS = {edition: frozenset(line.id for line in situation_lines(edition)) for edition in Edition}
_CUMULATIVE_IDS = {edition: frozenset(line.id for line in cumulative_lines(edition)) for edition in Edition}


def compute(inputs: Mapping[str, Any], game: GameContext, carry: JapanCarry | None = None) -> Assessment:
    """The Japanese Resistance Table for the entered facts (any scenario); ``carry``: the carried values
    already read (``JapanCarry.read``), or None to read them here."""
    edition = game.edition
    if carry is None:
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
    cumulative_ids = _CUMULATIVE_IDS[edition]
    breakdown: list[LineResult] = []
    tracked = losses_tracked(edition, carry.war_turn, game.turn)
    # Every edition's table has these three lines: their values, checked by ``evaluate``, are read from it.
    loss_values = allied_values = occupied = None
    for item in result.breakdown:
        if item.id == CUM_LOSSES_UPDATED.id:
            loss_values = item.value
        elif item.id == CUM_ISLANDS_UPDATED.id:
            allied_values = item.value
        elif item.id == OCCUPIED_OBJECTIVES.id:
            occupied = item.value
        if item.id == CUM_LOSSES_UPDATED.id and not started and tracked:
            item = replace(item, points=0, note=_losses_before_the_clock(item.value, carry.loss_remnant))
        elif item.id in cumulative_ids and not started:
            item = replace(item, points=0, note=_NOT_YET)
        elif item.id == "allied_island_groups" and not islands_counted:
            item = replace(item, points=0, note=_ISLANDS_HELD)
        breakdown.append(item)
    situation_ids = _SITUATION_IDS[edition]
    situation_total = sum(item.points for item in breakdown if item.id in situation_ids)
    this_turn = sum(item.points for item in breakdown if item.id in cumulative_ids)
    assert isinstance(loss_values, Mapping) and isinstance(allied_values, Mapping) and occupied is not None
    brps = loss_total(loss_values)
    if started:
        modifier, remnant = loss_modifier(edition, brps, carry.loss_remnant)
    elif tracked:
        # 57.14B (updated), NOTES.md: tracked from the outbreak turn, carried in full into the first count.
        modifier, remnant = 0, carry.loss_remnant + brps
    else:
        modifier, remnant = 0, carry.loss_remnant
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


def _european_result(inputs: Mapping[str, Any], game: GameContext, carry: JapanCarry) -> PowerResult:
    bombs = ATOMIC_ATTACKS.validate(inputs.get(ATOMIC_ATTACKS.id, 0))
    date = european_surrender_turn(bombs)
    figures: dict[str, Any] = {
        "european_surrender_turn": date.to_json(), "atomic_bombs": bombs,
        "cumulative_total": carry.cumulative_total, "this_turn_cumulative": 0, "clock_started": False,
    }
    consequences: list[Consequence] = []
    if carry.surrendered:
        when = carry.surrender_turn or date
        figures["surrendered"] = True
        step = redeployment_for(when, game.turn)
        if step is not None:
            consequences.append(Consequence("57.82", f"Turn {step.index} of 3 after Japan's surrender: the U.S. "
                                                     f"may move {step.allowance.text} from the Pacific to the "
                                                     f"Atlantic U.S. box."))
        return PowerResult(KEY, TITLE, 0, 0, Status.SURRENDERED,
                           f"Japan surrendered in {when.title} (European scenario, 57.81).",
                           consequences=tuple(consequences), figures=figures)
    due = game.turn.turns_since(date) >= 0
    figures["surrendered"] = due
    if due:
        # 57.81: Japan "is considered to surrender": the check reports a surrender, so that the
        # other powers (62.31 Europe +10, 62.91) see it like any other Japanese surrender.
        verdict = (f"Japan's table is not used in a European scenario; with {bombs} atomic bomb(s) Japan is "
                   f"taken to surrender by {date.title}, so it surrenders at the end of this turn.")
        consequences.append(Consequence("57.81", f"Japan surrenders in {game.turn.title}."))
        consequences.append(Consequence("57.82", "In each of the next three Allied player turns the U.S. may "
                                                 f"move {REDEPLOYMENT_PER_TURN.text} from the Pacific to the "
                                                 "Atlantic U.S. box (if present)."))
        return PowerResult(KEY, TITLE, 0, 0, Status.SURRENDERS, verdict,
                           consequences=tuple(consequences), figures=figures)
    verdict = (f"Japan's table is not used in a European scenario; Japan is taken to surrender in "
               f"{date.title} ({bombs} atomic bomb(s) on Japan so far, each one a turn earlier).")
    return PowerResult(KEY, TITLE, 0, 0, Status.NOT_APPLICABLE, verdict,
                       consequences=tuple(consequences), figures=figures)


def _figures(assessment: Assessment, carry: JapanCarry) -> dict[str, Any]:
    return {
        "cumulative_total": assessment.carried_total,
        "this_turn_cumulative": assessment.this_turn_cumulative,
        "cumulative_after": assessment.carried_total + assessment.this_turn_cumulative,
        "clock_started": assessment.clock_started,
        "islands_counted": assessment.islands_counted,
        "situation_total": assessment.situation_total,
        "japan_island_groups": assessment.japan_islands,
        "allied_island_groups": assessment.allied_islands,
        "max_island_groups": assessment.peak_islands,
        "loss_brps": assessment.loss_brps,
        "loss_modifier": assessment.loss_modifier,
        "loss_remnant": assessment.loss_remnant,
        "collapse": assessment.collapse,
        "surrendered": carry.surrendered,
    }


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    carry = JapanCarry.read(game.carry.get(KEY, {}))
    if game.scenario is Scenario.EUROPEAN:
        return _european_result(inputs, game, carry)
    assessment = compute(inputs, game, carry)
    figures = _figures(assessment, carry)
    level = assessment.level
    parts = (f"situation {signed(assessment.situation_total)}, carried {signed(assessment.carried_total)}, "
             f"this turn's cumulative {signed(assessment.this_turn_cumulative)}")
    if not assessment.clock_started:
        parts = (f"situation {signed(assessment.situation_total)}, carried {signed(assessment.carried_total)}; "
                 "cumulative modifiers not counted yet")
    if carry.surrendered:
        when = f" in {carry.surrender_turn.title}" if carry.surrender_turn else ""
        return PowerResult(KEY, TITLE, level, level, Status.SURRENDERED, f"Japan has already surrendered{when}.",
                           assessment.breakdown, figures=figures)
    if level <= 0 or assessment.collapse:
        figures["surrendered"] = True
        if level <= 0:
            verdict = f"Japan surrenders (resistance {signed(level)}: {parts})."
            cause = Consequence("57.11", "Japan's resistance level is zero or less.")
        else:
            verdict = (f"Japan collapses and surrenders: the Allies occupy Tokyo, Osaka, Kagoshima, Mukden and "
                       f"Harbin (resistance {signed(level)}).")
            cause = Consequence("57.12", "All five objectives of Japan and Manchuria are occupied by the Allies.")
        return PowerResult(KEY, TITLE, level, level, Status.SURRENDERS, verdict, assessment.breakdown,
                           (cause, *surrender_consequences(game)), figures)
    notes = [Consequence("57.11", "Japan surrenders only at a resistance level of 0 or less, or on collapse "
                                  "(57.12).")]
    if not assessment.clock_started:
        notes.append(Consequence("57.14A", "The cumulative modifiers start at the end of the turn after the "
                                           "war breaks out; set the war turn to start the clock."
                                 if carry.war_turn is None else
                                 "The cumulative modifiers start at the end of the turn after the war broke "
                                 f"out ({carry.war_turn.title}): not yet this turn."))
    return PowerResult(KEY, TITLE, level, level, Status.NO_EFFECT,
                       f"Japan fights on (resistance {signed(level)}: {parts}).",
                       assessment.breakdown, tuple(notes), figures)


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    """Record this turn: add the cumulative modifiers to the running total (once the clock
    runs), keep the island-group peak and the Updated loss remnant, and record a surrender."""
    carry = JapanCarry.read(game.carry.get(KEY, {}))
    if carry.surrendered:
        return TurnOutcome(carry.to_json())
    if game.scenario is Scenario.EUROPEAN:
        if result.figures.get("surrendered"):
            new = replace(carry, surrendered=True, surrender_turn=game.turn)
            return TurnOutcome(new.to_json(), (
                Consequence("57.81", f"Japan surrenders in {game.turn.title} (European scenario)."),
                *(Consequence("57.82", f"{step.turn.title}: the U.S. may move {step.allowance.text} to the "
                                       f"Atlantic U.S. box.") for step in redeployment_schedule(game.turn)),
            ))
        return TurnOutcome(carry.to_json())
    assessment = compute(inputs, game, carry)
    new = replace(
        carry,
        cumulative_total=carry.cumulative_total + assessment.this_turn_cumulative,
        max_island_groups=assessment.peak_islands,
        loss_remnant=assessment.loss_remnant,
    )
    events: tuple[Consequence, ...] = ()
    if assessment.clock_started and assessment.this_turn_cumulative:
        events = (Consequence("57.14", f"Japan's cumulative total goes from {signed(carry.cumulative_total)} to "
                                       f"{signed(new.cumulative_total)}."),)
    if result.status is Status.SURRENDERS:
        new = replace(new, surrendered=True, surrender_turn=game.turn)
        events += (Consequence("57.11", f"Japan surrenders in {game.turn.title} "
                                        f"(resistance {signed(result.level)})."), *result.consequences)
    return TurnOutcome(new.to_json(), events)
