"""The readings this package follows, gathered from the data they sit beside (NOTES.md, Europa
section, and our own choices), for the players' readings page."""

from __future__ import annotations

from . import cards, defection, political, recount, surrender

ENVELOPE_READING = ("Opened by the enemy side on turn T, the card is in effect from T + 1 month, seen only by the "
                    "opener until T + 3 months, then shown to both sides, and discarded at T + 7 months (in effect "
                    "up to, not including, that turn). One envelope per nation at a time; a new card is drawn "
                    "after a discard. 52 cards and 2 jokers; a joker has no modifiers.")
REQUEST_READING = ("Only a side that opened the nation's current envelope (not yet discarded) may request an RE "
                   "count; the request shows the "
                   "card to both sides at once and does not move its dates. A count by the owner while the card "
                   "is in effect but still private also shows it.")
COUNTED_READING = ("Counted: the REs of the nation's own and German (army, SS/Police, Luftwaffe) units in its home "
                   "country and possessions and its own units abroad, each multiplied by every modifier that "
                   "applies; forts; losses; and RP pool losses as a figure in RPs. Supply units, depots, Army HQs "
                   "and units within 3 hexes of an enemy unit count 0. Halves are kept exact; only NTs are "
                   "rounded (down, per 5).")
CALENDAR_READING = "Two game turns a month (I and II); 'one month' is two game turns."


def readings() -> list[tuple[str, str]]:
    """(rule, reading) for every reading of the Europa rules family, in rule order."""
    found: list[tuple[str, str]] = [
        ("56", CALENDAR_READING),
        ("56.B.2", defection.RP_READING),
        ("56.C", political.RIVALRY_READING),
        ("56.C", political.CITY_READING),
        ("56.D", political.AID_READING),
        ("56.E", COUNTED_READING),
        ("56.E modifiers", recount.DISTANCE_READING),
    ]
    found += [(m.rule, m.reading) for m in recount.MODIFIERS if m.reading]
    found += [("56.E.1", ENVELOPE_READING), ("56.E.2", REQUEST_READING)]
    seen: set[str] = set()
    for code, fx in cards.TABLE_1.items():
        if fx.reading and fx.reading not in seen:
            seen.add(fx.reading)
            found.append((f"{fx.rule} ({cards.card_short(code)} and alike)", fx.reading))
    found += [(surrender.ROLL_RULE, surrender.RATE_READING), (surrender.ROLL_RULE, surrender.GOVERNMENT_READING)]
    return found


def readings_markdown() -> str:
    """A section for docs/rules-readings.md."""
    lines = ["## Europa: Axis political rules (56)", ""]
    lines += [f"- **{rule}**: {text}" for rule, text in readings()]
    return "\n".join(lines) + "\n"
