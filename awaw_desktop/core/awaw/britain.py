"""British surrender: what the British Resistance Table's level means (its lines: :mod:`.britain_table`), the offer
(59.12, 59.23) and what the end-of-turn check records (59.41, 59.75, 59.86, 59.87).

The editions differ only in 59.82B (when British units may be built in Canada).  The procedures of an accepted
surrender live in :mod:`.britain_surrender`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..lines import (
    Context,
    RulesInputError,
    evaluate,
)
from . import britain_surrender as procedure
from . import britain_units_removed as units_removed
from . import facts_settled
from .britain_table import POWERS_AT_WAR, lines
from .common import (
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Question,
    Scenario,
    Status,
    Turn,
    TurnOutcome,
)
from .levels import signed
from .session import HistoryEntry, Session
from .surrender_states import britain_in_surrender

KEY = "britain"
TITLE = "Britain"

def initial_carry() -> dict[str, Any]:
    return {
        "surrendered": False,          # Britain has surrendered (is in a state of surrender)
        "surrender_level": None,       # the most recent surrender level
        "surrender_turn": None,        # the turn of the most recent surrender
        "surrenders": [],              # every surrender level, oldest first
        "conciliation_points": 0,      # points returned or not taken at the most recent surrender (59.75A)
        "usat_reduction": 0,           # USAT reduction of the most recent surrender (59.75B)
        "far_east_choice": None,       # britain_surrender.FarEast value of the most recent surrender
        "at_peace": False,             # peace treaty in force, war not resumed (59.62, 59.86)
        "no_more_surrenders": False,   # Germany declared war after a surrender (59.87)
        "returned_territories": [],    # returned once per game (59.73C)
        "declined_offers": [],         # turns of offers Germany declined (59.32)
        "ceded": [],                   # Concession Table territories taken by the Axis and not returned (59.6)
        "units_removed": None,         # what the last surrender removed, until the end of its turn (59.871)
    }


def _carry(game: GameContext) -> dict[str, Any]:
    carry = initial_carry()
    carry.update(game.carry.get(KEY, {}))
    return carry


def _context(inputs: Mapping[str, Any], game: GameContext) -> Context:
    powers = POWERS_AT_WAR.validate(inputs.get(POWERS_AT_WAR.id, POWERS_AT_WAR.default()))
    return Context({
        "turn": game.turn,
        "us_at_war_with_germany": "united_states" in powers,
        "conciliation_points": _carry(game).get("conciliation_points", 0),
    })


def _figures(in_surrender: bool, level: int | None, offer: procedure.Offer | None, resistance: int,
             us_at_war: bool, at_peace: bool, resumed: bool = False) -> dict[str, Any]:
    return {
        "in_surrender": in_surrender,
        "surrender_level": level,
        "offer": bool(offer and offer.offered),
        "forced_acceptance": bool(offer and offer.offered and not offer.may_decline),
        "resistance": resistance,
        "offer_surrender_level": offer.surrender_level if offer and offer.offered else None,
        "counted_levels": offer.counted_levels if offer and offer.offered else 0,
        "concession_points": offer.concession_points if offer and offer.offered else 0,
        "us_at_war_with_germany": us_at_war,
        "at_peace": at_peace,
        "war_resumed": resumed,
    }


def war_resumed(carry: Mapping[str, Any], turn: Turn, us_at_war: bool) -> bool:
    """Has the peace after a British surrender ended this turn (59.86)?  From the second turn after
    the surrender on, the U.S. ticked at war with Germany on the Britain tab means it has: a German
    (59.86B) and an American (59.86C) declaration both put the U.S. at war with Germany.  Britain's
    resistance then counts at the end of this very turn (59.87: calculations are made normally at the
    end of each turn); the end-of-turn question says which side declared."""
    if not (carry.get("surrendered") and carry.get("at_peace") and us_at_war):
        return False
    since = _turn_json(carry.get("surrender_turn"))
    return since is not None and turn.turns_since(since) >= 2


#: What every result of a Britain that has surrendered says: the one reading of its state (surrender_states).
IN_SURRENDER = Consequence("59.4", "Britain stays in a state of surrender for the rest of the game, at war or at "
                                   "peace; the U.S. election (62.31) and the Allied defeat check (62.91) count it so.")


def _canada(edition: Edition) -> Consequence:
    other = ("or while every hex in Britain is isolated or Axis-controlled" if edition is Edition.ORIGINAL
             else "or for units that may not be built in Britain")
    return Consequence("59.82", f"British units may be built in Canada while Britain has surrendered and its "
                                f"resistance is 0 or less, {other}.")


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    """Britain's result; the entries to change after a surrender's reductions first, while due (59.871)."""
    return units_removed.on_the_tab(_assess(inputs, game), _carry(game), inputs)


def _assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    table = lines(game.edition, game.scenario)
    context = _context(inputs, game)
    result = evaluate(table, inputs, context)
    total = result.total
    carry = _carry(game)
    us_at_war = bool(context.get("us_at_war_with_germany"))
    surrendered = bool(carry.get("surrendered"))
    level = carry.get("surrender_level")
    level = None if level is None else int(level)
    said = "not entered (59.41)" if level is None else str(level)   # never "None" on screen
    resumed = war_resumed(carry, game.turn, us_at_war)
    at_peace = bool(carry.get("at_peace")) and not resumed
    # One meaning of "in a state of surrender" (surrender_states): from the accepted surrender to the game's end.
    in_surrender = britain_in_surrender(game)
    if game.scenario is Scenario.PACIFIC:
        return PowerResult(KEY, TITLE, total, total, Status.NOT_APPLICABLE,
                           "Britain never surrenders in a Pacific scenario.", result.breakdown,
                           (Consequence("54.11", "In Pacific scenarios Britain never surrenders or suffers "
                                                 "resistance effects."),),
                           _figures(False, None, None, total, us_at_war, False))
    if surrendered and (at_peace or carry.get("no_more_surrenders")):
        why = ("Britain is at peace with Germany; its resistance matters again only if the war resumes (59.75A)."
               if at_peace else "Germany declared war after the surrender (59.86B): Britain is at war again but makes "
                                "no more offers (59.87).")
        return PowerResult(KEY, TITLE, total, total, Status.SURRENDERED,
                           f"Britain has surrendered at surrender level {said}; the level shown is its resistance "
                           f"now ({signed(total)}).", result.breakdown,
                           (Consequence("59.87", why), IN_SURRENDER, _canada(game.edition)),
                           _figures(in_surrender, level, None, total, us_at_war, at_peace))
    resumed_note = (Consequence("59.86", "The U.S. is at war with Germany again, so the peace is over and Britain's "
                                         "resistance counts this turn; if Germany declared that war (59.86B), "
                                         "Britain makes no further offers (59.87)."),) if resumed else ()
    this_turn = game.turn.to_json()
    if surrendered and carry.get("surrender_turn") == this_turn:
        return PowerResult(KEY, TITLE, total, total, Status.SURRENDERED,
                           f"Britain surrendered this turn at surrender level {said}; the level shown is its "
                           f"resistance ({signed(total)}).", result.breakdown,
                           (Consequence("59.87", "One offer a turn: a new offer can come in a later turn, below "
                                                 f"level {said}."), IN_SURRENDER, _canada(game.edition)),
                           _figures(in_surrender, level, None, total, us_at_war, at_peace, resumed))
    if this_turn in (carry.get("declined_offers") or []):
        status = Status.SURRENDERED if surrendered else Status.NO_EFFECT
        return PowerResult(KEY, TITLE, total, total, status,
                           f"Germany declined Britain's offer this turn; it lapsed (resistance {signed(total)}).",
                           result.breakdown,
                           (Consequence("59.32", "A declined offer lapses; Britain may offer again in a later "
                                                 "turn."), *resumed_note, *((IN_SURRENDER,) if in_surrender else ())),
                           _figures(in_surrender, level, None, total, us_at_war, False, resumed))
    the_offer = procedure.offer(total, level if surrendered else None)
    if the_offer.offered:
        consequences = [*resumed_note,
                        Consequence("59.12", "Britain offers to surrender; Germany accepts or declines.")]
        if in_surrender:
            consequences.append(IN_SURRENDER)
        if the_offer.may_decline:
            consequences.append(Consequence("59.32", "A declined offer lapses: Germany may not accept it later."))
        else:
            consequences.append(Consequence("59.23", "At -10 or lower Germany must accept."))
        consequences.append(Consequence(
            "59.41" if the_offer.previous_level is None else "59.872",
            f"If accepted: surrender level {the_offer.surrender_level}, {the_offer.counted_levels} level(s) counted "
            f"({the_offer.concession_points} concession points)."))
        if the_offer.counted_levels:
            required = procedure.required_reductions(the_offer.counted_levels)
            consequences.append(Consequence(
                "59.512", f"Britain would remove {required.aaf} AAF, {required.ground_nas_brps} BRPs of ground "
                          f"units or NAS and {required.naval_factors} naval factors."))
        else:
            consequences.append(Consequence("59.511", "No force reductions at this level."))
        consequences.append(
            Consequence("59.61", "The U.S. is at war with Germany: no concessions; the war goes on.") if us_at_war
            else Consequence("59.62", "The U.S. is not at war with Germany: a peace treaty with concessions."))
        must = " Germany must accept." if not the_offer.may_decline else ""
        verdict = (f"Britain offers to surrender (resistance {signed(total)}); accepted, the surrender level would be "
                   f"{the_offer.surrender_level}.{must}")
        return PowerResult(KEY, TITLE, total, total, Status.OFFERS, verdict, result.breakdown,
                           tuple(consequences),
                           _figures(in_surrender, level, the_offer, total, us_at_war, False, resumed))
    if surrendered:
        return PowerResult(KEY, TITLE, total, total, Status.SURRENDERED,
                           f"Britain has surrendered at surrender level {said} and fights on "
                           f"(resistance {signed(total)}).",
                           result.breakdown,
                           (*resumed_note,
                            Consequence("59.87", f"Britain offers again only below its last surrender level "
                                                 f"{said}."), IN_SURRENDER, _canada(game.edition)),
                           _figures(in_surrender, level, the_offer, total, us_at_war, False, resumed))
    return PowerResult(KEY, TITLE, total, total, Status.NO_EFFECT,
                       f"Britain fights on (resistance {signed(total)}).", result.breakdown,
                       (Consequence("59.12", "Britain offers to surrender only at a resistance level of 0 or less."),),
                       _figures(False, None, the_offer, total, us_at_war, False))


# ---------------------------------------------------------------------------------------------
# End of turn
# ---------------------------------------------------------------------------------------------

ACCEPT_QUESTION = "britain_accept_offer"
FAR_EAST_QUESTION = "britain_far_east"
CONCILIATION_QUESTION = "britain_conciliation_points"
OUTCOME_CHOICE = "britain_surrender_outcome"
RESUMPTION_QUESTION = "britain_war_resumes"


def conciliation_question(concession_points: int, us_at_war: bool) -> Question | None:
    """The end-of-turn conciliation question (59.71, 59.75): how many of the concession points the surrender
    level allows (59.65, two per counted level, 59.872) Germany leaves untaken.  Only those points are
    offered; territory returned to Britain is recorded through the surrender wizard, which checks 59.72-59.73
    and keeps the once-per-game record (59.73C).  None when there is nothing to leave: the U.S. is at war with
    Germany (59.61) or the surrender counts no level."""
    if us_at_war or concession_points <= 0:
        return None
    options = tuple((str(n), f"{n} of {concession_points}" + (" (Germany takes everything)" if n == 0 else
                                                              " (Germany takes nothing)" if n == concession_points
                                                              else ""))
                    for n in range(concession_points + 1))
    return Question(CONCILIATION_QUESTION, "59.75",
                    f"The surrender level allows Germany {concession_points} concession point(s) (59.65). How many "
                    "does it leave untaken? (Territory returned to Britain is entered in the surrender wizard.)",
                    options, "0")

_FAR_EAST_OPTIONS: tuple[tuple[str, str], ...] = (
    (procedure.FarEast.NO_WAR.value, "Japan is at war with neither Britain nor the U.S."),
    (procedure.FarEast.WAR_WITH_BOTH.value, "Japan is at war with Britain and the U.S."),
    (procedure.FarEast.JAPAN_ADHERES.value, "Japan, at war with Britain only, makes peace too"),
    (procedure.FarEast.JAPAN_FIGHTS_ON.value, "Japan, at war with Britain only, fights on"),
)


def _turn_json(value: Any) -> Turn | None:
    if not isinstance(value, Mapping):
        return None
    return Turn(int(value["year"]), value["season"])


def _choice(choices: Mapping[str, str], question: Question) -> str:
    answer = choices.get(question.id, question.default)
    if answer not in {key for key, _ in question.options}:
        raise RulesInputError(f"{question.id}: {answer!r} is not one of "
                              f"{', '.join(key for key, _ in question.options)}")
    return answer


def record_declined_offer(carry: dict[str, Any], turn: Turn) -> Consequence:
    """Write a declined offer into Britain's carried values: it lapses (59.32)."""
    carry["declined_offers"] = [*list(carry.get("declined_offers") or []), turn.to_json()]
    return Consequence("59.32", f"Germany declines the British offer of {turn.title}; it lapses.")


