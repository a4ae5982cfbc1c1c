"""Changes for surrender (56.A, 56.E.3) and defection (56.B): the players' conditions, checked at the start of
each game turn, the rolls and checks they record, a surrender, a defection.  Each recorded event is one function;
nothing here decides for the players."""

from __future__ import annotations

from collections.abc import Sequence

from ..frozen import Frozen, replace
from ..lines import RulesInputError
from ..record.pbem import TYPED_DICE, require_agreed
from . import defection as defection_rules
from . import surrender
from .actions_base import log_event, require_active, state_word, update_nation
from .dice import ROLLED, TYPED, roll_die, source_words
from .state import EuropaGame

SURRENDER = "surrender"
DEFECTION = "defection"
CONDITION_RULES = {SURRENDER: surrender.RULE, DEFECTION: defection_rules.RULE}


def _surrender(game: EuropaGame, name: str, record: surrender.SurrenderRecord) -> EuropaGame:
    return update_nation(game, name, lambda n: replace(n, surrender=record))


def _defection(game: EuropaGame, name: str, record: defection_rules.DefectionRecord) -> EuropaGame:
    return update_nation(game, name, lambda n: replace(n, defection=record))


def _die(game: EuropaGame, die: int | None, purpose: str) -> tuple[int, str]:
    """A die typed from a real die, or rolled by the app for ``purpose`` (``dice.roll_die``: in play by e-mail the
    next fair die of the game) when ``die`` is None.  By e-mail a typed die needs both players' signed agreement
    (``core.record.pbem``: nobody else sees a real die rolled, issue 35)."""
    if die is None:
        return roll_die(game.record, f"{game.turn.title}: {purpose}"), ROLLED
    require_agreed(game.record, TYPED_DICE, f"a die typed from a real die ({purpose})")
    return die, TYPED


# -- the conditions, checked at the start of each game turn (56.A, 56.B) -------------------------------

def set_condition_text(game: EuropaGame, name: str, kind: str, text: str) -> EuropaGame:
    """The players' words for a nation's surrender or defection condition (the text gives none)."""
    if len(text) > 1000:
        raise RulesInputError("a condition is at most 1000 characters")
    nation = game.nation(name)
    if kind == SURRENDER:
        return _surrender(game, name, replace(nation.surrender, condition=text.strip()))
    if kind == DEFECTION:
        return _defection(game, name, replace(nation.defection, condition=text.strip()))
    raise RulesInputError(f"a condition is for surrender or defection, not {kind!r}")


def record_condition(game: EuropaGame, name: str, kind: str, holds: bool | None) -> EuropaGame:
    """The players record whether the condition holds (None: not recorded); while it holds, a check is due at the
    start of each game turn (56.A, 56.B).  Recorded in the game record."""
    nation = game.nation(name)
    if holds is not None:
        require_active(nation, f"its {kind} condition is not checked any more")
    record = nation.surrender if kind == SURRENDER else nation.defection if kind == DEFECTION else None
    if record is None:
        raise RulesInputError(f"a condition is for surrender or defection, not {kind!r}")
    if record.condition_met == holds:
        return game
    game = (_surrender(game, name, replace(nation.surrender, condition_met=holds)) if kind == SURRENDER else
            _defection(game, name, replace(nation.defection, condition_met=holds)))
    said = {True: "holds: a check is due at the start of each game turn", False: "does not hold",
            None: "is no longer recorded"}[holds]
    return log_event(game, CONDITION_RULES[kind], nation.name, f"the players record that the {kind} condition {said}")


def set_surrender_condition(game: EuropaGame, name: str, condition: str) -> EuropaGame:
    return set_condition_text(game, name, SURRENDER, condition)


def set_condition_met(game: EuropaGame, name: str, met: bool | None) -> EuropaGame:
    return record_condition(game, name, SURRENDER, met)


# -- surrender (56.A, 56.E.3) ----------------------------------------------------------------------

def set_special_rate(game: EuropaGame, name: str, rate: int | None) -> EuropaGame:
    return _surrender(game, name, surrender.set_special_rate(game.nation(name).surrender, rate))


def _rates(record: surrender.SurrenderRecord) -> str:
    rate = record.rate()
    text = f"special replacement rate now {rate}%" if rate is not None else "special replacement rate not entered"
    return text + "".join(f"; {g.name} {record.government_rate(g.name)}%" for g in record.governments)


