"""The state of the war: the facts more than one table or procedure reads, each held once.

A *fact* is one thing about the war (the U.S. is at war with Germany since Winter 1941; Japan holds
Singapore; Tunisia went Vichy).  The session keeps facts in ``Session.facts`` (fact id -> value) and
no table line stores a copy: a line *bound* to a fact shows what the fact says, and ticking the line
changes the fact, so every table that reads it changes at once.

Values (JSON types only):
- a war (``kind="war"``): ``None`` at peace, or the turn it began (``{"season": ..., "year": ...}``);
- a flag (``kind="flag"``): ``True`` / ``False``;
- a holder (``kind="holder"``): one key of the fact's ``options`` (who holds a city or a colony).

Bindings are rules as data: which line (and option) reads which fact, and how.  Procedures settle the
facts they decide (``facts_settled``); a version-1 file's tables become facts in ``facts_version_1``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .common import Edition, Turn

Facts = dict[str, Any]

#: Headings of the war's facts, in the order the window lists them.
GROUPS = ("Wars", "Cities and places", "Colonies and possessions")


class Fact(Frozen):
    id: str
    group: str
    label: str
    kind: str                                   # "war", "flag" or "holder"
    rule: str = ""
    help: str = ""
    options: tuple[tuple[str, str], ...] = ()   # holder: (key, words)
    #: Value in a new game (a war: True means "at war since the first turn").
    start: Any = None

    def default(self) -> Any:
        if self.kind == "war":
            return None
        if self.kind == "flag":
            return False
        return self.start if self.start is not None else self.options[0][0]

    def validate(self, value: Any) -> Any:
        if self.kind == "war":
            if value is None:
                return None
            if not isinstance(value, Mapping):
                raise RulesInputError(f"{self.label}: expected no war or the turn it began, got {value!r}")
            try:
                return Turn(value.get("year"), value.get("season")).to_json()  # type: ignore[arg-type]
            except (ValueError, TypeError) as error:
                raise RulesInputError(f"{self.label}: {error}") from error
        if self.kind == "flag":
            if not isinstance(value, bool):
                raise RulesInputError(f"{self.label}: expected yes or no (true/false), got {value!r}")
            return value
        keys = [key for key, _ in self.options]
        if value not in keys:
            raise RulesInputError(f"{self.label}: {value!r} is not one of {', '.join(keys)}")
        return value

    def words(self, value: Any) -> str:
        """The value as a player reads it."""
        if self.kind == "war":
            return "at peace" if value is None else f"at war since {Turn(value['year'], value['season']).title}"
        if self.kind == "flag":
            return "yes" if value else "no"
        return dict(self.options).get(value, str(value))


_CHINA_HOLDERS = (("nationalist", "Nationalist China"), ("communist", "Communist China"), ("japan", "Japan"))
_COLONY_HOLDERS = (("french", "France"), ("free-french", "Free French"), ("vichy", "Vichy France"),
                   ("independent", "independent neutral"), ("axis", "the Axis"), ("british", "Britain"))
_ITALIAN_HOLDERS = (("italy", "Italy"), ("no-one", "no one (Italy has surrendered, 56.52)"),
                    ("axis", "Germany (occupied after Italy's surrender, 56.52)"), ("allied", "the Allies"),
                    ("independent", "independent or neutral"))


def _war_fact(key: str, label: str, rule: str, help: str, start: bool = False) -> Fact:
    return Fact(f"war.{key}", "Wars", label, "war", rule, help, start=start)


FACTS: tuple[Fact, ...] = (
    _war_fact("germany_france", "France at war with Germany", "59.21, 60.11",
         "Counted by Britain (59.21) and Russia (60.11). The French surrender ends it.", start=True),
    _war_fact("germany_britain", "Britain at war with Germany", "60.11",
         "Counted by Russia (60.11). An accepted British surrender ends it until the war resumes (59.86).",
         start=True),
    _war_fact("germany_russia", "Russia at war with Germany", "59.21", "Counted by Britain (59.21)."),
    _war_fact("germany_us", "U.S. at war with Germany", "58.31, 59.21, 60.11",
         "Read by France (58.31), Britain (59.21) and Russia (60.11)."),
    _war_fact("italy_wa", "Italy at war with the Western Allies", "56.11",
         "Italy's table applies only while it is; Italy's surrender ends it.", start=True),
    _war_fact("japan_us", "Japan at war with the U.S.", "57.14A, 62.31",
         "Starts the Japanese cumulative clock (57.14A) and is read by the U.S. election (62.31)."),
    _war_fact("japan_britain", "Japan at war with Britain", "57.14A",
         "Updated rules: the Japanese clock starts at Japan's first war with the U.S., Britain or Russia."),
    _war_fact("japan_russia", "Japan at war with Russia", "57.14A",
         "Updated rules: a war that begins with Russia starts the clock, but the island-group lines wait "
         "for war with a Western Ally (57.14A)."),
    Fact("declared.japan_us", "Wars", "Japan declared war on the U.S.", "flag", "62.31",
         "+20 on the U.S. election table in every election after it."),
    # 62.72: a declaration on a neutral U.S. this turn (after a separate peace or while the election's restrictions
    # keep it out): it puts the U.S. at war in that theater and lifts the restrictions there.  One turn only.
    Fact("declared.germany_neutral_us", "Wars", "Germany declared war on the neutral U.S. this turn", "flag", "62.72",
         "Puts the U.S. at war with Germany this turn and lifts the U.S. election restrictions in Europe at once. "
         "Cleared at the end of the turn."),
    Fact("declared.japan_neutral_us", "Wars", "Japan declared war on the neutral U.S. this turn", "flag", "62.72",
         "Puts the U.S. at war with Japan this turn and lifts the U.S. election restrictions in the Pacific at once. "
         "Cleared at the end of the turn."),
    Fact("place.paris", "Cities and places", "Axis control Paris", "flag", "58.11A, 58.21A"),
    Fact("place.rome", "Cities and places", "Allies control Rome", "flag", "56.11A"),
    Fact("place.berlin", "Cities and places", "Germany controls Berlin", "flag", "55.11", start=True),
    Fact("place.axis_in_britain", "Cities and places", "Axis control a hex in Britain", "flag", "60.11"),
    Fact("place.malta", "Cities and places", "Axis control Malta", "flag", "59.21, 59.6"),
    Fact("place.singapore", "Cities and places", "Japan holds Singapore", "flag", "57.11, 59.21"),
    Fact("place.manila", "Cities and places", "Japan holds Manila", "flag", "57.11"),
    Fact("place.vladivostok", "Cities and places", "Japan holds Vladivostok", "flag", "57.11"),
    Fact("place.irkutsk", "Cities and places", "Japan holds Irkutsk", "flag", "57.11"),
    Fact("place.yenan", "Cities and places", "Japan holds Yenan", "flag", "57.11, 61.11"),
    Fact("place.chungking", "Cities and places", "Chungking is held by", "holder", "57.11, 61.11",
         options=_CHINA_HOLDERS),
    # Japan took the coastal cities in 1937-38: a game starts with them Japanese.
    *(Fact(f"place.{city}", "Cities and places", f"{title} is held by", "holder", "57.11, 61.11",
           options=_CHINA_HOLDERS, start="japan")
      for city, title in (("peking", "Peking"), ("shanghai", "Shanghai"), ("nanking", "Nanking"),
                          ("canton", "Canton"))),
    *(Fact(f"colony.{key}", "Colonies and possessions", f"{title} is held by", "holder", "58.53, 59.6",
           "The French surrender procedure settles it (58.53).", options=_COLONY_HOLDERS)
      for key, title in (("lebanon_syria", "Lebanon-Syria"), ("tunisia", "Tunisia"), ("algeria", "Algeria"),
                         ("morocco", "Morocco"))),
    *(Fact(f"possession.{key}", "Colonies and possessions", f"{title} is held by", "holder", "56.3, 59.6",
           "An Italian possession: it can be conceded by Britain (59.6) only once the Allies hold it. Italy's "
           "surrender leaves it to no one until the first major power occupies it (56.52): choose that power here.",
           options=_ITALIAN_HOLDERS)
      for key, title in (("libya", "Libya"), ("albania", "Albania"))),
)
BY_ID: dict[str, Fact] = {fact.id: fact for fact in FACTS}


def fact(fact_id: str) -> Fact:
    try:
        return BY_ID[fact_id]
    except KeyError:
        raise RulesInputError(f"no fact {fact_id!r} in the state of the war") from None


def defaults() -> Facts:
    return {item.id: item.default() for item in FACTS}


def _copied_value(value: Any) -> Any:
    if type(value) is dict:
        return {key: _copied_value(item) for key, item in value.items()}
    if type(value) is list:
        return [_copied_value(item) for item in value]
    return value   # a string, number, flag or None: nothing to share


def copied(facts: Mapping[str, Any]) -> Facts:
    """A copy of the facts that shares nothing a change could alter.  They are JSON values (a war's turn is a small
    dict), so they are copied by their shape: some four times quicker than ``copy.deepcopy``, which the window
    called three times on every tick of a fact (issue 15)."""
    return {key: _copied_value(value) for key, value in facts.items()}


#: When each war began in the war as fought (for a game that starts later: the dates a late start offers).
HISTORICAL_WARS: dict[str, Turn] = {
    "war.germany_france": Turn(1939, "fall"),    # type: ignore[arg-type]
    "war.germany_britain": Turn(1939, "fall"),   # type: ignore[arg-type]
    "war.italy_wa": Turn(1940, "summer"),        # type: ignore[arg-type]
    "war.germany_russia": Turn(1941, "summer"),  # type: ignore[arg-type]
    "war.germany_us": Turn(1941, "winter"),      # type: ignore[arg-type]
    "war.japan_us": Turn(1941, "winter"),        # type: ignore[arg-type]
    "war.japan_britain": Turn(1941, "winter"),   # type: ignore[arg-type]
}


#: The first turn of the war: a game starting after it joins a campaign under way (its wars, its surrenders).
WAR_BEGINS = Turn(1939, "fall")   # type: ignore[arg-type]


def is_late_start(start: Turn) -> bool:
    """A game starting after the war began, whose campaign so far the players set (who is at war, who has
    surrendered and at what level)."""
    return start > WAR_BEGINS


def historical_war(fact_id: str, start: Turn) -> Any:
    """The war's value in the war as fought, for a game starting at ``start`` (None: not yet begun)."""
    began = HISTORICAL_WARS.get(fact_id)
    return began.to_json() if began is not None and began <= start else None


