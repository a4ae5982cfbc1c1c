"""The .awaw session file: round trips, strict validation, hostile files, atomic saves, migrations."""

from __future__ import annotations

import contextlib
import copy
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, germany, migrations, sessionfile
from awaw_desktop.core.awaw.common import FIRST_YEAR, LAST_YEAR, Consequence, Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import DieRoll, HistoryEntry, Session
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.lines import Choice, Count, Flag, Group, Level, Line
from awaw_desktop.core.record.chain import GameRecord

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "session-v1.awaw"
SCHEMA = ROOT / "resources" / "session.schema.json"
START = Turn(1939, Season.FALL)


def make_session(**changes: Any) -> Session:
    """A session built without the power modules' starting facts (fully explicit)."""
    values: dict[str, Any] = {
        "edition": Edition.UPDATED, "scenario": Scenario.GLOBAL_WAR, "start_turn": START,
        "turn": Turn(1942, Season.SPRING), "players": {"axis": "Ada", "allied": "Bruno"}, "title": "Test game",
        "inputs": {"germany": {"dp_level": 4, "berlin": True, "cities": ["breslau", "leipzig"],
                               "atomic_against_germany": 2}},
        "carry": {"germany": {"surrendered": False, "surrender_turn": None},
                  "japan": {"peak_islands": 4, "notes": [1, "two", {"three": None}]}},
        "outcomes": {"france": {"level": -2, "colonies": ["indochina"]}},
        "history": [HistoryEntry(Turn(1941, Season.WINTER), "end-of-turn", "End of Winter 1941",
                                 {"germany": 7, "italy": 1}, (Consequence("55.11", "Germany fights on."),))],
        "dice": [DieRoll(Turn(1940, Season.SUMMER), "Lebanon-Syria colony roll", "58.532", 5, "rolled")],
    }
    values.update(changes)
    session = Session(**values)
    session.record = GameRecord("0" * 32)   # the same game each time: files of equal sessions are equal bytes
    return session


def document(**changes: Any) -> dict[str, Any]:
    data = sessionfile.to_json(make_session())
    data.update(changes)
    return data


def refused(data: Any) -> str:
    with pytest.raises(SessionFileError) as caught:
        sessionfile.from_json(data)
    return str(caught.value)


def refused_bytes(raw: bytes) -> str:
    with pytest.raises(SessionFileError) as caught:
        sessionfile.loads(raw)
    return str(caught.value)


def temp_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f"*{sessionfile.TEMP_SUFFIX}"))


# -- round trips ---------------------------------------------------------------------------

def test_round_trip_through_bytes_and_dicts():
    session = make_session()
    assert sessionfile.loads(sessionfile.dumps(session)) == session
    assert sessionfile.from_json(sessionfile.to_json(session)) == session


def test_file_starts_with_format_and_version_and_is_indented_utf8():
    raw = sessionfile.dumps(make_session(title="Kursk \u2014 \u00e9t\u00e9 1943"))
    data = json.loads(raw)
    assert list(data)[:2] == ["format", "version"]
    assert data["format"] == "awaw-desktop-session"
    assert data["version"] == sessionfile.FORMAT_VERSION == 4
    assert "Kursk \u2014 \u00e9t\u00e9 1943".encode() in raw  # readable UTF-8, not \u escapes
    assert raw.endswith(b"}\n")
    assert raw.startswith(b'{\n  "format": "awaw-desktop-session",\n  "version": 4,')


def test_dumps_is_deterministic():
    assert sessionfile.dumps(make_session()) == sessionfile.dumps(make_session())


def test_to_json_shares_nothing_with_the_session():
    session = make_session()
    data = sessionfile.to_json(session)
    data["carry"]["japan"]["notes"].append("changed")
    data["inputs"]["germany"]["cities"].append("essen")
    assert session.carry["japan"]["notes"] == [1, "two", {"three": None}]
    assert session.inputs["germany"]["cities"] == ["breslau", "leipzig"]


def test_from_json_does_not_change_its_argument():
    data = document()
    before = copy.deepcopy(data)
    sessionfile.from_json(data)
    assert data == before


def test_choice_values_come_back_in_table_order_and_tuples_are_saved_as_lists():
    session = make_session(inputs={"germany": {"cities": ("leipzig", "essen", "leipzig")}})
    data = sessionfile.to_json(session)
    assert data["inputs"]["germany"]["cities"] == ["leipzig", "essen", "leipzig"]
    loaded = sessionfile.from_json(data)
    assert loaded.inputs["germany"]["cities"] == ["essen", "leipzig"]


def test_a_new_session_with_its_starting_facts_round_trips():
    session = Session.new(Edition.ORIGINAL, Scenario.EUROPEAN, Turn(1940, Season.SPRING), {"axis": "A"}, "New")
    assert sessionfile.loads(sessionfile.dumps(session)) == session


# -- the fixture (must load forever) ---------------------------------------------------

