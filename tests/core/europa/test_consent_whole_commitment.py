"""The Axis computer gives its consent to open a draw by e-mail once (56.E.1, issue 35 part 4): a second consent for
the same draw and another Allied secret is refused, the Allied commitment compared whole (64 hex digits, constant
time), never on a prefix: 12 digits (48 bits) could be matched by an Allied secret chosen knowing the Axis one,
about 2^48 hashes."""

from __future__ import annotations

import pytest

from awaw_desktop.core.europa import actions_mail
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.lines import RulesInputError

from .mail_play import Computer, new_mail_game

S_A, S_B, CHOSEN = bytes(range(32)), bytes(range(100, 132)), bytes(range(200, 232))


@pytest.fixture
def computers(tmp_path):
    return Computer(tmp_path / "ann", "axis", "Ann's own words"), Computer(tmp_path / "bob", "allied", "Bob's words")


def _seen(computer, raw):
    return [entry.summary for entry in computer.seen.entries_seen(gamefile.loads(raw).game.record.game_id)]


def _consent(computer, raw, seen):
    return computer.play(raw, lambda g, k: actions_mail.give_consent(g, "Hungary", k, seen), "Consent")


def _consent_line(seen):
    return next(words for words in seen if actions_mail.CONSENTED in words)


def test_the_consent_line_names_the_whole_allied_commitment_and_the_same_one_is_consented_again(computers):
    axis, allied = computers
    drawn = axis.play(new_mail_game(axis, allied), lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k, S_A))
    added = allied.play(drawn, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, S_B), "Add")
    _consent(axis, added, _seen(axis, added))
    commitment = gamefile.loads(added).game.nation("Hungary").envelope.contributions[1].commitment
    line = _consent_line(_seen(axis, added))
    assert f"Allied commitment {commitment})" in line and len(commitment) == 64
    # The same Allied secret (the copy before the consent, opened again, or a consent undone): given again.
    again = _consent(axis, added, _seen(axis, added))
    assert gamefile.loads(again).game.nation("Hungary").envelope.consent is not None


def test_a_second_allied_secret_whose_commitment_shares_48_bits_is_refused(computers):
    """What 2^48 hashes would buy the Allied player: an Allied secret for an older copy whose commitment begins with
    the 12 digits the first consent named.  The memory of that consent is written here as such a secret would leave
    it (the copy's own commitment, its first 12 digits, followed by the rest of another)."""
    axis, allied = computers
    drawn = axis.play(new_mail_game(axis, allied), lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k, S_A))
    added = allied.play(drawn, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, S_B), "Add")
    _consent(axis, added, _seen(axis, added))
    first = gamefile.loads(added).game.nation("Hungary").envelope.contributions[1].commitment
    chosen = allied.play(drawn, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, CHOSEN), "Add")
    second = gamefile.loads(chosen).game.nation("Hungary").envelope.contributions[1].commitment
    assert first != second
    line = _consent_line(_seen(axis, added))
    sharing = line.replace(first, second[:12] + first[12:])   # a consent given for a commitment 48 bits alike
    assert second[:12] in sharing and second not in sharing
    with pytest.raises(RulesInputError, match="already gave the consent to open this draw of Hungary"):
        _consent(axis, chosen, [sharing])
    # And the real memory (the whole first commitment) refuses it too, as before.
    with pytest.raises(RulesInputError, match="Consent is not given twice for one draw"):
        _consent(axis, chosen, _seen(axis, chosen))


def test_a_consent_remembered_from_an_earlier_version_with_12_digits_cannot_tell_and_refuses(computers):
    axis, allied = computers
    drawn = axis.play(new_mail_game(axis, allied), lambda g, k: actions_mail.draw_by_mail(g, "Hungary", k, S_A))
    added = allied.play(drawn, lambda g, k: actions_mail.add_secret_by_mail(g, "Hungary", k, S_B), "Add")
    commitment = gamefile.loads(added).game.nation("Hungary").envelope.contributions[1].commitment
    _consent(axis, added, _seen(axis, added))
    older = _consent_line(_seen(axis, added)).replace(commitment, commitment[:12])   # as earlier versions wrote it
    with pytest.raises(RulesInputError, match="void this envelope by agreement and draw a new card"):
        _consent(axis, added, [older])
    # A consent line of another nation's draw, or none at all, refuses nothing.
    assert gamefile.loads(_consent(axis, added, [older.replace("Hungary:", "Finland:")])).game.nation(
        "Hungary").envelope.consent is not None
