"""The fast ways of the session file (issue 15): a file as written here is read the fast way and gives what the
careful way gives; a save checks each record entry and undo checkpoint once; the checkpoints are kept as changes
(format 3) and a format-2 file's checkpoints come back whole."""

from __future__ import annotations

import base64
import json
import random
import zlib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings

from awaw_desktop.core.awaw import checkpoint_blob, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die
from awaw_desktop.core.awaw.session_models import CheckpointStepModel
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.files import json_gates

from .test_sessionfile import sessions

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def careful(raw: bytes) -> Session:
    """The careful way: every hook of the standard parser, every value walked."""
    return sessionfile.from_json(sessionfile.parse_json(raw))


def outcome(read: Any, raw: bytes) -> tuple[str, Any]:
    try:
        session = read(raw)
    except SessionFileError as error:
        return "refused", str(error)
    return "loaded", sessionfile.to_json(session)


def campaign(turns: int) -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), {"axis": "Ada"}, "Campaign")
    for index in range(turns):
        session.set_value("germany", "dp_level", index % 7 - 3)
        if index % 3 == 0:
            session.clear_value("germany", "dp_level")   # a key removed: stored as removed
        if index == 2:
            session.title = "Renamed \u2014 \u00e9t\u00e9"
        record_die(session, "A die", "58.532", index % 6 + 1, "rolled")
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
    return session


# -- what is written is read the fast way, and as the careful way reads it -----------------------

@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_every_saved_session_is_written_as_the_fast_way_reads_it(session):
    raw = sessionfile.dumps(session)
    assert json_gates.parse_canonical(raw, 2, b"\n") is not None
    loaded = sessionfile.loads(raw)
    assert loaded == session
    assert careful(raw) == loaded
    assert sessionfile.dumps(loaded) == raw   # read and written again: the same bytes


def test_a_long_campaign_is_read_alike_both_ways_and_keeps_its_checkpoints():
    session = campaign(40)
    raw = sessionfile.dumps(session)
    fast, slow = sessionfile.loads(raw), careful(raw)
    assert fast == slow == session
    assert fast.checkpoints == session.checkpoints
    assert sessionfile.dumps(fast) == raw


def test_damaged_and_hostile_files_get_the_same_answer_both_ways():
    rng = random.Random(15)
    raw = sessionfile.dumps(campaign(6))
    hostile = [b"1e400", b'"\\ud800"', b"[" * 60 + b"]" * 60, b"9" * 5000, b"NaN", b"-0.0", b"1.0"]
    answers = {"loaded": 0, "refused": 0}
    for _round in range(400):
        data = bytearray(raw)
        action = rng.randrange(4)
        if action == 0:
            data[rng.randrange(len(data))] = rng.randrange(32, 127)
        elif action == 1:   # a value replaced by a hostile one
            at = raw.index(b'"outcomes": {}')
            data[at:at + 14] = b'"outcomes": {"france": ' + rng.choice(hostile) + b"}"
        elif action == 2:   # a key repeated
            at = raw.index(b'  "title"')
            data[at:at] = b'  "title": "twice",\n'
        else:
            del data[rng.randrange(len(data)):]
        fast, slow = outcome(sessionfile.loads, bytes(data)), outcome(careful, bytes(data))
        assert fast == slow
        answers[fast[0]] += 1
    assert answers["refused"] > 100 and answers["loaded"] > 20, answers


@pytest.mark.parametrize(("extra", "ok"), [(sessionfile.MAX_DEPTH - 3, True), (sessionfile.MAX_DEPTH - 2, False)])
def test_nesting_as_written_here_is_bounded_too(extra, ok):
    value: Any = 1
    for _ in range(extra):
        value = [value]
    document = sessionfile.to_json(Session.new())
    document["carry"]["germany"]["deep"] = value
    raw = json_gates.to_canonical(document, 2) + b"\n"
    if ok:
        assert sessionfile.loads(raw).carry["germany"]["deep"] == value
    else:
        with pytest.raises(SessionFileError, match="nested more than 48 levels deep"):
            sessionfile.loads(raw)


def test_a_repeated_key_as_written_here_is_still_refused():
    raw = sessionfile.dumps(Session.new())
    twice = raw.replace(b'\n  "title": "",', b'\n  "title": "",\n  "title": "",', 1)
    with pytest.raises(SessionFileError, match="the key 'title' appears twice"):
        sessionfile.loads(twice)


# -- a save checks each record entry and checkpoint once ----------------------------------------

def test_a_save_encodes_only_the_checkpoints_it_has_not_met(monkeypatch):
    session = campaign(12)
    sessionfile.dumps(session)
    checked: list[Any] = []
    original = CheckpointStepModel.model_validate

    def counting(value: Any, *args: Any, **kwargs: Any) -> Any:
        checked.append(value)
        return original(value, *args, **kwargs)

    monkeypatch.setattr(CheckpointStepModel, "model_validate", counting)
    sessionfile.dumps(session)
    assert checked == []
    point = session.checkpoint("End of one more turn")
    apply_end_of_turn(session)
    session.checkpoints.append(point)
    raw = sessionfile.dumps(session)
    assert [step["title"] for step in checked] == ["End of one more turn"]
    assert sessionfile.loads(raw).checkpoints == session.checkpoints