def test_version_1_fixture_loads_with_its_values():
    session = sessionfile.load(FIXTURE)
    assert session.edition is Edition.UPDATED
    assert session.scenario is Scenario.GLOBAL_WAR
    assert session.start_turn == Turn(1939, Season.FALL)
    assert session.turn == Turn(1944, Season.SUMMER)
    assert session.players == {"axis": "Ada", "allied": "Bruno"}
    assert session.inputs["germany"]["cities"] == ["essen", "cologne"]  # table order
    assert session.inputs["germany"]["retired_line_example"] == 5  # not a line: kept as is
    assert session.carry["italy"]["surrendered"] is True
    assert session.outcomes["france"]["colonies"] == ["lebanon_syria"]
    assert session.history == [HistoryEntry(Turn(1943, Season.SUMMER), "end-of-turn",
                                            "End of the Allied player turn, Summer 1943",
                                            {"germany": 9, "italy": -2},
                                            (Consequence("56.11", "Italy surrenders."),))]
    assert session.dice == [DieRoll(Turn(1940, Season.SUMMER), "Lebanon-Syria colony roll", "58.532", 4, "typed")]


def test_version_1_fixture_german_level():
    # 55.11 (updated): DP 3 + Berlin 2 + Essen 1 + Cologne 1 - first atomic attack 3 - two firestorms 2
    # + Italian resistance (Italy has surrendered: never below 0) = +2.
    result = sessionfile.load(FIXTURE).assess()["germany"]
    assert result.total == 3 + 2 + 2 - 3 - 2 + 0 == 2


def test_version_1_fixture_saved_again_is_the_same_session(tmp_path):
    session = sessionfile.load(FIXTURE)
    sessionfile.save(session, tmp_path / "again.awaw")
    assert sessionfile.load(tmp_path / "again.awaw") == session


# -- hypothesis: generated sessions ---------------------------------------------------------

turns = st.integers(FIRST_YEAR * 4, LAST_YEAR * 4 + 3).map(Turn.from_number)
short_text = st.text(max_size=30)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(10**15), 10**15)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=12),
    lambda children: st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3),
    max_leaves=12,
)
option_keys = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_", min_size=1, max_size=10)
stray_values = st.one_of(st.booleans(), st.integers(-1_000_000, 1_000_000), st.lists(option_keys, max_size=4),
                         st.dictionaries(option_keys, st.integers(-1_000_000, 1_000_000), max_size=3))


def line_values(line: Line) -> st.SearchStrategy[Any]:
    if isinstance(line, Flag):
        return st.booleans()
    if isinstance(line, Level):
        return st.integers(line.minimum, line.maximum)
    if isinstance(line, Count):
        return st.integers(0, line.maximum)
    if isinstance(line, Choice):
        keys = [option.key for option in line.options]
        return st.lists(st.sampled_from(keys), unique=True).map(lambda chosen: list(line.validate(chosen)))
    if isinstance(line, Group):
        return st.fixed_dictionaries({spec.key: st.integers(spec.minimum, spec.maximum) for spec in line.fields})
    raise AssertionError(f"no strategy for {line!r}")


@st.composite
def sessions(draw: st.DrawFn) -> Session:
    edition = draw(st.sampled_from(list(Edition)))
    scenario = draw(st.sampled_from(list(Scenario)))
    first = draw(st.integers(FIRST_YEAR * 4, LAST_YEAR * 4 + 3))
    start = Turn.from_number(first)
    turn = Turn.from_number(draw(st.integers(first, LAST_YEAR * 4 + 3)))
    german: dict[str, Any] = {}
    for line in germany.lines(edition, scenario):
        if line.input_kind != "derived" and draw(st.booleans()):
            german[line.id] = draw(line_values(line))
    german.update(draw(st.dictionaries(st.from_regex(r"retired_[a-z]{1,8}", fullmatch=True), stray_values,
                                       max_size=2)))
    inputs = {"germany": german} if german or draw(st.booleans()) else {}
    powers = st.sampled_from(assess.ORDER)
    carry = draw(st.dictionaries(powers, st.dictionaries(st.text(min_size=1, max_size=10), json_values,
                                                         max_size=4), max_size=3))
    outcomes = draw(st.dictionaries(powers, json_values, max_size=2))
    history = draw(st.lists(st.builds(
        HistoryEntry, turns, st.text(min_size=1, max_size=20), short_text,
        st.dictionaries(powers, st.integers(-99, 99), max_size=3),
        st.lists(st.builds(Consequence, st.text(max_size=8), short_text), max_size=3).map(tuple)), max_size=4))
    dice = draw(st.lists(st.builds(DieRoll, turns, short_text, st.text(max_size=8), st.integers(1, 6),
                                   st.sampled_from(("typed", "rolled"))), max_size=4))
    players = {"axis": draw(short_text), "allied": draw(short_text)}
    return Session(edition, scenario, start, turn, players, draw(short_text), inputs, carry, outcomes, history,
                   dice)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sessions())
def test_generated_sessions_round_trip(session):
    assert sessionfile.loads(sessionfile.dumps(session)) == session


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(sessions())
def test_generated_sessions_round_trip_through_a_file(tmp_path, session):
    path = tmp_path / "game.awaw"
    sessionfile.save(session, path)
    assert sessionfile.load(path) == session


@settings(max_examples=60, deadline=None)
@given(sessions(), st.sampled_from(list(Edition)))
def test_switching_editions_loses_nothing(session, edition):
    # Lines the other edition lacks (e.g. atomic attacks made by Germany in the original) are kept.
    session.edition = edition
    assert sessionfile.loads(sessionfile.dumps(session)).inputs == session.inputs


