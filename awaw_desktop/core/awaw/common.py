"""Shared vocabulary of the AWAW surrender rules (54-62): editions, scenario types,
game turns, and what a power's assessment looks like.

Every power module in this package (``germany``, ``italy``, ``japan``, ``france``,
``britain``, ``russia``, ``china``, ``election``) offers the same functions:

``lines(edition, scenario) -> tuple[Line, ...]``
    the resistance table of that edition (rules as data, see ``core.lines``);
``initial_carry() -> dict``
    the values that carry over between turns, at the start of a game (JSON types only);
``assess(inputs, game) -> PowerResult``
    the level, breakdown and consequences for the entered values;
``end_of_turn(inputs, game, result, choices) -> TurnOutcome``
    what the end-of-turn check records for next turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any

from ..frozen import Frozen, field, force_setattr
from ..lines import LineResult, RulesInputError


class Edition(str, Enum):
    """The three rule editions a session can be played with (NOTES.md)."""

    ORIGINAL = "original"
    UPDATED = "updated"
    CLASSIC = "updated-classic"

    @property
    def title(self) -> str:  # type: ignore[override]
        return {
            Edition.ORIGINAL: "Original rules",
            Edition.UPDATED: "Updated rules",
            Edition.CLASSIC: "Updated rules, classic AWAW",
        }[self]

    @property
    def is_updated(self) -> bool:
        """Updated and Updated-classic share the updated text."""
        return self is not Edition.ORIGINAL


class Scenario(str, Enum):
    """Scenario type: some rules change with it (54.11, 57.81, 59.22B, 62.46)."""

    GLOBAL_WAR = "global-war"
    EUROPEAN = "european"
    PACIFIC = "pacific"

    @property
    def title(self) -> str:  # type: ignore[override]
        return {
            Scenario.GLOBAL_WAR: "Global War",
            Scenario.EUROPEAN: "European scenario",
            Scenario.PACIFIC: "Pacific scenario",
        }[self]


class Season(str, Enum):
    SPRING = "spring"
    SUMMER = "summer"
    FALL = "fall"
    WINTER = "winter"

    @property
    def index(self) -> int:  # type: ignore[override]
        return list(Season).index(self)

    @property
    def title(self) -> str:  # type: ignore[override]
        return self.value.capitalize()


FIRST_YEAR = 1936
LAST_YEAR = 1950


class Turn(Frozen):
    """A game turn: four seasons a year, Spring first (Winter 1941 is followed by Spring 1942)."""

    year: int
    season: Season

    def __post_init__(self) -> None:
        if not isinstance(self.year, int) or not FIRST_YEAR <= self.year <= LAST_YEAR:
            raise RulesInputError(f"year {self.year!r} is outside {FIRST_YEAR}-{LAST_YEAR}")
        if not isinstance(self.season, Season):
            force_setattr(self, "season", Season(self.season))

    @property
    def number(self) -> int:
        """A running number: consecutive turns differ by one."""
        return self.year * 4 + self.season.index

    def __lt__(self, other: Turn) -> bool:
        return self.number < other.number

    def __le__(self, other: Turn) -> bool:
        return self.number <= other.number

    def __gt__(self, other: Turn) -> bool:
        return self.number > other.number

    def __ge__(self, other: Turn) -> bool:
        return self.number >= other.number

    @classmethod
    def from_number(cls, number: int) -> Turn:
        return cls(number // 4, list(Season)[number % 4])

    def next(self) -> Turn:
        return Turn.from_number(self.number + 1)

    def turns_since(self, other: Turn) -> int:
        return self.number - other.number

    @property
    def title(self) -> str:
        return f"{self.season.title} {self.year}"

    def to_json(self) -> dict[str, Any]:
        return {"season": self.season.value, "year": self.year}

    @classmethod
    def parse(cls, text: str) -> Turn:
        """``"Fall 1940"`` or ``"fall-1940"``."""
        parts = text.replace("-", " ").split()
        if len(parts) != 2:
            raise RulesInputError(f"a turn is a season and a year, like 'Fall 1940' (got {text!r})")
        try:
            return cls(int(parts[1]), Season(parts[0].lower()))
        except ValueError as error:
            raise RulesInputError(f"not a turn: {text!r}") from error


class Status(str, Enum):
    """What a power's level means now, in the words of the table's explanation."""

    NO_EFFECT = "no-effect"
    EFFECTS = "effects"          # adverse effects (Russia, China, U.S. election restrictions)
    BENEFITS = "benefits"        # a result in the power's favour (China at +1 or more, 61.11)
    OFFERS = "offers"            # Britain offers to surrender
    SURRENDERS = "surrenders"    # the check says this power surrenders now
    SURRENDERED = "surrendered"  # already surrendered in an earlier turn
    NOT_APPLICABLE = "not-applicable"  # the scenario or the rules rule it out

    @property
    def title(self) -> str:  # type: ignore[override]
        return {
            Status.NO_EFFECT: "No effect",
            Status.EFFECTS: "Incurs effects",
            Status.BENEFITS: "Gains benefits",
            Status.OFFERS: "Offers to surrender",
            Status.SURRENDERS: "Surrenders",
            Status.SURRENDERED: "Has surrendered",
            Status.NOT_APPLICABLE: "Not applicable",
        }[self]


class Consequence(Frozen):
    """Something that follows from a result, with the rule that says so."""

    rule: str
    text: str


class PowerResult(Frozen):
    """One power's assessment for the entered facts: a pure function of the session."""

    power: str
    title: str
    total: int                       # the raw sum of the breakdown
    level: int                       # the level that counts (after any clamp)
    status: Status
    verdict: str                     # one line a player reads at the table
    breakdown: tuple[LineResult, ...] = ()
    consequences: tuple[Consequence, ...] = ()
    #: Extra figures other powers or the UI need (e.g. "dp_total" for Italy), JSON types.
    figures: Mapping[str, Any] = field(default_factory=dict)

    @property
    def surrendered(self) -> bool:
        """True if this power has surrendered already or surrenders in this check."""
        return self.status in (Status.SURRENDERS, Status.SURRENDERED)