def test_a_record_entry_a_file_cannot_hold_is_refused_when_saved():
    session = campaign(2)
    session.history.append(session.history[0].__class__(session.turn, "", "No kind"))
    with pytest.raises(SessionFileError, match=r"^cannot save: history\[2\]\.kind: must not be empty"):
        sessionfile.dumps(session)


def test_a_checkpoint_a_file_cannot_hold_is_refused_when_saved():
    session = campaign(2)
    point = session.checkpoint("Odd")
    point["state"]["outcomes"] = {"france": float("nan")}
    session.checkpoints.append(point)
    with pytest.raises(SessionFileError, match=r"^cannot save: an undo checkpoint holds what a file cannot store"):
        sessionfile.dumps(session)


# -- the checkpoints as changes -----------------------------------------------------------------

def test_checkpoints_keep_kinds_of_values_apart():
    # 1, 1.0, true and -0.0 compare equal in Python; each must come back as it was
    base = Session.new().checkpoint("first")
    points = [base]
    for value in (1, 1.0, True, 0.0, -0.0, [1], [True], {"a": 1}, {"a": 1.0}):
        point = json.loads(json.dumps(points[-1]))
        point["title"] = repr(value)
        point["state"]["outcomes"] = {"france": value}
        points.append(point)
    text = sessionfile.encode_checkpoints(points)
    decoded = sessionfile.decode_checkpoints(text, 0, 0)
    assert json.dumps(decoded) == json.dumps(points)


def test_a_checkpoint_blob_with_a_repeated_key_or_too_deep_is_refused():
    def blob(raw: bytes) -> str:
        return base64.b64encode(zlib.compress(raw)).decode()

    step = {"title": "x", "turn": {"season": "fall", "year": 1939}, "history_length": 0, "dice_length": 0,
            "state": {"title": "t"}}
    good = json_gates.to_canonical([step], 1)
    assert sessionfile.decode_checkpoints(blob(good), 0, 0)[0]["state"]["title"] == "t"
    twice = good.replace(b'"title": "x",', b'"title": "x",\n  "title": "y",')
    with pytest.raises(SessionFileError, match="appears twice"):
        sessionfile.decode_checkpoints(blob(twice), 0, 0)
    deep: Any = 1
    for _ in range(60):
        deep = [deep]
    step["state"] = {"carry": {"germany": deep}}
    with pytest.raises(SessionFileError, match="nested more than"):
        sessionfile.decode_checkpoints(blob(json_gates.to_canonical([step], 1)), 0, 0)


def test_the_format_2_fixture_with_six_checkpoints_loads_them_whole():
    """Kept forever: a format-2 file whose checkpoints each held the whole state."""
    path = FIXTURES / "session-v2-checkpoints.awaw"
    raw = json.loads(path.read_text(encoding="utf-8"))
    assert raw["version"] == 2
    whole = checkpoint_blob.decode_version_2(raw["checkpoints"], len(raw["history"]), len(raw["dice"]))
    session = sessionfile.load(path)
    assert session.checkpoints == whole and len(whole) == 6
    assert session.title == "Renamed \u2014 \u00e9t\u00e9" and session.turn == Turn(1942, Season.WINTER)
    for index, point in enumerate(whole):
        earlier = sessionfile.session_at_checkpoint(session, index)
        assert earlier.title == point["state"]["title"]
        assert earlier.inputs == point["state"]["inputs"]
        assert len(earlier.history) == point["history_length"]
    again = sessionfile.loads(sessionfile.dumps(session))
    assert again == session and again.checkpoints == whole


def test_a_format_2_file_with_a_damaged_checkpoint_blob_is_refused_in_words():
    raw = json.loads((FIXTURES / "session-v2-checkpoints.awaw").read_text(encoding="utf-8"))
    raw["checkpoints"] = raw["checkpoints"][:-12]
    with pytest.raises(SessionFileError, match="undo checkpoints cannot be read"):
        sessionfile.loads(json.dumps(raw).encode())


def test_saving_a_game_just_opened_checks_nothing_again_and_writes_the_same_bytes(monkeypatch):
    from awaw_desktop.core.awaw.session_models import DIE_ROLL, HISTORY_ENTRY

    raw = sessionfile.dumps(campaign(20))
    opened = sessionfile.loads(raw)
    checked: list[Any] = []
    for owner, name in ((HISTORY_ENTRY, "validate_python"), (DIE_ROLL, "validate_python"),
                        (CheckpointStepModel, "model_validate")):
        original = getattr(owner, name)
        monkeypatch.setattr(owner, name,
                            lambda value, *a, original=original, **k: checked.append(value) or original(value, *a, **k))
    assert sessionfile.dumps(opened) == raw
    assert checked == []
