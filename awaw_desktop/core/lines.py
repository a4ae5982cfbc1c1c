"""Resistance-table lines as data.

A table is a tuple of :class:`Line` objects.  Each line has a stable ``id`` (the key
under which a session file stores what the players entered), the ``rule`` number
behind it, a ``label`` and a ``help`` text in our own words, and a *value kind*:
the subclass says what the players enter (a tick, a count, a signed level, a set
of ticked places, a few numbers) and how that turns into points.

Nothing here knows about a particular game: the AWAW tables live in
``awaw_desktop.core.awaw`` and a second rules family can build on the same kinds.
Everything is pure: the points a line gives are a function of the entered value
and, for derived lines, of a read-only context.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from .frozen import Frozen, field, replace

#: A value the players enter for one line, in its JSON-compatible form:
#: ``bool`` for a flag, ``int`` for counts and levels, ``tuple[str, ...]`` for a
#: set of ticked options, ``dict[str, int]`` for a grouped input.
Value = Any


class RulesInputError(ValueError):
    """An argument the rules cannot take (a negative count, a level out of range ...).

    The message names the line (or argument) and the problem, in words a player reads.
    """


def escalating_series(count: int, first: int = 3, second: int = 2, subsequent: int = 1) -> int:
    """Magnitude of an escalating series: first item ``first``, then ``second`` more, then
    ``subsequent`` more for each further item (NOTES.md: 1 -> 3, 2 -> 5, 3 -> 6, 4 -> 7)."""
    if count < 0:
        raise RulesInputError(f"the number of attacks cannot be negative (got {count})")
    if count == 0:
        return 0
    if count == 1:
        return first
    return first + second + subsequent * (count - 2)


def per_n(count: int, n: int, rounding: str = "down") -> int:
    """How many whole groups of ``n`` are in ``count`` ("for every N ...")."""
    if count < 0:
        raise RulesInputError(f"a count cannot be negative (got {count})")
    if rounding == "up":
        return math.ceil(count / n)
    return count // n


def _check_int(line_id: str, label: str, value: Any, minimum: int, maximum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesInputError(f"{label} ({line_id}): expected a whole number, got {value!r}")
    if value < minimum or value > maximum:
        raise RulesInputError(
            f"{label} ({line_id}): {value} is out of range; it must be between {minimum} and {maximum}"
        )
    return value


class Context(Frozen):
    """What a derived line may read: values supplied by the table's owner
    (other powers' levels, carried-over totals, the turn ...)."""

    values: Mapping[str, Any] = field(default_factory=dict)

    def get(self, key: str, default: Any = None) -> Any:
        return self.values.get(key, default)


class Line(Frozen):
    """One line of a table.  Subclasses define the value kind."""

    id: str
    rule: str
    label: str
    help: str = ""
    #: A reading we chose where the rule text is unclear (also listed in docs/rules-readings.md).
    reading: str = ""
    #: The value at the start of a game (Germany holds Berlin), used to fill a new session;
    #: None: the kind's default (unticked, zero).
    start: Value = None
    #: A heading the line is shown under ("Europe", "Cumulative modifiers"); "" for none.
    section: str = ""
    #: A tally of this turn only (enemy losses, 57.14B): cleared when the turn ends.
    per_turn: bool = False
    #: Which way this turn's play can move the value (the tipping search offers only such changes): "either";
    #: "up" only (a running total of the game, such as cities firestormed or atomic attacks, only grows; an
    #: event, once it has happened, stays ticked); "never" (a record of how a war began, which no later turn
    #: changes).  Entering any value stays open to the players: this is about what play can do, not typos.
    moves: str = "either"

    #: The widget family the UI offers: flag, count, level, choice, group or derived.
    input_kind: ClassVar[str] = "derived"

    def default(self) -> Value:
        return None

    def starting_value(self) -> Value:
        return self.default() if self.start is None else self.validate(self.start)

    def validate(self, value: Value) -> Value:
        """Return the value in canonical form or raise :class:`RulesInputError`."""
        return value

    def points(self, value: Value, context: Context) -> int:
        raise NotImplementedError

    def describe(self, value: Value, context: Context) -> str:
        """A short note shown beside the contribution (what was counted)."""
        return ""


class Flag(Line):
    """A condition that holds or not: ``value`` points when ticked."""

    value: int = 0
    input_kind: ClassVar[str] = "flag"

    def default(self) -> bool:
        return False

    def validate(self, value: Value) -> bool:
        if not isinstance(value, bool):
            raise RulesInputError(f"{self.label} ({self.id}): expected ticked or not (true/false), got {value!r}")
        return value

    def points(self, value: Value, context: Context) -> int:
        return self.value if self.validate(value) else 0


class Count(Line):
    """A count of things, each worth ``each`` points."""

    each: int = 0
    maximum: int = 99
    unit: str = ""
    input_kind: ClassVar[str] = "count"

    @property
    def minimum(self) -> int:
        return 0

    def default(self) -> int:
        return 0

    def validate(self, value: Value) -> int:
        return _check_int(self.id, self.label, value, 0, self.maximum)

    def points(self, value: Value, context: Context) -> int:
        return self.each * self.validate(value)


class Level(Line):
    """A signed number entered as is (a DP level): it adds itself, times ``sign``."""

    minimum: int = -50
    maximum: int = 50
    sign: int = 1
    input_kind: ClassVar[str] = "level"

    def default(self) -> int:
        return 0

    def validate(self, value: Value) -> int:
        return _check_int(self.id, self.label, value, self.minimum, self.maximum)

    def points(self, value: Value, context: Context) -> int:
        return self.sign * self.validate(value)


class PerN(Count):
    """"For every ``n`` ...": ``each`` points per whole group of ``n`` (or per started group
    when ``rounding`` is ``"up"``), optionally capped at ``cap`` groups."""

    n: int = 1
    rounding: str = "down"
    cap: int | None = None

    def groups(self, value: Value) -> int:
        groups = per_n(self.validate(value), self.n, self.rounding)
        return groups if self.cap is None else min(groups, self.cap)

    def points(self, value: Value, context: Context) -> int:
        return self.each * self.groups(value)

    def describe(self, value: Value, context: Context) -> str:
        count = self.validate(value)
        if count == 0:
            return ""
        groups = self.groups(value)
        return f"{count} {self.unit or 'counted'}: {groups} group{'s' if groups != 1 else ''} of {self.n}".strip()


class Escalating(Count):
    """An escalating series (-3 for the first, -2 more for the second, -1 for each more)."""

    first: int = 3
    second: int = 2
    subsequent: int = 1
    sign: int = -1

    def points(self, value: Value, context: Context) -> int:
        return self.sign * escalating_series(self.validate(value), self.first, self.second, self.subsequent)


class Offset(Count):
    """Points for how far a count is from a pivot (ICs above or below 7)."""

    pivot: int = 0
    below_each: int = -1
    above_each: int = 1

    def default(self) -> int:
        """A count nobody entered is its starting value where the line has one (ten transports in the Atlantic SW
        box count nothing, 59.22D), else 0: a new game leaves such a line for the players to enter
        (``core.awaw.unentered``), and it counts as it did when a new game filled it in."""
        return self.start if isinstance(self.start, int) and not isinstance(self.start, bool) else 0

    def points(self, value: Value, context: Context) -> int:
        count = self.validate(value)
        if count < self.pivot:
            return self.below_each * (self.pivot - count)
        return self.above_each * (count - self.pivot)


class Option(Frozen):
    key: str
    label: str
    value: int | None = None  # points for this option; None: the line's ``each``


class Choice(Line):
    """A set of places or things, each ticked or not (which cities a side controls).

    Points are ``each`` per ticked option (or the option's own value), unless
    ``needed`` is set: then the line is worth ``each`` once when at least ``needed``
    options are ticked ("at least three of ...")."""

    options: tuple[Option, ...] = ()
    each: int = 0
    needed: int | None = None
    input_kind: ClassVar[str] = "choice"

    def default(self) -> tuple[str, ...]:
        return ()

    def validate(self, value: Value) -> tuple[str, ...]:
        if isinstance(value, (str, bytes)) or not isinstance(value, (list, tuple, set, frozenset)):
            raise RulesInputError(f"{self.label} ({self.id}): expected a list of ticked options, got {value!r}")
        if not value:   # nothing ticked: the common case, no option looked at
            return ()
        known = {option.key for option in self.options}
        chosen: list[str] = []
        for key in value:
            if key not in known:
                raise RulesInputError(
                    f"{self.label} ({self.id}): {key!r} is not one of {', '.join(sorted(known))}"
                )
            if key not in chosen:
                chosen.append(key)
        order = [option.key for option in self.options]
        return tuple(sorted(chosen, key=order.index))

    def points(self, value: Value, context: Context) -> int:
        chosen = self.validate(value)
        if self.needed is not None:
            return self.each if len(chosen) >= self.needed else 0
        by_key = {option.key: option for option in self.options}
        return sum(self.each if by_key[key].value is None else int(by_key[key].value or 0) for key in chosen)

    def describe(self, value: Value, context: Context) -> str:
        chosen = self.validate(value)
        labels = {option.key: option.label for option in self.options}
        return ", ".join(labels[key] for key in chosen)


class FieldSpec(Frozen):
    key: str
    label: str
    minimum: int = 0
    maximum: int = 999
    help: str = ""


class Group(Line):
    """A line that needs several numbers (naval factors per side, island groups full and
    partial).  ``score`` turns the validated numbers into points; ``explain`` into a note."""

    fields: tuple[FieldSpec, ...] = ()
    score: Callable[[Mapping[str, int]], int] = field(default=lambda values: 0)
    explain: Callable[[Mapping[str, int]], str] | None = None
    #: A rule across the fields (a year of 0 or a game year): returns a problem in words, or None.
    check: Callable[[Mapping[str, int]], str | None] | None = None
    input_kind: ClassVar[str] = "group"

    def default(self) -> dict[str, int]:
        return {spec.key: max(spec.minimum, 0) if spec.minimum <= 0 <= spec.maximum else spec.minimum
                for spec in self.fields}

    def validate(self, value: Value) -> dict[str, int]:
        if not isinstance(value, Mapping):
            raise RulesInputError(f"{self.label} ({self.id}): expected a set of numbers, got {value!r}")
        unknown = set(value) - {spec.key for spec in self.fields}
        if unknown:
            raise RulesInputError(f"{self.label} ({self.id}): unknown field(s) {', '.join(sorted(map(str, unknown)))}")
        result: dict[str, int] = {}
        defaults = None   # made only for a field left out (the tipping search validates thousands of groups)
        for spec in self.fields:
            if spec.key in value:
                raw = value[spec.key]
            else:
                defaults = defaults or self.default()
                raw = defaults[spec.key]
            if type(raw) is int and spec.minimum <= raw <= spec.maximum:   # the common case, no message made
                result[spec.key] = raw
                continue
            result[spec.key] = _check_int(f"{self.id}.{spec.key}", f"{self.label}: {spec.label}", raw,
                                          spec.minimum, spec.maximum)
        problem = self.check(result) if self.check is not None else None
        if problem:
            raise RulesInputError(f"{self.label} ({self.id}): {problem}")
        return result

    def points(self, value: Value, context: Context) -> int:
        return self.score(self.validate(value))

    def describe(self, value: Value, context: Context) -> str:
        return self.explain(self.validate(value)) if self.explain else ""


class Derived(Line):
    """A line the players do not enter: it reads the context (another power's level,
    a carried-over total).  ``compute`` returns (points, note)."""

    compute: Callable[[Context], tuple[int, str]] = field(default=lambda context: (0, ""))
    input_kind: ClassVar[str] = "derived"

    def points(self, value: Value, context: Context) -> int:
        return self.compute(context)[0]

    def describe(self, value: Value, context: Context) -> str:
        return self.compute(context)[1]


def in_section(section: str, lines: tuple[Line, ...]) -> tuple[Line, ...]:
    """The same lines shown under a heading ("Europe", "Cumulative modifiers")."""
    return tuple(replace(line, section=section) for line in lines)


class LineResult(Frozen):
    """One line's share of a total, as shown in a breakdown."""

    id: str
    rule: str
    label: str
    value: Value
    points: int
    note: str = ""


class TableResult(Frozen):
    total: int
    breakdown: tuple[LineResult, ...]

    def points(self, line_id: str) -> int:
        for item in self.breakdown:
            if item.id == line_id:
                return item.points
        raise KeyError(line_id)


def normalise_inputs(lines: tuple[Line, ...], inputs: Mapping[str, Value]) -> dict[str, Value]:
    """Fill defaults for lines not entered and validate the rest.

    Keys that belong to no line of the table are ignored (a session may hold inputs of
    lines another edition has), so switching editions never loses what was entered."""
    values: dict[str, Value] = {}
    for line in lines:
        if line.input_kind == "derived":
            values[line.id] = None
            continue
        raw = inputs.get(line.id, line.default())
        values[line.id] = line.validate(raw)
    return values


def evaluate(lines: tuple[Line, ...], inputs: Mapping[str, Value], context: Context | None = None) -> TableResult:
    """Total of a table for the entered values, with each line's contribution."""
    context = context or Context()
    read: Any = _ABSENT   # the context as a key, made when a line that reads it is first met
    # Validated first, all of them (a refused value is the error, before any derived line is computed).
    found: list[LineResult | tuple[Value, Any]] = []
    for line in lines:
        derived = line.input_kind == "derived"
        raw = None if derived else inputs.get(line.id, _ABSENT)
        if _context_free(type(line)):
            key = _kept_key(line, raw, None)
        else:
            if read is _ABSENT:
                read = _context_key(context)
            key = None if read is None else _kept_key(line, raw, read)
        kept = None if key is None else _KEPT.get(key)
        if kept is not None and kept[0] is line:
            found.append(kept[1])
        elif derived:
            found.append((None, key))
        else:
            found.append((line.validate(line.default() if raw is _ABSENT else raw), key))
    breakdown = tuple(_line_result(line, item[0], item[1], context) if isinstance(item, tuple) else item
                      for line, item in zip(lines, found, strict=True))
    return TableResult(sum(item.points for item in breakdown), breakdown)


def _line_result(line: Line, value: Value, key: Any, context: Context) -> LineResult:
    result = LineResult(line.id, line.rule, line.label, value, line.points(value, context),
                        line.describe(value, context))
    if key is not None:
        if len(_KEPT) >= _KEPT_LIMIT:
            _KEPT.clear()
        _KEPT[key] = (line, result)
    return result


# -- the results of lines, kept ------------------------------------------------------------------------------
#: A line's points and note are a function of its value and, for a line that reads it, of the context (see
#: the module's notes): its result is kept for the value entered (and the context), as the tipping search
#: evaluates each table hundreds of times with one line changed.  At most ``_KEPT_LIMIT`` kept, each with its
#: line (its id, in the key, could be reused by another line): the benchmark's six games (``benchmarks/
#: tipping.py``) keep some 3,500, and letting them all go at once takes about 2 ms.
_KEPT: dict[Any, tuple[Line, LineResult]] = {}
_KEPT_LIMIT = 5_000
_CONTEXT_FREE: dict[type, bool] = {}
_ABSENT: Any = object()   # a line not entered: its default


def _context_free(kind: type) -> bool:
    """True for a kind of line whose points and note read only its value."""
    free = _CONTEXT_FREE.get(kind)
    if free is None:
        free = _CONTEXT_FREE[kind] = (
            getattr(kind, "points", None) in (Flag.points, Count.points, Level.points, PerN.points,
                                              Escalating.points, Offset.points, Choice.points, Group.points)
            and getattr(kind, "describe", None) in (Line.describe, PerN.describe, Choice.describe, Group.describe))
    return free


def _kept_key(line: Line, raw: Value, read: Any) -> Any:
    """What a line's result is kept under: the line, the value entered and, for a line that reads the
    context, the context (None: not kept)."""
    kind = type(raw)   # with each item's type: True and 1 are equal, but a count refuses a tick
    if kind is int or kind is bool or raw is None:
        return id(line), kind, raw, read
    if kind is list or kind is tuple:
        raw = tuple([(type(item), item) for item in raw])
    elif kind is dict or isinstance(raw, Mapping):
        raw = tuple([(name, type(item), item) for name, item in raw.items()])
    try:
        hash(raw)
    except TypeError:
        return None
    return id(line), kind, raw, read


def _context_key(context: Context) -> Any:
    """The context's values as a key (None: some value cannot be one)."""
    try:
        key = tuple(sorted([(name, type(value), value) for name, value in context.values.items()],
                           key=lambda item: item[0]))
        hash(key)
    except TypeError:
        return None
    return key
