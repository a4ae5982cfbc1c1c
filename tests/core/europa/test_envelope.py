"""The life of a card (56.E.1) at each boundary, in both modes."""

import pytest

from awaw_desktop.core.europa import envelope as env
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.envelope import Stage
from awaw_desktop.core.europa.sealing import WrongPassphrase
from awaw_desktop.core.lines import RulesInputError

T = EuropaTurn.parse
COST = 10
AXIS, ALLIED = "axis words", "allied words"


def opened_paper(turn="Jul I 43"):
    envelope, card = env.open_envelope(env.draw_real_deck(T("Jun I 43")), T(turn))
    assert card == ""
    return envelope


def test_the_rules_example_dates():
    envelope = opened_paper()
    assert envelope.effective == T("Aug I 43")
    assert envelope.show_due == T("Oct I 43")
    assert envelope.discarded == T("Feb I 44")


@pytest.mark.parametrize(("turn", "stage", "in_effect"), [
    ("Jun II 43", Stage.SEALED, False),
    ("Jul I 43", Stage.OPENED, False),
    ("Jul II 43", Stage.OPENED, False),
    ("Aug I 43", Stage.PRIVATE, True),
    ("Sep II 43", Stage.PRIVATE, True),
    ("Oct I 43", Stage.TO_SHOW, True),
    ("Jan II 44", Stage.TO_SHOW, True),
    ("Feb I 44", Stage.DISCARDED, False),
    ("Mar I 44", Stage.DISCARDED, False),
])
def test_each_boundary(turn, stage, in_effect):
    envelope = opened_paper()
    assert envelope.stage(T(turn)) is stage
    assert envelope.in_effect(T(turn)) is in_effect


def test_shown_on_its_date_then_discarded():
    envelope = env.show(opened_paper(), T("Oct I 43"), env.SHOWN_BY_DATE, typed_card="queen of hearts")
    assert envelope.card == "QH"
    assert envelope.stage(T("Oct I 43")) is Stage.SHOWN
    assert envelope.stage(T("Jan II 44")) is Stage.SHOWN
    assert envelope.stage(T("Feb I 44")) is Stage.DISCARDED


def test_not_shown_by_date_before_the_date():
    with pytest.raises(RulesInputError, match="Oct I 1943"):
        env.show(opened_paper(), T("Sep II 43"), env.SHOWN_BY_DATE, typed_card="QH")


def test_a_count_request_shows_early_without_moving_the_dates():
    envelope = env.show(opened_paper(), T("Jul II 43"), env.SHOWN_BY_COUNT, typed_card="2C")
    assert envelope.stage(T("Jul II 43")) is Stage.SHOWN
    assert not envelope.in_effect(T("Jul II 43"))
    assert envelope.in_effect(T("Aug I 43"))
    assert envelope.discarded == T("Feb I 44")


def test_sealed_draw_life():
    sealed = env.draw_sealed(T("Jun I 43"), AXIS, ALLIED)
    assert sealed.stage(T("Dec I 45")) is Stage.SEALED
    with pytest.raises(RulesInputError, match="sealed"):
        env.peek(sealed, ALLIED)
    opened, card = env.open_envelope(sealed, T("Jul I 43"), AXIS, ALLIED)
    assert opened.card == "" and card
    assert env.peek(opened, ALLIED) == card
    with pytest.raises(WrongPassphrase, match="Allied"):
        env.peek(opened, AXIS)
    shown = env.show(opened, T("Oct I 43"), env.SHOWN_BY_DATE, ALLIED)
    assert shown.card == card and shown.card_for_opener is None
    assert env.verify_draw(shown, AXIS, ALLIED)


def test_opening_needs_the_owners_passphrase():
    sealed = env.draw_sealed(T("Jun I 43"), AXIS, ALLIED)
    with pytest.raises(WrongPassphrase, match="Axis"):
        env.open_envelope(sealed, T("Jul I 43"), "guessing", ALLIED)
    with pytest.raises(WrongPassphrase, match="Allied"):
        env.open_envelope(sealed, T("Jul I 43"), AXIS, "guessing")


def test_opened_once_and_not_before_the_draw():
    sealed = env.draw_sealed(T("Jun I 43"), AXIS, ALLIED)
    with pytest.raises(RulesInputError, match="drawn on Jun I 1943"):
        env.open_envelope(sealed, T("May II 43"), AXIS, ALLIED)
    opened, _ = env.open_envelope(sealed, T("Jul I 43"), AXIS, ALLIED)
    with pytest.raises(RulesInputError, match="already opened"):
        env.open_envelope(opened, T("Jul II 43"), AXIS, ALLIED)


def test_round_trip_json_at_every_stage():
    sealed = env.draw_sealed(T("Jun I 43"), AXIS, ALLIED)
    opened, _ = env.open_envelope(sealed, T("Jul I 43"), AXIS, ALLIED)
    shown = env.show(opened, T("Oct I 43"), env.SHOWN_BY_DATE, ALLIED)
    for envelope in (sealed, opened, shown, opened_paper()):
        assert env.Envelope.from_json(envelope.to_json(), "e") == envelope


def test_a_stored_envelope_that_no_play_produces_is_refused():
    data = opened_paper().to_json()
    data["card"] = "QH"
    with pytest.raises(RulesInputError, match="public exactly when it has been shown"):
        env.Envelope.from_json(data, "nations[0].envelope")
