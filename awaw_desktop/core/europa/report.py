"""What the players read about a Europa game: one block per nation, from public facts only
(a card appears only once it has been shown to both sides), for the report and the nation panel.

Three renderings of the same facts: plain text (the turn track, Edit > Copy), Markdown (for a club's e-mail or
forum) and JSON (for other programs).  None of them holds a sealed card, a side's secret or a passphrase box."""

from __future__ import annotations

import json
from typing import Any

from ..frozen import Frozen
from .calendar import EuropaTurn
from .cards import card_name, effect
from .envelope import Envelope, Stage
from .political import aid_in_transit, aid_received
from .report_extras import game_data, game_lines, nation_extra_data, nation_extra_lines
from .state import EuropaGame, NationState
from .words import counted

FORMATS = ("text", "markdown", "json")
#: Names the JSON report; a change that drops or renames a field raises the version.
JSON_FORMAT, JSON_VERSION = "awaw-desktop-europa-report", 2   # 2: a rate or a condition may be null (not entered)


class EnvelopeView(Frozen):
    stage: Stage
    dates: tuple[tuple[str, EuropaTurn], ...]
    card: str          # "" unless shown to both sides
    effect: str        # what the card does, "" unless public
    in_effect: bool


def envelope_view(envelope: Envelope, turn: EuropaTurn) -> EnvelopeView:
    stage = envelope.stage(turn)
    public = envelope.card if stage in (Stage.SHOWN, Stage.DISCARDED) else ""
    return EnvelopeView(stage, envelope.timeline(turn), public, effect(public).label if public else "",
                        envelope.in_effect(turn))


def nation_facts(nation: NationState, turn: EuropaTurn, game: EuropaGame) -> list[str]:
    """The nation's public facts, one line each (with its rule number): its envelope, rates, defection, conditions,
    last RE count, German aid and what is due this turn."""
    lines = []
    if nation.envelope is None:
        lines.append("National will envelope (56.E.1): none drawn")
    else:
        view = envelope_view(nation.envelope, turn)
        card = f"; card {card_name(view.card)}: {view.effect}" if view.card else ""
        dates = ", ".join(f"{label} {date}" for label, date in view.dates)
        gone = "" if nation.active else "; no more effect: no longer an Axis-Allied nation (56.A, 56.B)"
        lines.append(f"National will envelope (56.E.1): {view.stage.title}{card} ({dates}){gone}")
    record = nation.surrender
    if record.surrendered is not None:
        lines.append(f"Surrendered on {record.surrendered} (56.A)")
    else:
        rate = record.rate()
        said = f"{rate}%" if rate is not None else "not entered"
        rolls = counted(len(record.own_rolls()), "surrender roll")
        lines.append(f"Special replacement rate {said} after {rolls} (56.E.3)")
    for government in record.governments:
        lines.append(f"{government.name} (formed {government.formed}): special replacement rate "
                     f"{record.government_rate(government.name)}% after "
                     f"{counted(len(record.own_rolls(government.name)), 'roll')} of its own (56.E.3)")
    defection = nation.defection
    if defection.defected is not None:
        left = defection.rp_pause_left(turn)
        rps = (f"no RPs for {counted(left, 'more game turn')}, this one included; RPs again from "
               f"{defection.rps_resume()}" if left else "RPs at the usual rate")
        lines.append(f"Defected to the Soviets on {defection.defected} (56.B): {rps}")
    return lines + nation_extra_lines(game, nation)


def nation_lines(nation: NationState, turn: EuropaTurn, game: EuropaGame) -> list[str]:
    return [nation.name, *(f"  {line}" for line in nation_facts(nation, turn, game))]


def _players(game: EuropaGame) -> str:
    return f"Axis: {game.player('axis') or '-'}; Allied: {game.player('allied') or '-'}"


def report_text(game: EuropaGame) -> str:
    head = [f"{game.title or 'Europa game'} \u2014 {game.turn}", _players(game), "", *game_lines(game), ""]
    body = [line for nation in game.nations for line in [*nation_lines(nation, game.turn, game), ""]]
    return "\n".join(head + body).rstrip() + "\n"


