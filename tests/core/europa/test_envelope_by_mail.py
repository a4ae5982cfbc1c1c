"""An envelope drawn between two computers (56.E.1, issue 31): each side's step made on its own computer with its
keys, in order, each a signed entry of the record; the card the same on both computers once shown; a step by the
wrong side, a consent moved to another envelope, a wrong secret shown or a step forged refused, naming the entry."""

from __future__ import annotations

import json

import pytest

from awaw_desktop.core.europa import actions, actions_mail, game_record
from awaw_desktop.core.europa.actions_base import update_nation
from awaw_desktop.core.europa.cards import card_code
from awaw_desktop.core.europa.draw import commitment, derive_card_index
from awaw_desktop.core.europa.envelope import Stage
from awaw_desktop.core.europa.family import to_document
from awaw_desktop.core.europa.mail_draw import MAIL_DRAW
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import SessionFileError
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record.keys import play_as
from awaw_desktop.core.record.verify import verify_bytes

from .mail_play import Computer, end_turns, new_mail_game

S_A, S_B = bytes(range(32)), bytes(range(100, 132))


@pytest.fixture
def computers(tmp_path):
    return Computer(tmp_path / "ann", "axis", "Ann's own words"), Computer(tmp_path / "bob", "allied", "Bob's words")


def drawn_and_consented(axis, allied, nations=("Hungary",)):
    raw = new_mail_game(axis, allied, nations)
    for name in nations:
        raw = axis.play(raw, lambda g, k, n=name: actions_mail.draw_by_mail(g, n, k, S_A), "Draw")
        raw = allied.play(raw, lambda g, k, n=name: actions_mail.add_secret_by_mail(g, n, k, S_B), "Add")
        raw = axis.play(raw, lambda g, k, n=name: actions_mail.give_consent(g, n, k), "Consent")
    return raw


def test_each_side_makes_its_step_on_its_own_computer_and_both_see_the_same_card(computers):
    axis, allied = computers
    raw = new_mail_game(axis, allied)
    game = gamefile.loads(raw).game
    assert actions_mail.next_step(game, "Hungary")[:2] == ("axis-secret", "axis")
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k, S_A), "Draw")
    game = gamefile.loads(raw).game
    envelope = game.nation("Hungary").envelope
    assert envelope.mode == MAIL_DRAW and [p.side for p in envelope.contributions] == ["axis"]
    assert envelope.contributions[0].commitment == commitment(envelope.draw_id, "axis", S_A)
    assert actions_mail.next_step(game, "Hungary")[:2] == ("allied-secret", "allied")
    with pytest.raises(RulesInputError, match="the Axis player's step"):
        allied.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k))
    with pytest.raises(RulesInputError, match="the Allied side must add its secret first"):
        axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k))
    raw = allied.play(raw, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, S_B), "Add")
    with pytest.raises(RulesInputError, match="has not given its consent"):
        allied.play(raw, lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0])
    raw = axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k), "Consent")
    with pytest.raises(RulesInputError, match="the Allied player's step"):
        axis.play(raw, lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0])
    seen = []
    raw = allied.play(raw, lambda g, k: seen.append(actions_mail.open_by_mail(g, "Hungary", k)) or seen[-1][0], "Open")
    card = seen[-1][1]
    game = gamefile.loads(raw).game
    assert card == card_code(derive_card_index(game.nation("Hungary").envelope.draw_id, S_A, S_B))
    assert game.nation("Hungary").envelope.card == "" and actions_mail.next_step(game, "Hungary")[0] == "show"
    kinds = [(e.kind, e.author) for e in game.record.entries if e.data.get("step")]
    assert kinds == [("draw", "axis"), ("draw", "allied"), ("event", "axis"), ("opening", "allied")]
    assert verify_bytes(raw).verified
    with pytest.raises(RulesInputError, match="already opened"):
        allied.play(raw, lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0])
    assert allied.play(raw, lambda g, k: (seen.append(actions_mail.look_by_mail(g, "Hungary", k)), g)[1]) and \
        seen[-1] == card
    with pytest.raises(RulesInputError, match="shown to both sides on"):
        allied.play(raw, lambda g, k: actions_mail.show_by_mail(g, "Hungary", k))
    raw = end_turns(axis, raw, 6)
    raw = allied.play(raw, lambda g, k: actions_mail.show_by_mail(g, "Hungary", k), "Show")
    for computer in computers:   # each computer works the card out again from both secrets
        game, _comparison = computer.receive(raw)
        envelope = game.nation("Hungary").envelope
        assert envelope.card == card and envelope.revealed == (S_A.hex(), S_B.hex())
        assert envelope.revealed_card() == card and envelope.stage(game.turn) is Stage.SHOWN
    assert verify_bytes(raw).verified
    showing = gamefile.loads(raw).game.record.entries[-1]
    assert showing.kind == "showing" and showing.author == "allied" and showing.data["revealed"] == [S_A.hex(),
                                                                                                   S_B.hex()]


