"""The whole British surrender: a request put together from the wizard's answers, and its outcome (59.3-59.9),
which converts to and from JSON."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...frozen import Frozen, field
from ...lines import RulesInputError
from ..common import Consequence, Scenario
from ..levels import signed
from .concessions import (
    CONCESSION_TABLE,
    ConcessionItem,
    Verdict,
    check_concessions,
    chosen_modes,
    concession_items,
    most_takeable,
)
from .conciliation import Conciliation, HomeControl, ReturnFacts, check_returns, conciliation_effects
from .far_east import far_east
from .offer import INDEMNITY_POINTS, Offer, offer
from .reductions import (
    SHIP_READINGS,
    SHIP_STATE_WORDS,
    ReductionChoice,
    Reductions,
    reductions_met,
    required_reductions,
)


class SurrenderRequest(Frozen):
    """Everything a British surrender needs: the offer and Germany's and Japan's decisions."""

    resistance: int
    previous_level: int | None = None
    accepted: bool = True
    us_at_war_with_germany: bool = False
    scenario: Scenario = Scenario.GLOBAL_WAR
    minors: tuple[ConcessionItem, ...] = ()
    statuses: Mapping[str, str] = field(default_factory=dict)
    #: item key -> "" for a territory, "neutrality"/"axis-control" for a minor country.
    chosen: Mapping[str, str] = field(default_factory=dict)
    indemnity: int = 0
    returns: tuple[str, ...] = ()
    return_facts: Mapping[str, ReturnFacts] = field(default_factory=dict)
    home: HomeControl = HomeControl()
    japan_at_war_with_britain: bool = False
    japan_at_war_with_us: bool = False
    japan_adheres: bool | None = None
    reductions: ReductionChoice | None = None
    available: Reductions | None = None


class TakenItem(Frozen):
    """A concession Germany takes, as recorded (name and points kept so the record reads alone)."""

    key: str
    name: str
    points: int
    mode: str = ""   # "neutrality" / "axis-control" for a minor country

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "name": self.name, "points": self.points, "mode": self.mode}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> TakenItem:
        return cls(str(data["key"]), str(data["name"]), int(data["points"]), str(data.get("mode", "")))


_FAR_EAST_WORDS = {
    "no-war": "Japan is at war with neither Britain nor the U.S. (59.891A)",
    "war-with-both": "Japan is at war with Britain and the U.S.: the surrender holds in Europe only (59.891B)",
    "japan-adheres": "Japan, at war with Britain alone, adheres to the peace (59.892)",
    "japan-fights-on": "Japan, at war with Britain alone, fights on (59.894)",
}


class SurrenderOutcome(Frozen):
    surrendered: bool
    offer: Offer
    war_continues: bool                 # 59.61
    required: Reductions
    concessions: Verdict
    returns: Verdict
    conciliation: Conciliation
    far_east: str | None
    reductions_check: tuple[str, ...] | None
    events: tuple[Consequence, ...]
    returned: tuple[str, ...] = ()
    taken: tuple[TakenItem, ...] = ()
    indemnity: int = 0
    removed: ReductionChoice | None = None

    @property
    def ok(self) -> bool:
        return self.concessions.ok and self.returns.ok and not self.reductions_check

    def summary_text(self) -> str:
        if not self.offer.offered:
            return f"No British surrender offer: {self.offer.reason}."
        if not self.surrendered:
            return f"Germany declines the British offer at {signed(self.offer.resistance)}; it lapses (59.32)."
        lines = [f"Britain surrenders at level {self.offer.surrender_level} "
                 f"({self.offer.counted_levels} level(s) counted)."]
        r = self.required
        lines.append(f"Force reductions: {r.aaf} AAF, {r.ground_nas_brps} BRPs of ground units or NAS, "
                     f"{r.naval_factors} naval factors (59.512).")
        if self.removed is not None:
            removed = self.removed
            lines.append(f"  Removed: {removed.aaf} AAF, {removed.ground_nas_brps} BRPs of ground units or NAS; "
                         f"naval value {removed.naval_value}.")
            for ship in removed.ships:
                lines.append(f"  Ship eliminated: {ship.name}, {ship.factors} factor(s), "
                             f"{SHIP_STATE_WORDS[ship.state].lower()}: counts {ship.value}.")
                if ship.state in SHIP_READINGS:
                    lines.append(f"    Reading: {SHIP_READINGS[ship.state]}")
            if removed.naval_factors:
                lines.append(f"  Other naval factors eliminated: {removed.naval_factors}.")
        if self.war_continues:
            lines.append("The U.S. is at war with Germany: the war goes on and no concessions are made (59.61).")
        else:
            lines.append(f"Concessions: {self.concessions.points_used} of {self.offer.concession_points} points "
                         f"used (59.65).")
            for item in self.taken:
                how = f", {item.mode.replace('-', ' ')}" if item.mode else ""
                lines.append(f"  Taken: {item.name}{how} ({item.points} point(s)).")
            if self.indemnity:
                lines.append(f"  Indemnity: {self.indemnity} BRPs ({INDEMNITY_POINTS[self.indemnity]} point(s), "
                             "59.67).")
            names = {item.key: item.name for item in CONCESSION_TABLE}
            for key in self.returned:
                lines.append(f"  Returned to Britain: {names.get(key, key)} (59.72).")
            lines.append(f"Conciliation: {self.conciliation.points} point(s) returned or not taken: British "
                         f"resistance {signed(self.conciliation.resistance_modifier)} in later turns, "
                         + (f"USAT -{self.conciliation.usat_reduction}" if self.conciliation.usat_reduction
                            else "USAT unchanged") + " (59.75).")
        if self.far_east is not None:
            lines.append(f"Far East: {_FAR_EAST_WORDS.get(self.far_east, self.far_east)}.")
        if self.events:
            lines.append("What follows:")
            lines.extend(f"  {event.rule}: {event.text}" for event in self.events)
        lines.extend(f"Problem: {problem}" for problem in
                     self.concessions.problems + self.returns.problems + (self.reductions_check or ()))
        return "\n".join(lines)

    def to_json(self) -> dict[str, Any]:
        return {
            "surrendered": self.surrendered, "offer": self.offer.to_json(), "war_continues": self.war_continues,
            "required": self.required.to_json(), "concessions": self.concessions.to_json(),
            "returns": self.returns.to_json(),
            "conciliation": {"points": self.conciliation.points,
                             "resistance_modifier": self.conciliation.resistance_modifier,
                             "usat_reduction": self.conciliation.usat_reduction},
            "far_east": self.far_east,
            "reductions_check": None if self.reductions_check is None else list(self.reductions_check),
            "events": [{"rule": event.rule, "text": event.text} for event in self.events],
            "returned": list(self.returned),
            "taken": [item.to_json() for item in self.taken],
            "indemnity": self.indemnity,
            "removed": None if self.removed is None else self.removed.to_json(),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> SurrenderOutcome:
        conciliation = data["conciliation"]
        check = data.get("reductions_check")
        return cls(
            bool(data["surrendered"]), Offer.from_json(data["offer"]), bool(data["war_continues"]),
            Reductions.from_json(data["required"]), Verdict.from_json(data["concessions"]),
            Verdict.from_json(data["returns"]),
            Conciliation(int(conciliation["points"]), int(conciliation["resistance_modifier"]),
                         int(conciliation["usat_reduction"])),
            data.get("far_east"), None if check is None else tuple(check),
            tuple(Consequence(str(event["rule"]), str(event["text"])) for event in data.get("events", ())),
            tuple(data.get("returned", ())),
            tuple(TakenItem.from_json(item) for item in data.get("taken", ())),
            int(data.get("indemnity", 0)),
            None if data.get("removed") is None else ReductionChoice.from_json(data["removed"]),
        )


def british_surrender_outcome(request: SurrenderRequest) -> SurrenderOutcome:
    """Offer, acceptance, reductions, concessions, conciliation and the Far East in one go."""
    the_offer = offer(request.resistance, request.previous_level)
    empty = Verdict(True)
    none = Conciliation(0, 0, 0)
    if not the_offer.offered or not request.accepted:
        declined: tuple[Consequence, ...] = () if not the_offer.offered else (
            Consequence("59.13", "Germany declines the offer; play goes on as if it had not been made."),
            Consequence("59.32", "The declined offer lapses; only a new offer in a later turn can be accepted."))
        if the_offer.offered and not the_offer.may_decline:
            raise RulesInputError("accepted: at a resistance level of -10 or lower Germany must accept (59.23)")
        return SurrenderOutcome(False, the_offer, request.us_at_war_with_germany, Reductions(), empty, empty,
                                none, None, None, declined)
    assert the_offer.surrender_level is not None
    required = required_reductions(the_offer.counted_levels)
    events: list[Consequence] = [Consequence(
        "59.41", f"Britain surrenders; its surrender level is {the_offer.surrender_level}.")]
    if the_offer.counted_levels == 0:
        events.append(Consequence("59.511", "No force reductions and no concessions at this level."))
    else:
        events.append(Consequence("59.512", f"Britain removes {required.aaf} AAF and {required.ground_nas_brps} "
                                            f"BRPs of ground units or NAS, and eliminates {required.naval_factors} "
                                            "naval factors."))
    items = concession_items(request.minors)
    war_continues = request.us_at_war_with_germany
    if war_continues:
        verdict = check_concessions(0, items, request.statuses, request.chosen, request.indemnity)
        returns = check_returns(items, request.statuses, request.returns, request.return_facts, request.home,
                                request.chosen)
        if request.returns:
            returns = Verdict(False, (*returns.problems, "no territory changes hands while the U.S. is at war "
                                                         "with Germany (59.61)"), returns.points_used)
        conciliation = none
        events.append(Consequence("59.61", "The U.S. is at war with Germany: Britain and the U.S. fight on; "
                                           "no concessions or transfers."))
    else:
        verdict = check_concessions(the_offer.concession_points, items, request.statuses, request.chosen,
                                    request.indemnity)
        returns = check_returns(items, request.statuses, request.returns, request.return_facts, request.home,
                                request.chosen)
        ceiling = min(the_offer.concession_points, most_takeable(items, request.statuses))
        not_taken = max(0, ceiling - verdict.points_used)
        conciliation = conciliation_effects(not_taken + returns.points_used)
        events.append(Consequence("59.62", "Peace between Germany and Britain; Britain is neutral while the U.S. "
                                           "is (59.83)."))
        events.append(Consequence("59.86A", "Neither Germany nor the U.S. may declare war on the other next turn."))
        if conciliation.points:
            events.append(Consequence("59.75", f"Conciliation worth {conciliation.points} points: future British "
                                               f"resistance {signed(conciliation.resistance_modifier)}, USAT "
                                               f"-{conciliation.usat_reduction}."))
    far_east_value: str | None = None
    if request.scenario is Scenario.GLOBAL_WAR:
        position, consequences = far_east(request.japan_at_war_with_britain, request.japan_at_war_with_us,
                                          request.japan_adheres)
        far_east_value = position.value
        events.extend(consequences)
    check: tuple[str, ...] | None = None
    if request.reductions is not None:
        check = reductions_met(required, request.reductions, request.available).shortfalls
    taken: tuple[TakenItem, ...] = ()
    if not war_continues:
        modes = chosen_modes(items, request.chosen)
        taken = tuple(TakenItem(item.key, item.name, item.points(modes[item.key]),
                                "" if modes[item.key] is None else str(modes[item.key]))
                      for item in items if item.key in modes)
    return SurrenderOutcome(True, the_offer, war_continues, required, verdict, returns, conciliation,
                            far_east_value, check, tuple(events), tuple(request.returns), taken,
                            0 if war_continues else request.indemnity, request.reductions)
