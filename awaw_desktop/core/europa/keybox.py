"""A box sealed to a player's public key (``core/record/keys.seal_to``) as a Europa file holds it: play by e-mail's
way of keeping a side's secret (56.E.1) for one player's computer alone.

Only the X25519 private key of the player it was sealed to opens it (his key file, under his passphrase, never
leaves his computer); AES-GCM refuses a box that was edited, or moved to another envelope or game (the draw's id is
in the box's context).  Everything in the box as written is public: an ephemeral public key, a nonce and the
ciphertext."""

from __future__ import annotations

import base64
import binascii
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError

KEYBOX_FIELDS = ("ephemeral", "nonce", "ciphertext")
#: The most a box may hold (a secret is 32 bytes; its tag 16 more).
_MOST_CIPHERTEXT = 1024


def _length(text: Any, where: str) -> int:
    if not isinstance(text, str):
        raise RulesInputError(f"{where}: expected base64 text, got {text!r}")
    try:
        return len(base64.b64decode(text.encode("ascii"), validate=True))
    except (binascii.Error, UnicodeEncodeError):
        raise RulesInputError(f"{where}: not valid base64 text") from None


class KeyBox(Frozen):
    """An ephemeral X25519 public key, a nonce and a ciphertext (base64 text, as ``seal_to`` writes them)."""

    ephemeral: str
    nonce: str
    ciphertext: str

    @classmethod
    def of(cls, box: dict[str, str]) -> KeyBox:
        return cls(box["ephemeral"], box["nonce"], box["ciphertext"])

    def box(self) -> dict[str, str]:
        """What ``PlayerKeys.open_sealed`` opens."""
        return {"ephemeral": self.ephemeral, "nonce": self.nonce, "ciphertext": self.ciphertext}

    def to_json(self) -> dict[str, str]:
        return self.box()

    @classmethod
    def from_json(cls, data: Any, where: str) -> KeyBox:
        if not isinstance(data, dict) or set(data) != set(KEYBOX_FIELDS):
            raise RulesInputError(f"{where}: a box sealed to a player's key needs exactly ephemeral, nonce and "
                                  "ciphertext")
        if _length(data["ephemeral"], f"{where}.ephemeral") != 32 or _length(data["nonce"], f"{where}.nonce") != 12:
            raise RulesInputError(f"{where}: the ephemeral key or the nonce has the wrong length")
        if not 16 < _length(data["ciphertext"], f"{where}.ciphertext") <= _MOST_CIPHERTEXT:
            raise RulesInputError(f"{where}.ciphertext: the wrong length for a sealed secret")
        return cls(data["ephemeral"], data["nonce"], data["ciphertext"])


def is_keybox(data: Any) -> bool:
    """Whether a stored box is one sealed to a player's key (else one sealed under a passphrase)."""
    return isinstance(data, dict) and "ephemeral" in data