class GameContext(Frozen):
    """What an assessment may read besides its own inputs."""

    edition: Edition
    scenario: Scenario
    turn: Turn
    #: Results of the powers assessed before this one in the same pass (see ``assess.ORDER``).
    results: Mapping[str, PowerResult] = field(default_factory=dict)
    #: Every power's carried-over values (``initial_carry`` shape), keyed by power.
    carry: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def carried(self, power: str, key: str, default: Any = None) -> Any:
        return self.carry.get(power, {}).get(key, default)


class Question(Frozen):
    """A choice the rules give a player at the end of a turn (60.21, 62.43, 56.32 ...)."""

    id: str
    rule: str
    prompt: str
    options: tuple[tuple[str, str], ...]  # (key, label)
    default: str


class EntrySettled(Frozen):
    """A value of the power's own table that its end-of-turn step settles, as a procedure writes back what it
    decides (China's unbuilt factors after a defection no longer count as unbuilt, 61.32A)."""

    line_id: str
    value: Any
    rule: str
    why: str


class TurnOutcome(Frozen):
    """What an end-of-turn check records: the new carried values, what happened, and the entries it settles."""

    carry: Mapping[str, Any]
    events: tuple[Consequence, ...] = ()
    questions: tuple[Question, ...] = ()
    entries: tuple[EntrySettled, ...] = ()


def require_range(name: str, value: int, minimum: int, maximum: int) -> int:
    """Raise a clear error for an argument outside ``minimum..maximum``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesInputError(f"{name}: expected a whole number, got {value!r}")
    if not minimum <= value <= maximum:
        raise RulesInputError(f"{name}: {value} is out of range ({minimum} to {maximum})")
    return value
