"""Every change to a Europa game, as a pure function: it takes a game and returns a new one (and,
where the players need it, what to show).  Each change that matters at the table is logged with
its rule number, so the record and the report can list it."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..frozen import Frozen, replace
from ..lines import RulesInputError
from . import defection as defection_rules
from . import envelope as envelopes
from . import political, surrender
from .calendar import EuropaTurn
from .cards import card_name
from .dice import ROLLED, TYPED, roll_die
from .draw import ALLIED, AXIS, SIDE_TITLES, SIDES
from .envelope import Envelope, Stage
from .recount import RECount, count_res
from .roster import Losses, RosterEntry
from .sealing import DEFAULT_COST_LOG2
from .state import MAX_NATIONS, EuropaGame, LogEntry, NationState, check_nation_name


def new_game(start: EuropaTurn, title: str = "", axis_player: str = "", allied_player: str = "",
             cost_log2: int = DEFAULT_COST_LOG2) -> EuropaGame:
    return EuropaGame(start, start, title.strip(), ((AXIS, axis_player.strip()), (ALLIED, allied_player.strip())),
                      cost_log2)


def _log(game: EuropaGame, rule: str, nation: str, text: str) -> EuropaGame:
    return replace(game, log=(*game.log, LogEntry(game.turn, rule, nation, text)))


def _update(game: EuropaGame, name: str, change: Callable[[NationState], NationState]) -> EuropaGame:
    target = game.nation(name)
    return replace(game, nations=tuple(change(n) if n is target else n for n in game.nations))


def add_nation(game: EuropaGame, name: str) -> EuropaGame:
    name = check_nation_name(name)
    if any(n.name.casefold() == name.casefold() for n in game.nations):
        raise RulesInputError(f"{name} is already in the game")
    if len(game.nations) >= MAX_NATIONS:
        raise RulesInputError(f"a game holds at most {MAX_NATIONS} nations")
    return _log(replace(game, nations=(*game.nations, NationState(name))), "56", name, "added to the game")


def remove_nation(game: EuropaGame, name: str) -> EuropaGame:
    target = game.nation(name)
    return _log(replace(game, nations=tuple(n for n in game.nations if n is not target)), "56", target.name,
                "removed from the game")


# -- envelopes (56.E.1) ----------------------------------------------------------------------

def _current(game: EuropaGame, name: str) -> Envelope:
    envelope = game.nation(name).envelope
    if envelope is None:
        raise RulesInputError(f"{game.nation(name).name} has no envelope: draw a card first")
    return envelope


def _check_can_draw(game: EuropaGame, name: str) -> None:
    nation = game.nation(name)
    if not nation.active:
        raise RulesInputError(f"{nation.name} is no longer an Axis-Allied nation: no more envelopes")
    if nation.envelope is not None and nation.envelope.stage(game.turn) is not Stage.DISCARDED:
        raise RulesInputError(f"{nation.name} already has an envelope; a new card is drawn after it is discarded")


def _file_new(game: EuropaGame, name: str, envelope: Envelope, how: str) -> EuropaGame:
    def change(n: NationState) -> NationState:
        past = (*n.past_envelopes, n.envelope) if n.envelope is not None else n.past_envelopes
        return replace(n, envelope=envelope, past_envelopes=past)

    return _log(_update(game, name, change), envelopes.RULE, game.nation(name).name, how)


def draw_envelope(game: EuropaGame, name: str, axis_passphrase: str, allied_passphrase: str,
                  secrets: tuple[bytes, bytes] | None = None) -> EuropaGame:
    """A sealed draw: each side's secret is kept under its own passphrase; nobody learns the card."""
    _check_can_draw(game, name)
    envelope = envelopes.draw_sealed(game.turn, axis_passphrase, allied_passphrase, game.cost_log2, secrets)
    return _file_new(game, name, envelope, "a card was drawn and sealed (both sides contributed a secret)")


def draw_paper_envelope(game: EuropaGame, name: str) -> EuropaGame:
    _check_can_draw(game, name)
    return _file_new(game, name, envelopes.draw_real_deck(game.turn), "a real card was drawn into an envelope")


