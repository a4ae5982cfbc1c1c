"""E-mail play keeps both sides in every secret (issue 35 part 4, issue 38 part 9), through the core:

* a paper envelope, a draw at one table and a die typed from a real die are refused in a game that records players'
  keys, until both players agreed, each in an entry signed with his own keys (``pbem.agreed``); an unsigned
  agreement, or one signed by the other side's keys, agrees to nothing;
* every die an entry says the app rolled is a fair die of the record (``fair_dice.app_dice_troubles``, which
  ``fair_dice.problem`` and so ``verify`` name);
* ``actions.show_card`` refuses an envelope drawn by e-mail unless it is shown on the Allied computer, with his
  keys, and the game stays one that saves."""

from __future__ import annotations

import pytest

from awaw_desktop.core.europa import actions, actions_mail, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.envelope import REAL_DECK
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record import fair_dice, pbem
from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.core.record.keys import PlayerKeys, entry_message, play_as, take_side
from awaw_desktop.core.record.verify import verify_bytes

ANN, BOB = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")   # Ann plays the Axis, Bob the Allies
PLAYERS = {"axis": ANN, "allied": BOB}
T = "Jul I 1943"


@pytest.fixture(autouse=True)
def _one_table_afterwards():
    yield
    play_as(None)
    fair_dice.forget_drawn()


def on(keys, game, change, label="a change"):
    play_as(keys)
    try:
        return game_record.recorded(game, change(game), label)
    finally:
        play_as(None)


def agree(keys, game, what):
    play_as(keys)
    try:
        return replace(game, record=pbem.agree(game.record, what, T))
    finally:
        play_as(None)


def table_game():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob")
    return game_record.recorded(game, actions.add_nation(game, "Hungary"), "Hungary")


def email_game(game=None):
    game = game or table_game()
    return replace(game, record=take_side(take_side(game.record, ANN, "axis", T), BOB, "allied", T))


# -- agreements --------------------------------------------------------------------------------

def test_an_agreement_counts_only_signed_by_its_own_side_and_both_are_needed():
    game = email_game()
    assert pbem.agreed_by(game.record, pbem.PAPER_ENVELOPES) == frozenset()
    game = agree(ANN, game, pbem.PAPER_ENVELOPES)
    assert pbem.agreed_by(game.record, pbem.PAPER_ENVELOPES) == {"axis"}
    assert not pbem.agreed(game.record, pbem.PAPER_ENVELOPES)
    assert "the Allied player has not agreed yet" in pbem.waiting_for(game.record, pbem.PAPER_ENVELOPES)
    with pytest.raises(RulesInputError, match="the Axis player has agreed to paper envelopes"):
        agree(ANN, game, pbem.PAPER_ENVELOPES)
    # The Axis player writes the Allied agreement himself: unsigned, or signed with his own keys.
    words = pbem.agreement_words(pbem.PAPER_ENVELOPES, "allied")
    unsigned = game.record.append("event", T, words, data={"agreement": pbem.PAPER_ENVELOPES}, at="", author="allied")
    assert not pbem.agreed(unsigned, pbem.PAPER_ENVELOPES)
    entry = unsigned.entries[-1]
    forged = unsigned.signed(entry.n, ANN.sign(entry_message(entry.hash)))
    assert not pbem.agreed(forged, pbem.PAPER_ENVELOPES)
    # Signed by the Allied keys, on the Allied computer: agreed; another kind of play is still not.
    game = agree(BOB, game, pbem.PAPER_ENVELOPES)
    assert pbem.agreed(game.record, pbem.PAPER_ENVELOPES) and not pbem.agreed(game.record, pbem.TYPED_DICE)
    assert game.record.signature_problem() is None


def test_at_one_table_nothing_needs_agreeing_and_no_agreement_is_recorded():
    game = table_game()
    assert pbem.agreed(game.record, pbem.TABLE_DRAWS)
    with pytest.raises(RulesInputError, match="played at one table"):
        pbem.agree(game.record, pbem.TABLE_DRAWS, T)
    with pytest.raises(RulesInputError, match="only a player of this game"):
        pbem.agree(email_game().record, pbem.TABLE_DRAWS, T)   # no keys unlocked on this computer


