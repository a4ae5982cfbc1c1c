"""Players' keys for play by e-mail (core/record/keys.py, issue 31): kept under a passphrase on the player's own
computer, a short fingerprint, boxes sealed to a player's public key, and record entries signed by the side that adds
them (``GameRecord.signature_problem``)."""

from __future__ import annotations

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
