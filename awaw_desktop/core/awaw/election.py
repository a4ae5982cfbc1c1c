"""The U.S. election (62) and Allied defeat (62.91).

An election is held after the 1945 YSS (62.21A) and at the end of any game turn in which Germany
makes a successful atomic attack on the continental U.S. (62.21B, 62.81).  Each theater has its own
sum of modifiers (62.31); NOTES.md fixes how they combine and where the result is implemented
(62.41-62.42B).  The rule texts of the Original and Updated editions agree on rule 62.

This power is assessed last: it reads Japan, Germany, Britain, France and Russia from
``game.results``.  The lines are in ``election_table``; what a result puts into effect, its restrictions
and how they are lifted are in ``election_results``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..frozen import Frozen
from ..lines import Context, Line, LineResult, RulesInputError, evaluate
from .common import (
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Question,
    Scenario,
    Season,
    Status,
    Turn,
    TurnOutcome,
    require_range,
)
from .election_results import (
    SEPARATE_PEACE_AT,
    Implementation,
    combine,
    level_in_effect,
    restrictions,
    separate_peace_tension,
)
from .election_table import (
    AFTER_ELECTION_LINES,
    AFTER_ELECTION_LINES_EUROPEAN,
    DECLARATION_THEATER,
    EUROPE_LINES,
    PACIFIC_LINES,
    TENSIONS,
    TRIGGER,
    WAR_ON_NEUTRAL_US,
    Declaration,
    Trigger,
)
from .levels import signed
from .surrender_states import britain_in_surrender, britain_surrender_level, has_surrendered, russia_in_surrender

KEY = "election"
TITLE = "U.S. election"


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The 62.31 modifiers (the same in every edition) with the election trigger and the tension levels.
    A European scenario has no Pacific lines (62.46A: the Pacific result is 0); a Pacific scenario has no
    election at all (62.46B)."""
    if scenario is Scenario.PACIFIC:
        return ()
    if scenario is Scenario.EUROPEAN:
        return (TRIGGER, *EUROPE_LINES, *AFTER_ELECTION_LINES_EUROPEAN)
    return (TRIGGER, *EUROPE_LINES, *PACIFIC_LINES, *AFTER_ELECTION_LINES)


# ---------------------------------------------------------------------------------------------
# Pure procedures
# ---------------------------------------------------------------------------------------------

_has_surrendered = has_surrendered   # one reading for every rule (surrender_states)


def _context(game: GameContext) -> Context:
    values: dict[str, Any] = {}
    japan = game.results.get("japan")
    values["japan.surrendered"] = _has_surrendered(game, "japan")
    values["japan.level"] = None if japan is None else japan.level
    values["germany.surrendered"] = _has_surrendered(game, "germany")
    # One reading of Britain's state of surrender and its current level (surrender_states, 59.4, 62.31).
    in_surrender = britain_in_surrender(game)
    level = britain_surrender_level(game)
    values["britain.in_surrender"] = in_surrender
    values["britain.surrender_level"] = level
    reduction, when = _british_conciliation(game)
    values["britain.usat_reduction"] = reduction
    values["britain.surrender_turn"] = when
    values["conciliation_counted"] = _counted(game, reduction, when)
    return Context(values)


def _turn(value: Any) -> Turn | None:
    if isinstance(value, Turn):
        return value
    if isinstance(value, Mapping) and "year" in value and "season" in value:
        try:
            return Turn(int(value["year"]), value["season"])
        except (ValueError, TypeError) as error:
            raise RulesInputError(f"not a turn: {dict(value)!r} ({error})") from error
    return None


def _british_conciliation(game: GameContext) -> tuple[int, Turn | None]:
    """The USAT reduction of the most recent British surrender (59.75B) and that surrender's turn."""
    reduction = game.carried("britain", "usat_reduction", 0) or 0
    require_range("britain.usat_reduction", reduction, 0, 1000)
    return int(reduction), _turn(game.carried("britain", "surrender_turn"))


