"""The readings this package follows, gathered from the data they sit beside (NOTES.md, Europa
section, and our own choices), for the players' readings page."""

from __future__ import annotations

from . import cards, city_points, count_record, defection, german_aid, political, recount, roster, surrender, unit_count

ENVELOPE_READING = ("Opened by the enemy side on turn T, the card is in effect from T + 1 month, seen only by the "
                    "opener until T + 3 months, then shown to both sides, and discarded at T + 7 months (in effect "
                    "up to, not including, that turn). One envelope per nation at a time; a new card is drawn "
                    "after a discard. 52 cards and 2 jokers; a joker has no modifiers.")
REQUEST_READING = ("Only a side that opened the nation's current envelope (not yet discarded) may request an RE "
                   "count; the request shows the card to both sides at once and does not move its dates. A nation "
                   "that surrendered or defected has no more envelopes and no more RE counts.")
COUNTED_READING = ("Counted: the REs of the nation's own and German (army, SS/Police, Luftwaffe) units in its home "
                   "country and possessions and its own units abroad, each multiplied by every modifier that "
                   "applies; forts; losses; and RP pool losses as a figure in RPs. Supply units, depots, Army HQs "
                   "and units within 3 hexes of an enemy unit are entered and count 0, with the reason on their "
                   "line. Halves are kept exact; only NTs are rounded (down, per 5).")
OUT_OF_GAME_READING = ("A nation that surrendered or defected (56.A, 56.B) has no more national will: its opened "
                       "card has no more effect, so it needs no showing and never holds up the end of a turn.")
CALENDAR_READING = "Two game turns a month (I and II); 'one month' is two game turns."


def readings() -> list[tuple[str, str]]:
    """(rule, reading) for every reading of the Europa rules family, in rule order."""
    found: list[tuple[str, str]] = [
        ("56", CALENDAR_READING),
        ("56.A, 56.B", defection.CHECK_READING),
        ("56.B.2", defection.RP_READING),
        ("56.C", political.RIVALRY_READING),
        ("56.C", city_points.ISLAND_READING),
        ("56.C", city_points.HOLDER_READING),
        ("56.D", political.AID_READING),
        ("56.D", german_aid.POOL_READING),
        ("56.E", COUNTED_READING),
        ("56.E", unit_count.MAJOR_ABROAD_READING),
        ("56.E modifiers", unit_count.HOME_ONLY_READING),
        ("56.E modifiers", recount.DISTANCE_READING),
    ]
    found += [(m.rule, m.reading) for m in recount.MODIFIERS if m.reading]
    found += [("56.E.1", ENVELOPE_READING), ("56.E.1", OUT_OF_GAME_READING), ("56.E.2", REQUEST_READING),
              ("56.E.2", count_record.OWNER_COUNT_READING)]
    by_reading: dict[str, list[str]] = {}
    for code, fx in cards.TABLE_1.items():
        if fx.reading:
            by_reading.setdefault(fx.reading, []).append(code)
    found += [(f"{cards.TABLE_RULE} ({_card_set(codes)})", text) for text, codes in by_reading.items()]
    found.append((recount.COUNTS_RULE, roster.GROUND_LOSSES_READING))
    found += [(surrender.ROLL_RULE, surrender.RATE_READING), (surrender.ROLL_RULE, surrender.GOVERNMENT_READING),
              (surrender.ROLL_RULE, surrender.RATE_NOT_ENTERED_READING)]
    return found


def _card_set(codes: list[str]) -> str:
    """"K♠, K♣" or "10♠-2♠" for a run of one suit."""
    by_suit: dict[str, list[str]] = {}
    for code in codes:
        by_suit.setdefault(code[-1], []).append(code)
    parts = []
    for suit_codes in by_suit.values():
        first, last = cards.card_short(suit_codes[0]), cards.card_short(suit_codes[-1])
        parts.append(first if len(suit_codes) == 1 else f"{first}-{last}" if len(suit_codes) > 2 else
                     f"{first}, {last}")
    return ", ".join(parts)


def readings_markdown() -> str:
    """A section for docs/rules-readings.md."""
    lines = ["## Europa: Axis political rules (56)", ""]
    lines += [f"- **{rule}**: {text}" for rule, text in readings()]
    return "\n".join(lines) + "\n"