def starting_facts(turn: Turn) -> Facts:
    """The facts of a new game starting at ``turn``: France and Britain at war since Fall 1939 and Italy since
    Summer 1940, if the game starts after that (the other wars are ticked when they come, or set on the late-start
    page); every place as at the start."""
    values = defaults()
    for item in FACTS:
        if item.kind == "war" and item.start:
            values[item.id] = historical_war(item.id, turn)
        elif item.kind != "war" and item.start is not None:
            values[item.id] = item.start
    return values


def complete(facts: Mapping[str, Any]) -> Facts:
    """Every fact, validated; unknown ids refused."""
    unknown = set(facts) - set(BY_ID)
    if unknown:
        raise RulesInputError(f"unknown fact(s): {', '.join(sorted(map(str, unknown)))}")
    values = defaults()
    for key, value in facts.items():
        values[key] = BY_ID[key].validate(value)
    return values


# ---------------------------------------------------------------------------------------------
# Bindings: which line reads which fact
# ---------------------------------------------------------------------------------------------

Read = Callable[[Mapping[str, Any]], bool]
Write = Callable[[Facts, bool, Turn], None]


class Binding(Frozen):
    """A line (or one option of a Choice line) that shows a fact."""

    power: str
    line_id: str
    option: str | None
    fact_ids: tuple[str, ...]
    read: Read
    write: Write