def _election_in_effect_turn(game: GameContext, theater: str) -> Turn | None:
    """The turn of the most recent election that implemented a result in ``theater``."""
    for record in reversed(list(game.carried(KEY, "results", []) or [])):
        if isinstance(record, Mapping) and record.get(f"implemented_{theater}") is not None:
            return _turn(record.get("turn"))
    return None


def _conciliation_counted(game: GameContext) -> bool:
    """59.75B, 62.65: the British conciliation reduction counts against the European tension when the
    surrender came at or after the election whose European result is in effect."""
    return _counted(game, *_british_conciliation(game))


def _counted(game: GameContext, reduction: int, when: Turn | None) -> bool:
    """``_conciliation_counted`` for a reduction and surrender turn already read."""
    elected = _election_in_effect_turn(game, "europe")   # read even when unused: a bad record is refused
    return bool(reduction) and when is not None and elected is not None and when >= elected


def usat_counted(entered: int, game: GameContext) -> int:
    """The USAT level 62.52 counts in Europe: the entered level less a conciliation reduction that came
    after the election in effect (59.75B), never below 0."""
    reduction, when = _british_conciliation(game)
    return max(0, entered - reduction) if _counted(game, reduction, when) else entered


def _usat(entered: int, context: Context) -> int:
    """``usat_counted`` with the election's context already made."""
    reduction = int(context.get("britain.usat_reduction", 0))
    return max(0, entered - reduction) if context.get("conciliation_counted") else entered


class TheaterResults(Frozen):
    """Each theater's sum of 62.31 modifiers, with the lines behind it."""

    europe: int
    pacific: int
    europe_breakdown: tuple[LineResult, ...] = ()
    pacific_breakdown: tuple[LineResult, ...] = ()


def theater_results(inputs: Mapping[str, Any], game: GameContext) -> TheaterResults:
    """Europe and Pacific sums (62.31).  European scenario: the Pacific is 0 (62.46A); an atomic-attack
    election makes only the European calculation (62.31, 62.81): the Pacific is 0 and not shown."""
    return _table(inputs, game).theaters


_EUROPE_IDS = frozenset(line.id for line in EUROPE_LINES)
_PACIFIC_IDS = frozenset(line.id for line in PACIFIC_LINES)
_NOT_COUNTED_ATOMIC = "not counted: an atomic-attack election uses Europe only (62.31, 62.81)"


class _Table(Frozen):
    """The election's table evaluated once: what ``assess`` and ``end_of_turn`` read from it."""

    context: Context
    trigger: Trigger
    #: Every line as shown; after an atomic attack the Pacific lines count nothing (62.31, 62.81).
    breakdown: tuple[LineResult, ...]
    theaters: TheaterResults


def _table(inputs: Mapping[str, Any], game: GameContext) -> _Table:
    """One context and one evaluation of the whole table, both theaters' sums taken from its lines
    (the tipping search assesses the election hundreds of times a change)."""
    context = _context(game)
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    breakdown = evaluate(lines(game.edition, game.scenario), inputs, context).breakdown
    europe = tuple(item for item in breakdown if item.id in _EUROPE_IDS)
    europe_total = sum(item.points for item in europe)
    if game.scenario is Scenario.EUROPEAN or trigger is Trigger.ATOMIC:
        theaters = TheaterResults(europe_total, 0, europe, ())
    else:
        pacific = tuple(item for item in breakdown if item.id in _PACIFIC_IDS)
        theaters = TheaterResults(europe_total, sum(item.points for item in pacific), europe, pacific)
    if trigger is Trigger.ATOMIC:
        breakdown = tuple(LineResult(item.id, item.rule, item.label, item.value, 0, _NOT_COUNTED_ATOMIC)
                          if item.id in _PACIFIC_IDS else item for item in breakdown)
    return _Table(context, trigger, breakdown, theaters)


def allied_defeat(game: GameContext) -> tuple[bool, str]:
    """62.91: a decisive Axis victory, without an election, when France, Britain and Russia are all in a
    state of surrender and neither Germany nor Japan has surrendered.  Russia is in a state of surrender
    while its resistance level is 0 or less (60.12); Britain once it has surrendered (``surrender_states``)."""
    return _allied_defeat(game, _has_surrendered(game, "germany"), _has_surrendered(game, "japan"))


