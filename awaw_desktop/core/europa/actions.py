"""Every change to a Europa game, as a pure function: it takes a game and returns a new one (and,
where the players need it, what to show).  Each change that matters at the table is logged with
its rule number, so the record and the report can list it."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ..frozen import replace
from ..lines import RulesInputError
from ..record.pbem import PAPER_ENVELOPES, TABLE_DRAWS, require_agreed
from . import envelope as envelopes
from . import political
from .actions_aid import aid_arrived, ship_german_aid
from .actions_base import log_event as _log
from .actions_base import require_active
from .actions_base import update_nation as _update
from .actions_surrender import (
    UnitToRoll,
    defect,
    form_government,
    record_surrender_roll,
    set_condition_met,
    set_special_rate,
    set_surrender_condition,
    surrender_nation,
    tick_defection_step,
)
from .calendar import EuropaTurn
from .cards import card_name
from .count_record import WITHHELD_LINE, CountRecord
from .draw import ALLIED, AXIS, SIDE_TITLES, SIDES
from .envelope import Envelope, Stage
from .envelope_mail import VOID_AGREED
from .game_record import begin_record
from .mail_draw import MAIL_DRAW
from .passphrases import check_new_passphrase
from .recount import CountLine, RECount, count_res
from .roster import Losses, RosterEntry
from .state import MAX_NATIONS, EuropaGame, LogEntry, NationState, check_nation_name
from .turn_start import checks_due
from .unit_count import NOTE
from .words import counted

if TYPE_CHECKING:
    from ..record.keys import PlayerKeys

#: Changes kept in sibling modules, named here as before (``actions.defect`` ...).
__all__ = ["UnitToRoll", "aid_arrived", "defect", "form_government", "record_surrender_roll", "set_condition_met",
           "set_special_rate", "set_surrender_condition", "ship_german_aid", "surrender_checks_due",
           "surrender_nation", "tick_defection_step"]


def new_game(start: EuropaTurn, title: str = "", axis_player: str = "", allied_player: str = "") -> EuropaGame:
    """A new game, its record begun (``game_record``)."""
    game = EuropaGame(start, start, title.strip(), ((AXIS, axis_player.strip()), (ALLIED, allied_player.strip())))
    return begin_record(game)


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


def check_can_draw(game: EuropaGame, name: str) -> None:
    nation = game.nation(name)
    if not nation.active:
        raise RulesInputError(f"{nation.name} is no longer an Axis-Allied nation: no more envelopes")
    if nation.envelope is not None and nation.envelope.stage(game.turn) not in (Stage.DISCARDED, Stage.VOIDED):
        raise RulesInputError(f"{nation.name} already has an envelope; a new card is drawn after it is discarded")


#: What both players must agree to, by e-mail, before an envelope of each one-table kind is drawn, opened or shown
#: (``core.record.pbem``: each side keeps its part of every secret by e-mail, issue 35 part 4).
_TABLE_PLAY = {envelopes.REAL_DECK: PAPER_ENVELOPES, envelopes.SEALED_DRAW: TABLE_DRAWS}


def check_table_play(game: EuropaGame, name: str, mode: str, doing: str) -> None:
    """Refuse ``doing`` with an envelope of ``mode`` in a game played by e-mail (its record holds players' keys)
    unless both players agreed to play such envelopes, each in an entry signed with his keys; and an envelope drawn
    by e-mail is opened and shown only by its steps (``actions_mail``), with the Allied player's keys."""
    nation = game.nation(name).name
    if mode == MAIL_DRAW:
        raise RulesInputError(f"{nation}: {doing} is refused: this envelope was drawn by e-mail, so it is opened and "
                              "shown on the Allied player's computer, with his keys (Open, Show the card by e-mail)")
    if mode in _TABLE_PLAY:
        require_agreed(game.record, _TABLE_PLAY[mode], f"{nation}: {doing}")


def file_new(game: EuropaGame, name: str, envelope: Envelope, how: str) -> EuropaGame:
    def change(n: NationState) -> NationState:
        past = (*n.past_envelopes, n.envelope) if n.envelope is not None else n.past_envelopes
        return replace(n, envelope=envelope, past_envelopes=past)

    return _log(_update(game, name, change), envelopes.RULE, game.nation(name).name, how)


def draw_envelope(game: EuropaGame, name: str, axis_passphrase: str, allied_passphrase: str,
                  secrets: tuple[bytes, bytes] | None = None) -> EuropaGame:
    """A sealed draw: each side's secret is kept under its own passphrase; nobody learns the card.  The draw is
    bound to this game, nation and envelope (``draw.bound_draw_id``); each passphrase must be strong enough
    (``passphrases``: one per player per game is enough), and neither is compared with the other.  In a game played
    by e-mail, only once both players agreed to draw at one table (``check_table_play``)."""
    check_can_draw(game, name)
    check_table_play(game, name, envelopes.SEALED_DRAW, "a draw at one table")
    names = passphrase_names(game)
    axis_passphrase = check_new_passphrase(axis_passphrase, "Axis", names)
    allied_passphrase = check_new_passphrase(allied_passphrase, "Allied", names)
    nation = game.nation(name)
    number = len(nation.past_envelopes) + (1 if nation.envelope is not None else 0)
    envelope = envelopes.draw_sealed(game.turn, axis_passphrase, allied_passphrase, secrets,
                                     (game.record.game_id, nation.name, number))
    commitments = " ".join(part.commitment[:12] for part in envelope.contributions)
    return file_new(game, name, envelope, "a card was drawn and sealed (both sides contributed a secret; "
                                           f"draw {envelope.draw_id[:12]}, commitments {commitments})")


def passphrase_names(game: EuropaGame) -> tuple[str, ...]:
    """The game's own names a new passphrase must not be made of: the players', the title, the nations'.  Never the
    other side's passphrase: comparing with it would tell the one typing whether he guessed it (issue 37)."""
    return (game.player(AXIS), game.player(ALLIED), game.title, *(nation.name for nation in game.nations))


def draw_paper_envelope(game: EuropaGame, name: str) -> EuropaGame:
    check_can_draw(game, name)
    check_table_play(game, name, envelopes.REAL_DECK, "a paper envelope")
    return file_new(game, name, envelopes.draw_real_deck(game.turn), "a real card was drawn into an envelope")


def open_envelope(game: EuropaGame, name: str, owner_passphrase: str = "",
                  opener_passphrase: str = "") -> tuple[EuropaGame, str]:
    """The Allied side opens the envelope now (the Axis passphrase is the owner's consent).

    Returns the card for the opener's eyes only ("" for a paper envelope).  A nation that surrendered or defected
    has no more national will: its envelope stays shut."""
    require_active(game.nation(name), "its envelope is not opened any more")
    envelope = _current(game, name)
    check_table_play(game, name, envelope.mode, "opening the envelope at one table")
    if not envelope.bound(game.record.game_id, game.nation(name).name):
        raise RulesInputError(f"the envelope of {game.nation(name).name} holds a draw made for another game, nation or "
                              "envelope: it is not opened (a copied draw)")
    opened, card = envelopes.open_envelope(envelope, game.turn, owner_passphrase, opener_passphrase)
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


def show_card(game: EuropaGame, name: str, opener_passphrase: str = "", typed_card: str = "",
              opener_keys: PlayerKeys | None = None) -> EuropaGame:
    """The date has come (T + 3 months): the card is shown to both sides (``opener_keys``: the Allied player's, for
    a draw by e-mail, which ``actions_mail.show_by_mail`` gives: an envelope drawn by e-mail is never shown without
    them, nor one drawn at one table in a game played by e-mail unless both players agreed to it)."""
    envelope = _current(game, name)
    check_can_show(game, name, envelope, opener_keys)
    shown = envelopes.show(envelope, game.turn, envelopes.SHOWN_BY_DATE, opener_passphrase, typed_card,
                           opener_keys)
    game = _update(game, name, lambda n: replace(n, envelope=shown))
    return _log(game, envelopes.RULE, game.nation(name).name,
                f"the card is shown to both sides: {card_name(shown.card)}{shown_how(shown)}")


def check_can_show(game: EuropaGame, name: str, envelope: Envelope, opener_keys: PlayerKeys | None) -> None:
    """Refuse a showing this game could not save (issue 38 part 9): an envelope drawn by e-mail is shown only on
    the Allied player's computer, with the keys the game records for him and this computer signing for him (as
    ``actions_mail.show_by_mail`` does), and only a draw made for this game and nation; one drawn at one table, in
    a game played by e-mail, only once both players agreed to it (``check_table_play``)."""
    nation = game.nation(name).name
    if envelope.mode != MAIL_DRAW:
        check_table_play(game, name, envelope.mode, "showing the card at one table")
        return
    from ..record.keys import side_of, signer_for

    signer = signer_for(game.record)
    if opener_keys is None or side_of(opener_keys, game.record) != ALLIED or signer is None \
            or signer.side != ALLIED:
        raise RulesInputError(f"{nation}: the card is not shown: this envelope was drawn by e-mail, so the Allied "
                              "player shows it on his own computer, with the keys the game records for him (Show "
                              "the card, in the envelope's e-mail steps)")
    if not envelope.bound(game.record.game_id, nation):
        raise RulesInputError(f"the envelope of {nation} holds a draw made for another game, nation or envelope (a "
                              "copied draw): it is not shown")


def shown_how(envelope: Envelope) -> str:
    """How the shown card was checked, in words for the log and the players."""
    if envelope.revealed:
        return (" (worked out again from both sides' secrets, each matching the commitment made when it was "
                "drawn: it is the card the draw gave)")
    if envelope.mode == envelopes.SEALED_DRAW:
        return " (opened by an earlier version, which kept the card itself: both players may check it)"
    return ""


def void_envelope(game: EuropaGame, name: str, reason: str) -> EuropaGame:
    """Both players agree to set a nation's envelope aside (a passphrase was lost, 56.E.1 has no way on): it has no
    effect, its card is worked out for no one, and a new card may be drawn now.  Recorded with its reason."""
    nation = game.nation(name)
    require_active(nation, "its envelope is not voided any more")
    envelope = _current(game, name)
    if envelope.mode == MAIL_DRAW and (envelope.consent is not None or envelope.opened is not None):
        raise RulesInputError("in play by e-mail, once the Axis consent is given or the envelope opened, a void needs "
                              "both players: one proposes it, the other agrees on his own computer (56.E.1)")
    return void_agreed(game, name, reason)


def void_agreed(game: EuropaGame, name: str, reason: str) -> EuropaGame:
    """The void itself, once both players agree (``void_envelope``; by e-mail ``actions_mail.agree_to_void``)."""
    nation = game.nation(name)
    voided = envelopes.void(_current(game, name), game.turn, reason)
    game = _update(game, name, lambda n: replace(n, envelope=voided))
    return _log(game, envelopes.RULE, nation.name, f"both players {VOID_AGREED} drawn on "
                                                   f"{voided.drawn}: {voided.void_reason}; its card is never worked "
                                                   "out, and a new card may be drawn")


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
    """Whether a count by ``by_side`` now shows the card to both sides (the opener's passphrase, or the paper card, is
    then needed): only a request by the enemy side does (56.E.2), while its card is not yet public.  The owner's count
    never shows it."""
    nation = game.nation(name)
    envelope = nation.envelope
    if envelope is None or envelope.card or envelope.stage(game.turn) in (Stage.SEALED, Stage.DISCARDED):
        return False
    return by_side != nation.owner


def private_card_in_effect(game: EuropaGame, name: str) -> bool:
    """A card is in effect but seen by the opener only: an owner's count leaves it out (56.E.2)."""
    envelope = game.nation(name).envelope
    return envelope is not None and not envelope.card and envelope.in_effect(game.turn)


def request_re_count(game: EuropaGame, name: str, by_side: str, opener_passphrase: str = "",
                     typed_card: str = "", opener_keys: PlayerKeys | None = None) -> tuple[EuropaGame, RECount]:
    """An RE count done or requested by a side; its result is known to both sides (56.E.2) and recorded.

    The enemy (Allied) side may request one only with the nation's envelope opened by him, and the request shows
    his card to both sides.  A count by the owner never shows the card: while it is in effect but seen by the opener
    only, the owner's count leaves it out and says so on its last line."""
    if by_side not in SIDES:
        raise RulesInputError(f"a count is requested by the axis or the allied side, not {by_side!r}")
    nation = game.nation(name)
    require_active(nation, "its RE counts are over (56.E)")
    envelope = nation.envelope
    live = envelope is not None and envelope.stage(game.turn) is not Stage.DISCARDED
    if by_side != nation.owner and not (live and envelope is not None and envelope.opened_by == by_side):
        raise RulesInputError(f"the {SIDE_TITLES[by_side]} side may request an RE count in {nation.name} only after "
                              "opening the card drawn for it, and the request shows that card (56.E.2)")
    if count_needs_card(game, name, by_side) and envelope is not None:
        if not opener_passphrase and not typed_card and opener_keys is None:
            what = {envelopes.SEALED_DRAW: "must type his passphrase", envelopes.REAL_DECK: "must type his card "
                    "from the paper envelope"}.get(envelope.mode, "requests it on his own computer, with his keys "
                                                                  "(drawn by e-mail)")
            raise RulesInputError(f"this count shows the card drawn for {nation.name} to both sides (56.E.2): the "
                                  f"{SIDE_TITLES[envelope.opened_by]} player {what}")
        check_can_show(game, name, envelope, opener_keys)
        shown = envelopes.show(envelope, game.turn, envelopes.SHOWN_BY_COUNT, opener_passphrase, typed_card,
                               opener_keys)
        game = _update(game, name, lambda n: replace(n, envelope=shown))
        game = _log(game, "56.E.2", nation.name,
                    f"an RE count shows the card to both sides: {card_name(shown.card)}{shown_how(shown)}")
    left_out = private_card_in_effect(game, name)
    result = count_res(game.nation(name).roster, game.nation(name).losses, card_in_effect(game, name))
    if left_out:
        result = replace(result, lines=(*result.lines, envelopes_note()))
    record = CountRecord.of(game.turn, by_side, result, left_out)
    game = _update(game, name, lambda n: replace(n, counts=(*n.counts, record)))
    figures = ", ".join(f"{label} {value}" for label, value in result.summary())
    who = SIDE_TITLES[by_side]
    note = "; a card seen by the Allied side only is in effect and left out" if left_out else ""
    return _log(game, "56.E.2", nation.name, f"RE count requested by the {who} side: {figures}{note}"), result


def envelopes_note() -> CountLine:
    return CountLine("56.E.2", WITHHELD_LINE, Fraction(0), NOTE)


def last_count(game: EuropaGame, name: str) -> CountRecord | None:
    counts = game.nation(name).counts
    return counts[-1] if counts else None


def surrender_checks_due(game: EuropaGame) -> tuple[str, ...]:
    """Nations whose surrender condition the players recorded as holding and that have not rolled this turn."""
    return tuple(due.nation for due in checks_due(game) if due.rule == "56.A")


def restrictions_for(game: EuropaGame, name: str) -> tuple[political.Restriction, ...]:
    """Operational-area and rivalry limits on this nation now (56, 56.C)."""
    nation = game.nation(name)
    if not nation.active:
        return ()
    return political.restrictions(nation.name, [n.name for n in game.nations if n.active])


# -- the turn track -----------------------------------------------------------------------------

def cards_to_show_before(game: EuropaGame, turn: EuropaTurn) -> tuple[str, ...]:
    """The nations whose opened card is discarded by ``turn`` without having been shown to both sides.  A nation out
    of the game (surrendered or defected, 56.A, 56.B) is not one: its card has no more effect, so needs no showing."""
    return tuple(nation.name for nation in game.nations
                 if nation.active and nation.envelope is not None and nation.envelope.opened is not None
                 and not nation.envelope.card
                 and nation.envelope.voided is None and nation.envelope.discarded is not None
                 and turn >= nation.envelope.discarded)


def cards_due(game: EuropaGame) -> tuple[str, ...]:
    """The nations whose card is due to be shown to both sides now (56.E.1)."""
    return tuple(nation.name for nation in game.nations
                 if nation.envelope is not None and nation.envelope.stage(game.turn) is Stage.TO_SHOW)


def end_turn(game: EuropaGame) -> tuple[EuropaGame, tuple[LogEntry, ...]]:
    """Move to the next game turn and log what it brings: envelope dates, RPs resuming, and every nation whose
    surrender or defection check is due (56.A, 56.B): the players make the checks; nothing is decided for them."""
    unshown = cards_to_show_before(game, game.turn.next())
    if unshown:
        raise RulesInputError(f"{', '.join(unshown)}: the card is discarded next turn and has not been shown to both "
                              "sides (56.E.1): the Allied player shows it first")
    before = len(game.log)
    game = replace(game, turn=game.turn.next())
    game = _log(game, "56", "", f"game turn {game.turn} begins")
    for nation in game.nations:
        envelope = nation.envelope
        if envelope is not None and envelope.opened is not None and nation.active:
            for label, date in (("the card comes into effect", envelope.effective),
                                ("the card is due to be shown to both sides", envelope.show_due),
                                ("the card is discarded; a new card may be drawn", envelope.discarded)):
                shown_before = envelope.shown is not None and date == envelope.show_due   # by an RE count (56.E.2)
                if date == game.turn and not shown_before:
                    game = _log(game, envelopes.RULE, nation.name, label)
        record = nation.defection
        if record.defected is not None and record.rp_pause_left(game.turn.plus_turns(-1)) > 0 and \
                record.receives_rps(game.turn):
            game = _log(game, "56.B.2", nation.name, "replacement points resume at the usual rate")
        elif record.defected is not None and not record.receives_rps(game.turn):
            game = _log(game, "56.B.2", nation.name, "no RPs this turn ("
                        f"{counted(record.rp_pause_left(game.turn), 'game turn')} without RPs left, this one included)")
    for due in checks_due(game):
        game = _log(game, due.rule, due.nation, f"{due.text} (the players make it; nothing is decided for them)")
    return game, game.log[before:]
