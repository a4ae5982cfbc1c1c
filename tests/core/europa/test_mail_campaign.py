"""Issue 31 item 5, Europa: a scripted e-mail campaign between two computers (two data folders), files passed as bytes
back and forth, one arriving late, one edited, one replayed from an older copy.  At each step every byte the Axis
player can read (each file both sides sent, every record block inflated, every base64 or hex text decoded, every box
tried with the Axis keys and the Axis passphrase, and his own data folder) is searched for the Allied secret (every
32-byte window checked against the Allied commitment, so the secret is found in any encoding that keeps its bytes),
for the card's name and for its code: none may be found before the showing.  The same search finds them after it,
so it is not blind."""

from __future__ import annotations

import base64
import binascii
import contextlib
import json
import zlib
from pathlib import Path

import pytest

from awaw_desktop.core.europa import actions, actions_mail
from awaw_desktop.core.europa.cards import card_name
from awaw_desktop.core.europa.draw import commitment
from awaw_desktop.core.europa.mail_draw import mail_context
from awaw_desktop.core.europa.sealing import SealedBox, unseal
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import SessionFileError
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record.blocks import decode_blocks, encode_blocks
from awaw_desktop.core.record.chain import Entry
from awaw_desktop.core.record.keys import PlayerKeys
from awaw_desktop.core.record.verify import verify_bytes

from .mail_play import Computer, end_turns, new_mail_game

USES = ("axis-secret", "allied-secret", "consent-to-open")
ONE_TABLE_USES = ("axis-secret", "allied-secret", "secrets-for-opener", "card-for-opener")


def _values(value, found, key=""):
    """Every value of a JSON value with the key it is under (a list's items under the list's key), depth first."""
    if isinstance(value, dict):
        for name, item in value.items():
            found.append((str(name), item))
            _values(item, found, str(name))
    elif isinstance(value, list):
        for item in value:
            found.append((key, item))
            _values(item, found, key)
    return found


def _decodings(text: str) -> list[bytes]:
    out = [text.encode("utf-8", "replace")]
    with contextlib.suppress(binascii.Error, UnicodeEncodeError, ValueError):
        out.append(base64.b64decode(text.encode("ascii"), validate=True))
    with contextlib.suppress(ValueError):
        out.append(bytes.fromhex(text))
    return out


class Readable:
    """Everything one side can read of a file with his own keys and passphrase."""

    def __init__(self, raw: bytes, keys: PlayerKeys, passphrase: str) -> None:
        self.blobs: list[bytes] = [raw]
        self.pairs: list[tuple[str, object]] = []
        self.opened: list[bytes] = []
        document = json.loads(raw)
        self._take(document)
        for block in document.get("record", {}).get("blocks", []):
            inflated = zlib.decompress(base64.b64decode(block))
            self.blobs.append(inflated)
            self._take(json.loads(inflated))
        draws = {value for key, value in self.pairs if key in ("draw_id", "draw") and isinstance(value, str)}
        contexts = [mail_context(draw, use) for draw in draws for use in USES] + \
            [f"europa-envelope|{draw}|{use}" for draw in draws for use in ONE_TABLE_USES]
        for _key, value in list(self.pairs):
            if isinstance(value, dict) and {"ephemeral", "nonce", "ciphertext"} <= set(value):
                for context in contexts:
                    try:
                        self.opened.append(keys.open_sealed(value, context))
                    except RulesInputError:
                        continue
            if isinstance(value, dict) and "kdf" in value:
                box = SealedBox.from_json(value, "box")
                for context in contexts:
                    try:
                        self.opened.append(unseal(box, passphrase, context, "any"))
                    except RulesInputError:
                        continue
        self.blobs += self.opened

    def _take(self, document) -> None:
        pairs = _values(document, [])
        self.pairs += pairs
        for _key, value in pairs:
            if isinstance(value, str):
                self.blobs += _decodings(value)

    def finds_secret(self, draw_id: str, side: str, digest: str) -> bool:
        """Whether any 32 bytes readable here are the secret ``side`` committed to."""
        return any(commitment(draw_id, side, blob[i:i + 32]) == digest
                   for blob in self.blobs for i in range(max(0, len(blob) - 31)))

    def names_card(self, code: str) -> bool:
        name = card_name(code).casefold()
        return any(name in blob.decode("utf-8", "replace").casefold() for blob in self.blobs) or \
            any(value == code or ("card" in key.casefold() and value not in ("", None, [], {}))
                for key, value in self.pairs if not isinstance(value, (dict, list)) or "card" in key.casefold())


