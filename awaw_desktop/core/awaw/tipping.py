"""What tips it: for each power, the smallest single changes to this turn's facts that change its fate.

A power's *fate* is what the players must act on: its status (``Status``) and the effect that goes with
it (Italy's surrender level, whether Germany must accept a British offer, the BRPs Russia removes, the
Chinese result, the U.S. election results and the Allied defeat).  :func:`tipping_points` tries single
changes on every power's lines (a tick, one option of a choice, a count or one field of a group moved to
the nearest value that matters in each direction), re-assesses every power and keeps, for each power
whose fate changes, the smallest such change.  Changes act through other powers too: Italy's level on
the updated German table, Japan and Germany on the U.S. election.

Count-like lines are searched in the values where their points change (every value for a group
field): the farthest value is tried first and, if it changes a fate, the search narrows to the first
value that does (``tipping_search``; fates are thresholds on levels: once a direction changes a fate it
keeps it changed; the property tests check it); after a change it starts where each power's first
tipping value was before (``hints``: mostly it still is; on a power's own count or level line it moves by
what the power's other lines did to its level).  ``tipping_probe`` assesses each change,
reusing what it can.  :func:`tipping_steps` does the work a step at a time, for a window that must keep
answering; a ``TippingCache`` keeps each power's answer for the facts it depends on (the entered facts
of the powers up to it in ``assess.ORDER``, the facts of the war shown on their lines, the carried
values), so a change to a later power costs the earlier ones nothing.
Everything here is pure and has no Qt.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..frozen import Frozen, replace
from ..lines import Context, Count, Group, Level, Line, RulesInputError
from . import assess
from . import facts as war_facts
from .common import Consequence, Edition, GameContext, PowerResult, Scenario, Status, Turn
from .election import allied_defeat
from .levels import signed
from .tipping_changes import PLAIN_POINTS, Change, Inputs, Steps, Where, candidate_changes, stored
from .tipping_limits import Limits
from .tipping_probe import AssessmentCache, Prober, frozen
from .tipping_search import finish, first_changes

if TYPE_CHECKING:
    from .session import Session

Fate = tuple[Any, ...]


# -- fate: what a power's result means for play ------------------------------------------------------
def fate(result: PowerResult) -> Fate:
    """The part of a power's result that changes what happens at the table."""
    figures = result.figures
    key = result.power
    if key == "italy":
        return result.status, figures.get("surrender_level") if result.status is Status.SURRENDERS else None
    if key == "britain":
        return result.status, bool(figures.get("forced_acceptance"))
    if key == "russia":
        return result.status, int(figures.get("removal_brps", 0) or 0)
    if key == "china":
        return result.status, result.level
    if key == "election":
        return (result.status, figures.get("europe_result"), figures.get("pacific_result"),
                figures.get("level_in_effect_europe"), figures.get("level_in_effect_pacific"),
                bool(figures.get("allied_defeat")), bool(figures.get("us_defeated")))
    return (result.status,)


#: A level as players write it: +3, -2, 0 (one helper for every table's words).
level_words = signed


def _no_election(result: PowerResult) -> bool:
    """An election row in a turn without an election (62.21): its level is only a forecast."""
    return result.power == "election" and not result.figures.get("held", True)


def _level_phrase(result: PowerResult, before: PowerResult | None) -> str:
    """Where the power's level stands ("at -8") or, after a change, where it goes ("falls to -10")."""
    if _no_election(result):
        return "(no election this turn)"
    words = level_words(result.level)
    if before is None or _no_election(before):
        return f"at {words}"
    if result.level < before.level:
        return f"falls to {words}"
    if result.level > before.level:
        return f"rises to {words}"
    return f"stays at {words}"


