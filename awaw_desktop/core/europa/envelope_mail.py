"""The steps of an envelope drawn between two computers (56.E.1, play by e-mail), each made on the computer of the
side it belongs to, with that player's keys (``core/record/keys``); ``mail_draw`` keeps the secrets.

1. The Axis computer draws: its secret committed and sealed to the Axis key.
2. The Allied computer adds its secret: committed and sealed to the Allied key.
3. The Axis computer gives its consent to open: the Axis secret sealed to the Allied key (only now: the Allied
   secret is committed, so knowing the Axis one cannot help the Allied player choose the card).
4. The Allied computer opens, alone: the card is worked out from both secrets, each checked against its commitment.
5. The Allied computer shows the card (``envelope.show`` with his keys): both secrets are revealed and every computer
   works the card out again from them.

Each step is an entry of the game record, signed by the side that made it (``game_record``, ``mail_record``)."""

from __future__ import annotations

from ..frozen import replace
from ..lines import RulesInputError
from ..record.keys import PlayerKeys, PublicKeys
from .calendar import EuropaTurn
from .draw import ALLIED, AXIS, bound_draw_id, new_nonce
from .envelope import Envelope, Stage
from .mail_draw import MAIL_DRAW, consent_for, contribute_by_mail, opener_card

#: The words that begin the log lines of steps 2 and 3 (``game_record`` and ``mail_record`` read the record's kind
#: and facts from them).
ADDED = "the Allied side added its secret to the draw"
CONSENTED = "the Axis side gave its consent to open the envelope"
#: The words of a void proposed by one side (play by e-mail, after the consent or the opening: the other side must
#: agree on its own computer, ``actions_mail.agree_to_void``), the marker before its reason, and those of a void.
VOID_PROPOSED = "proposes to void the envelope drawn on"
VOID_REASON = " (the other player must agree on his own computer): "
VOID_AGREED = "agreed to void the envelope"
#: The steps of a draw by e-mail, in order, with the side that makes each (the showing is the Allied side's).
DRAW, ADD, CONSENT, OPEN, SHOW = "axis-secret", "allied-secret", "consent", "open", "show"
STEP_SIDES = {DRAW: AXIS, ADD: ALLIED, CONSENT: AXIS, OPEN: ALLIED, SHOW: ALLIED}
STEP_WORDS = {
    DRAW: "the Axis player adds the Axis secret (a new card is drawn)",
    ADD: "the Allied player adds the Allied secret",
    CONSENT: "the Axis player gives his consent to open",
    OPEN: "the Allied player may open the envelope, when he chooses",
    SHOW: "the Allied player shows the card to both sides",
}


def draw_by_mail(turn: EuropaTurn, axis_keys: PlayerKeys, binding: tuple[str, str, int],
                 secret: bytes | None = None) -> Envelope:
    """Step 1, on the Axis computer: a new draw bound to (game id, nation, number), the Axis secret committed and
    sealed to the Axis key."""
    nonce = new_nonce()
    draw_id = bound_draw_id(*binding, nonce)
    return Envelope(MAIL_DRAW, turn, draw_id, (contribute_by_mail(draw_id, AXIS, axis_keys, secret),),
                    number=binding[2], nonce=nonce)


def _mail(envelope: Envelope) -> Envelope:
    if envelope.mode != MAIL_DRAW:
        raise RulesInputError("this envelope was not drawn by e-mail")
    if envelope.voided is not None:
        raise RulesInputError(f"this envelope was voided on {envelope.voided}: {envelope.void_reason}")
    return envelope


def add_allied_secret(envelope: Envelope, allied_keys: PlayerKeys, secret: bytes | None = None) -> Envelope:
    """Step 2, on the Allied computer: the Allied secret committed and sealed to the Allied key."""
    if len(_mail(envelope).contributions) != 1:
        raise RulesInputError("the Allied secret was already added to this draw")
    part = contribute_by_mail(envelope.draw_id, ALLIED, allied_keys, secret)
    return replace(envelope, contributions=(*envelope.contributions, part))


def give_consent(envelope: Envelope, axis_keys: PlayerKeys, allied: PublicKeys) -> Envelope:
    """Step 3, on the Axis computer: the Axis secret sealed to the Allied key (``allied``: as the game records it)."""
    if len(_mail(envelope).contributions) != 2:
        raise RulesInputError("the Allied side must add its secret first: consent is given once both secrets are "
                              "committed, so that neither side can choose the card")
    if envelope.consent is not None:
        raise RulesInputError("the Axis side already gave its consent to open this envelope")
    return replace(envelope, consent=consent_for(envelope.draw_id, envelope.contributions[0], axis_keys, allied))


def open_by_mail(envelope: Envelope, turn: EuropaTurn, allied_keys: PlayerKeys) -> tuple[Envelope, str]:
    """Step 4, on the Allied computer: the envelope opened on ``turn`` and its card, for the opener's eyes only."""
    if _mail(envelope).opened is not None:
        raise RulesInputError(f"this envelope was already opened on {envelope.opened}")
    if turn < envelope.drawn:
        raise RulesInputError(f"the envelope was drawn on {envelope.drawn}: it cannot be opened on {turn}")
    card, _axis, _allied = opener_card(envelope.draw_id, envelope.contributions, envelope.consent, allied_keys)
    return replace(envelope, opened=turn, opened_by=ALLIED), card


def look_by_mail(envelope: Envelope, allied_keys: PlayerKeys) -> str:
    """The opener's private look again (nothing changes)."""
    if envelope.card:
        return envelope.card
    if _mail(envelope).opened is None:
        raise RulesInputError("the envelope is sealed: nobody may look at the card yet")
    return opener_card(envelope.draw_id, envelope.contributions, envelope.consent, allied_keys)[0]


def next_step(envelope: Envelope | None, turn: EuropaTurn) -> str:
    """The step of a draw by e-mail that comes next ("" when none: the card is shown, discarded or voided, or
    the envelope was drawn another way); DRAW when no envelope is drawn or the last one is over."""
    if envelope is None or envelope.stage(turn) in (Stage.DISCARDED, Stage.VOIDED):
        return DRAW
    if envelope.mode != MAIL_DRAW:
        return ""
    if len(envelope.contributions) == 1:
        return ADD
    if envelope.consent is None:
        return CONSENT
    if envelope.opened is None:
        return OPEN
    return "" if envelope.card else SHOW