def test_the_one_table_steps_refuse_an_envelope_drawn_by_mail_and_keys_refuse_the_one_table_draw(computers):
    axis, allied = computers
    raw = drawn_and_consented(axis, allied)
    game = gamefile.loads(raw).game
    with pytest.raises(RulesInputError, match="drawn by e-mail"):
        actions.open_envelope(game, "Hungary", "Ann's own words", "Bob's words")
    with pytest.raises(RulesInputError, match="drawn by e-mail"):
        actions.check_passphrase(game, "Hungary", "axis", "Ann's own words")
    stranger = Computer(axis.store.directory.parent.parent / "eve", "axis", "Eve's words")
    with pytest.raises(RulesInputError, match="these keys as one of them"):
        stranger.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k))


def test_a_consent_moved_to_another_envelope_does_not_open(computers):
    axis, allied = computers
    raw = new_mail_game(axis, allied, ("Hungary", "Rumania"))
    for name in ("Hungary", "Rumania"):
        raw = axis.play(raw, lambda g, k, n=name: actions_mail.draw_by_mail(g, n, k), "Draw")
        raw = allied.play(raw, lambda g, k, n=name: actions_mail.add_secret_by_mail(g, n, k), "Add")
    raw = axis.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k), "Consent")
    game = gamefile.loads(raw).game
    hungary = game.nation("Hungary").envelope
    moved = update_nation(game, "Rumania", lambda n: replace(n, envelope=replace(
        n.envelope, consent=hungary.consent)))
    with pytest.raises(RulesInputError, match="does not open with these keys"):
        actions_mail.open_by_mail(moved, "Rumania", allied.keys())
    own_box = replace(hungary, consent=replace(hungary.consent, ciphertext=hungary.contributions[0].sealed_secret
                                               .ciphertext))
    swapped = update_nation(game, "Hungary", lambda n: replace(n, envelope=own_box))
    with pytest.raises(RulesInputError, match="does not open with these keys"):
        actions_mail.open_by_mail(swapped, "Hungary", allied.keys())


def test_a_consent_holding_another_secret_is_refused(computers):
    axis, allied = computers
    raw = new_mail_game(axis, allied)
    raw = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k, S_A), "Draw")
    raw = allied.play(raw, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, S_B), "Add")
    from awaw_desktop.core.europa.keybox import KeyBox
    from awaw_desktop.core.europa.mail_draw import CONSENT, mail_context
    from awaw_desktop.core.record.keys import seal_to

    game = gamefile.loads(raw).game
    envelope = game.nation("Hungary").envelope
    forged = KeyBox.of(seal_to(game.record.player_keys()["allied"], bytes(32), mail_context(envelope.draw_id,
                                                                                           CONSENT)))
    game = update_nation(game, "Hungary", lambda n: replace(n, envelope=replace(envelope, consent=forged)))
    with pytest.raises(RulesInputError, match="does not hold the secret the Axis side committed to"):
        actions_mail.open_by_mail(game, "Hungary", allied.keys())


def _written(game) -> bytes:
    """A file as a modified program would write it (``gamefile.dumps`` refuses to write what it could not read)."""
    return json.dumps(to_document(game)).encode()


def test_a_wrong_secret_at_the_showing_is_refused_naming_the_entry(computers):
    axis, allied = computers
    raw = allied.play(drawn_and_consented(axis, allied), lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0])
    raw = end_turns(allied, raw, 6)
    game = gamefile.loads(raw).game
    play_as(allied.keys())
    try:   # the Allied player's own program shows another secret, in an entry his keys sign
        shown = actions_mail.show_by_mail(game, "Hungary", allied.keys())
        envelope = shown.nation("Hungary").envelope
        other = bytes(32)
        lie = replace(envelope, revealed=(S_A.hex(), other.hex()),
                      card=card_code(derive_card_index(envelope.draw_id, S_A, other)))
        forged = game_record.recorded(game, update_nation(shown, "Hungary", lambda n: replace(
            n, envelope=lie)), "Show")
    finally:
        play_as(None)
    raw = _written(forged)
    assert forged.record.signature_problem() is None   # well signed: what refuses it is the commitment
    with pytest.raises(SessionFileError, match=r"entry \d+ \(.*\): Hungary: the showing is refused: the Allied "
                                               "secret does not match its commitment"):
        axis.receive(raw)
    assert not verify_bytes(raw).verified and "the showing is refused" in verify_bytes(raw).words()


def test_a_step_added_by_the_other_side_is_refused(computers):
    """An Allied player who recorded an Axis secret of his own would know both secrets before committing his: he
    could choose the card.  A draw's Axis commitment must be the Axis player's (signed by his keys)."""
    axis, allied = computers
    raw = new_mail_game(axis, allied)
    game = gamefile.loads(raw).game
    play_as(allied.keys())
    try:
        from awaw_desktop.core.europa import envelope_mail

        nation = game.nation("Hungary")
        envelope = envelope_mail.draw_by_mail(game.turn, allied.keys(), (game.record.game_id, nation.name, 0), S_A)
        made = actions.file_new(game, "Hungary", envelope, "a card was drawn and sealed by e-mail: the Axis side "
                                                            "committed its secret")
        forged = game_record.recorded(game, made, "Draw")
    finally:
        play_as(None)
    with pytest.raises(SessionFileError, match="the Axis secret of a draw by e-mail was added by the Allied player"):
        axis.receive(_written(forged))