def declared_defeat_turn(carry: Mapping[str, Any]) -> Turn | None:
    """The turn whose end declared the Allied defeat (62.91), from the election's carried values; None if none."""
    turn = carry.get("allied_defeat_turn")
    return None if turn is None else Turn(int(turn["year"]), Season(turn["season"]))


def _allied_defeat(game: GameContext, germany: bool, japan: bool) -> tuple[bool, str]:
    """``allied_defeat`` with Germany's and Japan's surrenders already read (the election's context has them).
    A defeat an end of turn declared stays declared (issue 37): a later entry does not undo it; only the
    recorded correction ``withdraw_allied_defeat`` does."""
    declared = declared_defeat_turn(game.carry.get(KEY, {}))
    if declared is not None:
        return True, (f"Declared at the end of {declared.title}: France, Britain and Russia were all in a state of "
                      "surrender and neither Germany nor Japan had surrendered; the game ended in a decisive Axis "
                      "victory (62.91).")
    france = _has_surrendered(game, "france")
    britain = britain_in_surrender(game)
    russia = russia_in_surrender(game)
    missing = [name for name, out in (("France", france), ("Britain", britain), ("Russia", russia)) if not out]
    if missing:
        return False, f"No Allied defeat: {', '.join(missing)} not in a state of surrender (62.91A)."
    if germany or japan:
        who = " and ".join(name for name, out in (("Germany", germany), ("Japan", japan)) if out)
        return False, f"No Allied defeat: {who} surrendered (62.91B)."
    return True, ("France, Britain and Russia are all in a state of surrender and neither Germany nor Japan has "
                  "surrendered: the game ends in a decisive Axis victory (62.91).")


# ---------------------------------------------------------------------------------------------
# Module API
# ---------------------------------------------------------------------------------------------

def initial_carry() -> dict[str, Any]:
    """``results``: past elections; ``level_europe``/``level_pacific``: the election result implemented in a
    theater (None: no restrictions); ``tension_europe``/``tension_pacific``: the tension level from which
    62.52 counts (None when no adverse result is in effect); ``us_defeated``: 62.82; ``allied_defeat_turn``: the
    turn whose end declared the Allied defeat (62.91), None while none was declared."""
    return {"results": [], "level_europe": None, "level_pacific": None,
            "tension_europe": None, "tension_pacific": None, "us_defeated": False, "allied_defeat_turn": None}


def _carry(game: GameContext) -> dict[str, Any]:
    carry = {**initial_carry(), **dict(game.carry.get(KEY, {}))}
    carry["results"] = list(carry["results"])
    return carry


def _current(carry: Mapping[str, Any], theater: str, tension_now: int) -> int | None:
    level = carry.get(f"level_{theater}")
    baseline = carry.get(f"tension_{theater}")
    if level is None:
        return None
    if carry.get("us_defeated"):
        return int(level)
    if baseline is None:
        return int(level)
    return level_in_effect(int(level), int(baseline), tension_now)


def _in_effect_consequences(europe: int | None, pacific: int | None, britain: bool,
                            us_defeated: bool = False) -> list[Consequence]:
    out: list[Consequence] = []
    for name, level in (("Europe", europe), ("Pacific", pacific)):
        for c in restrictions(level, britain):
            out.append(Consequence(c.rule, f"{name}: {c.text}"))
    if us_defeated and pacific is None:
        out.append(Consequence("62.82", "Pacific: the U.S. has a separate peace with Japan as well, with no election "
                                        "result and no tension level of its own; it never reenters the war."))
    return out


def declared_theaters(inputs: Mapping[str, Any], game: GameContext) -> tuple[str, ...]:
    """The theaters where Germany or Japan declared war on a neutral U.S. this turn (62.72)."""
    line = next((line for line in lines(game.edition, game.scenario) if line.id == WAR_ON_NEUTRAL_US.id), None)
    if line is None:
        return ()
    chosen = line.validate(inputs.get(line.id, line.default()))
    return tuple(DECLARATION_THEATER[Declaration(key)] for key in chosen)