def open_envelope(game: EuropaGame, name: str, owner_passphrase: str = "",
                  opener_passphrase: str = "") -> tuple[EuropaGame, str]:
    """The Allied side opens the envelope now (the Axis passphrase is the owner's consent).

    Returns the card for the opener's eyes only ("" for a paper envelope)."""
    opened, card = envelopes.open_envelope(_current(game, name), game.turn, owner_passphrase, opener_passphrase,
                                           game.cost_log2)
    game = _update(game, name, lambda n: replace(n, envelope=opened))
    consent = " with the Axis player's consent" if opened.mode == envelopes.SEALED_DRAW else ""
    text = (f"the {SIDE_TITLES[ALLIED]} side opened the envelope{consent}; in effect from {opened.effective}, "
            f"shown to both sides on {opened.show_due}, discarded on {opened.discarded}")
    return _log(game, envelopes.RULE, game.nation(name).name, text), card


def check_passphrase(game: EuropaGame, name: str, side: str, passphrase: str) -> None:
    """Raise unless ``passphrase`` is ``side``'s own for the nation's sealed envelope (nothing changes)."""
    envelopes.check_side_passphrase(_current(game, name), side, passphrase)


def peek_card(game: EuropaGame, name: str, opener_passphrase: str) -> str:
    """The opener's private look at the card (nothing changes)."""
    return envelopes.peek(_current(game, name), opener_passphrase)


def show_card(game: EuropaGame, name: str, opener_passphrase: str = "", typed_card: str = "") -> EuropaGame:
    """The date has come (T + 3 months): the card is shown to both sides."""
    shown = envelopes.show(_current(game, name), game.turn, envelopes.SHOWN_BY_DATE, opener_passphrase, typed_card)
    game = _update(game, name, lambda n: replace(n, envelope=shown))
    return _log(game, envelopes.RULE, game.nation(name).name,
                f"the card is shown to both sides: {card_name(shown.card)}")


def _seen_facts(game: EuropaGame) -> set[tuple[str, str, str, str]]:
    """Every (nation, envelope drawn, draw id, "opened" or "shown") that some player has seen."""
    facts: set[tuple[str, str, str, str]] = set()
    for nation in game.nations:
        for envelope in (*nation.past_envelopes, *((nation.envelope,) if nation.envelope else ())):
            drawn = envelope.drawn.title
            if envelope.opened is not None:
                facts.add((nation.name, drawn, envelope.draw_id, "opened"))
            if envelope.card:
                facts.add((nation.name, drawn, envelope.draw_id, "shown"))
    return facts


def cards_seen(before: EuropaGame, after: EuropaGame) -> tuple[str, ...]:
    """The nations whose card a player saw in the change from ``before`` to ``after`` (opened by the enemy
    side, or shown to both): such a change cannot be taken back, since nobody can unsee a card, and
    undoing it would let the envelope be opened again on a later date (56.E.1)."""
    new = _seen_facts(after) - _seen_facts(before)
    return tuple(dict.fromkeys(name for name, *_rest in sorted(new)))


def card_in_effect(game: EuropaGame, name: str) -> str:
    """The card whose effects apply now ("" if none or not public yet)."""
    envelope = game.nation(name).envelope
    return envelope.card if envelope is not None and envelope.in_effect(game.turn) else ""


# -- RE counts (56.E.2) ------------------------------------------------------------------------

def set_roster(game: EuropaGame, name: str, roster: Sequence[RosterEntry]) -> EuropaGame:
    return _update(game, name, lambda n: replace(n, roster=tuple(roster)))


def set_losses(game: EuropaGame, name: str, losses: Losses) -> EuropaGame:
    return _update(game, name, lambda n: replace(n, losses=losses))


def count_needs_card(game: EuropaGame, name: str, by_side: str) -> bool:
    """Whether a count by ``by_side`` now shows the card to both sides (the opener's passphrase, or the
    paper card, is then needed): an enemy request always does; the owner's only while the card is in
    effect but not yet public."""
    nation = game.nation(name)
    envelope = nation.envelope
    if envelope is None or envelope.card or envelope.stage(game.turn) in (Stage.SEALED, Stage.DISCARDED):
        return False
    return by_side != nation.owner or envelope.in_effect(game.turn)


