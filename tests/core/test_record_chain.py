"""The game record (core/record/chain.py): append-only, hash-chained; any change to any entry, its order, its number
or its game is found, and named by the first entry that no longer holds."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record.blocks import BLOCK, blocks_of, entry_dicts
from awaw_desktop.core.record.chain import GameRecord, canonical, digest, genesis, new_game_id
from awaw_desktop.core.record.codes import head_code, normal_code


def played(entries: int = 5, game_id: str = "0" * 32) -> GameRecord:
    record = GameRecord(game_id)
    record = record.append("begun", "Fall 1939", "New game: Updated edition, Global War", at="2026-11-27T10:00Z")
    for number in range(1, entries):
        record = record.append("end-of-turn", f"Turn {number}", f"Germany +{number}, Italy 0", rules="55.1",
                               data={"levels": {"germany": number, "italy": 0}}, state=digest({"turn": number}),
                               at="2026-11-27T10:00Z")
    return record


def written(record: GameRecord) -> dict:
    """A record as its file holds it, with its entries as plain objects to edit (``file_form`` writes them back)."""
    document = record.to_json()
    return {"game_id": document["game_id"], "entries": entry_dicts(document["blocks"])}


def file_form(document: dict) -> dict:
    return {"game_id": document["game_id"], "blocks": blocks_of(document["entries"])}


def test_a_fresh_record_holds_and_its_head_is_its_last_entry():
    record = played()
    assert record.problem() is None
    assert record.head == record.entries[-1].hash and len(record) == 5
    assert record.code == head_code(record.head) and len(record.code) == 9 and record.code[4] == "-"
    assert GameRecord(record.game_id).head == genesis(record.game_id)


def test_the_file_form_reads_back_to_the_same_record():
    record = played()
    again = GameRecord.from_json(json.loads(json.dumps(record.to_json())))
    assert again == record and again.code == record.code


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_change_to_any_field_of_any_entry_is_found_at_that_entry(data):
    record = played(6)
    document = written(record)
    index = data.draw(st.integers(0, len(document["entries"]) - 1))
    entry = document["entries"][index]
    field = data.draw(st.sampled_from(["turn", "summary", "rules", "data", "state", "at", "kind", "n"]))
    if field == "data":
        entry["data"] = {"levels": {"germany": 99}}
    elif field == "state":
        entry["state"] = "f" * 64 if entry.get("state") != "f" * 64 else "e" * 64
    elif field == "kind":
        entry["kind"] = "details" if entry["kind"] != "details" else "event"
    elif field == "n":
        entry["n"] = entry["n"] + 1
    elif field == "at":
        entry["at"] = "2026-11-28T09:00Z"
    else:
        entry[field] = (entry.get(field) or "") + "x"
    tampered = GameRecord.shape_from_json(file_form(document))
    problem = tampered.problem()
    assert problem is not None and problem.n == index
    with pytest.raises(RulesInputError, match=f"entry {index + 1}"):
        GameRecord.from_json(file_form(document))


def test_a_removed_or_swapped_entry_is_found():
    document = written(played(6))
    removed = {**document, "entries": document["entries"][:2] + document["entries"][3:]}
    assert GameRecord.shape_from_json(file_form(removed)).problem().n == 2
    swapped = {**document, "entries": [*document["entries"][:2], document["entries"][3], document["entries"][2],
                                       *document["entries"][4:]]}
    assert GameRecord.shape_from_json(file_form(swapped)).problem().n == 2


def test_an_entry_moved_into_another_game_does_not_hold():
    other = {**played(3).to_json(), "game_id": "1" * 32}
    assert GameRecord.shape_from_json(other).problem().n == 0


def test_a_long_record_is_kept_in_blocks_each_compressed_once():
    record = played(2 * BLOCK + 5)
    document = record.to_json()
    assert len(document["blocks"]) == 3 and GameRecord.from_json(document) == record
    longer = record.append("event", "Turn x", "one more", at="")
    assert longer.to_json()["blocks"][:2] == document["blocks"][:2]   # full blocks are written as they were


def test_a_whole_chain_written_again_holds_but_has_another_head_code():
    """What the file alone cannot catch (docs/game-record.md): a record rewritten from its first entry holds, but its
    head code differs from the one the other player saw, and this computer's memory names it (seen.py)."""
    honest = played(4)
    forged = GameRecord(honest.game_id)
    for entry in honest.entries:
        summary = entry.summary.replace("+2", "+5")
        forged = forged.append(entry.kind, entry.turn, summary, entry.rules, entry.data, entry.state, entry.at)
    assert forged.problem() is None and forged.code != honest.code


