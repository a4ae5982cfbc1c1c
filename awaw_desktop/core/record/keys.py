"""A player's keys for play by e-mail: an Ed25519 key pair to sign the record entries he adds, and an X25519 key pair
to receive what the other side seals to him (an envelope's consent, his own secrets), both from ``cryptography``.

The private keys live in the app's data folder (``keys/``), never in a game file, encrypted under the player's
passphrase (PKCS#8 with the best encryption ``cryptography`` offers).  A game records each side's public keys and a
short fingerprint players compare once, by phone or in person ("AB12-CD34-EF56").
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from ..files.atomic_file import write_atomically
from ..frozen import Frozen
from ..lines import RulesInputError
from .codes import head_code

KEYS_FORMAT = "awaw-desktop-player-keys"
KEYS_VERSION = 1
_RAW = serialization.Encoding.Raw, serialization.PublicFormat.Raw


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _unb64(text: Any, what: str) -> bytes:
    try:
        return base64.b64decode(str(text).encode("ascii"), validate=True)
    except (ValueError, UnicodeEncodeError):
        raise RulesInputError(f"{what}: not valid base64 text") from None


class PublicKeys(Frozen):
    """What a game records of a player: his two public keys (raw, base64)."""

    signing: str
    sealing: str

    @property
    def fingerprint(self) -> str:
        """Twelve characters players read to each other once: the same for the same keys, on every computer."""
        digest = hashlib.sha256(b"awaw-desktop player|" + _unb64(self.signing, "key") + _unb64(self.sealing, "key"))
        first, second = head_code(digest.hexdigest()), head_code(digest.hexdigest()[10:])
        return f"{first}-{second[:4]}"

    def to_json(self) -> dict[str, str]:
        return {"signing": self.signing, "sealing": self.sealing}

    @classmethod
    def from_json(cls, data: Any, where: str) -> PublicKeys:
        if not isinstance(data, dict) or set(data) != {"signing", "sealing"}:
            raise RulesInputError(f"{where}: a player's keys are signing and sealing")
        for key in ("signing", "sealing"):
            if len(_unb64(data[key], f"{where}.{key}")) != 32:
                raise RulesInputError(f"{where}.{key}: a public key is 32 bytes")
        return cls(data["signing"], data["sealing"])

    def verify(self, message: bytes, signature: str) -> bool:
        try:
            Ed25519PublicKey.from_public_bytes(_unb64(self.signing, "key")).verify(_unb64(signature, "signature"),
                                                                                   message)
        except (InvalidSignature, RulesInputError, ValueError):
            return False
        return True


class PlayerKeys:
    """A player's private keys, unlocked for this session of the app."""

    def __init__(self, signing: Ed25519PrivateKey, sealing: X25519PrivateKey, name: str = "") -> None:
        self._signing, self._sealing, self.name = signing, sealing, name

    @classmethod
    def new(cls, name: str = "") -> PlayerKeys:
        return cls(Ed25519PrivateKey.generate(), X25519PrivateKey.generate(), name)

    @property
    def public(self) -> PublicKeys:
        return PublicKeys(_b64(self._signing.public_key().public_bytes(*_RAW)),
                          _b64(self._sealing.public_key().public_bytes(*_RAW)))

    def sign(self, message: bytes) -> str:
        return _b64(self._signing.sign(message))

    def derived_secret(self, context: str) -> bytes:
        """32 bytes only this player can work out, the same every time for the same ``context`` (HKDF-SHA256 of
        his private signing key): what his fair dice in a game grow from (``fair_dice``), so nothing is stored and
        nothing is chosen after the fact."""
        raw = self._signing.private_bytes(serialization.Encoding.Raw, serialization.PrivateFormat.Raw,
                                          serialization.NoEncryption())
        return HKDF(algorithm=SHA256(), length=32, salt=None,
                    info=f"awaw-desktop derived secret|{context}".encode()).derive(raw)

    def open_sealed(self, box: dict[str, str], context: str) -> bytes:
        """What another player sealed to this player's public key (``seal_to``)."""
        try:
            ephemeral = X25519PublicKey.from_public_bytes(_unb64(box["ephemeral"], "sealed box"))
            key = _box_key(self._sealing.exchange(ephemeral), ephemeral.public_bytes(*_RAW),
                           self._sealing.public_key().public_bytes(*_RAW), context)
            return AESGCM(key).decrypt(_unb64(box["nonce"], "sealed box"), _unb64(box["ciphertext"], "sealed box"),
                                       context.encode("utf-8"))
        except (KeyError, ValueError, TypeError) as error:
            raise RulesInputError("this box was not sealed to your keys (or the file was changed)") from error
        except Exception as error:  # InvalidTag
            raise RulesInputError("this box was not sealed to your keys (or the file was changed)") from error

    # -- the key file ---------------------------------------------------------------------
    def to_json(self, passphrase: str) -> dict[str, Any]:
        encryption = serialization.BestAvailableEncryption(passphrase.encode("utf-8"))
        pem = serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, encryption
        return {"format": KEYS_FORMAT, "version": KEYS_VERSION, "name": self.name,
                "public": self.public.to_json(), "fingerprint": self.public.fingerprint,
                "signing": self._signing.private_bytes(*pem).decode("ascii"),
                "sealing": self._sealing.private_bytes(*pem).decode("ascii")}

    @classmethod
    def from_json(cls, data: Any, passphrase: str) -> PlayerKeys:
        if not isinstance(data, dict) or data.get("format") != KEYS_FORMAT or data.get("version") != KEYS_VERSION:
            raise RulesInputError("not a player's key file of this version")
        try:
            signing = serialization.load_pem_private_key(str(data["signing"]).encode(), passphrase.encode("utf-8"))
            sealing = serialization.load_pem_private_key(str(data["sealing"]).encode(), passphrase.encode("utf-8"))
        except (KeyError, ValueError, TypeError):
            raise RulesInputError("that is not the passphrase of these keys (or the key file is damaged)") from None
        if not isinstance(signing, Ed25519PrivateKey) or not isinstance(sealing, X25519PrivateKey):
            raise RulesInputError("the key file holds keys of another kind")
        return cls(signing, sealing, str(data.get("name", "")))


