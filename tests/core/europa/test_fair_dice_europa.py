"""Europa's app rolls in play by e-mail (issue 31 part 4): a surrender roll or a defection the app rolls on the
Axis player's computer takes the game's next fair die (``core/record/fair_dice``), recorded just before the change
that used it, and the file verifies; a die the app cannot draw yet is refused with what to do; a typed die says so."""

from __future__ import annotations

import pytest

from awaw_desktop.core.europa import actions, game_record
from awaw_desktop.core.europa.actions_surrender import UnitToRoll, defect
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record import fair_dice, pbem
from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.core.record.keys import PlayerKeys, entry_message, play_as, take_side
from awaw_desktop.core.record.verify import verify_bytes

ANN, BOB = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")


@pytest.fixture(autouse=True)
def _one_table_afterwards():
    yield
    play_as(None)
    fair_dice.forget_drawn()


def on(keys, game, change, label="a change"):
    """A change made on the computer of the player with ``keys``, its entries added as the window adds them."""
    play_as(keys)
    try:
        return game_record.recorded(game, change(game), label)
    finally:
        play_as(None)


def both_agree(game, what=pbem.TYPED_DICE):
    """Each player records his agreement on his own computer, signed with his keys (``pbem.agree``)."""
    for keys in (ANN, BOB):
        play_as(keys)
        try:
            game = replace(game, record=pbem.agree(game.record, what, game.turn.title))
        finally:
            play_as(None)
    return game


def email_game():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob")
    game = game_record.recorded(game, actions.add_nation(game, "Italy"), "Italy")
    record = take_side(take_side(game.record, ANN, "axis", "Jul I 43"), BOB, "allied", "Jul I 43")
    game = replace(game, record=record)
    game = on(ANN, game, lambda g: actions.set_special_rate(g, "Italy", 50))     # the Axis commits
    game = on(BOB, game, lambda g: actions.set_special_rate(g, "Italy", 40))     # the Allies commit and reveal
    return on(ANN, game, lambda g: actions.set_special_rate(g, "Italy", 50))    # the Axis reveals


def test_an_app_surrender_roll_takes_the_next_fair_die_and_the_file_verifies():
    game = on(ANN, email_game(), lambda g: actions.record_surrender_roll(g, "Italy", None, "fights on"))
    value = game.nation("Italy").surrender.rolls[-1].die
    die, used = game.record.entries[-2:]
    assert die.kind == "die" and die.author == "axis"
    assert die.data["fair_dice"] == {"draw": 1, "value": value,
                                "purpose": "Jul I 1943: Italy surrender roll for the nation (56.E.3)"}
    assert used.summary.startswith(f"Italy: surrender roll for the nation: {value} (rolled by the app)")
    verification = verify_bytes(gamefile.dumps("europa", game))
    assert verification.verified, verification.words()


def test_a_defection_rolls_one_fair_die_per_unit_in_order():
    units = [UnitToRoll("Ariete"), UnitToRoll("Ariete"), UnitToRoll("Pasubio", die=4)]   # the same name twice
    with pytest.raises(RulesInputError, match="dice typed from real dice need both players' agreement"):
        on(ANN, email_game(), lambda g: defect(g, "Italy", units))   # by e-mail nobody else sees a real die
    fair_dice.forget_drawn()
    game = on(ANN, both_agree(email_game()), lambda g: defect(g, "Italy", units))
    drawn = [entry.data["fair_dice"] for entry in game.record.entries if entry.kind == "die"]
    assert [d["draw"] for d in drawn] == [1, 2]
    assert [u.die for u in game.nation("Italy").defection.units[:2]] == [d["value"] for d in drawn]
    assert game.nation("Italy").defection.units[2].source == "typed"
    assert "Pasubio: rolled 4 (typed from a real die)" in game.log[-1].text
    assert verify_bytes(gamefile.dumps("europa", game)).verified


def test_no_die_until_the_allied_file_reveals_its_part():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob")
    game = game_record.recorded(game, actions.add_nation(game, "Italy"), "Italy")
    game = replace(game, record=take_side(take_side(game.record, ANN, "axis", "Jul I 43"), BOB, "allied", "Jul I 43"))
    with pytest.raises(RulesInputError, match="no die left to roll until the Allied player's next file: wait, or "
                                              "type a real die, once both players agreed to typed dice"):
        on(ANN, game, lambda g: actions.record_surrender_roll(g, "Italy", None))
    with pytest.raises(RulesInputError, match="neither player has agreed yet"):
        on(ANN, game, lambda g: actions.record_surrender_roll(g, "Italy", 5))
    typed = on(ANN, both_agree(game), lambda g: actions.record_surrender_roll(g, "Italy", 5))   # both agreed
    assert "surrender roll for the nation: 5 (typed from a real die)" in typed.log[-1].text



def test_a_die_edited_in_the_file_and_signed_again_is_named_by_verify():
    game = on(ANN, email_game(), lambda g: actions.record_surrender_roll(g, "Italy", None))
    die = game.record.entries[-2]
    other = die.data["fair_dice"]["value"] % 6 + 1
    # What a modified program could write: the die's entry changed, every hash after it made again and signed by
    # the Axis keys, so the chain and the signatures hold.
    entries, previous = list(game.record.entries), game.record.entries[die.n - 1].hash
    for index in range(die.n, len(entries)):
        entry = entries[index]
        if index == die.n:
            entry = replace(entry, data={"fair_dice": {**entry.data["fair_dice"], "value": other}})
        entry = replace(entry, hash=entry.hashed(previous))
        entries[index] = replace(entry, signature=ANN.sign(entry_message(entry.hash)))
        previous = entries[index].hash
    edited = replace(game, record=GameRecord(game.record.game_id, tuple(entries)))
    verification = verify_bytes(gamefile.dumps("europa", edited))
    assert not verification.verified
    assert verification.problem.n == die.n and f"app die 1 is recorded as {other}" in verification.words()
