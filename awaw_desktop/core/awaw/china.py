"""Chinese resistance: the Chinese Resistance Table (61.11), its cumulative results, and
(updated editions) Nationalist defections to the Wang puppet regime (61.31-61.32).

China never formally surrenders (61.11): the table is checked at the end of each Chinese
player turn and its result applies from the next Japanese player turn until the next check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..frozen import Frozen
from ..lines import (
    Choice,
    Context,
    FieldSpec,
    Flag,
    Group,
    Line,
    Option,
    PerN,
    RulesInputError,
    Value,
    evaluate,
)
from .common import (
    Consequence,
    Edition,
    EntrySettled,
    GameContext,
    PowerResult,
    Scenario,
    Status,
    TurnOutcome,
    require_range,
)
from .levels import signed

KEY = "china"
TITLE = "China"

#: Range of the table's results per edition (the raw total is clamped to it).
ORIGINAL_RANGE = (-5, 2)
UPDATED_RANGE = (-3, 3)

#: 61.31: at most three Nationalist factors defect in one turn.
MAX_DEFECTIONS_PER_TURN = 3
#: 61.31: Nationalist ground force level is never reduced below 15 factors (plus research / military counters).
FORCE_LEVEL_FLOOR = 15
#: 61.31C: the Wang counter mix (six 1-2 and six 2-2 infantry units).
WANG_COUNTER_MIX = 18

# ---------------------------------------------------------------------------------------------
# Original edition lines (61.11)
# ---------------------------------------------------------------------------------------------

UNBUILT_PER_FIVE = PerN(
    id="unbuilt_ground", rule="61.11", label="Unbuilt Nationalist ground factors",
    help="-1 for every five unbuilt Nationalist ground factors (rounded down). Unbuilt partisans are not "
         "counted (61.21).",
    each=-1, n=5, maximum=99, unit="factors",
)
JAPAN_HOLDS_CHUNGKING = Flag(
    id="japan_chungking", rule="61.11", label="Japan controls Chungking", value=-1,
    help="-1 while Chungking is under Japanese control.",
)
NATIONALIST_CITIES = Choice(
    id="nationalist_cities", rule="61.11", label="Nationalist-controlled coastal cities", each=2,
    help="+2 for each of Peking, Shanghai, Nanking and Canton that Nationalist China controls.",
    options=(Option("peking", "Peking"), Option("shanghai", "Shanghai"),
             Option("nanking", "Nanking"), Option("canton", "Canton")),
)
FOREIGN_FACTORS = PerN(
    id="foreign_factors", rule="61.11", label="British, U.S. and Russian factors in China",
    help="+1 for every five British, American or Russian ground and air factors in Nationalist China, "
         "Communist China or Manchuria (rounded down). The Flying Tigers are not American factors (61.22).",
    each=1, n=5, maximum=300, unit="factors",
)
JAPAN_HOLDS_YENAN = Flag(
    id="japan_yenan", rule="61.11", label="Japan controls Yenan", value=1,
    help="+1 while the Communist capital Yenan (Yanan) is under Japanese control.",
)

# ---------------------------------------------------------------------------------------------
# Updated edition lines (61.11, Storm Over Asia table; classic drops the research lines)
# ---------------------------------------------------------------------------------------------

UNBUILT_PER_THREE = PerN(
    id="unbuilt_ground", rule="61.11", label="Unbuilt Nationalist ground factors",
    help="-1 for every three unbuilt Nationalist ground factors (0-2: none, 3-5: -1, 6-8: -2 ...). Unbuilt "
         "partisans and units that defected are not counted (61.21, 61.32A).",
    each=-1, n=3, maximum=99, unit="factors",
)


def _wang_score(values: Mapping[str, int]) -> int:
    return -1 if values["factors"] >= 10 else 0


def _wang_explain(values: Mapping[str, int]) -> str:
    return f"{values['factors']} Wang factors" + (" (ten or more)" if values["factors"] >= 10 else "")


WANG_IN_CHINA = Group(
    id="wang_in_china", rule="61.11", label="Wang infantry factors in China",
    help="-1 if there are ten or more Wang infantry factors in China.",
    fields=(FieldSpec("factors", "Wang infantry factors in China", 0, WANG_COUNTER_MIX),),
    score=_wang_score, explain=_wang_explain,
)


class BurmaRoad(Choice):
    """-1 once if the Burma Road is closed or (when research counts) China lacks three steps of
    Burma Road research: one penalty, never two."""

    research_counts: bool = True

    def validate(self, value: Value) -> tuple[str, ...]:
        # A session switched from the updated edition may hold the research tick: classic ignores it.
        if not self.research_counts and isinstance(value, (list, tuple, set, frozenset)):
            value = tuple(key for key in value if key != "research")
        return super().validate(value)

    def points(self, value: Value, context: Context) -> int:
        chosen = self.validate(value)
        if "closed" in chosen:
            return -1
        if self.research_counts and "research" not in chosen:
            return -1
        return 0


BURMA_ROAD_UPDATED = BurmaRoad(
    id="burma_road", rule="61.11", label="Burma Road",
    help="-1 if China has fewer than three steps of Burma Road research or the Burma Road is closed "
         "(one -1 at most). Tick the research when China has three steps or more.",
    options=(Option("research", "China has three or more steps of Burma Road research"),
             Option("closed", "The Burma Road is closed")),
    research_counts=True,
)
BURMA_ROAD_CLASSIC = BurmaRoad(
    id="burma_road", rule="61.11", label="Burma Road",
    help="-1 if the Burma Road is closed (classic game: there is no Burma Road research).",
    reading="Classic: the research half of the line is dropped (the general readings), so only a closed road counts.",
    options=(Option("closed", "The Burma Road is closed"),),
    research_counts=False,
)
LOST_CITIES = Choice(
    id="lost_cities", rule="61.11", label="Cities held by Japan or the Communists", each=-1,
    help="-1 for each of Peking, Shanghai, Nanking, Canton and Chungking controlled by Japan or by "
         "Communist China.",
    options=(Option("peking", "Peking"), Option("shanghai", "Shanghai"), Option("nanking", "Nanking"),
             Option("canton", "Canton"), Option("chungking", "Chungking")),
)
FORCE_POOL = PerN(
    id="force_pool", rule="61.11", label="Nationalist force pool (ground and air factors)",
    help="+1 for every ten ground and air factors in the Nationalist force pool, built and unbuilt, "
         "rounded up (1-10: +1, 11-20: +2 ...).",
    each=1, n=10, rounding="up", maximum=150, unit="factors",
)
CHINA_LOBBY = Flag(
    id="china_lobby", rule="61.11", label="Second China Lobby result", value=1,
    help="+1 if China has achieved a second China Lobby result (Storm Over Asia research).",
)
NO_COMMUNIST_REGIONS = Flag(
    id="no_communist_regions", rule="61.11", label="Communist China holds no Chinese region", value=1,
    help="+1 if Communist China does not control any Chinese region.",
)


def _no_points(values: Mapping[str, int]) -> int:
    return 0


def _defection_explain(values: Mapping[str, int]) -> str:
    return (f"{values['unbuilt_infantry']} unbuilt infantry/replacement factors, ground force level "
            f"{values['force_level']} (floor {FORCE_LEVEL_FLOOR + values['extra_infantry']}), "
            f"Wang pool {values['wang_pool']}")


DEFECTION_FACTS = Group(
    id="defection_facts", rule="61.31", label="Defection limits (no points)",
    help="Facts the end-of-turn defection step needs; they add nothing to the level. Unbuilt Nationalist "
         "replacement and infantry factors, the Nationalist ground force level, extra infantry from army "
         "research and military counters, and Wang infantry factors now in Japan's force pool.",
    fields=(
        FieldSpec("unbuilt_infantry", "Unbuilt Nationalist replacement/infantry factors", 0, 99),
        FieldSpec("force_level", "Nationalist ground force level (factors, built and unbuilt)", 0, 150),
        FieldSpec("extra_infantry", "Extra infantry factors from army research / military counters", 0, 30),
        FieldSpec("wang_pool", "Wang infantry factors in Japan's force pool (all sources)", 0, WANG_COUNTER_MIX),
    ),
    score=_no_points, explain=_defection_explain,
)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The Chinese Resistance Table of an edition.  The updated (Storm Over Asia) table is used by
    both updated editions; classic drops the China Lobby line and the research half of the Burma Road
    line (NOTES.md).  Updated editions also carry the non-scoring defection facts (61.31)."""
    if edition is Edition.ORIGINAL:
        return (UNBUILT_PER_FIVE, JAPAN_HOLDS_CHUNGKING, NATIONALIST_CITIES, FOREIGN_FACTORS, JAPAN_HOLDS_YENAN)
    if edition is Edition.UPDATED:
        return (UNBUILT_PER_THREE, WANG_IN_CHINA, BURMA_ROAD_UPDATED, LOST_CITIES, FORCE_POOL, FOREIGN_FACTORS,
                CHINA_LOBBY, NO_COMMUNIST_REGIONS, DEFECTION_FACTS)
    return (UNBUILT_PER_THREE, WANG_IN_CHINA, BURMA_ROAD_CLASSIC, LOST_CITIES, FORCE_POOL, FOREIGN_FACTORS,
            NO_COMMUNIST_REGIONS, DEFECTION_FACTS)


