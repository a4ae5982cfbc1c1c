"""Sealing small secrets under a player's passphrase: Scrypt (key from passphrase) + AES-GCM.

A :class:`SealedBox` is what a file holds: the KDF cost, a random salt and nonce and the
ciphertext, all public.  Only the passphrase opens it; AES-GCM also refuses a box that was
edited, or moved to another field (the ``context`` is bound in as associated data).

The Scrypt cost is the app's, never the file's: new boxes are sealed at :data:`APP_COST_LOG2`, and a box asking for
less than :data:`FLOOR_COST_LOG2` is refused when opened (a file edited to make guessing cheap), as is one asking for
more than :data:`MAX_COST_LOG2` (a hostile file cannot make opening hang).  Passphrases are Unicode-normalised (NFC)
before they become keys, so the same words typed on another keyboard open the same box.
"""

from __future__ import annotations

import base64
import binascii
import os
import unicodedata
from typing import Any

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from ..frozen import Frozen
from ..lines import RulesInputError

#: Scrypt cost as log2(n): 2**15 with r=8 takes about 32 MiB and 0.2 s per seal or unseal on our machines.
DEFAULT_COST_LOG2 = 15
#: The cost this app seals new boxes with, and the least it opens (the tests lower both, to stay quick).
APP_COST_LOG2 = DEFAULT_COST_LOG2
FLOOR_COST_LOG2 = DEFAULT_COST_LOG2
#: What a file may hold at all (a box outside is damaged).
MIN_COST_LOG2 = 10
MAX_COST_LOG2 = 20
_R, _P = 8, 1
_SALT_BYTES, _NONCE_BYTES, _KEY_BYTES = 16, 12, 32
MIN_PASSPHRASE = 4


class WrongPassphrase(RulesInputError):
    """The passphrase does not open the box (or the box was changed)."""


class SealedBox(Frozen):
    cost_log2: int
    salt: bytes
    nonce: bytes
    ciphertext: bytes

    def to_json(self) -> dict[str, Any]:
        return {"kdf": "scrypt", "cost_log2": self.cost_log2, "salt": _b64(self.salt), "nonce": _b64(self.nonce),
                "ciphertext": _b64(self.ciphertext)}

    @classmethod
    def from_json(cls, data: Any, where: str) -> SealedBox:
        if not isinstance(data, dict) or set(data) != {"kdf", "cost_log2", "salt", "nonce", "ciphertext"}:
            raise RulesInputError(f"{where}: a sealed value needs exactly kdf, cost_log2, salt, nonce and ciphertext")
        if data["kdf"] != "scrypt":
            raise RulesInputError(f"{where}: unknown key derivation {data['kdf']!r} (only scrypt)")
        cost = data["cost_log2"]
        if isinstance(cost, bool) or not isinstance(cost, int) or not MIN_COST_LOG2 <= cost <= MAX_COST_LOG2:
            raise RulesInputError(f"{where}: cost_log2 must be {MIN_COST_LOG2} to {MAX_COST_LOG2}, not {cost!r}")
        box = cls(cost, _unb64(data["salt"], f"{where}.salt"), _unb64(data["nonce"], f"{where}.nonce"),
                  _unb64(data["ciphertext"], f"{where}.ciphertext"))
        if len(box.salt) != _SALT_BYTES or len(box.nonce) != _NONCE_BYTES or len(box.ciphertext) < 16:
            raise RulesInputError(f"{where}: the salt, nonce or ciphertext has the wrong length")
        return box


def check_passphrase(passphrase: str, who: str) -> str:
    """A passphrase typed to open a box (any the box was sealed with); a new one is checked by ``passphrases``."""
    if not isinstance(passphrase, str) or len(passphrase) < MIN_PASSPHRASE:
        raise RulesInputError(f"the {who} passphrase must be at least {MIN_PASSPHRASE} characters")
    return passphrase


def _key(passphrase: str, salt: bytes, cost_log2: int) -> bytes:
    kdf = Scrypt(salt=salt, length=_KEY_BYTES, n=2**cost_log2, r=_R, p=_P)
    return kdf.derive(passphrase.encode("utf-8"))


def seal(plaintext: bytes, passphrase: str, context: str) -> SealedBox:
    """A box only ``passphrase`` opens, at the app's cost (:data:`APP_COST_LOG2`)."""
    cost_log2 = APP_COST_LOG2
    salt, nonce = os.urandom(_SALT_BYTES), os.urandom(_NONCE_BYTES)
    key = _key(unicodedata.normalize("NFC", passphrase), salt, cost_log2)
    ciphertext = AESGCM(key).encrypt(nonce, plaintext, context.encode("utf-8"))
    return SealedBox(cost_log2, salt, nonce, ciphertext)


def unseal(box: SealedBox, passphrase: str, context: str, who: str) -> bytes:
    """What the box holds; a box sealed more cheaply than this app allows is refused before any key is made."""
    if box.cost_log2 < FLOOR_COST_LOG2:
        raise RulesInputError(f"the {who} box was sealed more weakly than this app allows (Scrypt 2^{box.cost_log2}, "
                              f"at least 2^{FLOOR_COST_LOG2}): the file was changed")
    tried = dict.fromkeys((unicodedata.normalize("NFC", passphrase), passphrase))   # as typed: boxes sealed before
    for typed in tried:                                                               # passphrases were normalised
        try:
            return AESGCM(_key(typed, box.salt, box.cost_log2)).decrypt(box.nonce, box.ciphertext,
                                                                         context.encode("utf-8"))
        except InvalidTag:
            continue
    raise WrongPassphrase(f"that is not the {who} passphrase (or the file was changed)")


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any, where: str) -> bytes:
    if not isinstance(text, str):
        raise RulesInputError(f"{where}: expected base64 text, got {text!r}")
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError) as error:
        raise RulesInputError(f"{where}: not valid base64 text") from error