def _war_read(fact_id: str) -> Read:
    return lambda facts: facts.get(fact_id) is not None


def _war_write(fact_id: str) -> Write:
    def write(facts: Facts, ticked: bool, turn: Turn) -> None:
        if not ticked:
            facts[fact_id] = None
        elif facts.get(fact_id) is None:
            facts[fact_id] = turn.to_json()
    return write


def _flag_read(fact_id: str) -> Read:
    return lambda facts: bool(facts.get(fact_id))


def _flag_write(fact_id: str) -> Write:
    def write(facts: Facts, ticked: bool, turn: Turn) -> None:
        facts[fact_id] = ticked
    return write


def _holder_read(fact_id: str, holder: str, equal: bool) -> Read:
    return lambda facts: (facts.get(fact_id, BY_ID[fact_id].default()) == holder) == equal


def _holder_write(fact_id: str, holder: str, equal: bool, otherwise: str) -> Write:
    """Ticking "Japan holds X" makes Japan the holder; unticking it gives X back to ``otherwise``
    unless it is already held by someone else than ``holder``."""
    def write(facts: Facts, ticked: bool, turn: Turn) -> None:
        current = facts.get(fact_id, BY_ID[fact_id].default())
        wants_holder = ticked == equal
        if wants_holder:
            facts[fact_id] = holder
        elif current == holder:
            facts[fact_id] = otherwise
    return write


