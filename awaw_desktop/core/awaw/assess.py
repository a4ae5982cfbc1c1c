"""All powers together: the order of assessment and the end-of-turn check.

Powers are assessed in dependency order (Italy before Germany, China before Japan,
the U.S. election last), each seeing the results of those before it.  The order the
players see (tabs, reports) is ``DISPLAY_ORDER``.
"""

from __future__ import annotations

import importlib
from collections.abc import Collection, Mapping
from types import ModuleType
from typing import Any

from ..frozen import Frozen, field
from ..lines import Line
from . import facts_settled
from .common import Consequence, Edition, GameContext, PowerResult, Question, Scenario, Turn, TurnOutcome

#: Dependency order: each power may read the results of those before it.
ORDER: tuple[str, ...] = ("italy", "germany", "china", "japan", "france", "britain", "russia", "election")
#: The order players see: the Axis powers, then the Allies, then the U.S. election.
DISPLAY_ORDER: tuple[str, ...] = ("germany", "italy", "japan", "france", "britain", "russia", "china", "election")
#: Rule order of the end-of-turn checks (55, 56, 57, 58, 59, 60, 61, 62).
RULE_ORDER: tuple[str, ...] = ("germany", "italy", "japan", "france", "britain", "russia", "china", "election")


def power_module(key: str) -> ModuleType:
    """The module holding one power's rules (``germany``, ``italy`` ...)."""
    module = _MODULES.get(key)
    if module is None:
        if key not in ORDER:
            raise KeyError(f"unknown power {key!r}; expected one of {', '.join(ORDER)}")
        module = _MODULES[key] = importlib.import_module(f"{__package__}.{key}")
    return module


#: The power modules loaded so far (a typed digit asks for them some 170 times).
_MODULES: dict[str, ModuleType] = {}


def load_rules() -> None:
    """Import every power's rules module now (the window's start loads them before Qt: see ``cli.run``)."""
    for key in ORDER:
        power_module(key)


def title(key: str) -> str:
    return str(power_module(key).TITLE)


def lines(key: str, edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    result: tuple[Line, ...] = power_module(key).lines(edition, scenario)
    return result


def initial_carry() -> dict[str, dict[str, Any]]:
    return {key: dict(power_module(key).initial_carry()) for key in ORDER}


def assess_all(edition: Edition, scenario: Scenario, turn: Turn,
               inputs: Mapping[str, Mapping[str, Any]],
               carry: Mapping[str, Mapping[str, Any]]) -> dict[str, PowerResult]:
    """Every power's result for the entered facts, in ``ORDER``."""
    full_carry = {key: {**power_module(key).initial_carry(), **carry.get(key, {})} for key in ORDER}
    results: dict[str, PowerResult] = {}
    for key in ORDER:
        game = GameContext(edition, scenario, turn, dict(results), full_carry)
        results[key] = power_module(key).assess(inputs.get(key, {}), game)
    return results


def assess_after_change(edition: Edition, scenario: Scenario, turn: Turn,
                        inputs: Mapping[str, Mapping[str, Any]], carry: Mapping[str, Mapping[str, Any]],
                        previous: Mapping[str, PowerResult], changed: str | Collection[str]) -> dict[str, PowerResult]:
    """``assess_all`` after a change to the entries of ``changed`` (one power, or several: a fact of the war
    several tables show), the carried values unchanged.  ``inputs`` need hold only the powers from the first
    changed one on.  A power reads its own entries, the carried values and the results of the powers before it
    in ``ORDER``: those before the first changed power keep their results, and a later one is assessed again
    if its own entries changed or a result before it moved."""
    powers = {changed} if isinstance(changed, str) else set(changed)
    if not powers:
        return dict(previous)
    full_carry = {key: {**power_module(key).initial_carry(), **carry.get(key, {})} for key in ORDER}
    first = min(ORDER.index(key) for key in powers)
    results: dict[str, PowerResult] = {key: previous[key] for key in ORDER[:first]}
    moved = False
    for key in ORDER[first:]:
        if key not in powers and not moved:
            results[key] = previous[key]
            continue
        game = GameContext(edition, scenario, turn, dict(results), full_carry)
        results[key] = power_module(key).assess(inputs.get(key, {}), game)
        moved = moved or results[key] != previous[key]
    return results


class EndOfTurnReport(Frozen):
    """What the end of an Allied player turn brings, before and after the players' choices."""

    turn: Turn
    results: Mapping[str, PowerResult]
    outcomes: Mapping[str, TurnOutcome]
    questions: tuple[Question, ...] = ()
    events: tuple[tuple[str, Consequence], ...] = field(default=())

    @property
    def new_carry(self) -> dict[str, dict[str, Any]]:
        return {key: dict(outcome.carry) for key, outcome in self.outcomes.items()}


def end_of_turn(edition: Edition, scenario: Scenario, turn: Turn,
                inputs: Mapping[str, Mapping[str, Any]],
                carry: Mapping[str, Mapping[str, Any]],
                choices: Mapping[str, str] | None = None) -> EndOfTurnReport:
    """Run every power's end-of-turn check in rule order.

    Each check sees every power's result of this turn and everyone's carried values as they were at the start
    of the check, with what the checks before it settled: a surrender recorded by an earlier check ends its
    wars for the later ones (France's, 58, before Britain's, 59, and Russia's, 60), as when its wizard recorded
    it before the end of turn.  Call once without ``choices`` to learn the questions, then again with the
    players' answers to get what is recorded."""
    choices = choices or {}
    results = assess_all(edition, scenario, turn, inputs, carry)
    full_carry = {key: {**power_module(key).initial_carry(), **carry.get(key, {})} for key in ORDER}
    game = GameContext(edition, scenario, turn, results, full_carry)
    ended = {fact_id for fact_id, _who, _rule in facts_settled.ended_by_surrenders(full_carry)}
    outcomes: dict[str, TurnOutcome] = {}
    questions: list[Question] = []
    events: list[tuple[str, Consequence]] = []
    for key in RULE_ORDER:
        outcome: TurnOutcome = power_module(key).end_of_turn(inputs.get(key, {}), game, results[key], choices)
        outcomes[key] = outcome
        questions.extend(outcome.questions)
        events.extend((key, event) for event in outcome.events)
        settled = {**full_carry, key: dict(outcome.carry)}
        now_ended = {fact_id for fact_id, _who, _rule in facts_settled.ended_by_surrenders(settled)} - ended
        # A surrender recorded here counts for the later checks (Britain's in a state of surrender for 60.41, 62.31
        # and 62.91 from the turn Germany accepts, surrender_states), as do the wars it ends.
        surrendered = bool(outcome.carry.get("surrendered")) and not full_carry.get(key, {}).get("surrendered")
        if (now_ended or surrendered) and key != RULE_ORDER[-1]:
            ended |= now_ended
            full_carry = settled
            if now_ended:   # the later checks see those wars over
                inputs = facts_settled.without_wars(inputs, now_ended)
            later = RULE_ORDER[RULE_ORDER.index(key) + 1:]
            fresh = assess_all(edition, scenario, turn, inputs, full_carry)
            results = {**results, **{power: fresh[power] for power in later}}
            game = GameContext(edition, scenario, turn, results, full_carry)
    return EndOfTurnReport(turn, results, outcomes, tuple(questions), tuple(events))
