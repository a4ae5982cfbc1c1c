import pytest

from awaw_desktop.core.europa import cards
from awaw_desktop.core.europa.readings import readings, readings_markdown
from awaw_desktop.core.lines import RulesInputError


def test_a_deck_is_52_cards_and_2_jokers():
    assert cards.DECK_SIZE == 54 == len(set(cards.ALL_CODES))
    assert [cards.card_index(code) for code in cards.ALL_CODES] == list(range(54))


@pytest.mark.parametrize(("typed", "code"), [
    ("QH", "QH"), ("q\u2665", "QH"), ("Queen of Hearts", "QH"), ("10s", "10S"), ("ten of spades", "10S"),
    ("TS", "10S"), ("2 of clubs", "2C"), ("ace diamonds", "AD"), ("Joker", "JOKER1"), ("joker2", "JOKER2"),
])
def test_cards_as_players_type_them(typed, code):
    assert cards.parse_card(typed) == code


@pytest.mark.parametrize("typed", ["", "1H", "QX", "11S", "queen", 12])
def test_not_a_card(typed):
    with pytest.raises(RulesInputError, match="card"):
        cards.parse_card(typed)


def test_jokers_have_no_modifiers_and_every_card_an_effect():
    assert cards.effect("joker").target == cards.NOTHING
    assert all(cards.effect(code).label for code in cards.ALL_CODES)
    assert cards.card_name("JD") == "Jack of diamonds"


def test_readings_name_their_rules():
    found = readings()
    assert all(rule.startswith("56") and text for rule, text in found)
    assert any("Yugoslavia" in text or "minor countries" in text for _rule, text in found)
    assert any("T + 7 months" in text for _rule, text in found)
    assert readings_markdown().startswith("## Europa")
