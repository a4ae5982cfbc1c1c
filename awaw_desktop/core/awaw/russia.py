"""Russian resistance (rule 60): the Russian Resistance Table (60.11), BRP effects (60.2),
force pool effects (60.3) and the absence of a U.S. election (60.4).

Russia never surrenders as such (60.12): at a level of 0 or less it is in a state of
surrender for victory purposes and takes one BRP effect of its choice each turn (60.21,
60.22); below 0 it also removes 20 BRPs of units per level, but only for levels below the
lowest level that already triggered removals (60.32, NOTES.md).  In Pacific scenarios
Russia never incurs any of this (54.11).

The table is the same in every edition; the units removed per level differ (60.31A).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..frozen import Frozen
from ..lines import (
    Choice,
    Context,
    Count,
    Escalating,
    Flag,
    Level,
    Line,
    Offset,
    Option,
    PerN,
    RulesInputError,
    evaluate,
)
from .common import (
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Question,
    Scenario,
    Status,
    TurnOutcome,
    require_range,
)
from .levels import signed
from .surrender_states import in_state_of_surrender

KEY = "russia"
TITLE = "Russia"

#: BRPs of units removed for each new negative level (60.31).
BRPS_PER_LEVEL = 20
#: 60.11: ICs controlled by Russia are counted from this pivot.
IC_PIVOT = 7
#: Levels are bounded only to catch nonsense; the table's lines cannot go this low.
LEVEL_LIMIT = 999
#: The armor assumed when the assessment describes removals (valid in every edition).
DEFAULT_ARMOR = "4-5"


# --------------------------------------------------------------------------- line kinds

class IcCount(Offset):
    """The IC line starts at the pivot (no points) rather than at zero ICs."""

    def default(self) -> int:
        return self.pivot


# --------------------------------------------------------------------------- the lines

DP_LEVEL = Level(
    id="dp_level", rule="60.11", label="Russian DP level",
    help="Russia's DP level worked out as in a Year Start Sequence at the end of this Allied player turn "
         "(54.23); it may be negative.",
    minimum=-60, maximum=60,
)
ATOMIC_AGAINST_RUSSIA = Escalating(
    id="atomic_against_russia", moves="up", rule="60.11", label="Atomic attacks against Russia",
    help="Atomic attacks on Russia: -3 for the first, -2 more for the second, -1 more for each one after that.",
    sign=-1, maximum=30, unit="attacks",
)
FIRESTORMS = Count(
    id="firestorms", moves="up", rule="60.11", label="Russian cities firestormed", each=-1, maximum=40, unit="cities",
    help="-1 for every Russian city firestormed so far in the game (cumulative).",
)
OIL_EFFECTS = Count(
    id="oil_effects", rule="60.11", label="Oil effects on Russia now", each=-1, maximum=10, unit="effects",
    help="-1 for each oil effect that applies to Russia at the moment.",
)
AXIS_IN_BRITAIN = Flag(
    id="axis_in_britain", rule="60.11", label="Axis control a hex in Britain", value=-1,
    help="-1 while the Axis control at least one hex in Britain; Scapa Flow counts, Ulster does not.",
)
UNBUILT = PerN(
    id="unbuilt_factors", rule="60.11", label="Unbuilt Russian ground and army air factors",
    help="-1 for every full ten unbuilt Russian ground and army air factors (rounded down). Units removed "
         "from play under 60.3 are not unbuilt (60.32B).",
    each=-1, n=10, maximum=999, unit="factors",
)
ICS = IcCount(
    id="ics", rule="60.11", label="ICs controlled by Russia",
    help="Seven ICs count nothing; -1 for each IC fewer than seven, +1 for each IC more than seven.",
    pivot=IC_PIVOT, below_each=-1, above_each=1, maximum=40, unit="ICs",
    reading="The entry starts at seven ICs (no points) so an untouched form does not count -7.",
    start=IC_PIVOT,
)
WESTERN_ALLIES_AT_WAR = Choice(
    id="western_allies_at_war", rule="60.11", label="Western Allied powers at war with Germany", each=1,
    help="+1 for each Western Allied major power at war with Germany.",
    options=(Option("britain", "Britain"), Option("france", "France"), Option("usa", "United States")),
    # A new game starts in Fall 1939 with Britain and France at war with Germany (the usual campaign start).
    start=("britain", "france"),
)
WESTERN_ALLIES_IN_FRANCE = Flag(
    id="western_allies_in_france", rule="60.11", label="Western Allies hold two hexes in France", value=1,
    help="+1 while the Western Allies control at least two hexes in European France.",
)

_TABLE: tuple[Line, ...] = (DP_LEVEL, ATOMIC_AGAINST_RUSSIA, FIRESTORMS, OIL_EFFECTS, AXIS_IN_BRITAIN, UNBUILT,
                            ICS, WESTERN_ALLIES_AT_WAR, WESTERN_ALLIES_IN_FRANCE)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The Russian Resistance Table (60.11): the same lines in every edition."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    return _TABLE


def initial_carry() -> dict[str, Any]:
    """Russia never surrenders as such (60.12), so it carries no "surrendered" flag.

    ``lowest_removal_level``: the lowest level that has triggered unit removals (60.32),
    never reset; ``brp_option``: the 60.21 option taken at the last check (or None);
    ``ics_frozen_for``: the turn in which IC values may not rise (60.21A), or None."""
    return {"lowest_removal_level": None, "brp_option": None, "ics_frozen_for": None}


# --------------------------------------------------------------------------- 60.21 BRP options

BRP_QUESTION_ID = "russia.brp_option"
FREEZE = "freeze_ics"
SURRENDER_IC = "surrender_ic"


class BrpOption(Frozen):
    """One of the two 60.21 BRP effects."""

    key: str
    rule: str
    title: str
    effect: str
    ic_values_frozen: bool
    ic_surrendered: bool


_BRP_OPTIONS: dict[str, BrpOption] = {
    FREEZE: BrpOption(
        FREEZE, "60.21A", "Freeze IC values",
        "Russia may not raise the value of its ICs in the next turn (37.13F).",
        ic_values_frozen=True, ic_surrendered=False),
    SURRENDER_IC: BrpOption(
        SURRENDER_IC, "60.21B", "Give up an isolated IC",
        "Russia gives an isolated IC to Germany: Russian units in it go back to the force pool unbuilt at once; "
        "the hex stays Russian until the Axis take it. An IC in full supply from the east edge cannot be given.",
        ic_values_frozen=False, ic_surrendered=True),
}


def brp_option(key: str) -> BrpOption:
    """The effect of a 60.21 option (``"freeze_ics"`` or ``"surrender_ic"``)."""
    try:
        return _BRP_OPTIONS[key]
    except (KeyError, TypeError):
        raise RulesInputError(f"{BRP_QUESTION_ID}: {key!r} is not one of {', '.join(_BRP_OPTIONS)}") from None


def brp_question() -> Question:
    """The 60.21 choice the Russian player makes at each check with a level of 0 or less."""
    return Question(
        id=BRP_QUESTION_ID, rule="60.21",
        prompt="Russia's resistance is 0 or less: which BRP effect does the Russian player take?",
        options=tuple((option.key, option.title) for option in _BRP_OPTIONS.values()),
        default=FREEZE,
    )


# --------------------------------------------------------------------------- 60.31-60.32 removals

#: Infantry factors removed with each armor type, per edition (60.31A).
_INFANTRY_WITH_ARMOR: dict[Edition, dict[str, int]] = {
    # Original: one 4-5 armor, one AAF, three 3-3 infantry; with no 4-5 available, a 3-5 and two more factors.
    Edition.ORIGINAL: {"4-5": 9, "3-5": 11},
    # Updated: one AAF, one armor, infantry up to 20 BRPs.
    Edition.UPDATED: {"5-6": 7, "4-5": 9, "3-5": 11},
    Edition.CLASSIC: {"5-6": 7, "4-5": 9, "3-5": 11},
}


class RemovalStep(Frozen):
    """The units removed for one negative level (20 BRPs)."""

    level: int
    armor: str
    air_units: int
    infantry_factors: int

    def describe(self) -> str:
        return (f"level {self.level}: one {self.armor} armor, {self.air_units} AAF and "
                f"{self.infantry_factors} infantry factors")


class RemovalPlan(Frozen):
    """What 60.31-60.32 require at a level, given the lowest level that already triggered removals."""

    level: int
    lowest_previous_level: int | None
    steps: tuple[RemovalStep, ...]

    @property
    def levels(self) -> int:
        return len(self.steps)

    @property
    def brps(self) -> int:
        return BRPS_PER_LEVEL * len(self.steps)

    @property
    def new_lowest_level(self) -> int | None:
        """The lowest level that has triggered removals once these are made."""
        return self.steps[-1].level if self.steps else self.lowest_previous_level


def armor_choices(edition: Edition) -> tuple[str, ...]:
    """The armor types 60.31A allows in an edition (best first)."""
    if not isinstance(edition, Edition):
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    return tuple(_INFANTRY_WITH_ARMOR[edition])


def removal_step(edition: Edition, level: int, armor: str) -> RemovalStep:
    """The units for one negative level: one AAF, one armor and the infantry that goes with it."""
    table = _INFANTRY_WITH_ARMOR[edition] if isinstance(edition, Edition) else None
    if table is None:
        raise RulesInputError(f"edition: expected an Edition, got {edition!r}")
    if armor not in table:
        raise RulesInputError(f"armor: {armor!r} is not removed under 60.31A in the {edition.title.lower()}; "
                              f"expected one of {', '.join(table)}")
    require_range("level", level, -LEVEL_LIMIT, -1)
    return RemovalStep(level, armor, 1, table[armor])


def removals(edition: Edition, level: int, lowest_previous_level: int | None,
             armor: str | Sequence[str] = "4-5") -> RemovalPlan:
    """The units Russia removes at ``level`` (60.31), given the lowest level that has already
    triggered removals (60.32; ``None`` if none has).  Only the levels below that one count:
    -3 then -2 removes nothing, -3 then -4 removes one level (20 BRPs).

    ``armor`` is the armor unit removed with each level: one type for every level, or one per
    new level, highest level first.  Original: "4-5" while Russia has one, else "3-5";
    Updated: "5-6", "4-5" or "3-5" (the Russian player's pick)."""
    require_range("level", level, -LEVEL_LIMIT, LEVEL_LIMIT)
    if lowest_previous_level is not None:
        require_range("lowest_previous_level", lowest_previous_level, -LEVEL_LIMIT, -1)
    start = 0 if lowest_previous_level is None else lowest_previous_level
    new_levels = list(range(start - 1, level - 1, -1)) if level < start else []
    if isinstance(armor, str):
        kinds: list[str] = [armor] * len(new_levels)
    else:
        kinds = list(armor)
        if len(kinds) != len(new_levels):
            raise RulesInputError(f"armor: {len(new_levels)} armor type(s) needed, one per new level, "
                                  f"got {len(kinds)}")
    if not new_levels:
        # Still check the armor type so a wrong entry is reported at once.
        for kind in kinds or ([armor] if isinstance(armor, str) else []):
            removal_step(edition, -1, kind)
    steps = tuple(removal_step(edition, step_level, kind) for step_level, kind in zip(new_levels, kinds,
                                                                                    strict=True))
    return RemovalPlan(level, lowest_previous_level, steps)


# --------------------------------------------------------------------------- assessment

def _lowest_removal_level(game: GameContext) -> int | None:
    value = game.carried(KEY, "lowest_removal_level")
    if value is None:
        return None
    return require_range("carry lowest_removal_level", value, -LEVEL_LIMIT, -1)


_in_surrender = in_state_of_surrender   # one reading for 60.41 and 62.91 (surrender_states)


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    table = lines(game.edition, game.scenario)
    result = evaluate(table, inputs, Context())
    level = result.total
    lowest = _lowest_removal_level(game)
    plan = removals(game.edition, level, lowest, DEFAULT_ARMOR)
    figures: dict[str, Any] = {
        "brp_effects": False,
        "unit_effects": False,
        "state_of_surrender": False,
        "removal_levels": 0,
        "removal_brps": 0,
        "lowest_removal_level": lowest,
    }

    def make(status: Status, verdict: str, consequences: tuple[Consequence, ...] = ()) -> PowerResult:
        return PowerResult(KEY, TITLE, level, level, status, verdict, result.breakdown, consequences, figures)

    if game.scenario is Scenario.PACIFIC:
        return make(Status.NOT_APPLICABLE,
                    "In a Pacific scenario Russia never surrenders and suffers no resistance effects (54.11).")
    if level > 0:
        return make(Status.NO_EFFECT, f"Russia fights on unharmed (resistance {signed(level)}).",
                    (Consequence("60.11", "The Russian level matters only at 0 or less."),))

    figures.update(brp_effects=True, state_of_surrender=True, unit_effects=level < 0,
                   removal_levels=plan.levels, removal_brps=plan.brps, lowest_removal_level=plan.new_lowest_level)
    consequences: list[Consequence] = [
        Consequence("60.12", "Russia fights on but counts as in a state of surrender for victory (62.91)."),
        Consequence("60.21", "Russia takes one BRP effect of its choice: freeze IC values next turn, or give an "
                             "isolated IC to Germany."),
    ]
    if level < 0:
        if plan.levels:
            previous = "" if lowest is None else f" (removals already made down to {lowest})"
            consequences.append(Consequence(
                "60.31", f"Russia removes {plan.brps} BRPs of units for good{previous}: per level, one AAF, one "
                         f"armor unit and infantry to make 20 BRPs."))
            consequences.append(Consequence("60.31A", _armor_note(game.edition)))
            consequences.append(Consequence("60.31B", "Take them first from mobilized units not yet in the force "
                                                      "pool, then unbuilt units, then built units of the Russian "
                                                      "player's choice."))
        else:
            consequences.append(Consequence("60.32A", f"No more units go: removals were already made down to "
                                                      f"level {lowest}."))
    consequences.append(Consequence("60.41", "This does not trigger a U.S. election."))
    if _in_surrender(game, "britain") and not _in_surrender(game, "japan"):
        consequences.append(Consequence("60.41", "Britain is also in surrender and Japan fights on: the U.S. is no "
                                                 "longer free to fight on in Europe without restriction (62.91)."))
    # 60.12 in the verdict too: the Overview shows only the verdict, and an Allied defeat (62.91) reads it.
    if level == 0:
        verdict = "Russia is at 0: it takes a BRP effect but removes no units."
    elif plan.levels:
        verdict = f"Russia is at {signed(level)}: a BRP effect and {plan.brps} BRPs of units removed."
    else:
        verdict = f"Russia is at {signed(level)}: a BRP effect; no further units removed (already down to {lowest})."
    verdict += " It fights on, counted as in surrender for victory (60.12)."
    return make(Status.EFFECTS, verdict, tuple(consequences))


def _armor_note(edition: Edition) -> str:
    if edition is Edition.ORIGINAL:
        return ("Per level: one 4-5 armor, one AAF and three 3-3 infantry; with no 4-5 armor available, a 3-5 "
                "armor and eleven infantry factors.")
    return ("Per level: one AAF and one armor with 7 infantry factors (5-6 armor), 9 (4-5 armor) or 11 "
            "(3-5 armor).")


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    """Record the 60.21 BRP option and the lowest level that has triggered removals (60.32)."""
    carry: dict[str, Any] = {**initial_carry(), **game.carry.get(KEY, {})}
    carry["ics_frozen_for"] = None
    carry["brp_option"] = None
    if result.status is not Status.EFFECTS:
        return TurnOutcome(carry)
    question = brp_question()
    option = brp_option(choices.get(question.id, question.default))
    events: list[Consequence] = [Consequence(option.rule, option.effect)]
    carry["brp_option"] = option.key
    if option.ic_values_frozen:
        carry["ics_frozen_for"] = game.turn.next().to_json()
    lowest = _lowest_removal_level(game)
    plan = removals(game.edition, result.level, lowest, DEFAULT_ARMOR)
    if plan.levels:
        carry["lowest_removal_level"] = plan.new_lowest_level
        first, last = plan.steps[0].level, plan.steps[-1].level
        span = f"level {first}" if first == last else f"levels {first} to {last}"
        events.append(Consequence("60.31", f"Russia removes {plan.brps} BRPs of units in {game.turn.title} "
                                           f"({span})."))
        # 60.32B: which units go is the Russian player's choice; the players change the entry (issue 28).
        unbuilt = inputs.get("unbuilt_factors")
        now = "not entered" if unbuilt is None else str(unbuilt)
        events.append(Consequence("60.32B", "Russia tab: lower \u201cUnbuilt Russian ground and army air "
                                            f"factors\u201d (now {now}) by the unbuilt factors among the units "
                                            "removed: they no longer count as unbuilt."))
    return TurnOutcome(carry, tuple(events), (question,))
