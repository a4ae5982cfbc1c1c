"""59.871: the units a British surrender removed count as unbuilt at a later surrender, and the naval units it
eliminated leave the naval ratio (59.22F).  Which units went is the British player's choice, so the players are
asked to change the Britain tab's entries, with the numbers: on the Britain tab from the surrender to the end of
the turn, in that end of turn's list and in the record of the game (issue 37, as Russia's 60.32B one is).

The naval count is in factors, not the 59.513D value: a damaged 4-factor ship counts 3 towards the reduction, but
its 4 factors leave the ratio, at half strength as the ratio counts damaged ships and those on the '2' or Launch row
(59.22F); ships on row '3' or below, sunk in port or salvageable were never in the ratio."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from msgspec.structs import replace

from .britain_surrender.reductions import ReductionChoice, Reductions, ShipState
from .common import Consequence, PowerResult, TurnOutcome

#: The carried key holding the entries to change, from the surrender to the end of its turn.
CARRY_KEY = "units_removed"
#: Where a ship eliminated stood in the naval ratio (59.22F): at full strength, half strength, or not counted.
_FULL = {ShipState.ACTIVE}
_HALF = {ShipState.DAMAGED, ShipState.LAUNCH_ROW, ShipState.ROW_2}


def removed_counts(required: Reductions, removed: ReductionChoice | None) -> dict[str, int] | None:
    """What left play, as the Britain tab's entries count it; None if the surrender removed nothing."""
    if not (required.aaf or required.ground_nas_brps or required.naval_factors):
        return None
    if removed is None:   # no list of what went: the requirement itself, as other naval factors
        return {"aaf": required.aaf, "ground_nas_brps": required.ground_nas_brps,
                "naval_full": required.naval_factors, "naval_half": 0}
    full = removed.naval_factors + sum(ship.factors for ship in removed.ships if ship.state in _FULL)
    half = sum(ship.factors for ship in removed.ships if ship.state in _HALF)
    return {"aaf": removed.aaf, "ground_nas_brps": removed.ground_nas_brps, "naval_full": full, "naval_half": half}


def instruction(counts: Mapping[str, Any], inputs: Mapping[str, Any]) -> Consequence:
    """The players' instruction, with the entries as they stand now."""
    unbuilt = inputs.get("unbuilt_factors")
    naval = inputs.get("naval_ratio")
    now = "not entered" if unbuilt is None else str(unbuilt)
    if isinstance(naval, Mapping):
        ratio = f"now {naval.get('allied_full', 0)} full-strength and {naval.get('allied_half', 0)} half-strength"
    else:
        ratio = "not entered"
    full, half = int(counts.get("naval_full", 0)), int(counts.get("naval_half", 0))
    naval_words = f"{full} full-strength" + (f" and {half} half-strength" if half else "")
    return Consequence("59.871", f"Britain tab: add the ground and army air factors of the units removed "
                                 f"({counts.get('aaf', 0)} AAF and {counts.get('ground_nas_brps', 0)} BRPs of ground "
                                 "units or NAS) to \u201cUnbuilt British and Commonwealth ground/army air "
                                 f"factors\u201d (now {now}): they count as unbuilt from now on; and take the "
                                 f"{full + half} naval factors eliminated ({naval_words}) off the Allied side of the "
                                 f"naval ratio ({ratio}, 59.22F).")


def on_the_tab(result: PowerResult, carry: Mapping[str, Any], inputs: Mapping[str, Any]) -> PowerResult:
    """Britain's result with the instruction first among its consequences while it is due."""
    counts = carry.get(CARRY_KEY)
    if not counts:
        return result
    return replace(result, consequences=(instruction(counts, inputs), *result.consequences))


def at_the_end_of_turn(outcome: TurnOutcome, before: Mapping[str, Any], inputs: Mapping[str, Any]) -> TurnOutcome:
    """The end of turn says it once more, in its list and the record, and it is no longer due."""
    counts = before.get(CARRY_KEY)
    if not counts:
        return outcome
    carry = dict(outcome.carry)
    carry[CARRY_KEY] = None
    return replace(outcome, carry=carry, events=(instruction(counts, inputs), *outcome.events))
