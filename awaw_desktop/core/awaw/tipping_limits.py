"""Changes the rules rule out this turn, which the tipping search does not offer (issue 16).

A tipping point is a change the players could still make to this turn's facts.  These cannot be:
- reopening a war that a recorded surrender ended: France at war with Germany again after France surrendered
  (58.1), or any war of a power that surrendered (55.2, 56.2, 57.2), or Britain's while it is at peace (59.4).
  Only Turn > Go back undoes a surrender;
- ending a war by unticking it: a war ends with a surrender or a peace, which their checks and wizards record
  (an eighth play-test found "Western Allied powers at war with Germany: untick Britain" offered);
- taking back a declaration of war (Japan's on the U.S., 62.31): once made, it was made;
- an election held after the 1945 Year Start Sequence in any year but 1945 (62.21A).
Lines whose values play moves one way only (running totals, records of how a war began) say so themselves
(``Line.moves``), and the search never tries the other way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import facts as war_facts
from . import facts_settled
from .common import Turn
from .election_table import TRIGGER, Trigger
from .tipping_changes import Change

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
                          for fact_id, who, rule in facts_settled.ended_by_surrenders(carry)
                          if facts.get(fact_id) is None}

    def why_not(self, change: Change) -> str | None:
        """Why ``change`` cannot be made this turn, or None if it can."""
        if change.power == "election" and change.line_id == TRIGGER.id and self.turn.year != YSS_ELECTION_YEAR \
                and TRIGGER.trigger(change.new) is Trigger.YSS_1945:
            return f"the 1945 Year Start Sequence's election is held only in {YSS_ELECTION_YEAR} (62.21A)"
        if self.facts is None:
            return None
        found = war_facts.bindings(change.power, change.line_id)
        if not found:
            return None
        trial = dict(self.facts)
        war_facts.write_line(change.power, change.line_id, change.new, trial, self.turn)
        for fact_id, why in self.ended.items():
            if trial.get(fact_id) is not None:
                return f"{war_facts.BY_ID[fact_id].label}: over, {why}"
        for fact_id in {fact_id for binding in found for fact_id in binding.fact_ids}:
            label = war_facts.BY_ID[fact_id].label
            if fact_id.startswith("war.") and self.facts.get(fact_id) is not None and trial.get(fact_id) is None:
                return f"{label}: a war ends only with a surrender or a peace, which are recorded as they happen"
            if fact_id.startswith("declared.") and self.facts.get(fact_id) and not trial.get(fact_id):
                return f"{label}: a declaration of war, once made, stays made"
        return None

    def ruled_out(self, changes: Sequence[Change]) -> bool:
        """True for a single change (a tick, an option) the rules rule out this turn.  Steps of a number are
        never ruled out here: no number line reopens a war or holds an election."""
        return isinstance(changes, list) and len(changes) == 1 and self.why_not(changes[0]) is not None