def record_surrender_roll(game: EuropaGame, name: str, die: int | None = None, outcome: str = "",
                          by: str = "") -> EuropaGame:
    """A surrender roll for the nation (``by`` "") or for one of its new governments: ``die`` typed from a real die,
    or None to let the app roll.  Each lowers only the roller's special replacement rate (56.E.3 and its note)."""
    nation = game.nation(name)
    if nation.defection.defected is not None:
        raise RulesInputError(f"{nation.name} {state_word(nation)}: it makes no more surrender rolls")
    who = f"{by.strip()} (the new government)" if by.strip() else "the nation"
    value, source = _die(game, die, f"{nation.name} surrender roll for {who} (56.E.3)")
    record = surrender.record_roll(nation.surrender, game.turn, value, source, outcome, by)
    game = _surrender(game, name, record)
    said = f": {outcome.strip()}" if outcome.strip() else ""
    return log_event(game, surrender.ROLL_RULE, nation.name,
                     f"surrender roll for {who}: {value} ({source_words(source)}){said}; {_rates(record)}")


def form_government(game: EuropaGame, name: str, government: str, rate: int) -> EuropaGame:
    record = surrender.form_government(game.nation(name).surrender, government, rate, game.turn)
    return log_event(_surrender(game, name, record), surrender.ROLL_RULE, game.nation(name).name,
                     f"new government {record.governments[-1].name} formed at a special replacement rate of {rate}% "
                     "(lowered only by its own rolls)")


def surrender_nation(game: EuropaGame, name: str) -> EuropaGame:
    """The nation surrenders (56.A): its forces, reinforcements and replacements are gone."""
    nation = game.nation(name)
    if nation.defection.defected is not None:
        raise RulesInputError(f"{nation.name} {state_word(nation)}: it is no longer an Axis-Allied nation and "
                              "cannot surrender")
    game = _surrender(game, name, surrender.surrender(nation.surrender, game.turn))
    for rule, text in surrender.CONSEQUENCES:
        game = log_event(game, rule, nation.name, text)
    return game


# -- defection (56.B) ----------------------------------------------------------------------------

def record_defection_check(game: EuropaGame, name: str, outcome: str, die: int | None = None,
                           roll: bool = False) -> EuropaGame:
    """The players' start-of-turn defection check (56.B): what it gave in their words, with a die typed, rolled by
    the app (``roll``), or none.  It decides nothing: a defection is recorded with :func:`defect`."""
    nation = game.nation(name)
    require_active(nation, "no more defection checks")
    purpose = f"{nation.name} defection check (56.B)"
    value, source = _die(game, die, purpose) if die is not None or roll else (None, "")
    record = defection_rules.record_check(nation.defection, game.turn, outcome, value, source)
    rolled = f"die {value} ({source_words(source)})" if value is not None else ""
    said = "; ".join(part for part in (rolled, outcome.strip()) if part)
    return log_event(_defection(game, name, record), defection_rules.RULE, nation.name, f"defection check: {said}")


class UnitToRoll(Frozen):
    label: str
    cm_or_cavalry: bool = False
    die: int | None = None  # None: the app rolls


def defect(game: EuropaGame, name: str, units: Sequence[UnitToRoll]) -> EuropaGame:
    """The nation defects to the Soviets: a die for each ground unit (56.B.1)."""
    nation = game.nation(name)
    if nation.surrender.surrendered is not None:
        raise RulesInputError(f"{nation.name} surrendered on {nation.surrender.surrendered}: it cannot defect")
    rolled = tuple(defection_rules.DefectingUnit(u.label.strip(), u.cm_or_cavalry,
                                                 *_die(game, u.die, f"{nation.name} defecting unit {index} "
                                                                    f"({u.label.strip()}, 56.B.1)"))
                   for index, u in enumerate(units, start=1))
    record = defection_rules.defect(nation.defection, game.turn, rolled)
    game = _defection(game, name, record)
    game = log_event(game, defection_rules.RULE, nation.name,
                     f"defects to the Soviets; no RPs this turn and the next {defection_rules.NO_RP_TURNS} game turns "
                     f"({defection_rules.NO_RP_TURNS + 1} in all), RPs again from {record.rps_resume()}")
    for unit in rolled:
        bonus = f" +{defection_rules.CM_BONUS} c/m or cavalry" if unit.cm_or_cavalry else ""
        game = log_event(game, "56.B.1", nation.name, f"{unit.label}: rolled {unit.die} "
                         f"({source_words(unit.source)}){bonus} = {unit.modified}, {unit.fate}")
    return game


def tick_defection_step(game: EuropaGame, name: str, key: str, done: bool = True) -> EuropaGame:
    return _defection(game, name, defection_rules.tick_step(game.nation(name).defection, key, done))
