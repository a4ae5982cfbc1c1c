"""The file a player sends at the end of his turn and the words of his e-mail (core/record/pbem.py, issue 31)."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.record.pbem import mail_text, turn_file_name

SAFE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*\.awaw$")


def test_a_turn_file_is_named_for_the_game_the_year_first_turn_and_the_side_to_move():
    assert turn_file_name("Tuesday group", "Spring 1942", "axis") == "tuesday-group-1942-spring-axis.awaw"
    assert turn_file_name("Tuesday group", "Jul I 1943", "axis") == "tuesday-group-1943-jul-i-axis.awaw"
    assert turn_file_name("Tuesday group", "Sep II 1943", "allied") == "tuesday-group-1943-sep-ii-allied.awaw"


def test_a_title_of_any_letters_is_written_in_safe_ones_and_an_untitled_game_is_game():
    assert turn_file_name("Göteborg: Club/2 \\ \"Bis\"", "Fall 1939", "allied") == \
        "goteborg-club-2-bis-1939-fall-allied.awaw"
    assert turn_file_name("", "Fall 1939", "axis") == "game-1939-fall-axis.awaw"
    assert turn_file_name("\u4e09\u56fd\u5fd7", "", "") == "game.awaw"
    assert len(turn_file_name("x" * 300, "Winter 1945", "allied")) < 80


@given(st.text(max_size=120), st.text(max_size=120), st.sampled_from(["axis", "allied", "", "Axis ", "../x"]))
def test_every_name_is_safe_characters_and_never_empty(game, turn, side):
    name = turn_file_name(game, turn, side)
    assert SAFE.match(name), name
    assert len(name) <= 3 * 40 + 2 + len(".awaw")


def test_the_mail_names_the_file_quotes_the_code_and_says_whose_move_it_is():
    text = mail_text("Tuesday group", "Spring 1942", "allied", "7Q4M-K2XD")
    assert "Attached: tuesday-group-1942-spring-allied.awaw" in text
    assert "record 7Q4M-K2XD" in text and "record record" not in text
    assert "Your move: the Allied player." in text
    assert "record 7Q4M-K2XD" in mail_text("", "Fall 1939", "axis", "record 7Q4M-K2XD")