def fate_text(result: PowerResult, before: PowerResult | None = None) -> str:
    """The fate in a player's words: "Britain at -8, offers to surrender"; with ``before`` (the power
    as it stands now), the level it would reach: "Britain falls to -10, offers to surrender"."""
    figures = result.figures
    # A power not in this scenario shows no level ("—"): none here either (Japan's calendar surrender, 57.81).
    if result.status is Status.NOT_APPLICABLE:
        text = f"{result.title}, not in this scenario"
    elif before is not None and before.status is Status.NOT_APPLICABLE:
        text = f"{result.title}: {result.status.title.lower()}"
    else:
        text = f"{result.title} {_level_phrase(result, before)}, {result.status.title.lower()}"
    if result.power == "italy" and result.status is Status.SURRENDERS:
        text += f" (surrender level {level_words(int(figures.get('surrender_level', 0) or 0))})"
    elif result.power == "britain" and figures.get("forced_acceptance"):
        text += " (Germany must accept)"
    elif result.power == "russia" and figures.get("removal_brps"):
        text += f": removes {int(figures['removal_brps'])} BRPs"
    elif result.power == "election":
        parts = [f"{theater} result {level_words(figures[name])}"
                 for theater, name in (("European", "europe_result"), ("Pacific", "pacific_result"))
                 if isinstance(figures.get(name), int)]
        parts += [f"{theater} level in effect {level_words(figures[name])}"
                  for theater, name in (("European", "level_in_effect_europe"),
                                        ("Pacific", "level_in_effect_pacific"))
                  if isinstance(figures.get(name), int)]
        if figures.get("us_defeated"):   # a German atomic attack: a separate peace (62.82)
            parts.append("the U.S. is defeated and signs a separate peace")
        if figures.get("allied_defeat"):
            parts.append("Allied defeat")
        elif before is not None and before.figures.get("allied_defeat"):
            parts.append("no Allied defeat")   # the change lifts it (62.91): the one thing that matters
        if parts:
            text += ": " + ", ".join(parts)
    return text


class TippingPoint(Frozen):
    """A change and what it does to one power."""

    power: str          # the power whose fate changes
    change: Change
    status: Status
    level: int
    fate: str           # "Britain falls to -5, offers to surrender": the level it would reach
    rule: str           # the rule behind the new fate
    fate_key: Fate

    @property
    def text(self) -> str:
        """"Axis-controlled Malta / Singapore: tick Malta: Britain falls to -5, offers to surrender (59.12)";
        a change on another power's table names its tab ("... untick Peking (on the China tab): Japan ...")."""
        where = "" if self.change.power == self.power else f" (on the {assess.title(self.change.power)} tab)"
        return f"{self.change.text}{where}: {self.fate} ({self.rule})"


class PowerTipping(Frozen):
    """One power's tipping points and how far it is from its next threshold each way."""

    power: str
    title: str
    level: int
    status: Status
    fate: str
    points: tuple[TippingPoint, ...]
    #: Levels the power's own level must fall / rise before its fate changes (None: no such change).
    levels_down: int | None
    levels_up: int | None
    #: False where the table gives no level to read (the election in a turn without one, 62.21): the words then
    #: name none, as the Overview shows a dash.
    shows_level: bool = True

    @property
    def distance_text(self) -> str:
        """How far the next threshold is each way, in levels and as the level it is at ("Next threshold:
        2 levels down (at -10) or 9 levels up (at +1)."), or that no single change reaches one."""
        reached = [f"{levels} level{'s' if levels != 1 else ''} {way} (at {level_words(self.level + sign * levels)})"
                   for levels, way, sign in ((self.levels_down, "down", -1), (self.levels_up, "up", 1))
                   if levels is not None]
        if len(reached) == 2:
            return f"Next threshold: {reached[0]} or {reached[1]}."
        if reached:
            other = "up" if self.levels_up is None else "down"
            return f"Next threshold: {reached[0]}; none {other} within one change."
        if self.points:   # every listed change tips it without moving its level (a tick, not a count)
            if self.status is Status.NOT_APPLICABLE:   # Japan in a European scenario: its surrender comes nearer
                return "Not assessed in this scenario, but the changes listed change its fate."
            level = f" ({level_words(self.level)})" if self.shows_level else ""
            return (f"No number changed alone takes its level{level} to a threshold; the changes listed tip it "
                    "another way.")
        if self.status is Status.NOT_APPLICABLE:
            return "Not in this scenario: nothing this turn changes its fate."
        return "Next threshold: none within one change, up or down."


