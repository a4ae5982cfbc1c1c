"""Players' keys for play by e-mail (core/record/keys.py, issue 31): kept under a passphrase on the player's own
computer, a short fingerprint, boxes sealed to a player's public key, and record entries signed by the side that adds
them (``GameRecord.signature_problem``)."""

from __future__ import annotations

import json

import pytest

from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.core.record.keys import KeyStore, PlayerKeys, Signer, seal_to


def test_keys_are_kept_under_a_passphrase_and_known_by_their_fingerprint(tmp_path):
    store = KeyStore(tmp_path)
    keys = PlayerKeys.new("Ann")
    path = store.save(keys, "a long passphrase")
    assert "a long passphrase" not in path.read_text() and keys.public.signing in path.read_text()
    ((fingerprint, name, public),) = store.listed()
    assert (fingerprint, name, public) == (keys.public.fingerprint, "Ann", keys.public)
    assert len(fingerprint) == 14 and fingerprint.count("-") == 2
    again = store.unlock(fingerprint, "a long passphrase")
    assert again.public == keys.public
    with pytest.raises(RulesInputError, match="not the passphrase"):
        store.unlock(fingerprint, "another one")


def test_a_box_sealed_to_a_player_opens_for_him_alone_and_in_its_place_alone():
    ann, bob = PlayerKeys.new(), PlayerKeys.new()
    box = seal_to(bob.public, b"the Axis secret", "envelope 1")
    assert bob.open_sealed(box, "envelope 1") == b"the Axis secret"
    with pytest.raises(RulesInputError, match="not sealed to your keys"):
        ann.open_sealed(box, "envelope 1")
    with pytest.raises(RulesInputError, match="not sealed to your keys"):
        bob.open_sealed(box, "envelope 2")


def keyed_game():
    axis, allied = Signer(side="axis", keys=PlayerKeys.new()), Signer(side="allied", keys=PlayerKeys.new())
    record = GameRecord("a" * 32).append("begun", "Fall 1939", "New game", at="")
    for signer in (axis, allied):
        record = record.append("key", "Fall 1939", f"The {signer.side} player's keys",
                               data={"keys": signer.keys.public.to_json()}, at="", signer=signer)
    return record, axis, allied


def test_every_entry_after_the_keys_is_signed_by_its_side():
    record, _axis, allied = keyed_game()
    record = record.append("end-of-turn", "Fall 1939", "End of Fall 1939", at="", signer=allied)
    assert record.signature_problem() is None
    assert set(record.player_keys()) == {"axis", "allied"}
    assert record.entries[-1].author == "allied" and record.entries[-1].signature


def test_an_unsigned_or_forged_entry_is_named():
    record, _axis, allied = keyed_game()
    unsigned = record.append("end-of-turn", "Fall 1939", "End of Fall 1939", at="")
    problem = unsigned.signature_problem()
    assert problem is not None and problem.n == 3 and "not signed by a player" in problem.what
    mallory = Signer(side="allied", keys=PlayerKeys.new())   # the right side's name, the wrong keys
    forged = record.append("end-of-turn", "Fall 1939", "End of Fall 1939", at="", signer=mallory)
    assert "not the Allied player's" in forged.signature_problem().what
    moved = record.append("end-of-turn", "Fall 1939", "End of Fall 1939", at="", signer=allied)
    stolen = moved.signed(3, record.entries[2].signature)   # another entry's signature
    assert stolen.signature_problem().n == 3


def test_a_computer_playing_as_a_side_signs_every_entry_it_adds():
    from awaw_desktop.core.record.keys import play_as, take_side

    ann, bob = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    record = GameRecord("b" * 32).append("begun", "Fall 1939", "New game", at="")
    record = take_side(take_side(record, ann, "axis", "Fall 1939"), bob, "allied", "Fall 1939")
    try:
        play_as(bob)
        record = record.append("end-of-turn", "Fall 1939", "End of Fall 1939", at="")
        assert record.entries[-1].author == "allied" and record.signature_problem() is None
        play_as(PlayerKeys.new("Eve"))   # keys that are no side of this game sign nothing
        unsigned = record.append("event", "Fall 1939", "By hand", at="")
        assert "not signed by a player" in unsigned.signature_problem().what
    finally:
        play_as(None)
    assert take_side(record, bob, "allied", "Fall 1939") is record   # the same keys again: nothing to add
    with pytest.raises(RulesInputError, match="already records other keys"):
        take_side(record, PlayerKeys.new(), "allied", "Fall 1939")


