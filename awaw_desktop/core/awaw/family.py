"""A World at War (rules 54-62) as a rules family (``core.family.GameFamily``): a thin adapter around the
session (``session``), its file (``sessionfile``) and the report (``report``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...paths import resources_dir
from ..family import GameFamily
from ..files.atomic_file import SessionFileError
from ..files.document import parse_json
from ..lines import RulesInputError
from ..record.chain import Entry, GameRecord, RecordProblem, written_record
from . import game_record, report, sessionfile
from .common import Season, Turn
from .readings import document
from .session import Session

if TYPE_CHECKING:
    from ..printable import PrintableReport, TurnSummary


def parse_turn(text: str) -> Turn:
    """"Fall 1939", "spring 1942"."""
    words = text.split()
    seasons = {season.value: season for season in Season}
    if len(words) != 2 or words[0].lower() not in seasons or not words[1].isdigit():
        raise RulesInputError(f"a turn is written like 'Fall 1939', not {text!r}")
    return Turn(int(words[1]), seasons[words[0].lower()])


def _written_record(raw: bytes) -> GameRecord | None:
    try:
        return written_record(parse_json(raw))
    except RulesInputError as error:
        raise SessionFileError(f"damaged: {error}") from None


def _session(game: Any) -> Session:
    if not isinstance(game, Session):
        raise TypeError(f"not an A World at War session: {type(game).__name__}")
    return game


class AWorldAtWar:
    """The family's answers to the shared pieces."""

    key = "awaw"
    title = "A World at War (rules 54-62)"
    file_version = sessionfile.FORMAT_VERSION
    turn_example = "Fall 1939"

    def new_game(self, title: str, players: dict[str, str], start: str) -> Session:
        return Session.new(turn=parse_turn(start), players=players, title=title.strip())

    def from_document(self, document: dict[str, Any]) -> Session:
        return sessionfile.from_json(document)

    def to_document(self, game: Any) -> dict[str, Any]:
        return sessionfile.to_json(_session(game))

    def dumps(self, game: Any) -> bytes:
        return sessionfile.dumps(_session(game))

    def describe(self, game: Any) -> tuple[str, str]:
        session = _session(game)
        return session.title, session.turn.title

    def report_text(self, game: Any) -> str:
        return report.report(_session(game), "text")

    def report_main(self, argv: Sequence[str]) -> int:
        return report.main(argv)

    def readings_markdown(self) -> str:
        return document(resources_dir() / "readings")

    def record_of(self, game: Any) -> GameRecord:
        return _session(game).record

    def check_record(self, raw: bytes) -> tuple[GameRecord, RecordProblem | None]:
        try:
            session = sessionfile.loads(raw)   # the quick way for a file as written here, as opening it is
        except SessionFileError as refused:   # a record that does not hold is named, not only refused
            record = _written_record(raw)
            problem = record.problem() if record is not None else None
            if record is None or problem is None:
                raise refused from None
            return record, problem
        problem = game_record.check_against_record(session, session.record)
        return session.record, problem if problem is not None else next(iter(self.replay(session)), None)

    def replay(self, game: Any, start: int = 0) -> list[RecordProblem]:
        from .replay import replay

        return replay(_session(game), start)

    def standing(self, entries: Sequence[Entry]) -> list[list[tuple[str, str]]]:
        return game_record.standing(entries)

    def printable(self, game: Any) -> PrintableReport:
        from .report_print import printable

        return printable(_session(game))

    def turn_summary(self, game: Any) -> TurnSummary:
        from .report_print import turn_summary

        return turn_summary(_session(game))


FAMILY: GameFamily = AWorldAtWar()
