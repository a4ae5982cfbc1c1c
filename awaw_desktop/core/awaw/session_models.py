"""The pydantic models of the ``.awaw`` session file (strict, unknown fields forbidden), and its JSON Schema.

``resources/session.schema.json`` is generated from :class:`SessionDocument` (``python -m
awaw_desktop.core.awaw.sessionfile > resources/session.schema.json``; a test keeps it current).  The undo
checkpoints inside the file's ``checkpoints`` text are checked by :class:`CheckpointStepModel` (version 3)
and :class:`CheckpointModel` (version 2, read when an older file is converted).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Annotated, Any, Literal, NotRequired, TypeAlias

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    JsonValue,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    model_validator,
    with_config,
)
from typing_extensions import TypedDict

from ..files.json_gates import short
from . import assess
from .common import FIRST_YEAR, LAST_YEAR, Season, Turn

PowerKey: TypeAlias = Literal["italy", "germany", "china", "japan", "france", "britain", "russia", "election"]
EditionName: TypeAlias = Literal["original", "updated", "updated-classic"]
ScenarioName: TypeAlias = Literal["global-war", "european", "pacific"]
SeasonName: TypeAlias = Literal["spring", "summer", "fall", "winter"]
LineId: TypeAlias = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$", max_length=80)]
CarryKey: TypeAlias = Annotated[str, StringConstraints(min_length=1, max_length=80)]
ShortText: TypeAlias = Annotated[str, StringConstraints(max_length=200)]
LongText: TypeAlias = Annotated[str, StringConstraints(max_length=4000)]
RuleNumber: TypeAlias = Annotated[str, StringConstraints(max_length=40)]
#: Bounds for entered numbers that no line checks (lines of another edition).
InputInt: TypeAlias = Annotated[int, Field(ge=-1_000_000, le=1_000_000)]
OptionKey: TypeAlias = Annotated[str, StringConstraints(min_length=1, max_length=80)]
FactId: TypeAlias = Annotated[str, StringConstraints(pattern=r"^[a-z]+\.[a-z_]+$", max_length=80)]
InputValue: TypeAlias = bool | InputInt | Annotated[list[OptionKey], Field(max_length=200)] | dict[OptionKey, InputInt]


class _Model(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


class TurnModel(_Model):
    """A game turn."""

    season: SeasonName = Field(description="Season of the turn; Spring comes first in a year.")
    year: int = Field(ge=FIRST_YEAR, le=LAST_YEAR, description="Year of the turn.")

    def to_turn(self) -> Turn:
        return Turn(self.year, Season(self.season))


class PlayersModel(_Model):
    """The players' names (free text, may be empty)."""

    axis: ShortText = Field(default="", description="Name of the Axis player(s).")
    allied: ShortText = Field(default="", description="Name of the Allied player(s).")


# The record's entries and dice are checked as typed dicts, not models: a 1,000-turn record checks in half the time.
_RECORD_CONFIG = ConfigDict(strict=True, extra="forbid")


@with_config(_RECORD_CONFIG)
class TurnDict(TypedDict):
    """A game turn."""

    season: Annotated[SeasonName, Field(description="Season of the turn; Spring comes first in a year.")]
    year: Annotated[int, Field(ge=FIRST_YEAR, le=LAST_YEAR, description="Year of the turn.")]


@with_config(_RECORD_CONFIG)
class ConsequenceModel(TypedDict):
    """Something that followed from a result, with its rule number."""

    rule: Annotated[RuleNumber, Field(description="Rule number, e.g. \"55.21\".")]
    text: Annotated[LongText, Field(description="What followed, in our words.")]


@with_config(_RECORD_CONFIG)
class HistoryEntryModel(TypedDict):
    """One line of the game record."""

    turn: TurnDict
    kind: Annotated[str, StringConstraints(min_length=1, max_length=60), Field(
        description="What was recorded: \"end-of-turn\", \"french-surrender\", \"british-surrender\" ...")]
    title: Annotated[LongText, Field(description="One line for the record.")]
    levels: NotRequired[Annotated[dict[PowerKey, Annotated[int, Field(ge=-1_000_000, le=1_000_000)]], Field(
        description="Each power's level at that moment.")]]
    events: NotRequired[Annotated[list[ConsequenceModel], Field(
        max_length=500, description="What happened, each with its rule number.")]]


@with_config(_RECORD_CONFIG)
class DieRollModel(TypedDict):
    """One die roll, kept so undo never re-rolls it."""

    turn: TurnDict
    purpose: Annotated[LongText, Field(description="What the roll was for.")]
    rule: Annotated[RuleNumber, Field(description="Rule number behind the roll.")]
    value: Annotated[int, Field(ge=1, le=6, description="The die: 1 to 6.")]
    source: Annotated[Literal["typed", "rolled"], Field(description="Typed in by a player or rolled by the app.")]


