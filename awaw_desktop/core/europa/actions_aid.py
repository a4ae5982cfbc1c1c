"""Changes for German aid (56.D): the German armour RP pool as it accumulates, and shipments to Axis-Allied
nations in a German movement phase, each logged with its turn and route.  A shipment made by mistake is taken
back on the turn it was made (its RPs return to the pool); Edit > Undo takes back any step."""

from __future__ import annotations

from ..frozen import replace
from ..lines import RulesInputError
from . import german_aid, political
from .actions_base import log_event, require_active, update_nation
from .german_aid import PoolEntry
from .state import EuropaGame
from .words import counted


def shipments(game: EuropaGame) -> tuple[political.AidShipment, ...]:
    return tuple(shipment for nation in game.nations for shipment in nation.aid)


def pool_balance(game: EuropaGame) -> int:
    """The German armour RPs in the pool now (56.D)."""
    return german_aid.pool_balance(game.german_pool, shipments(game))


def record_german_rps(game: EuropaGame, rps: int, kind: str = german_aid.RECEIVED) -> EuropaGame:
    """German armour RPs accumulated this turn (``received``), or used by Germany itself (``used``)."""
    entry = PoolEntry(game.turn, german_aid.check_rps(rps, "German armour RPs"), kind)
    pool = german_aid.add_entry(game.german_pool, shipments(game), entry)
    game = replace(game, german_pool=pool)
    return log_event(game, political.AID_RULE, "", f"{counted(rps, 'German armour RP')} {german_aid.KINDS[kind]}; "
                     f"the pool holds {pool_balance(game)}")


def ship_german_aid(game: EuropaGame, name: str, rps: int, route: str = political.RAIL_AUTOMATIC) -> EuropaGame:
    """German armour RPs shipped to an Axis-Allied nation during a German movement phase (56.D): by rail at once to
    Italy and the Eastern European nations; to Finland by sea or by rail, arriving when the players say so."""
    nation = game.nation(name)
    require_active(nation, "it receives no German aid")
    shipment = political.ship_aid(nation.name, game.turn, rps, route)
    held = pool_balance(game)
    if rps > held:
        raise RulesInputError(f"the German armour RP pool holds {counted(held, 'RP')}: {rps} cannot be shipped (record "
                              "the RPs Germany accumulated first)")
    game = update_nation(game, name, lambda n: replace(n, aid=(*n.aid, shipment)))
    arrival = "arrived" if shipment.arrived else "on the way"
    return log_event(game, political.AID_RULE, nation.name, f"{counted(rps, 'German armour RP')} shipped, {arrival}: "
                     f"{political.ROUTES[route]} The pool holds {pool_balance(game)}")


def aid_arrived(game: EuropaGame, name: str, index: int) -> EuropaGame:
    nation = game.nation(name)
    if not 0 <= index < len(nation.aid) or nation.aid[index].arrived:
        raise RulesInputError("no such shipment on its way")
    aid = tuple(replace(s, arrived=True) if i == index else s for i, s in enumerate(nation.aid))
    return log_event(update_nation(game, name, lambda n: replace(n, aid=aid)), political.AID_RULE, nation.name,
                     f"{counted(nation.aid[index].rps, 'German armour RP')} shipped on {nation.aid[index].turn} "
                     "arrived in Helsinki")


def take_back_shipment(game: EuropaGame, name: str, index: int) -> EuropaGame:
    """A shipment entered by mistake, taken back on the turn it was made: its RPs return to the pool."""
    nation = game.nation(name)
    if not 0 <= index < len(nation.aid):
        raise RulesInputError("no such shipment")
    shipment = nation.aid[index]
    if shipment.turn != game.turn:
        raise RulesInputError(f"that shipment was made on {shipment.turn}: only this turn's shipments are taken back "
                              "(Edit > Undo takes back any step)")
    aid = nation.aid[:index] + nation.aid[index + 1:]
    game = update_nation(game, name, lambda n: replace(n, aid=aid))
    return log_event(game, political.AID_RULE, nation.name, f"the shipment of "
                     f"{counted(shipment.rps, 'German armour RP')} is taken back; the pool holds {pool_balance(game)}")


def aid_lines(game: EuropaGame, name: str) -> tuple[str, ...]:
    """What a nation received, one shipment a line (for its tab and the report)."""
    return tuple(f"{s.turn}: {counted(s.rps, 'RP')}, {political.ROUTES[s.route]}{'' if s.arrived else ' (on the way)'}"
                 for s in game.nation(name).aid)
