"""An RE figure as a player types it (issue 25): never "" as 0, never "1e3" as 1000."""

from fractions import Fraction as F

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.europa.res import format_res, parse_res
from awaw_desktop.core.lines import RulesInputError


@pytest.mark.parametrize(("typed", "value"), [
    ("2", F(2)), (" 3 1/2 ", F(7, 2)), ("1/2", F(1, 2)), ("3.5", F(7, 2)), ("3,5", F(7, 2)), ("3\u00bd", F(7, 2)),
    ("\uff13", F(3)), ("0", F(0)), ("4/2", F(2)), (".5", F(1, 2)),
])
def test_what_players_type(typed, value):
    assert parse_res(typed) == value


@pytest.mark.parametrize(("typed", "message"), [
    ("", "nothing typed"), ("   ", "nothing typed"), ("1e3", "'1e3' is not a number of REs"),
    ("1_000", "not a number of REs"), ("+2", "not a number of REs"), ("0x10", "not a number of REs"),
    ("inf", "not a number of REs"), ("1/0", "not a number of REs"), ("3 3/2", "not a number of REs"),
    ("-1", "out of range"), ("1/3", "whole numbers and halves"), ("10001", "out of range"),
    ("9" * 5000, "not a number of REs"),
])
def test_what_is_refused_with_a_message(typed, message):
    with pytest.raises(RulesInputError, match=message):
        parse_res(typed, "Unit REs")


@given(st.integers(0, 20_000))
def test_every_half_written_reads_back(halves):
    value = F(halves, 2)
    assert parse_res(format_res(value)) == value