def _md(text: str) -> str:
    """One line of Markdown that reads as typed (players' words may hold * _ # ` [ or |)."""
    escaped = "".join(f"\\{c}" if c in "\\`*_[]#|<>" else c for c in text)
    return " ".join(escaped.split())


def report_markdown(game: EuropaGame) -> str:
    lines = [f"# {_md(game.title) or 'Europa game'}", "",
             f"- **Turn:** {game.turn} (the game started on {game.start})",
             f"- **Players:** {_md(_players(game))}"]
    lines += [f"- {_md(line)}" if not line.startswith("  ") else f"  - {_md(line)}" for line in game_lines(game)]
    for nation in game.nations:
        lines += ["", f"## {_md(nation.name)}", ""]
        lines += [f"- {_md(line)}" if not line.startswith("  ") else f"  - {_md(line)}"
                  for line in nation_facts(nation, game.turn, game)]
    if not game.nations:
        lines += ["", "No Axis-Allied nation in the game yet."]
    return "\n".join(lines) + "\n"


def _turn(turn: EuropaTurn | None) -> str | None:
    return turn.title if turn is not None else None


def envelope_data(envelope: Envelope, turn: EuropaTurn) -> dict[str, Any]:
    """An envelope's public facts: its dates and stage, and its card only once shown to both sides."""
    view = envelope_view(envelope, turn)
    return {"mode": envelope.mode, "stage": view.stage.value, "stage_text": view.stage.title,
            "in_effect": view.in_effect, "drawn": _turn(envelope.drawn), "opened": _turn(envelope.opened),
            "opened_by": envelope.opened_by or None, "in_effect_from": _turn(envelope.effective),
            "show_due": _turn(envelope.show_due), "shown": _turn(envelope.shown) if view.card else None,
            "discarded": _turn(envelope.discarded),
            "card": view.card or None, "card_name": card_name(view.card) if view.card else None,
            "card_effect": view.effect or None}


def nation_data(nation: NationState, turn: EuropaTurn, game: EuropaGame) -> dict[str, Any]:
    record, defection = nation.surrender, nation.defection
    return {
        "name": nation.name,
        "envelope": envelope_data(nation.envelope, turn) if nation.envelope is not None else None,
        "past_envelopes": [envelope_data(envelope, turn) for envelope in nation.past_envelopes],
        "surrender": {"surrendered": _turn(record.surrendered), "special_rate": record.rate(),
                      "rolls": [{"turn": roll.turn.title, "die": roll.die, "source": roll.source,
                                 "outcome": roll.outcome, "by": roll.by or None} for roll in record.rolls],
                      "governments": [{"name": g.name, "formed": g.formed.title,
                                       "special_rate": record.government_rate(g.name)} for g in record.governments],
                      "condition": record.condition, "condition_met": record.condition_met},
        "defection": {"defected": _turn(defection.defected),
                      "turns_without_rps_left": defection.rp_pause_left(turn) if defection.defected else 0},
        "german_aid": {"received": aid_received(nation.aid), "on_the_way": aid_in_transit(nation.aid)},
        "facts": nation_facts(nation, turn, game),
        **nation_extra_data(game, nation),
    }


def report_data(game: EuropaGame) -> dict[str, Any]:
    return {"format": JSON_FORMAT, "version": JSON_VERSION,
            "game": {"title": game.title, "start": game.start.title, "turn": game.turn.title,
                     "players": {"axis": game.player("axis"), "allied": game.player("allied")}},
            **game_data(game),
            "nations": [nation_data(nation, game.turn, game) for nation in game.nations]}


def report_json(game: EuropaGame) -> str:
    return json.dumps(report_data(game), indent=2, ensure_ascii=False) + "\n"


def render(game: EuropaGame, fmt: str = "text") -> str:
    """The report in ``fmt`` (one of :data:`FORMATS`)."""
    renderers = {"text": report_text, "markdown": report_markdown, "json": report_json}
    if fmt not in renderers:
        raise ValueError(f"the report format is one of {', '.join(FORMATS)}, not {fmt!r}")
    return renderers[fmt](game)