# -- assessing a change quickly ----------------------------------------------------------------------
class TippingCache(AssessmentCache):
    """Kept from one call of :func:`tipping_points` to the next (a window asks again after every change,
    and most of what it tries is as before): the assessments, the changes to try on each line, and each
    power's answer for the facts it depends on (a change to a later power leaves it as it was)."""

    def __init__(self, limit: int = 2_000, answers: int = 200) -> None:
        super().__init__(limit)
        #: (power, line id, its value) -> the changes to try on it.
        self.candidates: dict[tuple[str, str, Any], list[Sequence[Change]]] = {}
        #: ``answer_key`` -> the power's tipping points; at most ``answers_limit`` kept (some changes back:
        #: an undo finds its answers again).
        self.answers: dict[tuple[Any, ...], PowerTipping] = {}
        self.answers_limit = answers
        #: Each power's latest answer: where its search starts next time (``hints``).
        self.latest: dict[str, PowerTipping] = {}

    def forget(self) -> None:
        self.candidates, self.answers, self.latest = {}, {}, {}

    def changes(self, power: str, line: Line, value: Any) -> list[Sequence[Change]]:
        key = (power, line.id, frozen(value))
        if key not in self.candidates:
            if len(self.candidates) >= self.limit:
                self.candidates = {}
            self.candidates[key] = list(candidate_changes(power, line, value))
        return self.candidates[key]

    def answer_key(self, power: str, prober: Prober, facts: int) -> tuple[Any, ...]:
        """What a power's answer depends on besides the edition, scenario and turn (the cache holds one
        set of those): the carried values, the facts of the war and the entered facts of every power up to
        it in ``ORDER`` (no power reads a later one; a change can make a power read an earlier one it
        did not read before, so all of them count)."""
        if len(self.answers) >= self.answers_limit:
            self.answers = {}
        return (power, facts, prober.carry_number,
                *(prober.facts_number(key) for key in assess.ORDER[:assess.ORDER.index(power) + 1]))


#: The rules that state each power's fate, first the most telling (a new consequence under one of them
#: is quoted before any other).
_FATE_RULES: dict[str, tuple[str, ...]] = {
    "germany": ("55.11",), "italy": ("56.11", "56.32"), "japan": ("57.11", "57.12", "57.81"),
    "france": ("58.11",), "britain": ("59.23", "59.87", "59.12", "59.41"), "russia": ("60.31", "60.12", "60.11"),
    "china": ("61.11",), "election": ("62.82", "62.91", "62.41", "62.44"),
}


def _new_rule(before: PowerResult, after: PowerResult, fallback: str) -> str:
    """The rule behind what changed from ``before`` to ``after``: a consequence under one of the power's
    fate rules that ``after`` brings or ends, else the first new consequence, else ``fallback``."""
    known = {(item.rule, item.text) for item in before.consequences}
    fresh: list[Consequence] = [item for item in after.consequences if (item.rule, item.text) not in known]
    kept = {(item.rule, item.text) for item in after.consequences}
    dropped = [item for item in before.consequences if (item.rule, item.text) not in kept]
    changed = {item.rule for item in (*fresh, *dropped)}   # what the new fate brings or ends (59.23)
    for rule in _FATE_RULES.get(after.power, ()):
        if rule in changed:
            return rule
    return fresh[0].rule if fresh else fallback


def allied_defeat_words(game: GameContext, power: str, result: PowerResult) -> str:
    """What Russia's change does to the Allied defeat (62.91), said on Russia's own line too (not only on the
    election's): Russia is the last of France, Britain and Russia the defeat reads, and its fall to 0 is often
    what ends the game (eighth play-test).  "" when it changes nothing, or for another power; the point then
    names Russia's own rule in its fate and 62.91 as its rule."""
    if power != "russia" or game.scenario is Scenario.PACIFIC:
        return ""
    before = allied_defeat(game)[0]
    after = allied_defeat(replace(game, results={**game.results, power: result}))[0]
    if before == after:
        return ""
    return "the game ends in an Allied defeat" if after else "it lifts the Allied defeat"