def result_range(edition: Edition) -> tuple[int, int]:
    """Lowest and highest table result of an edition (Original -5..+2, Updated -3..+3)."""
    return ORIGINAL_RANGE if edition is Edition.ORIGINAL else UPDATED_RANGE


def clamp(edition: Edition, total: int) -> int:
    """The table result for a raw total: the total held within the edition's results."""
    low, high = result_range(edition)
    return max(low, min(high, total))


# ---------------------------------------------------------------------------------------------
# Results (cumulative: each result includes every lesser one on its side of 0)
# ---------------------------------------------------------------------------------------------

_ORIGINAL_RESULTS: dict[int, str] = {
    -5: "The Nationalist government collapses into warring factions: every Nationalist unit stays "
        "immobilized in its hex.",
    -4: "No Nationalist units may be built.",
    -3: "Every Nationalist unit suffers a -1 DM.",
    -2: "Nationalist China may not carry out offensive operations.",
    -1: "Nationalist units may not operate outside China.",
    1: "Nationalist units operating outside China do not suffer the -1 DM.",
    2: "The limits on Nationalist-Communist cooperation no longer apply.",
}
_UPDATED_RESULTS: dict[int, str] = {
    -3: "The CTL of every Nationalist unit drops by one.",
    -2: "Nationalist China may not carry out offensive operations.",
    -1: "Nationalist units may not operate outside China.",
    1: "Nationalist units operating outside China do not suffer the -1 DM.",
    2: "The limits on Nationalist-Communist cooperation no longer apply.",
    3: "Nationalist units may operate in any Asian front hex outside Russia.",
}


