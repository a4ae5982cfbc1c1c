"""A World at War's game worked out again from its record (issue 35.2): every end of turn whose undo checkpoint the
file keeps is replayed by the rules (``session.apply_end_of_turn``, the same pure core the window ends a turn with)
from the state it started from, and what the rules give is compared with what the game went on from.

What each end-of-turn entry holds: the digest of the checkpoint taken just before it (``data.before``), each power's
level (``data.levels``) and the digest of the settled state after it (``state``).  The file keeps the latest
``checkpoint_blob.MAX_CHECKPOINTS`` checkpoints, each sealed by the entry of the step it was taken before; so for an
end of turn whose checkpoint is kept, the state it started from is known (the checkpoint) and so is the state the
game went on from (the next step's checkpoint, or the game itself after the last step).  The replay names, with the
entry's turn, each carried value, level, outcome or turn that the rules do not give ("End of turn Fall 1940: carried
value Germany firestorms sealed 12, the rules give 9").

An end of turn later undone left no state behind but its digest: it is replayed and compared by that digest (when
its questions' answers are the rules' usual ones or are recorded).  An end of turn whose checkpoint the file no
longer keeps (more than 400 steps ago) is held by the chain alone.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from ..files.atomic_file import SessionFileError
from ..lines import RulesInputError
from ..record.chain import Entry, RecordProblem, digest
from ..record.entry_data import EndOfTurn, before_of, typed
from . import assess
from .common import Consequence, Turn
from .levels import signed
from .session import HistoryEntry, Session, apply_end_of_turn

#: What one replay can go wrong on with a hostile checkpoint (its shape is checked as the file is read, not every
#: value's kind as the rules read it): named as a finding, never raised.
_DAMAGED = (ArithmeticError, AttributeError, KeyError, LookupError, TypeError, ValueError, msgspec.MsgspecError,
            RulesInputError, SessionFileError)
#: The most differences named for one end of turn.
_NAMED = 4


def replay(session: Session, start: int = 0) -> list[RecordProblem]:
    """Every end of turn from entry ``start`` on (0: from the first entry; a later index: only what this computer has
    not replayed before) that the rules do not give from the checkpoint it started from, oldest first."""
    entries = session.record.entries
    points = session.checkpoints
    if not points or start >= len(entries):
        return []
    index_of = {digest(point): index for index, point in enumerate(points)}
    findings: list[RecordProblem] = []
    for position in range(max(0, start), len(entries)):
        entry = entries[position]
        if entry.kind != "end-of-turn" or not entry.state:
            continue
        index = index_of.get(before_of(entry))
        if index is None:   # not kept: held by the chain and its digests alone
            continue
        try:
            finding = _replayed(session, index, entry, _went_on_from(session, index, position, index_of))
        except _DAMAGED as error:
            finding = RecordProblem(entry.n, entry.turn, f"End of turn {entry.turn}: cannot be worked out again from "
                                                         f"the checkpoint it started from, which is damaged ({error})")
        if finding is not None:
            findings.append(finding)
    return findings


def _restored(session: Session, index: int) -> Session:
    """The session as it was before checkpoint ``index`` (``Session.restore_checkpoint``; its record shared, never
    changed here).  The checkpoint holds JSON values only: msgpack copies them some five times faster than
    ``copy.deepcopy``."""
    point = session.checkpoints[index]
    twin = copy.copy(session)
    state = msgspec.msgpack.decode(msgspec.msgpack.encode(point["state"]))
    for name in Session.STATE_FIELDS:
        setattr(twin, name, state[name])
    twin.turn = Turn(point["turn"]["year"], point["turn"]["season"])
    twin.history = list(session.history[:point["history_length"]])
    twin.dice = list(session.dice[:point["dice_length"]])
    twin.checkpoints = list(session.checkpoints[:index])
    return twin


class _After:
    """What the game went on from after a step: its turn, carried values and outcomes, and the line it logged."""

    def __init__(self, turn: Turn, state: Mapping[str, Any], logged: HistoryEntry | None) -> None:
        self.turn, self.carry, self.outcomes, self.logged = turn, state["carry"], state["outcomes"], logged


def _went_on_from(session: Session, index: int, position: int, index_of: Mapping[str, int]) -> _After | None:
    """The state the game went on from after the end of turn at ``position`` (taken before checkpoint ``index``), or
    None when it did not go on from it (undone, or gone back from).

    The checkpoints the game keeps say what stands: undo and redo restore them with the state.  So a later step is
    read by the moment it started from: one whose checkpoint is gone was undone since (what it changed came back),
    an undo or redo entry starts from no checkpoint, and one that started from this step's own moment means this
    step was undone and another taken instead.  The next kept step's checkpoint is the state this one left; with
    none, the game now is, if this is the last kept step."""
    entries = session.record.entries
    own = digest(session.checkpoints[index])
    start_length = session.checkpoints[index]["history_length"]
    for later in entries[position + 1:]:
        started = before_of(later)
        if not started:
            continue   # an undo or redo, a die of the next step, a turn sent, a side's keys
        if started == own:
            return None   # this step was undone, and another one taken from the same moment
        kept = index_of.get(started)
        if kept is None:
            continue   # a later step since undone: its checkpoint went with it
        if kept != index + 1:
            return None
        point = session.checkpoints[index + 1]
        logged = session.history[start_length] if point["history_length"] > start_length else None
        return _After(Turn(point["turn"]["year"], point["turn"]["season"]), point["state"], logged)
    if index != len(session.checkpoints) - 1:
        return None
    logged = session.history[start_length] if len(session.history) > start_length else None
    return _After(session.turn, {"carry": session.carry, "outcomes": session.outcomes}, logged)


def _choices(report: Any, logged: HistoryEntry | None, recorded: EndOfTurn | None) -> dict[str, str] | None:
    """The answers the players gave to the end-of-turn questions: recorded with the entry, else read back from the
    line it logged (each answer is logged as "question \u2014 answer"), else the rules' usual ones (None)."""
    if recorded is not None and recorded.choices:
        return dict(recorded.choices)
    if logged is None or not report.questions:
        return None
    events = set(logged.events)
    return {question.id: option for question in report.questions for option, label in question.options
            if Consequence(question.rule, f"{question.prompt} \u2014 {label}") in events}