def hints(tipping: PowerTipping, now: tuple[int, Mapping[str, Line], Mapping[str, Any]] | None = None
          ) -> dict[Where, int]:
    """Where each of a power's tipping numbers is: the number a search of the same line and direction
    tries first after the facts change (most changes leave it where it was).  ``now``: the power's level,
    its lines by id and their values as they are now; a number of its own count or level line, or of a field
    of its own group line, is then the first value that takes its level as far as the tipping change took it
    (a change to another of its lines moves its thresholds on this one)."""
    found: dict[Where, int] = {}
    for point in tipping.points:
        change = point.change
        if change.direction not in ("up", "down"):
            continue
        own = now is not None and change.power == tipping.power
        if isinstance(change.new, int):
            number = change.new
            if own and now is not None:
                number = _moved(number, point.level, now, change.line_id, change.direction)
            found[(change.power, change.line_id, None, change.direction)] = number
        elif isinstance(change.new, Mapping) and isinstance(change.old, Mapping):
            for key, number in change.new.items():
                if number != change.old.get(key):
                    if own and now is not None and isinstance(number, int):
                        number = _moved(number, point.level, now, change.line_id, change.direction, key)
                    found[(change.power, change.line_id, key, change.direction)] = number
    return found


def _moved(number: int, level_tip: int, now: tuple[int, Mapping[str, Line], Mapping[str, Any]], line_id: str,
           way: str, key: str | None = None) -> int:
    """A tipping ``number`` of one of a power's count or level lines, or of a field ``key`` of a group line
    (their points read only their values), moved to the first value ``way`` from the value now that takes the
    power's level as far as the tipping change took it then (``level_tip``): what its other lines did to the
    level moves its thresholds on this line."""
    level_now, table, values = now
    line = table.get(line_id)
    need = level_tip - level_now
    if line is None or not need:
        return number
    context = Context()
    if key is None:
        value = values.get(line_id, line.default())
        if not isinstance(line, (Count, Level)) or type(line).points not in PLAIN_POINTS or type(value) is not int:
            return number
        bound = line.maximum if way == "up" else line.minimum

        def points(new: int) -> int:
            return line.points(new, context)
    else:
        spec = next((spec for spec in line.fields if spec.key == key), None) if isinstance(line, Group) else None
        if spec is None or not isinstance(line, Group) or type(line).points is not Group.points or line.check:
            return number
        try:
            entered = line.validate(values.get(line_id, line.default()))
        except RulesInputError:
            return number
        value, bound = entered[key], spec.maximum if way == "up" else spec.minimum

        def points(new: int) -> int:
            return line.points({**entered, key: new}, context)
    start = points(value)
    step = 1 if way == "up" else -1
    for new in range(value + step, bound + step, step)[:_MOVED_SCAN]:
        moved = points(new) - start
        if (moved >= need) if need > 0 else (moved <= need):
            return new
    return number


#: The farthest a moved hint is looked for (a tipping value is mostly near).
_MOVED_SCAN = 200


def _starts(changes: Sequence[Change], reach: tuple[str, ...], known: Mapping[str, Mapping[Where, int]]
            ) -> dict[str, int]:
    """For each power of ``reach``, the index in ``changes`` of its number last time, if it is there."""
    if not isinstance(changes, Steps):
        return {}
    starts: dict[str, int] = {}
    for power in reach:
        number = known.get(power, {}).get(changes.where)
        index = None if number is None else changes.position(number)
        if index is not None:
            starts[power] = index
    return starts


def _effective_values(lines: tuple[Line, ...], entered: Mapping[str, Any]) -> Iterator[tuple[Line, Any]]:
    for line in lines:
        if line.input_kind == "derived":
            continue
        yield line, line.validate(entered.get(line.id, line.default()))


def _in_telling_order(power: str, points: list[TippingPoint]) -> list[TippingPoint]:
    """The smallest change to each different fate first, then the others; the power's own lines before
    another power's, smaller changes before larger."""
    ordered = sorted(points, key=lambda point: (point.change.power != power, point.change.size,
                                                assess.ORDER.index(point.change.power)))
    firsts: dict[Fate, TippingPoint] = {}
    for point in ordered:
        firsts.setdefault(point.fate_key, point)
    chosen = set(map(id, firsts.values()))
    return [*firsts.values(), *(point for point in ordered if id(point) not in chosen)]


