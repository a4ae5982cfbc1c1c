"""The changes the tipping search tries: a :class:`Change` to one line's entered value, and for each kind of
line the single changes worth trying (a tick, one option of a choice, a count or one field of a group moved
to the nearest value that matters each way).  ``tipping``, ``tipping_limits`` and the search share them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

from ..frozen import Frozen
from ..lines import Choice, Context, Count, Escalating, Group, Level, Line, Offset, PerN

Inputs = Mapping[str, Mapping[str, Any]]
#: Which number a change moves, and which way: (power, line id, field key or None, "up" or "down").
Where = tuple[str, str, str | None, str]

#: Line kinds whose points are a function of the entered number alone: values that give the same
#: points are searched once (a subclass with its own ``points`` may read the context: every value).
PLAIN_POINTS = {Count.points, PerN.points, Escalating.points, Offset.points, Level.points}


# -- changes ------------------------------------------------------------------------------------------
class Change(Frozen):
    """One single change to an entered fact: the whole new value of one line."""

    power: str          # whose line
    line_id: str
    rule: str           # the line's rule
    old: Any
    new: Any
    text: str           # in a player's words: "Axis-controlled Malta / Singapore: tick Malta"
    size: int           # how far it moves (1 for a tick or an option)
    direction: str      # "up", "down" (numbers), "tick", "untick"

    def apply(self, inputs: Inputs) -> dict[str, dict[str, Any]]:
        """A copy of ``inputs`` with this change made (the original is untouched)."""
        changed = {power: dict(values) for power, values in inputs.items()}
        changed.setdefault(self.power, {})[self.line_id] = stored(self.new)
        return changed


def stored(value: Any) -> Any:
    """The JSON form a session stores (a tuple of options as a list, a group as a dict)."""
    if isinstance(value, tuple):
        return list(value)
    if isinstance(value, Mapping):
        return dict(value)
    return value


def _number_text(label: str, old: int, new: int) -> str:
    return f"{label}: {old} -> {new}"   # the new entry; the power's own level follows after the colon


def _flag_changes(power: str, line: Line, value: bool) -> Iterator[list[Change]]:
    text = f"No longer: {line.label}" if value else line.label
    yield [Change(power, line.id, line.rule, value, not value, text, 1, "untick" if value else "tick")]


def _choice_changes(power: str, line: Choice, value: tuple[str, ...]) -> Iterator[list[Change]]:
    for option in line.options:
        ticked = option.key in value
        new = tuple(key for key in value if key != option.key) if ticked else (*value, option.key)
        try:
            new = line.validate(new)
        except ValueError:  # an option the line refuses in this combination
            continue
        verb = "untick" if ticked else "tick"
        yield [Change(power, line.id, line.rule, value, new, f"{line.label}: {verb} {option.label}", 1, verb)]


class Steps(Sequence[Change]):
    """The changes of one number in one direction, made only when looked at (a field may span 2,000).
    ``where`` names the number: (power, line id, field key or None, direction)."""

    def __init__(self, values: list[int], make: Callable[[int], Change], where: Where) -> None:
        self._values, self._make, self.where = values, make, where

    def __len__(self) -> int:
        return len(self._values)

    @overload
    def __getitem__(self, index: int) -> Change: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Change]: ...

    def __getitem__(self, index: int | slice) -> Change | Sequence[Change]:
        if isinstance(index, slice):
            return Steps(self._values[index], self._make, self.where)
        return self._make(self._values[index])

    def position(self, number: int) -> int | None:
        """The index of the change to ``number`` (None: not among them)."""
        try:
            return self._values.index(number)
        except ValueError:
            return None


def _count_changes(power: str, line: Count | Level, value: int, context: Context) -> Iterator[Sequence[Change]]:
    plain = type(line).points in PLAIN_POINTS

    def make(way: str) -> Callable[[int], Change]:
        return lambda new: Change(power, line.id, line.rule, value, new, _number_text(line.label, value, new),
                                  abs(new - value), way)

    for step, way in ((1, "up"), (-1, "down")):
        bound = line.maximum if step > 0 else line.minimum
        values = list(range(value + step, bound + step, step))
        if plain:
            kept: list[int] = []
            last = line.points(value, context)
            for new in values:
                points = line.points(new, context)
                if points != last:
                    kept.append(new)
                    last = points
            values = kept
        yield Steps(values, make(way), (power, line.id, None, way))


def _field_change(power: str, line: Group, value: Mapping[str, int], key: str, label: str, way: str
                  ) -> Callable[[int], Change]:
    current = value[key]
    return lambda number: Change(power, line.id, line.rule, dict(value), {**value, key: number},
                                 _number_text(f"{line.label}, {label}", current, number), abs(number - current), way)


def _group_changes(power: str, line: Group, value: Mapping[str, int]) -> Iterator[Sequence[Change]]:
    for spec in line.fields:
        current = value[spec.key]
        for step, way in ((1, "up"), (-1, "down")):
            bound = spec.maximum if step > 0 else spec.minimum
            values = list(range(current + step, bound + step, step))
            if line.check is not None:   # a field combination the line refuses (a year outside the game)
                values = [number for number in values if not line.check({**value, spec.key: number})]
            yield Steps(values, _field_change(power, line, value, spec.key, spec.label, way),
                         (power, line.id, spec.key, way))


def candidate_changes(power: str, line: Line, value: Any) -> Iterator[Sequence[Change]]:
    """For one line, lists of changes in order of size; each list is one direction (or one tick).  Only the
    ways play can move it (``Line.moves``): a running total never goes down, an event never unhappens."""
    if line.moves == "never":
        return
    if line.input_kind == "flag":
        changes: Iterator[Sequence[Change]] = _flag_changes(power, line, bool(value))
    elif line.input_kind == "choice" and isinstance(line, Choice):
        changes = _choice_changes(power, line, value)
    elif isinstance(line, (Count, Level)):
        changes = _count_changes(power, line, value, Context())
    elif isinstance(line, Group):
        changes = _group_changes(power, line, value)
    else:
        return
    for found in changes:
        if line.moves == "up" and found and found[0].direction in ("down", "untick"):
            continue
        yield found