def results_table(edition: Edition) -> Mapping[int, str]:
    """Each non-zero result of the edition and what it means, in our words."""
    return _ORIGINAL_RESULTS if edition is Edition.ORIGINAL else _UPDATED_RESULTS


def effects(edition: Edition, level: int) -> tuple[Consequence, ...]:
    """Everything a result brings: the result itself and every lesser result on its side of 0,
    strongest first.  Level 0 brings nothing."""
    low, high = result_range(edition)
    require_range("level", level, low, high)
    table = results_table(edition)
    if level < 0:
        steps = range(level, 0)
    elif level > 0:
        steps = range(level, 0, -1)
    else:
        return ()
    return tuple(Consequence("61.11", f"({signed(step)}) {table[step]}") for step in steps)


# ---------------------------------------------------------------------------------------------
# Defections to Wang and their reversal (61.31-61.32, updated editions)
# ---------------------------------------------------------------------------------------------

def defections(level: int, unbuilt_factors: int, force_level: int, extra_infantry: int = 0) -> int:
    """Nationalist factors that defect this turn (61.31): one per level below zero, at most three,
    no more than the unbuilt replacement/infantry factors, and never taking the ground force level
    below 15 factors plus the extra infantry from research and military counters."""
    require_range("level", level, -99, 99)
    require_range("unbuilt_factors", unbuilt_factors, 0, 999)
    require_range("force_level", force_level, 0, 999)
    require_range("extra_infantry", extra_infantry, 0, 999)
    if level >= 0:
        return 0
    room = max(0, force_level - (FORCE_LEVEL_FLOOR + extra_infantry))
    return min(-level, MAX_DEFECTIONS_PER_TURN, unbuilt_factors, room)


