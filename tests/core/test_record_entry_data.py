"""An entry's facts are read by its kind (issue 38.2): a field of the wrong kind (an object where a digest is
expected, a list where a draw is) is a damaged or forged entry named by its number, never a ``TypeError``; the
families' checks against the record and ``verify`` never raise on what a file's entries hold, and the forged entry
is named whatever else the file holds."""

from __future__ import annotations

import functools

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import game_record, sessionfile
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa import game_record as europa_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.record import entry_data
from awaw_desktop.core.record.chain import Entry
from awaw_desktop.core.record.verify import verify_bytes

from .record_games import end_turn, forged, long_game

AXIS, ALLIED = "olive branch grove", "red barn door"


@functools.cache
def awaw_file() -> bytes:
    return sessionfile.dumps(long_game(3))


@functools.cache
def europa_file() -> bytes:
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), "Danube", "Ann", "Bob")
    for change in (lambda g: actions.add_nation(g, "Italy"), lambda g: actions.draw_envelope(g, "Italy", AXIS, ALLIED),
                   lambda g: actions.open_envelope(g, "Italy", AXIS, ALLIED)[0], lambda g: actions.end_turn(g)[0]):
        game = europa_record.recorded(game, change(game), "a change")
    return gamefile.dumps("europa", game)


#: JSON values of every shape: what a hostile file can put where a value of one kind is expected.
JSON = st.recursive(st.none() | st.booleans() | st.integers(-2**70, 2**70) | st.floats(allow_nan=False)
                    | st.text(max_size=70), lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FIELDS = ("before", "levels", "checkpoints", "table", "value", "source", "fair_dice", "draw", "commitments", "step",
          "commitment", "revealed", "keys", "choices")


def kind_is_wrong(entry: dict, name: str, value) -> bool:
    """Whether the typed reading refuses ``value`` in field ``name`` of this entry (what the test expects named)."""
    trial = Entry.from_json({**entry, "data": {**entry.get("data", {}), name: value}}, "entry")
    return isinstance(entry_data.facts_of(trial), entry_data.Forged)


def hostile_case(raw: bytes, data, field_names=FIELDS) -> tuple[bytes, int, bool]:
    chosen: dict = {}

    def change(entries: list[dict]) -> None:
        index = data.draw(st.integers(0, len(entries) - 1), label="entry")
        name = data.draw(st.sampled_from(field_names), label="field")
        value = data.draw(JSON, label="value")
        entries[index].setdefault("data", {})[name] = value
        chosen.update(index=index, wrong=kind_is_wrong(entries[index], name, value))

    changed = forged(raw, change)
    return changed, chosen["index"], chosen["wrong"]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_world_at_war_entry_with_facts_of_any_shape_is_named_never_raised(data):
    raw, index, wrong = hostile_case(awaw_file(), data)
    session = sessionfile.loads(raw)   # the chain holds: the file opens
    problem = game_record.check_against_record(session, session.record)   # never raises
    verification = verify_bytes(raw)   # never raises
    if wrong:
        assert problem is not None and problem.n == index and "damaged or forged" in problem.what
        assert not verification.verified and verification.problem.n == index
        assert "damaged or forged" in verification.words()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_a_europa_entry_with_facts_of_any_shape_is_named_never_raised(data):
    raw, index, wrong = hostile_case(europa_file(), data)
    verification = verify_bytes(raw)   # never raises
    try:
        game = gamefile.loads(raw).game
    except gamefile.SessionFileError:   # refused as damaged (a draw the file holds does not match): said, not raised
        assert not verification.verified
        return
    problem = europa_record.check_against_record(game, game.record)   # never raises
    if wrong:
        assert problem is not None and problem.n == index and "damaged or forged" in problem.what
        assert not verification.verified and "damaged or forged" in verification.words()


def test_the_cases_the_fault_hunt_found_are_named():
    """``data.before`` an object (A World at War), ``data.draw`` a list (Europa): a TypeError before."""
    raw = forged(awaw_file(), lambda entries: entries[-1]["data"].update(before={"a": 1}))
    words = verify_bytes(raw).words()
    assert "NOT verified" in words and "entry 4 (Spring 1940): its facts are damaged or forged (data.before: " \
        "expected text, got a set of named values)" in words
    raw = forged(europa_file(), lambda entries: next(e for e in entries if e["kind"] == "draw")["data"].update(
        draw=["x"]))
    words = verify_bytes(raw).words()
    assert "NOT verified" in words and "data.draw: expected text, got a list" in words


def test_honest_games_read_clean():
    for raw in (awaw_file(), europa_file()):
        verification = verify_bytes(raw)
        assert verification.verified, verification.words()
    session = long_game(2)
    end_turn(session, {})
    assert entry_data.data_problem(session.record) is None
