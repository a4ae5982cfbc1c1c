"""Assessing many single changes quickly, for the tipping points (``tipping``).

:class:`Prober` assesses every power with one line changed.  Each power is given the earlier powers'
results through a view that notes what it reads of them; an assessment is then reused whenever the
power's own entered facts and everything it read are as in one already made, and a later power whose
read powers kept their results keeps its own.  :class:`AssessmentCache` keeps the assessments from one
call to the next.  What a power reads of the carried values is noted too (``CarriedView``): an assessment
is filed under the carried values its power has ever read, so a change to one power's carried values
(Japan's war clock, read from the wars) leaves the others' assessments in use.  Pure, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, cast

from . import assess
from .common import Edition, GameContext, PowerResult, Scenario, Status, Turn

Inputs = Mapping[str, Mapping[str, Any]]

_MISSING = "<missing>"
#: One thing a power read of an earlier power's result: (power, attribute) or (power, "figures", key).
Read = tuple[str, ...]


def _read_value(results: Mapping[str, PowerResult], read: Read) -> Any:
    result = results.get(read[0])
    if result is None:
        return None
    if len(read) == 3:
        return result.figures.get(read[2], _MISSING) if read[2] != "*" else result.figures
    return getattr(result, read[1])


class _FiguresView(Mapping[str, Any]):
    def __init__(self, power: str, figures: Mapping[str, Any], reads: set[Read]) -> None:
        self._power, self._figures, self._reads = power, figures, reads

    def __getitem__(self, key: str) -> Any:
        self._reads.add((self._power, "figures", key))
        return self._figures[key]

    def get(self, key: str, default: Any = None) -> Any:   # the rules' usual read: quicker than Mapping's
        self._reads.add((self._power, "figures", key))
        return self._figures.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._reads.add((self._power, "figures", str(key)))
        return key in self._figures

    def __iter__(self) -> Iterator[str]:
        self._reads.add((self._power, "figures", "*"))
        return iter(self._figures)

    def __len__(self) -> int:
        self._reads.add((self._power, "figures", "*"))
        return len(self._figures)


#: One carried value a power read: (whose, key), or (whose, "*") for all of them.
CarriedRead = tuple[str, str]


class _CarriedValues(Mapping[str, Any]):
    """One power's carried values, noting what is read of them."""

    def __init__(self, owner: str, values: Mapping[str, Any], reads: set[CarriedRead]) -> None:
        self._owner, self._values, self._reads = owner, values, reads

    def __getitem__(self, key: str) -> Any:
        self._reads.add((self._owner, key))
        return self._values[key]

    def get(self, key: str, default: Any = None) -> Any:   # the rules' usual read: quicker than Mapping's
        self._reads.add((self._owner, key))
        return self._values.get(key, default)

    def __contains__(self, key: object) -> bool:
        self._reads.add((self._owner, str(key)))
        return key in self._values

    def __iter__(self) -> Iterator[str]:
        self._reads.add((self._owner, "*"))
        return iter(self._values)

    def __len__(self) -> int:
        self._reads.add((self._owner, "*"))
        return len(self._values)


class CarriedView(Mapping[str, Mapping[str, Any]]):
    """Every power's carried values (``GameContext.carry``), noting what is read of them; those of
    ``own`` (the power assessed, which reads most of its own) are given as they are, read or not: the
    caller counts them all as read."""

    def __init__(self, carry: Mapping[str, Mapping[str, Any]], reads: set[CarriedRead], own: str = "") -> None:
        self._carry, self._reads, self._own = carry, reads, own
        self._views: dict[str, _CarriedValues] = {}

    def __getitem__(self, owner: str) -> Mapping[str, Any]:
        if owner == self._own:
            return self._carry[owner]
        view = self._views.get(owner)
        if view is None:
            view = self._views[owner] = _CarriedValues(owner, self._carry[owner], self._reads)
        return view

    def get(self, owner: str, default: Any = None) -> Any:
        return self[owner] if owner in self._carry else default

    def __iter__(self) -> Iterator[str]:
        return iter(self._carry)

    def __len__(self) -> int:
        return len(self._carry)


class _ResultView:
    """An earlier power's result that notes what is read of it.  A value read is kept on the view, so
    that reading it again is a plain attribute read (``__getattr__`` runs only for what is not there):
    the U.S. election reads the same few values of each power many times."""

    def __init__(self, result: PowerResult, reads: set[Read]) -> None:
        self._result, self._reads = result, reads

    def __getattr__(self, name: str) -> Any:
        result = self._result
        if name == "figures":
            value: Any = _FiguresView(result.power, result.figures, self._reads)
        else:
            self._reads.add((result.power, name))
            value = getattr(result, name)
        self.__dict__[name] = value
        return value


