"""Any damage to a Europa file's envelope, or any bytes at all, is refused by core.gamefile with a
SessionFileError (a message for the player), never another exception."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile

GAME = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Fuzz"), "Italy")
RAW = gamefile.dumps("europa", GAME)
DOCUMENT = json.loads(RAW)
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                       max_size=3), max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(key=st.sampled_from(["format", "family", "version", "game", "extra"]), value=JSON_VALUES)
def test_a_changed_envelope_field_is_read_or_refused(key, value):
    document = {**DOCUMENT, key: value}
    try:
        loaded = gamefile.from_document(json.loads(json.dumps(document)))
    except SessionFileError as error:
        assert str(error)
        return
    assert loaded.family in ("awaw", "europa")


@settings(max_examples=200, deadline=None)
@given(cut=st.integers(0, len(RAW) - 1), byte=st.integers(0, 255))
def test_changed_bytes_are_read_or_refused(cut, byte):
    raw = RAW[:cut] + bytes([byte]) + RAW[cut + 1:]
    try:
        loaded = gamefile.loads(raw)
    except SessionFileError as error:
        assert str(error)
        return
    assert loaded.family == "europa"