def wang_additions(defecting: int, wang_pool: int) -> int:
    """Wang infantry factors Japan adds for ``defecting`` Nationalist factors (61.31C): one each,
    but the Wang force pool from all sources never exceeds the counter mix (18 factors); the
    rest are simply removed from play."""
    require_range("defecting", defecting, 0, 999)
    require_range("wang_pool", wang_pool, 0, WANG_COUNTER_MIX)
    return min(defecting, WANG_COUNTER_MIX - wang_pool)


def returns(level: int, lost_so_far: int) -> int:
    """Nationalist factors regained when the level is positive in a later turn (61.32B): the 61.31
    process reversed (one per level above zero, at most three), never beyond China's original force
    pool, i.e. never more than the factors lost to defection and not yet regained."""
    require_range("level", level, -99, 99)
    require_range("lost_so_far", lost_so_far, 0, 999)
    if level <= 0:
        return 0
    return min(level, MAX_DEFECTIONS_PER_TURN, lost_so_far)


def defection_units(factors: int) -> str:
    """Which unbuilt units make up the defecting factors (61.31A)."""
    require_range("factors", factors, 0, MAX_DEFECTIONS_PER_TURN)
    return {
        0: "no units",
        1: "one replacement or one 1-2 infantry unit",
        2: "two one-factor units or one 2-2 infantry unit",
        3: "any unbuilt units totalling three factors",
    }[factors]


class DefectionRequest(Frozen):
    """What the end-of-turn defection step needs (61.31-61.32)."""

    level: int                  # the clamped Chinese resistance level
    unbuilt_factors: int        # unbuilt Nationalist replacement/infantry factors
    force_level: int            # Nationalist ground force level (built and unbuilt factors)
    extra_infantry: int = 0     # infantry from Chinese army research and military counters
    wang_pool: int = 0          # Wang infantry factors in Japan's force pool, all sources
    lost_so_far: int = 0        # Nationalist factors lost to defection and not yet regained
    wang_from_defections: int = 0  # Wang factors Japan holds because of defections


class DefectionOutcome(Frozen):
    defecting: int          # Nationalist factors removed this turn
    wang_added: int         # Wang infantry factors Japan adds (unbuilt)
    removed_only: int       # defecting factors simply removed (Wang pool full)
    returning: int          # Nationalist factors regained (61.32B)
    wang_lost: int          # Wang factors that defect back
    lost_after: int         # Nationalist factors lost and not regained, after this turn
    wang_from_defections_after: int
    units: str              # which units defect (61.31A)
    consequences: tuple[Consequence, ...]