def test_original_edition_keeps_a_line_only_the_updated_edition_has():
    session = make_session(edition=Edition.ORIGINAL, inputs={"germany": {"atomic_by_germany": 3, "dp_level": 2}})
    loaded = sessionfile.loads(sessionfile.dumps(session))
    assert loaded.inputs["germany"] == {"atomic_by_germany": 3, "dp_level": 2}
    assert loaded.assess()["germany"].total == 2  # 54.26/55.11 original: the line does not count
    loaded.edition = Edition.UPDATED
    assert loaded.assess()["germany"].total == 2 + 6  # 3 attacks made: +3 +2 +1


# -- strictness: every value checked ------------------------------------------------------

@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["turn"].update(year="7"), 'turn.year: must be a whole number (got "7")'),
    (lambda d: d["turn"].update(year=1951), "turn.year: must be at most 1950 (got 1951)"),
    (lambda d: d["turn"].update(year=1935), "turn.year: must be at least 1936 (got 1935)"),
    (lambda d: d["turn"].update(year=1942.0), "turn.year: must be a whole number (got 1942.0)"),
    (lambda d: d["turn"].update(year=True), "turn.year: must be a whole number (got true)"),
    (lambda d: d["turn"].update(season="autumn"), "turn.season: must be one of 'spring', 'summer', 'fall' or "
                                                  "'winter' (got \"autumn\")"),
    (lambda d: d.update(turn={"season": "fall", "year": 1938}),
     "turn: the current turn (Fall 1938) is before the start turn (Fall 1939)"),
    (lambda d: d.update(edition="newest"), "edition: must be one of 'original', 'updated' or 'updated-classic'"),
    (lambda d: d.update(scenario=3), "scenario: must be one of 'global-war', 'european' or 'pacific' (got 3)"),
    (lambda d: d.pop("edition"), "edition: is missing"),
    (lambda d: d.update(surprise=1), "surprise: is not a field of a session file"),
    (lambda d: d.update(players=["Ada", "Bruno"]), 'players: must be a JSON object (got ["Ada", "Bruno"])'),
    (lambda d: d["players"].update(neutral="X"), "players.neutral: is not a field of a session file"),
    (lambda d: d.update(title=None), "title: must be text (got null)"),
    (lambda d: d.update(title="x" * 4001), "title: is too long (at most 4000 characters)"),
    (lambda d: d["inputs"].update(spain={}), 'inputs: "spain" is not a known power (expected one of italy, '
                                             "germany, china, japan, france, britain, russia, election)"),
    (lambda d: d["carry"].update(Spain={}), 'carry: "Spain" is not a known power'),
    (lambda d: d["outcomes"].update(usa=1), 'outcomes: "usa" is not a known power'),
    (lambda d: d["inputs"]["germany"].update(dp_level="7"),
     "inputs.germany.dp_level: must be true/false, a whole number, a list of option names or an object of "
     'whole numbers (got "7")'),
    (lambda d: d["inputs"]["germany"].update(dp_level=1.5), "inputs.germany.dp_level: must be true/false"),
    (lambda d: d["inputs"]["germany"].update(dp_level=None), "inputs.germany.dp_level: must be true/false"),
    (lambda d: d["inputs"]["germany"].update(dp_level=61),
     "inputs.germany.dp_level: German DP level (dp_level): 61 is out of range; it must be between -60 and 60"),
    (lambda d: d["inputs"]["germany"].update(dp_level=-61), "inputs.germany.dp_level: German DP level (dp_level): "
                                                            "-61 is out of range"),
    (lambda d: d["inputs"]["germany"].update(firestorms=-1), "inputs.germany.firestorms: German cities "
                                                             "firestormed (firestorms): -1 is out of range"),
    (lambda d: d["inputs"]["germany"].update(firestorms=True), "inputs.germany.firestorms: German cities "
                                                               "firestormed (firestorms): expected a whole number"),
    (lambda d: d["inputs"]["germany"].update(berlin=1), "inputs.germany.berlin: Germany controls Berlin (berlin): "
                                                        "expected ticked or not"),
    (lambda d: d["inputs"]["germany"].update(cities=["paris"]),
     "inputs.germany.cities: German-controlled cities (cities): 'paris' is not one of"),
    (lambda d: d["inputs"]["germany"].update(cities="essen"), "inputs.germany.cities: must be true/false"),
    (lambda d: d["inputs"]["germany"].update(retired=10**30), "inputs.germany.retired: must be at most 1000000"),
    (lambda d: d["inputs"]["germany"].update({"Not An Id": 1}),
     'inputs.germany: the key "Not An Id" is not allowed: must be lower-case letters'),
    (lambda d: d["inputs"].update(germany=[1]), "inputs.germany: must be a JSON object"),
    (lambda d: d["carry"]["germany"].update({"": 1}), 'carry.germany: the key "" is not allowed: must not be '
                                                      "empty"),
    (lambda d: d["dice"][0].update(value=7), "dice[0].value: must be at most 6 (got 7)"),
    (lambda d: d["dice"][0].update(value=0), "dice[0].value: must be at least 1 (got 0)"),
    (lambda d: d["dice"][0].update(source="guessed"), "dice[0].source: must be one of 'typed' or 'rolled'"),
    (lambda d: d["dice"][0].pop("rule"), "dice[0].rule: is missing"),
    (lambda d: d["history"][0].update(kind=""), "history[0].kind: must not be empty"),
    (lambda d: d["history"][0]["levels"].update(germany="7"), "history[0].levels.germany: must be a whole number"),
    (lambda d: d["history"][0]["events"].append({"rule": "1"}), "history[0].events[1].text: is missing"),
    (lambda d: d.update(history={}), "history: must be a list (got {})"),
])
def test_wrong_values_are_refused_naming_the_problem(change, message):
    data = document()
    change(data)
    assert refused(data).startswith(message)


