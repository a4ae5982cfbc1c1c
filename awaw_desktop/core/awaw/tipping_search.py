"""Searching one line's changes for the first that tips each power, a step at a time (``tipping``).

A line's changes in one direction come ordered by size.  The farthest is tried first (refused values
lie beyond a bound: if it is refused, the bound is halved to); for each power whose fate it changes, the
step is doubled from the nearest change until the fate changes, then halved back to the first change
that does (fates are thresholds on levels: once a direction changes a fate it keeps it changed; the
property tests check it).

The searches are generators: they yield after each change they assess, so that a caller may spread the
work over several turns of an event loop (``finish`` runs one to its end).  Pure, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, TypeVar

from ..lines import RulesInputError
from .common import PowerResult

Answer = TypeVar("Answer")
Change = Any   # ``tipping.Change``: anything a probe takes
Probe = Callable[[Change], Mapping[str, PowerResult]]
Steps = Generator[None, None, Answer]


def finish(steps: Generator[None, None, Answer]) -> Answer:
    """Run a stepwise search to its end and give its answer."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value   # type: ignore[no-any-return]


def _accepted(changes: Sequence[Change], probe: Probe, seen: dict[int, Mapping[str, PowerResult]]
              ) -> Steps[Sequence[Change]]:
    """The changes up to the first one the rules refuse (a first German hex after the current turn):
    refused values lie beyond a bound, so the last value is tried and, if refused, the bound is halved to."""
    def accepted(index: int) -> bool:
        try:
            seen[index] = probe(changes[index])
        except RulesInputError:
            return False
        return True

    if not changes:
        return changes
    last_accepted = accepted(len(changes) - 1)
    yield
    if last_accepted:
        return changes
    low, high = 0, len(changes) - 1   # the first refused change lies in low..high
    while low < high:
        middle = (low + high) // 2
        if accepted(middle):
            low = middle + 1
        else:
            high = middle
        yield
    for index in [index for index in seen if index >= high]:
        del seen[index]
    return changes[:high]


def first_changes(changes: Sequence[Change], probe: Probe, tips: Callable[[str, PowerResult], bool],
                  targets: tuple[str, ...]) -> Steps[dict[str, tuple[Change, PowerResult]]]:
    """For each power of ``targets``, the first change of ``changes`` (ordered by size) whose results
    ``tips`` that power (``tips(power, its result)``), with that result."""
    seen: dict[int, Mapping[str, PowerResult]] = {}
    changes = yield from _accepted(changes, probe, seen)

    def look(index: int) -> Steps[None]:
        if index not in seen:
            seen[index] = probe(changes[index])
            yield

    found: dict[str, tuple[Change, PowerResult]] = {}
    if not changes:
        return found
    last = len(changes) - 1
    yield from look(last)
    for power in targets:
        if not tips(power, seen[last][power]):
            continue
        # Most tipping changes are small: double the step from the nearest change, then halve back.
        low, high = 0, 0
        while True:
            yield from look(high)
            if high >= last or tips(power, seen[high][power]):
                break
            low, high = high + 1, min(last, high * 2 + 1)
        while low < high:   # the first change of this power's fate lies in low..high
            middle = (low + high) // 2
            yield from look(middle)
            if tips(power, seen[middle][power]):
                high = middle
            else:
                low = middle + 1
        found[power] = (changes[high], seen[high][power])
    return found