def defection_step(request: DefectionRequest) -> DefectionOutcome:
    """The whole 61.31-61.32 step for one end of turn."""
    require_range("lost_so_far", request.lost_so_far, 0, 999)
    require_range("wang_from_defections", request.wang_from_defections, 0, WANG_COUNTER_MIX)
    defecting = defections(request.level, request.unbuilt_factors, request.force_level, request.extra_infantry)
    added = wang_additions(defecting, request.wang_pool)
    back = returns(request.level, request.lost_so_far)
    wang_lost = min(back, request.wang_from_defections)
    consequences: list[Consequence] = []
    if request.level < 0:
        if defecting:
            consequences.append(Consequence(
                "61.31", f"{defecting} unbuilt Nationalist factor(s) defect and leave play "
                         f"({defection_units(defecting)})."))
            if added:
                consequences.append(Consequence(
                    "61.31C", f"Japan adds {added} unbuilt Wang infantry factor(s) to its force pool "
                              "(outside the normal Wang limits and the Wang construction limit; it may hold back "
                              "a 1-2 to take a 2-2 later)."))
            if defecting - added:
                consequences.append(Consequence(
                    "61.31C", f"The Wang counter mix is full: {defecting - added} defecting factor(s) are "
                              "simply removed."))
        else:
            floor = FORCE_LEVEL_FLOOR + request.extra_infantry
            why = ("China has no unbuilt replacement or infantry factor left (61.31B)" if not request.unbuilt_factors
                   else f"the ground force level {request.force_level} is at its floor of {floor} factors")
            consequences.append(Consequence("61.31", f"No Nationalist factor defects: {why}."))
        limits = []
        if defecting < min(-request.level, MAX_DEFECTIONS_PER_TURN) and defecting:
            limits.append(f"only {defecting} of {min(-request.level, MAX_DEFECTIONS_PER_TURN)}: "
                          f"{request.unbuilt_factors} unbuilt factor(s), ground force level {request.force_level} "
                          f"with a floor of {FORCE_LEVEL_FLOOR + request.extra_infantry}")
        consequences.extend(Consequence("61.31", f"Defections stop at the limits: {text}.") for text in limits)
    elif back:
        consequences.append(Consequence(
            "61.32B", f"{back} Nationalist factor(s) return to China's force pool"
                      + (f"; Japan loses {wang_lost} Wang infantry factor(s)." if wang_lost else ".")))
    return DefectionOutcome(
        defecting=defecting, wang_added=added, removed_only=defecting - added, returning=back,
        wang_lost=wang_lost, lost_after=request.lost_so_far + defecting - back,
        wang_from_defections_after=min(WANG_COUNTER_MIX, request.wang_from_defections + added - wang_lost),
        units=defection_units(defecting), consequences=tuple(consequences),
    )


# ---------------------------------------------------------------------------------------------
# Module API
# ---------------------------------------------------------------------------------------------

def initial_carry() -> dict[str, Any]:
    """China never surrenders (61.11), so there is no "surrendered" flag.  ``defections``: Nationalist
    factors lost to defection and not yet regained; ``wang_additions``: Wang factors Japan holds
    because of defections; ``last_level``: the level of the last check."""
    return {"defections": 0, "wang_additions": 0, "last_level": None}


def _verdict(level: int, total: int) -> str:
    raw = "" if level == total else f", table total {signed(total)}"
    timing = "from the next Japanese player turn until the next check at the end of the Chinese player turn"
    if level == 0:
        return f"Chinese resistance 0{raw}: no effect ({timing})."
    kind = "restrictions" if level < 0 else "benefits"
    return f"Chinese resistance {signed(level)}{raw}: Nationalist {kind} apply {timing}."


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    table = lines(game.edition, game.scenario)
    result = evaluate(table, inputs, Context())
    level = clamp(game.edition, result.total)
    figures: dict[str, Any] = {"level": level, "raw_total": result.total}
    if game.scenario is Scenario.EUROPEAN:
        return PowerResult(KEY, TITLE, result.total, 0, Status.NOT_APPLICABLE,
                           "China is not in a European scenario.", result.breakdown, figures={**figures, "level": 0})
    consequences = list(effects(game.edition, level))
    if game.edition.is_updated:
        facts = DEFECTION_FACTS.validate(inputs.get(DEFECTION_FACTS.id, DEFECTION_FACTS.default()))
        step = defection_step(_request(level, facts, game))
        consequences.extend(step.consequences)
        figures.update(defecting=step.defecting, wang_added=step.wang_added, returning=step.returning)
    # 61.11: below 0 Nationalist China is restricted, above 0 it gains (each result includes the lesser ones).
    status = Status.NO_EFFECT if level == 0 else Status.EFFECTS if level < 0 else Status.BENEFITS
    return PowerResult(KEY, TITLE, result.total, level, status, _verdict(level, result.total), result.breakdown,
                       tuple(consequences), figures)