class _ResultsView(Mapping[str, Any]):
    def __init__(self, results: Mapping[str, PowerResult], reads: set[Read]) -> None:
        self._results, self._reads = results, reads
        self._views: dict[str, _ResultView] = {}

    def __getitem__(self, key: str) -> Any:
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = _ResultView(self._results[key], self._reads)
        return view

    def get(self, key: str, default: Any = None) -> Any:   # quicker than Mapping's
        return self[key] if key in self._results else default

    def __contains__(self, key: object) -> bool:
        return key in self._results

    def __iter__(self) -> Iterator[str]:
        return iter(self._results)

    def __len__(self) -> int:
        return len(self._results)


_SCALARS = (int, str, bool, float, type(None), Status)


def frozen(value: Any) -> Any:
    """A hashable form of a JSON-like value (and of anything else a power may read of a result)."""
    if type(value) in _SCALARS:
        return value
    if isinstance(value, Mapping):
        return tuple(sorted((str(key), frozen(item)) for key, item in value.items()))
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    try:
        hash(value)
    except TypeError:   # a dataclass holding a list (a breakdown line): its full text stands for it
        return ("<unhashable>", repr(value))
    return value


class AssessmentCache:
    """Assessments kept from one probe run to the next.  Each is filed under the power, its own entered
    facts, and what it read of earlier powers' results, so a reuse is exact.

    At most about ``2 * limit`` are kept, in two generations: when the newer holds ``limit``, the older
    is dropped and the newer becomes the older (a reuse from the older moves the assessment back to the
    newer).  Fewer kept objects keep the garbage collector's full passes short (in a window, each one
    holds the event loop)."""

    def __init__(self, limit: int = 5_000) -> None:
        self.limit = limit
        self._context: Any = None
        #: (power, number of its entered facts, number of its carried values) -> what it read of earlier
        #: results -> the values read -> its result.
        self.known: dict[tuple[str, int, int], dict[tuple[Read, ...], dict[Any, PowerResult]]] = {}
        self.older: dict[tuple[str, int, int], dict[tuple[Read, ...], dict[Any, PowerResult]]] = {}
        #: Each power's carried values read in any of its assessments (only grows: an assessment filed
        #: under fewer is no longer found, never wrongly found).
        self.carried: dict[str, frozenset[CarriedRead]] = {}
        #: A power's entered facts (frozen) -> a number, so that they are hashed once.
        self.facts: dict[Any, int] = {}
        self.size = 0
        #: Assessments made (not reused) since the cache was made: a measure of the work that is free of noise.
        self.made = 0
        #: Generations dropped, let go of a few assessments at a time (freeing thousands at once holds a
        #: window's thread for milliseconds).
        self._dropped: list[dict[Any, Any]] = []

    def use_for(self, context: Any) -> None:
        """Forget everything when the edition, scenario or turn differ (or when too many facts were
        numbered); start a new generation when the newer one is full."""
        if context != self._context or len(self.facts) > 4 * self.limit:
            self._dropped += [generation for generation in (self.known, self.older) if generation]
            self._context, self.known, self.older, self.facts, self.size = context, {}, {}, {}, 0
            self.carried = {}
            self.forget()
        elif self.size > self.limit:
            if self.older:
                self._dropped.append(self.older)
            self.older, self.known, self.size = self.known, {}, 0

    def _let_go(self) -> None:
        """Free a few assessments of a dropped generation."""
        dropped = self._dropped[-1]
        for _ in range(4):
            dropped.popitem()
            if not dropped:
                self._dropped.pop()
                return

    def forget(self) -> None:
        """Drop what a subclass keeps besides the assessments."""

    def number(self, facts: Any) -> int:
        return self.facts.setdefault(facts, len(self.facts))

    def find(self, power: str, facts: int, carried: int, values_of: Callable[[tuple[Read, ...]], Any]
             ) -> tuple[PowerResult, tuple[Read, ...]] | None:
        """An assessment of ``power`` with these entered facts and carried values (numbered) whose reads
        give the same values now (``values_of(reads)``), with its reads; None if there is none."""
        if self._dropped:
            self._let_go()
        for generation in (self.known, self.older):
            for reads, by_values in generation.get((power, facts, carried), {}).items():
                values = values_of(reads)
                hit = by_values.get(values)
                if hit is not None:
                    if generation is self.older:
                        self.add(power, facts, carried, reads, values, hit)
                    return hit, reads
        return None

    def add(self, power: str, facts: int, carried: int, reads: tuple[Read, ...], values: Any,
            result: PowerResult) -> None:
        self.known.setdefault((power, facts, carried), {}).setdefault(reads, {})[values] = result
        self.size += 1


