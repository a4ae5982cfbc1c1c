"""Which changes show a card to a player (they cannot be undone, 56.E.1), and each side's passphrase checked
on its own, before the other side types (learning nothing of the card)."""

import pytest

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.sealing import WrongPassphrase
from awaw_desktop.core.lines import RulesInputError

AXIS, ALLIED = "olive branch", "red barn door"


@pytest.fixture
def sealed():
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43")), "Hungary")
    game = actions.add_nation(game, "Finland")
    return actions.draw_envelope(game, "Hungary", AXIS, ALLIED)


def test_drawing_and_ending_turns_show_no_card(sealed):
    game = actions.draw_paper_envelope(sealed, "Finland")
    assert actions.cards_seen(sealed, game) == ()
    assert actions.cards_seen(game, actions.end_turn(game)[0]) == ()


def test_opening_and_showing_each_show_a_card(sealed):
    opened, _card = actions.open_envelope(sealed, "Hungary", AXIS, ALLIED)
    assert actions.cards_seen(sealed, opened) == ("Hungary",)
    later = opened
    for _ in range(6):
        later = actions.end_turn(later)[0]
    shown = actions.show_card(later, "Hungary", ALLIED)
    assert actions.cards_seen(later, shown) == ("Hungary",)
    assert actions.cards_seen(shown, later) == ()          # going back is what the holder refuses, not a sight


def test_a_paper_envelope_opened_is_seen_too(sealed):
    game = actions.draw_paper_envelope(sealed, "Finland")
    opened, card = actions.open_envelope(game, "Finland")
    assert card == "" and actions.cards_seen(game, opened) == ("Finland",)


def test_a_count_that_shows_the_card_is_a_sight(sealed):
    opened, _card = actions.open_envelope(sealed, "Hungary", AXIS, ALLIED)
    counted, _result = actions.request_re_count(opened, "Hungary", "allied", ALLIED)
    assert actions.cards_seen(opened, counted) == ("Hungary",)


def test_each_side_is_checked_alone(sealed):
    actions.check_passphrase(sealed, "Hungary", "axis", AXIS)
    actions.check_passphrase(sealed, "Hungary", "allied", ALLIED)
    with pytest.raises(WrongPassphrase, match="not the Axis passphrase"):
        actions.check_passphrase(sealed, "Hungary", "axis", ALLIED)
    with pytest.raises(WrongPassphrase, match="not the Allied passphrase"):
        actions.check_passphrase(sealed, "Hungary", "allied", AXIS)
    with pytest.raises(RulesInputError, match="at least 4 characters"):
        actions.check_passphrase(sealed, "Hungary", "axis", "abc")
    assert sealed.nation("Hungary").envelope.opened is None   # checking opens nothing
