"""Secrecy of the sealed draw (56.E.1): neither side alone can bias or learn the card, and a
file with a sealed envelope says nothing about it."""

import hashlib
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from msgspec.structs import replace

from awaw_desktop.core.europa import actions, draw
from awaw_desktop.core.europa import envelope as env
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import ALL_CODES, DECK_SIZE, card_index, card_name, card_short
from awaw_desktop.core.europa.sealing import seal
from awaw_desktop.core.europa.state import EuropaGame
from awaw_desktop.core.lines import RulesInputError

COST = 10
SAMPLES = 54 * 60
secrets32 = st.binary(min_size=32, max_size=32)


def other_side_secrets():
    """Stand-ins for the honest side's random secrets (deterministic, so the test is repeatable)."""
    return [hashlib.sha256(f"honest {i}".encode()).digest() for i in range(SAMPLES)]


def assert_uniform(counts: Counter):
    # 60 expected per card; the bounds are more than 5 standard deviations away.
    assert set(counts) == set(range(DECK_SIZE))
    assert max(counts.values()) < 60 + 45 and min(counts.values()) > 60 - 40


@settings(max_examples=15, deadline=None)
@given(secrets32)
def test_the_axis_side_alone_cannot_bias_the_card(axis_secret):
    assert_uniform(Counter(draw.derive_card_index("d", axis_secret, allied) for allied in other_side_secrets()))


@settings(max_examples=15, deadline=None)
@given(secrets32)
def test_the_allied_side_alone_cannot_bias_the_card(allied_secret):
    assert_uniform(Counter(draw.derive_card_index("d", axis, allied_secret) for axis in other_side_secrets()))


@given(secrets32, secrets32)
def test_both_secrets_decide_the_card(axis_secret, allied_secret):
    index = draw.derive_card_index("draw", axis_secret, allied_secret)
    assert 0 <= index < DECK_SIZE
    assert draw.derive_card_index("draw", axis_secret, allied_secret) == index


def test_rejection_sampling_is_exact():
    limit = (2**256 // DECK_SIZE) * DECK_SIZE
    assert draw.index_from_digest((limit - 1).to_bytes(32, "big")) == (limit - 1) % DECK_SIZE
    assert draw.index_from_digest(limit.to_bytes(32, "big")) is None
    assert draw.index_from_digest((2**256 - 1).to_bytes(32, "big")) is None
    assert limit % DECK_SIZE == 0


def sealed_game(axis_secret: bytes, allied_secret: bytes) -> EuropaGame:
    game = actions.add_nation(actions.new_game(EuropaTurn(1943, 6, 1)), "Italy")
    return actions.draw_envelope(game, "Italy", "axis pass phrase", "allied pass phrase",
                                 secrets=(axis_secret, allied_secret))


def string_lengths(data):
    if isinstance(data, dict):
        return {key: string_lengths(value) for key, value in data.items()}
    if isinstance(data, list):
        return [string_lengths(value) for value in data]
    return len(data) if isinstance(data, str) else data


@settings(max_examples=20, deadline=None)
@given(secrets32, secrets32)
def test_a_sealed_file_leaks_nothing(axis_secret, allied_secret):
    game = sealed_game(axis_secret, allied_secret)
    card = ALL_CODES[draw.derive_card_index(game.nations[0].envelope.draw_id, axis_secret, allied_secret)]
    data = game.to_json()
    text = json.dumps(data, ensure_ascii=False)
    assert card_name(card) not in text and card_short(card) not in text and f'"{card}"' not in text
    envelope = data["nations"][0]["envelope"]
    assert envelope["card"] == "" and envelope["card_for_opener"] is None
    assert axis_secret.hex() not in text and allied_secret.hex() not in text
    # The same shape and the same string lengths whatever the card: only random bytes differ.
    reference = sealed_game(bytes(32), bytes(32)).to_json()
    assert string_lengths(data) == string_lengths(reference)
    assert EuropaGame.from_json(json.loads(text)).nations[0].envelope.card == ""


def test_an_opened_card_is_sealed_for_the_opener_only():
    game = sealed_game(bytes(range(32)), bytes(32))
    game, card = actions.open_envelope(game, "Italy", "axis pass phrase", "allied pass phrase")
    text = json.dumps(game.to_json())
    assert f'"{card}"' not in text and card_name(card) not in text
    assert actions.peek_card(game, "Italy", "allied pass phrase") == card
    with pytest.raises(RulesInputError, match="not the Allied passphrase"):
        actions.peek_card(game, "Italy", "axis pass phrase")


def test_a_side_cannot_swap_its_secret_after_committing():
    game = sealed_game(bytes(32), bytes(32))
    envelope = game.nations[0].envelope
    axis_part = envelope.contributions[0]
    forged = replace(axis_part, sealed_secret=seal(bytes([7]) * 32, "axis pass phrase",
                                                   f"europa-envelope|{envelope.draw_id}|axis-secret"))
    tampered = replace(envelope, contributions=(forged, envelope.contributions[1]))
    with pytest.raises(RulesInputError, match="does not match its commitment"):
        env.open_envelope(tampered, envelope.drawn, "axis pass phrase", "allied pass phrase")


def test_a_sealed_value_moved_to_another_field_does_not_open():
    game = sealed_game(bytes(32), bytes(32))
    envelope = game.nations[0].envelope
    axis_part, allied_part = envelope.contributions
    swapped = replace(allied_part, sealed_secret=axis_part.sealed_secret)
    with pytest.raises(RulesInputError, match="not the Allied passphrase"):
        draw.reveal_secret(envelope.draw_id, swapped, "axis pass phrase")


def test_the_sealed_card_has_the_same_length_for_every_card():
    sizes = {len(draw.seal_card_for(code, "d", "pass word").ciphertext) for code in ("2S", "10H", "JOKER1")}
    assert len(sizes) == 1
    assert card_index("JOKER2") == 53
