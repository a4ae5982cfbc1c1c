"""This turn's inputs: the values a table needs that the players have not entered.

A line every game has a value for (a DP level, the unbuilt factors, the naval ratio ...) counts as its default
until the players enter it: 0, or 42 factors for France's fleet, which is rarely the truth of a game.  Such a line is
*needed*.  While it is not entered, each tab and the Overview name it and say what rests on it; a power's result
that rests on it is not shown as settled; and the end of turn asks the players to confirm the value before it
declares a surrender, an effect or an Allied defeat (62.91) that rests on it (nothing is pre-chosen: confirming
enters the value as counted).  A tally of one turn (Japan's enemy losses, 57.14B) starts each turn unentered and is
listed among this turn's inputs too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..frozen import Frozen
from ..lines import Group, Line
from .common import PowerResult, Scenario, Status
from .needed_lines import NEEDED as NEEDED  # the list every reader of unentered asks

if TYPE_CHECKING:
    from .session import Session

#: Whose result a table reads, through which of its lines: reader -> ((power read, the reader's line), ...).
#: A line the edition's table lacks reads nothing (the Original German table has no Italian line).
READS: Mapping[str, tuple[tuple[str, str], ...]] = {
    "germany": (("italy", "italian_resistance"),),
    "japan": (("china", "cum_chinese_resistance"),),
    "election": (("japan", "japanese_resistance"), ("germany", "germany_surrendered")),
}

#: The powers whose state of surrender makes up an Allied defeat (62.91A).
ALLIED_DEFEAT_POWERS = ("france", "britain", "russia")

#: What rests on a needed line besides its power's level and status, in words.
_ALSO: Mapping[tuple[str, str], str] = {
    ("china", "defection_facts"): "the Nationalist defections at the end of the turn (61.31-61.32)",
}
#: What a power's result feeds, in words.
_FEEDS: Mapping[str, str] = {
    "italy": "Germany's table (55.11, Updated rules)",
    "china": "Japan's table (57.11, Original rules)",
    "japan": "the U.S. election (62.31)",
    "germany": "the U.S. election (62.31)",
    "france": "the Allied defeat check (62.91)",
    "britain": "the Allied defeat check (62.91)",
    "russia": "the Allied defeat check (62.91)",
}

#: A declared result: what the end of turn does not declare on values nobody confirmed.
DECLARING = (Status.EFFECTS, Status.BENEFITS, Status.OFFERS, Status.SURRENDERS)


class Missing(Frozen):
    """A needed line nobody entered, with the value it counts as and what rests on it."""

    power: str
    title: str
    line_id: str
    rule: str
    label: str
    counted_as: str
    rests: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.power, self.line_id)

    @property
    def short(self) -> str:
        """"Russian DP level: not entered; counted as 0"."""
        return f"{self.label}: not entered; counted as {self.counted_as}"

    @property
    def text(self) -> str:
        """The whole sentence, for a list of this turn's inputs."""
        return f"{self.title}: {self.label} ({self.rule}): not entered; counted as {self.counted_as}. {self.rests}"


def counted_as(line: Line) -> str:
    """What an unentered line counts as, in words: "0", or "42 full-strength factors" for France's fleet."""
    value = line.default()
    if isinstance(line, Group) and isinstance(value, Mapping):
        shown = [f"{number} {spec.label.lower()}" for spec in line.fields
                 for number in [value.get(spec.key, 0)] if number]
        return ", ".join(shown) if shown else "0"
    if isinstance(value, bool):
        return "not ticked" if not value else "ticked"
    return str(value if value is not None else 0)


def _rests(session: Session, power: str, line: Line) -> tuple[str, str]:
    """What a needed line counts as and what rests on it, in words (its power's level and status, and what that
    result feeds): the same for every game of an edition and scenario, so worked out once."""
    key = (session.edition, session.scenario, power, line.id)
    words = _WORDS.get(key)
    if words is None:
        parts = [_ALSO.get((power, line.id), f"{session_title(power)}'s level and status")]
        read = any(read == power and session.has_line(reader, line_id) for reader, reads in READS.items()
                   for read, line_id in reads)
        if read or (power in ALLIED_DEFEAT_POWERS and session.scenario is not Scenario.PACIFIC):
            parts.append(_FEEDS[power])
        rest = " and ".join(parts)
        words = _WORDS[key] = (counted_as(line), f"{rest[0].upper()}{rest[1:]} rest on it.")
    return words


#: (edition, scenario, power, line id) -> (what it counts as, what rests on it), worked out when first needed.
_WORDS: dict[tuple[Any, Any, str, str], tuple[str, str]] = {}


def session_title(power: str) -> str:
    from . import assess

    return assess.title(power)


def _own_table_counts(session: Session, results: Mapping[str, PowerResult], power: str) -> bool:
    """The power's own result still comes from its table: used in this scenario, not settled by a surrender,
    and (the election) held this turn."""
    result = results.get(power)
    if result is None or result.status is Status.NOT_APPLICABLE:
        return False
    if power == "election":
        return bool(result.figures.get("held", True))
    if power == "britain":   # a Britain at peace, or after Germany's declaration, makes no offer (59.87)
        carry = session.carry.get("britain", {})
        return not (carry.get("surrendered") and (result.figures.get("at_peace") or carry.get("no_more_surrenders")))
    return result.status is not Status.SURRENDERED


