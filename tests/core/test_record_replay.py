"""``verify`` replays the game (issue 35.2): every end of turn whose checkpoint the file keeps is worked out again by
the rules from the state it started from and compared with what the game went on from; a carried value, a level or
a turn the rules do not give is named with its turn and both values, even when the chain and the signatures hold
(a changed program, honest words).  The same replay runs from a given entry on (the window's open path)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.family import FAMILY as AWAW
from awaw_desktop.core.awaw.replay import replay
from awaw_desktop.core.awaw.unentered import end_the_turn
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa import game_record as europa_record
from awaw_desktop.core.europa.actions_base import log_event
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.family import FAMILY as EUROPA
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record.chain import GameRecord, digest
from awaw_desktop.core.record.keys import PlayerKeys, play_as, take_side
from awaw_desktop.core.record.verify import verify_bytes

from .record_games import end_turn, long_game, step

AXIS, ALLIED = "olive branch grove", "red barn door"


@pytest.fixture(autouse=True)
def _one_table_afterwards():
    yield
    play_as(None)


def cheating_end_turn(session, value=12):
    """A changed program's end of turn: the rules' words, but Japan's cumulative total carried as ``value``."""
    def cheat(s):
        end_the_turn(s)
        s.carry["japan"]["cumulative_total"] = value
    step(session, f"End of {session.turn.title}", cheat)


def test_an_honest_long_game_replays_clean_from_its_file():
    session = long_game(44)
    loaded = sessionfile.loads(sessionfile.dumps(session))
    assert replay(loaded) == [] and len(loaded.checkpoints) == 44
    verification = verify_bytes(sessionfile.dumps(loaded))
    assert verification.verified, verification.words()


def test_a_wrong_carried_value_sealed_by_a_changed_program_is_named_with_both_values():
    session = long_game(5)
    cheating_end_turn(session)   # Winter 1940
    for _ in range(3):
        end_turn(session)
    raw = sessionfile.dumps(session)   # the chain holds: every entry is as that program wrote it
    verification = verify_bytes(raw)
    assert not verification.verified
    assert "End of turn Winter 1940: carried value Japan cumulative_total sealed 12, the rules give 0" in \
        verification.words()
    (finding,) = AWAW.replay(sessionfile.loads(raw))
    assert finding.turn == "Winter 1940" and session.record.entries[finding.n].kind == "end-of-turn"


def test_a_wrong_value_signed_by_the_players_keys_is_named_too():
    ann, bob = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    session = long_game(2)
    session.record = take_side(take_side(session.record, ann, "axis", "Fall 1939"), bob, "allied", "Fall 1939")
    play_as(ann)   # every entry from here on is signed by the Axis player
    end_turn(session)
    cheating_end_turn(session, value=7)
    end_turn(session)
    play_as(None)
    verification = verify_bytes(sessionfile.dumps(session))
    assert session.record.signature_problem() is None   # signed: what a changed program on Ann's computer writes
    assert "NOT verified" in verification.words() and "sealed 7, the rules give 0" in verification.words()


def test_the_replay_runs_from_the_entry_given_and_an_undone_end_of_turn_is_not_a_finding():
    session = long_game(3)
    before = session.snapshot()
    end_turn(session)   # ended, then undone as the window undoes it (an entry says so)
    session.restore(before)
    session.add_to_record("undone", "Undone: End of Fall 1940")
    end_turn(session)
    first = len(session.record)
    cheating_end_turn(session)
    assert [finding.n for finding in replay(session)] == [first]
    assert [finding.n for finding in replay(session, start=first)] == [first]
    assert replay(session, start=first + 1) == []   # replayed here before: not again


def test_a_damaged_checkpoint_is_a_finding_never_an_exception():
    session = long_game(3)
    session.checkpoints[1]["state"]["inputs"]["germany"] = {"dp_level": {"not": "a number"}}
    damaged = sessionfile.dumps(session)   # the checkpoint's digest no longer matches its entry: named first
    verification = verify_bytes(damaged)
    assert not verification.verified
    assert isinstance(replay(sessionfile.loads(damaged)), list)


def europa_game():
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), "Danube", "Ann", "Bob")
    for change in (lambda g: actions.add_nation(g, "Italy"), lambda g: actions.draw_envelope(g, "Italy", AXIS, ALLIED),
                   lambda g: actions.open_envelope(g, "Italy", AXIS, ALLIED)[0]):
        game = europa_record.recorded(game, change(game), "a change")
    return game