def _japan_declared_read(facts: Mapping[str, Any]) -> bool:
    return facts.get("war.japan_us") is not None and bool(facts.get("declared.japan_us"))


def _japan_declared_write(facts: Facts, ticked: bool, turn: Turn) -> None:
    facts["declared.japan_us"] = ticked
    if ticked and facts.get("war.japan_us") is None:
        facts["war.japan_us"] = turn.to_json()


#: Facts of one turn: back to their default when the turn ends.
PER_TURN_FACTS = ("declared.germany_neutral_us", "declared.japan_neutral_us")


def _declaration(power: str, war: str) -> Binding:
    """62.72: "<power> declared war on the neutral U.S. this turn" on the election tab and The war tab: ticked, the
    U.S. is at war with that power from this turn (and Japan has declared war on the U.S., 62.31); unticked, a war
    that began this turn is undone with it."""
    flag = f"declared.{power}_neutral_us"

    def write(facts: Facts, ticked: bool, turn: Turn) -> None:
        facts[flag] = ticked
        if ticked:
            if facts.get(war) is None:
                facts[war] = turn.to_json()
            if power == "japan":
                facts["declared.japan_us"] = True
        elif facts.get(war) == turn.to_json():
            facts[war] = None
    return Binding("election", "war_on_neutral_us", power, (flag, war), _flag_read(flag), write)


def _war(power: str, line_id: str, option: str | None, fact_id: str) -> Binding:
    return Binding(power, line_id, option, (fact_id,), _war_read(fact_id), _war_write(fact_id))


def _flag(power: str, line_id: str, option: str | None, fact_id: str) -> Binding:
    return Binding(power, line_id, option, (fact_id,), _flag_read(fact_id), _flag_write(fact_id))


def _holder(power: str, line_id: str, option: str | None, fact_id: str, holder: str, equal: bool,
            otherwise: str) -> Binding:
    return Binding(power, line_id, option, (fact_id,), _holder_read(fact_id, holder, equal),
                   _holder_write(fact_id, holder, equal, otherwise))


_CITIES = ("peking", "shanghai", "nanking", "canton")

