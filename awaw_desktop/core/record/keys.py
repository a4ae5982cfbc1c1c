"""A player's keys for play by e-mail: an Ed25519 key pair to sign the record entries he adds, and an X25519 key pair
to receive what the other side seals to him (an envelope's consent, his own secrets), both from ``cryptography``.

The private keys live in the app's data folder (``keys/``), never in a game file, sealed under the player's
passphrase as an envelope box is (``core/europa/sealing``): AES-GCM under a key from Scrypt, a random salt, the cost
in the file and a file asking for less than the app's floor refused, so each guess at a stolen key file costs as much
memory and time as one at an envelope.  A new passphrase meets the app's one rule (``passphrases``).  A game records
each side's public keys and a short fingerprint players compare once, by phone or in person ("AB12-CD34-EF56").
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature, InvalidTag
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey, X25519PublicKey
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.hashes import SHA256
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from cryptography.hazmat.primitives.kdf.scrypt import Scrypt

from ..files.atomic_file import write_atomically
from ..frozen import Frozen
from ..lines import RulesInputError
from .codes import head_code
from .passphrases import normalised

KEYS_FORMAT = "awaw-desktop-player-keys"
#: Version 2: the two raw private keys sealed together (AES-GCM under a key from Scrypt).  Version 1 (PKCS#8 under
#: PBKDF2-SHA256 at 2048 rounds, hundreds of times cheaper to guess than an envelope box) still unlocks, and is
#: rewritten as version 2 the first time it does (``KeyStore.unlock``).
KEYS_VERSION = 2
PKCS8_VERSION = 1
#: Scrypt cost as log2(n), the envelopes' (``core/europa/sealing.DEFAULT_COST_LOG2``): 2**15 with r=8 takes about
#: 32 MiB and 0.2 s each time keys are made or unlocked, and as much for every guess at a stolen key file.
DEFAULT_COST_LOG2 = 15
#: The cost this app locks new key files with, and the least it unlocks (the tests lower both, to stay quick).
APP_COST_LOG2 = DEFAULT_COST_LOG2
FLOOR_COST_LOG2 = DEFAULT_COST_LOG2
#: What a key file may hold at all (a file outside is damaged; a hostile one cannot make unlocking hang).
MIN_COST_LOG2, MAX_COST_LOG2 = 10, 20
_R, _P = 8, 1
_SALT_BYTES, _NONCE_BYTES, _KEY_BYTES = 16, 12, 32
_LOCKED_FIELDS = {"kdf", "cost_log2", "salt", "nonce", "ciphertext"}
WRONG_PASSPHRASE = "that is not the passphrase of these keys (or the key file is damaged)"
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
        """The key file (version 2): the public keys in the open, the private ones sealed under ``passphrase``
        (normalised, as the envelopes' are) at the app's Scrypt cost (:data:`APP_COST_LOG2`)."""
        public = self.public
        cost_log2 = APP_COST_LOG2
        salt, nonce = os.urandom(_SALT_BYTES), os.urandom(_NONCE_BYTES)
        ciphertext = AESGCM(_file_key(normalised(passphrase), salt, cost_log2)).encrypt(
            nonce, self._private_bytes(), _file_context(self.name, public))
        return {"format": KEYS_FORMAT, "version": KEYS_VERSION, "name": self.name,
                "public": public.to_json(), "fingerprint": public.fingerprint,
                "private": {"kdf": "scrypt", "cost_log2": cost_log2, "salt": _b64(salt), "nonce": _b64(nonce),
                            "ciphertext": _b64(ciphertext)}}

    @classmethod
    def from_json(cls, data: Any, passphrase: str) -> PlayerKeys:
        """The keys of a key file of version 2, or 1; ``RulesInputError`` for a wrong passphrase or a changed file."""
        if not isinstance(data, dict) or data.get("format") != KEYS_FORMAT:
            raise RulesInputError("not a player's key file")
        if data.get("version") == PKCS8_VERSION:
            keys = cls._from_pkcs8(data, passphrase)
        elif data.get("version") == KEYS_VERSION:
            keys = cls._from_locked(data, passphrase)
        else:
            raise RulesInputError("not a player's key file of this version (made by a newer version of the app?)")
        if keys.public != PublicKeys.from_json(data.get("public"), "the key file"):
            raise RulesInputError("the key file's public keys are not its private keys' (the key file was changed)")
        return keys

    @classmethod
    def _from_locked(cls, data: dict[str, Any], passphrase: str) -> PlayerKeys:
        locked, name = data.get("private"), str(data.get("name", ""))
        if not isinstance(locked, dict) or set(locked) != _LOCKED_FIELDS or locked["kdf"] != "scrypt":
            raise RulesInputError("the key file is damaged: its private keys need kdf (scrypt), cost_log2, salt, "
                                  "nonce and ciphertext")
        cost = locked["cost_log2"]
        if isinstance(cost, bool) or not isinstance(cost, int) or not MIN_COST_LOG2 <= cost <= MAX_COST_LOG2:
            raise RulesInputError(f"the key file is damaged: its cost must be {MIN_COST_LOG2} to {MAX_COST_LOG2}, "
                                  f"not {cost!r}")
        if cost < FLOOR_COST_LOG2:
            raise RulesInputError(f"these keys were locked more weakly than this app allows (Scrypt 2^{cost}, at "
                                  f"least 2^{FLOOR_COST_LOG2}): the key file was changed")
        salt, nonce = _unb64(locked["salt"], "the key file"), _unb64(locked["nonce"], "the key file")
        if len(salt) != _SALT_BYTES or len(nonce) != _NONCE_BYTES:
            raise RulesInputError("the key file is damaged: its salt or nonce has the wrong length")
        public = PublicKeys.from_json(data.get("public"), "the key file")
        try:
            raw = AESGCM(_file_key(normalised(passphrase), salt, cost)).decrypt(
                nonce, _unb64(locked["ciphertext"], "the key file"), _file_context(name, public))
        except (InvalidTag, ValueError):
            raise RulesInputError(WRONG_PASSPHRASE) from None
        if len(raw) != 64:
            raise RulesInputError("the key file is damaged: its private keys have the wrong length")
        return cls(Ed25519PrivateKey.from_private_bytes(raw[:32]), X25519PrivateKey.from_private_bytes(raw[32:]),
                   name)

    @classmethod
    def _from_pkcs8(cls, data: dict[str, Any], passphrase: str) -> PlayerKeys:
        """A key file of version 1 (PKCS#8 PEM under PBKDF2), as typed or normalised."""
        for typed in dict.fromkeys((passphrase, normalised(passphrase))):
            try:
                signing = serialization.load_pem_private_key(str(data["signing"]).encode(), typed.encode("utf-8"))
                sealing = serialization.load_pem_private_key(str(data["sealing"]).encode(), typed.encode("utf-8"))
            except (KeyError, ValueError, TypeError):
                continue
            if not isinstance(signing, Ed25519PrivateKey) or not isinstance(sealing, X25519PrivateKey):
                raise RulesInputError("the key file holds keys of another kind")
            return cls(signing, sealing, str(data.get("name", "")))
        raise RulesInputError(WRONG_PASSPHRASE)

    def _private_bytes(self) -> bytes:
        raw = serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
        return self._signing.private_bytes(*raw) + self._sealing.private_bytes(*raw)


def _file_key(passphrase: str, salt: bytes, cost_log2: int) -> bytes:
    return Scrypt(salt=salt, length=_KEY_BYTES, n=2**cost_log2, r=_R, p=_P).derive(passphrase.encode("utf-8"))


def _file_context(name: str, public: PublicKeys) -> bytes:
    """What a key file's private keys are bound to (AES-GCM's associated data): its format, its name and its public
    keys, so a file whose name or public keys were changed does not unlock."""
    return (f"{KEYS_FORMAT}|{KEYS_VERSION}|".encode() + _unb64(public.signing, "key") + _unb64(public.sealing, "key")
            + name.encode("utf-8"))


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
    """The side whose keys ``record`` (a ``chain.GameRecord``) records as ``keys``, or None: also when it records
    them for both sides (a key change that gave one side the other's keys: this computer never signs for either)."""
    mine = keys.public
    sides = [side for side, public in record.player_keys().items() if public == mine]
    return sides[0] if len(sides) == 1 else None


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
    other = next((held for held, public in record.player_keys().items() if held != side and public == keys.public),
                 None)
    if other is not None:
        raise RulesInputError(f"these keys are the {other.title()} side's in this game: one player's keys cannot "
                              f"play the {side.title()} side too")
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
        """The keys kept as ``fingerprint``; a key file of an older version is rewritten as this one (the same
        passphrase, now under Scrypt) once the passphrase has unlocked it."""
        path = self.directory / f"{fingerprint}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise RulesInputError(f"no player keys {fingerprint} on this computer") from None
        keys = PlayerKeys.from_json(data, passphrase)
        if data.get("version") != KEYS_VERSION:
            with contextlib.suppress(OSError):   # the old file still unlocks: it is rewritten the next time
                write_atomically(path, json.dumps(keys.to_json(passphrase), indent=1).encode("utf-8"))
        return keys