# -- envelopes ---------------------------------------------------------------------------------

def test_a_paper_envelope_by_e_mail_is_refused_until_both_agreed():
    game = email_game()
    with pytest.raises(RulesInputError, match="a paper envelope is refused: this game is played by e-mail"):
        on(BOB, game, lambda g: actions.draw_paper_envelope(g, "Hungary"))
    game = agree(BOB, agree(ANN, game, pbem.PAPER_ENVELOPES), pbem.PAPER_ENVELOPES)
    game = on(BOB, game, lambda g: actions.draw_paper_envelope(g, "Hungary"))
    assert game.nation("Hungary").envelope.mode == REAL_DECK


def test_a_draw_at_one_table_by_e_mail_is_refused_until_both_agreed():
    game = email_game()
    with pytest.raises(RulesInputError, match="a draw at one table is refused"):
        on(ANN, game, lambda g: actions.draw_envelope(g, "Hungary", "olive branch grove", "red barn door"))
    game = agree(BOB, agree(ANN, game, pbem.TABLE_DRAWS), pbem.TABLE_DRAWS)
    game = on(ANN, game, lambda g: actions.draw_envelope(g, "Hungary", "olive branch grove", "red barn door"))
    assert game.nation("Hungary").envelope.contributions


def test_a_paper_envelope_drawn_at_one_table_is_not_opened_or_shown_once_the_game_goes_by_e_mail():
    """The Allied player opens it and types the card he wants: nobody else sees the paper card."""
    game = actions.draw_paper_envelope(table_game(), "Hungary")
    opened = actions.open_envelope(game, "Hungary")[0]   # at one table, as always
    game = email_game(game)
    with pytest.raises(RulesInputError, match="opening the envelope at one table is refused"):
        actions.open_envelope(game, "Hungary")
    later = email_game(opened)
    for _ in range(4):
        later = replace(later, turn=later.turn.next())
    with pytest.raises(RulesInputError, match="showing the card at one table is refused"):
        actions.show_card(later, "Hungary", typed_card="QH")
    with pytest.raises(RulesInputError, match="showing the card at one table is refused"):
        actions.request_re_count(later, "Hungary", "allied", typed_card="QH")


def test_show_card_refuses_an_envelope_drawn_by_e_mail_and_the_game_still_saves(tmp_path):
    """Issue 38 part 9: a showing outside the e-mail step (no keys, the Axis keys, or the Allied keys on a
    computer that does not sign for him) left a game whose file cannot be written."""
    from tests.core.europa.mail_play import Computer, end_turns, new_mail_game

    axis, allied = Computer(tmp_path / "ann", "axis", "Ann's own words"), Computer(tmp_path / "bob", "allied", "Bob's")
    raw = new_mail_game(axis, allied)
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k), "Draw")
    raw = allied.play(raw, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k), "Add")
    raw = axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k), "Consent")
    raw = allied.play(raw, lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0], "Open")
    raw = end_turns(axis, raw, 6)
    game = gamefile.loads(raw).game
    for keys, playing in ((None, None), (axis.keys(), axis.keys()), (allied.keys(), None),
                          (allied.keys(), axis.keys())):
        play_as(playing)
        try:
            with pytest.raises(RulesInputError, match="the Allied player shows it on his own computer"):
                actions.show_card(game, "Hungary", opener_keys=keys)
        finally:
            play_as(None)
    assert gamefile.loads(gamefile.dumps("europa", game)).game == game   # nothing changed: it saves as it was
    shown = allied.play(raw, lambda g, k: actions_mail.show_by_mail(g, "Hungary", k), "Show")   # the e-mail step
    assert gamefile.loads(shown).game.nation("Hungary").envelope.card and verify_bytes(shown).verified


# -- dice --------------------------------------------------------------------------------------

