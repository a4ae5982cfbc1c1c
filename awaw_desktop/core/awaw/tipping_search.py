"""Searching one line's changes for the first that tips each power, a step at a time (``tipping``).

A line's changes in one direction come ordered by size.  The farthest is tried first (refused values
lie beyond a bound: if it is refused, the bound is halved to); for each power whose fate it changes, the
step is doubled from the nearest change until the fate changes, then halved back to the first change
that does (fates are thresholds on levels: once a direction changes a fate it keeps it changed; the
property tests check it).  With a *hint* (where the first change was before the facts last changed: it
mostly still is) the step is doubled from the hint instead, either way: two changes assessed when the
hint is right, and none farther (the farthest is needed only for a power whose hinted change does not tip
it, or that has no hint).

The searches are generators: they yield after each change they assess, so that a caller may spread the
work over several turns of an event loop (``finish`` runs one to its end).  Pure, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from typing import Any, TypeVar

from ..lines import RulesInputError
from .common import PowerResult

Answer = TypeVar("Answer")
Change = Any   # ``tipping_changes.Change``: anything a probe takes
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
    refused values lie beyond a bound, so the last value is tried and, if refused, the bound is halved to
    (``seen`` holds the results of changes already assessed: accepted ones)."""
    def accepted(index: int) -> bool:
        if index in seen:
            return True
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
    low, high = max(seen, default=-1) + 1, len(changes) - 1   # the first refused change lies in low..high
    while low < high:
        middle = (low + high) // 2
        if accepted(middle):
            low = middle + 1
        else:
            high = middle
        yield
    return changes[:high]


def first_changes(changes: Sequence[Change], probe: Probe, tips: Callable[[str, PowerResult], bool],
                  targets: tuple[str, ...], hints: Mapping[str, int] | None = None
                  ) -> Steps[dict[str, tuple[Change, PowerResult]]]:
    """For each power of ``targets``, the first change of ``changes`` (ordered by size) whose results
    ``tips`` that power (``tips(power, its result)``), with that result.  ``hints``: for some powers, the
    index of the change where the search starts (any index gives the same answer; a good one, fewer
    assessments: a hinted change that tips needs no look at the farthest one)."""
    seen: dict[int, Mapping[str, PowerResult]] = {}
    found: dict[str, tuple[Change, PowerResult]] = {}

    def look(index: int) -> Steps[None]:
        if index not in seen:
            seen[index] = probe(changes[index])
            yield

    def search(power: str, start: int, last: int) -> Steps[None]:
        """The first change that tips ``power``, from ``start`` (``last`` tips it)."""
        def tipped(index: int) -> bool:
            return tips(power, seen[index][power])

        low, high = yield from _around(start, last, look, tipped)
        while low < high:   # the first change of this power's fate lies in low..high
            middle = (low + high) // 2
            yield from look(middle)
            if tipped(middle):
                high = middle
            else:
                low = middle + 1
        found[power] = (changes[high], seen[high][power])

    hints = {power: index for power, index in (hints or {}).items()
             if power in targets and 0 <= index < len(changes)}
    for power, index in hints.items():   # a hinted change that tips: the first one is at or below it
        if index not in seen:
            try:
                seen[index] = probe(changes[index])
            except RulesInputError:   # beyond the bound: the full search below finds it
                continue
            yield
        if tips(power, seen[index][power]):
            yield from search(power, index, index)
    if all(power in found for power in targets):
        return found
    changes = yield from _accepted(changes, probe, seen)
    if not changes:
        return found
    last = len(changes) - 1
    yield from look(last)
    for power in targets:
        if power in found or not tips(power, seen[last][power]):
            continue
        # Most tipping changes are small: without a hint, double the step from the nearest change.
        hint = hints.get(power, 0)
        yield from search(power, hint if hint <= last else 0, last)
    return found


def _around(start: int, last: int, look: Callable[[int], Steps[None]], tipped: Callable[[int], bool]
            ) -> Steps[tuple[int, int]]:
    """Bounds ``(low, high)`` of the first index that ``tipped`` (``last`` does), found by doubling the step
    from ``start``: down while it tips, else up (``look`` assesses an index first)."""
    yield from look(start)
    if tipped(start):
        high, step = start, 1
        while high > 0:
            index = max(0, high - step)
            yield from look(index)
            if not tipped(index):
                return index + 1, high
            high, step = index, step * 2
        return 0, 0
    low, step = start + 1, 1
    while True:
        index = min(last, start + step)
        yield from look(index)
        if index >= last or tipped(index):
            return low, index
        low, step = index + 1, step * 2
