"""A Europa game played through its actions, and its file refused where it cannot be used."""

import json
from fractions import Fraction as F

import pytest

from awaw_desktop.core.europa import actions, actions_aid
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.envelope import Stage
from awaw_desktop.core.europa.roster import Losses, RosterEntry
from awaw_desktop.core.europa.state import FORMAT_VERSION, EuropaGame
from awaw_desktop.core.lines import RulesInputError

T = EuropaTurn.parse
AXIS, ALLIED = "axis pass", "allied pass"
# With these secrets the draw gives a known card (found once, then fixed here).
SECRETS = (bytes(32), bytes([1]) * 32)


def game_with(*names, start="Jun II 43"):
    game = actions.new_game(T(start), "Test", "Ann", "Bob", cost_log2=10)
    for name in names:
        game = actions.add_nation(game, name)
    return game


def advance(game, turns):
    for _ in range(turns):
        game, _events = actions.end_turn(game)
    return game


def test_a_year_with_two_envelopes_a_count_a_roll_and_a_defection():
    game = game_with("Italy", "Rumania")
    game = actions.draw_envelope(game, "Italy", AXIS, ALLIED, secrets=SECRETS)
    game = actions.draw_paper_envelope(game, "Rumania")
    game = actions.set_roster(game, "Italy", [RosterEntry("Rome", F(2), capital=True)])
    game = advance(game, 1)                                           # Jul I 43
    game, card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    assert actions.card_in_effect(game, "Italy") == ""
    game, events = actions.end_turn(game)
    game, events = actions.end_turn(game)                              # Aug I 43
    assert any("comes into effect" in str(e) for e in events)
    assert game.nations[0].envelope.stage(game.turn) is Stage.PRIVATE
    assert actions.card_in_effect(game, "Italy") == ""                 # not public yet
    game, count = actions.request_re_count(game, "Italy", "allied", ALLIED)
    assert count.card == card and actions.card_in_effect(game, "Italy") == card
    assert "shows the card to both sides" in str(game.log[-2])
    game = advance(game, 4)                                           # Oct I 43
    assert game.nations[0].envelope.stage(game.turn) is Stage.SHOWN
    game = actions.set_surrender_condition(game, "Italy", "Allied units in Rome or Naples")
    game = actions.set_condition_met(game, "Italy", True)
    game = actions.set_special_rate(game, "Italy", 50)
    game, events = actions.end_turn(game)
    assert any("Italy: the surrender condition holds: a surrender check is due (the players make it; nothing is "
               "decided for them) (56.A)" in str(e) for e in events)
    game = actions.record_surrender_roll(game, "Italy", 2, "holds on")
    assert game.nation("Italy").surrender.rate() == 40
    game = advance(game, 7)                                           # Feb I 44
    assert game.nations[0].envelope.stage(game.turn) is Stage.DISCARDED
    assert any(e.turn == T("Feb I 44") and "discarded" in e.text for e in game.log)
    game = actions.draw_envelope(game, "Italy", AXIS, ALLIED)
    assert len(game.nation("Italy").past_envelopes) == 1
    game = actions.defect(game, "Rumania", [actions.UnitToRoll("1 Mtn", False, 5),
                                            actions.UnitToRoll("1 Arm", True, 5)])
    fates = [str(entry) for entry in game.log[-2:]]
    assert "combat-isolated" in fates[0] and "supply-isolated" in fates[1]
    game = advance(game, 13)
    assert any("resume" in str(entry) for entry in game.log[-3:])
    again = EuropaGame.from_json(json.loads(json.dumps(game.to_json())))
    assert again == game


def test_the_enemy_may_request_a_count_only_after_opening():
    game = actions.draw_envelope(game_with("Finland"), "Finland", AXIS, ALLIED)
    with pytest.raises(RulesInputError, match="only after opening the card drawn for it"):
        actions.request_re_count(game, "Finland", "allied")
    with pytest.raises(RulesInputError, match="only after opening"):
        actions.request_re_count(game_with("Finland"), "Finland", "allied")


def test_the_owner_counts_a_sealed_nation_without_a_card():
    game = actions.draw_envelope(game_with("Finland"), "Finland", AXIS, ALLIED)
    game = actions.set_losses(game, "Finland", Losses(tf_hits=3))
    game, count = actions.request_re_count(game, "Finland", "axis")
    assert count.card == "" and count.naval_losses == 3
    assert game.nation("Finland").envelope.stage(game.turn) is Stage.SEALED