BINDINGS: tuple[Binding, ...] = (
    # Wars
    _war("france", "us_at_war_with_germany", None, "war.germany_us"),
    _war("britain", "powers_at_war", "united_states", "war.germany_us"),
    _war("russia", "western_allies_at_war", "usa", "war.germany_us"),
    _war("britain", "powers_at_war", "france", "war.germany_france"),
    _war("russia", "western_allies_at_war", "france", "war.germany_france"),
    _war("britain", "powers_at_war", "russia", "war.germany_russia"),
    _war("russia", "western_allies_at_war", "britain", "war.germany_britain"),
    _war("italy", "at_war", None, "war.italy_wa"),
    Binding("election", "japan_declared_war", None, ("war.japan_us", "declared.japan_us"),
            _japan_declared_read, _japan_declared_write),
    _declaration("germany", "war.germany_us"),
    _declaration("japan", "war.japan_us"),
    # Places
    _flag("france", "paris_axis", None, "place.paris"),
    _flag("italy", "rome_allied", None, "place.rome"),
    _flag("germany", "berlin", None, "place.berlin"),
    _flag("russia", "axis_in_britain", None, "place.axis_in_britain"),
    _flag("britain", "axis_holds", "malta", "place.malta"),
    _flag("britain", "axis_holds", "singapore", "place.singapore"),
    _flag("japan", "japanese_key_cities", "singapore", "place.singapore"),
    _flag("japan", "japanese_key_cities", "manila", "place.manila"),
    _flag("japan", "japanese_siberian_cities", "vladivostok", "place.vladivostok"),
    _flag("japan", "japanese_siberian_cities", "irkutsk", "place.irkutsk"),
    _flag("japan", "japanese_chinese_cities", "yenan", "place.yenan"),
    _flag("china", "japan_yenan", None, "place.yenan"),
    # Chungking: the original tables ask "Japan holds it", the updated ones "the Allies hold it"
    # (Japan) and "held by Japan or the Communists" (China).
    _holder("japan", "japanese_chinese_cities", "chungking", "place.chungking", "japan", True, "nationalist"),
    _holder("china", "japan_chungking", None, "place.chungking", "japan", True, "nationalist"),
    _holder("japan", "allied_chungking", None, "place.chungking", "japan", False, "nationalist"),
    _holder("china", "lost_cities", "chungking", "place.chungking", "nationalist", False, "japan"),
    *(_holder("japan", "allied_cities", city, f"place.{city}", "japan", False, "nationalist") for city in _CITIES),
    *(_holder("china", "nationalist_cities", city, f"place.{city}", "nationalist", True, "japan")
      for city in _CITIES),
    *(_holder("china", "lost_cities", city, f"place.{city}", "nationalist", False, "japan") for city in _CITIES),
)

#: (power, line id) -> its bindings (one per bound option, or one for a whole flag).
BOUND_LINES: dict[tuple[str, str], tuple[Binding, ...]] = {}
for _binding in BINDINGS:
    BOUND_LINES[(_binding.power, _binding.line_id)] = (*BOUND_LINES.get((_binding.power, _binding.line_id), ()),
                                                       _binding)
#: fact id -> the bindings that read it.
READERS: dict[str, tuple[Binding, ...]] = {}
for _binding in BINDINGS:
    for _fact_id in _binding.fact_ids:
        READERS[_fact_id] = (*READERS.get(_fact_id, ()), _binding)


def bindings(power: str, line_id: str) -> tuple[Binding, ...]:
    return BOUND_LINES.get((power, line_id), ())


def bound_options(power: str, line_id: str) -> frozenset[str]:
    return frozenset(b.option for b in bindings(power, line_id) if b.option is not None)


def overlay(power: str, line_id: str, stored: Any, facts: Mapping[str, Any]) -> Any:
    """The value a bound line shows: the facts it reads, over what is stored for its unbound options."""
    found = bindings(power, line_id)
    if not found:
        return stored
    whole = [b for b in found if b.option is None]
    if whole:
        return whole[0].read(facts)
    bound = {b.option for b in found}
    chosen = [key for key in (stored or ()) if key not in bound]
    chosen.extend(b.option for b in found if b.read(facts) and b.option is not None)
    return chosen


def write_line(power: str, line_id: str, value: Any, facts: Facts, turn: Turn) -> Any:
    """Write a line's value into ``facts`` (in place); returns the part still stored with the line
    (a Choice line's unbound options), or None when nothing is left to store."""
    found = bindings(power, line_id)
    whole = [b for b in found if b.option is None]
    if whole:
        for binding in whole:
            binding.write(facts, bool(value), turn)
        return None
    chosen = set(value or ())
    for binding in found:
        if binding.read(facts) != (binding.option in chosen):
            binding.write(facts, binding.option in chosen, turn)
    bound = {b.option for b in found}
    return [key for key in (value or ()) if key not in bound]


