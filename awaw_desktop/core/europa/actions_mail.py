"""The changes of an envelope drawn between two computers (56.E.1, play by e-mail), each refused unless this
computer's keys are those the game records for the side whose step it is (``core/record/keys``).

Every change is logged like the one-table steps, so the window's holder (or ``game_record.recorded``) makes it an
entry of the game record, signed by this computer's side, with the facts ``mail_record`` checks: each commitment,
the consent, the opening, and the secrets revealed at the showing."""

from __future__ import annotations

import hmac
from collections.abc import Sequence

from ..frozen import replace
from ..lines import RulesInputError
from ..record.keys import PlayerKeys, side_of
from . import envelope as envelopes
from . import envelope_mail as mail
from .actions import check_can_draw, file_new, show_card, void_agreed
from .actions_base import log_event, require_active, update_nation
from .draw import ALLIED, AXIS, SIDE_TITLES, SIDES
from .envelope import Envelope
from .envelope_mail import ADDED, CONSENTED, VOID_PROPOSED, VOID_REASON
from .mail_draw import MAIL_DRAW
from .state import EuropaGame


def mail_side(game: EuropaGame, keys: PlayerKeys | None) -> str:
    """The side these keys play in this game by e-mail ("" when the game does not record both sides' keys, or
    records other keys than these)."""
    if keys is None or set(game.record.player_keys()) != set(SIDES):
        return ""
    return side_of(keys, game.record) or ""


def _require(game: EuropaGame, keys: PlayerKeys, side: str, what: str) -> None:
    mine = mail_side(game, keys)
    if not mine:
        raise RulesInputError("play by e-mail needs both sides' keys recorded in the game, and these keys as one of "
                              "them")
    if mine != side:
        raise RulesInputError(f"to {what} is the {SIDE_TITLES[side]} player's step, on his computer with his keys: "
                              f"this computer plays the {SIDE_TITLES[mine]} side")


def _mail_envelope(game: EuropaGame, name: str) -> Envelope:
    envelope = game.nation(name).envelope
    if envelope is None or envelope.mode != MAIL_DRAW:
        raise RulesInputError(f"{game.nation(name).name} has no envelope drawn by e-mail")
    if not envelope.bound(game.record.game_id, game.nation(name).name):
        raise RulesInputError(f"the envelope of {game.nation(name).name} holds a draw made for another game, nation "
                              "or envelope (a copied draw)")
    return envelope


def draw_by_mail(game: EuropaGame, name: str, keys: PlayerKeys, secret: bytes | None = None) -> EuropaGame:
    """On the Axis computer: a new card is drawn for ``name``; the Axis secret is committed and sealed to the Axis
    key.  The Allied side adds its own on its computer."""
    _require(game, keys, AXIS, "draw a card")
    check_can_draw(game, name)
    nation = game.nation(name)
    number = len(nation.past_envelopes) + (1 if nation.envelope is not None else 0)
    envelope = mail.draw_by_mail(game.turn, keys, (game.record.game_id, nation.name, number), secret)
    return file_new(game, name, envelope, "a card was drawn and sealed by e-mail: the Axis side committed its secret "
                                          f"(draw {envelope.draw_id[:12]}, commitment "
                                          f"{envelope.contributions[0].commitment[:12]}); the Allied side adds its own")


def add_secret_by_mail(game: EuropaGame, name: str, keys: PlayerKeys, secret: bytes | None = None) -> EuropaGame:
    """On the Allied computer: the Allied secret is committed and sealed to the Allied key."""
    _require(game, keys, ALLIED, "add the Allied secret")
    require_active(game.nation(name), "no more secrets are added to its envelope")
    added = mail.add_allied_secret(_mail_envelope(game, name), keys, secret)
    game = update_nation(game, name, lambda n: replace(n, envelope=added))
    return log_event(game, envelopes.RULE, game.nation(name).name,
                     f"{ADDED} (draw {added.draw_id[:12]}, commitment {added.contributions[1].commitment[:12]})")


