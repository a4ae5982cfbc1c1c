"""A sealed draw between two computers (56.E.1, play by e-mail): each side's secret is sealed to its own player's key,
and the Axis side's consent to open is its secret sealed to the Allied player's key.

The draw is the one-table draw (``draw``): the same commitments, the same card from both secrets.  Only where the
secrets are kept differs.  Each side's secret is sealed to its own X25519 key (``core/record/keys.seal_to``), so only
its own player's computer opens it; neither secret is ever sealed under a passphrase the other player could guess at,
nor to the other player's key before both are committed.  The Axis side's consent is the one exception, and it comes
last: its secret sealed to the Allied key once the Allied commitment is recorded, so the Allied player can open the
envelope alone and still could not choose the card (his secret was committed before he could know the Axis one).
The Axis player never holds the Allied secret before the showing, so he never learns the card before it.

Every box names the draw's id and its use in its context, so a consent moved to another envelope, nation or game, or
a side's own box put in the consent's place, does not open."""

from __future__ import annotations

import secrets as random

from ..lines import RulesInputError
from ..record.keys import PlayerKeys, PublicKeys, seal_to
from .cards import card_code
from .draw import (
    ALLIED,
    AXIS,
    SECRET_BYTES,
    SIDE_TITLES,
    SIDES,
    Contribution,
    check_secret,
    commitment,
    derive_card_index,
)
from .keybox import KeyBox

#: The envelope mode of a draw made between two computers.
MAIL_DRAW = "e-mail-draw"
CONSENT = "consent-to-open"


def mail_context(draw_id: str, use: str) -> str:
    """What a box of this draw is for: bound into it, so it opens in that place only."""
    return f"europa-envelope-by-mail|{draw_id}|{use}"


def contribute_by_mail(draw_id: str, side: str, keys: PlayerKeys, secret: bytes | None = None) -> Contribution:
    """A side's part of the draw, made on its own computer: a fresh random secret (or a given one, for tests),
    committed, and sealed to that side's own key (only his computer opens it)."""
    if side not in SIDES:
        raise RulesInputError(f"a side is axis or allied, not {side!r}")
    secret = random.token_bytes(SECRET_BYTES) if secret is None else secret
    if len(secret) != SECRET_BYTES:
        raise RulesInputError(f"a secret is {SECRET_BYTES} bytes")
    box = seal_to(keys.public, secret, mail_context(draw_id, f"{side}-secret"))
    return Contribution(side, commitment(draw_id, side, secret), KeyBox.of(box))


def own_secret(draw_id: str, contribution: Contribution, keys: PlayerKeys) -> bytes:
    """A side's secret, opened by its own player's keys and checked against its commitment."""
    who = SIDE_TITLES[contribution.side]
    box = contribution.sealed_secret
    if not isinstance(box, KeyBox):
        raise RulesInputError(f"the {who} secret of this draw is sealed under a passphrase (one table), not to a key")
    try:
        secret = keys.open_sealed(box.box(), mail_context(draw_id, f"{contribution.side}-secret"))
    except RulesInputError:
        raise RulesInputError(f"the {who} secret of this draw is sealed to the {who} player's key: these keys do not "
                              "open it (or the file was changed)") from None
    return check_secret(draw_id, contribution, secret)


def consent_for(draw_id: str, axis: Contribution, axis_keys: PlayerKeys, allied: PublicKeys) -> KeyBox:
    """The Axis side's consent to open: its secret, checked against its commitment, sealed to the Allied key."""
    secret = own_secret(draw_id, axis, axis_keys)
    return KeyBox.of(seal_to(allied, secret, mail_context(draw_id, CONSENT)))


def secret_from_consent(draw_id: str, axis: Contribution, consent: KeyBox, allied_keys: PlayerKeys) -> bytes:
    """The Axis secret, as the Allied player's keys open it from the consent, checked against the Axis commitment."""
    try:
        secret = allied_keys.open_sealed(consent.box(), mail_context(draw_id, CONSENT))
    except RulesInputError:
        raise RulesInputError("the Axis consent does not open with these keys: it was given to another player, for "
                              "another envelope, or changed") from None
    if len(secret) != SECRET_BYTES or commitment(draw_id, AXIS, secret) != axis.commitment:
        raise RulesInputError("the Axis consent does not hold the secret the Axis side committed to when the card "
                              "was drawn: the envelope is not opened (the Axis player must give his consent again)")
    return secret


def opener_card(draw_id: str, parts: tuple[Contribution, ...], consent: KeyBox | None,
                allied_keys: PlayerKeys) -> tuple[str, bytes, bytes]:
    """The card and both secrets, for the Allied player's computer: the Axis one from the consent, his own from his
    box, each checked against its commitment."""
    axis = next((part for part in parts if part.side == AXIS), None)
    allied = next((part for part in parts if part.side == ALLIED), None)
    if axis is None or allied is None:
        raise RulesInputError("both sides must add their secret before the envelope can be opened")
    if consent is None:
        raise RulesInputError("the Axis side has not given its consent to open yet")
    axis_secret = secret_from_consent(draw_id, axis, consent, allied_keys)
    allied_secret = own_secret(draw_id, allied, allied_keys)
    return card_code(derive_card_index(draw_id, axis_secret, allied_secret)), axis_secret, allied_secret
