"""Before the turn ends: what the tables cannot derive and looks wrong, and whether the war is over.

``checks(session, results)`` lists problems a player should look at before ending the Allied player turn,
each with the place to fix it (a power's line, a fact of the war, or a procedure to walk through).
``war_end(session, results)`` says which wars are over (55.2, 57.2, 62.91).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ..frozen import Frozen
from . import assess, carried_limits, facts_settled, unentered
from . import facts as war_facts
from .common import PowerResult, Scenario, Status
from .italy import ENTRY_BASE_YEAR
from .levels import signed

if TYPE_CHECKING:
    from ..lines import Line
    from .session import Session


class Check(Frozen):
    """One thing to look at.  ``place`` is where to fix it: ``("line", power, line_id)``,
    ``("fact", fact_id, "")`` or ``("wizard", power, "")``."""

    rule: str
    text: str
    place: tuple[str, str, str]


def checks(session: Session, results: Mapping[str, PowerResult]) -> list[Check]:
    found: list[Check] = []
    carry = session.carry
    for fact_id, who, rule in facts_settled.ended_by_surrenders(carry):   # the wars a recorded surrender ended
        if session.fact(fact_id) is not None:
            found.append(Check(rule, f"{who}, but \u201c{war_facts.fact(fact_id).label}\u201d is still marked at war.",
                               ("fact", fact_id, "")))
    for power, rule in missing_surrender_levels(carry):
        found.append(Check(rule, f"{assess.title(power)} has surrendered, but its surrender level was never entered, "
                           "so what rests on it (a later offer, the effects) cannot be worked out. Enter it with "
                           f"\u201cAdjust\u2026\u201d beside the {assess.title(power)} tab's carried values.",
                           ("line", power, "")))
    france = results.get("france")
    if france is not None and france.status is Status.SURRENDERS and not carry.get("france", {}).get("surrendered"):
        found.append(Check("58.1", "France surrenders this turn: walk through the French surrender (level, Vichy, "
                           "colonies) so its outcome is recorded.", ("wizard", "france", "")))
    uk = results.get("britain")
    if uk is not None and uk.status is Status.OFFERS and session.scenario is not Scenario.PACIFIC:
        found.append(Check("59.3", "Britain offers to surrender: Germany must answer (below, or walk through the "
                           "British surrender to record an acceptance).", ("wizard", "britain", "")))
    # A value nobody entered that something this turn rests on is not here: the end of turn asks the players to
    # confirm it before anything is declared (unentered.to_confirm).
    found.extend(Check(*problem) for problem in carried_limits.problems(session))
    found.extend(italian_entry(session))
    for power in assess.ORDER:
        known = {line.id for line in session.lines(power)}
        for line_id, value in session.inputs.get(power, {}).items():
            if line_id not in known and _holds_something(value):
                found.append(Check("", f"{assess.title(power)}: a value entered for \u201c{line_id}\u201d belongs to "
                                   f"a line the {session.edition.title} do not have; it is ignored.",
                                   ("line", power, line_id)))
    return found


def after_end_of_turn(session: Session, choices: Mapping[str, str] | None = None) -> list[Check]:
    """Carried values the end of turn would leave beyond what their inputs allow (and that are not so already),
    worked out on a copy of the game."""
    from .session import apply_end_of_turn

    trial = session.snapshot()
    apply_end_of_turn(trial, choices)
    before = {text for _rule, text, _place in carried_limits.problems(session)}
    return [Check(rule, f"After this end of turn: {text}", place)
            for rule, text, place in carried_limits.problems(trial) if text not in before]


def italian_entry(session: Session) -> list[Check]:
    """Italy's war with the Western Allies began after 1940 on The war tab, but nobody said who declared it:
    the Western Allies (+2, 56.12A) or Italy (-1 a year after 1940, 56.12B).  Also a year that disagrees."""
    began = session.fact("war.italy_wa")
    if began is None or not session.has_line("italy", "late_entry_years"):
        return []
    year = int(began["year"])
    years = int(session.value("italy", "late_entry_years") or 0)
    declared_by_allies = bool(session.value("italy", "wa_declared_war"))
    since = f"{str(began['season']).title()} {year}"
    if years and years != year - ENTRY_BASE_YEAR:
        return [Check("56.12B", f"Italy: “Years after 1940 Italy declared war” says {ENTRY_BASE_YEAR + years}, "
                      f"but The war tab has Italy at war with the Western Allies since {since}.",
                      ("line", "italy", "late_entry_years"))]
    if year > ENTRY_BASE_YEAR and not years and not declared_by_allies:
        return [Check("56.12", f"Italy has been at war with the Western Allies since {since} (The war tab), but "
                      "nobody has said who declared it: tick the Western Allies' declaration (56.12A, +2) or enter "
                      f"the years after 1940 if Italy declared it (56.12B, {signed(ENTRY_BASE_YEAR - year)}).",
                      ("line", "italy", "late_entry_years"))]
    return []


#: The powers whose surrender has a level the later rules read, and the rule that sets it: Italy's (56.31),
#: France's (58.22), Britain's (59.41: a later offer comes only below it, and counts the difference, 59.872).
SURRENDER_LEVEL_RULES = {"italy": "56.31", "france": "58.22", "britain": "59.41"}


def missing_surrender_levels(carry: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str]]:
    """(power, rule) for each power recorded as surrendered whose surrender level nobody entered."""
    return [(power, rule) for power, rule in SURRENDER_LEVEL_RULES.items()
            if carry.get(power, {}).get("surrendered") and carry.get(power, {}).get("surrender_level") is None]


def never_entered(session: Session, powers: Iterable[str]) -> list[tuple[str, Line]]:
    """(power, line) for each line of ``powers`` that every game has a value for but nobody entered in this one
    (a DP level ...): it counts as its default, which may be what decides the result (``unentered``)."""
    wanted = set(powers)
    return [(power, line) for power in assess.ORDER if power in wanted for line in session.lines(power)
            if line.id in unentered.NEEDED.get(power, ()) and not session.is_entered(power, line.id)]


def _holds_something(value: Any) -> bool:
    if isinstance(value, dict):
        return any(bool(v) for v in value.values())
    return bool(value)


class WarEnd(Frozen):
    """A war that is over, in words, with its rule.  ``rests_on``: values nobody entered that it rests on; while
    there are any it is not declared, only said to follow if they are right."""

    theater: str    # "Europe", "Pacific" or "The game"
    rule: str
    text: str
    rests_on: tuple[str, ...] = ()

    @property
    def settled(self) -> bool:
        return not self.rests_on


#: 62.91, declared and not yet settled.
ALLIED_DEFEAT = ("Allied defeat: France, Britain and Russia are in a state of surrender while Germany and Japan fight "
                 "on. The game ends in a decisive Axis victory.")


def provisional_defeat(rests_on: Iterable[str]) -> str:
    """62.91 resting on values nobody entered: what would follow, and what it waits for."""
    return ("Allied defeat would follow: France, Britain and Russia are in a state of surrender while Germany and "
            "Japan fight on, but only with values nobody has entered, each counted as 0 or its starting value ("
            + "; ".join(rests_on) + "). The game is not declared over until they are entered or confirmed.")


def war_end(session: Session, results: Mapping[str, PowerResult]) -> list[WarEnd]:
    """The wars that are over now (or end at this check)."""
    from .election import allied_defeat

    ended: list[WarEnd] = []
    game = session.game_context(results)
    defeated, _why = allied_defeat(game)
    if defeated:
        owed = tuple(item.short for item in unentered.allied_defeat_rests_on(session, results))
        ended.append(WarEnd("The game", "62.91", provisional_defeat(owed) if owed else ALLIED_DEFEAT, owed))
    rests = unentered.resting_on(session, results)

    def resting(power: str) -> tuple[str, ...]:   # a surrender this check that rests on values nobody entered
        result = results.get(power)
        if result is None or result.status is not Status.SURRENDERS:
            return ()
        return tuple(item.short for item in rests.get(power, ()))

    germany = results.get("germany")
    if germany is not None and germany.surrendered:
        italy = results.get("italy")
        italy_fights = session.edition.value == "original" and italy is not None and not italy.surrendered \
            and session.fact("war.italy_wa") is not None
        text = ("Germany has surrendered, but Italy fights on: in the original rules the war in Europe ends only "
                "once Italy has surrendered too (55.21)." if italy_fights
                else "Germany has surrendered: the war in Europe is over.")
        ended.append(_unless_settled(WarEnd("Europe", "55.2", text), resting("germany")))
    japan = results.get("japan")
    if japan is not None and (japan.surrendered or japan.figures.get("surrendered")):
        ended.append(_unless_settled(WarEnd("Pacific", "57.2", "Japan has surrendered: the war in the Pacific is "
                                                              "over."), resting("japan")))
    return ended


def _unless_settled(end: WarEnd, rests_on: tuple[str, ...]) -> WarEnd:
    """A war's end resting on values nobody entered: said as what would follow, and what it waits for."""
    if not rests_on:
        return end
    said = "; ".join(rests_on)
    return WarEnd(end.theater, end.rule, f"Would follow, but only with values nobody has entered ({said}): {end.text}",
                  rests_on)
