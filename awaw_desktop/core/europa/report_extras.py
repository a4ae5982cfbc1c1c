"""The report's facts beyond the envelope: conditions and checks (56.A, 56.B), RE counts (56.E.2), German aid
(56.D) and city points (56.C), as lines and as JSON.  Public facts only."""

from __future__ import annotations

from typing import Any

from . import actions_aid, german_aid, political
from .city_points import KINDS, totals
from .draw import SIDE_TITLES
from .state import EuropaGame, NationState
from .turn_start import due_this_turn
from .words import counted


def held_words(holds: bool | None) -> str:
    return {True: "holds", False: "does not hold", None: "not recorded"}[holds]


def condition_lines(nation: NationState) -> list[str]:
    lines = []
    for what, record, rule in (("Surrender", nation.surrender, "56.A"), ("Defection", nation.defection, "56.B")):
        if record.condition or record.condition_met is not None:
            text = record.condition or "not written down"
            lines.append(f"{what} condition ({held_words(record.condition_met)}): {text} ({rule})")
    checks = nation.defection.checks
    if checks:
        last = checks[-1]
        die = f" die {last.die} ({last.source})" if last.die is not None else ""
        lines.append(f"Defection checks recorded: {len(checks)}, the last on {last.turn}:{die} "
                     f"{last.outcome}".rstrip() + " (56.B)")
    return lines


def count_line(nation: NationState) -> list[str]:
    if not nation.counts:
        return []
    return [f"Last RE count (56.E.2): {nation.counts[-1].summary()}"]


def aid_lines(nation: NationState) -> list[str]:
    if not nation.aid:
        return []
    received, on_way = political.aid_received(nation.aid), political.aid_in_transit(nation.aid)
    lines = [f"German armour RP aid (56.D): {received} received, {on_way} on the way"]
    lines += [f"  {s.turn}: {counted(s.rps, 'RP')}, {political.ROUTES[s.route]}{'' if s.arrived else ' On the way.'}"
              for s in nation.aid]
    return lines


def due_lines(game: EuropaGame, nation: NationState) -> list[str]:
    return [f"This turn: {due.text} ({due.rule})" for due in due_this_turn(game, nation.name)]


def nation_extra_lines(game: EuropaGame, nation: NationState) -> list[str]:
    return [*condition_lines(nation), *count_line(nation), *aid_lines(nation), *due_lines(game, nation)]


def pool_line(game: EuropaGame) -> str:
    received = sum(e.rps for e in game.german_pool if e.kind == german_aid.RECEIVED)
    used = sum(e.rps for e in game.german_pool if e.kind == german_aid.USED)
    shipped = sum(s.rps for s in actions_aid.shipments(game))
    return (f"German armour RP pool (56.D): {counted(actions_aid.pool_balance(game), 'RP')} (accumulated {received}, "
            f"used by Germany {used}, shipped {shipped})")


def city_lines(game: EuropaGame) -> list[str]:
    if not game.places:
        return ["City points (56.C): no city or town entered"]
    lines = ["City points (56.C):"]
    for place in game.places:
        points, why = place.points()
        lines.append(f"  {place.name}, {KINDS[place.kind]} in {place.country}{' (island)' if place.island else ''}, "
                     f"held by the {SIDE_TITLES[place.holder]} side: {points} ({why})")
    lines += [f"  {line}" for line in totals(game.places).lines()]
    return lines


def game_lines(game: EuropaGame) -> list[str]:
    """The game's own facts, before the nations."""
    return [pool_line(game), *city_lines(game)]


def game_data(game: EuropaGame) -> dict[str, Any]:
    found = totals(game.places)
    return {
        "german_pool": {"balance": actions_aid.pool_balance(game),
                        "entries": [{"turn": e.turn.title, "rps": e.rps, "kind": e.kind} for e in game.german_pool]},
        "city_points": {"places": [{"name": p.name, "country": p.country, "kind": p.kind, "island": p.island,
                                    "holder": p.holder, "points": p.points()[0], "why": p.points()[1]}
                                   for p in game.places],
                        "totals": dict(found.by_side),
                        "by_country": [{"side": side, "country": country, "points": points}
                                       for side, country, points in found.by_country]},
    }


def nation_extra_data(game: EuropaGame, nation: NationState) -> dict[str, Any]:
    last = nation.counts[-1] if nation.counts else None
    defection = nation.defection
    return {
        "surrender_condition_holds": nation.surrender.condition_met,
        "defection_condition": {"text": defection.condition, "holds": defection.condition_met,
                                "checks": [{"turn": c.turn.title, "outcome": c.outcome, "die": c.die,
                                            "source": c.source or None} for c in defection.checks]},
        "last_count": None if last is None else {
            "turn": last.turn.title, "by_side": last.by_side, "forces": str(last.forces), "forts": str(last.forts),
            "ground": str(last.ground), "air": str(last.air), "naval": str(last.naval), "rp_pool": last.rp_pool,
            "card": last.card or None, "card_left_out": last.card_left_out, "summary": last.summary()},
        "shipments": [{"turn": s.turn.title, "rps": s.rps, "route": s.route, "arrived": s.arrived}
                      for s in nation.aid],
        "due_this_turn": [{"kind": due.kind, "rule": due.rule, "text": due.text, "done": due.done}
                          for due in due_this_turn(game, nation.name)],
    }