def record_accepted_surrender(carry: dict[str, Any], turn: Turn, level: int, us_at_war: bool,
                              conciliation: procedure.Conciliation, far_east: str | None,
                              returned: tuple[str, ...] = (), taken: tuple[str, ...] = ()) -> None:
    """Write an accepted surrender into Britain's carried values (59.41, 59.75, 59.87, 59.73C), with the
    Concession Table territories Germany took (``ceded``, 59.6) and gave back.

    The one place that does it: the end-of-turn check and the surrender wizard both call it."""
    carry["surrenders"] = [*list(carry.get("surrenders") or []), level]
    carry["returned_territories"] = [*list(carry.get("returned_territories") or []), *returned]
    ceded = [key for key in carry.get("ceded") or () if key not in returned]
    carry["ceded"] = [*ceded, *(key for key in taken if key in procedure.TERRITORY_KEYS and key not in ceded)]
    carry.update({
        "surrendered": True,
        "surrender_level": level,
        "surrender_turn": turn.to_json(),
        "conciliation_points": conciliation.points,
        "usat_reduction": conciliation.usat_reduction,
        "far_east_choice": far_east,
        "at_peace": not us_at_war,
    })


def _check_accepted_outcome(outcome: procedure.SurrenderOutcome, us_at_war: bool, carry: Mapping[str, Any]) -> None:
    """An accepted surrender outcome must fit the Britain tab and the rules before it is recorded."""
    if not outcome.surrendered:
        raise RulesInputError("the outcome is not an accepted surrender (59.41)")
    if outcome.war_continues != us_at_war:
        raise RulesInputError("the outcome and the Britain tab disagree on whether the U.S. is at war with "
                              "Germany (59.61)")
    if not outcome.ok:
        raise RulesInputError("the surrender terms break the rules: " + "; ".join(
            outcome.concessions.problems + outcome.returns.problems + (outcome.reductions_check or ())))
    again = sorted(set(outcome.returned) & set(carry.get("returned_territories") or ()))
    if again:
        raise RulesInputError(f"returned: {', '.join(again)} already returned once this game (59.73C)")


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    """``_end_of_turn``, with the entries a surrender this turn asks to change said once more (59.871)."""
    return units_removed.at_the_end_of_turn(_end_of_turn(inputs, game, result, choices), _carry(game), inputs)


