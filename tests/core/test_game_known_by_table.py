"""A game is known by its table and its players (issue 35.3): a game rewritten under a new game id (keys dropped, or
kept) is named before it opens, and one side's keys are never the other's."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record.chain import GameRecord, table_of
from awaw_desktop.core.record.keys import PlayerKeys, Signer, side_of, take_side
from awaw_desktop.core.record.seen import SeenStore, shared_keys_problem

ROOT = Path(__file__).resolve().parents[2]
ANN, BOB = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")


def begun(game_id: str, title: str = "Kursk", players=("Ann", "Bob"), turn: str = "Jul I 1943") -> GameRecord:
    return GameRecord(game_id).append("begun", turn, "New Europa game", data={"table": table_of(title, players)},
                                      at="")


def by_mail(record: GameRecord) -> GameRecord:
    return take_side(take_side(record, ANN, "axis", record.entries[-1].turn), BOB, "allied", record.entries[-1].turn)


def given_the_other_sides_keys(record: GameRecord) -> GameRecord:
    """Bob's key change (signed by his own keys, as a change must be) recording Ann's public keys for his side."""
    return record.append("key", "Jul I 1943", f"The Allied player's keys, fingerprint {ANN.public.fingerprint}",
                         data={"keys": ANN.public.to_json()}, signer=Signer(side="allied", keys=BOB))


def test_a_new_game_at_a_table_known_from_email_play_is_named_with_when_it_began(tmp_path):
    store = SeenStore(tmp_path)
    played = by_mail(begun("a" * 32)).append("end-of-turn", "Jul II 1943", "End of Jul I 1943")
    store.remember(played)
    rewritten = begun("b" * 32, turn="Jul I 1943")                        # keys dropped, under a new game id
    comparison = store.compare(rewritten)
    assert comparison.verdict == "new-game" and comparison.trouble
    assert "not the game you play by e-mail at this table" in comparison.words
    assert "begun Jul I 1943" in comparison.words and f"record {played.code}" in comparison.words
    assert "seen here up to Jul II 1943" in comparison.words
    same_table_spelled_otherwise = begun("c" * 32, title="  KURSK ", players=("ann", "Bob"))
    assert store.compare(same_table_spelled_otherwise).verdict == "new-game"
    store.remember(rewritten)                                              # opened by choice: known from now on
    assert store.compare(rewritten).verdict == "seen"


def test_a_new_game_at_a_table_played_only_at_one_table_asks_nothing(tmp_path):
    store = SeenStore(tmp_path)
    store.remember(begun("a" * 32))                                        # no keys: played at one table
    assert store.compare(begun("b" * 32)).verdict == "new"
    assert store.compare(begun("c" * 32, title="Another evening")).verdict == "new"


def test_a_new_game_signed_by_keys_known_from_another_game_is_named(tmp_path):
    store = SeenStore(tmp_path)
    store.remember(by_mail(begun("a" * 32, title="Tuesday")))
    elsewhere = by_mail(begun("b" * 32, title="Wednesday", players=("Carl", "Dora")))
    comparison = store.compare(elsewhere)
    assert comparison.verdict == "new-game"
    assert "knows these players' keys from" in comparison.words and "Axis player's keys there" in comparison.words


def test_the_index_survives_a_new_store_and_a_damaged_index_is_rebuilt(tmp_path):
    SeenStore(tmp_path).remember(by_mail(begun("a" * 32)))
    assert SeenStore(tmp_path).compare(begun("b" * 32)).verdict == "new-game"
    (tmp_path / "index.seen").write_text("{not json", encoding="utf-8")
    assert SeenStore(tmp_path).compare(begun("b" * 32)).verdict == "new-game"   # tables and e-mail play: from files


def test_a_key_change_giving_one_side_the_others_keys_is_refused_and_named(tmp_path):
    record = by_mail(begun("a" * 32))
    swapped = given_the_other_sides_keys(record)
    assert swapped.signature_problem() is None                             # signed as a change must be ...
    problem = shared_keys_problem(swapped)
    assert problem is not None and problem.n == len(swapped) - 1           # ... yet named
    assert "the keys the Axis player holds" in problem.words()
    assert shared_keys_problem(record) is None
    assert side_of(ANN, swapped) is None                                   # Ann's app signs for neither side
    assert side_of(ANN, record) == "axis" and side_of(BOB, record) == "allied"
    comparison = SeenStore(tmp_path).compare(swapped)
    assert comparison.verdict == "keys-shared" and "Allied side the keys that the Axis player holds" in \
        comparison.words
    with pytest.raises(RulesInputError, match="the Axis side's in this game"):
        take_side(take_side(begun("b" * 32), ANN, "axis", "Jul I 1943"), ANN, "allied", "Jul I 1943")


def test_a_copy_whose_sides_keys_are_the_other_sides_as_seen_here_is_named(tmp_path):
    """Bob rewrites the game (the same id) so that Ann's keys stand for the Allied side from the start."""
    store = SeenStore(tmp_path)
    store.remember(by_mail(begun("a" * 32)))
    rewritten = take_side(take_side(begun("a" * 32), ANN, "allied", "Jul I 1943"), BOB, "axis", "Jul I 1943")
    comparison = store.compare(rewritten)
    assert comparison.verdict == "keys-shared" and "in this game as this computer has seen it" in comparison.words


def test_verify_fails_a_file_that_gives_one_side_the_others_keys(tmp_path):
    session = Session.new(title="Kursk", players={"axis": "Ann", "allied": "Bob"})
    session.record = given_the_other_sides_keys(by_mail(session.record))
    path = tmp_path / "swapped.awaw"
    path.write_bytes(sessionfile.dumps(session))
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "data"))
    done = subprocess.run([sys.executable, "-m", "awaw_desktop", "verify", str(path)], env=env, capture_output=True,
                          text=True, timeout=120, check=False)
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "NOT verified" in done.stdout and "one side's keys are never the other's" in done.stdout
    assert json.loads(path.read_text(encoding="utf-8"))["title"] == "Kursk"
