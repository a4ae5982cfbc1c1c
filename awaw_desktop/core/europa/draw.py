"""The commit-and-reveal card draw behind a sealed envelope (56.E.1).

Each side contributes a random 32-byte secret.  The file keeps, per side, a *commitment* (SHA-256 of the secret,
bound to the draw and the side) and the secret sealed under that side's passphrase; the game record keeps the
commitments too, in the draw's entry.  The card is derived from both secrets together (HMAC-SHA256 with rejection
sampling, so each of the 54 cards is exactly equally likely), so:

* neither side alone can learn the card: it needs the other side's secret;
* neither side alone can choose it: for any secret one side picks, the other side's random secret makes every
  card equally likely;
* neither side can change its secret afterwards: it must match the commitment.

A draw is bound to its game, nation and envelope: its id is made from the game's id, the nation, the envelope's
number and a random nonce (:func:`bound_draw_id`), and every commitment and sealed value names the id, so a draw
copied into another envelope, nation or game does not open, and an id used twice is refused (``game_record``).

Between opening and showing the opener keeps both secrets sealed under his passphrase (:func:`seal_secrets_for`),
not the card: showing works the card out again from the secrets, which must match their commitments, so the opener
cannot put another card in their place.  The card itself is never written while the envelope is sealed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .cards import DECK_SIZE, card_code, card_index
from .keybox import KeyBox, is_keybox
from .sealing import SealedBox, seal, unseal

AXIS = "axis"
ALLIED = "allied"
SIDES = (AXIS, ALLIED)
SIDE_TITLES = {AXIS: "Axis", ALLIED: "Allied"}
SECRET_BYTES = 32
_LIMIT = (2**256 // DECK_SIZE) * DECK_SIZE  # rejection bound: below it, v % 54 is uniform


def new_nonce() -> str:
    return secrets.token_hex(16)


def bound_draw_id(game_id: str, nation: str, number: int, nonce: str) -> str:
    """The id of a draw for one envelope of one nation of one game (``number``: the nation's envelopes before it)."""
    text = f"europa-draw|{game_id}|{nation.casefold()}|{number}|{nonce}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def new_draw_id() -> str:
    """An unbound id (the tests' and older files' draws)."""
    return secrets.token_hex(16)


def commitment(draw_id: str, side: str, secret: bytes) -> str:
    return hashlib.sha256(f"europa-envelope-commit|{draw_id}|{side}|".encode() + secret).hexdigest()


def index_from_digest(digest: bytes) -> int | None:
    """A uniform card index from 32 random bytes, or None when the value falls in the biased tail."""
    value = int.from_bytes(digest, "big")
    return value % DECK_SIZE if value < _LIMIT else None


def derive_card_index(draw_id: str, axis_secret: bytes, allied_secret: bytes) -> int:
    """The card both secrets select (0..53)."""
    for side, secret in ((AXIS, axis_secret), (ALLIED, allied_secret)):
        if len(secret) != SECRET_BYTES:
            raise RulesInputError(f"the {SIDE_TITLES[side]} secret must be {SECRET_BYTES} bytes")
    counter = 0
    while True:
        digest = hmac.new(axis_secret + allied_secret, f"{draw_id}|{counter}".encode(), hashlib.sha256).digest()
        index = index_from_digest(digest)
        if index is not None:
            return index
        counter += 1


class Contribution(Frozen):
    """One side's part of a draw: the commitment and the secret sealed under its passphrase (at one table) or to
    its own player's key (play by e-mail: ``mail_draw``)."""

    side: str
    commitment: str
    sealed_secret: SealedBox | KeyBox

    def to_json(self) -> dict[str, Any]:
        return {"commitment": self.commitment, "sealed_secret": self.sealed_secret.to_json()}

    @classmethod
    def from_json(cls, side: str, data: Any, where: str) -> Contribution:
        if not isinstance(data, dict) or set(data) != {"commitment", "sealed_secret"}:
            raise RulesInputError(f"{where}: a side's part of the draw needs exactly commitment and sealed_secret")
        digest = data["commitment"]
        if not is_hex(digest, 64):
            raise RulesInputError(f"{where}.commitment: expected 64 lowercase hex digits")
        box = data["sealed_secret"]
        reader = KeyBox.from_json if is_keybox(box) else SealedBox.from_json
        return cls(side, digest, reader(box, f"{where}.sealed_secret"))


def is_hex(text: Any, length: int) -> bool:
    return isinstance(text, str) and len(text) == length and all(c in "0123456789abcdef" for c in text)


def _secret_context(draw_id: str, side: str) -> str:
    return f"europa-envelope|{draw_id}|{side}-secret"


def contribute(draw_id: str, side: str, passphrase: str, secret: bytes | None = None) -> Contribution:
    """A side's contribution: a fresh random secret (or a given one, for tests), committed and sealed."""
    if side not in SIDES:
        raise RulesInputError(f"a side is axis or allied, not {side!r}")
    secret = secrets.token_bytes(SECRET_BYTES) if secret is None else secret
    if len(secret) != SECRET_BYTES:
        raise RulesInputError(f"a secret is {SECRET_BYTES} bytes")
    return Contribution(side, commitment(draw_id, side, secret),
                        seal(secret, passphrase, _secret_context(draw_id, side)))


def check_secret(draw_id: str, contribution: Contribution, secret: bytes) -> bytes:
    """``secret`` if it is the one ``contribution`` committed to (else the file was changed)."""
    if not hmac.compare_digest(commitment(draw_id, contribution.side, secret), contribution.commitment):
        raise RulesInputError(f"the {SIDE_TITLES[contribution.side]} secret does not match its commitment: the file "
                              "was changed")
    return secret


def reveal_secret(draw_id: str, contribution: Contribution, passphrase: str) -> bytes:
    """The side's secret, checked against its commitment."""
    who = SIDE_TITLES[contribution.side]
    if not isinstance(contribution.sealed_secret, SealedBox):
        raise RulesInputError(f"the {who} secret of this draw is sealed to the {who} player's key (play by e-mail), "
                              "not under a passphrase")
    secret = unseal(contribution.sealed_secret, passphrase, _secret_context(draw_id, contribution.side), who)
    return check_secret(draw_id, contribution, secret)


def draw_card(draw_id: str, axis: Contribution, allied: Contribution, axis_passphrase: str,
              allied_passphrase: str) -> tuple[str, bytes, bytes]:
    """The card of a draw, and both secrets: needs both sides' passphrases."""
    axis_secret = reveal_secret(draw_id, axis, axis_passphrase)
    allied_secret = reveal_secret(draw_id, allied, allied_passphrase)
    return card_code(derive_card_index(draw_id, axis_secret, allied_secret)), axis_secret, allied_secret


def card_from_secrets(draw_id: str, axis: Contribution, allied: Contribution, axis_secret: bytes,
                      allied_secret: bytes) -> str:
    """The card both secrets draw, once each is checked against its commitment (what showing and ``verify`` do)."""
    return card_code(derive_card_index(draw_id, check_secret(draw_id, axis, axis_secret),
                                       check_secret(draw_id, allied, allied_secret)))


def _secrets_context(draw_id: str) -> str:
    return f"europa-envelope|{draw_id}|secrets-for-opener"


def seal_secrets_for(draw_id: str, axis_secret: bytes, allied_secret: bytes, passphrase: str) -> SealedBox:
    """Both secrets, kept for the opener only between opening and showing (fixed length: no hints)."""
    return seal(axis_secret + allied_secret, passphrase, _secrets_context(draw_id))


def unseal_secrets(box: SealedBox, draw_id: str, passphrase: str, who: str) -> tuple[bytes, bytes]:
    plain = unseal(box, passphrase, _secrets_context(draw_id), who)
    if len(plain) != 2 * SECRET_BYTES:
        raise RulesInputError("the sealed secrets are damaged")
    return plain[:SECRET_BYTES], plain[SECRET_BYTES:]


def _card_context(draw_id: str) -> str:
    return f"europa-envelope|{draw_id}|card-for-opener"


def unseal_card(box: SealedBox, draw_id: str, passphrase: str, who: str) -> str:
    """The card an earlier version kept for the opener (files from before secrets were kept instead)."""
    text = unseal(box, passphrase, _card_context(draw_id), who).decode("ascii")
    if len(text) != 2 or not text.isdigit():
        raise RulesInputError("the sealed card is damaged")
    return card_code(int(text))


def seal_card_for(code: str, draw_id: str, passphrase: str) -> SealedBox:
    """How an earlier version kept the opened card (for tests of such files)."""
    return seal(f"{card_index(code):02d}".encode(), passphrase, _card_context(draw_id))
