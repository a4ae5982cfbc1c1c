"""Dice the app rolls in play by e-mail (core/record/fair_dice.py, issue 31 part 4): each side commits to a hash
chain grown from its own keys before either reveals anything; die k is drawn from both sides' element k, the same
on both computers; a reload or an undo never gives another die for the same k; verify re-derives every die and
names an edited element or value; a game without keys rolls as before."""

from __future__ import annotations

import collections
import hashlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record import fair_dice
from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.core.record.keys import PlayerKeys, Signer, entry_message, play_as, take_side

ANN, BOB = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")   # Ann plays the Axis, Bob the Allies
PLAYERS = {"axis": ANN, "allied": BOB}


@pytest.fixture(autouse=True)
def _one_table_afterwards():
    yield
    play_as(None)
    fair_dice.forget_drawn()


def on_computer(side, record, kind="event", words="a move"):
    """``record`` after the player of ``side`` added one entry on his own computer (as at Send turn)."""
    play_as(PLAYERS[side])
    try:
        return record.append(kind, "Fall 1939", words, at="")
    finally:
        play_as(None)


def roll(side, record, purpose):
    """The die the app rolls on ``side``'s computer, and the record once the change that used it is recorded."""
    play_as(PLAYERS[side])
    try:
        value = fair_dice.app_die(record, purpose, lambda: pytest.fail("a game by e-mail never rolls unfairly"))
        return value, record.append("procedure", "Fall 1939", f"{purpose}: {value} (rolled by the app)", at="")
    finally:
        play_as(None)


def email_game(game_id="d" * 32):
    """Both sides' keys recorded, then one file each way: both have committed, both have revealed."""
    record = GameRecord(game_id).append("begun", "Fall 1939", "New game", at="")
    record = take_side(take_side(record, ANN, "axis", "Fall 1939"), BOB, "allied", "Fall 1939")
    return on_computer("axis", on_computer("allied", on_computer("axis", record)))


def test_both_sides_commit_before_either_reveals_and_the_dice_verify():
    record = email_game()
    words = [entry.summary for entry in record.entries if "fair_dice" in entry.data]
    assert words == ["The Axis player commits his app dice (none revealed yet)",
                     f"The Allied player commits his app dice, revealed up to die {fair_dice.AHEAD}",
                     f"The Axis player's app dice, revealed up to die {fair_dice.AHEAD}"]
    values = []
    for index in range(5):
        value, record = roll("axis", record, f"roll {index}")
        values.append(value)
    assert all(1 <= value <= 6 for value in values)
    drawn = [entry for entry in record.entries if entry.kind == "die"]
    assert [entry.data["fair_dice"]["draw"] for entry in drawn] == [1, 2, 3, 4, 5]
    assert [entry.data["fair_dice"]["value"] for entry in drawn] == values
    assert fair_dice.problem(record) is None and record.signature_problem() is None and record.problem() is None


def test_the_same_die_on_both_computers():
    record = email_game()
    axis_die = roll("axis", record, "Italy surrender roll")[0]
    fair_dice.forget_drawn()
    allied_die = roll("allied", record, "Italy surrender roll")[0]
    assert axis_die == allied_die   # die 1 of this game, whoever rolls it
    # And the other computer re-derives it from the record alone.
    _value, rolled = roll("axis", record, "Italy surrender roll")
    dice, trouble = fair_dice.read(rolled)
    assert trouble is None and dice.used == 1
    assert fair_dice.face(rolled.game_id, 1, dice.element("axis", 1), dice.element("allied", 1)) == axis_die