#: Between a consent line's draw and the Allied commitment it was given for (``consent_words``).
_FOR = ", Allied commitment "


def consent_words(envelope: Envelope) -> tuple[str, str]:
    """How a consent's line begins: it names the draw, then the whole Allied commitment it was given for (64 hex
    digits), so this computer's memory of the record knows both (``give_consent``)."""
    return (f"{CONSENTED} (draw {envelope.draw_id[:12]}", f"{_FOR}{envelope.contributions[1].commitment})")


def consented_before(seen: Sequence[str], nation: str, envelope: Envelope) -> bool:
    """Whether ``seen`` (the words of entries this computer has shown) holds a consent this computer gave for this
    draw of ``nation`` for another Allied commitment than the envelope's.  The whole commitment is compared (a
    constant-time comparison of all 64 hex digits): a prefix could be matched by an Allied secret tried against it,
    2^48 hashes for 12 digits.  A consent line that names no whole commitment (written by an earlier version, which
    kept 12 digits) cannot tell, and counts as another."""
    draw, _same = consent_words(envelope)
    draw = f"{nation}: {draw}"
    commitment = envelope.contributions[1].commitment.encode("ascii")
    for words in seen:
        if not words.startswith(draw):
            continue
        rest = words[len(draw):]
        named = rest[len(_FOR):].partition(")")[0] if rest.startswith(_FOR) else ""
        if not hmac.compare_digest(named.encode("utf-8", "replace"), commitment):
            return True
    return False


def give_consent(game: EuropaGame, name: str, keys: PlayerKeys, seen: Sequence[str] = ()) -> EuropaGame:
    """On the Axis computer: the Axis secret sealed to the Allied key, so the Allied player may open alone.

    ``seen``: the words of every entry this computer has shown of the game (``SeenStore.entries_seen``).  A consent
    this computer gave for the same draw in a copy that is not this one is refused: the Allied player holds the Axis
    secret since, so an Allied secret added again in an older copy could have been chosen to draw the card he
    wants.  Such a draw is voided by both players' agreement and a new card drawn.  (A consent given again for the
    same Allied secret, the whole commitment the same, after an undo, gives nothing new.)"""
    _require(game, keys, AXIS, "give the consent to open")
    require_active(game.nation(name), "its envelope is not opened any more")
    envelope = _mail_envelope(game, name)
    if len(envelope.contributions) == 2 and envelope.consent is None and consented_before(
            seen, game.nation(name).name, envelope):
        raise RulesInputError(f"this computer already gave the consent to open this draw of {game.nation(name).name} "
                              "in another copy of the game: the Allied player knows the Axis secret, so he could "
                              "have chosen the Allied secret of this copy. Consent is not given twice for one draw: "
                              "void this envelope by agreement and draw a new card")
    allied = game.record.player_keys()[ALLIED]
    given = mail.give_consent(envelope, keys, allied)
    game = update_nation(game, name, lambda n: replace(n, envelope=given))
    return log_event(game, envelopes.RULE, game.nation(name).name,
                     "".join(consent_words(given)) + ": its secret, sealed to the Allied player's key "
                     f"{allied.fingerprint} (the Allied player may open it alone, when he chooses)")


def open_by_mail(game: EuropaGame, name: str, keys: PlayerKeys) -> tuple[EuropaGame, str]:
    """On the Allied computer: the envelope opened now, and its card for the opener's eyes only."""
    _require(game, keys, ALLIED, "open the envelope")
    require_active(game.nation(name), "its envelope is not opened any more")
    opened, card = mail.open_by_mail(_mail_envelope(game, name), game.turn, keys)
    game = update_nation(game, name, lambda n: replace(n, envelope=opened))
    text = (f"the {SIDE_TITLES[ALLIED]} side opened the envelope on its own computer, with the consent the Axis side "
            f"gave; in effect from {opened.effective}, shown to both sides on {opened.show_due}, discarded on "
            f"{opened.discarded}")
    return log_event(game, envelopes.RULE, game.nation(name).name, text), card