def test_consent_is_not_given_twice_for_one_draw_so_the_allied_player_cannot_choose_his_secret(computers):
    """Once consent is given, the Allied player knows the Axis secret: were he to go back to the copy before his own
    secret and add another, chosen to draw the card he wants, a second consent would give it him.  The Axis
    computer remembers the consent it gave (its seen store) and refuses."""
    axis, allied = computers
    raw = new_mail_game(axis, allied)
    drawn = axis.play(raw, lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k, S_A), "Draw")
    raw = allied.play(drawn, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, S_B), "Add")
    axis.play(raw, lambda g, k: actions_mail.give_consent(
        g, "Hungary", k, [e.summary for e in axis.seen.entries_seen(g.record.game_id)]), "Consent")
    chosen = bytes(range(200, 232))   # an Allied secret picked knowing the Axis one
    again = allied.play(drawn, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, chosen), "Add")
    _game, comparison = axis.receive(again)
    assert comparison.verdict == "fork"
    with pytest.raises(RulesInputError, match="already gave the consent to open this draw of Hungary"):
        axis.play(again, lambda g, k: actions_mail.give_consent(
            g, "Hungary", k, [e.summary for e in axis.seen.entries_seen(g.record.game_id)]), "Consent")


def test_an_allied_count_request_shows_a_card_opened_by_mail_from_his_computer_alone(computers):
    axis, allied = computers
    raw = allied.play(drawn_and_consented(axis, allied), lambda g, k: actions_mail.open_by_mail(g, "Hungary", k)[0])
    raw = end_turns(axis, raw, 2)
    game = gamefile.loads(raw).game
    with pytest.raises(RulesInputError, match="requests it on his own computer, with his keys"):
        actions.request_re_count(game, "Hungary", "allied")   # at one table: no keys given
    raw = allied.play(raw, lambda g, k: actions.request_re_count(g, "Hungary", "allied", opener_keys=k)[0], "Count")
    game, _comparison = axis.receive(raw)
    envelope = game.nation("Hungary").envelope
    assert envelope.card == card_code(derive_card_index(envelope.draw_id, S_A, S_B))
    assert envelope.shown_how == "count-request" and verify_bytes(raw).verified
    showing = next(e for e in game.record.entries if e.kind == "showing")
    assert showing.author == "allied" and showing.data["revealed"] == [S_A.hex(), S_B.hex()]


def test_a_step_under_the_right_side_s_name_but_not_its_keys_is_refused(computers):
    """A modified program can write "axis" as an entry's author; it cannot sign with the Axis keys."""
    from awaw_desktop.core.europa import envelope_mail
    from awaw_desktop.core.record.keys import PlayerKeys, Signer

    axis, allied = computers
    game = gamefile.loads(new_mail_game(axis, allied)).game
    nation = game.nation("Hungary")
    mallory = PlayerKeys.new()
    envelope = envelope_mail.draw_by_mail(game.turn, mallory, (game.record.game_id, nation.name, 0), S_A)
    made = actions.file_new(game, "Hungary", envelope, "a card was drawn and sealed by e-mail: the Axis side "
                                                        "committed its secret")
    entries = game_record.step_entries(game, made, "Draw")
    record = game.record
    for kind, words, rules, data, turn in entries:
        record = record.append(kind, turn or made.turn.title, words, rules, data, game_record.state_digest(made),
                               signer=Signer(side="axis", keys=mallory))
    with pytest.raises(SessionFileError, match="its signature is not the Axis player's"):
        allied.receive(_written(replace(made, record=record)))


def test_an_envelope_by_mail_as_a_file_holds_it_is_read_strictly(computers):
    """Boxes of the right shape and lengths, each in its place; a consent only once both secrets are committed."""
    from awaw_desktop.core.europa.envelope import Envelope

    axis, allied = computers
    game = gamefile.loads(drawn_and_consented(axis, allied)).game
    stored = game.nation("Hungary").envelope.to_json()
    assert Envelope.from_json(stored, "e") == game.nation("Hungary").envelope
    early = {**stored, "contributions": {"axis": stored["contributions"]["axis"]}}
    with pytest.raises(RulesInputError, match="the Axis consent is given only once both secrets are committed"):
        Envelope.from_json(early, "e")
    short = {**stored, "consent": {**stored["consent"], "nonce": "AAAA"}}
    with pytest.raises(RulesInputError, match=r"e\.consent: the ephemeral key or the nonce has the wrong length"):
        Envelope.from_json(short, "e")
    one_table = {**stored, "mode": "sealed-draw", "consent": None}
    with pytest.raises(RulesInputError, match="keeps its secrets under passphrases"):
        Envelope.from_json(one_table, "e")
    unbound = {**stored, "nonce": ""}
    with pytest.raises(RulesInputError, match="bound to its game, nation and envelope"):
        Envelope.from_json(unbound, "e")