def _box_key(shared: bytes, ephemeral: bytes, recipient: bytes, context: str) -> bytes:
    return HKDF(algorithm=SHA256(), length=32, salt=ephemeral + recipient,
                info=f"awaw-desktop sealed box|{context}".encode()).derive(shared)


def seal_to(recipient: PublicKeys, plaintext: bytes, context: str) -> dict[str, str]:
    """A box only ``recipient`` opens: an ephemeral X25519 key agreement, HKDF-SHA256, AES-GCM, the ``context``
    bound in (a box moved to another envelope or game does not open)."""
    ephemeral = X25519PrivateKey.generate()
    public = X25519PublicKey.from_public_bytes(_unb64(recipient.sealing, "key"))
    key = _box_key(ephemeral.exchange(public), ephemeral.public_key().public_bytes(*_RAW),
                   public.public_bytes(*_RAW), context)
    nonce = os.urandom(12)
    return {"ephemeral": _b64(ephemeral.public_key().public_bytes(*_RAW)), "nonce": _b64(nonce),
            "ciphertext": _b64(AESGCM(key).encrypt(nonce, plaintext, context.encode("utf-8")))}


class Signer(Frozen):
    """A player's unlocked keys and the side he plays in a game: what signs the entries he adds."""

    side: str
    keys: PlayerKeys

    def sign_entry(self, entry_hash: str) -> str:
        return self.keys.sign(entry_message(entry_hash))


#: The player keys unlocked in this run of the app: in play by e-mail each computer plays one side, so one player's
#: keys at a time (``play_as``).  Every entry a record of a game that records these keys gains is then signed.
_playing: list[PlayerKeys] = []


def play_as(keys: PlayerKeys | None) -> None:
    """This computer plays with ``keys`` from now on (None: with no keys, as at one table)."""
    _playing[:] = [] if keys is None else [keys]


def playing_as() -> PlayerKeys | None:
    return _playing[0] if _playing else None


def side_of(keys: PlayerKeys, record: Any) -> str | None:
    """The side whose keys ``record`` (a ``chain.GameRecord``) records as ``keys``, or None."""
    mine = keys.public
    return next((side for side, public in record.player_keys().items() if public == mine), None)


def signer_for(record: Any) -> Signer | None:
    """Who signs what is added to ``record`` on this computer: the keys it plays with, for the side the game
    records them for (None: no keys unlocked, or not a side of this game)."""
    keys = playing_as()
    side = None if keys is None else side_of(keys, record)
    return None if keys is None or side is None else Signer(side=side, keys=keys)


def take_side(record: Any, keys: PlayerKeys, side: str, turn: str) -> Any:
    """``record`` with a "key" entry recording ``keys`` as the keys of ``side`` ("axis" or "allied"), signed by
    them.  Refused (``RulesInputError``) when the game already records other keys for that side: only those keys
    could sign a change."""
    recorded = record.player_keys().get(side)
    if recorded is not None and recorded != keys.public:
        raise RulesInputError(f"this game already records other keys for the {side.title()} side "
                              f"({recorded.fingerprint}): only those keys can sign a change")
    if recorded is not None:
        return record
    words = f"The {side.title()} player's keys, fingerprint {keys.public.fingerprint}"
    return record.append("key", turn, words, data={"keys": keys.public.to_json()},
                         signer=Signer(side=side, keys=keys))


def entry_message(entry_hash: str) -> bytes:
    """What an entry's signature signs: its hash, which covers everything in it (its author too) and the entries
    before it."""
    return b"awaw-desktop record entry|" + bytes.fromhex(entry_hash)


class KeyStore:
    """The player keys kept on this computer (``<data folder>/keys/<fingerprint>.json``)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        if directory is None:
            import platformdirs

            directory = Path(platformdirs.user_data_dir("awaw-desktop")) / "keys"
        self.directory = Path(directory)

    def save(self, keys: PlayerKeys, passphrase: str) -> Path:
        path = self.directory / f"{keys.public.fingerprint}.json"
        self.directory.mkdir(parents=True, exist_ok=True)
        write_atomically(path, json.dumps(keys.to_json(passphrase), indent=1).encode("utf-8"))
        return path

    def listed(self) -> list[tuple[str, str, PublicKeys]]:
        """(fingerprint, name, public keys) of every key file here."""
        found = []
        for path in sorted(self.directory.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                public = PublicKeys.from_json(data["public"], path.name)
                found.append((public.fingerprint, str(data.get("name", "")), public))
            except (OSError, ValueError, KeyError, RulesInputError):
                continue
        return found

    def unlock(self, fingerprint: str, passphrase: str) -> PlayerKeys:
        path = self.directory / f"{fingerprint}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise RulesInputError(f"no player keys {fingerprint} on this computer") from None
        return PlayerKeys.from_json(data, passphrase)
