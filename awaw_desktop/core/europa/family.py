"""The Europa Axis political rules (56) as a rules family (``core.family``).

In a ``.awaw`` file a Europa game is ``{"format": "awaw-desktop-session", "family": "europa",
"version": 4, "game": {...}, "record": {...}}``, where ``game`` is ``EuropaGame.to_json()`` (no sealed card is ever
in it) and ``record`` its game record (``core/record``; a file from before version 3 has none: its record starts when
it is read, the same each time).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..family import GameFamily
from ..files.atomic_file import SessionFileError
from ..files.document import FORMAT_NAME, parse_json
from ..frozen import replace
from ..lines import RulesInputError
from ..record.chain import Entry, GameRecord, RecordProblem, game_id_of, migrated_words, table_of, written_record
from . import actions
from .calendar import EuropaTurn
from .game_record import check_against_record, draw_problem, stage_problem, standing, state_digest
from .mail_record import mail_problem
from .migrate import record_era_field
from .readings import readings_markdown
from .report import FORMATS, render, report_text
from .state import EuropaGame

if TYPE_CHECKING:
    from ..printable import PrintableReport, TurnSummary

KEY = "europa"
#: The version of the Europa session document this app writes; it reads every version up to it (version 1 games
#: are brought up to date by ``migrate``).
FILE_VERSION = 4
DOCUMENT_KEYS = ("format", "family", "version", "game", "record")


def new_game(title: str, players: dict[str, str], start: str) -> EuropaGame:
    return actions.new_game(EuropaTurn.parse(start), title, players.get("axis", ""), players.get("allied", ""))


def _game(game: Any) -> EuropaGame:
    if not isinstance(game, EuropaGame):
        raise TypeError(f"not a Europa game: {type(game).__name__}")
    return game


def to_document(game: Any) -> dict[str, Any]:
    europa = _game(game)
    return {"format": FORMAT_NAME, "family": KEY, "version": FILE_VERSION, "game": europa.to_json(),
            "record": europa.record.to_json()}


def from_document(document: dict[str, Any]) -> EuropaGame:
    """Refuses a newer version, a missing or unknown field, and anything the game's own reader refuses."""
    if not isinstance(document, dict) or document.get("format") != FORMAT_NAME or document.get("family") != KEY:
        raise SessionFileError("not a Europa game file")
    version = document.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SessionFileError("damaged: version must be a whole number")
    if "game" not in document and "edition" in document:   # an A World at War session with a Europa family field
        raise SessionFileError("damaged: its family field says Europa, but it holds an A World at War session "
                               "(edition, scenario, tables), not a Europa game")
    if version > FILE_VERSION:
        raise SessionFileError(f"made by a newer version of awaw-desktop (Europa game format {version}; "
                               f"this version reads up to {FILE_VERSION})")
    if version < 1:
        raise SessionFileError(f"damaged: unknown Europa game format {version}")
    extra = sorted(set(document) - set(DOCUMENT_KEYS))
    if extra:
        raise SessionFileError(f"damaged: unknown field {extra[0][:40]!r}")
    if "game" not in document:
        raise SessionFileError("damaged: the game is missing")
    if version < 3:   # a file from before records: nothing in it may be what only a version with records writes
        if "record" in document:
            raise SessionFileError("damaged: unknown field 'record' (a game record is written from format 3 on; "
                                   f"this file says format {version})")
        newer = record_era_field(document["game"], version)
        if newer:
            raise SessionFileError(f"damaged: the file says it is format {version}, from before game records, but "
                                   f"it holds {newer}, which only a version with game records writes")
    game = EuropaGame.from_json(document["game"], "game")
    if version < 3:   # its record starts now, the same for the same file, and says so loudly (docs/game-record.md)
        table = table_of(game.title, [name for _side, name in game.players])
        record = GameRecord(game_id_of(document)).append(
            "migrated", game.turn.title, migrated_words(f"{len(game.log)} events logged before it"), "56",
            {"table": table}, state=state_digest(game), at="")
        return replace(game, record=record)
    if "record" not in document:
        raise SessionFileError("damaged: the game record is missing")
    game = replace(game, record=GameRecord.from_json(document["record"], "record"))
    problem = draw_problem(game)
    if problem:
        raise SessionFileError(f"damaged: {problem} (a copied or replayed draw is refused)")
    by_mail = mail_problem(game, game.record) or stage_problem(game, game.record)
    if by_mail is not None:   # a draw out of step with its record: a wrong secret shown, a step forged, an opened
        raise SessionFileError(f"damaged: the game record does not hold at {by_mail.words()}")   # envelope sealed
    return game


