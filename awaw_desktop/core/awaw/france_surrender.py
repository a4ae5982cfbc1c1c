"""The French surrender wizard's procedures: :func:`french_surrender_outcome`, which puts everything
together from one request, the fleet count of the level page (58.21C), and when the wizard may open and
what its Finish records.  The parts it puts together are in ``france_colonies`` (58.53), ``france_forces``
(Free French and Vichy forces, 58.6, and the fleet, 58.64) and ``france_brps`` (58.31, 58.531C, 58.71).

All functions are pure; inputs and outputs are frozen dataclasses, so a wizard only gathers the
answers and shows the results.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..frozen import Frozen, field
from ..lines import Context, LineResult, RulesInputError, evaluate
from ..record.pbem import TYPED_DICE, require_agreed
from . import facts_settled
from .common import Consequence, Edition, PowerResult, Scenario, Status, Turn, require_range
from .france import (
    KEY,
    PARIS,
    US_AT_WAR,
    clamp_level,
    counted_fleet_factors,
    entered_first_hex_turn,
    hex_consequences,
    initial_carry,
    lines,
    may_surrender_voluntarily,
    surrender_check,
    turn_from_json,
    vichy_allowed,
)
from .france_brps import BrpOutcome, axis_key_areas, brp_outcome
from .france_colonies import ROLLS, Alignment, Colony, ColonyOutcome, Control, check_bool, resolve_colonies
from .france_forces import FleetAllocation, ForceLevel, Ships, allocate_fleet, free_french_forces, vichy_forces
from .levels import signed
from .needed_lines import NEEDED
from .session import DieRoll as SessionDieRoll
from .session import HistoryEntry, Session


class DieRoll(Frozen):
    """One die as used by the wizard: typed in by a player, or rolled by the application."""

    value: int
    source: str = "typed"

    def __post_init__(self) -> None:
        require_range("die", self.value, 1, 6)
        if self.source not in ("typed", "rolled"):
            raise RulesInputError(f"die source: expected 'typed' or 'rolled', got {self.source!r}")

    def to_json(self) -> dict[str, Any]:
        return {"value": self.value, "source": self.source}

    @classmethod
    def from_json(cls, data: Any) -> DieRoll | None:
        if data is None:
            return None
        if isinstance(data, int) and not isinstance(data, bool):
            return cls(data)
        if not isinstance(data, Mapping):
            raise RulesInputError(f"die: expected a value and a source, got {data!r}")
        return cls(data.get("value"), data.get("source", "typed"))  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------------
# Everything together
# --------------------------------------------------------------------------------------------------


class FrenchSurrenderRequest(Frozen):
    """What the wizard gathers.  ``level_inputs`` are the France tab's inputs (line id -> value)."""

    edition: Edition
    turn: Turn
    level_inputs: Mapping[str, Any] = field(default_factory=dict)
    german_first_hex_turn: Turn | None = None
    vichy: bool = True
    dice: Mapping[str, DieRoll | None] = field(default_factory=dict)
    colony_control: Mapping[str, str] = field(default_factory=dict)
    existing_ships: Ships = field(default_factory=Ships)
    french_4_5_armor: bool = False
    french_brp_base: int = 60
    colony_brps: Mapping[str, int] = field(default_factory=dict)
    key_areas_axis: tuple[str, ...] | None = None   # None: worked out by axis_key_areas
    scenario: Scenario = Scenario.GLOBAL_WAR

    def to_json(self) -> dict[str, Any]:
        return {
            "edition": self.edition.value, "turn": self.turn.to_json(),
            "level_inputs": {key: list(value) if isinstance(value, tuple) else value
                             for key, value in self.level_inputs.items()},
            "german_first_hex_turn": None if self.german_first_hex_turn is None else
            self.german_first_hex_turn.to_json(),
            "vichy": self.vichy,
            "dice": {key: None if die is None else die.to_json() for key, die in self.dice.items()},
            "colony_control": dict(self.colony_control),
            "existing_ships": {"named_ships": self.existing_ships.named_ships,
                               "cruisers": self.existing_ships.cruisers,
                               "destroyers": self.existing_ships.destroyers},
            "french_4_5_armor": self.french_4_5_armor, "french_brp_base": self.french_brp_base,
            "colony_brps": dict(self.colony_brps),
            "key_areas_axis": None if self.key_areas_axis is None else list(self.key_areas_axis),
            "scenario": self.scenario.value,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FrenchSurrenderRequest:
        try:
            turn = turn_from_json(data["turn"])
            assert turn is not None
            areas = data.get("key_areas_axis")
            return cls(
                edition=Edition(data["edition"]), turn=turn,
                level_inputs=dict(data.get("level_inputs", {})),
                german_first_hex_turn=turn_from_json(data.get("german_first_hex_turn"), "german_first_hex_turn"),
                vichy=data.get("vichy", True),
                dice={key: DieRoll.from_json(value) for key, value in data.get("dice", {}).items()},
                colony_control=dict(data.get("colony_control", {})),
                existing_ships=Ships(**data.get("existing_ships", {})),
                french_4_5_armor=data.get("french_4_5_armor", False),
                french_brp_base=data.get("french_brp_base", 60),
                colony_brps=dict(data.get("colony_brps", {})),
                key_areas_axis=None if areas is None else tuple(areas),
                scenario=Scenario(data.get("scenario", Scenario.GLOBAL_WAR.value)),
            )
        except (KeyError, TypeError, AssertionError, ValueError) as error:
            if isinstance(error, RulesInputError):
                raise
            raise RulesInputError(f"French surrender request: cannot read {data!r} ({error})") from error


class FrenchSurrenderOutcome(Frozen):
    request: FrenchSurrenderRequest
    raw_total: int
    level: int
    breakdown: tuple[LineResult, ...]
    reason: str                       # "paris" or "voluntary"
    vichy: bool
    colonies: tuple[ColonyOutcome, ...]
    free_french: ForceLevel
    vichy_forces: ForceLevel
    fleet: FleetAllocation
    brps: BrpOutcome
    consequences: tuple[Consequence, ...]

    def summary_text(self) -> str:
        req = self.request
        lines_out = [f"French surrender, {req.turn.title} ({req.edition.title})",
                     "Reason: " + ("the Axis hold Paris (58.11A)" if self.reason == "paris"
                                   else "France chose to surrender (58.11B)"),
                     f"Surrender level: {signed(self.level)}" + ("" if self.raw_total == self.level else
                                                            f" (raw total {signed(self.raw_total)}, 58.22)")]
        for item in self.breakdown:
            if item.points:
                note = f" ({item.note})" if item.note else ""
                lines_out.append(f"  {item.rule} {item.label}: {signed(item.points)}{note}")
        lines_out.append("Vichy France: " + ("set up" if self.vichy else "not set up"))
        lines_out.append("Colonies:")
        lines_out.extend(f"  {c.text}" + (" [rolled]" if self._rolled(c) else "") for c in self.colonies)
        lines_out.append(f"Free French forces: {self.free_french.describe()}")
        lines_out.append(f"Vichy forces: {self.vichy_forces.describe()}")
        shown = {c.text for c in self.colonies}
        lines_out.extend(f"{c.rule}: {c.text}" for c in self.consequences
                         if c.text not in shown and c.rule not in ("58.621", "58.631"))
        return "\n".join(lines_out)

    def _rolled(self, colony: ColonyOutcome) -> bool:
        die = self.request.dice.get(colony.colony.roll)
        return colony.die is not None and die is not None and die.source == "rolled"

    def to_json(self) -> dict[str, Any]:
        """The request and the main results (the results are recomputed on reading)."""
        return {
            "request": self.request.to_json(),
            "raw_total": self.raw_total, "level": self.level, "reason": self.reason, "vichy": self.vichy,
            "colonies": {c.colony.value: c.alignment.value for c in self.colonies},
            "summary": self.summary_text(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> FrenchSurrenderOutcome:
        if not isinstance(data, Mapping) or "request" not in data:
            raise RulesInputError(f"French surrender outcome: expected a saved request, got {data!r}")
        return french_surrender_outcome(FrenchSurrenderRequest.from_json(data["request"]))


def french_surrender_outcome(request: FrenchSurrenderRequest) -> FrenchSurrenderOutcome:
    """The whole French surrender from one request: level (58.2), Vichy (58.3), hexes (58.4), colonies (58.5),
    forces and fleet (58.6) and BRPs (58.7)."""
    if not isinstance(request, FrenchSurrenderRequest):
        raise RulesInputError(f"request: expected a FrenchSurrenderRequest, got {request!r}")
    edition, turn = Edition(request.edition), request.turn
    if Scenario(request.scenario) is Scenario.PACIFIC:
        raise RulesInputError("scenario: France takes no part in a Pacific scenario.")
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a game turn, got {turn!r}")
    first = request.german_first_hex_turn or entered_first_hex_turn(request.level_inputs)
    if first is not None and first.number > turn.number:
        raise RulesInputError(f"german_first_hex_turn: {first.title} is after the surrender turn {turn.title}")
    table = lines(edition, request.scenario)
    result = evaluate(table, request.level_inputs, Context({"turn": turn, "german_first_hex_turn": first}))
    values = {item.id: item.value for item in result.breakdown}
    check = surrender_check(values["paris_axis"], values["voluntary_surrender"], turn)
    if not check.surrenders:
        raise RulesInputError(f"level_inputs: France does not surrender: {check.text}")
    level = clamp_level(result.total)
    us_at_war = bool(values["us_at_war_with_germany"])
    vichy = check_bool("vichy", request.vichy)
    allowed, reason = vichy_allowed(us_at_war)
    if vichy and not allowed:
        raise RulesInputError(f"vichy: {reason}")
    dice = {key: None if die is None else die.value for key, die in request.dice.items()}
    control = {Colony(key): Control(value) for key, value in request.colony_control.items()}
    colonies = resolve_colonies(level, vichy, dice, control)
    free_french = free_french_forces(level, vichy, edition, request.french_4_5_armor)
    vichy_force = vichy_forces(level, vichy, edition, request.french_4_5_armor)
    fleet = allocate_fleet(request.existing_ships, free_french, vichy_force)
    areas = request.key_areas_axis
    if areas is None:
        areas = axis_key_areas(bool(values["paris_axis"]), tuple(values["lyon_marseilles_axis"]), vichy, us_at_war)
    brps = brp_outcome(edition, vichy, colonies, request.colony_brps, request.french_brp_base, areas, us_at_war)
    consequences = (
        Consequence("58.11", check.text),
        *((Consequence("58.22", f"The raw total {signed(result.total)} counts as {signed(level)}."),)
          if result.total != level else ()),
        *hex_consequences(vichy, us_at_war, edition),
        *(Consequence(c.rule, c.text) for c in colonies),
        *_colony_effects(colonies, vichy),
        Consequence("58.61", "French ground and air units outside Free French colonies and British-held hexes "
                             "are removed; the fleet stays."),
        Consequence("58.621", f"Free French forces: {free_french.describe()}."),
        Consequence("58.623", "The British player may keep French units in Free French colonies and British-held "
                              "hexes as Free French; the rest are added unbuilt to the British force pool."),
        Consequence("58.631", f"Vichy forces: {vichy_force.describe()}." if vichy else
                    "No Vichy France: no Vichy forces."),
        *fleet.consequences(),
        *brps.consequences(edition),
    )
    return FrenchSurrenderOutcome(request, result.total, level, result.breakdown, check.reason, vichy, colonies,
                                  free_french, vichy_force, fleet, brps, consequences)


def _colony_effects(colonies: tuple[ColonyOutcome, ...], vichy: bool) -> tuple[Consequence, ...]:
    out: list[Consequence] = []
    if any(c.alignment is Alignment.FREE_FRENCH for c in colonies):
        out.append(Consequence("58.531C", "Free French colonial hexes become British-held, except Axis-held hexes."))
    if any(c.alignment is Alignment.INDEPENDENT for c in colonies):
        out.append(Consequence("58.532", "Each independent colony gets one 2-3 infantry unit in its capital and may "
                                         "be attacked only after a 10 BRP declaration of war. Allied units there are "
                                         "eliminated; Axis units there must leave during the next Axis player turn."))
    if vichy:
        out.append(Consequence("58.632", "A Vichy 2-3 infantry unit goes to Vichy and to the capital of each Vichy "
                                         "colony; the rest of the Vichy ground and air forces go to Vichy France."))
    return tuple(out)


# --------------------------------------------------------------------------------------------------
# The fleet count helper (58.21C) for the wizard's level page
# --------------------------------------------------------------------------------------------------


class FleetCount(Frozen):
    """What the 58.21C fleet line takes from a count of French naval factors by condition."""

    full: int         # completed, undamaged ships
    half: int         # damaged ships plus ships on the "2" or "Launch" shipyard rows
    left_out: int     # ships on the "3" row or higher: not counted at all
    counted: int      # full + half // 2

    def line_value(self) -> dict[str, int]:
        """The value of the ``fleet`` line (its two fields)."""
        return {"full": self.full, "half": self.half}


def count_fleet(undamaged: int, damaged: int = 0, shipyard_row_2_or_launch: int = 0,
                shipyard_row_3_or_higher: int = 0) -> FleetCount:
    """58.21C: damaged ships and ships on the '2' or 'Launch' rows count two factors for one (the pool is
    halved once, a remnant dropped); ships on the '3' row or higher are left out."""
    for name, value in (("undamaged", undamaged), ("damaged", damaged),
                        ("shipyard_row_2_or_launch", shipyard_row_2_or_launch),
                        ("shipyard_row_3_or_higher", shipyard_row_3_or_higher)):
        require_range(name, value, 0, 300)
    half = damaged + shipyard_row_2_or_launch
    if half > 300:
        raise RulesInputError(f"damaged + shipyard_row_2_or_launch: {half} naval factors is more than 300")
    return FleetCount(undamaged, half, shipyard_row_3_or_higher, counted_fleet_factors(undamaged, half))


# --------------------------------------------------------------------------------------------------
# When the wizard may open, and what Finish records
# --------------------------------------------------------------------------------------------------

#: The two colony dice (58.531), as the game record names them.
DIE_PURPOSES: dict[str, str] = {
    "lebanon_syria": "Lebanon-Syria colony roll",
    "north_africa": "French North Africa colony roll (Tunisia, Algeria, Morocco)",
}


def wizard_available(session: Session, results: Mapping[str, PowerResult] | None = None) -> tuple[bool, str]:
    """Whether the French surrender wizard may open now, and why (or why not).

    It opens when the Axis hold Paris (58.11A, any turn) or, from Fall 1940 on, so that France may choose to
    surrender (58.11B); it is refused in a Pacific scenario and once France has surrendered."""
    if session.scenario is Scenario.PACIFIC:
        return False, "France takes no part in a Pacific scenario."
    carried = session.carry.get(KEY, {})
    result = (results or {}).get(KEY)
    if carried.get("surrendered") or (result is not None and result.status is Status.SURRENDERED):
        when = turn_from_json(carried.get("surrender_turn"), "surrender_turn")
        level = carried.get("surrender_level")
        detail = "".join((f" in {when.title}" if when else "",
                          f" at level {signed(int(level))}" if isinstance(level, int) else ""))
        return False, f"France has already surrendered{detail}; it surrenders only once."
    if session.value(KEY, PARIS.id):
        return True, "58.11A: the Axis hold Paris, so France surrenders at the end of this Allied player turn."
    allowed, why = may_surrender_voluntarily(session.turn)
    if allowed:
        return True, why
    return False, f"{why} Before then it surrenders only when the Axis hold Paris (58.11A)."


def record_french_surrender(session: Session, outcome: FrenchSurrenderOutcome) -> None:
    """Finish of the wizard: France surrendered this turn (carry), the outcome, a history entry and the colony
    dice, all in ``session`` (the store wraps the call in one undo step).  The level inputs the wizard used
    are written back to the France lines, so the France tab shows the facts the level came from."""
    if not isinstance(outcome, FrenchSurrenderOutcome):
        raise RulesInputError(f"outcome: expected a French surrender outcome, got {outcome!r}")
    request = outcome.request
    if session.carry.get(KEY, {}).get("surrendered"):
        raise RulesInputError("France has already surrendered; it surrenders only once.")
    if Edition(request.edition) is not session.edition:
        raise RulesInputError(f"outcome: worked out for the {Edition(request.edition).title}, but the session "
                              f"uses the {session.edition.title}")
    if request.turn != session.turn:
        raise RulesInputError(f"outcome: worked out for {request.turn.title}, but the session is at "
                              f"{session.turn.title}")
    used_rolls = {colony.colony.roll for colony in outcome.colonies if colony.die is not None}
    if any(die is not None and die.source == "typed" and roll in used_rolls for roll, die in request.dice.items()):
        # By e-mail nobody else sees a real die rolled: typed dice need both players' signed agreement (issue 35).
        require_agreed(session.record, TYPED_DICE, "a colony die typed from a real die (58.531)")
    needed = NEEDED.get(KEY, ())
    for line in lines(session.edition, session.scenario):
        if line.input_kind != "derived" and line.id in request.level_inputs:
            value = request.level_inputs[line.id]
            # Issue 37: a needed value nobody entered, left as it counts, stays unentered (the wizard enters what
            # the players typed or confirmed before it records the surrender).
            if line.id in needed and not session.is_entered(KEY, line.id) and value == session.value(KEY, line.id):
                continue
            session.set_value(KEY, line.id, value)
    us_at_war = bool(request.level_inputs.get(US_AT_WAR.id, False))
    carry = {**initial_carry(), **dict(session.carry.get(KEY, {}))}
    carry.update(surrendered=True, surrender_turn=session.turn.to_json(), surrender_level=outcome.level,
                 vichy=outcome.vichy)
    if carry["german_first_hex_turn"] is None:
        first = request.german_first_hex_turn or entered_first_hex_turn(request.level_inputs)
        if first is None and not us_at_war:
            first = session.turn
        carry["german_first_hex_turn"] = None if first is None else first.to_json()
    session.carry[KEY] = carry
    session.outcomes[KEY] = outcome.to_json()
    # 58.1, 58.53: France's war ends and each colony's side is settled in the war's facts.
    facts_settled.settle_french_surrender(session.facts, {c.colony.value: c.alignment.value for c in outcome.colonies})
    session.history.append(HistoryEntry(
        turn=session.turn, kind="french-surrender",
        title=f"French surrender, {session.turn.title}: level {signed(outcome.level)}, "
              f"{'with' if outcome.vichy else 'without'} Vichy France",
        levels={KEY: outcome.level},
        events=(*history_events(outcome), *free_french_note(session, outcome)),
    ))
    used = {colony.colony.roll for colony in outcome.colonies if colony.die is not None}
    for roll in ROLLS:
        die = request.dice.get(roll)
        if die is not None and roll in used:
            session.dice.append(SessionDieRoll(session.turn, DIE_PURPOSES[roll], "58.531", die.value, die.source))


def free_french_note(session: Session, outcome: FrenchSurrenderOutcome) -> tuple[Consequence, ...]:
    """58.623-58.624: the Free French forces are British units from now on; those the British player adds unbuilt
    count with Britain's unbuilt factors (59.22E) and the Free French ships with the Allied naval factors (59.22F).
    Which units were in the colonies and which are added unbuilt only the players know, so they are asked to
    change the Britain tab's entries, with the numbers (issue 28)."""
    forces = outcome.free_french
    if not (forces.infantry or forces.armor or forces.aaf) and outcome.fleet.free_french.describe() == "none":
        return ()
    if not session.has_line("britain", "unbuilt_factors"):
        return ()
    unbuilt = session.inputs.get("britain", {}).get("unbuilt_factors")
    naval = session.inputs.get("britain", {}).get("naval_ratio")
    now = "not entered" if unbuilt is None else str(unbuilt)
    allied = "not entered" if not isinstance(naval, dict) else f"{naval.get('allied_full', 0)} full-strength"
    return (Consequence("58.624", f"Britain tab: the Free French forces ({forces.describe()}) are British units from "
                                  "now on: add the ground and air factors added unbuilt to \u201cUnbuilt British and "
                                  f"Commonwealth ground/army air factors\u201d (now {now}), and the Free French ships "
                                  f"({outcome.fleet.free_french.describe()}) to the Allied side of the naval ratio "
                                  f"(now {allied})."),)


def history_events(outcome: FrenchSurrenderOutcome) -> tuple[Consequence, ...]:
    """The main events of a French surrender for the game record."""
    request = outcome.request
    why = "the Axis hold Paris" if outcome.reason == "paris" else "France chose to surrender"
    events = [Consequence("58.11", f"France surrenders in {request.turn.title} ({why}) at level "
                                   f"{signed(outcome.level)}.")]
    if outcome.raw_total != outcome.level:
        events.append(Consequence("58.22", f"The raw total {signed(outcome.raw_total)} counts as "
                                           f"{signed(outcome.level)}."))
    if outcome.vichy:
        events.append(Consequence("58.31", "The Axis set up Vichy France."))
    else:
        allowed, reason = vichy_allowed(bool(request.level_inputs.get(US_AT_WAR.id, False)))
        events.append(Consequence("58.31", "The Axis do not set up Vichy France." if allowed else reason))
    events.extend(Consequence(colony.rule, colony.text) for colony in outcome.colonies)
    events.append(Consequence("58.621", f"Free French forces: {outcome.free_french.describe()}."))
    if outcome.vichy:
        events.append(Consequence("58.631", f"Vichy forces: {outcome.vichy_forces.describe()}."))
    events.extend(outcome.fleet.consequences())
    events.extend(outcome.brps.consequences(Edition(request.edition)))
    return tuple(events)