def _end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                 choices: Mapping[str, str]) -> TurnOutcome:
    """Record the turn: an accepted or declined offer, a surrender's carried values, and the end of a
    peace (59.86).  Germany's acceptance, Japan's Far East position and the conciliation points are
    questions; a wizard may instead pass a whole ``SurrenderOutcome`` as JSON under
    ``britain_surrender_outcome``."""
    carry = _carry(game)
    carry["surrenders"] = list(carry.get("surrenders") or [])
    carry["returned_territories"] = list(carry.get("returned_territories") or [])
    carry["declined_offers"] = list(carry.get("declined_offers") or [])
    events: list[Consequence] = []
    questions: list[Question] = []
    figures = result.figures
    if carry.get("surrendered") and carry.get("at_peace"):
        since = _turn_json(carry.get("surrender_turn"))
        if since is not None and game.turn.turns_since(since) >= 2:
            # Asked before the offer: an offer made while the peace holds, or after Germany declared the
            # war (59.86B), is void (59.87).  The U.S. ticked at war on the Britain tab makes the U.S.
            # declaration the default.
            question = Question(RESUMPTION_QUESTION, "59.86", "Has Britain's war with Germany resumed this turn, "
                                "ending the peace of its surrender?",
                                (("no", "No, Britain's peace with Germany holds"),
                                 ("germany", "Germany declared war on the U.S. and Britain (59.86B)"),
                                 ("united_states", "The U.S. declared war on Germany (59.86C)")),
                                "united_states" if figures.get("war_resumed") else "no")
            questions.append(question)
            answer = _choice(choices, question)
            if answer == "no":
                return TurnOutcome(carry, tuple(events), tuple(questions))
            carry["at_peace"] = False
            if answer == "germany":
                carry["no_more_surrenders"] = True
                events.append(Consequence("59.86B", "Germany declares war on the U.S. and Britain; Britain "
                                                    "will not surrender again (59.87)."))
                return TurnOutcome(carry, tuple(events), tuple(questions))
            events.append(Consequence("59.86C", "The U.S. declares war on Germany; Britain is at war again "
                                                "and may surrender again below its last level (59.87)."))
    if result.status is Status.OFFERS:
        forced = bool(figures.get("forced_acceptance"))
        accept = Question(ACCEPT_QUESTION, "59.23",
                          "Britain offers to surrender. Does Germany accept?" if not forced
                          else "Britain offers to surrender at -10 or lower: Germany must accept.",
                          (("accept", "Germany accepts"),) if forced
                          else (("accept", "Germany accepts"), ("decline", "Germany declines")),
                          "accept" if forced else "decline")
        questions.append(accept)
        if _choice(choices, accept) == "decline":
            events.append(record_declined_offer(carry, game.turn))
            return TurnOutcome(carry, tuple(events), tuple(questions))
        new_level = int(figures["offer_surrender_level"])
        counted = int(figures["counted_levels"])
        us_at_war = bool(figures.get("us_at_war_with_germany"))
        outcome_json = choices.get(OUTCOME_CHOICE)
        if outcome_json:
            try:
                import json  # only for a game with a recorded British outcome

                outcome = procedure.SurrenderOutcome.from_json(json.loads(outcome_json))
            except (ValueError, KeyError, TypeError) as error:
                raise RulesInputError(f"{OUTCOME_CHOICE}: not a surrender outcome ({error})") from error
            if outcome.offer.surrender_level != new_level or outcome.offer.counted_levels != counted:
                raise RulesInputError(f"{OUTCOME_CHOICE}: the outcome is for level {outcome.offer.surrender_level}, "
                                      f"the offer is at {new_level}")
            _check_accepted_outcome(outcome, us_at_war, carry)
            conciliation = outcome.conciliation
            far_east = outcome.far_east
            returned: tuple[str, ...] = outcome.returned
            taken = tuple(item.key for item in outcome.taken)
            events.extend(outcome.events)
            events.extend(summary_events(outcome))
            counts = units_removed.removed_counts(outcome.required, outcome.removed)   # said by this end of turn
            events.extend(() if counts is None else (units_removed.instruction(counts, inputs),))
        else:
            points = 0
            asked = conciliation_question(procedure.concession_points(counted), us_at_war)
            if asked is not None:
                questions.append(asked)
                points = int(_choice(choices, asked))
            conciliation = procedure.conciliation_effects(points)
            returned = taken = ()
            far_east = None
            if game.scenario is Scenario.GLOBAL_WAR:
                question = Question(FAR_EAST_QUESTION, "59.891", "Japan's position when Britain surrenders",
                                    _FAR_EAST_OPTIONS, procedure.FarEast.NO_WAR.value)
                questions.append(question)
                far_east = _choice(choices, question)
            events.append(Consequence("59.41", f"Britain surrenders in {game.turn.title} at level {new_level} "
                                               f"({counted} level(s) counted)."))
            required = procedure.required_reductions(counted)
            if counted:
                events.append(Consequence("59.512", f"Britain removes {required.aaf} AAF, {required.ground_nas_brps} "
                                                    f"BRPs of ground units or NAS and {required.naval_factors} "
                                                    "naval factors."))
                counts = units_removed.removed_counts(required, None)   # the end of turn says it here
                events.extend(() if counts is None else (units_removed.instruction(counts, inputs),))
            events.append(Consequence("59.61", "The war goes on beside the U.S.; no concessions.") if us_at_war
                          else Consequence("59.62", "Peace between Germany and Britain."))
            if conciliation.points:
                events.append(Consequence("59.75", f"Conciliation: future British resistance "
                                                   f"{signed(conciliation.resistance_modifier)}, USAT "
                                                   f"-{conciliation.usat_reduction}."))
        record_accepted_surrender(carry, game.turn, new_level, us_at_war, conciliation, far_east, returned, taken)
        return TurnOutcome(carry, tuple(events), tuple(questions))
    return TurnOutcome(carry, tuple(events), tuple(questions))