def test_several_problems_are_counted():
    data = document()
    data["turn"]["year"] = "x"
    data["dice"][0]["value"] = 9
    data["extra"] = 1
    assert refused(data).endswith("(and 2 more problems)")


def test_a_derived_line_value_is_kept_as_is():
    data = document()
    data["inputs"]["germany"]["italian_resistance"] = 3
    assert sessionfile.from_json(data).inputs["germany"]["italian_resistance"] == 3


# -- hostile and damaged bytes ------------------------------------------------------------

VALID = sessionfile.dumps(make_session())


def test_invalid_json_names_line_and_column():
    raw = b'{\n "format": "awaw-desktop-session",\n "version": 1,\n "x": ,\n}'
    assert refused_bytes(raw) == "damaged: invalid JSON at line 4 column 7 (expecting value)"


@pytest.mark.parametrize(("raw", "message"), [
    (b"", "not a session file (the file is empty)"),
    (b"  \n\t ", "not a session file (the file is empty)"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10", "not a session file (it is not a text file)"),
    (b"[1, 2, 3]", "not a session file (it holds a JSON list, not a JSON object)"),
    (b'"awaw-desktop-session"', "not a session file (it holds a JSON string, not a JSON object)"),
    (b"42", "not a session file (it holds a JSON number, not a JSON object)"),
    (b"null", "not a session file (it holds JSON null, not a JSON object)"),
    (b'{"hello": "world"}', 'not a session file (it has no "format" field)'),
    (b'{"format": "png"}', "not a session file (its format is 'png', not 'awaw-desktop-session')"),
    (b"hello, world", "not a session file (it is not JSON: expecting value at line 1 column 1)"),
    (b'{"format": "awaw-desktop-session", "version": 5}',
     "made by a newer version of awaw-desktop (format 5; this version reads up to 4)"),
    (b'{"format": "awaw-desktop-session", "version": "1"}', 'damaged: version must be a whole number (got "1")'),
    (b'{"format": "awaw-desktop-session", "version": true}', "damaged: version must be a whole number (got true)"),
    (b'{"format": "awaw-desktop-session"}', "damaged: version must be a whole number (it is missing)"),
    (b'{"format": "awaw-desktop-session", "version": 0}',
     "damaged: unknown format version 0 (this version reads versions 1 to 4)"),
    (b'{"format": "awaw-desktop-session", "version": NaN}', "damaged: NaN is not a number JSON allows"),
    (b'{"format": "awaw-desktop-session", "version": 1, "version": 1}',
     "damaged: the key 'version' appears twice in one object"),
    (b'{"format": "awaw-desktop-session", "version": 1' + b"9" * 5000 + b"}",
     "damaged: a number has too many digits"),
    (b'{"format": "awaw-desktop-session", "title": "\xff\xfe"}', "damaged: not UTF-8 text (byte 45)"),
    (b'{"format": "awaw-desktop-session", "x": ' + b"[" * 200_000 + b"]" * 200_000 + b"}",
     "damaged: values are nested too deeply"),
])
def test_hostile_bytes_are_refused_with_a_plain_message(raw, message):
    assert refused_bytes(raw) == message


def test_truncated_file_is_damaged_not_foreign():
    for cut in (len(VALID) // 2, len(VALID) - 3, 40):
        assert refused_bytes(VALID[:cut]).startswith("The file is incomplete or damaged: it breaks off at line")


def test_nesting_just_within_and_beyond_the_limit():
    def nested(depth: int) -> Any:
        value: Any = 1
        for _ in range(depth):
            value = [value]
        return value

    # depth of the document: 1 (document) + 1 (carry) + 1 (power) + n (value)
    data = document(carry={"germany": {"deep": nested(sessionfile.MAX_DEPTH - 3)}})
    assert sessionfile.from_json(data).carry["germany"]["deep"] == nested(sessionfile.MAX_DEPTH - 3)
    data = document(carry={"germany": {"deep": nested(sessionfile.MAX_DEPTH - 2)}})
    assert refused(data) == f"damaged: values are nested more than {sessionfile.MAX_DEPTH} levels deep"


def test_byte_order_mark_is_accepted():
    assert sessionfile.loads(b"\xef\xbb\xbf" + VALID) == make_session()


def test_size_cap_exactly_and_one_byte_over():
    over = VALID + b" " * (sessionfile.MAX_FILE_SIZE - len(VALID) + 1)
    assert refused_bytes(over) == "too large (5 MB; the limit is 5 MB)"
    at_limit = VALID + b" " * (sessionfile.MAX_FILE_SIZE - len(VALID))
    assert sessionfile.loads(at_limit) == make_session()


def test_a_50_mb_file_is_refused_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.awaw"
    with open(path, "wb") as handle:
        handle.truncate(50 * 1024 * 1024)  # sparse: nothing is written
    monkeypatch.setattr(sessionfile, "loads", lambda raw: pytest.fail("the file was read"))
    with pytest.raises(SessionFileError, match=r"^too large \(50 MB; the limit is 5 MB\)$"):
        sessionfile.load(path)


def test_12_mb_of_bytes_is_refused():
    assert refused_bytes(b"{" + b" " * (12 * 1024 * 1024)) == "too large (12 MB; the limit is 5 MB)"


def test_load_errors_name_the_problem(tmp_path):
    with pytest.raises(SessionFileError, match=r"^no such file or folder$"):
        sessionfile.load(tmp_path / "missing.awaw")
    with pytest.raises(SessionFileError, match=r"^it is a folder, not a file$|^permission denied$"):
        sessionfile.load(tmp_path)


@pytest.mark.skipif(sys.platform == "win32" or os.geteuid() == 0, reason="root reads everything")
def test_unreadable_file(tmp_path):
    path = tmp_path / "locked.awaw"
    path.write_bytes(VALID)
    path.chmod(0)
    with pytest.raises(SessionFileError, match=r"^permission denied$"):
        sessionfile.load(path)


def test_loads_refuses_text():
    with pytest.raises(SessionFileError, match="expected bytes, got str"):
        sessionfile.loads(VALID.decode())  # type: ignore[arg-type]


# -- fuzzing: the loader returns a Session or raises SessionFileError, nothing else ----------

def _nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


ODD_VALUES: list[Any] = [None, True, False, 0, -1, 7, "7", "", "x" * 300, 1.5, -0.0, 10**30, -(10**30), 10**400,
                         [], {}, [[[[]]]], {"a": {"b": {"c": {}}}}, ["essen"], {"x": 1}, "fall", 1939, 6, 1e308,
                         # issue 13: what could not be saved back (deeper nesting: test_what_loads_saves)
                         "\ud800", {"\udc00": 1}, float("inf"), -float("inf"), _nested(50), _nested(120)]


def _paths(value: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*prefix, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*prefix, index))
    return found


def _mutate_structure(rng: random.Random, data: Any) -> Any:
    data = copy.deepcopy(data)
    path = rng.choice(_paths(data)[1:])
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    key = path[-1]
    action = rng.randrange(6)
    if action == 0:
        parent[key] = rng.choice(ODD_VALUES)
    elif action == 1:
        del parent[key]
    elif action == 2:
        parent[key] = [parent[key]]  # wrong nesting
    elif action == 3:
        parent[key] = {"value": parent[key]}
    elif action == 4 and isinstance(parent, dict):
        parent[rng.choice(["extra", "Germany", "", "version", "1"])] = rng.choice(ODD_VALUES)
    else:
        value = parent[key]
        parent[key] = str(value) if not isinstance(value, str) else (int(value) if value.isdigit() else 3)
    return data


def _mutate_bytes(rng: random.Random, raw: bytes) -> bytes:
    data = bytearray(raw)
    action = rng.randrange(4)
    if action == 0:
        for _ in range(rng.randint(1, 6)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif action == 1:
        del data[rng.randrange(len(data)):]
    elif action == 2:
        at = rng.randrange(len(data))
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    else:
        at = rng.randrange(len(data))
        del data[at:at + rng.randint(1, 30)]
    return bytes(data)


def test_fuzzed_files_load_or_raise_session_file_error():
    rng = random.Random(20260131)
    parsed = json.loads(VALID)
    outcomes = {"loaded": 0, "refused": 0}
    started = time.process_time()  # CPU time: other work on the machine does not count
    for round_number in range(8000):
        if round_number % 2:
            raw = _mutate_bytes(rng, VALID)
        else:
            mutated = parsed
            for _ in range(rng.randint(1, 3)):
                mutated = _mutate_structure(rng, mutated)
            try:
                raw = json.dumps(mutated).encode()
            except ValueError:  # 10**400 cannot be written by json either
                continue
        try:
            result = sessionfile.loads(raw)
        except SessionFileError as error:
            assert str(error)
            outcomes["refused"] += 1
        else:
            assert isinstance(result, Session)
            outcomes["loaded"] += 1
    assert outcomes["refused"] > 2000 and outcomes["loaded"] > 100
    assert time.process_time() - started < 10


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_never_escape_as_another_exception(raw):
    with contextlib.suppress(SessionFileError):
        sessionfile.loads(raw)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_random_json_never_escapes_as_another_exception(value):
    with contextlib.suppress(SessionFileError):
        sessionfile.from_json(value)


# -- versions and migrations ---------------------------------------------------------------

def test_the_migration_chain_runs_each_step_in_order():
    seen: list[int] = []

    def one_to_two(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["version"])
        data["added"] = "in 2"
        return data

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["version"])
        data["renamed"] = data.pop("added")
        return data

    old = {"format": "awaw-desktop-session", "version": 1, "title": "old"}
    new = sessionfile.migrate(old, {1: one_to_two, 2: two_to_three}, current=3)
    assert seen == [1, 2]
    assert new == {"format": "awaw-desktop-session", "version": 3, "title": "old", "renamed": "in 2"}
    assert old == {"format": "awaw-desktop-session", "version": 1, "title": "old"}  # not changed
    assert sessionfile.migrate(new, {1: one_to_two, 2: two_to_three}, current=3) == new  # current: no step


def test_a_gap_in_the_migration_chain_is_reported():
    with pytest.raises(SessionFileError, match="format 2 files cannot be read by this version"):
        sessionfile.migrate({"format": "awaw-desktop-session", "version": 1}, {1: lambda d: d}, current=3)


def _version_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """A made-up older format: players as two top-level names, turns as text."""
    result = {key: value for key, value in data.items() if key not in ("axis_player", "allied_player")}
    result["players"] = {"axis": data["axis_player"], "allied": data["allied_player"]}
    for key in ("start_turn", "turn"):
        result[key] = Turn.parse(data[key]).to_json()
    return result


VERSION_0 = {"format": "awaw-desktop-session", "version": 0, "edition": "original", "scenario": "european",
             "start_turn": "Spring 1940", "turn": "Fall 1941", "axis_player": "Ada", "allied_player": "Bruno",
             "inputs": {"germany": {"dp_level": 5}}}


def test_an_older_version_is_migrated_when_loaded(monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", {0: _version_0_to_1, **migrations.MIGRATIONS})
    session = sessionfile.loads(json.dumps(VERSION_0).encode())
    assert session.players == {"axis": "Ada", "allied": "Bruno"}
    assert session.turn == Turn(1941, Season.FALL)
    assert session.start_turn == Turn(1940, Season.SPRING)
    assert session.edition is Edition.ORIGINAL
    assert session.inputs == {"germany": {"dp_level": 5}}
    # saved again, it is a current file
    assert json.loads(sessionfile.dumps(session))["version"] == 4


def test_a_migration_that_fails_reports_a_damaged_file(monkeypatch):
    monkeypatch.setattr(migrations, "MIGRATIONS", {0: _version_0_to_1, **migrations.MIGRATIONS})
    broken = dict(VERSION_0)
    del broken["axis_player"]
    assert refused_bytes(json.dumps(broken).encode()).startswith("damaged: cannot convert this format 0 file")
    older = dict(VERSION_0, version=-1)
    assert refused_bytes(json.dumps(older).encode()) == \
        "damaged: unknown format version -1 (this version reads versions 0 to 4)"


def test_version_4_is_read_and_versions_1_to_3_migrated():
    assert sessionfile.FORMAT_VERSION == 4
    assert set(sessionfile.MIGRATIONS) == {1, 2, 3}


# -- the JSON schema -------------------------------------------------------------------------

def test_committed_schema_is_current():
    # Regenerate with: python -m awaw_desktop.core.awaw.sessionfile > resources/session.schema.json
    assert json.loads(SCHEMA.read_text(encoding="utf-8")) == sessionfile.json_schema()
    assert SCHEMA.read_text(encoding="utf-8").replace("\r\n", "\n") == sessionfile.json_schema_text()


def test_schema_names_every_field_to_json_writes():
    schema = sessionfile.json_schema()
    assert set(schema["properties"]) == set(sessionfile.to_json(make_session())) | {"reconciled"}
    assert set(schema["required"]) == {"format", "version", "edition", "scenario", "start_turn", "turn"}
    assert schema["additionalProperties"] is False
    assert schema["properties"]["version"]["const"] == 4


def test_model_vocabulary_matches_the_rules_core():
    assert get_args(sessionfile.PowerKey) == assess.ORDER
    assert get_args(sessionfile.EditionName) == tuple(edition.value for edition in Edition)
    assert get_args(sessionfile.ScenarioName) == tuple(scenario.value for scenario in Scenario)
    assert get_args(sessionfile.SeasonName) == tuple(season.value for season in Season)


# -- saving ------------------------------------------------------------------------------------

def test_save_keeps_dated_backups_of_what_it_replaced(tmp_path):
    path = tmp_path / "game.awaw"
    titles = [f"save {number}" for number in range(8)]
    sessionfile.save(make_session(title=titles[0]), path)
    assert sessionfile.backups(path) == []
    for title in titles[1:]:
        sessionfile.save(make_session(title=title), path)
    assert sessionfile.load(path).title == "save 7"
    kept = sessionfile.backups(path)
    assert [backup.session.title for backup in kept] == ["save 6", "save 5", "save 4", "save 3", "save 2"]
    assert len(kept) == sessionfile.BACKUPS_KEPT
    assert all(backup.path.name.startswith("game.awaw.") and backup.path.suffix == ".bak" for backup in kept)
    assert kept[0].path.read_bytes() == sessionfile.dumps(make_session(title="save 6"))
    assert kept[0].saved_at > kept[1].saved_at
    assert kept[0].description.startswith("Spring 1942, saved ")
    assert temp_files(tmp_path) == []


def test_saving_the_same_game_twice_keeps_the_older_backup(tmp_path):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(title="first"), path)
    sessionfile.save(make_session(title="second"), path)
    sessionfile.save(make_session(title="second"), path)
    assert [backup.session.title for backup in sessionfile.backups(path)] == ["first"]


def test_an_old_single_bak_file_is_still_offered_and_damaged_backups_are_skipped(tmp_path):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(title="old bak"), tmp_path / "other.awaw")
    (tmp_path / "other.awaw").rename(sessionfile.backup_path(path))
    os.utime(sessionfile.backup_path(path), (1_000_000_000, 1_000_000_000))
    sessionfile.save(make_session(title="first"), path)
    sessionfile.save(make_session(title="second"), path)
    sessionfile.save(make_session(title="third"), path)
    newest = sessionfile.backups(path)[0].path
    newest.write_bytes(b'{"format": "awaw-desktop-session", "vers')
    assert [backup.session.title for backup in sessionfile.backups(path)] == ["first", "old bak"]