def test_the_owners_count_never_shows_the_card_and_leaves_a_private_one_out():
    """56.E.2: only the enemy's request exposes the card (issue 25: the owner's count showed it two months early)."""
    game = actions.draw_envelope(game_with("Italy"), "Italy", AXIS, ALLIED, secrets=SECRETS)
    game = actions.set_losses(game, "Italy", Losses(ground_res=F(4), air_eliminated=2, tf_hits=2, rp_pool=20))
    game, card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    game = advance(game, 2)                                           # in effect, seen by the Allied side only
    assert not actions.count_needs_card(game, "Italy", "axis") and actions.count_needs_card(game, "Italy", "allied")
    game, count = actions.request_re_count(game, "Italy", "axis")
    envelope = game.nation("Italy").envelope
    assert envelope.card == "" and envelope.stage(game.turn) is Stage.PRIVATE
    assert count.card == "" and count.ground_losses == 4 and count.rp_pool_losses == 20
    assert "leaves it out" in count.lines[-1].text and count.lines[-1].rule == "56.E.2"
    assert actions.last_count(game, "Italy").card_left_out
    assert "left out" in game.log[-1].text
    game, count = actions.request_re_count(game, "Italy", "allied", ALLIED)
    assert count.card == card and game.nation("Italy").envelope.card == card
    assert not actions.last_count(game, "Italy").card_left_out and actions.last_count(game, "Italy").card == card


def test_a_paper_card_is_typed_when_shown():
    game = actions.draw_paper_envelope(game_with("Hungary"), "Hungary")
    game, card = actions.open_envelope(game, "Hungary")
    assert card == ""
    game = advance(game, 6)
    with pytest.raises(RulesInputError, match="type the card"):
        actions.show_card(game, "Hungary")
    game = actions.show_card(game, "Hungary", typed_card="7 of clubs")
    assert actions.card_in_effect(game, "Hungary") == "7C"


def test_one_envelope_at_a_time():
    game = actions.draw_paper_envelope(game_with("Italy"), "Italy")
    with pytest.raises(RulesInputError, match="already has an envelope"):
        actions.draw_paper_envelope(game, "Italy")


def test_nations_by_any_name_once():
    game = game_with("Italy", "Croatia")
    assert [n.name for n in game.nations] == ["Italy", "Croatia"]
    with pytest.raises(RulesInputError, match="already in the game"):
        actions.add_nation(game, " italy ")
    with pytest.raises(RulesInputError, match="needs a name"):
        actions.add_nation(game, "  ")
    assert [n.name for n in actions.remove_nation(game, "croatia").nations] == ["Italy"]


def test_new_government_and_surrender_are_logged():
    game = actions.set_special_rate(game_with("Italy"), "Italy", 50)
    game = actions.record_surrender_roll(game, "Italy", 4)
    game = actions.form_government(game, "Italy", "RSI Italy", 30)
    game = actions.record_surrender_roll(game, "Italy", None)
    assert game.nation("Italy").surrender.rolls[-1].source == "rolled"
    assert "surrender roll for the nation" in game.log[-1].text
    assert "special replacement rate now 30%; RSI Italy 30%" in game.log[-1].text   # Italy's roll is not the RSI's
    game = actions.surrender_nation(game, "Italy")
    assert not game.nation("Italy").active and actions.surrender_checks_due(game) == ()
    with pytest.raises(RulesInputError, match="cannot defect"):
        actions.defect(game, "Italy", [])
    with pytest.raises(RulesInputError, match="no more surrender rolls"):
        actions.record_surrender_roll(game, "Italy", 3)
    game = actions.record_surrender_roll(game, "Italy", 3, by="RSI Italy")        # the RSI rolls after Italy fell
    assert "surrender roll for RSI Italy (the new government): 3" in game.log[-1].text
    assert game.nation("Italy").surrender.government_rate("RSI Italy") == 20
    assert game.nation("Italy").surrender.rate() == 30


def test_a_defected_nation_cannot_surrender_nor_roll_and_its_envelope_stays_shut():
    game = actions.draw_envelope(game_with("Rumania", "Italy"), "Rumania", AXIS, ALLIED)
    game = actions.defect(game, "Rumania", [])
    for change in (lambda g: actions.surrender_nation(g, "Rumania"),
                   lambda g: actions.record_surrender_roll(g, "Rumania", 2),
                   lambda g: actions.open_envelope(g, "Rumania", AXIS, ALLIED),
                   lambda g: actions.request_re_count(g, "Rumania", "axis")):
        with pytest.raises(RulesInputError, match="defected to the Soviets on Jun II 1943"):
            change(game)


