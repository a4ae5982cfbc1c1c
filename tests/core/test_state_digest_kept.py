"""The settled state's digest, worked out from each log line's and die's kept bytes (issue 36: an end of turn at
1,000 turns no longer writes the whole log out again), is the digest of the settled state itself: every file's
sealed states still match."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import game_record
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die
from awaw_desktop.core.record.chain import digest


def played(turns: int, title: str = "Kept bytes") -> Session:
    session = Session.new(title=title)
    for index in range(turns):
        before = session.snapshot()
        record_die(session, "A die", "58.532", index % 6 + 1, "rolled")
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
        game_record.record_step(session, game_record.step_entries(before, session, "End of turn"), point)
    return session


@settings(max_examples=40, deadline=None)
@given(title=st.text(max_size=40), players=st.dictionaries(st.sampled_from(["axis", "allied"]), st.text(max_size=20)))
def test_the_digest_is_the_settled_states_whatever_the_players_typed(title, players):
    session = played(2, title)
    session.players.update(players)
    assert session.state_digest() == digest(session.settled_state())


def test_a_long_game_and_its_undone_steps_keep_the_same_digests():
    session = played(40)
    session.title = "x" * 70_000   # long enough for OpenSSL's SHA-256 (awaw.session._LONG_STATE)
    assert session.state_digest() == digest(session.settled_state())
    earlier = session.snapshot()
    session.history.pop()
    session.dice.pop()
    assert session.state_digest() == digest(session.settled_state())
    assert earlier.state_digest() == digest(earlier.settled_state()) != session.state_digest()
