"""A Europa game's turn report on paper and in a forum post (issue 41): the report's Markdown (each nation's
envelope, rates and conditions; public facts only, as every report) and this turn's results
(``core/printable.py`` says what each is).  Europa charts no levels: the nations' states print as the report's
blocks."""

from __future__ import annotations

from ..printable import PrintableReport, TurnSummary, latest_turns_entries
from .cards import card_name
from .report import envelope_view, report_markdown
from .state import EuropaGame, NationState


def _state_words(nation: NationState, game: EuropaGame) -> str:
    """A nation's state in a few words: surrendered or defected, else its envelope and its card once public."""
    if nation.surrender.surrendered is not None:
        return f"surrendered on {nation.surrender.surrendered} (56.A)"
    if nation.defection.defected is not None:
        return f"defected to the Soviets on {nation.defection.defected} (56.B)"
    if nation.envelope is None:
        return "no national will envelope drawn (56.E.1)"
    view = envelope_view(nation.envelope, game.turn)
    card = f"; card {card_name(view.card)}: {view.effect}" if view.card else ""
    return f"envelope {view.stage.title}{card} (56.E.1)"


def printable(game: EuropaGame) -> PrintableReport:
    return PrintableReport(title=game.title or "Europa game", turn=str(game.turn), markdown=report_markdown(game),
                           record_code=game.record.code)


def turn_summary(game: EuropaGame) -> TurnSummary:
    happened_turn, happened = latest_turns_entries(game.record)
    return TurnSummary(title=game.title or "Europa game", turn=str(game.turn),
                       results=tuple((nation.name, _state_words(nation, game)) for nation in game.nations),
                       happened_turn=happened_turn, happened=happened, record_code=game.record.code)