def public(result: PowerResult) -> tuple[Any, ...]:
    """What later powers may read of a result (``_ResultView`` notes each read)."""
    return result.status, result.level, result.total, result.figures, result.verdict, result.consequences


class _Changed(Mapping[str, Any]):
    """A power's entered facts with one line changed, copied only when an assessment reads them."""

    def __init__(self, entered: Mapping[str, Any], line_id: str, value: Any) -> None:
        self._entered, self._line_id, self._value = entered, line_id, value
        self._all: dict[str, Any] | None = None

    def made(self) -> dict[str, Any]:
        if self._all is None:
            self._all = {**self._entered, self._line_id: self._value}
        return self._all

    def __getitem__(self, key: str) -> Any:
        return self.made()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.made())

    def __len__(self) -> int:
        return len(self.made())


class Prober:
    """Assesses every power with one change made.  A power's assessment is reused when its entered facts
    and everything it read of earlier results are as in an assessment already made (every read of
    another power's result is noted)."""

    def __init__(self, edition: Edition, scenario: Scenario, turn: Turn, inputs: Inputs,
                 carry: Mapping[str, Mapping[str, Any]], until: str = assess.ORDER[-1],
                 cache: AssessmentCache | None = None) -> None:
        self.edition, self.scenario, self.turn, self.inputs = edition, scenario, turn, inputs
        #: The powers assessed: none after ``until`` (no power reads a later one).
        self.order = assess.ORDER[:assess.ORDER.index(until) + 1]
        self.carry = {key: {**assess.power_module(key).initial_carry(), **carry.get(key, {})}
                      for key in assess.ORDER}
        self._modules = {key: assess.power_module(key) for key in assess.ORDER}
        self.cache = cache or AssessmentCache()
        self.cache.use_for((edition, scenario, turn))
        #: Each power's carried values as far as it reads them, numbered (made when first needed).
        self._carried: dict[str, int] = {}
        #: All the carried values, numbered (a power's tipping answer depends on them).
        self.carry_number = self.cache.number(("<carry>", frozen(self.carry)))
        self._base_facts = {key: self.cache.number(frozen(inputs.get(key, {}))) for key in self.order}
        self.base: dict[str, PowerResult] = {}
        #: The powers each power read at the base: while their results are the base ones, so is its own.
        self._base_reads: dict[str, tuple[str, ...]] = {}
        #: For each set of reads looked up: the powers read, and the values they have at the base (a probe
        #: mostly changes one power's result: the others' values are the base ones).
        self._read_powers: dict[tuple[Read, ...], tuple[str, ...]] = {}
        self._base_values: dict[tuple[Read, ...], Any] = {}
        self._based = False
        for key in self.order:
            self.base[key], reads = self._assess(key, inputs.get(key, {}), self._base_facts[key], self.base)
            self._base_reads[key] = tuple(sorted({read[0] for read in reads}))
        self._based = True
        #: For each power, the base results of the powers before it, and of those after it.
        self._before = {key: {k: self.base[k] for k in self.order[:at]} for at, key in enumerate(self.order)}
        self._after = {key: {k: self.base[k] for k in self.order[at + 1:]} for at, key in enumerate(self.order)}

    def facts_number(self, key: str) -> int:
        """The number the cache gives ``key``'s entered facts (the same facts, the same number)."""
        return self._base_facts[key]

    def influenced_by(self, key: str) -> set[str]:
        """The power itself and every power whose result it reads, directly or through others."""
        found, waiting = {key}, [key]
        while waiting:
            for read in self._base_reads[waiting.pop()]:
                if read not in found:
                    found.add(read)
                    waiting.append(read)
        return found

    def _carried_number(self, key: str) -> int:
        """A number for the carried values ``key`` has read so far in any assessment, as they are now."""
        number = self._carried.get(key)
        if number is None:
            values = tuple((owner, name, frozen(self.carry.get(owner, {}) if name == "*"
                                                else self.carry.get(owner, {}).get(name, _MISSING)))
                           for owner, name in sorted(self.cache.carried.get(key, frozenset())))
            number = self._carried[key] = self.cache.number(("<carried>", key, values))
        return number

    def _assess(self, key: str, own: Mapping[str, Any], facts: int, results: Mapping[str, PowerResult]
                ) -> tuple[PowerResult, tuple[Read, ...]]:
        """The power's result, and what it read of the earlier ones."""
        found = self.cache.find(key, facts, self._carried_number(key), lambda reads: self._values_now(reads, results))
        if found is not None:
            return found
        noted: set[Read] = set()
        carried: set[CarriedRead] = {(key, "*")}   # its own, all of them
        game = GameContext(self.edition, self.scenario, self.turn,
                           cast(Mapping[str, PowerResult], _ResultsView(dict(results), noted)),
                           CarriedView(self.carry, carried, own=key))
        if isinstance(own, _Changed):   # the rules read it many times: a plain dict
            own = own.made()
        result: PowerResult = self._modules[key].assess(own, game)
        self.cache.made += 1
        known = self.cache.carried.get(key, frozenset())
        if not carried <= known:   # a carried value it never read before: filed under more of them
            self.cache.carried[key] = known | carried
            self._carried.pop(key, None)
        reads = tuple(sorted(noted))
        self.cache.add(key, facts, self._carried_number(key), reads, self._values(reads, results), result)
        return result, reads

    def _values_now(self, reads: tuple[Read, ...], results: Mapping[str, PowerResult]) -> Any:
        """``_values``, quicker when every power read has its base result (the values are then kept)."""
        if not self._based:
            return self._values(reads, results)
        powers = self._read_powers.get(reads)
        if powers is None:
            powers = self._read_powers[reads] = tuple({read[0] for read in reads})
        base = self.base
        for power in powers:
            if results.get(power) is not base.get(power):
                return self._values(reads, results)
        values = self._base_values.get(reads)
        if values is None:
            values = self._base_values[reads] = self._values(reads, base)
        return values

    @staticmethod
    def _values(reads: tuple[Read, ...], results: Mapping[str, PowerResult]) -> Any:
        values = tuple([_read_value(results, read) for read in reads])
        try:   # mostly numbers, words and statuses: hashable as they are
            hash(values)
        except TypeError:   # a figure holding a dict or a list
            return frozen(values)
        return values

    def results(self, power: str, line_id: str, value: Any) -> dict[str, PowerResult]:
        """Every power's result (up to ``order``) with ``power``'s line ``line_id`` set to ``value``
        (in its stored JSON form)."""
        results = dict(self._before[power])   # no power reads a later one
        facts = self.cache.number((self._base_facts[power], line_id, frozen(value)))
        result = results[power] = self._assess(power, _Changed(self.inputs.get(power, {}), line_id, value), facts,
                                               results)[0]
        base = self.base
        # Later powers read only status, level, total and figures: the same, they are as they were.
        if result is base[power] or public(result) == public(base[power]):
            results.update(self._after[power])
            return results
        for key in self._after[power]:
            results[key] = self._later(key, results)
        return results

    def _later(self, key: str, results: Mapping[str, PowerResult]) -> PowerResult:
        """A power's result after a change to earlier powers (``results`` holds every power before it):
        its base result while every power it read has its own."""
        base = self.base
        for read in self._base_reads[key]:
            if results[read] is not base[read]:
                return self._assess(key, self.inputs.get(key, {}), self._base_facts[key], results)[0]
        return base[key]

    def results_many(self, changes: Mapping[tuple[str, str], Any]) -> dict[str, PowerResult]:
        """Like :meth:`results` for several lines at once (a fact of the war shown on several tables)."""
        if len(changes) == 1:
            ((power, line_id), value), = changes.items()
            return self.results(power, line_id, value)
        results: dict[str, PowerResult] = {}
        changed = {power for power, _line in changes}
        for key in self.order:
            if key in changed:
                own = dict(self.inputs.get(key, {}))
                mine = tuple(sorted((line, frozen(value)) for (power, line), value in changes.items()
                                    if power == key))
                own.update({line: value for (power, line), value in changes.items() if power == key})
                facts = self.cache.number((self._base_facts[key], mine))
                result = self._assess(key, own, facts, results)[0]
                results[key] = self.base[key] if result == self.base[key] else result
            else:
                results[key] = self._later(key, results)
        return results

