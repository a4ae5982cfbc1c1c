"""A World at War's file keeps the game record (format 4, issue 27): every past file loads with a record that
starts where it was read (the same file, the same record), the record survives a round trip, and a record or a
settled state changed outside the app is refused or named."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from awaw_desktop.core.awaw import game_record, sessionfile
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.files.atomic_file import SessionFileError
from awaw_desktop.core.record.blocks import blocks_of, entry_dicts

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
PAST = sorted(FIXTURES.glob("session-v*.awaw"))


def test_there_is_a_fixture_of_every_past_version():
    versions = {json.loads(path.read_text(encoding="utf-8"))["version"] for path in PAST}
    assert versions == set(range(1, sessionfile.FORMAT_VERSION))


@pytest.mark.parametrize("path", PAST, ids=[path.name for path in PAST])
def test_every_past_file_loads_with_a_record_that_starts_when_it_was_read(path):
    session = sessionfile.load(path)
    (entry,) = session.record.entries
    assert entry.kind == "migrated" and "holds no record of the game so far" in entry.summary
    assert entry.state == session.state_digest() and entry.at == ""
    again = sessionfile.load(path)
    assert again.record == session.record   # the same file is the same game, with the same record
    saved = sessionfile.loads(sessionfile.dumps(session))
    assert saved.record == session.record and saved.load_notes == []


def test_a_new_game_begins_its_record_and_a_round_trip_keeps_every_entry():
    session = Session.new(title="Tuesday")
    assert [entry.kind for entry in session.record.entries] == ["begun"]
    apply_end_of_turn(session)
    session.add_to_record("end-of-turn", "End of Fall 1939: Germany +5")
    loaded = sessionfile.loads(sessionfile.dumps(session))
    assert loaded.record == session.record and loaded.record.problem() is None
    assert loaded.load_notes == []


def test_an_entry_edited_by_hand_makes_the_file_refused_with_the_entry_named():
    session = Session.new(title="Tuesday")
    session.add_to_record("event", "Japan: war began in Fall 1939")
    document = json.loads(sessionfile.dumps(session))
    entries = entry_dicts(document["record"]["blocks"])
    entries[1]["summary"] = "Japan: war began in Spring 1942"
    document["record"]["blocks"] = blocks_of(entries)
    with pytest.raises(SessionFileError, match=r"does not hold at entry 2 \(Fall 1939\)"):
        sessionfile.loads(json.dumps(document).encode())


def test_a_carried_value_edited_by_hand_loads_but_does_not_agree_with_the_record():
    session = Session.new(title="Tuesday")
    document = json.loads(sessionfile.dumps(session))
    document["carry"]["britain"] = {"conciliation_points": 4}
    loaded = sessionfile.loads(json.dumps(document).encode())
    problem = game_record.check_against_record(loaded, loaded.record)
    assert problem is not None and problem.n == 0 and "are not those this entry sealed" in problem.what
    assert game_record.check_against_record(session, session.record) is None


@pytest.mark.parametrize("record, message", [
    ({"game_id": "0" * 32}, "exactly game_id and blocks"),
    ({"game_id": "0" * 32, "blocks": blocks_of([{"n": 0, "kind": "begun", "turn": "Fall 1939", "summary": "x",
                                                 "hash": "z" * 64}])}, "does not hold at entry 1"),
    ("not a record", "exactly game_id and blocks"),
])
def test_a_damaged_record_is_refused_with_a_message(record, message):
    document = json.loads(sessionfile.dumps(Session.new()))
    document["record"] = record
    with pytest.raises(SessionFileError, match=message):
        sessionfile.loads(json.dumps(document).encode())