def _request(level: int, facts: Mapping[str, int], game: GameContext) -> DefectionRequest:
    lost = game.carried(KEY, "defections", 0)
    wang = game.carried(KEY, "wang_additions", 0)
    if not isinstance(lost, int) or not isinstance(wang, int):
        raise RulesInputError(f"carried China values: defections and wang_additions must be whole numbers "
                              f"(got {lost!r}, {wang!r})")
    return DefectionRequest(level=level, unbuilt_factors=facts["unbuilt_infantry"], force_level=facts["force_level"],
                            extra_infantry=facts["extra_infantry"], wang_pool=facts["wang_pool"],
                            lost_so_far=lost, wang_from_defections=wang)


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    carry = {**initial_carry(), **dict(game.carry.get(KEY, {}))}
    if result.status is Status.NOT_APPLICABLE:
        return TurnOutcome(carry)
    carry["last_level"] = result.level
    events: list[Consequence] = [Consequence("61.11", f"{game.turn.title}: Chinese resistance {signed(result.level)} "
                                                      "(end of the Chinese player turn).")]
    entries: tuple[EntrySettled, ...] = ()
    if game.edition.is_updated:
        facts = DEFECTION_FACTS.validate(inputs.get(DEFECTION_FACTS.id, DEFECTION_FACTS.default()))
        step = defection_step(_request(result.level, facts, game))
        carry["defections"] = step.lost_after
        carry["wang_additions"] = step.wang_from_defections_after
        events.extend(step.consequences)
        entries = settled_entries(inputs, facts, step)
    return TurnOutcome(carry, tuple(events), entries=entries)


def settled_entries(inputs: Mapping[str, Any], facts: Mapping[str, int], step: DefectionOutcome
                    ) -> tuple[EntrySettled, ...]:
    """The China tab's entries a defection step changes (61.31-61.32): the factors that defect leave play, so they
    are no longer unbuilt, in the ground force level or in the force pool (61.32A), and the Wang pool gains what
    Japan adds (61.31C); factors that return (61.32B) come back as unbuilt and Wang loses its defectors.  Only
    entered lines change (a line never entered is asked for instead)."""
    change = step.returning - step.defecting
    if not change and not step.wang_added and not step.wang_lost:
        return ()
    why = (f"{step.defecting} factor(s) defected (61.31, 61.32A)" if step.defecting
           else f"{step.returning} factor(s) returned (61.32B)")
    settled = dict(facts)
    settled["unbuilt_infantry"] = max(0, facts["unbuilt_infantry"] + change)
    settled["force_level"] = max(0, facts["force_level"] + change)
    settled["wang_pool"] = max(0, min(WANG_COUNTER_MIX, facts["wang_pool"] + step.wang_added - step.wang_lost))
    entries = [EntrySettled(DEFECTION_FACTS.id, settled, "61.31", why)] if DEFECTION_FACTS.id in inputs else []
    for line, limit in ((UNBUILT_PER_THREE, UNBUILT_PER_THREE.maximum), (FORCE_POOL, FORCE_POOL.maximum)):
        if line.id in inputs and change:
            now = int(inputs[line.id])
            entries.append(EntrySettled(line.id, max(0, min(limit, now + change)), "61.32A", why))
    return tuple(entries)