def test_the_other_player_cannot_put_his_keys_in_a_sides_place():
    record, _axis, allied = keyed_game()
    # The Axis player writes a "key" entry for the Allied side with keys of his own, signed by them.
    mallory = PlayerKeys.new()
    forged = record.append("key", "Fall 1939", "New Allied keys", data={"keys": mallory.public.to_json()}, at="",
                           signer=Signer(side="allied", keys=mallory))
    problem = forged.signature_problem()
    assert problem is not None and problem.n == 3 and "signed by the keys it replaces" in problem.what
    # A change signed by the keys it replaces holds.
    changed = record.append("key", "Fall 1939", "New Allied keys", data={"keys": mallory.public.to_json()}, at="",
                            signer=allied)
    assert changed.signature_problem() is None and changed.player_keys()["allied"] == mallory.public


def version_1_key_file(keys: PlayerKeys, passphrase: str) -> dict:
    """A key file as the app wrote it before version 2: PKCS#8 PEM under ``cryptography``'s best encryption."""
    from cryptography.hazmat.primitives import serialization

    pem = (serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
           serialization.BestAvailableEncryption(passphrase.encode("utf-8")))
    return {"format": "awaw-desktop-player-keys", "version": 1, "name": keys.name, "public": keys.public.to_json(),
            "fingerprint": keys.public.fingerprint,
            "signing": keys._signing.private_bytes(*pem).decode("ascii"),
            "sealing": keys._sealing.private_bytes(*pem).decode("ascii")}


def test_a_version_1_key_file_still_unlocks_and_is_rewritten_as_version_2(tmp_path):
    store = KeyStore(tmp_path)
    ann = PlayerKeys.new("Ann")
    path = tmp_path / f"{ann.public.fingerprint}.json"
    path.write_text(json.dumps(version_1_key_file(ann, "Ann's old words")))
    with pytest.raises(RulesInputError, match="not the passphrase"):
        store.unlock(ann.public.fingerprint, "another one")
    assert json.loads(path.read_text())["version"] == 1          # a wrong passphrase changes nothing
    again = store.unlock(ann.public.fingerprint, "Ann's old words")
    assert again.public == ann.public and again.sign(b"x") == ann.sign(b"x")   # Ed25519 signs deterministically
    rewritten = json.loads(path.read_text())
    assert rewritten["version"] == 2 and rewritten["private"]["kdf"] == "scrypt"
    assert "signing" not in rewritten and "PRIVATE KEY" not in path.read_text()
    assert store.unlock(ann.public.fingerprint, "Ann's old words").public == ann.public
    assert store.listed() == [(ann.public.fingerprint, "Ann", ann.public)]


def test_a_key_file_whose_name_or_public_keys_were_changed_does_not_unlock(tmp_path):
    store = KeyStore(tmp_path)
    ann, eve = PlayerKeys.new("Ann"), PlayerKeys.new("Eve")
    path = store.save(ann, "Ann's own words")
    good = json.loads(path.read_text())
    for change, said in ((lambda d: d.update(name="Bob"), "not the passphrase"),
                         (lambda d: d.update(public=eve.public.to_json()), "not the passphrase"),
                         (lambda d: d["private"].update(cost_log2=40), "its cost must be 10 to 20"),
                         (lambda d: d["private"].update(kdf="pbkdf2"), "damaged"),
                         (lambda d: d.update(version=3), "newer version")):
        data = json.loads(json.dumps(good))
        change(data)
        path.write_text(json.dumps(data))
        with pytest.raises(RulesInputError, match=said):
            store.unlock(ann.public.fingerprint, "Ann's own words")


def test_a_key_file_takes_the_passphrase_however_the_keyboard_types_an_accent(tmp_path):
    store = KeyStore(tmp_path)
    ann = PlayerKeys.new("Ann")
    store.save(ann, "caf\u00e9 au lait chaud")                      # "é" as one character
    assert store.unlock(ann.public.fingerprint, "cafe\u0301 au lait chaud").public == ann.public   # "e" + accent