def test_since_gives_the_entries_after_a_head_or_a_quoted_code():
    record = played(5)
    assert record.since(record.entries[2].hash) == record.entries[3:]
    assert record.since(genesis(record.game_id)) == record.entries
    assert record.since("0" * 64) is None
    code = head_code(record.entries[1].hash)
    assert record.since_code(code) == record.entries[2:]
    assert record.since_code(normal_code(code.lower().replace("-", " "))) == record.entries[2:]


def test_codes_read_back_as_players_type_them():
    assert normal_code("7q4m k2xd") == "7Q4M-K2XD"
    assert normal_code("7Q4M-K2XO") == "7Q4M-K2X0"   # O read as zero
    assert normal_code("7Q4M-K2X") is None and normal_code("7Q4M-K2XU") is None


@pytest.mark.parametrize("bad, why", [
    ({"game_id": "x", "blocks": []}, "game_id"),
    ({"game_id": "0" * 32, "blocks": {}}, "blocks"),
    ({"game_id": "0" * 32, "entries": []}, "exactly game_id and blocks"),
    ({"game_id": "0" * 32, "blocks": ["not base64!"]}, "not valid base64"),
    ({"game_id": "0" * 32, "blocks": ["aGVsbG8="]}, "not zlib"),
    ({"game_id": "0" * 32, "blocks": blocks_of([{"n": 0}])}, "missing required field `kind`"),
    ({"game_id": "0" * 32, "blocks": blocks_of([{"n": 0, "kind": "hack", "turn": "", "summary": "",
                                                 "hash": "0" * 64}])}, "invalid enum value 'hack'"),
    ({"game_id": "0" * 32, "blocks": blocks_of([{"n": 0, "kind": "event", "turn": "", "summary": "x" * 5000,
                                                 "hash": "0" * 64}])}, "length <= 4000"),
    ({"game_id": "0" * 32, "blocks": blocks_of([{"n": 0, "kind": "event", "turn": "", "summary": "",
                                                 "hash": "0" * 64, "extra": 1}])}, "unknown field `extra`"),
])
def test_a_damaged_or_hostile_record_is_refused_with_a_message(bad, why):
    with pytest.raises(RulesInputError, match=why):
        GameRecord.from_json(bad)


def test_canonical_form_and_ids():
    assert canonical({"b": 1, "a": "é"}) == '{"a":"é","b":1}'.encode()
    assert len(new_game_id()) == 32 and new_game_id() != new_game_id()


def test_a_block_that_inflates_beyond_its_limit_is_refused():
    import base64
    import zlib

    bomb = base64.b64encode(zlib.compress(b"[" + b" " * (9 * 1024 * 1024) + b"]")).decode("ascii")
    with pytest.raises(RulesInputError, match="larger than 8 MB once inflated"):
        GameRecord.from_json({"game_id": "0" * 32, "blocks": [bomb]})


def test_reading_a_tampered_record_never_changes_how_the_honest_one_is_written():
    honest = played(6)
    document = written(honest)
    document["entries"][5]["summary"] = "Germany +9"   # the stored hashes stay: the last entry's too
    tampered = file_form(document)
    assert GameRecord.shape_from_json(tampered).problem().n == 5
    with pytest.raises(RulesInputError):
        GameRecord.from_json(tampered)
    assert entry_dicts(honest.to_json()["blocks"])[5]["summary"] == honest.entries[5].summary


def test_the_records_sha256_is_hashlibs():
    """The record hashes with CPython's own SHA-256 module before the first paint (no OpenSSL loaded): the same
    digests as ``hashlib``'s."""
    import hashlib

    from awaw_desktop.core.record import chain

    for data in (b"", b"awaw-desktop record entry\n{}", bytes(range(256)) * 9):
        assert chain.sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
