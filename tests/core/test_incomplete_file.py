"""A file cut short (a save interrupted, a copy or an e-mail attachment that did not arrive whole) is refused in
the player's words first, the parser's detail after; a file damaged in the middle keeps the plain "damaged"."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import report, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.files.incomplete_file import IncompleteFileError, cut_short

SESSION = Session.new(Edition.ORIGINAL, Scenario.GLOBAL_WAR, Turn(1940, Season.SUMMER), title="Club \u00e9t\u00e9")
VALID = sessionfile.dumps(SESSION)
#: Where the format marker is whole: a file cut before it is "not a session file" (it could be anything).
MARKER_END = VALID.index(b"awaw-desktop-session") + len("awaw-desktop-session") + 1


def refusal(raw: bytes) -> SessionFileError:
    with pytest.raises(SessionFileError) as caught:
        sessionfile.loads(raw)
    return caught.value


def test_a_file_cut_after_an_open_brace_says_where_it_breaks_off_in_the_players_words():
    """The play-tester's half-written file: it ends in "{" and the next line's indentation."""
    cut = VALID.index(b"{", VALID.index(b'"history"')) + 1
    raw = VALID[:cut] + b"\n         "
    line = raw.count(b"\n") + 1
    error = refusal(raw)
    assert isinstance(error, IncompleteFileError) and error.line == line
    assert str(error) == (f"The file is incomplete or damaged: it breaks off at line {line}. It may have been cut "
                          "short when it was sent or copied. Technical detail: invalid JSON at line "
                          f"{line} column 10 (expecting property name enclosed in double quotes).")
    assert sessionfile.file_problem("half.awaw", error) == (
        f"half.awaw is incomplete or damaged: it breaks off at line {line}. It may have been cut short when it "
        f"was sent or copied.\n\nTechnical detail: invalid JSON at line {line} column 10 (expecting property "
        "name enclosed in double quotes).")


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_every_cut_after_the_format_marker_is_an_incomplete_file(data):
    cut = data.draw(st.integers(MARKER_END, len(VALID) - 2), label="cut")
    error = refusal(VALID[:cut])
    assert isinstance(error, IncompleteFileError), str(error)
    assert str(error).startswith("The file is incomplete or damaged: it breaks off at line ")
    assert error.line == VALID[:cut].count(b"\n") + 1   # the last line, where it breaks off


def test_a_character_cut_in_two_is_an_incomplete_file():
    cut = VALID.index("\u00e9".encode()) + 1   # the first byte of the two of "é"
    error = refusal(VALID[:cut])
    assert isinstance(error, IncompleteFileError)
    assert "the text ends inside a character" in error.detail


@pytest.mark.parametrize("raw", [
    b'{\n "format": "awaw-desktop-session",\n "version": 1,\n "x": ,\n}',      # a hole in the middle
    VALID.replace(b'"title"', b'"title" "', 1),                                  # a stray quote
])
def test_a_file_damaged_in_the_middle_is_not_called_cut_short(raw):
    error = refusal(raw)
    assert not isinstance(error, IncompleteFileError)
    assert str(error).startswith("damaged: invalid JSON at line")
    assert sessionfile.file_problem("game.awaw", error) == f"game.awaw: {error}"


def test_the_report_command_says_it_in_the_players_words(tmp_path, capsys):
    path = tmp_path / "half.awaw"
    path.write_bytes(VALID[: len(VALID) // 2])
    assert report.main([str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"awaw-desktop: {path} is incomplete or damaged: it breaks off at line ")
    assert "It may have been cut short when it was sent or copied.\n\nTechnical detail: invalid JSON at line" in err


def test_a_long_number_where_the_parser_stopped_is_told_apart_in_one_pass():
    """A damaged file with a number of thousands of digits where the parser stopped (a hostile file): the check that
    the file broke off inside a number took every split of its digits (20 ms for 4,000 digits, some 20 s for
    30,000) before saying no."""
    digits = "1" * 30_000
    damaged = "[1 " + digits + "]"
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads(damaged)
    assert damaged[caught.value.pos:].startswith(digits)
    assert not cut_short(damaged, caught.value)   # damaged in the middle, not cut short
    begun = "[1, -" + digits + "." + digits + "e+"
    assert cut_short(begun, json.JSONDecodeError("Expecting value", begun, 4))   # broke off inside the number
