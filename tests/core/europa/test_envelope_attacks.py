"""The envelope against the player it binds (issue 26), in the core: a replayed or copied draw, a card re-sealed by
the opener, a file that lowers the Scrypt cost, weak passphrases, a card never shown, a lost passphrase.  (Rolling
a file back to forget an opening is the game record's: tests/ui/europa/test_envelope_attacks_window.py.)"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from awaw_desktop.core.europa import actions, draw, envelope, game_record, sealing
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.envelope import Stage
from awaw_desktop.core.europa.family import FAMILY
from awaw_desktop.core.europa.passphrases import passphrase_problem
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import SessionFileError
from awaw_desktop.core.lines import RulesInputError

T = EuropaTurn.parse
AXIS, ALLIED = "olive branch grove", "red barn door"
FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def recorded(game, change, label="a change"):
    """A change as the window makes it: its entries added to the game record."""
    return game_record.recorded(game, change(game), label)


def game_with_draws() -> actions.EuropaGame:
    game = actions.new_game(T("Jun II 43"), "Danube", "Ann", "Bob")
    for name in ("Italy", "Hungary"):
        game = recorded(game, lambda g, name=name: actions.add_nation(g, name))
        game = recorded(game, lambda g, name=name: actions.draw_envelope(g, name, AXIS, ALLIED))
    return game


def document(game) -> dict:
    return json.loads(gamefile.dumps("europa", game))


def test_every_draw_is_bound_to_its_game_nation_and_envelope_and_recorded():
    game = game_with_draws()
    italy, hungary = game.nation("Italy").envelope, game.nation("Hungary").envelope
    assert italy.bound(game.record.game_id, "Italy") and not italy.bound(game.record.game_id, "Hungary")
    assert not italy.bound("0" * 32, "Italy")
    draws = [entry for entry in game.record.entries if entry.kind == "draw"]
    assert [entry.data["draw"] for entry in draws] == [italy.draw_id, hungary.draw_id]
    assert draws[0].data["commitments"] == [part.commitment for part in italy.contributions]


def test_a_draw_copied_into_another_nations_envelope_is_refused():
    data = document(game_with_draws())
    nations = data["game"]["nations"]
    nations[0]["envelope"] = json.loads(json.dumps(nations[1]["envelope"]))   # Hungary's draw into Italy's envelope
    with pytest.raises(SessionFileError, match=r"used twice|another game, nation or envelope"):
        FAMILY.from_document(data)


def test_a_shown_draw_replayed_into_a_new_envelope_is_refused():
    game = game_with_draws()
    game, _card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    for _ in range(6):
        game, _log = actions.end_turn(game)
    game = actions.show_card(game, "Italy", ALLIED)
    for _ in range(8):
        game, _log = actions.end_turn(game)
    game = actions.draw_envelope(game, "Italy", AXIS, ALLIED)   # a new envelope: number 1
    data = document(game)
    italy = data["game"]["nations"][0]
    old = italy["past_envelopes"][0]
    italy["envelope"].update(draw_id=old["draw_id"], contributions=old["contributions"])   # the known card again
    with pytest.raises(SessionFileError, match="used twice"):
        FAMILY.from_document(data)
    italy["past_envelopes"] = []      # and with the old one removed: the draw is not this envelope's
    with pytest.raises(SessionFileError, match="another game, nation or envelope"):
        FAMILY.from_document(data)


def test_a_draw_from_another_game_does_not_open():
    game, other = game_with_draws(), game_with_draws()
    data = document(game)
    data["game"]["nations"][0]["envelope"] = document(other)["game"]["nations"][0]["envelope"]
    with pytest.raises(SessionFileError, match="another game, nation or envelope"):
        FAMILY.from_document(data)


def test_showing_works_the_card_out_again_so_a_resealed_card_cannot_be_published():
    game = game_with_draws()
    before = game
    game, card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    game = game_record.recorded(before, game, "Open the Italy envelope")
    opened = game.nation("Italy").envelope
    assert opened.secrets_for_opener is not None and opened.card_for_opener is None
    # The opener re-seals two other secrets under his own passphrase, to publish a card of his choosing.
    other = envelope.seal_secrets_for(opened.draw_id, b"\1" * 32, b"\2" * 32, ALLIED)
    forged = actions.replace(opened, secrets_for_opener=other)
    with pytest.raises(RulesInputError, match="does not match its commitment"):
        envelope.show(forged, T("Oct I 43"), envelope.SHOWN_BY_DATE, ALLIED)
    # ... or keeps a card instead of the secrets, as an earlier version did: refused for a bound draw.
    legacy = actions.replace(opened, secrets_for_opener=None,
                             card_for_opener=draw.seal_card_for("AS", opened.draw_id, ALLIED))
    with pytest.raises(RulesInputError, match="keeps the secrets for its opener, not a card"):
        legacy.check("envelope")
    for _ in range(6):   # Jun II to Sep II 1943: three months after the opening
        game = recorded(game, lambda g: actions.end_turn(g)[0])
    game = recorded(game, lambda g: actions.show_card(g, "Italy", ALLIED))
    shown = game.nation("Italy").envelope
    assert shown.card == card and shown.revealed_card() == card and len(shown.revealed) == 2
    assert "worked out again from both sides' secrets" in game.log[-1].text
    assert game_record.check_against_record(game, game.record) is None


def test_the_scrypt_cost_is_the_apps_not_the_files(monkeypatch):
    game = game_with_draws()
    data = document(game)
    assert "cost_log2" not in data["game"]   # a file cannot ask for weaker new envelopes any more
    monkeypatch.setattr(sealing, "FLOOR_COST_LOG2", 12)   # the app's floor above the box's cost (10 in the tests)
    with pytest.raises(RulesInputError, match=r"sealed more weakly than this app allows \(Scrypt 2\^10"):
        actions.open_envelope(game, "Italy", AXIS, ALLIED)


@pytest.mark.parametrize("typed, why", [
    ("abcd", "at least 10 characters"),
    ("password123", "most common choices"),
    ("Barbarossa!", "most common choices"),
    ("aaaaaaaaaaaa", "more different characters"),
    ("Ann Ann 1942", "player's name"),
    ("Danube 1943", "player's name, the game's title"),
])
def test_weak_passphrases_are_refused_with_the_reason(typed, why):
    assert why in passphrase_problem(typed, ("Ann", "Bob", "Danube"))


def test_a_good_passphrase_is_taken_and_never_compared_with_the_other_side_s():
    """Refusing the other side's passphrase told the one typing it that he had guessed it (issue 37): at one table
    the Axis passphrase is the consent to open."""
    assert passphrase_problem("olive branch grove") == ""
    game = actions.add_nation(actions.new_game(T("Jun II 43"), "Danube", "Ann", "Bob"), "Italy")
    drawn = actions.draw_envelope(game, "Italy", AXIS, AXIS)
    assert drawn.nation("Italy").envelope is not None


def test_a_passphrase_typed_on_another_keyboard_opens_the_same_box():
    composed, decomposed = "caf\u00e9 au lait bleu", "cafe\u0301 au lait bleu"
    game = actions.add_nation(actions.new_game(T("Jun II 43")), "Italy")
    game = actions.draw_envelope(game, "Italy", composed, ALLIED)
    opened, card = actions.open_envelope(game, "Italy", decomposed, ALLIED)
    assert card and opened.nation("Italy").envelope.opened is not None


def test_a_card_is_shown_before_it_can_be_discarded():
    game = game_with_draws()
    game, _card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    with pytest.raises(RulesInputError, match="Italy: the card is discarded next turn and has not been shown"):
        for _ in range(20):
            game, _log = actions.end_turn(game)
    assert actions.cards_due(game) == ("Italy",)
    game = actions.show_card(game, "Italy", ALLIED)
    game, _log = actions.end_turn(game)
    assert game.nation("Italy").envelope.stage(game.turn) is Stage.DISCARDED


def test_a_lost_passphrase_has_a_way_on_that_gives_no_one_the_card():
    game = game_with_draws()
    with pytest.raises(RulesInputError, match="say why"):
        actions.void_envelope(game, "Italy", "  ")
    game = recorded(game, lambda g: actions.void_envelope(g, "Italy", "the Axis passphrase was forgotten"))
    voided = game.nation("Italy").envelope
    assert voided.stage(game.turn) is Stage.VOIDED and not voided.in_effect(game.turn) and voided.card == ""
    with pytest.raises(RulesInputError, match="voided"):
        actions.open_envelope(game, "Italy", AXIS, ALLIED)
    game = recorded(game, lambda g: actions.draw_envelope(g, "Italy", AXIS, ALLIED))   # a new card at once
    assert game.nation("Italy").envelope.stage(game.turn) is Stage.SEALED
    assert [entry.kind for entry in game.record.entries][-2:] == ["event", "draw"]
    assert "agreed to void" in game.record.entries[-2].summary


def test_a_version_2_file_loads_its_envelopes_as_they_were():
    cards = ("8D", "AS")   # what the fixture's two opened envelopes drew (tests/fixtures/europa-v2.awaw)
    game = gamefile.load(FIXTURES / "europa-v2.awaw").game
    assert [entry.kind for entry in game.record.entries] == ["migrated"]
    hungary, rumania = game.nation("Hungary").envelope, game.nation("Rumania").envelope
    assert hungary.card_for_opener is not None and not hungary.nonce   # an earlier version's: the card kept
    assert rumania.card == cards[1]
    shown = envelope.show(hungary, T("Oct I 43"), envelope.SHOWN_BY_DATE, "red barn door")
    assert shown.card == cards[0] and shown.revealed == ()
    assert actions.shown_how(shown).startswith(" (opened by an earlier version")
    assert game_record.check_against_record(game, game.record) is None
