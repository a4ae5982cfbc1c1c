"""The Europa game worked out again from its record (issue 35.2): what each end of turn brings by the rules
(``actions.end_turn``) from what the file seals.

A Europa game keeps no state from before each change (its undo is the previous game, in memory): what its file
seals is the game now and its log, every line of which is an entry of the record.  What an end of turn brings that
the rules fix from sealed facts is worked out again and compared with the log it sealed:

- the turn: each end of turn moves the game on by exactly one game turn from the one before it (or from the start);
- the card's dates (56.E.1): an envelope opened before it comes into effect, is due to be shown and is discarded on
  the dates its opening gives, each said by the end of turn that reaches it while it is the nation's envelope and the
  nation is still Axis-Allied; an end of turn that says one the envelope's dates do not give, or leaves one out, is
  named with its turn and both.

Surrender and defection checks and their rolls are the players' (56.A, 56.B: the text gives no table), app dice are
re-derived by ``fair_dice``, draws and showings by the family's check against the record.
"""

from __future__ import annotations

from ..record.chain import Entry, RecordProblem
from .calendar import EuropaTurn
from .envelope import RULE as ENVELOPE_RULE
from .envelope import Envelope
from .state import EuropaGame, LogEntry, NationState

#: What an end of turn logs of a card's dates, in the order ``actions.end_turn`` logs them.
_DATES = ("the card comes into effect", "the card is due to be shown to both sides",
          "the card is discarded; a new card may be drawn")


def _begins(line: LogEntry) -> bool:
    return line.rule == "56" and line.text == f"game turn {line.turn} begins" and not line.nation


def _envelope_at(nation: NationState, turn: EuropaTurn) -> Envelope | None:
    """The nation's envelope when the game moved on to ``turn`` (the last drawn before it: a new one is drawn only
    after the one before is discarded or voided)."""
    held = [*nation.past_envelopes, *((nation.envelope,) if nation.envelope else ())]
    before = [envelope for envelope in held if envelope.drawn < turn]
    return before[-1] if before else None


def _active_at(nation: NationState, turn: EuropaTurn) -> bool:
    """Still Axis-Allied as the game moved on to ``turn`` (neither surrendered nor defected in an earlier turn)."""
    surrendered, defected = nation.surrender.surrendered, nation.defection.defected
    return (surrendered is None or surrendered >= turn) and (defected is None or defected >= turn)


def expected_dates(game: EuropaGame, turn: EuropaTurn) -> set[tuple[str, str]]:
    """(nation, what) of each card date the end of turn that reaches ``turn`` logs by the rules."""
    found: set[tuple[str, str]] = set()
    for nation in game.nations:
        envelope = _envelope_at(nation, turn)
        if envelope is None or envelope.opened is None or not envelope.opened < turn or not _active_at(nation, turn):
            continue
        for label, date in zip(_DATES, (envelope.effective, envelope.show_due, envelope.discarded), strict=True):
            if date == turn:
                found.add((nation.name, label))
    return found


def replay(game: EuropaGame, start: int = 0) -> list[RecordProblem]:
    """Every end of turn recorded from entry ``start`` on whose turn or card dates are not what the rules give, oldest
    first."""
    recorded: dict[str, Entry] = {entry.turn: entry for entry in game.record.entries[max(0, start):]
                                  if entry.kind == "end-of-turn" and entry.summary == f"game turn {entry.turn} begins"}
    if not recorded:
        return []
    names = {nation.name for nation in game.nations}
    findings: list[RecordProblem] = []
    previous = game.start
    log = game.log
    for index, line in enumerate(log):
        if not _begins(line):
            continue
        entry = recorded.get(line.turn.title)
        if entry is not None:
            findings += _checked(game, entry, line.turn, previous, log[index + 1:], names)
        previous = line.turn
    return findings


def _checked(game: EuropaGame, entry: Entry, turn: EuropaTurn, previous: EuropaTurn, after: tuple[LogEntry, ...],
             names: set[str]) -> list[RecordProblem]:
    said = f"End of turn {turn}"
    if turn != previous.next():
        return [RecordProblem(entry.n, entry.turn, f"{said}: the game moved on from {previous} to {turn}, the rules "
                                                   f"give {previous.next()} (one game turn)")]
    logged = set()
    for line in after:
        if line.turn != turn or _begins(line):
            break
        if line.rule == ENVELOPE_RULE and line.text in _DATES and line.nation in names:
            logged.add((line.nation, line.text))
    expected = expected_dates(game, turn)
    words = [f"{nation}: \u201c{what}\u201d is logged, the envelope's dates do not give it"
             for nation, what in sorted(logged - expected)]
    words += [f"{nation}: the envelope's dates give \u201c{what}\u201d, the log does not say it"
              for nation, what in sorted(expected - logged)]
    return [RecordProblem(entry.n, entry.turn, f"{said}: {'; '.join(words)}")] if words else []