#: Check one entry or roll of the record (as a save does, once per entry).
HISTORY_ENTRY: TypeAdapter[HistoryEntryModel] = TypeAdapter(HistoryEntryModel)
DIE_ROLL: TypeAdapter[DieRollModel] = TypeAdapter(DieRollModel)


class SessionDocument(_Model):
    """An awaw-desktop session file (format version 4)."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True, title="awaw-desktop session")

    format: Literal["awaw-desktop-session"] = Field(description="Marks the file as an awaw-desktop session.")
    version: Literal[4] = Field(description="Format version; see docs/session-format.md for the policy.")
    title: LongText = Field(default="", description="The session's title (free text, may be empty).")
    edition: EditionName = Field(description="The rule edition the session is played with.")
    scenario: ScenarioName = Field(description="The scenario type.")
    start_turn: TurnModel = Field(description="The turn the game started in.")
    turn: TurnModel = Field(description="The current turn (never before start_turn).")
    players: PlayersModel = Field(default_factory=PlayersModel)
    inputs: dict[PowerKey, dict[LineId, InputValue]] = Field(
        default_factory=dict,
        description="What the players entered: power -> line id -> value (tick: true/false; count or level: "
                    "a whole number; ticked places: a list of option keys; several numbers: an object of "
                    "whole numbers).")
    carry: dict[PowerKey, dict[CarryKey, JsonValue]] = Field(
        default_factory=dict, description="Values carried between turns: power -> key -> any JSON value.")
    outcomes: dict[PowerKey, JsonValue] = Field(
        default_factory=dict, description="Outcomes recorded by the surrender wizards, keyed by power.")
    history: Annotated[list[HistoryEntryModel], Field(max_length=10_000)] = Field(
        default_factory=list, description="The game record, oldest first.")
    dice: Annotated[list[DieRollModel], Field(max_length=10_000)] = Field(
        default_factory=list, description="Every die roll, oldest first.")
    facts: dict[FactId, JsonValue] = Field(
        default_factory=dict,
        description="The state of the war, each fact once: fact id -> value (a war: null or the turn it began; "
                    "a yes/no fact: true/false; who holds a place: a holder key). See awaw/facts.py.")
    checkpoints: Annotated[str, StringConstraints(max_length=4_000_000)] = Field(
        default="",
        description="The state before each end of turn and wizard outcome, so a reopened game can be undone: "
                    "base64 of zlib-compressed JSON, each checkpoint stored as its changes since the one before. "
                    "Empty for none.")
    record: dict[str, JsonValue] | None = Field(
        default=None,
        description="The game record: {\"game_id\": 32 hex digits, \"entries\": [...]}, an append-only, hash-chained "
                    "log of every recorded step (docs/game-record.md). Read and checked by core/record/chain.py; a "
                    "file from before version 4 has none, and its record starts when it is read.")
    reconciled: Annotated[list[LongText], Field(max_length=200)] = Field(
        default_factory=list,
        description="Only in a converted older file: what the conversion reconciled. Never written.")

    @model_validator(mode="after")
    def _turn_not_before_start(self) -> SessionDocument:
        # compare running numbers: Turn's own ordering compares season names (NOTE in the report)
        if self.turn.to_turn().number < self.start_turn.to_turn().number:
            raise ValueError(f"turn: the current turn ({self.turn.to_turn().title}) is before the start turn "
                             f"({self.start_turn.to_turn().title})")
        return self


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the current format, generated from the models
    (``resources/session.schema.json`` holds a copy; a test keeps it current)."""
    schema = SessionDocument.model_json_schema()
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", **schema}


