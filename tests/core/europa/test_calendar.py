import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.lines import RulesInputError

turns = st.builds(EuropaTurn, st.integers(1936, 1949), st.integers(1, 12), st.integers(1, 2))


def test_two_turns_a_month():
    assert EuropaTurn.parse("Jul I 1943").next() == EuropaTurn(1943, 7, 2)
    assert EuropaTurn(1943, 7, 2).next() == EuropaTurn(1943, 8, 1)
    assert EuropaTurn(1943, 12, 2).next().title == "Jan I 1944"


def test_one_month_is_two_turns():
    july = EuropaTurn.parse("Jul I 43")
    assert july.add_months(1) == july.plus_turns(2) == EuropaTurn.parse("Aug I 43")
    assert EuropaTurn.parse("Jul II 43").add_months(7).title == "Feb II 1944"


@pytest.mark.parametrize("text", ["Jul I 1943", "Jul I 43", "July 1 43", "jul i 1943", "JUL. I '43"])
def test_spellings_players_use(text):
    assert EuropaTurn.parse(text) == EuropaTurn(1943, 7, 1)


def test_titles():
    assert EuropaTurn(1944, 2, 2).title == "Feb II 1944"
    assert EuropaTurn(1944, 2, 2).short == "Feb II 44"


@pytest.mark.parametrize("text", ["", "Jul 1943", "Jul III 1943", "Ju I 1943", "Jul I 1960", "Smarch I 1943", "7/1943"])
def test_refused_with_a_clear_message(text):
    with pytest.raises(RulesInputError, match="game turn"):
        EuropaTurn.parse(text)


@given(turns)
def test_parse_round_trips(turn):
    assert EuropaTurn.parse(turn.title) == turn
    assert EuropaTurn.from_number(turn.number) == turn


@given(turns, st.integers(0, 10))
def test_months_and_order(turn, months):
    later = turn.add_months(months)
    assert later.turns_since(turn) == 2 * months
    assert (later > turn) == (months > 0)
    assert later.half == turn.half
