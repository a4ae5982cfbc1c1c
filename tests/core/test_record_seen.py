"""What this computer has seen (core/record/seen.py): an older copy, a fork and a copy set aside are named; the
players' own progress is not."""

from __future__ import annotations

from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.core.record.seen import SeenStore
from awaw_desktop.core.record.words import comparison_words


def game(*events: str, record: GameRecord | None = None) -> GameRecord:
    record = record or GameRecord("a" * 32).append("begun", "Jul I 1943", "New game", at="")
    for index, event in enumerate(events):
        kind = "opening" if "opened" in event else "end-of-turn"
        record = record.append(kind, f"Turn {len(record)}", event, at="", data={"i": index})
    return record


def test_a_game_never_seen_is_new_then_seen(tmp_path):
    store = SeenStore(tmp_path)
    record = game("end 1")
    assert store.compare(record).verdict == "new"
    store.remember(record)
    assert store.compare(record).verdict == "seen"
    assert store.compare(game("end 1", "end 2")).verdict == "seen"   # played on: nothing to say


def test_an_older_copy_is_named_with_what_the_newer_one_held(tmp_path):
    store = SeenStore(tmp_path)
    older = game("end 1")
    newer = game("Italy's envelope opened by the Allied side", "end 2", record=older)
    store.remember(newer)
    comparison = store.compare(older)
    assert comparison.verdict == "older" and comparison.trouble
    words = comparison_words(comparison, older)
    assert "This copy ends at Turn 1" in words and "Italy's envelope opened by the Allied side (Turn 2)" in words
    assert "1 end of turn" in words


def test_a_discarded_opening_counts_as_seen_the_moment_it_is_remembered(tmp_path):
    store = SeenStore(tmp_path)
    saved = game("end 1")
    store.remember(saved, own=True)
    store.remember(game("Italy's envelope opened by the Allied side", record=saved))   # then Discard
    assert store.compare(saved).verdict == "older"


def test_two_copies_played_on_from_one_file_part_at_the_entry_where_they_differ(tmp_path):
    store = SeenStore(tmp_path)
    base = game("end 1")
    one = game("end 2 here", record=base)
    other = game("end 2 there", record=base)
    store.remember(one)
    comparison = store.compare(other)
    assert comparison.verdict == "fork" and comparison.at == 2
    assert "at entry 3" in comparison_words(comparison, other) and "end 2 here" in comparison_words(comparison, other)


def test_going_on_from_an_older_copy_sets_the_newer_aside_and_names_it_if_it_comes_back(tmp_path):
    store = SeenStore(tmp_path)
    older = game("end 1")
    newer = game("Italy's envelope opened by the Allied side", record=older)
    store.remember(newer)
    went_on = older.append("went-on", "Turn 2", "Went on from an older copy", at="")
    store.set_aside(went_on, store.compare(older))
    assert store.compare(went_on).verdict == "seen"
    assert store.compare(newer).verdict == "set-aside"
    assert store.compare(older).verdict == "older"   # the older copy without the choice is older than the choice


def test_own_head_is_what_this_computer_last_saved_or_sent(tmp_path):
    store = SeenStore(tmp_path)
    record = game("end 1")
    store.remember(record, own=True)
    assert store.own_head(record.game_id) == record.head
    store.remember(game("end 2", record=record))
    assert store.own_head(record.game_id) == record.head


def test_a_damaged_or_unwritable_memory_never_stops_a_game(tmp_path):
    store = SeenStore(tmp_path)
    record = game("end 1")
    (tmp_path / f"{record.game_id}.json").write_text("{not json", encoding="utf-8")
    assert store.compare(record).verdict == "new"
    blocked = SeenStore(tmp_path / "file")
    (tmp_path / "file").write_text("", encoding="utf-8")
    blocked.remember(record)   # no folder can be made: nothing raised
    assert blocked.compare(record).verdict == "new"
