"""``awaw-desktop verify FILE``: does a game file hold together with its record?

Checked, in order, each failure naming the first entry that does not hold with its turn (and every entry whose
signature fails, all of them): the chain from the first
entry (every hash); then what the file's rules family can re-derive from what is revealed (``GameFamily.
check_record``: the settled state the file holds against the record's last entry, each undo checkpoint against the
end of turn it was taken before, every commitment and every revealed draw and die).  Prints the head code and
"verified", or what fails, and exits non-zero.  A file this computer has seen a longer or another record of is
named too (``seen``), though that alone does not fail it: the file may be an old copy on purpose.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from .. import family as families
from ..files.atomic_file import SessionFileError, read_limited
from ..files.gamefile import family_of_bytes
from ..frozen import Frozen
from ..lines import RulesInputError
from . import fair_dice
from .chain import GameRecord, RecordProblem


class Verification(Frozen):
    """What ``verify`` found: the record as written, and the first problem (None: verified)."""

    record: GameRecord | None
    problem: RecordProblem | None
    #: Why the file could not be checked at all ("" when it could).
    unreadable: str = ""
    #: Every other entry whose signature does not hold (play by e-mail), named too: an unsigned entry must not hide
    #: a later one in the other player's name.
    more: tuple[RecordProblem, ...] = ()
    #: The game's turn now, as the file holds it ("" if it could not be read): the range verified ends there.
    game_turn: str = ""

    @property
    def verified(self) -> bool:
        return self.record is not None and self.problem is None and not self.unreadable

    def words(self) -> str:
        if self.unreadable or self.record is None:
            return f"not verified: {self.unreadable or 'the file holds no game record'}"
        entries = self.record.entries
        last = self.game_turn or entries[-1].turn if entries else ""
        span = f"{len(entries)} entr{'y' if len(entries) == 1 else 'ies'}, {entries[0].turn} to {last}" if entries \
            else "no entries"
        if self.problem is None:
            return f"record {self.record.code}: verified ({span})"
        others = "".join(f"; and {problem.words()}" for problem in self.more)
        return f"record {self.record.code}: NOT verified: {self.problem.words()}{others}"


def verify_bytes(raw: bytes) -> Verification:
    """Check the bytes of a game file against its record.  Never raises for what a file holds: a check that could
    not finish on it is named as a failure, and the signatures are checked whatever the other checks found (a forged
    entry in the other player's name is never hidden by another problem)."""
    try:
        key = family_of_bytes(raw)
        record, problem = families.get(key).check_record(raw)
    except (SessionFileError, RulesInputError) as error:
        return Verification(None, None, str(error))
    except Exception as error:   # a check that trusted a shape it should not have: a failure, named
        record = _written(raw)
        if record is None:
            return Verification(None, None, f"the file could not be checked ({type(error).__name__}): it is damaged")
        problem = _unfinished(record, error)
    signatures: tuple[RecordProblem, ...] = ()
    if record.problem() is None and any(entry.kind == "key" for entry in record.entries):
        try:
            signatures = record.signature_problems()
        except Exception as error:   # as above
            signatures = (_unfinished(record, error),)
    if problem is None and signatures:   # the chain and the game hold: then every signature (play by e-mail)
        problem = signatures[0]
    if problem is None:   # and every app die drawn in play by e-mail, re-derived from both sides' commitments
        try:
            trouble = fair_dice.problem(record)
        except Exception as error:   # as above
            problem = _unfinished(record, error)
        else:
            problem = None if trouble is None else RecordProblem(trouble.n, trouble.turn, trouble.what)
    more = tuple(other for other in signatures if problem is not None and other != problem)
    return Verification(record, problem, more=more, game_turn=_game_turn(key, raw))


def _game_turn(key: str, raw: bytes) -> str:
    """The game's turn now, as the file holds it (the range ``verify`` names ends there, not at the last entry's
    turn: a game whose last turns recorded nothing is verified to its turn now); "" if it cannot be read."""
    try:
        from ..files.gamefile import loads

        return families.get(key).describe(loads(raw).game)[1]
    except Exception:   # the file's other checks say what is wrong with it
        return ""


def _written(raw: bytes) -> GameRecord | None:
    """The record a file holds as written, or None when even that cannot be read."""
    from ..files.document import parse_json
    from .chain import written_record

    try:
        return written_record(parse_json(raw))
    except Exception:   # unreadable: said as such
        return None


def _unfinished(record: GameRecord, error: BaseException) -> RecordProblem:
    last = record.entries[-1] if record.entries else None
    return RecordProblem(last.n if last else 0, last.turn if last else "",
                         f"the file could not be checked to its end ({type(error).__name__}): an entry or a part of "
                         "the file is damaged or forged")


def verify_path(path: str | os.PathLike[str]) -> Verification:
    try:
        raw = read_limited(path)
    except SessionFileError as error:
        return Verification(None, None, str(error))
    return verify_bytes(raw)


def main(argv: Sequence[str]) -> int:
    """``awaw-desktop verify FILE [FILE ...]``: 0 when every file is verified, 1 when one is not, 2 on bad use."""
    files = [arg for arg in argv if not arg.startswith("-")]
    if not files or len(files) != len(argv):
        print("usage: awaw-desktop verify FILE [FILE ...]", file=sys.stderr)
        return 2
    status = 0
    for name in files:
        verification = verify_path(name)
        print(f"{name}: {verification.words()}")
        if verification.verified and verification.record is not None:
            from .seen import SeenStore

            comparison = SeenStore().compare(verification.record)
            if comparison.trouble:
                from .words import comparison_words

                print(f"  note: {comparison_words(comparison, verification.record)}")
        else:
            status = 1
    return status
