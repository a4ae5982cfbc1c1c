"""The lines of the Japanese Resistance Table (57.11): the situation modifiers, recomputed each turn, and
this turn's cumulative modifiers (57.14), for each edition.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..frozen import field
from ..lines import Choice, Context, Count, Derived, Escalating, FieldSpec, Flag, Group, Line, Option, Value, in_section
from .common import Edition
from .japan_clock import STARTING_ISLAND_GROUPS, island_balance_modifier, island_groups, loss_brps, loss_modifier
from .levels import signed

# --------------------------------------------------------------------------- table lines

class ContextGroup(Group):
    """A :class:`Group` whose points also read the context (carried values, the other side's
    island groups).  ``rate`` returns (points, note)."""

    rate: Callable[[Mapping[str, int], Context], tuple[int, str]] = field(default=lambda values, context: (0, ""))

    def points(self, value: Value, context: Context) -> int:
        return self.rate(self.validate(value), context)[0]

    def describe(self, value: Value, context: Context) -> str:
        return self.rate(self.validate(value), context)[1]


def _ctx_int(context: Context, key: str, default: int) -> int:
    value = context.get(key, default)
    return default if value is None else int(value)


# Situation modifiers -------------------------------------------------------------------

PACIFIC_OBJECTIVES = Count(
    id="pacific_objectives", rule="57.11", label="Pacific front objectives Japan holds", each=1, maximum=40,
    unit="objectives",
    help="+1 for each Pacific front objective under Japanese control.",
)
KEY_CITIES = Choice(
    id="japanese_key_cities", rule="57.11", label="Japan holds Singapore / Manila", each=1,
    help="+1 for each of these cities under Japanese control.",
    options=(Option("singapore", "Singapore"), Option("manila", "Manila")),
)
CHINESE_CITIES = Choice(
    id="japanese_chinese_cities", rule="57.11", label="Japan holds Chungking / Yenan", each=1,
    help="+1 for each of these Chinese cities under Japanese control.",
    options=(Option("chungking", "Chungking"), Option("yenan", "Yenan")),
)
SIBERIAN_CITIES = Choice(
    id="japanese_siberian_cities", rule="57.11", label="Japan holds Vladivostok / Irkutsk", each=1,
    help="+1 for each of these Russian cities under Japanese control.",
    options=(Option("vladivostok", "Vladivostok"), Option("irkutsk", "Irkutsk")),
)


def _peak_islands(values: Mapping[str, int], context: Context) -> tuple[int, str]:
    now = island_groups(values["full"], values["partial"])
    carried = _ctx_int(context, "carry.max_island_groups", STARTING_ISLAND_GROUPS)
    peak = max(carried, now)
    return peak, f"{now} held now, best so far {carried}: peak {peak}"


_ISLAND_FIELDS_HELP = ("Count only fully supplied islands; a group where some island is isolated or "
                       "enemy-held is held in part. Updated rules: a group the enemy raided does not count.")

JAPAN_ISLAND_GROUPS = ContextGroup(
    id="japan_island_groups", rule="57.14E", label="Island groups Japan holds (peak)",
    help="+1 per island group Japan holds at its greatest extent in the game (it starts at 4). Enter what "
         "Japan holds now; two part-held groups count as one.",
    reading="The peak is a running maximum over the game starting at 4, not a sum (the general readings); it is "
            "updated every turn, whether or not the 57.14A clock has started.",
    # 57.14E: Japan starts the game holding the East and West Carolines, the Kuriles and the Marshalls.
    start={"full": STARTING_ISLAND_GROUPS, "partial": 0},
    fields=(FieldSpec("full", "groups held in full", 0, 40, _ISLAND_FIELDS_HELP),
            FieldSpec("partial", "groups held in part", 0, 40, _ISLAND_FIELDS_HELP)),
    rate=_peak_islands,
)
ALLIED_HOME_CITIES = Choice(
    id="allied_home_cities", rule="57.11", label="Allies hold Tokyo / Osaka / Kagoshima",
    help="-3 if the Allies control Tokyo; -2 for each of Osaka and Kagoshima they control.",
    options=(Option("tokyo", "Tokyo", -3), Option("osaka", "Osaka", -2), Option("kagoshima", "Kagoshima", -2)),
)
OCCUPIED_HEXES = Escalating(
    id="occupied_japanese_hexes", rule="57.11", label="Japanese hexes with Allied units in them",
    help="Hexes of Japan occupied by Allied units: -3 for the first, -2 more for the second, -1 more for "
         "each one after that.",
    sign=-1, maximum=40, unit="hexes",
)
ALLIED_CITIES = Choice(
    id="allied_cities", rule="57.11", label="Allied-held cities in China, Manchuria, Korea, Formosa", each=-1,
    help="-1 for each of these cities under Allied control.",
    options=(Option("peking", "Peking"), Option("shanghai", "Shanghai"), Option("nanking", "Nanking"),
             Option("canton", "Canton"), Option("harbin", "Harbin"), Option("mukden", "Mukden"),
             Option("seoul", "Seoul"), Option("taipei", "Taipei"), Option("okinawa", "Okinawa")),
)
ALLIED_CHUNGKING = Flag(
    id="allied_chungking", rule="57.11", label="Allies hold Chungking", value=-1, start=True,
    help="-1 while Chungking is under Allied control (Nationalist China holds it at the start).",
)
ATOMIC_ATTACKS = Escalating(
    id="atomic_attacks", moves="up", rule="57.11", label="Atomic attacks on Japan (so far)",
    help="-3 for the first atomic attack on Japan, -2 more for the second, -1 more for each after that. "
         "In a European scenario this count moves Japan's surrender date (57.81).",
    sign=-1, maximum=30, unit="attacks",
)
FIRESTORMS = Count(
    id="firestorms", moves="up", rule="57.11", label="Japanese cities firestormed (so far)", each=-1, maximum=40,
    unit="cities",
    help="-1 for every Japanese city firestormed so far in the game.",
)
OCCUPIED_OBJECTIVES = Choice(
    id="occupied_objectives", rule="57.12", label="Home and Manchurian objectives occupied", each=0,
    help="Tick each objective with Allied units in it. No points: if all five are ticked Japan collapses "
         "and surrenders whatever its level. An atomic attack marker alone does not count.",
    options=(Option("tokyo", "Tokyo"), Option("osaka", "Osaka"), Option("kagoshima", "Kagoshima"),
             Option("mukden", "Mukden"), Option("harbin", "Harbin")),
)


def _carried(context: Context) -> tuple[int, str]:
    total = _ctx_int(context, "carry.cumulative_total", 0)
    return total, "running total of the cumulative modifiers of earlier turns"


CARRIED_TOTAL = Derived(
    id="cumulative_carried", rule="57.14", label="Cumulative total from earlier turns",
    help="The sum of the cumulative modifiers of all earlier end-of-turn checks.",
    compute=_carried,
)

# Cumulative modifiers (this turn) --------------------------------------------------------


def _chinese_collapse(context: Context) -> tuple[int, str]:
    level = context.get("china.level")
    if level is None:
        return 0, "China not assessed: taken as 0"
    return (1 if int(level) <= -3 else 0), f"Chinese resistance {signed(int(level))}"


CUM_CHINESE_RESISTANCE = Derived(
    id="cum_chinese_resistance", rule="57.11", label="Chinese resistance at -3 or lower",
    help="+1 each turn the Chinese resistance level (from the China tab) is -3 or lower.",
    reading="Read from this turn's Chinese result; with no Chinese result it is taken as 0.",
    compute=_chinese_collapse,
)
CUM_SIBERIAN_CITIES = Flag(
    id="cum_siberian_cities", rule="57.11", label="Japan holds all four Siberian cities near Manchuria", value=1,
    help="+1 each turn Japan holds all four Siberian cities within three hexes of Manchuria "
         "(fully supplied).",
)
CUM_VLADIVOSTOK_IRKUTSK = Choice(
    id="cum_vladivostok_irkutsk", rule="57.11", label="Japan holds Vladivostok and Irkutsk", each=1, needed=2,
    help="+1 each turn Japan holds both cities; they must be fully supplied to count (57.14C).",
    options=(Option("vladivostok", "Vladivostok"), Option("irkutsk", "Irkutsk")),
)
CUM_INDIA = Choice(
    id="cum_india", rule="57.11", label="Japan holds 3 of Calcutta, Colombo, Dacca, Rangoon", each=1, needed=3,
    help="+1 each turn Japan holds at least three of these cities; Indian objectives must be fully "
         "supplied to count (57.14C).",
    options=(Option("calcutta", "Calcutta"), Option("colombo", "Colombo"), Option("dacca", "Dacca"),
             Option("rangoon", "Rangoon")),
)
CUM_AUSTRALIA = Choice(
    id="cum_australia", rule="57.11", label="Japan holds 3 of Cairns, Darwin, Port Moresby, Townsville",
    each=1, needed=3,
    help="+1 each turn Japan holds at least three of these cities; Australian objectives must be fully "
         "supplied to count (57.14C).",
    options=(Option("cairns", "Cairns"), Option("darwin", "Darwin"), Option("port_moresby", "Port Moresby"),
             Option("townsville", "Townsville")),
)

_LOSS_FIELDS = (
    FieldSpec("eliminated", "BRPs of units eliminated", 0, 2000,
              "BRP value of enemy air, naval and ground units (not partisans) eliminated in the Pacific this "
              "turn, Chinese, Russian and minor-country units included."),
    FieldSpec("damaged_named", "named ships damaged", 0, 60, "Each counts 3 BRPs; damaged cruisers do not count."),
    FieldSpec("sunk_in_port", "named ships sunk in port", 0, 60, "Each counts 6 BRPs."),
)


def loss_total(values: Mapping[str, int]) -> int:
    return loss_brps(values["eliminated"], values["damaged_named"], values["sunk_in_port"])


def _losses_original(values: Mapping[str, int], context: Context) -> tuple[int, str]:
    brps = loss_total(values)
    modifier, _ = loss_modifier(Edition.ORIGINAL, brps)
    return modifier, (f"{brps} BRPs: +{modifier}, {brps - 25 * modifier} dropped" if brps else "")


def _losses_updated(values: Mapping[str, int], context: Context) -> tuple[int, str]:
    brps = loss_total(values)
    remnant = _ctx_int(context, "carry.loss_remnant", 0)
    modifier, left = loss_modifier(Edition.UPDATED, brps, remnant)
    if not brps and not remnant:
        return 0, ""
    return modifier, f"{brps} BRPs + {remnant} carried: +{modifier}, {left} carried on"


CUM_LOSSES_ORIGINAL = ContextGroup(
    id="enemy_losses", rule="57.14B", label="Enemy losses in the Pacific this turn",
    help="+1 per full 25 BRPs of enemy units lost in the Pacific this turn (no limit); what is left over "
         "is dropped.",
    reading="57.14 (original): effects are calculated separately for each game turn and remnants are ignored, "
            "so losses of turns before the cumulative clock starts (57.14A; the outbreak turn included) "
            "count nothing.",
    fields=_LOSS_FIELDS, rate=_losses_original, per_turn=True,
)
CUM_LOSSES_UPDATED = ContextGroup(
    id="enemy_losses", rule="57.14B", label="Enemy losses in the Pacific this turn",
    help="+1 per full 50 BRPs of enemy units lost in the Pacific this turn plus what was carried, at most "
         "+2 a turn; the rest carries over to next turn. Losses are kept from the turn the war breaks out.",
    reading="57.14B (updated): losses are tracked from the turn war breaks out; the losses of the turns before "
            "the first cumulative count (the outbreak turn included) are carried in full into that first count, "
            "then +1 per 50 at most +2 a turn with the rest carried on: no BRP of losses is lost to the clock "
            "(a passage is missing from our copy after 57.14A).",
    fields=_LOSS_FIELDS, rate=_losses_updated, per_turn=True,
)

_ALLIED_ISLAND_FIELDS = (
    FieldSpec("full", "groups held in full", 0, 40, _ISLAND_FIELDS_HELP),
    FieldSpec("partial", "groups held in part", 0, 40, _ISLAND_FIELDS_HELP),
)


def _islands_original(values: Mapping[str, int], context: Context) -> tuple[int, str]:
    allied = island_groups(values["full"], values["partial"])
    return island_balance_modifier(Edition.ORIGINAL, 0, allied), f"Western Allies hold {allied}"


def _islands_updated(values: Mapping[str, int], context: Context) -> tuple[int, str]:
    allied = island_groups(values["full"], values["partial"])
    japan = _ctx_int(context, "japan.island_groups", 0)
    return (island_balance_modifier(Edition.UPDATED, japan, allied),
            f"Japan {japan}, Western Allies {allied} (difference {signed(japan - allied)})")


CUM_ISLANDS_ORIGINAL = ContextGroup(
    id="allied_island_groups", rule="57.14F", label="Island groups the Western Allies hold",
    help="-1 each turn the Western Allies hold 8 to 11 island groups, -2 at 12 or more. Two part-held "
         "groups count as one; Midway counts with Hawaii.",
    fields=_ALLIED_ISLAND_FIELDS, rate=_islands_original,
)
CUM_ISLANDS_UPDATED = ContextGroup(
    id="allied_island_groups", rule="57.14E-F", label="Island groups the Western Allies hold",
    help="Compared with Japan's groups: +1 if Japan holds 2-5 more, +2 if 6 or more; -1 / -2 the same way "
         "for the Western Allies. Raided groups do not count; Midway counts with Hawaii.",
    fields=_ALLIED_ISLAND_FIELDS, rate=_islands_updated,
)


def _chinese_objectives(values: Mapping[str, int]) -> int:
    return -1 if values["chinese_objectives"] < 2 and values["vladivostok"] == 0 else 0


CUM_CHINESE_OBJECTIVES = Group(
    id="cum_chinese_objectives", rule="57.11", label="Japan's hold on China and Vladivostok",
    help="-1 each turn Japan holds fewer than two Chinese objectives and does not hold Vladivostok.",
    reading="'Does not control at least two Chinese objectives or Vladivostok' is read as: fewer than two "
            "Chinese objectives and not Vladivostok.",
    fields=(FieldSpec("chinese_objectives", "Chinese objectives Japan holds", 0, 20),
            FieldSpec("vladivostok", "Japan holds Vladivostok", 0, 1,
                      "Vladivostok must be fully supplied to count (57.14C).")),
    score=_chinese_objectives,
    explain=lambda values: (f"{values['chinese_objectives']} Chinese objectives"
                            + (", Vladivostok" if values["vladivostok"] else "")),
)

_SITUATION_ORIGINAL: tuple[Line, ...] = (
    PACIFIC_OBJECTIVES, CHINESE_CITIES, KEY_CITIES, JAPAN_ISLAND_GROUPS, ALLIED_HOME_CITIES, OCCUPIED_HEXES,
    ALLIED_CITIES, ATOMIC_ATTACKS, FIRESTORMS, OCCUPIED_OBJECTIVES,
)
_SITUATION_UPDATED: tuple[Line, ...] = (
    PACIFIC_OBJECTIVES, KEY_CITIES, SIBERIAN_CITIES, JAPAN_ISLAND_GROUPS, ALLIED_HOME_CITIES, OCCUPIED_HEXES,
    ALLIED_CITIES, ALLIED_CHUNGKING, ATOMIC_ATTACKS, FIRESTORMS, OCCUPIED_OBJECTIVES,
)
_CUMULATIVE_ORIGINAL: tuple[Line, ...] = (
    CUM_CHINESE_RESISTANCE, CUM_VLADIVOSTOK_IRKUTSK, CUM_INDIA, CUM_AUSTRALIA, CUM_LOSSES_ORIGINAL,
    CUM_ISLANDS_ORIGINAL,
)
_CUMULATIVE_UPDATED: tuple[Line, ...] = (
    CUM_SIBERIAN_CITIES, CUM_VLADIVOSTOK_IRKUTSK, CUM_INDIA, CUM_AUSTRALIA, CUM_ISLANDS_UPDATED,
    CUM_LOSSES_UPDATED, CUM_CHINESE_OBJECTIVES,
)


_SITUATION_ORIGINAL = in_section("Situation modifiers (recomputed each turn)", _SITUATION_ORIGINAL)
_SITUATION_UPDATED = in_section("Situation modifiers (recomputed each turn)", _SITUATION_UPDATED)
_CUMULATIVE_ORIGINAL = in_section("Cumulative modifiers (added up turn by turn, 57.14)", _CUMULATIVE_ORIGINAL)
_CUMULATIVE_UPDATED = in_section("Cumulative modifiers (added up turn by turn, 57.14)", _CUMULATIVE_UPDATED)


def situation_lines(edition: Edition) -> tuple[Line, ...]:
    """The situation modifiers of an edition (recomputed every turn)."""
    return _SITUATION_ORIGINAL if edition is Edition.ORIGINAL else _SITUATION_UPDATED


def cumulative_lines(edition: Edition) -> tuple[Line, ...]:
    """This turn's cumulative modifiers of an edition (counted once the 57.14A clock runs)."""
    return _CUMULATIVE_ORIGINAL if edition is Edition.ORIGINAL else _CUMULATIVE_UPDATED