# ---------------------------------------------------------------------------------------------
# The surrender wizard's entry points
# ---------------------------------------------------------------------------------------------


def wizard_available(session: Session, results: Mapping[str, PowerResult]) -> tuple[bool, str]:
    """May the British surrender wizard open now?  Only while the British result offers to surrender:
    resistance 0 or less the first time (59.12), below the last surrender level afterwards (59.87)."""
    result = results.get(KEY)
    if result is None:
        return False, "Britain has not been assessed."
    if session.scenario is Scenario.PACIFIC:
        return False, "Britain never surrenders in a Pacific scenario (54.11)."
    if result.status is Status.OFFERS:
        return True, result.verdict
    return False, result.verdict


def wizard_offer(session: Session, results: Mapping[str, PowerResult]) -> procedure.Offer:
    """The offer the wizard works on: this turn's resistance against the last surrender level."""
    carry = {**initial_carry(), **session.carry.get(KEY, {})}
    previous = carry.get("surrender_level") if carry.get("surrendered") else None
    return procedure.offer(int(results[KEY].figures["resistance"]), None if previous is None else int(previous))


def record_british_surrender(session: Session, outcome: procedure.SurrenderOutcome) -> None:
    """Record a wizard's outcome: Britain's carried values exactly as the end-of-turn check writes
    them (accepted: 59.41, 59.75, 59.87; declined: lapses, 59.32), the outcome under
    ``session.outcomes["britain"]`` and a "british-surrender" line in the history."""
    results = session.assess()
    available, reason = wizard_available(session, results)
    if not available:
        raise RulesInputError(f"no British offer to record: {reason}")
    expected = wizard_offer(session, results)
    if not outcome.offer.offered or (outcome.offer.surrender_level, outcome.offer.counted_levels) != (
            expected.surrender_level, expected.counted_levels):
        raise RulesInputError(f"the outcome is for level {outcome.offer.surrender_level}, the offer is at "
                              f"{expected.surrender_level}")
    us_at_war = bool(results[KEY].figures.get("us_at_war_with_germany"))
    carry = {**initial_carry(), **session.carry.get(KEY, {})}
    if outcome.surrendered:
        _check_accepted_outcome(outcome, us_at_war, carry)
        level = outcome.offer.surrender_level
        assert level is not None
        record_accepted_surrender(carry, session.turn, level, us_at_war, outcome.conciliation, outcome.far_east,
                                  outcome.returned, tuple(item.key for item in outcome.taken))
        title = f"British surrender at level {level}"
        levels = {KEY: level}
    else:
        if not outcome.offer.may_decline:
            raise RulesInputError("at a resistance level of -10 or lower Germany must accept (59.23)")
        record_declined_offer(carry, session.turn)
        title = f"British offer at {signed(outcome.offer.resistance)} declined; it lapses"
        levels = {KEY: outcome.offer.resistance}
    previous = {KEY: dict(session.carry.get(KEY, {}))}
    removed_note = units_removed_note(outcome, session.inputs.get(KEY, {}), carry) if outcome.surrendered else ()
    session.carry[KEY] = carry
    session.outcomes[KEY] = outcome.to_json()
    # An accepted surrender in peace ends Britain's war with Germany (59.4) in the war's facts; what Germany takes
    # becomes Axis-held where the tables read it, and what it returns British again (59.6, 59.72): from the carry.
    settled = facts_settled.settle_from_carry(session.facts, session.carry, session.turn, previous)
    session.history.append(HistoryEntry(session.turn, "british-surrender", title, levels,
                                        (*outcome.events, *summary_events(outcome),
                                         *removed_note,
                                         *(Consequence("", text) for text in settled))))


def units_removed_note(outcome: procedure.SurrenderOutcome, inputs: Mapping[str, Any],
                       carry: dict[str, Any]) -> tuple[Consequence, ...]:
    """59.871: the entries to change for the units the surrender removed, kept due until the end of the turn."""
    counts = units_removed.removed_counts(outcome.required, outcome.removed)
    carry[units_removed.CARRY_KEY] = counts
    return () if counts is None else (units_removed.instruction(counts, inputs),)


def summary_events(outcome: procedure.SurrenderOutcome) -> tuple[Consequence, ...]:
    """What the wizard's summary adds to the game record: what Germany took and returned, and the indemnity."""
    if not outcome.surrendered or outcome.war_continues:
        return ()
    names = {item.key: item.name for item in procedure.CONCESSION_TABLE}
    events = [Consequence("59.65", f"Germany takes {item.name}"
                                   + (f" ({item.mode.replace('-', ' ')})" if item.mode else "")
                                   + f", {item.points} point(s).") for item in outcome.taken]
    if outcome.indemnity:
        events.append(Consequence("59.67", f"Indemnity of {outcome.indemnity} BRPs."))
    events += [Consequence("59.72", f"{names.get(key, key)} returned to Britain.") for key in outcome.returned]
    return tuple(events)
