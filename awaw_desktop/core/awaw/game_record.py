"""A World at War's part of the game record (``core/record``): the entries each whole-session step adds, what stood
after each entry, and a file checked against its record.

What the record seals of a session is ``Session.settled_state``: what only recorded steps change.  The players' ticks
and numbers and the facts of the war change freely between ends of turn; what they add up to is sealed by the next
step, whose entry keeps the digest of the undo checkpoint taken just before it, the state that step started from.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..record.chain import Entry, GameRecord, RecordProblem, digest
from ..record.entry_data import Migrated, before_of, data_problem, facts_of, typed
from . import assess
from .levels import signed
from .session import DieRoll, HistoryEntry, Session

#: (kind, the players' words, rule numbers, facts, the turn it happened in: "" for the game's turn then) of one entry
#: to be made.
Made = tuple[str, str, str, dict[str, Any], str]


def _levels(levels: Any) -> str:
    return ", ".join(f"{assess.title(power)} {signed(level)}" for power, level in dict(levels).items())


def history_entry_words(entry: HistoryEntry) -> Made:
    """The entry for one line of the log of turns (an end of turn, a wizard's outcome)."""
    events = "; ".join(f"{event.text} ({event.rule})" if event.rule else event.text for event in entry.events)
    levels = _levels(entry.levels)
    words = entry.title + (f": {levels}" if levels else "") + (f". {events}" if events else "")
    rules = ", ".join(dict.fromkeys(event.rule for event in entry.events if event.rule))
    kind = "end-of-turn" if entry.kind == "end-of-turn" else "procedure"
    return kind, words[:4000], rules[:200], {"levels": dict(entry.levels)}, entry.turn.title


def die_words(roll: DieRoll) -> Made:
    how = "rolled by the app" if roll.source == "rolled" else "typed from a real die"
    return ("die", f"{roll.purpose}: {roll.value} ({how})", roll.rule, {"value": roll.value, "source": roll.source},
            roll.turn.title)


def step_entries(before: Session, after: Session, text: str, kind: str = "event") -> list[Made]:
    """The entries a whole-session step adds: a die for each new die roll, then a line for each new line of the log
    (an end of turn, a wizard's outcome); a step that logs nothing but changes what the record seals (a carried
    value adjusted, the game's details) is one entry in the step's own words; a step that changes neither (What-if
    applied: ticks and numbers) adds nothing."""
    made: list[Made] = [die_words(roll) for roll in after.dice[len(before.dice):]]
    made += [history_entry_words(entry) for entry in after.history[len(before.history):]]
    if not any(entry[0] != "die" for entry in made) and (made or before.state_digest() != after.state_digest()):
        made.append((kind, text, "", {}, ""))
    return made


def record_step(session: Session, made: Sequence[Made], before_point: dict[str, Any] | None = None) -> None:
    """Append a step's entries to the session's record: the last carries the settled state after the step and the
    digest of the undo checkpoint taken before it."""
    for index, (kind, words, rules, data, turn) in enumerate(made):
        last = index == len(made) - 1
        facts = {**data, "before": digest(before_point)} if last and before_point is not None else dict(data)
        session.add_to_record(kind, words, rules, facts, sealed=last, turn=turn)


def standing(entries: Sequence[Entry]) -> list[list[tuple[str, str]]]:
    """Each power's level as it stood after each entry (an entry with no levels keeps the ones before it)."""
    shown: dict[str, int] = {}
    rows: list[list[tuple[str, str]]] = []
    for entry in entries:
        levels = getattr(facts_of(entry), "levels", None)
        if levels:
            shown.update({power: level for power, level in levels.items() if power in assess.ORDER})
        rows.append([(assess.title(power), signed(shown[power])) for power in assess.DISPLAY_ORDER if power in shown])
    return rows


def check_against_record(session: Session, record: GameRecord) -> RecordProblem | None:
    """What of a loaded session does not agree with its record, named by the entry concerned: the settled state
    against the last sealing entry, and each undo checkpoint against the step it was taken before.  An entry whose
    facts are not of the kinds its kind holds is named first (damaged or forged: ``entry_data``)."""
    forged = data_problem(record)
    if forged is not None:
        return forged
    sealing = next((entry for entry in reversed(record.entries) if entry.state), None)
    if sealing is not None and sealing.state != session.state_digest():
        return RecordProblem(sealing.n, sealing.turn, "the file's turn, carried values, outcomes, log of turns or "
                                                      "dice are not those this entry sealed")
    known = {before_of(entry) for entry in record.entries}
    for entry in record.entries:
        migrated = typed(entry, Migrated) if entry.kind == "migrated" else None
        if migrated is not None:
            known.update(migrated.checkpoints)
    for point in session.checkpoints:
        if digest(point) not in known:
            return RecordProblem(len(record.entries) - 1, record.entries[-1].turn if record.entries else "",
                                 f"the undo checkpoint before \u201c{point.get('title', '')}\u201d is not the state "
                                 "the record sealed before that step")
    return None
