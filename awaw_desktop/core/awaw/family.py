"""A World at War (rules 54-62) as a rules family (``core.family``): a thin adapter around the session
(``core.session``), its file (``core.sessionfile``) and the report (``core.report``), which stay as they are."""

from __future__ import annotations

from typing import Any

from ...paths import resources_dir
from ..family import Family
from ..lines import RulesInputError
from .common import Season, Turn
from .readings import document
from .report import main as report_main
from .report import report
from .session import Session
from .sessionfile import FORMAT_VERSION, from_json, to_json


def parse_turn(text: str) -> Turn:
    """"Fall 1939", "spring 1942"."""
    words = text.split()
    seasons = {season.value: season for season in Season}
    if len(words) != 2 or words[0].lower() not in seasons or not words[1].isdigit():
        raise RulesInputError(f"a turn is written like 'Fall 1939', not {text!r}")
    return Turn(int(words[1]), seasons[words[0].lower()])


def new_game(title: str, players: dict[str, str], start: str) -> Session:
    return Session.new(turn=parse_turn(start), players=players, title=title.strip())


def _session(game: Any) -> Session:
    if not isinstance(game, Session):
        raise TypeError(f"not an A World at War session: {type(game).__name__}")
    return game


def describe(game: Any) -> tuple[str, str]:
    session = _session(game)
    return session.title, session.turn.title


FAMILY = Family(
    key="awaw",
    title="A World at War (rules 54-62)",
    file_version=FORMAT_VERSION,
    turn_example="Fall 1939",
    new_game=new_game,
    from_document=from_json,
    to_document=lambda game: to_json(_session(game)),
    report_text=lambda game: report(_session(game), "text"),
    report_main=report_main,
    readings_markdown=lambda: document(resources_dir() / "readings"),
    describe=describe,
    window="awaw_desktop.ui.awaw.main_window:MainWindow",
)