def test_a_reload_or_a_second_press_gives_the_same_die_and_an_undo_gives_no_k_back():
    record = email_game()
    play_as(ANN)
    first = fair_dice.app_die(record, "Lebanon-Syria colony roll", lambda: 0)
    assert fair_dice.app_die(record, "Lebanon-Syria colony roll", lambda: 0) == first   # drawn, not yet recorded
    fair_dice.forget_drawn()   # the app closed before the record kept it: reopened, the same die
    assert fair_dice.app_die(record, "Lebanon-Syria colony roll", lambda: 0) == first
    play_as(None)
    recorded = on_computer("axis", record, "procedure", "colony roll")
    undone = on_computer("axis", recorded, "undone", "Undone: colony roll")
    assert [entry.data["fair_dice"]["draw"] for entry in undone.entries if entry.kind == "die"] == [1]
    dice, _ = fair_dice.read(undone)
    assert dice.used == 1   # the undone die keeps its number: the next roll is die 2
    play_as(ANN)
    fair_dice.app_die(undone, "Lebanon-Syria colony roll", lambda: 0)
    again = undone.append("procedure", "Fall 1939", "colony roll again", at="")
    assert [entry.data["fair_dice"]["draw"] for entry in again.entries if entry.kind == "die"] == [1, 2]


def test_no_die_until_the_other_side_has_revealed_its_part():
    record = GameRecord("e" * 32).append("begun", "Fall 1939", "New game", at="")
    record = take_side(record, ANN, "axis", "Fall 1939")
    play_as(ANN)
    with pytest.raises(fair_dice.NoDieLeft, match="until the Allied player has taken his side"):
        fair_dice.app_die(record, "a roll", lambda: 0)
    record = take_side(record, BOB, "allied", "Fall 1939")
    with pytest.raises(fair_dice.NoDieLeft, match="no die left to roll until the Allied player's next file"):
        fair_dice.app_die(record, "a roll", lambda: 0)
    play_as(None)
    # A computer playing no side of the game does not roll for it either.
    with pytest.raises(fair_dice.NoDieLeft, match="only a player of it"):
        fair_dice.app_die(email_game(), "a roll", lambda: 0)


def test_the_other_sides_revealed_dice_run_out_and_come_back_with_his_next_file():
    record = email_game()
    for index in range(fair_dice.AHEAD):
        record = roll("axis", record, f"roll {index}")[1]
    with pytest.raises(fair_dice.NoDieLeft, match="Allied player's next file"):
        roll("axis", record, "one more")
    record = on_computer("allied", record)
    assert roll("axis", record, "one more")[0] in range(1, 7)


def resigned(record, n, data):
    """``record`` with entry ``n``'s facts changed, rehashed and re-signed by its side: what a modified program
    could write (the chain and the signatures hold)."""
    entries, previous = list(record.entries), record.entries[n - 1].hash
    for index in range(n, len(entries)):
        entry = entries[index] if index != n else replace(entries[index], data=data)
        entry = replace(entry, hash=entry.hashed(previous))
        keys = PLAYERS.get(entry.author)
        entry = replace(entry, signature=keys.sign(entry_message(entry.hash)) if keys else "")
        entries[index], previous = entry, entry.hash
    changed = GameRecord(record.game_id, tuple(entries))
    assert changed.problem() is None and changed.signature_problem() is None
    return changed


def test_verify_names_an_edited_die_or_an_edited_revealed_element():
    record = email_game()
    value, record = roll("axis", record, "Italy surrender roll")
    die = next(entry for entry in record.entries if entry.kind == "die")
    other = value % 6 + 1
    edited = resigned(record, die.n, {"fair_dice": {**die.data["fair_dice"], "value": other}})
    trouble = fair_dice.problem(edited)
    assert trouble.n == die.n and f"recorded as {other}, but both players' committed dice give {value}" in trouble.what
    reveal = next(entry for entry in record.entries if entry.author == "allied" and "fair_dice" in entry.data)
    forged = {**reveal.data["fair_dice"], "element": "00" * 32}
    trouble = fair_dice.problem(resigned(record, reveal.n, {"fair_dice": forged}))
    assert trouble.n == reveal.n and "do not hash back" in trouble.what


