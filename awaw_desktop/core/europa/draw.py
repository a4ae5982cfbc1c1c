"""The commit-and-reveal card draw behind a sealed envelope (56.E.1).

Each side contributes a random 32-byte secret.  The file keeps, per side, a *commitment*
(SHA-256 of the secret, bound to the draw and the side) and the secret sealed under that
side's passphrase.  The card is derived from both secrets together (HMAC-SHA256 with
rejection sampling, so each of the 54 cards is exactly equally likely), so:

* neither side alone can learn the card: it needs the other side's secret;
* neither side alone can choose it: for any secret one side picks, the other side's random
  secret makes every card equally likely;
* neither side can change its secret afterwards: it must match the commitment.

The card itself is never written while the envelope is sealed.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .cards import DECK_SIZE, card_code, card_index
from .sealing import DEFAULT_COST_LOG2, SealedBox, check_passphrase, seal, unseal

AXIS = "axis"
ALLIED = "allied"
SIDES = (AXIS, ALLIED)
SIDE_TITLES = {AXIS: "Axis", ALLIED: "Allied"}
SECRET_BYTES = 32
_LIMIT = (2**256 // DECK_SIZE) * DECK_SIZE  # rejection bound: below it, v % 54 is uniform


def new_draw_id() -> str:
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
    """One side's part of a draw: the commitment and the secret sealed under its passphrase."""

    side: str
    commitment: str
    sealed_secret: SealedBox

    def to_json(self) -> dict[str, Any]:
        return {"commitment": self.commitment, "sealed_secret": self.sealed_secret.to_json()}

    @classmethod
    def from_json(cls, side: str, data: Any, where: str) -> Contribution:
        if not isinstance(data, dict) or set(data) != {"commitment", "sealed_secret"}:
            raise RulesInputError(f"{where}: a side's part of the draw needs exactly commitment and sealed_secret")
        digest = data["commitment"]
        if not isinstance(digest, str) or len(digest) != 64 or any(c not in "0123456789abcdef" for c in digest):
            raise RulesInputError(f"{where}.commitment: expected 64 lowercase hex digits")
        return cls(side, digest, SealedBox.from_json(data["sealed_secret"], f"{where}.sealed_secret"))


def _secret_context(draw_id: str, side: str) -> str:
    return f"europa-envelope|{draw_id}|{side}-secret"


def contribute(draw_id: str, side: str, passphrase: str, cost_log2: int = DEFAULT_COST_LOG2,
               secret: bytes | None = None) -> Contribution:
    """A side's contribution: a fresh random secret (or a given one, for tests), committed and sealed."""
    if side not in SIDES:
        raise RulesInputError(f"a side is axis or allied, not {side!r}")
    check_passphrase(passphrase, SIDE_TITLES[side])
    secret = secrets.token_bytes(SECRET_BYTES) if secret is None else secret
    if len(secret) != SECRET_BYTES:
        raise RulesInputError(f"a secret is {SECRET_BYTES} bytes")
    return Contribution(side, commitment(draw_id, side, secret),
                        seal(secret, passphrase, _secret_context(draw_id, side), cost_log2))


def reveal_secret(draw_id: str, contribution: Contribution, passphrase: str) -> bytes:
    """The side's secret, checked against its commitment."""
    who = SIDE_TITLES[contribution.side]
    secret = unseal(contribution.sealed_secret, passphrase, _secret_context(draw_id, contribution.side), who)
    if not hmac.compare_digest(commitment(draw_id, contribution.side, secret), contribution.commitment):
        raise RulesInputError(f"the {who} secret does not match its commitment: the file was changed")
    return secret


def draw_card(draw_id: str, axis: Contribution, allied: Contribution, axis_passphrase: str,
              allied_passphrase: str) -> str:
    """The card of a draw: needs both sides' passphrases."""
    return card_code(derive_card_index(draw_id, reveal_secret(draw_id, axis, axis_passphrase),
                                       reveal_secret(draw_id, allied, allied_passphrase)))


def _card_context(draw_id: str) -> str:
    return f"europa-envelope|{draw_id}|card-for-opener"


def seal_card_for(code: str, draw_id: str, passphrase: str, cost_log2: int = DEFAULT_COST_LOG2) -> SealedBox:
    """The opened card kept for the opener only (fixed-length plaintext: no length hints)."""
    return seal(f"{card_index(code):02d}".encode(), passphrase, _card_context(draw_id), cost_log2)


def unseal_card(box: SealedBox, draw_id: str, passphrase: str, who: str) -> str:
    text = unseal(box, passphrase, _card_context(draw_id), who).decode("ascii")
    if len(text) != 2 or not text.isdigit():
        raise RulesInputError("the sealed card is damaged")
    return card_code(int(text))
