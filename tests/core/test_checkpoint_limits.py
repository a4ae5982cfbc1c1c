"""A file's undo checkpoints are held to the file's own limits when it is read (issue 30, class 2): no undo rebuilt
from a file gives back a game too large to save (the autosave then raised from its timer and wrote no recovery
file), and no checkpoint cuts the record back to less than the one before it."""

from __future__ import annotations

import base64
import json
import zlib
from pathlib import Path
from typing import Any

import pytest

from awaw_desktop.core.awaw import checkpoint_blob, sessionfile
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die
from awaw_desktop.core.awaw.sessionfile import MAX_FILE_SIZE, SessionFileError
from awaw_desktop.core.files.json_gates import to_canonical
from awaw_desktop.paths import examples_dir


def with_a_large_checkpoint(size: int) -> Session:
    """A game whose one checkpoint holds a note of ``size`` characters (it compresses to a few kilobytes)."""
    session = Session.new(title="Large")
    point = session.checkpoint("End of Fall 1939")
    point["state"]["outcomes"] = {"france": {"note": "x" * size}}
    session.checkpoints.append(point)
    return session


def test_a_checkpoint_giving_back_a_game_too_large_to_save_is_refused_when_read():
    """The reproducer: the file is 11 kB, the game its undo gives back 5.1 MB."""
    raw = sessionfile.dumps(with_a_large_checkpoint(5_300_000))
    assert len(raw) < 20_000
    with pytest.raises(SessionFileError, match=r"^damaged: an undo checkpoint gives back a game too large "
                                               r"\(5\.1 MB; the limit is 5 MB\)$"):
        sessionfile.loads(raw)


def test_below_the_limit_a_file_loads_and_the_game_its_undo_gives_back_saves():
    session = sessionfile.loads(sessionfile.dumps(with_a_large_checkpoint(5_100_000)))
    back = sessionfile.session_at_checkpoint(session, 0)
    written = sessionfile.dumps(back)
    assert MAX_FILE_SIZE - 200_000 < len(written) <= MAX_FILE_SIZE
    assert sessionfile.loads(written) == back


def test_the_size_of_a_state_as_written_is_exact():
    session = Session.new(title="\u00c9t\u00e9 \u2014 1940")
    session.set_value("germany", "dp_level", -3)
    session.outcomes["france"] = {"nested": [{"a": [1, 2.5, None]}, {}], "empty": []}
    document = sessionfile._state_document(session)
    empty = {**document, "title": "", **{field: {} for field in checkpoint_blob.OBJECT_FIELDS}}
    state = {name: getattr(session, name) for name in checkpoint_blob.STATE_FIELDS}
    bare = {"title": "", **{field: {} for field in checkpoint_blob.OBJECT_FIELDS}}
    written, nothing = checkpoint_blob.written_state_sizes([state, bare])
    assert written - nothing == len(to_canonical(document, 2)) - len(to_canonical(empty, 2))


def test_a_game_that_would_be_too_large_once_saved_again_is_refused():
    """A file written without indentation holds more than its size says: what loads must save."""
    session = Session.new()
    deep: Any = 0
    for _level in range(16):
        deep = [deep]
    session.outcomes["france"] = {"notes": [deep] * 7_000}   # 35 bytes each, some 850 once indented
    minified = json.dumps(sessionfile.to_json(session), separators=(",", ":")).encode()
    assert len(minified) < MAX_FILE_SIZE
    for read in (sessionfile.loads, lambda raw: sessionfile.from_json(json.loads(raw))):
        with pytest.raises(SessionFileError, match=r"^too large once saved again \([0-9.]+ MB; the limit is 5 MB\)$"):
            read(minified)


def blob(steps: list[dict[str, Any]]) -> str:
    return base64.b64encode(zlib.compress(json.dumps(steps).encode())).decode()


def test_checkpoints_out_of_order_with_the_record_are_refused():
    session = Session.new()
    for _turn in range(2):
        record_die(session, "A die", "58.532", 3, "rolled")
        point = session.checkpoint("End of turn")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
    document = sessionfile.to_json(session)
    steps = json.loads(zlib.decompress(base64.b64decode(document["checkpoints"])))
    steps[0]["history_length"], steps[1]["history_length"] = 1, 0   # the later one keeps less of the record
    document["checkpoints"] = blob(steps)
    with pytest.raises(SessionFileError, match=r"^damaged: the undo checkpoints are out of order"):
        sessionfile.from_json(document)


AWAW_FILES = [path for path in sorted((Path(__file__).resolve().parents[1] / "fixtures").glob("*.awaw"))
              if not path.name.startswith("europa-")] + sorted(examples_dir().glob("*.awaw"))


@pytest.mark.parametrize("path", AWAW_FILES, ids=lambda path: path.name)
def test_the_size_a_save_would_write_is_known_exactly_when_a_file_is_read(path):
    for owned in (True, False):
        raw = json.loads(path.read_bytes())
        document = sessionfile.migrate(raw)
        if document.get("record") is None:   # a file from before records: its record begins as it is read
            document["record"] = sessionfile.to_json(sessionfile.from_json(raw))["record"]
        session = sessionfile.from_json(document)
        assert sessionfile._written_size(session, document, owned) == len(sessionfile.dumps(session))