def request_re_count(game: EuropaGame, name: str, by_side: str, opener_passphrase: str = "",
                     typed_card: str = "") -> tuple[EuropaGame, RECount]:
    """An RE count done or requested by a side; its result is known to both sides (56.E.2).

    The enemy (Allied) side may request one only with the nation's envelope opened by him, and
    the request shows his card to both sides.  A count by the owner while the card is in effect
    but seen only by the opener needs the card shown too (the breakdown would reveal it)."""
    if by_side not in SIDES:
        raise RulesInputError(f"a count is requested by the axis or the allied side, not {by_side!r}")
    nation = game.nation(name)
    envelope = nation.envelope
    live = envelope is not None and envelope.stage(game.turn) is not Stage.DISCARDED
    if by_side != nation.owner and not (live and envelope is not None and envelope.opened_by == by_side):
        raise RulesInputError(f"the {SIDE_TITLES[by_side]} side may request an RE count in {nation.name} only after "
                              "opening the card drawn for it, and the request shows that card (56.E.2)")
    if count_needs_card(game, name, by_side) and envelope is not None:
        if not opener_passphrase and not typed_card:
            what = "passphrase" if envelope.mode == envelopes.SEALED_DRAW else "card from the paper envelope"
            raise RulesInputError(f"this count shows the card drawn for {nation.name} to both sides (56.E.2): the "
                                  f"{SIDE_TITLES[envelope.opened_by]} player must type his {what}")
        shown = envelopes.show(envelope, game.turn, envelopes.SHOWN_BY_COUNT, opener_passphrase, typed_card)
        game = _update(game, name, lambda n: replace(n, envelope=shown))
        game = _log(game, "56.E.2", nation.name,
                    f"an RE count shows the card to both sides: {card_name(shown.card)}")
    result = count_res(game.nation(name).roster, game.nation(name).losses, card_in_effect(game, name))
    figures = ", ".join(f"{label} {value}" for label, value in result.summary())
    who = SIDE_TITLES[by_side]
    return _log(game, "56.E.2", nation.name, f"RE count requested by the {who} side: {figures}"), result


# -- surrender (56.A, 56.E.3) ----------------------------------------------------------------

def _surrender(game: EuropaGame, name: str, record: surrender.SurrenderRecord) -> EuropaGame:
    return _update(game, name, lambda n: replace(n, surrender=record))


def set_surrender_condition(game: EuropaGame, name: str, condition: str) -> EuropaGame:
    if len(condition) > 1000:
        raise RulesInputError("a surrender condition is at most 1000 characters")
    return _surrender(game, name, replace(game.nation(name).surrender, condition=condition.strip()))


def set_condition_met(game: EuropaGame, name: str, met: bool) -> EuropaGame:
    return _surrender(game, name, replace(game.nation(name).surrender, condition_met=bool(met)))


def set_special_rate(game: EuropaGame, name: str, rate: int) -> EuropaGame:
    return _surrender(game, name, surrender.set_special_rate(game.nation(name).surrender, rate))


def surrender_checks_due(game: EuropaGame) -> tuple[str, ...]:
    """Nations whose surrender condition the players ticked as met: each rolls at the start of the turn."""
    return tuple(n.name for n in game.nations if n.active and n.surrender.condition_met)


def record_surrender_roll(game: EuropaGame, name: str, die: int | None = None, outcome: str = "") -> EuropaGame:
    """A surrender roll: ``die`` typed from a real die, or None to let the app roll."""
    value, source = (roll_die(), ROLLED) if die is None else (die, TYPED)
    record = surrender.record_roll(game.nation(name).surrender, game.turn, value, source, outcome)
    game = _surrender(game, name, record)
    text = (f"surrender roll {value} ({source}){': ' + outcome.strip() if outcome.strip() else ''}; special "
            f"replacement rate now {record.rate()}%")
    for government in record.governments:
        text += f"; {government.name} {record.government_rate(government.name)}%"
    return _log(game, surrender.ROLL_RULE, game.nation(name).name, text)


def form_government(game: EuropaGame, name: str, government: str, rate: int) -> EuropaGame:
    record = surrender.form_government(game.nation(name).surrender, government, rate, game.turn)
    return _log(_surrender(game, name, record), surrender.ROLL_RULE, game.nation(name).name,
                f"new government {government.strip()} formed at a special replacement rate of {rate}%")