def _declared(breakdown: tuple[LineResult, ...]) -> tuple[str, ...]:
    """``declared_theaters`` read from the evaluated table (its 62.72 line's value, already checked)."""
    chosen = next((item.value for item in breakdown if item.id == WAR_ON_NEUTRAL_US.id), ())
    assert isinstance(chosen, tuple)
    return tuple(DECLARATION_THEATER[Declaration(key)] for key in chosen)


def _lifted_event(theater: str) -> Consequence:
    power = "Germany" if theater == "europe" else "Japan"
    return Consequence("62.72", f"{theater.capitalize()}: {power} declared war on the neutral U.S.: it resumes full "
                                "participation there and the election restrictions there end.")


def questions(implementation: Implementation) -> tuple[Question, ...]:
    """62.43: Germany (Europe) and Japan (Pacific) may impose a higher result than the one the election
    gives in their theater.  Not offered after an atomic-attack election, which is all or nothing."""
    if not implementation.held or implementation.trigger is Trigger.ATOMIC:
        return ()
    asked: list[Question] = []
    for theater, power, result in (("europe", "Germany", implementation.europe_result),
                                   ("pacific", "Japan", implementation.pacific_result)):
        if result is None or result >= 0:
            continue
        options = tuple((str(level), f"{signed(level)}" + (" (the election result)" if level == result else ""))
                        for level in range(result, 1))
        asked.append(Question(f"election.{theater}_result", "62.43",
                              f"{power} may impose a higher U.S. election result in {theater.capitalize()} "
                              "than the one the election gives. Which result applies?", options, str(result)))
    return tuple(asked)