def test_save_writes_exactly_dumps(tmp_path):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(), path)
    assert path.read_bytes() == sessionfile.dumps(make_session())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")
def test_save_keeps_the_file_mode(tmp_path):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(), path)
    path.chmod(0o640)
    sessionfile.save(make_session(title="again"), path)
    assert path.stat().st_mode & 0o777 == 0o640


@pytest.mark.skipif(sys.platform == "win32", reason="symbolic links")
def test_save_through_a_symbolic_link_updates_the_target(tmp_path):
    real = tmp_path / "real.awaw"
    link = tmp_path / "link.awaw"
    sessionfile.save(make_session(title="one"), real)
    link.symlink_to(real)
    sessionfile.save(make_session(title="two"), link)
    assert link.is_symlink()
    assert sessionfile.load(real).title == "two"


def _failing_replace(original, fail_for: str):
    def replace(source, target, *args, **kwargs):
        if str(target).endswith(fail_for):
            raise OSError(28, "No space left on device")
        return original(source, target, *args, **kwargs)

    return replace


@pytest.mark.parametrize("fail_for", [".awaw", ".bak"])
def test_a_failed_rename_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch, fail_for):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(title="old"), path)
    sessionfile.save(make_session(title="older is in bak"), path)
    before = path.read_bytes()
    monkeypatch.setattr(os, "replace", _failing_replace(os.replace, fail_for))
    with pytest.raises(SessionFileError, match=r"^cannot save game.awaw: No space left on device$"):
        sessionfile.save(make_session(title="new"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sessionfile.load(path).title == "older is in bak"
    assert temp_files(tmp_path) == []


def test_a_failed_write_leaves_the_old_file_and_no_temp(tmp_path, monkeypatch):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(title="old"), path)
    before = path.read_bytes()
    original_write = os.write

    def half_write(fd, data):
        original_write(fd, bytes(data[: len(data) // 2]))
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "write", half_write)
    with pytest.raises(SessionFileError, match="No space left on device"):
        sessionfile.save(make_session(title="new"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_a_failed_fsync_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(title="old"), path)
    before = path.read_bytes()

    def no_fsync(fd):
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(os, "fsync", no_fsync)
    with pytest.raises(SessionFileError, match="Input/output error"):
        sessionfile.save(make_session(title="new"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_an_interrupt_during_the_write_cleans_up_and_propagates(tmp_path, monkeypatch):
    path = tmp_path / "game.awaw"
    sessionfile.save(make_session(title="old"), path)
    before = path.read_bytes()

    def interrupted(fd, data):
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", interrupted)
    with pytest.raises(KeyboardInterrupt):
        sessionfile.save(make_session(title="new"), path)
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert temp_files(tmp_path) == []


def test_save_into_a_missing_folder(tmp_path):
    with pytest.raises(SessionFileError, match=r"^cannot save game.awaw: no such file or folder$"):
        sessionfile.save(make_session(), tmp_path / "nowhere" / "game.awaw")


def test_save_onto_a_folder(tmp_path):
    (tmp_path / "game.awaw").mkdir()
    with pytest.raises(SessionFileError, match=r"^cannot save game.awaw: it is a folder, not a file$"):
        sessionfile.save(make_session(), tmp_path / "game.awaw")


def test_a_session_that_could_not_be_read_back_is_not_saved(tmp_path):
    path = tmp_path / "game.awaw"
    bad = make_session(inputs={"germany": {"dp_level": 99}})
    with pytest.raises(SessionFileError, match=r"^cannot save: inputs\.germany\.dp_level: German DP level"):
        sessionfile.save(bad, path)
    with pytest.raises(SessionFileError, match=r"^cannot save: the number nan is too large for a file \(or not"):
        sessionfile.dumps(make_session(carry={"germany": {"x": float("nan")}}))
    with pytest.raises(SessionFileError, match=r"^cannot save: players.referee: is not a field"):
        sessionfile.dumps(make_session(players={"axis": "", "allied": "", "referee": "Cy"}))
    assert not path.exists()


def test_clean_stray_temp_files_removes_only_ours(tmp_path):
    ours = tmp_path / f".game.awaw.0123abcd{sessionfile.TEMP_SUFFIX}"
    fresh = tmp_path / f".other.awaw.fff{sessionfile.TEMP_SUFFIX}"
    keep = [tmp_path / "game.awaw", tmp_path / "game.awaw.bak", tmp_path / ".hidden", tmp_path / "x.awaw-tmp"]
    for path in [ours, fresh, *keep]:
        path.write_bytes(b"x")
    old = time.time() - 3600
    os.utime(ours, (old, old))
    assert sessionfile.clean_stray_temp_files(tmp_path) == [ours]
    assert fresh.exists()
    assert sessionfile.clean_stray_temp_files(tmp_path, older_than=0) == [fresh]
    assert all(path.exists() for path in keep)
    assert sessionfile.clean_stray_temp_files(tmp_path / "missing") == []


# -- a save killed midway (SIGKILL) -------------------------------------------------------------

SAVER = textwrap.dedent("""
    import sys
    from awaw_desktop.core.awaw import sessionfile
    from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
    from awaw_desktop.core.awaw.session import Session

    def make(title, size):
        turn = Turn(1939, Season.FALL)
        return Session(Edition.UPDATED, Scenario.GLOBAL_WAR, turn, turn, title=title,
                       carry={"germany": {"padding": "x" * size}})

    small, large = make("small", 10), make("large", 300_000)
    sessionfile.save(small, sys.argv[1])
    sessionfile.save(large, sys.argv[1])
    print("ready", flush=True)
    count = 0
    while True:
        sessionfile.save(large if count % 2 else small, sys.argv[1])
        count += 1
""")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")
def test_a_save_killed_midway_leaves_a_whole_file(tmp_path):
    rng = random.Random(7)
    path = tmp_path / "game.awaw"
    for _round in range(5):
        process = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        try:
            assert process.stdout is not None
            assert process.stdout.readline() == b"ready\n", process.stderr.read() if process.stderr else ""
            time.sleep(rng.uniform(0.01, 0.25))
        finally:
            process.send_signal(signal.SIGKILL)
            process.communicate()
        assert process.returncode == -signal.SIGKILL
        assert sessionfile.load(path).title in ("small", "large")
        assert {backup.session.title for backup in sessionfile.backups(path)} <= {"small", "large"}
        # a kill between keeping a new backup and pruning the oldest leaves one extra, pruned at the next save
        assert len(sessionfile.backups(path)) <= sessionfile.BACKUPS_KEPT + 1
        sessionfile.clean_stray_temp_files(tmp_path)  # the killed saver is gone: its temp goes at once
        assert temp_files(tmp_path) == []


@pytest.mark.parametrize(("start", "turn", "ok"), [
    (Turn(1940, Season.SPRING), Turn(1940, Season.FALL), True),
    (Turn(1940, Season.FALL), Turn(1940, Season.FALL), True),
    (Turn(1940, Season.FALL), Turn(1940, Season.SUMMER), False),
    (Turn(1940, Season.WINTER), Turn(1941, Season.SPRING), True),
    (Turn(1941, Season.SPRING), Turn(1940, Season.WINTER), False),
])
def test_turn_order_follows_the_seasons_not_their_names(start, turn, ok):
    data = document(start_turn=start.to_json(), turn=turn.to_json())
    if ok:
        assert sessionfile.from_json(data).turn == turn
    else:
        assert refused(data).startswith(f"turn: the current turn ({turn.title}) is before the start turn")


def test_the_minimal_file_of_the_format_document_loads():
    raw = b"""{
      "format": "awaw-desktop-session",
      "version": 1,
      "edition": "updated",
      "scenario": "global-war",
      "start_turn": {"season": "fall", "year": 1939},
      "turn": {"season": "fall", "year": 1939}
    }"""
    session = sessionfile.loads(raw)
    expected = Session(Edition.UPDATED, Scenario.GLOBAL_WAR, START, START, {"axis": "", "allied": ""}, "",
                       {}, {}, {}, [], [])
    # Version 1 read an unentered "Italy at war" line as ticked: the war's fact says the same.
    expected.facts["war.italy_wa"] = START.to_json()
    assert session == expected
    assert session.assess()["germany"].total == 0


def test_the_version_1_fixture_with_every_power_still_loads_whole():
    """Kept forever: a format-1 file with an entry on every line of every power, a die and a turn."""
    path = ROOT / "tests" / "fixtures" / "session-v1-every-power.awaw"
    raw = json.loads(path.read_text(encoding="utf-8"))
    session = sessionfile.load(path)
    assert raw["version"] == 1
    saved = sessionfile.to_json(session)
    # Version 2: the facts several tables repeated are held once; the tables keep what is theirs alone.
    for power, values in raw["inputs"].items():
        for line_id, value in values.items():
            if session.is_bound(power, line_id):
                assert session.value(power, line_id) is not None
            else:
                assert saved["inputs"][power][line_id] == value
    assert {k: v for k, v in saved["carry"]["japan"].items()} == \
        {k: v for k, v in raw["carry"]["japan"].items() if k not in ("war_turn", "war_began_on_russia", "us_war_turn")}
    assert saved["facts"]["war.germany_us"] == {"season": "winter", "year": 1942}
    # where tables disagreed, the file still opens and says what was reconciled
    assert any(note.startswith("U.S. at war with Germany: the tabs disagreed") for note in session.load_notes)
    assert len(session.history) == 1 and len(session.dice) == 1
    assert set(session.assess()) == set(raw["inputs"])


@pytest.mark.parametrize(("power", "key", "value"), [("russia", "lowest_removal_level", "x"),
                                                     ("japan", "cumulative_total", "3"),
                                                     ("japan", "surrendered", 1),
                                                     ("britain", "surrenders", {"a": 1})])
def test_a_carried_value_of_the_wrong_kind_is_refused(power, key, value):
    document = sessionfile.to_json(Session.new())
    document["carry"][power][key] = value
    with pytest.raises(SessionFileError) as error:
        sessionfile.from_json(document)
    assert key in str(error.value)