def _folder_blobs(folder: Path) -> list[bytes]:
    return [path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()]


@pytest.fixture
def campaign(tmp_path):
    return Computer(tmp_path / "ann", "axis", "Ann's own words"), Computer(tmp_path / "bob", "allied", "Bob's words")


def _remove_entry(raw: bytes, kind: str) -> bytes:
    """The file with the record's entry of ``kind`` taken out (a text editor and some patience)."""
    document = json.loads(raw)
    entries = [entry for entry in decode_blocks(document["record"]["blocks"], Entry, "blocks") if entry.kind != kind]
    document["record"]["blocks"] = encode_blocks(entries)
    return json.dumps(document).encode()


def test_an_e_mail_campaign_never_lets_the_axis_side_work_out_the_card_before_the_showing(campaign):
    axis, allied = campaign

    def axis_cannot_know(card: str = "") -> None:
        """Every file either side sent, read with the Axis keys and passphrase, and the Axis data folder."""
        for raw in [*axis.sent, *allied.sent]:
            readable = Readable(raw, axis.keys(), axis.passphrase)
            readable.blobs += _folder_blobs(axis.store.directory.parent)
            for draw_id, digest in drawn:
                assert not readable.finds_secret(draw_id, "allied", digest), "the Axis side can read the Allied secret"
            if card:
                assert not readable.names_card(card), "the Axis side can read the card"

    drawn: list[tuple[str, str]] = []
    raw = new_mail_game(axis, allied)
    early = raw
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k), "Draw")
    raw = allied.play(raw, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k), "Add")
    envelope = gamefile.loads(raw).game.nation("Hungary").envelope
    drawn.append((envelope.draw_id, envelope.contributions[1].commitment))
    axis_cannot_know()
    own = Readable(raw, axis.keys(), axis.passphrase)   # the search opens what the Axis keys open: his own secret
    assert any(commitment(envelope.draw_id, "axis", plain) == envelope.contributions[0].commitment
               for plain in own.opened)
    before_consent = [Readable(sent, allied.keys(), allied.passphrase) for sent in [*axis.sent, *allied.sent]]
    assert not any(r.finds_secret(envelope.draw_id, "axis", envelope.contributions[0].commitment)
                   for r in before_consent), "the Allied side could learn the Axis secret before committing his own"

    # a file arriving late: the Axis computer names it as older than what it has seen
    _game, comparison = axis.receive(early)
    assert comparison.verdict == "older"
    raw = axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k), "Consent")
    axis_cannot_know()
    raw = end_turns(axis, raw, 1)
    consented = raw

    opened: list[str] = []
    raw = allied.play(raw, lambda g, k: opened.append(actions_mail.open_by_mail(g, "Hungary", k)[1]) or
                      actions_mail.open_by_mail(g, "Hungary", k)[0], "Open")
    card = opened[0]
    game, _comparison = axis.receive(raw)
    assert game.nation("Hungary").envelope.opened is not None and game.nation("Hungary").envelope.card == ""
    axis_cannot_know(card)

    # an edited copy: the opening entry taken out of the record is refused, naming the entry where it fails
    edited = _remove_entry(raw, "opening")
    with pytest.raises(SessionFileError, match="does not hold at entry"):
        axis.receive(edited)
    assert not verify_bytes(edited).verified and "entry" in verify_bytes(edited).words()
    # a replayed copy: the Allied player goes on from the copy before his opening; the Axis computer has seen the
    # opening and names it
    replayed = end_turns(allied, consented, 1)
    _game, comparison = axis.receive(replayed)
    assert comparison.verdict == "fork" and any(seen.kind == "opening" for seen in comparison.newer_entries())
    axis_cannot_know(card)

    raw = end_turns(axis, raw, 6)
    axis_cannot_know(card)
    raw = allied.play(raw, lambda g, k: actions_mail.show_by_mail(g, "Hungary", k), "Show")
    game, _comparison = axis.receive(raw)
    assert game.nation("Hungary").envelope.card == card and verify_bytes(raw).verified
    shown = Readable(raw, axis.keys(), axis.passphrase)   # the search is not blind: after the showing it finds both
    assert shown.finds_secret(drawn[0][0], "allied", drawn[0][1])
    assert shown.names_card(card)
    assert actions.cards_to_show_before(game, game.turn.next()) == ()