def json_schema_text() -> str:
    """:func:`json_schema` as the text of ``resources/session.schema.json``."""
    return json.dumps(json_schema(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


StateField: TypeAlias = Literal["title", "players", "inputs", "carry", "outcomes", "facts"]
#: The fields of a checkpoint's state that are objects (key -> value); ``title`` is text.
ObjectField: TypeAlias = Literal["players", "inputs", "carry", "outcomes", "facts"]


class CheckpointModel(_Model):
    """An undo checkpoint as format 2 stored it: the whole state."""

    title: LongText
    turn: TurnModel
    history_length: Annotated[int, Field(ge=0)]
    dice_length: Annotated[int, Field(ge=0)]
    state: dict[StateField, JsonValue]


#: A value inside a checkpoint: checked to be a JSON value a file can hold before the model sees it
#: (``json_gates``), so the model does not walk it again (``JsonValue`` would, in Python, value by value).
CheckedJson: TypeAlias = Any


class StateChangesModel(_Model):
    """What changed in a checkpoint's state since the checkpoint before (since an empty state for the first):
    the new ``title``; for the other fields, the keys whose value changed, with their new value."""

    title: LongText | None = None
    players: dict[str, CheckedJson] | None = None
    inputs: dict[str, CheckedJson] | None = None
    carry: dict[str, CheckedJson] | None = None
    outcomes: dict[str, CheckedJson] | None = None
    facts: dict[str, CheckedJson] | None = None


class CheckpointStepModel(_Model):
    """An undo checkpoint as format 3 stores it: its changes (``state``) and the keys it no longer has
    (``removed``), each against the checkpoint before it."""

    title: LongText
    turn: TurnModel
    history_length: Annotated[int, Field(ge=0)]
    dice_length: Annotated[int, Field(ge=0)]
    state: StateChangesModel = Field(default_factory=StateChangesModel)
    removed: dict[ObjectField, list[str]] = Field(default_factory=dict)


# How a validation error reads

_UNION_TAGS = frozenset({"bool", "int", "constrained-int", "list[str]", "list[constrained-str]",
                         "dict[str,int]", "dict[constrained-str,constrained-int]", "dict[str,constrained-int]",
                         "dict[constrained-str,int]"})
_TYPE_ERRORS = frozenset({"bool_type", "int_type", "list_type", "dict_type", "string_type"})
_UNION_WORDS = "true/false, a whole number, a list of option names or an object of whole numbers"


def _where(loc: tuple[int | str, ...]) -> str:
    text = ""
    for part in loc:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + part
    return text or "the file"


def _what(error: Mapping[str, Any]) -> str:
    kind = error["type"]
    ctx = error.get("ctx") or {}
    got = f" (got {short(error.get('input'))})"
    if kind == "missing":
        return "is missing"
    if kind == "extra_forbidden":
        return "is not a field of a session file"
    if kind in ("int_type", "int_from_float", "int_parsing"):
        return "must be a whole number" + got
    if kind == "bool_type":
        return "must be true or false" + got
    if kind == "string_type":
        return "must be text" + got
    if kind == "list_type":
        return "must be a list" + got
    if kind in ("dict_type", "model_type", "model_attributes_type"):
        return "must be a JSON object" + got
    if kind == "literal_error":
        return f"must be one of {ctx.get('expected')}" + got
    if kind == "greater_than_equal":
        return f"must be at least {ctx.get('ge')}" + got
    if kind == "less_than_equal":
        return f"must be at most {ctx.get('le')}" + got
    if kind == "string_too_long":
        return f"is too long (at most {ctx.get('max_length')} characters)"
    if kind == "string_too_short":
        return "must not be empty"
    if kind == "too_long":
        return f"has too many items (at most {ctx.get('max_length')})"
    if kind == "string_pattern_mismatch":
        return "must be lower-case letters, digits and underscores, starting with a letter" + got
    if kind == "value_error":
        return str(ctx.get("error", error.get("msg", "")))
    return str(error.get("msg", kind)).rstrip(".").lower() + got


def describe(error: ValidationError) -> str:
    """The first problem of a validation error, as ``where: what`` (+ how many more).

    A value that fits no alternative of the entered-value union is reported once: by the
    alternative's own problem when it got past the type check (a number out of bounds),
    else as "must be true/false, a whole number ..."."""
    problems: list[str] = []
    unions: dict[tuple[int | str, ...], list[Mapping[str, Any]]] = {}
    order: list[tuple[str, tuple[int | str, ...]] | tuple[str, str]] = []
    for item in error.errors(include_url=False):
        loc = tuple(item["loc"])
        union_at = next((i for i, part in enumerate(loc) if isinstance(part, str) and part in _UNION_TAGS), None)
        if union_at is not None:
            prefix = loc[:union_at]
            if prefix not in unions:
                unions[prefix] = []
                order.append(("union", prefix))
            unions[prefix].append(item)
            continue
        if "[key]" in loc:
            at = loc.index("[key]")
            problem = f"{_where(loc[:at - 1])}: the key {short(loc[at - 1])} is not allowed: {_what(item)}"
            if item["type"] == "literal_error":
                problem = (f"{_where(loc[:at - 1])}: {short(loc[at - 1])} is not a known power "
                           f"(expected one of {', '.join(assess.ORDER)})")
        elif not loc:
            problem = _what(item)
        else:
            problem = f"{_where(loc)}: {_what(item)}"
        order.append(("plain", problem))
    for kind, content in order:
        if kind == "union":
            assert isinstance(content, tuple)
            items = unions[content]
            specific = [item for item in items if item["type"] not in _TYPE_ERRORS]
            if specific:
                chosen = specific[0]
                loc = tuple(part for part in chosen["loc"] if not (isinstance(part, str) and part in _UNION_TAGS))
                problem = f"{_where(loc)}: {_what(chosen)}"
            else:
                problem = f"{_where(content)}: must be {_UNION_WORDS} (got {short(items[0].get('input'))})"
        else:
            assert isinstance(content, str)
            problem = content
        if problem not in problems:
            problems.append(problem)
    first = problems[0] if problems else "damaged"
    more = len(problems) - 1
    return first + (f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else "")