def read_by(fact_id: str, edition: Edition) -> tuple[tuple[str, str], ...]:
    """Who reads a fact: (power, line id) for each table line bound to it, and ``("japan", "")`` for a war
    Japan's cumulative clock is read from (57.14A: the Original rules count only the war with the U.S.)."""
    lines = tuple(dict.fromkeys((b.power, b.line_id) for b in READERS.get(fact_id, ())))
    clock = ("war.japan_us",) if edition is Edition.ORIGINAL else JAPAN_CLOCK_WARS
    return (*lines, ("japan", "")) if fact_id in clock else lines


def read_in_game(fact_id: str, edition: Edition, present: Callable[[str, str], bool],
                 used: Callable[[str], bool]) -> bool:
    """Some table the game uses reads the fact: ``used(power)`` says whether the scenario uses a power's table
    (54.11: the Pacific scenario has no war with Germany), ``present`` whether the table has the line."""
    return any(used(power) and (not line_id or present(power, line_id)) for power, line_id in read_by(fact_id, edition))


def where_shown(fact_id: str, present: Callable[[str, str], bool]) -> list[tuple[str, str]]:
    """(power, line id) pairs that show a fact, among the lines ``present`` says the table has."""
    seen: list[tuple[str, str]] = []
    for binding in READERS.get(fact_id, ()):
        key = (binding.power, binding.line_id)
        if present(*key) and key not in seen:
            seen.append(key)
    return seen


# ---------------------------------------------------------------------------------------------
# Japan's war clock (57.14A) reads the wars
# ---------------------------------------------------------------------------------------------

JAPAN_CLOCK_KEYS = ("war_turn", "war_began_on_russia", "us_war_turn")
#: The wars Japan's clock is read from (:func:`japan_clock`).
JAPAN_CLOCK_WARS = ("war.japan_us", "war.japan_britain", "war.japan_russia")


def _since(facts: Mapping[str, Any], fact_id: str) -> Turn | None:
    value = facts.get(fact_id)
    return None if value is None else Turn(value["year"], value["season"])


def japan_clock(edition: Edition, facts: Mapping[str, Any]) -> dict[str, Any]:
    """Japan's carried war-clock values, worked out from the wars (57.14A): Original rules, the war with
    the U.S.; Updated, Japan's first war with the U.S., Britain or Russia."""
    us = _since(facts, "war.japan_us")
    if edition is Edition.ORIGINAL:
        first, on_russia = us, False
    else:
        russia = _since(facts, "war.japan_russia")
        others = [t for t in (us, _since(facts, "war.japan_britain")) if t is not None]
        western = min(others) if others else None
        candidates = [t for t in (western, russia) if t is not None]
        first = min(candidates) if candidates else None
        on_russia = russia is not None and (western is None or russia < western)
    return {"war_turn": None if first is None else first.to_json(), "war_began_on_russia": on_russia,
            "us_war_turn": None if us is None else us.to_json()}


def set_japan_clock(edition: Edition, facts: Facts, key: str, value: Any) -> None:
    """Adjusting Japan's war clock (the carried-values dialog, "Japan's war began this turn") dates the
    wars it is read from.  Updated rules without any war yet: the war with the U.S. and Britain."""
    if key == "us_war_turn":
        facts["war.japan_us"] = value
        return
    if key == "war_began_on_russia":
        clock = japan_clock(edition, facts)
        if value and clock["war_turn"] is not None:
            facts["war.japan_russia"] = clock["war_turn"]
        elif not value:
            facts["war.japan_russia"] = None
        return
    if key != "war_turn":
        raise RulesInputError(f"{key!r} is not part of Japan's war clock")
    if edition is Edition.ORIGINAL:
        facts["war.japan_us"] = value
        return
    wars = [k for k in ("war.japan_us", "war.japan_britain", "war.japan_russia") if facts.get(k) is not None]
    if value is None:
        for k in wars:
            facts[k] = None
    elif not wars:
        facts["war.japan_us"] = facts["war.japan_britain"] = value
    else:
        first = min(wars, key=lambda k: Turn(facts[k]["year"], facts[k]["season"]).number)
        facts[first] = value