def _chosen(question: Question | None, choices: Mapping[str, str], result: int | None) -> int | None:
    if question is None or result is None:
        return result
    answer = choices.get(question.id, question.default)
    if answer not in {key for key, _ in question.options}:
        raise RulesInputError(f"{question.id}: {answer!r} is not one of "
                              f"{', '.join(key for key, _ in question.options)}")
    return int(answer)


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    if game.scenario is Scenario.PACIFIC:
        return PowerResult(KEY, TITLE, 0, 0, Status.NOT_APPLICABLE,
                           "There is no U.S. election in a Pacific scenario (62.46B).",
                           figures={"allied_defeat": False,
                                    "allied_defeat_reason": "Pacific scenario: Britain and Russia never "
                                                            "surrender (54.11)."})
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    tensions = TENSIONS.validate(inputs.get(TENSIONS.id, TENSIONS.default()))
    table = _table(inputs, game)
    usat = _usat(tensions["usat"], table.context)
    breakdown, theaters = table.breakdown, table.theaters
    implementation = combine(theaters.europe, theaters.pacific, trigger, game.scenario)
    defeat, reason = _allied_defeat(game, bool(table.context.get("germany.surrendered")),
                                    bool(table.context.get("japan.surrendered")))
    britain_in_surrender = bool(table.context.get("britain.in_surrender"))
    carry = _carry(game)
    defeated = implementation.us_defeated or bool(carry["us_defeated"])
    lifted = () if defeated else _declared(table.breakdown)
    atomic = trigger is Trigger.ATOMIC
    figures: dict[str, Any] = {
        "trigger": trigger.value, "held": implementation.held,
        "europe": theaters.europe, "pacific": None if atomic else theaters.pacific,
        "combined": implementation.combined,
        "europe_result": implementation.europe_result, "pacific_result": implementation.pacific_result,
        "separate_peace_europe": implementation.separate_peace_europe,
        "separate_peace_pacific": implementation.separate_peace_pacific,
        "separate_peace_tension_europe": None if implementation.europe_result is None
        else separate_peace_tension(implementation.europe_result),
        "separate_peace_tension_pacific": None if implementation.pacific_result is None
        else separate_peace_tension(implementation.pacific_result),
        "us_defeated": defeated, "usat_counted": usat, "restrictions_lifted_62_72": list(lifted),
        "allied_defeat": defeat, "allied_defeat_reason": reason,
    }
    consequences: list[Consequence] = []
    if defeat:
        consequences.append(Consequence("62.91", reason))
    level = implementation.combined if implementation.combined is not None else theaters.europe + theaters.pacific
    if implementation.held:
        consequences.append(Consequence("62.42", implementation.explanation))
        europe = None if "europe" in lifted else implementation.europe_result
        pacific = None if "pacific" in lifted else implementation.pacific_result
        consequences.extend(_in_effect_consequences(europe, pacific, britain_in_surrender,
                                                    implementation.us_defeated))
        consequences.extend(_lifted_event(theater) for theater in lifted
                            if getattr(implementation, f"{theater}_result") is not None)
        if implementation.us_defeated:
            consequences.append(Consequence("62.82", "The U.S. may not reenter or take part in the war in either "
                                                     "theater for the rest of the game."))
        if questions(implementation):
            consequences.append(Consequence("62.43", "Germany and Japan may impose a higher result in their own "
                                                     "theater (asked at the end of the turn)."))
        status = Status.EFFECTS if implementation.adverse else Status.NO_EFFECT
        verdict = _held_verdict(implementation)
        if game.scenario is Scenario.GLOBAL_WAR and not atomic:
            verdict += f" (Europe {signed(theaters.europe)}, Pacific {signed(theaters.pacific)}.)"
    else:
        europe_now = None if "europe" in lifted else _current(carry, "europe", usat)
        pacific_now = None if "pacific" in lifted else _current(carry, "pacific", tensions["usjt"])
        figures.update(level_in_effect_europe=europe_now, level_in_effect_pacific=pacific_now)
        consequences.extend(_in_effect_consequences(europe_now, pacific_now, britain_in_surrender, defeated))
        consequences.extend(_lifted_event(theater) for theater in lifted
                            if carry[f"level_{theater}"] is not None)
        status = Status.EFFECTS if europe_now is not None or pacific_now is not None or defeated else Status.NO_EFFECT
        if status is Status.EFFECTS:
            parts = [f"{name} {signed(lvl)}" for name, lvl in (("Europe", europe_now), ("Pacific", pacific_now))
                     if lvl is not None]
            if defeated and pacific_now is None:
                parts.append("Pacific separate peace (62.82)")
            verdict = f"No U.S. election this turn; earlier election results still in effect: {', '.join(parts)}."
        else:
            verdict = (f"No U.S. election this turn (Europe stands at {signed(theaters.europe)}, "
                       f"Pacific at {signed(theaters.pacific)}).")
    if defeat:
        status = Status.EFFECTS
        verdict = "Allied defeat: decisive Axis victory (62.91). " + verdict
    total = sum(item.points for item in breakdown)
    return PowerResult(KEY, TITLE, total, level, status, verdict, breakdown, tuple(consequences), figures)


