"""``verify`` names the range it verified up to the game's turn now, not the last entry's (play-tests round
five, issue 37)."""

from __future__ import annotations

from awaw_desktop.core.awaw import game_record, sessionfile
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.record.verify import verify_bytes


def test_the_range_ends_at_the_games_turn():
    session = Session.new(title="Range")
    before = session.snapshot()
    point = session.checkpoint(f"End of {session.turn.title}")
    apply_end_of_turn(session)
    session.checkpoints.append(point)
    game_record.record_step(session, game_record.step_entries(before, session, "End of turn"), point)
    found = verify_bytes(sessionfile.dumps(session))
    assert found.verified, found.words()
    assert found.words().endswith(f"to {session.turn.title})")
    assert found.game_turn == session.turn.title
