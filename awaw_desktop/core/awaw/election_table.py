"""The U.S. election's lines: what holds an election (62.21), each theater's modifiers (62.31), and the
tension levels read after an election (62.5-62.7), with the values they read from the other powers' results.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from ..frozen import replace
from ..lines import (
    Choice,
    Context,
    Derived,
    Escalating,
    FieldSpec,
    Flag,
    Group,
    Level,
    Line,
    Option,
    RulesInputError,
    Value,
    in_section,
)
from .common import Turn
from .levels import signed


class Trigger(StrEnum):
    """Why an election is held this turn (62.21)."""

    NONE = "none"          # no election this turn
    YSS_1945 = "yss_1945"  # after the 1945 YSS: both theaters, combined (62.21A, 62.41)
    ATOMIC = "atomic"      # German atomic attack on the continental U.S.: Europe only (62.21B, 62.81)

    @property
    def label(self) -> str:
        return {
            Trigger.NONE: "No election this turn",
            Trigger.YSS_1945: "Election after the 1945 YSS",
            Trigger.ATOMIC: "Election after a German atomic attack on the U.S.",
        }[self]


# ---------------------------------------------------------------------------------------------
# Lines (62.31)
# ---------------------------------------------------------------------------------------------

class TriggerChoice(Choice):
    """Which event holds an election this turn: at most one may be ticked; adds no points."""

    def validate(self, value: Value) -> tuple[str, ...]:
        if isinstance(value, str):
            value = () if value in ("", Trigger.NONE.value) else (value,)
        chosen = super().validate(value)
        if len(chosen) > 1:
            raise RulesInputError(f"{self.label} ({self.id}): tick at most one reason for an election, "
                                  f"got {', '.join(chosen)}")
        return chosen

    def points(self, value: Value, context: Context) -> int:
        self.validate(value)
        return 0

    def trigger(self, value: Value) -> Trigger:
        chosen = self.validate(value)
        return Trigger(chosen[0]) if chosen else Trigger.NONE


TRIGGER = TriggerChoice(
    id="trigger", rule="62.21", label="Election held this turn",
    help="Tick why an election is held now: after the 1945 YSS (both theaters, added together), or at the end "
         "of a turn with a successful German atomic attack on the continental U.S. (Europe only). Leave both "
         "unticked when there is no election.",
    options=(Option(Trigger.YSS_1945.value, "After the 1945 Year Start Sequence"),
             Option(Trigger.ATOMIC.value, "German atomic attack on the continental U.S. this turn")),
)

# Europe
AXIS_DP = Level(
    id="axis_dp", rule="62.31", label="Axis DP level", sign=-1, minimum=-60, maximum=99,
    help="Subtract the Axis DP level, neutral Italian DPs included, worked out when the election is held.",
)
ATOMIC_ON_BRITAIN = Escalating(
    id="atomic_on_britain_us", moves="up", rule="62.31", label="Atomic attacks on Britain or the U.S. Atlantic box",
    help="Atomic attacks on a hex in Britain or on the U.S. Atlantic box: -3 for the first, -2 more for the "
         "second, -1 more for each one after that.",
    sign=-1, maximum=30, unit="attacks",
)


def _britain(context: Context) -> tuple[bool, int | None]:
    return bool(context.get("britain.in_surrender", False)), context.get("britain.surrender_level")


def _british_surrender_level(context: Context) -> tuple[int, str]:
    in_surrender, level = _britain(context)
    if not in_surrender:
        return 0, "Britain is not in a state of surrender"
    if level is None:
        return 0, "British surrender level unknown"
    return int(level) + 5, f"British surrender level {signed(int(level))}"


BRITISH_SURRENDER_LEVEL = Derived(
    id="british_surrender_level", rule="62.31", label="British surrender level",
    help="While Britain is in a state of surrender (from Germany's acceptance of a British offer to the end of the "
         "game): -1 for each level below -5, +1 for each level above -5 (so -10 gives -5 and 0 gives +5), from the "
         "most recent surrender level on the Britain tab.",
    compute=_british_surrender_level,
)


def _britain_not_in_surrender(context: Context) -> tuple[int, str]:
    in_surrender, _ = _britain(context)
    return ((0, "Britain is in a state of surrender") if in_surrender
            else (5, "Britain is not in a state of surrender"))


BRITAIN_FIGHTING = Derived(
    id="britain_not_in_surrender", rule="62.31", label="Britain not in a state of surrender",
    help="+5 while Britain is not in a state of surrender: it is from Germany's acceptance of a British offer to "
         "the end of the game, at war again or not (see How we read the rules, Britain).",
    compute=_britain_not_in_surrender,
)
ALLIED_DP = Level(
    id="allied_dp", rule="62.31", label="Allied DP level", sign=1, minimum=-60, maximum=99,
    help="Add the Allied DP level, neutral Russian DPs included, worked out when the election is held. British "
         "and Russian DP levels may be negative here (62.32).",
)


def _japan_surrendered(context: Context) -> tuple[int, str]:
    return (10, "Japan has surrendered") if context.get("japan.surrendered", False) else (0, "")


JAPAN_SURRENDERED = Derived(
    id="japan_surrendered", rule="62.31", label="Japan has surrendered",
    help="+10 in Europe once Japan has surrendered (from the Japan tab).",
    compute=_japan_surrendered,
)

# Pacific


def _japanese_resistance(context: Context) -> tuple[int, str]:
    if context.get("japan.surrendered", False):
        return 0, "Japan has surrendered: counted as 0"
    level = context.get("japan.level")
    if level is None:
        return 0, "Japan not assessed"
    return -int(level), f"Japanese resistance {signed(int(level))}"


JAPANESE_RESISTANCE = Derived(
    id="japanese_resistance", rule="62.31", label="Japanese resistance level",
    help="Subtract the Japanese resistance level (0 once Japan has surrendered), from the Japan tab.",
    compute=_japanese_resistance,
)
JAPAN_DECLARED_WAR = Flag(
    id="japan_declared_war", moves="up", rule="62.31", label="Japan declared war on the U.S.", value=20,
    help="+20 in the Pacific if it was Japan that declared war on the U.S.",
)


def _germany_surrendered(context: Context) -> tuple[int, str]:
    return (10, "Germany has surrendered") if context.get("germany.surrendered", False) else (0, "")


GERMANY_SURRENDERED = Derived(
    id="germany_surrendered", rule="62.31", label="Germany has surrendered",
    help="+10 in the Pacific once Germany has surrendered (from the Germany tab).",
    compute=_germany_surrendered,
)


def _no_points(values: Mapping[str, int]) -> int:
    return 0


def _tensions_explain(values: Mapping[str, int]) -> str:
    return f"USAT {values['usat']}, USJT {values['usjt']}"


TENSIONS = Group(
    id="tensions", rule="62.5", label="Current U.S. tension levels (no points)",
    help="USAT and USJT now. After an adverse election they are recorded again: every four points they rise "
         "lifts the restrictions in that theater by one level (62.52). They add nothing to the election result. "
         "Leave out of USAT the reduction of a German conciliation made since the election in effect: the app "
         "takes it from the Britain tab (59.75B, line below).",
    reading="62.51-62.52: after a result short of a separate peace, the tension level entered when the election "
            "is held is the starting point; after a separate peace it is set by 62.65.",
    fields=(FieldSpec("usat", "USAT level", 0, 120), FieldSpec("usjt", "USJT level", 0, 120)),
    score=_no_points, explain=_tensions_explain,
)


def _conciliation_note(context: Context) -> tuple[int, str]:
    reduction = int(context.get("britain.usat_reduction", 0) or 0)
    if not reduction:
        return 0, "no German conciliation recorded"
    when = context.get("britain.surrender_turn")
    counted = bool(context.get("conciliation_counted", False))
    text = f"USAT -{reduction} from the British surrender{' of ' + when.title if isinstance(when, Turn) else ''}"
    if counted:
        return 0, text + ": subtracted from the USAT entered above (62.52)"
    return 0, text + ": before the election result now in effect, so already part of its starting tension"


USAT_CONCILIATION = Derived(
    id="usat_conciliation", rule="59.75B", label="USAT lowered by German conciliation (no points)",
    help="When Germany returned or did not take British concessions, the USAT level falls by two per concession "
         "point (59.75B, 62.65). The reduction is read from the Britain tab's carried values.",
    reading="59.75B / 62.65: the USAT entered above is the tension track without the one-time conciliation "
            "reduction of the most recent British surrender; when that surrender came at or after the election "
            "whose result is in effect, the app subtracts the reduction before counting 62.52's four points a "
            "level (an earlier surrender is already part of the tension at the election).",
    compute=_conciliation_note,
)


class Declaration(StrEnum):
    """Who declared war on a neutral U.S. this turn (62.72)."""

    GERMANY = "germany"
    JAPAN = "japan"


#: 62.72: a declaration of war lifts the election restrictions in the declaring power's theater.
DECLARATION_THEATER: dict[Declaration, str] = {Declaration.GERMANY: "europe", Declaration.JAPAN: "pacific"}

WAR_ON_NEUTRAL_US = Choice(
    id="war_on_neutral_us", rule="62.72", label="Declared war on the neutral U.S. this turn (lifts restrictions)",
    each=0,
    help="Tick Germany or Japan if it declared war on the U.S. this turn while the U.S. was neutral in its "
         "theater. It feeds two things: the war itself, a fact of the war also on The war tab (the U.S. is at war "
         "with that power from this turn on every table that reads it, and a Japanese declaration counts as Japan "
         "having declared war on the U.S.), and the U.S. election: the restrictions in that theater end at once. "
         "No points; cleared at the end of the turn.",
    reading="62.72: ticked only when the U.S. was neutral in that theater; the app lifts whatever election "
            "result is in effect there (a result held this turn included). After a U.S. defeat by atomic attack "
            "(62.82) the U.S. may never reenter, so a declaration lifts nothing.",
    options=(Option(Declaration.GERMANY.value, "Germany (Europe)"), Option(Declaration.JAPAN.value, "Japan (Pacific)")),
    per_turn=True,
)

EUROPE_LINES: tuple[Line, ...] = (AXIS_DP, ATOMIC_ON_BRITAIN, BRITISH_SURRENDER_LEVEL, BRITAIN_FIGHTING,
                                  ALLIED_DP, JAPAN_SURRENDERED)
PACIFIC_LINES: tuple[Line, ...] = (JAPANESE_RESISTANCE, JAPAN_DECLARED_WAR, GERMANY_SURRENDERED)
EUROPE_LINES = in_section("Europe", EUROPE_LINES)
PACIFIC_LINES = in_section("Pacific", PACIFIC_LINES)
_AFTER = "After an election (62.5-62.7)"
_EUROPEAN_DECLARATION = replace(WAR_ON_NEUTRAL_US, options=WAR_ON_NEUTRAL_US.options[:1])
AFTER_ELECTION_LINES: tuple[Line, ...] = in_section(_AFTER, (TENSIONS, USAT_CONCILIATION, WAR_ON_NEUTRAL_US))
AFTER_ELECTION_LINES_EUROPEAN: tuple[Line, ...] = in_section(_AFTER, (TENSIONS, USAT_CONCILIATION,
                                                                      _EUROPEAN_DECLARATION))
