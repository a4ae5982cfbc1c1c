"""The rest of rule 56: operational areas (56 and 56.C), city points for political tables (56.C), and
the German armour RP aid with its shipment routes (56.D), as data."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .calendar import EuropaTurn
from .jsonread import Fields

# -- operational areas ----------------------------------------------------------------------

AREA_RULE = "56.C"
#: 56.C: these nations' forces operate only in weather zones C, D and G.
OPERATIONAL_AREAS: dict[str, tuple[str, ...]] = {
    "Hungary": ("C", "D", "G"), "Rumania": ("C", "D", "G"), "Slovakia": ("C", "D", "G"),
}
#: Rule 56's opening paragraph, in our words.
OUTSIDE_AREA = ("56", "A ground unit may not move out of its operational area on its own and is eliminated if "
                      "forced out; an air unit may not fly over a hex outside it.")
RIVALS = ("Rumania", "Slovakia")
RIVALRY = (
    (AREA_RULE, "Hungarian and Rumanian/Slovakian units may not stack together or attack together."),
    (AREA_RULE, "They may not base at the same airbase or fly to the same target hex."),
    (AREA_RULE, "Hungarian forces may not operate in Rumania or Slovakia; Rumanian and Slovakian forces may not "
                "operate in Hungary."),
)
RIVALRY_READING = ("The rivalry restrictions bite while Hungary and Rumania or Slovakia are both in the game and "
                   "neither has surrendered or defected.")


class Restriction(Frozen):
    rule: str
    text: str


def operational_area(nation: str) -> tuple[str, ...]:
    """Weather zones the nation's forces are limited to, () when rule 56 sets none."""
    return OPERATIONAL_AREAS.get(nation.strip().title(), ())


def restrictions(nation: str, active_nations: Iterable[str]) -> tuple[Restriction, ...]:
    """What limits this nation's forces, given the nations still on the Axis side."""
    name = nation.strip().title()
    others = {n.strip().title() for n in active_nations} - {name}
    found: list[Restriction] = []
    zones = operational_area(name)
    if zones:
        found.append(Restriction(AREA_RULE, f"Its forces may operate only in weather zones {', '.join(zones)}."))
        found.append(Restriction(*OUTSIDE_AREA))
    if (name == "Hungary" and others & set(RIVALS)) or (name in RIVALS and "Hungary" in others):
        found += [Restriction(rule, text) for rule, text in RIVALRY]
    return tuple(found)


# -- city points ----------------------------------------------------------------------------

CITY_RULE = "56.C"
#: Points per city and per town for political tables (56.C); Greek islands give nothing.
CITY_POINTS: dict[str, tuple[int, int]] = {
    "Albania": (10, 1), "Bulgaria": (10, 3), "Mainland Greece": (10, 3), "Yugoslavia": (10, 3),
}


def city_points(held: Mapping[str, tuple[int, int]]) -> tuple[int, tuple[str, ...]]:
    """Points for (cities, towns) held per country, with one line per country."""
    total, lines = 0, []
    for country, (cities, towns) in held.items():
        if country not in CITY_POINTS:
            raise RulesInputError(f"56.C gives city points in {', '.join(CITY_POINTS)} only, not {country!r}")
        for what, value in (("cities", cities), ("towns", towns)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 99:
                raise RulesInputError(f"{country}: {what} must be 0 to 99, not {value!r}")
        per_city, per_town = CITY_POINTS[country]
        points = cities * per_city + towns * per_town
        total += points
        lines.append(f"{country}: {cities} x{per_city} + {towns} x{per_town} = {points} ({CITY_RULE})")
    return total, tuple(lines)


# -- German armour RP aid -------------------------------------------------------------------

AID_RULE = "56.D"
RAIL_AUTOMATIC = "rail"
FINLAND_SEA = "sea"
FINLAND_RAIL = "strategic-rail"
ROUTES = {
    RAIL_AUTOMATIC: "By rail, automatically.",
    FINLAND_SEA: "By sea: a German transport carries the RPs from Greater Germany to Helsinki.",
    FINLAND_RAIL: "By rail: the RPs move like German units by strategic rail from a rail hex on the west edge of "
                  "Greater Germany to Helsinki.",
}
AID_READING = "Nations not named in 56.D (other than Finland) are supplied by rail automatically, like Italy."


def aid_routes(nation: str) -> tuple[str, ...]:
    return (FINLAND_SEA, FINLAND_RAIL) if nation.strip().title() == "Finland" else (RAIL_AUTOMATIC,)


class AidShipment(Frozen):
    """German armour RPs given during a German movement phase (56.D)."""

    turn: EuropaTurn
    rps: int
    route: str
    arrived: bool = True   # Finland's shipments arrive when the players say so; rail ones at once

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "rps": self.rps, "route": self.route, "arrived": self.arrived}

    @classmethod
    def from_json(cls, data: Any, where: str) -> AidShipment:
        f = Fields(data, where, ("turn", "rps", "route", "arrived"))
        return cls(f.turn("turn"), f.integer("rps", 1, 999), f.choice("route", tuple(ROUTES)), f.flag("arrived"))


def ship_aid(nation: str, turn: EuropaTurn, rps: int, route: str) -> AidShipment:
    if isinstance(rps, bool) or not isinstance(rps, int) or not 1 <= rps <= 999:
        raise RulesInputError(f"German armour RPs shipped must be 1 to 999, not {rps!r}")
    allowed = aid_routes(nation)
    if route not in allowed:
        raise RulesInputError(f"aid to {nation} goes {' or '.join(ROUTES[r].split(':')[0].lower() for r in allowed)}"
                              f" (56.D), not {route!r}")
    return AidShipment(turn, rps, route, arrived=route == RAIL_AUTOMATIC)


def aid_received(shipments: Iterable[AidShipment]) -> int:
    return sum(s.rps for s in shipments if s.arrived)


def aid_in_transit(shipments: Iterable[AidShipment]) -> int:
    return sum(s.rps for s in shipments if not s.arrived)