def europa_turns(game, count):
    for _ in range(count):
        game = europa_record.recorded(game, actions.end_turn(game)[0], "End turn")
    return game


def test_an_honest_europa_game_replays_clean():
    game = europa_turns(europa_game(), 6)
    assert EUROPA.replay(game) == []
    assert verify_bytes(gamefile.dumps("europa", game)).verified


def test_a_europa_end_of_turn_that_skips_a_turn_or_a_cards_date_is_named():
    game = europa_turns(europa_game(), 1)   # Jul I 1943
    skipped = replace(game, turn=game.turn.plus_turns(2))   # a changed program: Aug I, not Jul II
    skipped = europa_record.recorded(game, log_event(skipped, "56", "", f"game turn {skipped.turn} begins"), "End")
    words = verify_bytes(gamefile.dumps("europa", skipped)).words()
    assert "End of turn Aug I 1943: the game moved on from Jul I 1943 to Aug I 1943, the rules give Jul II 1943" \
        in words
    quiet = replace(game, turn=game.turn.next())   # Jul II 1943, the card's coming into effect left unsaid
    quiet = europa_record.recorded(game, log_event(quiet, "56", "", f"game turn {quiet.turn} begins"), "End")
    words = verify_bytes(gamefile.dumps("europa", quiet)).words()
    assert "End of turn Jul II 1943: Italy: the envelope's dates give \u201cthe card comes into effect\u201d" in words


JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                    | st.text(max_size=20), lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(power=st.sampled_from(["germany", "japan", "britain", "russia"]), part=st.sampled_from(["inputs", "carry"]),
       key=st.sampled_from(["dp_level", "firestorms", "cumulative_total", "surrendered", "x"]), value=JSON)
def test_a_checkpoint_of_any_shape_sealed_by_its_entry_is_a_finding_never_an_exception(power, part, key, value):
    """A changed program that seals a hostile checkpoint (its digest in the end of turn's entry, the chain written
    again): the replay names the end of turn or finds nothing wrong, and never raises."""
    session = long_game(3)
    point = session.checkpoints[1]
    old = digest(point)
    point["state"][part].setdefault(power, {})[key] = value
    entries, previous = [], session.record.entries[0].hash
    for entry in session.record.entries:
        if entry.data.get("before") == old:
            entry = replace(entry, data={**entry.data, "before": digest(point)})
        if entries:
            entry = replace(entry, hash=entry.hashed(previous))
        entries.append(entry)
        previous = entry.hash
    session.record = GameRecord(session.record.game_id, tuple(entries))
    assert session.record.problem() is None
    for finding in replay(session):
        assert finding.what.startswith("End of turn ")


def test_an_end_of_turn_answered_against_the_usual_answer_replays_with_the_answer_it_logged():
    session = long_game(2)
    end_turn(session, {"russia.brp_option": "surrender_ic"})   # 60.21: the Russian player's choice, not the default
    assert session.carry["russia"]["brp_option"] == "surrender_ic"
    end_turn(session)
    assert replay(sessionfile.loads(sessionfile.dumps(session))) == []
    cheating_end_turn(session)   # and a wrong value beside the answer is still named
    assert "sealed 12, the rules give 0" in replay(session)[0].what


def test_an_end_of_turn_undone_after_another_is_not_taken_for_the_earlier_one_undone():
    """Found by the fault hunt at full size (issue 38): on the France example (its record holds an end of turn), an
    end of turn made and undone left verify naming the example's own earlier end of turn as "later undone", with a
    state the rules did not give: an honest game said not to hold."""
    from pathlib import Path

    from awaw_desktop.core.awaw import game_record as awaw_record
    from awaw_desktop.core.awaw import sessionfile as awaw_file
    from awaw_desktop.core.awaw.replay import replay as awaw_replay
    from awaw_desktop.core.awaw.session import apply_end_of_turn as end_of_turn

    example = Path(__file__).resolve().parents[2] / "resources" / "examples" / "france-about-to-fall-1940.awaw"
    session = awaw_file.load(example)
    assert awaw_replay(session) == []
    before = session.snapshot()
    point = session.checkpoint(f"End of {session.turn.title}")
    end_of_turn(session, {})
    session.checkpoints.append(point)
    awaw_record.record_step(session, awaw_record.step_entries(before, session, "End of turn"), point)
    undone = before.snapshot()
    undone.record = session.record
    undone.add_to_record("undone", f"Undone: End of {before.turn.title}")
    assert awaw_replay(undone) == []
    assert awaw_record.check_against_record(undone, undone.record) is None