def _read_by_counting_table(session: Session, results: Mapping[str, PowerResult], power: str) -> bool:
    return any(_own_table_counts(session, results, reader) and session.has_line(reader, line_id)
               for reader, reads in READS.items() for read, line_id in reads if read == power)


def missing(session: Session, results: Mapping[str, PowerResult], powers: Iterable[str] | None = None) -> list[Missing]:
    """The needed lines nobody entered, of the powers whose values still count (all powers, or ``powers``)."""
    from . import assess

    found: list[Missing] = []
    for power in (assess.DISPLAY_ORDER if powers is None else powers):
        if not (_own_table_counts(session, results, power) or _read_by_counting_table(session, results, power)):
            continue
        wanted = NEEDED.get(power, ())
        entered = session.inputs.get(power, {})
        for line in session.lines(power):   # (none of these lines shows a fact of the war: entered means typed)
            if line.id in wanted and line.id not in entered:
                found.append(Missing(power, session_title(power), line.id, line.rule, line.label,
                                     *_rests(session, power, line)))
    return found


def _closure(power: str, session: Session) -> list[str]:
    """The power and, transitively, the powers whose results its table reads (in this edition)."""
    seen = [power]
    for current in seen:
        for read, line_id in READS.get(current, ()):
            if read not in seen and session.has_line(current, line_id):
                seen.append(read)
    return seen


def resting_on(session: Session, results: Mapping[str, PowerResult]) -> dict[str, list[Missing]]:
    """power -> the values never entered its result rests on (its own and those of the powers it reads); a power
    whose result is settled otherwise (not in the scenario, a recorded surrender) rests on none."""
    all_missing = missing(session, results)
    by_power: dict[str, list[Missing]] = {}
    for power in results:
        if not _own_table_counts(session, results, power):
            continue
        reads = _closure(power, session)
        found = [item for item in all_missing if item.power in reads]
        if found:
            by_power[power] = found
    return by_power


def allied_defeat_rests_on(session: Session, results: Mapping[str, PowerResult]) -> list[Missing]:
    """The values never entered that an Allied defeat (62.91) would rest on: those of France, Britain and Russia
    whose state of surrender this turn's tables decide (not a recorded surrender)."""
    carry = session.carry
    if carry.get("election", {}).get("allied_defeat_turn") is not None:   # declared: settled (issue 37)
        return []
    deciding = [power for power in ALLIED_DEFEAT_POWERS
                if not (power != "russia" and carry.get(power, {}).get("surrendered"))]
    return missing(session, results, deciding)


def to_confirm(session: Session, results: Mapping[str, PowerResult], allied_defeat: bool) -> list[Missing]:
    """The values never entered that something declared at this end of turn rests on (a surrender, an offer, an
    effect, a benefit, the Allied defeat): the players confirm each before the turn ends."""
    from . import assess

    rests = resting_on(session, results)
    found: dict[tuple[str, str], Missing] = {}
    for power in assess.RULE_ORDER:
        result = results.get(power)
        if result is not None and result.status in DECLARING:
            found.update((item.key, item) for item in rests.get(power, ()))
    if allied_defeat:
        found.update((item.key, item) for item in allied_defeat_rests_on(session, results))
    return list(found.values())


def per_turn_inputs(session: Session, results: Mapping[str, PowerResult]) -> list[Missing]:
    """This turn's tallies (Japan's enemy losses once Japan is at war, 57.14B) not entered yet this turn."""
    found: list[Missing] = []
    japan = results.get("japan")
    at_war = session.effective_carry().get("japan", {}).get("war_turn") is not None
    if japan is None or japan.status in (Status.NOT_APPLICABLE, Status.SURRENDERED) or not at_war:
        return found
    for line in session.lines("japan"):
        if line.per_turn and not session.is_entered("japan", line.id):
            found.append(Missing("japan", session_title("japan"), line.id, line.rule, line.label, counted_as(line),
                                 "Enter this turn's tally, 0 included: it starts again each turn."))
    return found


def this_turns_inputs(session: Session, results: Mapping[str, PowerResult]) -> list[Missing]:
    """The start-of-turn check list: every needed value not entered, then this turn's tallies."""
    return [*missing(session, results), *per_turn_inputs(session, results)]


def confirm(session: Session, keys: Iterable[tuple[str, str]]) -> list[str]:
    """The players confirmed these values as counted: enter each as its counted value.  Returns what was entered,
    in words, for the game record."""
    done: list[str] = []
    for power, line_id in keys:
        if session.is_entered(power, line_id):
            continue
        line = session.line(power, line_id)
        session.set_value(power, line_id, line.default())
        done.append(f"{session_title(power)}: {line.label} confirmed as {counted_as(line)} ({line.rule}).")
    return done


def end_the_turn(session: Session, choices: Mapping[str, str] | None = None,
                 confirmed: Iterable[tuple[str, str]] | None = None) -> None:
    """End the Allied player turn with the values the players confirmed entered first, in the record of the turn."""
    from .common import Consequence
    from .session import HistoryEntry, apply_end_of_turn

    said = confirm(session, confirmed or ())
    apply_end_of_turn(session, choices)
    if said:
        entry = next(entry for entry in reversed(session.history) if entry.kind == "end-of-turn")
        index = session.history.index(entry)
        session.history[index] = HistoryEntry(entry.turn, entry.kind, entry.title, entry.levels,
                                              (*(Consequence("", text) for text in said), *entry.events))
