"""Crash recovery files: atomic writes, listing newest first, damaged files skipped."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import pytest

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import DieRoll, Session, apply_end_of_turn
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.files import recovery
from awaw_desktop.core.files.recovery import RecoveryEntry, RecoveryStore
from awaw_desktop.core.record.chain import GameRecord

START = Turn(1939, Season.FALL)


def make_session(title: str = "Game", turn: Turn = Turn(1941, Season.SUMMER)) -> Session:  # noqa: B008
    session = Session(Edition.CLASSIC, Scenario.EUROPEAN, START, turn, {"axis": "Ada", "allied": "Bruno"}, title,
                      {"germany": {"dp_level": -2, "cities": ["essen"]}}, {"germany": {"surrendered": False}}, {},
                      [], [DieRoll(turn, "test roll", "58.532", 2, "typed")])
    session.record = GameRecord("0" * 32)   # one game: its files are the same bytes each time
    return session


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 31, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(minutes=1)
        return self.now


@pytest.fixture
def store(tmp_path: Path) -> RecoveryStore:
    return RecoveryStore(tmp_path / "recovery", clock=Clock())


def test_default_directory_is_the_user_state_dir(monkeypatch, tmp_path):
    monkeypatch.setattr(recovery.platformdirs, "user_state_dir", lambda app: str(tmp_path / "state" / app))
    assert recovery.default_directory() == tmp_path / "state" / "awaw-desktop" / "recovery"
    assert RecoveryStore().directory == tmp_path / "state" / "awaw-desktop" / "recovery"


def test_write_then_load_gives_the_same_session(store, tmp_path):
    session = make_session()
    entry = store.write("abc123", session, tmp_path / "games" / "kursk.awaw")
    assert entry.path == store.directory / "abc123.awaw-recovery"
    assert entry.path.exists()
    assert store.load("abc123") == session
    assert entry.title == "Game"
    assert entry.turn.title == Turn(1941, Season.SUMMER).title
    assert entry.source_path == (tmp_path / "games" / "kursk.awaw").absolute()
    assert entry.saved_at == datetime(2026, 1, 31, 20, 1, tzinfo=UTC)
    assert store.entry("abc123") == entry


def test_the_file_is_a_session_document_in_an_envelope(store):
    store.write("abc123", make_session(), None)
    data = json.loads((store.directory / "abc123.awaw-recovery").read_text(encoding="utf-8"))
    assert data["format"] == "awaw-desktop-recovery"
    assert data["version"] == 1
    assert data["id"] == "abc123"
    assert data["saved_at"] == "2026-01-31T20:01:00+00:00"
    assert data["source_path"] is None
    assert data["session"] == sessionfile.to_json(make_session())


def test_list_is_newest_first_with_unsaved_sessions(store):
    store.write("first", make_session("one"), None)
    store.write("second", make_session("two", Turn(1942, Season.WINTER)), "/games/two.awaw")
    store.write("first", make_session("one again"), None)  # rewritten later: now the newest
    entries = store.list()
    assert [entry.id for entry in entries] == ["first", "second"]
    assert [entry.title for entry in entries] == ["one again", "two"]
    assert entries[0].source_path is None
    assert entries[1].turn.title == Turn(1942, Season.WINTER).title
    assert entries[0].saved_at > entries[1].saved_at
    assert isinstance(entries[0], RecoveryEntry)


def test_saved_at_is_shown_in_local_time(store):
    entry = store.write("abc", make_session(), None)
    assert entry.saved_at.tzinfo == datetime(2026, 1, 31, 20, 1, tzinfo=UTC).astimezone().tzinfo
    assert entry.saved_at == datetime(2026, 1, 31, 20, 1, tzinfo=UTC)
    assert store.list()[0].saved_at == entry.saved_at


def test_a_clock_in_another_zone_or_naive_is_stored_in_utc(tmp_path):
    zone = timezone(timedelta(hours=2))
    store = RecoveryStore(tmp_path, clock=lambda: datetime(2026, 6, 1, 12, 0, tzinfo=zone))
    store.write("a", make_session(), None)
    data = json.loads((tmp_path / "a.awaw-recovery").read_text(encoding="utf-8"))
    assert data["saved_at"] == "2026-06-01T10:00:00+00:00"
    naive = RecoveryStore(tmp_path, clock=lambda: datetime(2026, 6, 1, 12, 0))
    naive.write("b", make_session(), None)
    assert naive.entry("b").saved_at == datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def test_discard_removes_the_file_and_tolerates_a_missing_one(store):
    store.write("abc", make_session(), None)
    store.discard("abc")
    assert store.list() == []
    store.discard("abc")
    store.discard("never-written")


def test_an_empty_or_missing_folder_lists_nothing(tmp_path):
    assert RecoveryStore(tmp_path / "missing").list() == []
    assert RecoveryStore(tmp_path).list() == []


def _corrupt(path: Path, change: Any) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")


@pytest.mark.parametrize("damage", [
    lambda path: path.write_bytes(b""),
    lambda path: path.write_bytes(path.read_bytes()[:100]),
    lambda path: path.write_bytes(b"\x89PNG\r\n"),
    lambda path: path.write_bytes(b"[]"),
    lambda path: _corrupt(path, lambda d: d.update(format="awaw-desktop-session")),
    lambda path: _corrupt(path, lambda d: d.update(version=2)),
    lambda path: _corrupt(path, lambda d: d.update(id="other")),
    lambda path: _corrupt(path, lambda d: d.update(saved_at="yesterday")),
    lambda path: _corrupt(path, lambda d: d.update(extra=1)),
    lambda path: _corrupt(path, lambda d: d["session"]["turn"].update(year=1999)),
    lambda path: _corrupt(path, lambda d: d["session"]["inputs"]["germany"].update(dp_level=99)),
])
def test_damaged_files_are_skipped_in_the_list_and_refused_on_load(store, damage):
    store.write("good", make_session("good"), None)
    store.write("bad", make_session("bad"), None)
    damage(store.directory / "bad.awaw-recovery")
    assert [entry.id for entry in store.list()] == ["good"]
    with pytest.raises(SessionFileError):
        store.load("bad")
    assert store.load("good").title == "good"


def test_newer_recovery_format_message(store):
    store.write("bad", make_session(), None)
    _corrupt(store.directory / "bad.awaw-recovery", lambda d: d.update(version=2))
    with pytest.raises(SessionFileError, match=r"newer version of awaw-desktop \(recovery format 2"):
        store.load("bad")


def test_other_files_in_the_folder_are_ignored(store):
    store.write("good", make_session(), None)
    (store.directory / "notes.txt").write_text("hello", encoding="utf-8")
    (store.directory / "game.awaw").write_bytes(sessionfile.dumps(make_session()))
    assert [entry.id for entry in store.list()] == ["good"]


@pytest.mark.parametrize("bad_id", ["", "../escape", "a/b", "a\\b", ".hidden", "x" * 65, "sp ace"])
def test_ids_cannot_leave_the_folder(store, bad_id):
    with pytest.raises(SessionFileError, match="not a recovery id"):
        store.write(bad_id, make_session(), None)
    with pytest.raises(SessionFileError, match="not a recovery id"):
        store.load(bad_id)
    with pytest.raises(SessionFileError, match="not a recovery id"):
        store.discard(bad_id)


def test_new_session_ids_are_valid_and_distinct(store):
    first, second = recovery.new_session_id(), recovery.new_session_id()
    assert first != second
    store.write(first, make_session(), None)
    assert store.load(first) == make_session()


def test_a_session_that_cannot_be_stored_writes_nothing(store):
    bad = make_session()
    bad.inputs["germany"]["dp_level"] = 99
    with pytest.raises(SessionFileError, match=r"inputs\.germany\.dp_level"):
        store.write("abc", bad, None)
    assert not (store.directory / "abc.awaw-recovery").exists()


def test_a_failed_write_keeps_the_previous_copy(store, monkeypatch):
    store.write("abc", make_session("before"), None)

    def failing_replace(source, target):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", failing_replace)
    with pytest.raises(SessionFileError, match="No space left on device"):
        store.write("abc", make_session("after"), None)
    monkeypatch.undo()
    assert store.load("abc").title == "before"
    assert list(store.directory.glob("*.awaw-tmp")) == []


def test_write_creates_the_folder(tmp_path):
    store = RecoveryStore(tmp_path / "a" / "b" / "recovery")
    store.write("abc", make_session(), None)
    assert store.load("abc") == make_session()


def test_clean_stray_temp_files(store):
    store.write("abc", make_session(), None)
    stray = store.directory / f".abc.awaw-recovery.0a0a{sessionfile.TEMP_SUFFIX}"
    stray.write_bytes(b"half a fi")
    assert store.clean_stray_temp_files(older_than=0) == [stray]
    assert store.load("abc") == make_session()
    assert [entry.id for entry in store.list()] == ["abc"]


def test_a_session_open_in_another_running_app_is_not_a_crash_leftover(tmp_path):
    """Two copies of the app on one data folder: each one's open game is never the other's leftover; once a copy
    is killed, the system lets go of its lock and its game is offered (issue 39)."""
    import subprocess
    import sys

    store = RecoveryStore(tmp_path)
    store.write("mine", Session.new(), None)
    store.claim("mine")
    store.write("theirs", Session.new(), None)
    holder = ("import sys, time; from awaw_desktop.core.files.recovery import RecoveryStore; "
              f"store = RecoveryStore({str(tmp_path)!r}); store.claim('theirs'); print('held', flush=True); "
              "time.sleep(60)")
    other = subprocess.Popen([sys.executable, "-c", holder], stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        assert store.in_use("theirs") and store.in_use("mine")
        assert store.crash_leftovers() == []   # neither copy's live game
        with pytest.raises(SessionFileError, match="another running copy"):
            store.discard("theirs")   # the other copy's autosave is never deleted under it
        assert store.path_for("theirs").exists()
    finally:
        other.kill()   # a crash: no clean exit, the lock file stays
        other.wait()
        assert other.stdout is not None
        other.stdout.close()
    assert store.owner_path("theirs").exists()
    assert not store.in_use("theirs")   # that app is gone: its file is a leftover now, its stale lock taken over
    assert [entry.id for entry in store.crash_leftovers()] == ["theirs"]
    store.claim("theirs")
    assert store.crash_leftovers() == []
    store.discard("mine")
    store.discard("theirs")
    assert not store.owner_path("mine").exists()


# -- issue 13: hostile recovery files and paths ------------------------------------------------

def _raw_corrupt(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize(("old", "new"), [
    ('"title": "bad"', '"title": "\\ud800"'),
    ('"outcomes": {}', '"outcomes": {"france": 1e400}'),
    ('"outcomes": {}', '"outcomes": {"france": ' + "[" * 700 + "]" * 700 + "}"),
    ('"source_path": null', '"source_path": "\\udcff.awaw"'),
])
def test_recovery_files_that_could_not_be_written_back_are_skipped_and_refused(store, old, new):
    store.write("good", make_session("good"), None)
    store.write("bad", make_session("bad"), None)
    _raw_corrupt(store.directory / "bad.awaw-recovery", old, new)
    assert [entry.id for entry in store.list()] == ["good"]
    with pytest.raises(SessionFileError, match=r"^damaged: "):
        store.load("bad")


@pytest.mark.skipif(os.name != "posix", reason="POSIX file names are bytes")
def test_a_source_file_name_that_is_not_utf8_is_not_kept(store, tmp_path):
    source = Path(os.fsdecode(bytes(tmp_path) + b"/\xff.awaw"))
    entry = store.write("abc", make_session(), source)
    assert entry.source_path is None
    assert store.load("abc") == make_session()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_named_like_a_recovery_file_is_skipped_without_waiting(store):
    store.write("good", make_session("good"), None)
    os.mkfifo(store.directory / "pipe.awaw-recovery")
    assert [entry.id for entry in store.list()] == ["good"]


def test_a_long_game_with_its_record_and_undo_checkpoints_comes_back_whole(store):
    """The autosave writes the session file's own bytes (checked by sessionfile.dumps on the window's thread)."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1939, Season.FALL), title="Long one")
    for number in range(12):
        session.set_value("germany", "dp_level", number - 6)
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
    entry = store.write_snapshot("long1", store.snapshot(session), None)
    assert (entry.title, entry.turn.title) == ("Long one", session.turn.title)
    back = store.load("long1")
    assert sessionfile.to_json(back) == sessionfile.to_json(session)
    assert len(back.checkpoints) == 12 and back.history == session.history