def revealed_game():
    game = email_game()
    game = on(ANN, game, lambda g: actions.set_special_rate(g, "Hungary", 50))
    game = on(BOB, game, lambda g: actions.set_special_rate(g, "Hungary", 40))
    return on(ANN, game, lambda g: actions.set_special_rate(g, "Hungary", 50))


def test_a_typed_die_by_e_mail_waits_for_both_players_agreement():
    game = revealed_game()
    with pytest.raises(RulesInputError, match=r"a die typed from a real die .* is refused: .*neither player has"):
        on(ANN, game, lambda g: actions.record_surrender_roll(g, "Hungary", 6))
    game = agree(BOB, agree(ANN, game, pbem.TYPED_DICE), pbem.TYPED_DICE)
    typed = on(ANN, game, lambda g: actions.record_surrender_roll(g, "Hungary", 6))
    assert typed.nation("Hungary").surrender.rolls[-1].source == "typed"
    assert verify_bytes(gamefile.dumps("europa", typed)).verified


def test_every_die_the_app_rolled_has_its_fair_die_and_one_without_is_named():
    game = on(ANN, revealed_game(), lambda g: actions.record_surrender_roll(g, "Hungary", None))
    assert fair_dice.app_dice_troubles(game.record) == ()
    value = game.nation("Hungary").surrender.rolls[-1].die
    # A modified program records "rolled by the app" for a die no fair die is behind, and signs it.
    other = value % 6 + 1
    play_as(ANN)
    try:
        record = game.record.append("procedure", T, f"Hungary: surrender roll for the nation: {other} (rolled by the "
                                    "app); special replacement rate 40%", at="")
        awaw_style = record.append("die", T, f"Colony roll: {value} (rolled by the app)",
                                   data={"value": value, "source": "rolled"}, at="")
    finally:
        play_as(None)
    troubles = fair_dice.app_dice_troubles(record)
    assert [t.n for t in troubles] == [len(record.entries) - 1]
    assert f"says the app rolled a {other}, but no fair die of the record before it gives {other}" in troubles[0].what
    assert fair_dice.problem(record) == troubles[0]   # what verify names
    # The one fair die is used once: a second entry claiming it, even with its value, is named too.
    assert [t.n for t in fair_dice.app_dice_troubles(awaw_style)] == [len(record.entries) - 1, len(record.entries)]


def test_a_die_that_names_its_fair_die_must_be_that_die():
    record = GameRecord("9" * 32).append("begun", T, "New game", at="")
    record = take_side(take_side(record, ANN, "axis", T), BOB, "allied", T)
    for side in ("axis", "allied", "axis"):
        play_as(PLAYERS[side])
        record = record.append("event", T, "Send turn", at="")
    play_as(ANN)
    try:
        value = fair_dice.app_die(record, "a roll", lambda: 0)
        record = record.append("die", T, f"a roll: {value} (rolled by the app)",
                               data={"value": value, "source": "rolled", "draw": 1}, at="")
        good = record
        wrong = record.append("die", T, "again", data={"value": value, "source": "rolled", "draw": 1}, at="")
    finally:
        play_as(None)
    assert fair_dice.app_dice_troubles(good) == ()
    assert "fair die 1, which no unused fair die" in fair_dice.app_dice_troubles(wrong)[0].what


def test_dice_at_one_table_before_any_keys_are_the_app_s_own():
    record = GameRecord("8" * 32).append("begun", T, "New game", at="")
    record = record.append("die", T, "a roll: 4 (rolled by the app)", data={"value": 4, "source": "rolled"}, at="")
    assert fair_dice.app_dice_troubles(record) == ()
    record = take_side(record, ANN, "axis", T)
    play_as(ANN)
    try:
        record = record.append("die", T, "a roll: 4 (rolled by the app)", data={"value": 4, "source": "rolled"},
                               at="")
    finally:
        play_as(None)
    assert len(fair_dice.app_dice_troubles(record)) == 1   # once keys are in the game, the app rolls fair dice only