def surrender_nation(game: EuropaGame, name: str) -> EuropaGame:
    game = _surrender(game, name, surrender.surrender(game.nation(name).surrender, game.turn))
    for rule, text in surrender.CONSEQUENCES:
        game = _log(game, rule, game.nation(name).name, text)
    return game


# -- defection (56.B) -----------------------------------------------------------------------------

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
                                                 roll_die() if u.die is None else u.die,
                                                 ROLLED if u.die is None else TYPED) for u in units)
    record = defection_rules.defect(nation.defection, game.turn, rolled)
    game = _update(game, name, lambda n: replace(n, defection=record))
    game = _log(game, defection_rules.RULE, nation.name, f"defects to the Soviets; no RPs for the next "
                f"{defection_rules.NO_RP_TURNS} game turns")
    for unit in rolled:
        bonus = f" +{defection_rules.CM_BONUS} c/m or cavalry" if unit.cm_or_cavalry else ""
        game = _log(game, "56.B.1", nation.name, f"{unit.label}: rolled {unit.die} ({unit.source}){bonus} = "
                    f"{unit.modified}, {unit.fate}")
    return game


def tick_defection_step(game: EuropaGame, name: str, key: str, done: bool = True) -> EuropaGame:
    return _update(game, name, lambda n: replace(n, defection=defection_rules.tick_step(n.defection, key, done)))


def restrictions_for(game: EuropaGame, name: str) -> tuple[political.Restriction, ...]:
    """Operational-area and rivalry limits on this nation now (56, 56.C)."""
    nation = game.nation(name)
    if not nation.active:
        return ()
    return political.restrictions(nation.name, [n.name for n in game.nations if n.active])


# -- German aid (56.D) -----------------------------------------------------------------------------

def ship_german_aid(game: EuropaGame, name: str, rps: int, route: str = political.RAIL_AUTOMATIC) -> EuropaGame:
    nation = game.nation(name)
    shipment = political.ship_aid(nation.name, game.turn, rps, route)
    game = _update(game, name, lambda n: replace(n, aid=(*n.aid, shipment)))
    return _log(game, political.AID_RULE, nation.name, f"{rps} German armour RPs shipped: "
                f"{political.ROUTES[route]}")


def aid_arrived(game: EuropaGame, name: str, index: int) -> EuropaGame:
    nation = game.nation(name)
    if not 0 <= index < len(nation.aid) or nation.aid[index].arrived:
        raise RulesInputError("no such shipment on its way")
    aid = tuple(replace(s, arrived=True) if i == index else s for i, s in enumerate(nation.aid))
    return _log(_update(game, name, lambda n: replace(n, aid=aid)), political.AID_RULE, nation.name,
                f"{nation.aid[index].rps} German armour RPs arrived in Helsinki")


# -- the turn track -----------------------------------------------------------------------------

def end_turn(game: EuropaGame) -> tuple[EuropaGame, tuple[LogEntry, ...]]:
    """Move to the next game turn and log what it brings: envelope dates, RPs resuming, rolls due."""
    before = len(game.log)
    game = replace(game, turn=game.turn.next())
    game = _log(game, "56", "", f"game turn {game.turn} begins")
    for nation in game.nations:
        envelope = nation.envelope
        if envelope is not None and envelope.opened is not None:
            for label, date in (("the card comes into effect", envelope.effective),
                                ("the card is due to be shown to both sides", envelope.show_due),
                                ("the card is discarded; a new card may be drawn", envelope.discarded)):
                if date == game.turn:
                    game = _log(game, envelopes.RULE, nation.name, label)
        record = nation.defection
        if record.defected is not None and record.rp_pause_left(game.turn.plus_turns(-1)) > 0 and \
                record.receives_rps(game.turn):
            game = _log(game, "56.B.2", nation.name, "replacement points resume at the usual rate")
        elif record.defected is not None and not record.receives_rps(game.turn):
            game = _log(game, "56.B.2", nation.name, f"no RPs this turn ({record.rp_pause_left(game.turn)} "
                        "game turns without RPs left, this one included)")
    for name in surrender_checks_due(game):
        game = _log(game, surrender.RULE, name, "the surrender condition is met: make a surrender roll")
    return game, game.log[before:]