def test_a_surrendered_nations_envelope_stays_shut():
    game = actions.draw_paper_envelope(game_with("Italy"), "Italy")
    game = actions.surrender_nation(game, "Italy")
    with pytest.raises(RulesInputError, match="surrendered on Jun II 1943: it is no longer an Axis-Allied nation"):
        actions.open_envelope(game, "Italy")
    with pytest.raises(RulesInputError, match="no more envelopes"):
        actions.draw_paper_envelope(game, "Italy")


def test_german_aid_ledger_for_finland():
    game = actions_aid.record_german_rps(game_with("Finland"), 5)
    game = actions.ship_german_aid(game, "Finland", 5, "sea")
    game = actions.aid_arrived(game, "Finland", 0)
    assert game.nation("Finland").aid[0].arrived
    with pytest.raises(RulesInputError, match="no such shipment"):
        actions.aid_arrived(game, "Finland", 0)


def damaged(change):
    data = actions.draw_envelope(game_with("Italy"), "Italy", AXIS, ALLIED).to_json()
    change(data)
    return data


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d.update(version=FORMAT_VERSION + 1), "newer version of the app"),
    (lambda d: d.update(format="awaw-desktop-session"), "not a Europa game"),
    (lambda d: d.update(turn="Smarch I 43"), r"europa\.turn: a game turn is written like"),
    (lambda d: d.update(start="Dec I 43"), "before the start"),
    (lambda d: d.update(extra=1), "unknown field"),
    (lambda d: d["nations"].append(dict(d["nations"][0])), "two nations have the same name"),
    (lambda d: d["nations"][0]["envelope"].update(card="QH"), "public exactly when it has been shown"),
    (lambda d: d["nations"][0]["envelope"]["contributions"]["axis"].update(commitment="00"), "64 lowercase hex"),
    (lambda d: d["nations"][0]["envelope"]["contributions"]["axis"]["sealed_secret"].update(cost_log2=30),
     "cost_log2 must be 10 to 20"),
    (lambda d: d["nations"][0]["envelope"]["contributions"].pop("allied"), "holds axis and allied"),
    (lambda d: d["nations"][0]["roster"].append({"label": "x", "res": "1/3", "force": "national", "where": "home"}),
     r"roster\[0\]: .*whole numbers and halves"),
    (lambda d: d["nations"][0]["losses"].update(tf_hits=-2), "tf_hits: expected a whole number 0 to 9999"),
    (lambda d: d["nations"][0]["surrender"].update(special_rate=120), "special_rate"),
])
def test_files_refused_with_a_clear_message(change, message):
    with pytest.raises(RulesInputError, match=message):
        EuropaGame.from_json(damaged(change))


def test_an_allied_request_that_would_show_a_private_card_asks_for_the_opener():
    game = actions.draw_envelope(game_with("Italy"), "Italy", AXIS, ALLIED)
    game, _card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    game = advance(game, 2)
    with pytest.raises(RulesInputError, match=r"shows the card drawn for Italy to both sides \(56\.E\.2\): the "
                                              "Allied player must type his passphrase"):
        actions.request_re_count(game, "Italy", "allied")
    with pytest.raises(RulesInputError, match="Allied passphrase"):
        actions.request_re_count(game, "Italy", "allied", "wrong one")


def test_restrictions_bite_only_while_both_rivals_are_axis():
    game = game_with("Hungary", "Slovakia")
    assert len(actions.restrictions_for(game, "Hungary")) == 5
    game = actions.defect(game, "Slovakia", [])
    assert len(actions.restrictions_for(game, "Hungary")) == 2
    assert actions.restrictions_for(game, "Slovakia") == ()


def test_the_report_names_a_card_only_once_shown():
    from awaw_desktop.core.europa.cards import card_name
    from awaw_desktop.core.europa.report import report_text

    game = actions.draw_envelope(game_with("Italy"), "Italy", AXIS, ALLIED)
    game, card = actions.open_envelope(game, "Italy", AXIS, ALLIED)
    game = advance(game, 6)
    assert card_name(card) not in report_text(game)
    assert "due to be shown" in report_text(game)
    game = actions.show_card(game, "Italy", ALLIED)
    assert card_name(card) in report_text(game)
    assert "Shown to both sides Sep II 1943, To be discarded Jan II 1944" in report_text(game)
