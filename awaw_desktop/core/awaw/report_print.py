"""A World at War's turn report on paper and in a forum post (issue 41): the report's Markdown, each power's level
at every end of turn (the chart's figures), and this turn's results (``core/printable.py`` says what each is)."""

from __future__ import annotations

from ..printable import LevelSeries, PrintableReport, TurnSummary, latest_turns_entries
from .assess import DISPLAY_ORDER, title
from .common import Status
from .levels import NOT_IN_SCENARIO
from .report import level_words, render_markdown
from .session import Session
from .tipping import session_tipping


def level_series(session: Session) -> LevelSeries:
    """Each power's level at each end of turn (None where it had none: the election in a turn without one); a
    power the scenario leaves out has no line."""
    entries = [entry for entry in session.history if entry.kind == "end-of-turn"]
    left_out = NOT_IN_SCENARIO[session.scenario]
    lines = []
    for power in DISPLAY_ORDER:
        if power in left_out:
            continue
        levels = tuple(None if entry.levels.get(power) is None else int(entry.levels[power]) for entry in entries)
        if any(level is not None for level in levels):
            lines.append((title(power), levels))
    return LevelSeries(caption="Each power's level at each end of turn",
                       turns=tuple(entry.turn.title for entry in entries), lines=tuple(lines))


def printable(session: Session) -> PrintableReport:
    results = session.assess()
    return PrintableReport(title=session.title or "A World at War game", turn=session.turn.title,
                           markdown=render_markdown(session, results, session_tipping(session)),
                           record_code=session.record.code, series=level_series(session))


def turn_summary(session: Session) -> TurnSummary:
    results = session.assess()
    said = tuple((result.title, f"{level_words(result)}, {result.status.title}")
                 for key in DISPLAY_ORDER
                 if (result := results.get(key)) is not None and result.status is not Status.NOT_APPLICABLE)
    happened_turn, happened = latest_turns_entries(session.record)
    return TurnSummary(title=session.title or "A World at War game", turn=session.turn.title, results=said,
                       happened_turn=happened_turn, happened=happened, record_code=session.record.code)