def describe(game: Any) -> tuple[str, str]:
    europa = _game(game)
    return europa.title, europa.turn.title


def report_main(argv: Sequence[str]) -> int:
    """``awaw-desktop report FILE`` for a Europa game: 0 done, 2 bad arguments or an unreadable file."""
    from ..files.gamefile import load

    parser = argparse.ArgumentParser(prog="awaw-desktop report",
                                     description="Print a Europa game's nations, envelopes and rates.")
    parser.add_argument("file", metavar="FILE")
    parser.add_argument("--format", "-f", dest="fmt", default="text", choices=FORMATS,
                        help="text (default), markdown or json; none shows a card before both sides have seen it")
    try:
        args = parser.parse_args(list(argv))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    try:
        loaded = load(args.file)
    except SessionFileError as error:
        print(f"awaw-desktop: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    if loaded.family != KEY:
        print(f"awaw-desktop: {args.file} is not a Europa game", file=sys.stderr)
        return 2
    text = render(loaded.game, args.fmt)
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:  # a console that cannot show every character (the dash of the title)
            encoding = getattr(sys.stdout, "encoding", None) or "ascii"
            sys.stdout.buffer.write(text.encode(encoding, "replace"))
        sys.stdout.flush()
    except BrokenPipeError:
        return 0
    return 0


class Europa:
    """The family's answers to the shared pieces."""

    key = KEY
    title = "Europa: Axis political rules (56)"
    file_version = FILE_VERSION
    turn_example = "Jul I 1943"

    def new_game(self, title: str, players: dict[str, str], start: str) -> EuropaGame:
        return new_game(title, players, start)

    def from_document(self, document: dict[str, Any]) -> EuropaGame:
        return from_document(document)

    def to_document(self, game: Any) -> dict[str, Any]:
        return to_document(game)

    def dumps(self, game: Any) -> bytes:
        from ..files.gamefile import document_bytes

        return document_bytes(to_document(game))

    def describe(self, game: Any) -> tuple[str, str]:
        return describe(game)

    def record_of(self, game: Any) -> GameRecord:
        return _game(game).record

    def check_record(self, raw: bytes) -> tuple[GameRecord, RecordProblem | None]:
        from ..files.gamefile import loads

        try:
            game = loads(raw).game
        except SessionFileError as refused:   # a record that does not hold is named, not only refused
            try:
                record = written_record(parse_json(raw))
            except RulesInputError as error:
                raise SessionFileError(f"damaged: {error}") from None
            problem = record.problem() if record is not None else None
            if record is None or problem is None:
                raise refused from None
            return record, problem
        problem = check_against_record(game, game.record)
        return game.record, problem if problem is not None else next(iter(self.replay(game)), None)

    def replay(self, game: Any, start: int = 0) -> list[RecordProblem]:
        from .replay import replay

        return replay(_game(game), start)

    def standing(self, entries: Sequence[Entry]) -> list[list[tuple[str, str]]]:
        return standing(entries)

    def report_text(self, game: Any) -> str:
        return report_text(_game(game))

    def report_main(self, argv: Sequence[str]) -> int:
        return report_main(argv)

    def readings_markdown(self) -> str:
        return readings_markdown()

    def printable(self, game: Any) -> PrintableReport:
        from .report_print import printable

        return printable(_game(game))

    def turn_summary(self, game: Any) -> TurnSummary:
        from .report_print import turn_summary

        return turn_summary(_game(game))


FAMILY: GameFamily = Europa()