def _replayed(session: Session, index: int, entry: Entry, after: _After | None) -> RecordProblem | None:
    recorded = typed(entry, EndOfTurn)
    trial = _restored(session, index)
    choices = dict(recorded.choices) if recorded is not None and recorded.choices else None
    report = apply_end_of_turn(trial, choices)
    if after is None:   # undone or gone back from: only its digest is left to compare
        if trial.state_digest() == entry.state or (report.questions and choices is None):
            return None   # the same; or answers to its questions not recorded and not logged anywhere kept
        return RecordProblem(entry.n, entry.turn, f"End of turn {entry.turn} (later undone): the state it sealed is "
                                                  "not the one the rules give from the checkpoint it started from")
    differences = _differences(trial, after)
    if differences and report.questions:
        answers = _choices(report, after.logged, recorded)
        if answers is not None and answers != (choices or {}):
            trial = _restored(session, index)
            apply_end_of_turn(trial, answers)
            differences = _differences(trial, after)
    if not differences:
        return None
    more = f" (and {len(differences) - _NAMED} more)" if len(differences) > _NAMED else ""
    return RecordProblem(entry.n, entry.turn, f"End of turn {entry.turn}: {'; '.join(differences[:_NAMED])}{more}")


def _shown(value: Any) -> str:
    return str(value) if isinstance(value, (int, float, str)) else repr(value)[:80]


def _differences(trial: Session, after: _After) -> list[str]:
    """What the game went on from that the rules do not give, in the players' words."""
    found: list[str] = []
    if trial.turn != after.turn:
        found.append(f"the turn after it is {after.turn.title}, the rules give {trial.turn.title}")
    carry = after.carry if isinstance(after.carry, dict) else {}
    for power in dict.fromkeys([*trial.carry, *carry]):
        ours, theirs = trial.carry.get(power, {}), carry.get(power, {})
        theirs = theirs if isinstance(theirs, dict) else {}
        for key in dict.fromkeys([*ours, *theirs]):
            if ours.get(key) != theirs.get(key):
                found.append(f"carried value {assess.title(power)} {key} sealed {_shown(theirs.get(key))}, the rules "
                             f"give {_shown(ours.get(key))}")
    if trial.outcomes != after.outcomes:
        found.append("the procedures' outcomes it sealed are not the ones it started from")
    found += _logged_differences(trial.history[-1] if trial.history else None, after.logged)
    return found


def _logged_differences(ours: HistoryEntry | None, theirs: HistoryEntry | None) -> list[str]:
    if ours is None or theirs is None:
        return [] if ours is theirs else ["the line of the log of turns it sealed is missing"]
    found = [f"{assess.title(power)}'s level sealed {_level(theirs.levels.get(power))}, the rules give "
             f"{_level(ours.levels.get(power))}" for power in dict.fromkeys([*ours.levels, *theirs.levels])
             if ours.levels.get(power) != theirs.levels.get(power)]
    if (ours.turn, ours.kind, ours.title) != (theirs.turn, theirs.kind, theirs.title):
        found.append(f"the line of the log it sealed is \u201c{theirs.title}\u201d, the rules give "
                     f"\u201c{ours.title}\u201d")
    if not _same_events(ours.events, theirs.events):
        found.append("what the log of turns says happened is not what the rules give")
    return found


def _level(value: Any) -> str:
    return signed(value) if isinstance(value, int) and not isinstance(value, bool) else "none"


def _same_events(ours: Sequence[Consequence], theirs: Sequence[Consequence]) -> bool:
    """The rules' events, after the values the players confirmed as counted (each logged first, with no rule)."""
    extra = len(theirs) - len(ours)
    return extra >= 0 and tuple(theirs[extra:]) == tuple(ours) and all(not event.rule for event in theirs[:extra])
