"""Every carried value is checked by its kind when a file is read (issue 30, class 1): a value that starts empty
(an election level, a surrender turn) has a kind too, so a file that loads also reports, shows and saves."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, carried_kinds, sessionfile
from awaw_desktop.core.awaw.family import FAMILY
from awaw_desktop.core.awaw.report import FORMATS, report
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.paths import examples_dir

ELECTION_1945 = json.loads((examples_dir() / "yss-election-1945.awaw").read_text(encoding="utf-8"))


def with_carried(document: dict[str, Any], power: str, key: str, value: Any) -> bytes:
    changed = json.loads(json.dumps(document))
    changed.setdefault("carry", {}).setdefault(power, {})[key] = value
    return json.dumps(changed).encode()


def test_every_carried_value_of_every_power_has_a_kind():
    for power in assess.ORDER:
        kept = assess.power_module(power).initial_carry()
        assert set(kept) == set(carried_kinds.KINDS[power]), power
        for key, start in kept.items():
            assert carried_kinds.problem(power, key, start) is None, (power, key, start)
    assert set(carried_kinds.KINDS) == set(assess.ORDER)


def test_an_election_level_held_as_text_is_refused_when_read():
    """The reproducer: 14 of 100,000 fuzzed files loaded with this, and the report failed (int("x"))."""
    for key in ("level_europe", "level_pacific"):
        with pytest.raises(SessionFileError, match=rf'^carry\.election\.{key}: expected a whole number, got "x"$'):
            sessionfile.loads(with_carried(ELECTION_1945, "election", key, "x"))


@pytest.mark.parametrize(("power", "key", "value", "words"), [
    ("election", "level_pacific", "3", "a whole number"),
    ("election", "tension_europe", 2.5, "a whole number"),
    ("italy", "surrender_level", True, "a whole number"),
    ("france", "vichy", "yes", "true or false"),
    ("britain", "surrender_turn", {"season": "fall", "year": "x"}, "a turn"),
    ("russia", "ics_frozen_for", "Fall 1942", "a turn"),
    ("germany", "surrender_turn", {"season": ["fall"], "year": 1941}, "a turn"),
    ("britain", "declined_offers", [{"season": "never", "year": 1941}], "a list of turns"),
    ("britain", "surrenders", [-2, "x"], "a list of whole numbers"),
    ("britain", "far_east_choice", 3, "text"),
])
def test_a_carried_value_of_the_wrong_kind_is_refused_by_its_kind(power, key, value, words):
    with pytest.raises(SessionFileError, match=rf"^carry\.{power}\.{key}: expected {words}"):
        sessionfile.loads(with_carried(ELECTION_1945, power, key, value))


def test_an_empty_carried_value_and_a_key_no_power_keeps_still_load():
    loaded = sessionfile.loads(with_carried(ELECTION_1945, "election", "level_europe", None))
    assert loaded.carry["election"]["level_europe"] is None
    loaded = sessionfile.loads(with_carried(ELECTION_1945, "russia", "a_note", "kept"))
    assert loaded.carry["russia"]["a_note"] == "kept"


CARRIED = [(power, key) for power in assess.ORDER for key in carried_kinds.KINDS[power]]
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-12, 30) | st.text(max_size=6)
                           | st.sampled_from(["spring", "fall", "no-war", "freeze_ics"])
                           | st.fixed_dictionaries({"season": st.sampled_from(["spring", "winter", "never"]),
                                                    "year": st.integers(1938, 1951)}),
                           lambda inner: st.lists(inner, max_size=2) | st.dictionaries(st.text(max_size=4), inner,
                                                                                       max_size=2), max_leaves=4)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(carried=st.sampled_from(CARRIED), value=JSON_VALUES)
def test_a_file_whose_carried_value_loads_also_reports_and_saves(carried, value):
    """The 1945 election (whose report tries unticking the declared war: that read the level) with any value."""
    power, key = carried
    try:
        session = sessionfile.loads(with_carried(ELECTION_1945, power, key, value))
    except SessionFileError as error:
        assert str(error)
        return
    assert FAMILY.report_text(session)
    for fmt in FORMATS:
        assert report(session, fmt)
    assert sessionfile.loads(sessionfile.dumps(session)) == session