def look_by_mail(game: EuropaGame, name: str, keys: PlayerKeys) -> str:
    """The opener's private look again (nothing changes)."""
    _require(game, keys, ALLIED, "look at the card")
    return mail.look_by_mail(_mail_envelope(game, name), keys)


def show_by_mail(game: EuropaGame, name: str, keys: PlayerKeys) -> EuropaGame:
    """On the Allied computer, when the date comes: both secrets revealed, the card worked out again from them."""
    _require(game, keys, ALLIED, "show the card")
    _mail_envelope(game, name)
    return show_card(game, name, opener_keys=keys)


def propose_void(game: EuropaGame, name: str, reason: str, keys: PlayerKeys) -> EuropaGame:
    """On either computer: this side proposes to void the envelope (a key or its passphrase lost, 56.E.1 has no way
    on).  Nothing changes until the other side agrees on its own computer (``agree_to_void``): after the consent or
    the opening, one side alone cannot void a card and have a new one drawn."""
    side = mail_side(game, keys)
    if not side:
        raise RulesInputError("play by e-mail needs both sides' keys recorded in the game, and these keys as one of "
                              "them")
    require_active(game.nation(name), "its envelope is not voided any more")
    envelope = _mail_envelope(game, name)
    envelopes.void(envelope, game.turn, reason)   # refused as a void would be (already voided, shown, no reason)
    other = ALLIED if side == AXIS else AXIS
    return log_event(game, envelopes.RULE, game.nation(name).name,
                     f"the {SIDE_TITLES[side]} player {VOID_PROPOSED} {envelope.drawn}"
                     f"{VOID_REASON.replace('the other player', f'the {SIDE_TITLES[other]} player', 1)}"
                     f"{' '.join(reason.split())[:400]}")


def void_proposal(game: EuropaGame, name: str) -> tuple[str, str]:
    """(the side that proposed it, its reason) of the void proposed for ``name``'s envelope drawn by e-mail, as the
    record holds it signed (("", "") when none is standing)."""
    envelope = game.nation(name).envelope
    if envelope is None or envelope.mode != MAIL_DRAW:
        return "", ""
    for entry in reversed(game.record.entries):
        if entry.data.get("draw") != envelope.draw_id or "step" not in entry.data:
            continue
        if entry.data["step"] != "void-proposal" or entry.author not in SIDES:
            return "", ""
        marker = VOID_REASON.replace("the other player", f"the {SIDE_TITLES[ALLIED if entry.author == AXIS else AXIS]}"
                                     " player", 1)
        return entry.author, entry.summary.partition(marker)[2]
    return "", ""


def agree_to_void(game: EuropaGame, name: str, keys: PlayerKeys) -> EuropaGame:
    """On the other computer: this side agrees to the void the other side proposed; the envelope is voided and a
    new card may be drawn."""
    side = mail_side(game, keys)
    if not side:
        raise RulesInputError("play by e-mail needs both sides' keys recorded in the game, and these keys as one of "
                              "them")
    proposed_by, reason = void_proposal(game, name)
    if not proposed_by:
        raise RulesInputError(f"no void of the envelope of {game.nation(name).name} is proposed: one side proposes "
                              "it, the other agrees")
    if proposed_by == side:
        raise RulesInputError(f"the {SIDE_TITLES[side]} player proposed this void: the other player agrees to it, "
                              "on his own computer")
    return void_agreed(game, name, reason or "agreed by both players")


def next_step(game: EuropaGame, name: str) -> tuple[str, str, str]:
    """(step, its side, words) of the draw by e-mail that comes next for ``name`` (("", "", "") when none)."""
    nation = game.nation(name)
    if not nation.active:
        return "", "", ""
    step = mail.next_step(nation.envelope, game.turn)
    return (step, mail.STEP_SIDES[step], mail.STEP_WORDS[step]) if step else ("", "", "")


def next_step_side(step: str) -> str:
    """The side whose step ``step`` is."""
    return mail.STEP_SIDES[step]
