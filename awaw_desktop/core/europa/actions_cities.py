"""Changes for city points (56.C): the cities and towns of Albania, Bulgaria, Greece and Yugoslavia the players
enter, and who holds each.  Every change is logged, so the record says when a place changed hands."""

from __future__ import annotations

from ..frozen import replace
from ..lines import RulesInputError
from .actions_base import log_event
from .city_points import MAX_PLACES, Place, make_place, totals
from .draw import SIDE_TITLES
from .political import CITY_RULE
from .state import EuropaGame
from .words import counted


def _said(place: Place) -> str:
    points, why = place.points()
    return f"{place.name} ({place.kind}, {place.country}{', island' if place.island else ''}), held by the " \
           f"{SIDE_TITLES[place.holder]} side: {counted(points, 'point')}, {why}"


def _totals(game: EuropaGame) -> str:
    found = totals(game.places)
    return "; ".join(f"{SIDE_TITLES[side]} {points}" for side, points in found.by_side)


def add_place(game: EuropaGame, name: str, country: str, kind: str, island: bool, holder: str) -> EuropaGame:
    place = make_place(name, country, kind, island, holder)
    if len(game.places) >= MAX_PLACES:
        raise RulesInputError(f"a game holds at most {MAX_PLACES} cities and towns")
    if any(p.name.casefold() == place.name.casefold() and p.country == place.country for p in game.places):
        raise RulesInputError(f"{place.name} in {place.country} is already entered")
    game = replace(game, places=(*game.places, place))
    return log_event(game, CITY_RULE, "", f"city points: {_said(place)}; totals {_totals(game)}")


def change_place(game: EuropaGame, index: int, place: Place) -> EuropaGame:
    """A place corrected or changing hands."""
    if not 0 <= index < len(game.places):
        raise RulesInputError("no such city or town")
    before = game.places[index]
    if place == before:
        return game
    if any(i != index and p.name.casefold() == place.name.casefold() and p.country == place.country
           for i, p in enumerate(game.places)):
        raise RulesInputError(f"{place.name} in {place.country} is already entered")
    game = replace(game, places=tuple(place if i == index else p for i, p in enumerate(game.places)))
    verb = (f"passes to the {SIDE_TITLES[place.holder]} side" if place.holder != before.holder
            and (place.name, place.country, place.kind, place.island) == (before.name, before.country, before.kind,
                                                                          before.island) else "corrected")
    return log_event(game, CITY_RULE, "", f"city points: {before.name} {verb}: {_said(place)}; totals "
                     f"{_totals(game)}")


def remove_place(game: EuropaGame, index: int) -> EuropaGame:
    if not 0 <= index < len(game.places):
        raise RulesInputError("no such city or town")
    gone = game.places[index]
    game = replace(game, places=game.places[:index] + game.places[index + 1:])
    return log_event(game, CITY_RULE, "", f"city points: {gone.name} removed; totals {_totals(game)}")