def test_verify_names_a_second_commitment_a_reveal_before_both_commit_and_a_die_out_of_turn():
    record = email_game()
    seed = fair_dice.seed_of(ANN, record.game_id)
    again = {"anchor": fair_dice.element(seed, 0).hex(), "length": fair_dice.CHAIN_LENGTH}
    twice = record.append("event", "Fall 1939", "again", data={"fair_dice": again}, at="",
                          signer=Signer(side="axis", keys=ANN))
    assert "committed a second time" in fair_dice.problem(twice).what
    early = GameRecord("f" * 32).append("begun", "Fall 1939", "New game", at="")
    early = take_side(early, ANN, "axis", "Fall 1939")
    seed = fair_dice.seed_of(ANN, early.game_id)
    facts = {"anchor": fair_dice.element(seed, 0).hex(), "length": fair_dice.CHAIN_LENGTH, "upto": 3,
             "element": fair_dice.element(seed, 3).hex()}
    early = early.append("event", "Fall 1939", "too early", data={"fair_dice": facts}, at="", author="axis")
    assert "before both sides committed" in fair_dice.problem(early).what
    _value, rolled = roll("axis", record, "a roll")
    die = next(entry for entry in rolled.entries if entry.kind == "die")
    skipped = resigned(rolled, die.n, {"fair_dice": {**die.data["fair_dice"], "draw": 2}})
    assert "out of turn" in fair_dice.problem(skipped).what


def test_every_face_is_as_likely():
    # Rejection sampling: 252 of the 256 bytes are kept, 42 for each face.
    faces = collections.Counter(fair_dice.face_of_byte(byte) for byte in range(256))
    assert faces == {1: 42, 2: 42, 3: 42, 4: 42, 5: 42, 6: 42, None: 4}
    # And the dice drawn from chains look it: a chi-square test with 5 degrees of freedom (p = 0.001 at 20.5).
    def part(side, k):
        return hashlib.sha256(f"{side} {k}".encode()).digest()

    rolls = collections.Counter(fair_dice.face("a" * 32, k, part("axis", k), part("allied", k)) for k in range(1, 6001))
    assert sum((count - 1000) ** 2 / 1000 for count in rolls.values()) < 20.5


@given(st.binary(min_size=32, max_size=32), st.binary(min_size=32, max_size=32), st.integers(1, 4096))
@settings(max_examples=200)
def test_a_die_is_always_a_face_and_the_same_for_the_same_parts(axis, allied, k):
    value = fair_dice.face("b" * 32, k, axis, allied)
    assert 1 <= value <= 6 and fair_dice.face("b" * 32, k, axis, allied) == value


@given(st.lists(st.tuples(st.sampled_from(("axis", "allied")), st.integers(0, 4)), min_size=1, max_size=8))
@settings(max_examples=15, deadline=None)
def test_any_exchange_of_files_keeps_every_die_verified(turns):
    record = email_game()
    count = 0
    for side, dice in turns:
        for _ in range(dice):
            try:
                record = roll(side, record, f"roll {count}")[1]
            except fair_dice.NoDieLeft:   # his revealed dice ran out: he types a real one
                record = on_computer(side, record, "procedure", "typed from a real die")
            count += 1
        record = on_computer(side, record, words="Send turn")
    assert fair_dice.problem(record) is None and record.signature_problem() is None
    dice, _ = fair_dice.read(record)
    assert dice.used == sum(1 for entry in record.entries if entry.kind == "die")


def test_a_game_without_keys_rolls_as_before():
    record = GameRecord("a" * 32).append("begun", "Fall 1939", "New game", at="")
    play_as(ANN)   # keys unlocked, but this game records none: one table
    assert fair_dice.app_die(record, "a roll", lambda: 4) == 4
    assert record.append("event", "Fall 1939", "a move", at="").entries[-1].summary == "a move"
    assert len(record.append("event", "Fall 1939", "a move", at="")) == 2 and fair_dice.problem(record) is None


def test_app_dice_entries_are_dated_with_the_entry_they_come_before():
    """Play-tests round five (issue 37): the app's dice entries carried the turn of the entry before them."""
    record = email_game()
    play_as(PLAYERS["axis"])
    try:
        fair_dice.app_die(record, "Colony roll", lambda: pytest.fail("never unfair by e-mail"))
        record = record.append("procedure", "Winter 1939", "Colony roll: rolled by the app", at="")
    finally:
        play_as(None)
    die = next(entry for entry in record.entries if entry.kind == "die")
    assert die.turn == "Winter 1939" == record.entries[-1].turn
    assert fair_dice.problem(record) is None and record.problem() is None
