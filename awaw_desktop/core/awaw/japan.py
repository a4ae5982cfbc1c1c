"""Japanese surrender: the Japanese Resistance Table (57.11), Japanese collapse (57.12),
the cumulative modifiers and their clock (57.14), what a surrender means (57.2-57.7, 57.91)
and the European-scenario surrender date and redeployments (57.81, 57.82).

The level at an end-of-turn check is

    situation modifiers (recomputed from this turn's inputs)
    + the cumulative total carried from earlier turns
    + this turn's cumulative modifiers (only once the 57.14A clock has started).

Reading (57.14A, 57.11 explanation): the check is made at the end of the Allied player turn,
which is the end of the game turn, and the cumulative modifiers are "determined at the end of
each game turn": this turn's cumulative modifiers therefore count in this turn's check, and
the end-of-turn step adds them to the carried total for later turns.

The Updated and Updated-classic editions share one table: the classic sidebar says the
changes to this table apply to classic *A World at War* as well.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from ..frozen import Frozen, field, replace
from ..lines import (
    Choice,
    Context,
    Count,
    Derived,
    Escalating,
    FieldSpec,
    Flag,
    Group,
    Line,
    LineResult,
    Option,
    RulesInputError,
    Value,
    evaluate,
    in_section,
)
from .common import (
    LAST_YEAR,
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Scenario,
    Season,
    Status,
    Turn,
    TurnOutcome,
    require_range,
)
from .levels import signed

KEY = "japan"
TITLE = "Japan"

#: Japan starts the game holding four island groups: the East and West Carolines, the
#: Kuriles and the Marshalls (57.14E).
STARTING_ISLAND_GROUPS = 4
#: 57.14B: a damaged named ship counts as 3 BRPs, a named ship sunk in port as 6.
DAMAGED_NAMED_SHIP_BRPS = 3
SUNK_IN_PORT_BRPS = 6
#: 57.81: in a European scenario Japan is taken to surrender in Spring 1946 at the latest.
EUROPEAN_SURRENDER_TURN = Turn(1946, Season.SPRING)
#: 57.12: the objectives whose occupation makes Japan collapse.
COLLAPSE_OBJECTIVES: tuple[str, ...] = ("tokyo", "osaka", "kagoshima", "mukden", "harbin")


# --------------------------------------------------------------------------- pure helpers

def island_groups(full: int, partial: int) -> int:
    """Island groups a side counts (57.14D): every fully held group, plus one for every two
    partly held groups (a lone partial group is dropped)."""
    require_range("full", full, 0, 999)
    require_range("partial", partial, 0, 999)
    return full + partial // 2


def loss_brps(eliminated: int, damaged_named_ships: int = 0, named_sunk_in_port: int = 0) -> int:
    """BRP value of enemy losses in the Pacific for one turn (57.14B): the BRPs of eliminated
    non-partisan units, plus 3 per damaged named ship and 6 per named ship sunk in port.
    Damaged cruisers are not counted at all (leave them out of every argument)."""
    require_range("eliminated", eliminated, 0, 100_000)
    require_range("damaged_named_ships", damaged_named_ships, 0, 1_000)
    require_range("named_sunk_in_port", named_sunk_in_port, 0, 1_000)
    return eliminated + DAMAGED_NAMED_SHIP_BRPS * damaged_named_ships + SUNK_IN_PORT_BRPS * named_sunk_in_port


def loss_modifier(edition: Edition, brps: int, remnant: int = 0) -> tuple[int, int]:
    """The enemy-losses modifier of one turn and the BRPs carried into the next turn.

    Original: +1 per full 25 BRPs, no cap, remnants dropped (the ``remnant`` argument is
    ignored and the new remnant is 0).  Updated and classic: the turn's losses plus the
    carried remnant give +1 per full 50 BRPs, at most +2 a turn; whatever did not raise the
    level is carried over (57.14B: 67 -> +1 and 17 carried; 178 -> +2 and 78 carried)."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    require_range("brps", brps, 0, 100_000)
    require_range("remnant", remnant, 0, 100_000)
    if edition is Edition.ORIGINAL:
        return brps // 25, 0
    pool = brps + remnant
    modifier = min(pool // 50, 2)
    return modifier, pool - 50 * modifier


def carried_turn(name: str, value: Any) -> Turn | None:
    """A carried turn: ``None``, a :class:`Turn` or its JSON form ``{"season":..,"year":..}``."""
    if value is None or isinstance(value, Turn):
        return value
    if isinstance(value, Mapping) and set(value) == {"season", "year"}:
        try:
            return Turn(value["year"], Season(value["season"]))
        except (ValueError, TypeError) as error:
            raise RulesInputError(f"{name}: not a turn: {dict(value)!r} ({error})") from error
    raise RulesInputError(f"{name}: expected a turn like {{'season': 'winter', 'year': 1941}} or None, "
                          f"got {value!r}")


def cumulative_clock_started(war_turn: Turn | Mapping[str, Any] | None, turn: Turn) -> bool:
    """Whether the cumulative modifiers count at the end of ``turn`` (57.14A).

    ``war_turn`` is the turn the war broke out (Original: war with the U.S.; Updated: the
    first war with the U.S., Britain or Russia); ``None`` means no such war yet.  The
    outbreak turn counts as the first of the two turns, so war in Winter 1941 gives the
    first count at the end of Spring 1942 (the rule's own example)."""
    start = carried_turn("war_turn", war_turn)
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a Turn, got {turn!r}")
    return start is not None and turn.turns_since(start) >= 1


def losses_tracked(edition: Edition, war_turn: Turn | Mapping[str, Any] | None, turn: Turn) -> bool:
    """Whether this turn's enemy losses are kept before the clock starts (57.14B, updated editions).

    Updated: losses are tracked from the turn war breaks out ("not tracked until Japan is at war"); the
    losses of the turns before the first count, the outbreak turn included, are carried in full into that
    first count (NOTES.md).  Original: each turn's losses count on their own and remnants are ignored, so
    nothing is kept before the clock starts."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    start = carried_turn("war_turn", war_turn)
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a Turn, got {turn!r}")
    return edition.is_updated and start is not None and turn.turns_since(start) >= 0


def island_lines_counted(edition: Edition, war_turn: Turn | Mapping[str, Any] | None, turn: Turn,
                         war_began_on_russia: bool = False,
                         us_war_turn: Turn | Mapping[str, Any] | None = None) -> bool:
    """Whether this turn's cumulative island-group line counts (57.14A).

    It needs the clock to have started; in the Updated editions, when the clock was started
    by a Japanese declaration of war on a neutral Russia, it also needs Japan and the U.S.
    to be at war (counted from the end of the turn they are at war: ``us_war_turn``)."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    if not cumulative_clock_started(war_turn, turn):
        return False
    if edition is Edition.ORIGINAL or not war_began_on_russia:
        return True
    us_war = carried_turn("us_war_turn", us_war_turn)
    return us_war is not None and turn.turns_since(us_war) >= 0


def island_balance_modifier(edition: Edition, japan: int, allied: int) -> int:
    """The cumulative island-group modifier for the two sides' counts (57.14E-F).

    Original: -1 when the Western Allies hold 8 to 11 island groups, -2 at 12 or more
    (Japan's count plays no part).  Updated: by the difference of the two counts, +1 when
    Japan holds 2 to 5 more, +2 at 6 or more; -1 / -2 the same way for the Western Allies."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    require_range("japan", japan, 0, 999)
    require_range("allied", allied, 0, 999)
    if edition is Edition.ORIGINAL:
        return -2 if allied >= 12 else -1 if allied >= 8 else 0
    difference = japan - allied
    if difference >= 6:
        return 2
    if difference >= 2:
        return 1
    if difference <= -6:
        return -2
    if difference <= -2:
        return -1
    return 0


def collapse_check(occupied: Iterable[str]) -> bool:
    """57.12: Japan collapses when the Allies occupy all of Tokyo, Osaka, Kagoshima, Mukden
    and Harbin (with units: control from an atomic attack marker is not enough)."""
    if isinstance(occupied, (str, bytes)):
        raise RulesInputError(f"occupied: expected a list of objectives, got {occupied!r}")
    chosen = set()
    for name in occupied:
        if name not in COLLAPSE_OBJECTIVES:
            raise RulesInputError(f"occupied: {name!r} is not one of {', '.join(COLLAPSE_OBJECTIVES)}")
        chosen.add(name)
    return chosen == set(COLLAPSE_OBJECTIVES)


def european_surrender_turn(atomic_bombs: int) -> Turn:
    """57.81: in a European scenario Japan surrenders in Spring 1946, one turn earlier for
    each atomic bomb used against Japan by then (1: Winter 1945, 2: Fall 1945 ...)."""
    require_range("atomic_bombs", atomic_bombs, 0, 40)
    return Turn.from_number(EUROPEAN_SURRENDER_TURN.number - atomic_bombs)


# --------------------------------------------------------------------------- 57.82 redeployment

class Redeployment(Frozen):
    """U.S. units that may move from the Pacific U.S. box to the Atlantic U.S. box (57.82),
    if present in the Pacific."""

    aaf: int
    marine_units: int
    infantry_units: int
    carriers: int
    battleships: int
    destroyer_factors: int

    def times(self, factor: int) -> Redeployment:
        return Redeployment(self.aaf * factor, self.marine_units * factor, self.infantry_units * factor,
                            self.carriers * factor, self.battleships * factor, self.destroyer_factors * factor)

    @property
    def text(self) -> str:
        return (f"{self.aaf} AAF, {self.marine_units} marine units, {self.infantry_units} 3-4 infantry units, "
                f"{self.carriers} CVs with their naval air, {self.battleships} 4-factor battleships and "
                f"{self.destroyer_factors} destroyer factors")


#: 57.82: what may move in each of the three Allied player turns after the surrender.
#: Reading: the per-turn line names 1-3 marines and the total line 1-2 marines; the count (two
#: a turn, six in all) agrees, so we give the count and leave the unit type to the map.
REDEPLOYMENT_PER_TURN = Redeployment(aaf=10, marine_units=2, infantry_units=3, carriers=3,
                                     battleships=2, destroyer_factors=3)
REDEPLOYMENT_TURNS = 3


class RedeploymentStep(Frozen):
    """One Allied player turn of the 57.82 redeployment."""

    turn: Turn
    index: int                   # 1, 2 or 3
    allowance: Redeployment      # what may move this turn
    total: Redeployment          # what may have moved by the end of this turn


def redeployment_schedule(surrender_turn: Turn) -> tuple[RedeploymentStep, ...]:
    """The three Allied player turns after Japan's surrender and what may move in each (57.82);
    turns past the game calendar (Winter 1950) are left out."""
    if not isinstance(surrender_turn, Turn):
        raise RulesInputError(f"surrender_turn: expected a Turn, got {surrender_turn!r}")
    last = Turn(LAST_YEAR, Season.WINTER).number
    return tuple(
        RedeploymentStep(Turn.from_number(surrender_turn.number + index), index,
                         REDEPLOYMENT_PER_TURN, REDEPLOYMENT_PER_TURN.times(index))
        for index in range(1, REDEPLOYMENT_TURNS + 1)
        if surrender_turn.number + index <= last
    )


def redeployment_for(surrender_turn: Turn, turn: Turn) -> RedeploymentStep | None:
    """The redeployment step of ``turn`` (None outside the three turns after the surrender)."""
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a Turn, got {turn!r}")
    if not isinstance(surrender_turn, Turn):
        raise RulesInputError(f"surrender_turn: expected a Turn, got {surrender_turn!r}")
    index = turn.turns_since(surrender_turn)
    if not 1 <= index <= REDEPLOYMENT_TURNS:
        return None
    return RedeploymentStep(turn, index, REDEPLOYMENT_PER_TURN, REDEPLOYMENT_PER_TURN.times(index))


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
    reading="The peak is a running maximum over the game starting at 4, not a sum (NOTES.md); it is "
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
            "(NOTES.md; a passage is missing from our copy after 57.14A).",
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
            "Chinese objectives and not Vladivostok (NOTES.md).",
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
_CARRIED_TOTAL_SHOWN = in_section("Cumulative modifiers (added up turn by turn, 57.14)", (CARRIED_TOTAL,))


def situation_lines(edition: Edition) -> tuple[Line, ...]:
    """The situation modifiers of an edition (recomputed every turn)."""
    return _SITUATION_ORIGINAL if edition is Edition.ORIGINAL else _SITUATION_UPDATED


def cumulative_lines(edition: Edition) -> tuple[Line, ...]:
    """This turn's cumulative modifiers of an edition (counted once the 57.14A clock runs)."""
    return _CUMULATIVE_ORIGINAL if edition is Edition.ORIGINAL else _CUMULATIVE_UPDATED


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The Japanese Resistance Table of an edition: situation lines, the carried cumulative
    total, then this turn's cumulative lines.  Updated and Updated-classic share one table.
    In a European scenario the table is not used (57.81) but is still offered: its
    atomic-attack line sets the surrender date."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    return (*situation_lines(edition), *_CARRIED_TOTAL_SHOWN, *cumulative_lines(edition))


# --------------------------------------------------------------------------- carry

def initial_carry() -> dict[str, Any]:
    return {
        "surrendered": False,
        "surrender_turn": None,
        "cumulative_total": 0,
        "max_island_groups": STARTING_ISLAND_GROUPS,
        "loss_remnant": 0,
        "war_turn": None,
        # Updated editions, 57.14A: a war begun by a Japanese declaration on a neutral Russia
        # holds back the island-group lines until Japan and the U.S. are at war.
        "war_began_on_russia": False,
        "us_war_turn": None,
    }


class JapanCarry(Frozen):
    """The carried values, checked."""

    surrendered: bool
    surrender_turn: Turn | None
    cumulative_total: int
    max_island_groups: int
    loss_remnant: int
    war_turn: Turn | None
    war_began_on_russia: bool
    us_war_turn: Turn | None

    @classmethod
    def read(cls, carry: Mapping[str, Any]) -> JapanCarry:
        values = {**initial_carry(), **carry}
        for flag in ("surrendered", "war_began_on_russia"):
            if not isinstance(values[flag], bool):
                raise RulesInputError(f"{flag}: expected true or false, got {values[flag]!r}")
        return cls(
            surrendered=values["surrendered"],
            surrender_turn=carried_turn("surrender_turn", values["surrender_turn"]),
            cumulative_total=require_range("cumulative_total", values["cumulative_total"], -500, 500),
            max_island_groups=require_range("max_island_groups", values["max_island_groups"], 0, 99),
            loss_remnant=require_range("loss_remnant", values["loss_remnant"], 0, 100_000),
            war_turn=carried_turn("war_turn", values["war_turn"]),
            war_began_on_russia=values["war_began_on_russia"],
            us_war_turn=carried_turn("us_war_turn", values["us_war_turn"]),
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "surrendered": self.surrendered,
            "surrender_turn": None if self.surrender_turn is None else self.surrender_turn.to_json(),
            "cumulative_total": self.cumulative_total,
            "max_island_groups": self.max_island_groups,
            "loss_remnant": self.loss_remnant,
            "war_turn": None if self.war_turn is None else self.war_turn.to_json(),
            "war_began_on_russia": self.war_began_on_russia,
            "us_war_turn": None if self.us_war_turn is None else self.us_war_turn.to_json(),
        }


# --------------------------------------------------------------------------- assessment

class Assessment(Frozen):
    """Every figure of one Japanese check (what ``assess`` shows and ``end_of_turn`` records)."""

    breakdown: tuple[LineResult, ...]
    situation_total: int
    carried_total: int
    this_turn_cumulative: int
    level: int
    clock_started: bool
    islands_counted: bool
    japan_islands: int
    allied_islands: int
    peak_islands: int
    loss_brps: int
    loss_modifier: int
    loss_remnant: int           # carried into next turn
    collapse: bool


_NOT_YET = "not counted: the cumulative clock (57.14A) has not started"


def _losses_before_the_clock(values: Any, remnant: int) -> str:
    brps = loss_total(values)
    return (f"Japan is at war but the clock (57.14A) has not started: {brps} BRPs + {remnant} carried = "
            f"{brps + remnant} carried in full into the first count")
_ISLANDS_HELD = "not counted: Japan and the U.S. are not at war yet (57.14A)"


#: Each edition's situation and cumulative line ids (the tipping search computes the table hundreds of times a
#: change: made once here).
_SITUATION_IDS = {edition: frozenset(line.id for line in situation_lines(edition)) for edition in Edition}
_CUMULATIVE_IDS = {edition: frozenset(line.id for line in cumulative_lines(edition)) for edition in Edition}


def compute(inputs: Mapping[str, Any], game: GameContext, carry: JapanCarry | None = None) -> Assessment:
    """The Japanese Resistance Table for the entered facts (any scenario); ``carry``: the carried values
    already read (``JapanCarry.read``), or None to read them here."""
    edition = game.edition
    if carry is None:
        carry = JapanCarry.read(game.carry.get(KEY, {}))
    japan_group = JAPAN_ISLAND_GROUPS.validate(inputs.get(JAPAN_ISLAND_GROUPS.id, JAPAN_ISLAND_GROUPS.default()))
    japan_islands = island_groups(japan_group["full"], japan_group["partial"])
    china = game.results.get("china")
    context = Context({
        "carry.cumulative_total": carry.cumulative_total,
        "carry.max_island_groups": carry.max_island_groups,
        "carry.loss_remnant": carry.loss_remnant,
        "china.level": None if china is None else china.level,
        "japan.island_groups": japan_islands,
    })
    table = lines(edition, game.scenario)
    result = evaluate(table, inputs, context)
    started = cumulative_clock_started(carry.war_turn, game.turn)
    islands_counted = island_lines_counted(edition, carry.war_turn, game.turn,
                                           carry.war_began_on_russia, carry.us_war_turn)
    cumulative_ids = _CUMULATIVE_IDS[edition]
    breakdown: list[LineResult] = []
    tracked = losses_tracked(edition, carry.war_turn, game.turn)
    # Every edition's table has these three lines: their values, checked by ``evaluate``, are read from it.
    loss_values = allied_values = occupied = None
    for item in result.breakdown:
        if item.id == CUM_LOSSES_UPDATED.id:
            loss_values = item.value
        elif item.id == CUM_ISLANDS_UPDATED.id:
            allied_values = item.value
        elif item.id == OCCUPIED_OBJECTIVES.id:
            occupied = item.value
        if item.id == CUM_LOSSES_UPDATED.id and not started and tracked:
            item = replace(item, points=0, note=_losses_before_the_clock(item.value, carry.loss_remnant))
        elif item.id in cumulative_ids and not started:
            item = replace(item, points=0, note=_NOT_YET)
        elif item.id == "allied_island_groups" and not islands_counted:
            item = replace(item, points=0, note=_ISLANDS_HELD)
        breakdown.append(item)
    situation_ids = _SITUATION_IDS[edition]
    situation_total = sum(item.points for item in breakdown if item.id in situation_ids)
    this_turn = sum(item.points for item in breakdown if item.id in cumulative_ids)
    assert isinstance(loss_values, Mapping) and isinstance(allied_values, Mapping) and occupied is not None
    brps = loss_total(loss_values)
    if started:
        modifier, remnant = loss_modifier(edition, brps, carry.loss_remnant)
    elif tracked:
        # 57.14B (updated), NOTES.md: tracked from the outbreak turn, carried in full into the first count.
        modifier, remnant = 0, carry.loss_remnant + brps
    else:
        modifier, remnant = 0, carry.loss_remnant
    return Assessment(
        breakdown=tuple(breakdown),
        situation_total=situation_total,
        carried_total=carry.cumulative_total,
        this_turn_cumulative=this_turn,
        level=situation_total + carry.cumulative_total + this_turn,
        clock_started=started,
        islands_counted=islands_counted,
        japan_islands=japan_islands,
        allied_islands=island_groups(allied_values["full"], allied_values["partial"]),
        peak_islands=max(carry.max_island_groups, japan_islands),
        loss_brps=brps,
        loss_modifier=modifier,
        loss_remnant=remnant,
        collapse=collapse_check(occupied),
    )


def surrender_consequences(game: GameContext) -> tuple[Consequence, ...]:
    """What a Japanese surrender means (57.2-57.7, 57.91), in the scenario being played."""
    consequences: list[Consequence] = [Consequence("57.11", "The war in the Pacific ends.")]
    if game.scenario is Scenario.PACIFIC:
        consequences.append(Consequence("57.91", "In a Pacific scenario the game ends."))
    elif game.scenario is Scenario.GLOBAL_WAR:
        consequences.append(Consequence("57.21", "Germany and Italy fight on."))
        consequences.append(Consequence("57.22", "The European U.S. election gains +10 (62.31), which also "
                                                 "affects USAT increases after a poor European result."))
    consequences += [
        Consequence("57.31", "Every Japanese unit is removed, Wang and Indian National Army units included."),
        Consequence("57.41", "Japanese-held hexes belong to no one until a major power occupies them; "
                             "Japanese-held Siberian hexes go back to Russia at once."),
        Consequence("57.51", "Thailand surrenders and its units are removed."),
        Consequence("57.61", "Japan's conquests and colonies, Manchuria included, belong to no one until a "
                             "major power occupies them (Siberian hexes go back to Russia)."),
        Consequence("57.71", "Japan itself gives the conquering powers no BRPs."),
    ]
    return tuple(consequences)


def _european_result(inputs: Mapping[str, Any], game: GameContext, carry: JapanCarry) -> PowerResult:
    bombs = ATOMIC_ATTACKS.validate(inputs.get(ATOMIC_ATTACKS.id, 0))
    date = european_surrender_turn(bombs)
    figures: dict[str, Any] = {
        "european_surrender_turn": date.to_json(), "atomic_bombs": bombs,
        "cumulative_total": carry.cumulative_total, "this_turn_cumulative": 0, "clock_started": False,
    }
    consequences: list[Consequence] = []
    if carry.surrendered:
        when = carry.surrender_turn or date
        figures["surrendered"] = True
        step = redeployment_for(when, game.turn)
        if step is not None:
            consequences.append(Consequence("57.82", f"Turn {step.index} of 3 after Japan's surrender: the U.S. "
                                                     f"may move {step.allowance.text} from the Pacific to the "
                                                     f"Atlantic U.S. box."))
        return PowerResult(KEY, TITLE, 0, 0, Status.SURRENDERED,
                           f"Japan surrendered in {when.title} (European scenario, 57.81).",
                           consequences=tuple(consequences), figures=figures)
    due = game.turn.turns_since(date) >= 0
    figures["surrendered"] = due
    if due:
        # 57.81: Japan "is considered to surrender": the check reports a surrender, so that the
        # other powers (62.31 Europe +10, 62.91) see it like any other Japanese surrender.
        verdict = (f"Japan's table is not used in a European scenario; with {bombs} atomic bomb(s) Japan is "
                   f"taken to surrender by {date.title}, so it surrenders at the end of this turn.")
        consequences.append(Consequence("57.81", f"Japan surrenders in {game.turn.title}."))
        consequences.append(Consequence("57.82", "In each of the next three Allied player turns the U.S. may "
                                                 f"move {REDEPLOYMENT_PER_TURN.text} from the Pacific to the "
                                                 "Atlantic U.S. box (if present)."))
        return PowerResult(KEY, TITLE, 0, 0, Status.SURRENDERS, verdict,
                           consequences=tuple(consequences), figures=figures)
    verdict = (f"Japan's table is not used in a European scenario; Japan is taken to surrender in "
               f"{date.title} ({bombs} atomic bomb(s) on Japan so far, each one a turn earlier).")
    return PowerResult(KEY, TITLE, 0, 0, Status.NOT_APPLICABLE, verdict,
                       consequences=tuple(consequences), figures=figures)


def _figures(assessment: Assessment, carry: JapanCarry) -> dict[str, Any]:
    return {
        "cumulative_total": assessment.carried_total,
        "this_turn_cumulative": assessment.this_turn_cumulative,
        "cumulative_after": assessment.carried_total + assessment.this_turn_cumulative,
        "clock_started": assessment.clock_started,
        "islands_counted": assessment.islands_counted,
        "situation_total": assessment.situation_total,
        "japan_island_groups": assessment.japan_islands,
        "allied_island_groups": assessment.allied_islands,
        "max_island_groups": assessment.peak_islands,
        "loss_brps": assessment.loss_brps,
        "loss_modifier": assessment.loss_modifier,
        "loss_remnant": assessment.loss_remnant,
        "collapse": assessment.collapse,
        "surrendered": carry.surrendered,
    }


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    carry = JapanCarry.read(game.carry.get(KEY, {}))
    if game.scenario is Scenario.EUROPEAN:
        return _european_result(inputs, game, carry)
    assessment = compute(inputs, game, carry)
    figures = _figures(assessment, carry)
    level = assessment.level
    parts = (f"situation {signed(assessment.situation_total)}, carried {signed(assessment.carried_total)}, "
             f"this turn's cumulative {signed(assessment.this_turn_cumulative)}")
    if not assessment.clock_started:
        parts = (f"situation {signed(assessment.situation_total)}, carried {signed(assessment.carried_total)}; "
                 "cumulative modifiers not counted yet")
    if carry.surrendered:
        when = f" in {carry.surrender_turn.title}" if carry.surrender_turn else ""
        return PowerResult(KEY, TITLE, level, level, Status.SURRENDERED, f"Japan has already surrendered{when}.",
                           assessment.breakdown, figures=figures)
    if level <= 0 or assessment.collapse:
        figures["surrendered"] = True
        if level <= 0:
            verdict = f"Japan surrenders (resistance {signed(level)}: {parts})."
            cause = Consequence("57.11", "Japan's resistance level is zero or less.")
        else:
            verdict = (f"Japan collapses and surrenders: the Allies occupy Tokyo, Osaka, Kagoshima, Mukden and "
                       f"Harbin (resistance {signed(level)}).")
            cause = Consequence("57.12", "All five objectives of Japan and Manchuria are occupied by the Allies.")
        return PowerResult(KEY, TITLE, level, level, Status.SURRENDERS, verdict, assessment.breakdown,
                           (cause, *surrender_consequences(game)), figures)
    notes = [Consequence("57.11", "Japan surrenders only at a resistance level of 0 or less, or on collapse "
                                  "(57.12).")]
    if not assessment.clock_started:
        notes.append(Consequence("57.14A", "The cumulative modifiers start at the end of the turn after the "
                                           "war breaks out; set the war turn to start the clock."
                                 if carry.war_turn is None else
                                 "The cumulative modifiers start at the end of the turn after the war broke "
                                 f"out ({carry.war_turn.title}): not yet this turn."))
    return PowerResult(KEY, TITLE, level, level, Status.NO_EFFECT,
                       f"Japan fights on (resistance {signed(level)}: {parts}).",
                       assessment.breakdown, tuple(notes), figures)


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    """Record this turn: add the cumulative modifiers to the running total (once the clock
    runs), keep the island-group peak and the Updated loss remnant, and record a surrender."""
    carry = JapanCarry.read(game.carry.get(KEY, {}))
    if carry.surrendered:
        return TurnOutcome(carry.to_json())
    if game.scenario is Scenario.EUROPEAN:
        if result.figures.get("surrendered"):
            new = replace(carry, surrendered=True, surrender_turn=game.turn)
            return TurnOutcome(new.to_json(), (
                Consequence("57.81", f"Japan surrenders in {game.turn.title} (European scenario)."),
                *(Consequence("57.82", f"{step.turn.title}: the U.S. may move {step.allowance.text} to the "
                                       f"Atlantic U.S. box.") for step in redeployment_schedule(game.turn)),
            ))
        return TurnOutcome(carry.to_json())
    assessment = compute(inputs, game, carry)
    new = replace(
        carry,
        cumulative_total=carry.cumulative_total + assessment.this_turn_cumulative,
        max_island_groups=assessment.peak_islands,
        loss_remnant=assessment.loss_remnant,
    )
    events: tuple[Consequence, ...] = ()
    if assessment.clock_started and assessment.this_turn_cumulative:
        events = (Consequence("57.14", f"Japan's cumulative total goes from {signed(carry.cumulative_total)} to "
                                       f"{signed(new.cumulative_total)}."),)
    if result.status is Status.SURRENDERS:
        new = replace(new, surrendered=True, surrender_turn=game.turn)
        events += (Consequence("57.11", f"Japan surrenders in {game.turn.title} "
                                        f"(resistance {signed(result.level)})."), *result.consequences)
    return TurnOutcome(new.to_json(), events)