def _held_verdict(implementation: Implementation) -> str:
    if not implementation.adverse:
        return f"U.S. election: {implementation.explanation}"
    parts = []
    for name, result in (("Europe", implementation.europe_result), ("Pacific", implementation.pacific_result)):
        if result is None and implementation.us_defeated:
            parts.append(f"{name}: separate peace with no result of its own (62.82)")
        elif result is None:
            parts.append(f"{name}: war goes on")
        elif result <= SEPARATE_PEACE_AT:
            parts.append(f"{name}: separate peace ({signed(result)}, tension {separate_peace_tension(result)})")
        else:
            parts.append(f"{name}: restrictions {signed(result)}")
    return "Pro-Axis U.S. election - " + "; ".join(parts) + "."


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    carry = _carry(game)
    if result.status is Status.NOT_APPLICABLE:
        return TurnOutcome(carry)
    trigger = TRIGGER.trigger(inputs.get(TRIGGER.id, TRIGGER.default()))
    tensions = TENSIONS.validate(inputs.get(TENSIONS.id, TENSIONS.default()))
    table = _table(inputs, game)
    usat = _usat(tensions["usat"], table.context)
    theaters = table.theaters
    implementation = combine(theaters.europe, theaters.pacific, trigger, game.scenario)
    events: list[Consequence] = []
    if result.figures.get("allied_defeat") and carry.get("allied_defeat_turn") is None:
        events.append(Consequence("62.91", str(result.figures.get("allied_defeat_reason", ""))))
        carry["allied_defeat_turn"] = game.turn.to_json()   # declared: it stays so (issue 37)
    asked = questions(implementation)
    if not implementation.held:
        lifted = () if carry["us_defeated"] else declared_theaters(inputs, game)
        # 62.72: a declaration of war on a neutral U.S. ends the restrictions in that theater;
        # 62.52: rising tensions lift them level by level.
        for theater, tension in (("europe", usat), ("pacific", tensions["usjt"])):
            before = carry[f"level_{theater}"]
            if before is None or carry["us_defeated"]:
                continue
            if theater in lifted:
                carry[f"level_{theater}"] = None
                carry[f"tension_{theater}"] = None
                events.append(_lifted_event(theater))
                continue
            now = _current(carry, theater, tension)
            if now is None:
                carry[f"level_{theater}"] = None
                carry[f"tension_{theater}"] = None
                events.append(Consequence("62.52", f"{theater.capitalize()}: tensions have risen enough; the U.S. "
                                                   "fights there without election restrictions."))
            elif now != before:
                # keep the original baseline and result so later turns keep counting from it
                events.append(Consequence("62.52", f"{theater.capitalize()}: the election result in effect is now "
                                                   f"{signed(now)}."))
        return TurnOutcome(carry, tuple(events))
    by_id = {q.id: q for q in asked}
    europe = _chosen(by_id.get("election.europe_result"), choices, implementation.europe_result)
    pacific = _chosen(by_id.get("election.pacific_result"), choices, implementation.pacific_result)
    record = {"turn": game.turn.to_json(), "trigger": trigger.value, "europe": theaters.europe,
              "pacific": None if trigger is Trigger.ATOMIC else theaters.pacific,
              "combined": implementation.combined, "implemented_europe": europe, "implemented_pacific": pacific}
    carry["results"] = [*carry["results"], record]
    events.append(Consequence("62.42", f"{game.turn.title}: {implementation.explanation}"))
    if implementation.trigger is Trigger.ATOMIC:
        if implementation.us_defeated:
            carry.update(level_europe=europe, level_pacific=None, us_defeated=True,
                         tension_europe=None, tension_pacific=None)
            events.append(Consequence("62.82", "The U.S. is defeated: separate peace with Germany and Japan for "
                                               "the rest of the game (the Pacific has no result or tension of "
                                               "its own)."))
        else:
            carry.update(level_europe=None, tension_europe=None)
            events.append(Consequence("62.83", "All U.S. restrictions in Europe are lifted."))
        return TurnOutcome(carry, tuple(events), asked)
    lifted = declared_theaters(inputs, game)
    for theater, chosen, tension in (("europe", europe, usat), ("pacific", pacific, tensions["usjt"])):
        if chosen is None:
            continue
        if theater in lifted:
            events.append(_lifted_event(theater))
            continue
        peace = separate_peace_tension(chosen)
        carry[f"level_{theater}"] = chosen
        carry[f"tension_{theater}"] = peace if peace is not None else tension
        for c in restrictions(chosen, bool(table.context.get("britain.in_surrender"))):
            events.append(Consequence(c.rule, f"{theater.capitalize()}: {c.text}"))
    return TurnOutcome(carry, tuple(events), asked)


def withdraw_allied_defeat(session: Any, why: str) -> None:
    """The players' explicit correction of an Allied defeat an end of turn declared (62.91): the declaration is
    withdrawn and the record of the game says so, with their reason (one undo step in the window)."""
    from .session import HistoryEntry

    carry = session.carry.setdefault(KEY, initial_carry())
    declared = declared_defeat_turn(carry)
    if declared is None:
        raise RulesInputError("No Allied defeat was declared: there is nothing to withdraw.")
    carry["allied_defeat_turn"] = None
    reason = why.strip() or "no reason given"
    session.history.append(HistoryEntry(
        turn=session.turn, kind="correction",
        title=f"Correction: the Allied defeat declared at the end of {declared.title} is withdrawn",
        events=(Consequence("62.91", f"The players withdrew the declared Allied defeat: {reason}."),)))
