"""City points for the political tables (56.C): each city and town held in Albania, Bulgaria, mainland Greece
or Yugoslavia, with its points (10 a city; 3 a town, 1 in Albania), and the totals the political tables read.

Every place the players enter is taken.  A place on a Greek island counts nothing: 56.C names mainland Greece
only; the reason stands on its line.  An island place elsewhere counts: 56.C leaves out only Greece's islands."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .draw import SIDE_TITLES, SIDES
from .jsonread import Fields
from .political import CITY_POINTS, CITY_RULE

COUNTRIES = ("Albania", "Bulgaria", "Greece", "Yugoslavia")
CITY = "city"
TOWN = "town"
KINDS = {CITY: "city", TOWN: "town"}
MAX_PLACES = 200
MAX_NAME = 60
ISLAND_READING = ("A city or town on a Greek island counts no points (56.C names mainland Greece only); an island "
                  "place in Albania, Bulgaria or Yugoslavia counts like any other (56.C names those countries "
                  "whole).")
HOLDER_READING = ("The political tables' reading of city points is left to the scenario: the app totals the points "
                  "each side holds, per country and in all.")


def _table_country(country: str, island: bool) -> str:
    return "Mainland Greece" if country == "Greece" and not island else country


class Place(Frozen):
    """A city or town of 56.C's countries and the side that holds it."""

    name: str
    country: str
    kind: str
    island: bool
    holder: str

    def __post_init__(self) -> None:
        name = self.name or "a place"
        if not self.name.strip():
            raise RulesInputError("a city or town needs a name")
        if len(self.name) > MAX_NAME:
            raise RulesInputError(f"a place's name is at most {MAX_NAME} characters")
        if self.country not in COUNTRIES:
            raise RulesInputError(f"{name}: 56.C gives city points in {', '.join(COUNTRIES)} only, not "
                                  f"{self.country!r}")
        if self.kind not in KINDS:
            raise RulesInputError(f"{name}: a place is a city or a town, not {self.kind!r}")
        if self.holder not in SIDES:
            raise RulesInputError(f"{name}: a place is held by the Axis or the Allied side, not {self.holder!r}")

    def points(self) -> tuple[int, str]:
        """The place's points and why, in a few words with the rule."""
        if self.country == "Greece" and self.island:
            return 0, f"on a Greek island: 56.C counts mainland Greece only ({CITY_RULE})"
        per_city, per_town = CITY_POINTS[_table_country(self.country, self.island)]
        points = per_city if self.kind == CITY else per_town
        where = "mainland Greece" if self.country == "Greece" else self.country
        island = ", on an island (56.C leaves out only Greece's islands)" if self.island else ""
        return points, f"a {self.kind} in {where}: {points}{island} ({CITY_RULE})"

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "country": self.country, "kind": self.kind, "island": self.island,
                "holder": self.holder}

    @classmethod
    def from_json(cls, data: Any, where: str) -> Place:
        f = Fields(data, where, ("name", "country", "kind", "island", "holder"))
        try:
            return cls(f.text("name", MAX_NAME), f.choice("country", COUNTRIES), f.choice("kind", tuple(KINDS)),
                       f.flag("island"), f.choice("holder", SIDES))
        except RulesInputError as error:
            raise RulesInputError(f"{where}: {error}") from error


class CityTotals(Frozen):
    """Points held per side, in all and per country."""

    by_side: tuple[tuple[str, int], ...]
    by_country: tuple[tuple[str, str, int], ...]   # (side, country, points)

    def side(self, side: str) -> int:
        return dict(self.by_side)[side]

    def lines(self) -> tuple[str, ...]:
        """One line per side: its total and the countries it comes from."""
        out = []
        for side, total in self.by_side:
            parts = [f"{country} {points}" for who, country, points in self.by_country if who == side and points]
            detail = f" ({', '.join(parts)})" if parts else ""
            out.append(f"Held by the {SIDE_TITLES[side]} side: {total} city points{detail} ({CITY_RULE})")
        return tuple(out)


def totals(places: Iterable[Place]) -> CityTotals:
    listed = tuple(places)
    by_country = tuple((side, country, sum(p.points()[0] for p in listed if p.holder == side and p.country == country))
                       for side in SIDES for country in COUNTRIES)
    by_side = tuple((side, sum(points for who, _country, points in by_country if who == side)) for side in SIDES)
    return CityTotals(by_side, by_country)


def make_place(name: str, country: str, kind: str, island: bool, holder: str) -> Place:
    return Place(" ".join(name.split()), country, kind, bool(island), holder)