def mirrored(edition: Edition, scenario: Scenario, turn: Turn, inputs: Inputs, facts: Mapping[str, Any] | None,
             power: str, line_id: str, value: Any) -> dict[tuple[str, str], Any]:
    """The lines a change sets: the line itself and, for a line showing a fact of the war, every other
    line of this edition that shows the same fact (they change together, ``awaw.facts``)."""
    changes: dict[tuple[str, str], Any] = {(power, line_id): value}
    if facts is None or not war_facts.bindings(power, line_id):
        return changes
    trial = dict(facts)
    war_facts.write_line(power, line_id, value, trial, turn)
    touched = {fact_id for fact_id in trial if trial[fact_id] != facts.get(fact_id)}
    for fact_id in touched:
        for binding in war_facts.READERS.get(fact_id, ()):
            key = (binding.power, binding.line_id)
            if key in changes:
                continue
            table = {line.id: line for line in assess.lines(binding.power, edition, scenario)}
            line = table.get(binding.line_id)
            if line is None:
                continue
            current = inputs.get(binding.power, {}).get(binding.line_id, line.default())
            bound = war_facts.bound_options(binding.power, binding.line_id)
            rest = [k for k in current if k not in bound] if bound and isinstance(current, (list, tuple)) else None
            shown = war_facts.overlay(binding.power, binding.line_id, rest, trial)
            shown = list(line.validate(shown)) if isinstance(shown, list) else shown
            if stored(shown) != stored(current):
                changes[key] = stored(shown)
    return changes


#: For each power, the facts of the war shown on its lines or on those of the powers before it in
#: ``ORDER``: all that a change tried for its answer writes or reads (``mirrored``; a binding reads and
#: writes only its own facts).
_FACTS_UP_TO: dict[str, tuple[str, ...]] = {
    power: tuple(sorted({fact_id for binding in war_facts.BINDINGS
                         if assess.ORDER.index(binding.power) <= assess.ORDER.index(power)
                         for fact_id in binding.fact_ids}))
    for power in assess.ORDER}


def _facts_read(power: str, facts: Mapping[str, Any]) -> tuple[Any, ...]:
    """The facts of the war a power's answer depends on, as they are."""
    return tuple(frozen(facts.get(fact_id)) for fact_id in _FACTS_UP_TO[power])


def tipping_points(edition: Edition, scenario: Scenario, turn: Turn, inputs: Inputs,
                   carry: Mapping[str, Mapping[str, Any]],
                   powers: Iterable[str] | None = None, cache: TippingCache | None = None,
                   facts: Mapping[str, Any] | None = None) -> dict[str, PowerTipping]:
    """Each power's tipping points this turn (the arguments of ``assess.assess_all``), in ``ORDER``.

    ``powers`` limits the answer to those powers (a power tab needs only its own); changes are then
    tried only on the lines of those powers and of the powers whose results they read, directly or
    through another power (as noted at this turn's assessment: a power that reads none of the
    changed results reads the same as before, so it cannot change).
    ``cache`` keeps assessments and answers for the next call (after a change, most are reused)."""
    return finish(tipping_steps(edition, scenario, turn, inputs, carry, powers, cache, facts))


