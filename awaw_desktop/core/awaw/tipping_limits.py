"""Changes the rules rule out this turn, which the tipping search does not offer (issue 16).

A tipping point is a change the players could still make to this turn's facts.  Two kinds of change cannot be:
- reopening a war that a recorded surrender ended: France at war with Germany again after France surrendered
  (58.1), or any war of a power that surrendered (55.2, 56.2, 57.2), or Britain's while it is at peace (59.4).
  Only Turn > Go back undoes a surrender;
- an election held after the 1945 Year Start Sequence in any year but 1945 (62.21A).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from . import facts as war_facts
from .common import Turn
from .election import TRIGGER, Trigger

if TYPE_CHECKING:
    from .tipping import Change

#: The year whose Year Start Sequence holds an election in every game (62.21A).
YSS_ELECTION_YEAR = 1945


class Limits:
    """What this turn rules out, worked out once for a search (``ruled_out`` is asked for every candidate)."""

    def __init__(self, turn: Turn, carry: Mapping[str, Mapping[str, Any]],
                 facts: Mapping[str, Any] | None) -> None:
        self.turn = turn
        self.facts = facts
        #: War fact -> why it stays ended (a recorded surrender), for the wars that are over.
        self.ended: dict[str, str] = {}
        if facts is not None:
            self.ended = {fact_id: f"{who} ({rule})"
                          for fact_id, who, rule in war_facts.ended_by_surrenders(carry)
                          if facts.get(fact_id) is None}

    def why_not(self, change: Change) -> str | None:
        """Why ``change`` cannot be made this turn, or None if it can."""
        if change.power == "election" and change.line_id == TRIGGER.id and self.turn.year != YSS_ELECTION_YEAR \
                and TRIGGER.trigger(change.new) is Trigger.YSS_1945:
            return f"the 1945 Year Start Sequence's election is held only in {YSS_ELECTION_YEAR} (62.21A)"
        if not self.ended or self.facts is None:
            return None
        found = war_facts.bindings(change.power, change.line_id)
        if not any(fact_id in self.ended for binding in found for fact_id in binding.fact_ids):
            return None
        trial = dict(self.facts)
        war_facts.write_line(change.power, change.line_id, change.new, trial, self.turn)
        for fact_id, why in self.ended.items():
            if trial.get(fact_id) is not None:
                return f"{war_facts.BY_ID[fact_id].label}: over, {why}"
        return None

    def ruled_out(self, changes: Sequence[Change]) -> bool:
        """True for a single change (a tick, an option) the rules rule out this turn.  Steps of a number are
        never ruled out here: no number line reopens a war or holds an election."""
        return isinstance(changes, list) and len(changes) == 1 and self.why_not(changes[0]) is not None