def tipping_steps(edition: Edition, scenario: Scenario, turn: Turn, inputs: Inputs,
                  carry: Mapping[str, Mapping[str, Any]],
                  powers: Iterable[str] | None = None, cache: TippingCache | None = None,
                  facts: Mapping[str, Any] | None = None) -> Generator[None, None, dict[str, PowerTipping]]:
    """:func:`tipping_points` a step at a time: yields after each change it assesses (a window runs a
    few steps per turn of its event loop), and returns the answer.  The arguments must stay as they
    are until it ends (give it a copy)."""
    targets = tuple(key for key in assess.ORDER if powers is None or key in set(powers))
    if not targets:
        return {}
    cache = cache or TippingCache()
    prober = Prober(edition, scenario, turn, inputs, carry, until=targets[-1], cache=cache)
    keys = {key: cache.answer_key(key, prober, -1 if facts is None else
                                  cache.number(("<facts>", key, _facts_read(key, facts)))) for key in targets}
    tipping = {key: cache.answers[keys[key]] for key in targets if keys[key] in cache.answers}
    missing = tuple(key for key in targets if key not in tipping)
    yield
    base_fates = {key: fate(result) for key, result in prober.base.items()}

    def probe(change: Change) -> Mapping[str, PowerResult]:
        if facts is None:
            return prober.results(change.power, change.line_id, stored(change.new))
        return prober.results_many(mirrored(edition, scenario, turn, inputs, facts, change.power, change.line_id,
                                            stored(change.new)))

    def tips(power: str, result: PowerResult) -> bool:
        return fate(result) != base_fates[power]

    found: dict[str, list[TippingPoint]] = {key: [] for key in missing}
    game = GameContext(edition, scenario, turn, prober.base, prober.carry)   # as the base stands (62.91 reads it)
    #: For each power, the lines a fact of the war sets (``mirrored``) -> the index of its point in ``found``:
    #: one fact shown on two tables is one change, listed once (on the power's own table if it is there).
    same_fact: dict[str, dict[Any, int]] = {key: {} for key in missing}

    def add(power: str, point: TippingPoint) -> None:
        change = point.change
        if facts is not None and war_facts.bindings(change.power, change.line_id):
            sets = frozen(mirrored(edition, scenario, turn, inputs, facts, change.power, change.line_id,
                                   stored(change.new)))
            index = same_fact[power].get(sets)
            if index is not None:
                if change.power == power and found[power][index].change.power != power:
                    found[power][index] = point
                return
            same_fact[power][sets] = len(found[power])
        found[power].append(point)
    limits = Limits(turn, carry, facts)
    known = {key: hints(cache.latest[key], (prober.base[key].level,
                                            {line.id: line for line in assess.lines(key, edition, scenario)},
                                            inputs.get(key, {})))
             for key in missing if key in cache.latest}
    for source in prober.order:
        reach = tuple(key for key in missing if source in prober.influenced_by(key))
        if not reach:
            continue
        for line, value in _effective_values(assess.lines(source, edition, scenario), inputs.get(source, {})):
            for changes in cache.changes(source, line, value):
                if limits.ruled_out(changes):   # reopens a war a surrender ended, a 1945 election in 1941
                    continue
                firsts = yield from first_changes(changes, probe, tips, reach, _starts(changes, reach, known))
                for power, (change, result) in firsts.items():
                    before = prober.base[power]
                    words, rule = fate_text(result, before), _new_rule(before, result, change.rule)
                    defeat = allied_defeat_words(game, power, result)
                    if defeat:   # "Russia falls to 0, incurs effects (60.12); the game ends in ... (62.91)"
                        words, rule = f"{words} ({rule}); {defeat}", "62.91"
                    add(power, TippingPoint(power, change, result.status, result.level, words, rule, fate(result)))
    for key in missing:
        base = prober.base[key]
        points = _in_telling_order(key, found[key])
        # How far the thresholds are in levels: from the numbers' changes, which act through the level alone.  A
        # tick may move the level and tip the power another way (the U.S. at war: Britain's war resumes, 59.86),
        # and "1 level up" would then promise what a level alone does not do (ninth play-test).
        moved = [point for point in points if point.change.direction in ("up", "down")]
        downs = [base.level - point.level for point in moved if point.level < base.level]
        ups = [point.level - base.level for point in moved if point.level > base.level]
        tipping[key] = cache.answers[keys[key]] = PowerTipping(
            key, base.title, base.level, base.status, fate_text(base), tuple(points),
            min(downs) if downs else None, min(ups) if ups else None, not _no_election(base))
    cache.latest.update(tipping)
    return {key: tipping[key] for key in targets}


def apply_changes(inputs: Inputs, changes: list[Change] | tuple[Change, ...]) -> dict[str, dict[str, Any]]:
    """``inputs`` with every change made in turn (a copy)."""
    result = {power: dict(values) for power, values in inputs.items()}
    for change in changes:
        result = change.apply(result)
    return result


# -- for a session ------------------------------------------------------------------------------------
def effective_inputs(session: Session) -> Inputs:
    """The facts the rules read for ``session`` (the one place that says where they come from): the entered
    values with the war's shared facts in the lines that show them."""
    return session.effective_inputs()


def session_tipping(session: Session, powers: Iterable[str] | None = None,
                    cache: TippingCache | None = None) -> dict[str, PowerTipping]:
    """:func:`tipping_points` for a session's current turn."""
    return tipping_points(session.edition, session.scenario, session.turn, effective_inputs(session),
                          session.effective_carry(), powers, cache, session.facts)
