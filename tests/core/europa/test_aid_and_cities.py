"""German aid (56.D) and city points (56.C) as the players record them."""

import pytest

from awaw_desktop.core.europa import actions, actions_aid, actions_cities
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.city_points import Place, totals
from awaw_desktop.core.europa.report import render
from awaw_desktop.core.lines import RulesInputError

T = EuropaTurn.parse


def game_with(*names):
    game = actions.new_game(T("Jun II 43"), "Aid", cost_log2=10)
    for name in names:
        game = actions.add_nation(game, name)
    return game


def test_the_pool_accumulates_and_shipments_leave_it():
    game = actions_aid.record_german_rps(game_with("Italy", "Finland", "Hungary"), 10)
    game = actions_aid.record_german_rps(game, 3, "used")
    assert actions_aid.pool_balance(game) == 7
    game = actions_aid.ship_german_aid(game, "Hungary", 4)
    assert "4 German armour RPs shipped, arrived: By rail, automatically. The pool holds 3" in game.log[-1].text
    assert game.log[-1].turn == T("Jun II 43") and game.log[-1].rule == "56.D"
    with pytest.raises(RulesInputError, match="the German armour RP pool holds 3 RPs: 4 cannot be shipped"):
        actions_aid.ship_german_aid(game, "Italy", 4)
    with pytest.raises(RulesInputError, match="Germany cannot use 5"):
        actions_aid.record_german_rps(game, 5, "used")
    game = actions_aid.ship_german_aid(game, "Finland", 3, "sea")
    finland = game.nation("Finland")
    assert not finland.aid[0].arrived and "Greater Germany to Helsinki" in game.log[-1].text
    assert actions_aid.pool_balance(game) == 0
    game, _ = actions.end_turn(game)
    game = actions_aid.aid_arrived(game, "Finland", 0)
    assert "shipped on Jun II 1943 arrived in Helsinki" in game.log[-1].text


def test_finland_by_sea_or_rail_and_others_by_rail():
    game = actions_aid.record_german_rps(game_with("Finland", "Rumania"), 20)
    with pytest.raises(RulesInputError, match="by sea or by rail"):
        actions_aid.ship_german_aid(game, "Finland", 2, "rail")
    with pytest.raises(RulesInputError, match="by rail"):
        actions_aid.ship_german_aid(game, "Rumania", 2, "sea")
    game = actions_aid.ship_german_aid(game, "Finland", 2, "strategic-rail")
    assert "strategic rail from a rail hex on the west edge of Greater Germany to Helsinki" in game.log[-1].text


def test_a_shipment_is_taken_back_on_its_turn_only():
    game = actions_aid.record_german_rps(game_with("Italy"), 6)
    game = actions_aid.ship_german_aid(game, "Italy", 6)
    taken = actions_aid.take_back_shipment(game, "Italy", 0)
    assert taken.nation("Italy").aid == () and actions_aid.pool_balance(taken) == 6
    later, _ = actions.end_turn(game)
    with pytest.raises(RulesInputError, match="only this turn's shipments are taken back"):
        actions_aid.take_back_shipment(later, "Italy", 0)


def test_no_aid_to_a_nation_that_left_the_axis():
    game = actions_aid.record_german_rps(game_with("Italy"), 6)
    game = actions.surrender_nation(game, "Italy")
    with pytest.raises(RulesInputError, match="receives no German aid"):
        actions_aid.ship_german_aid(game, "Italy", 2)


def test_what_each_nation_received_is_in_the_report():
    game = actions_aid.record_german_rps(game_with("Italy", "Finland"), 9)
    game = actions_aid.ship_german_aid(game, "Italy", 4)
    game = actions_aid.ship_german_aid(game, "Finland", 2, "sea")
    text = render(game, "text")
    assert "German armour RP pool (56.D): 3 RPs (accumulated 9, used by Germany 0, shipped 6)" in text
    assert "German armour RP aid (56.D): 4 received, 0 on the way" in text
    assert "German armour RP aid (56.D): 0 received, 2 on the way" in text


@pytest.mark.parametrize(("country", "kind", "island", "points"), [
    ("Albania", "city", False, 10), ("Albania", "town", False, 1), ("Bulgaria", "city", False, 10),
    ("Bulgaria", "town", False, 3), ("Greece", "city", False, 10), ("Greece", "town", False, 3),
    ("Yugoslavia", "city", False, 10), ("Yugoslavia", "town", False, 3),
    ("Greece", "city", True, 0), ("Greece", "town", True, 0), ("Yugoslavia", "town", True, 3),
])
def test_each_place_counts_as_56c_says(country, kind, island, points):
    assert Place("X", country, kind, island, "axis").points()[0] == points


def test_a_greek_island_place_is_taken_and_counts_nothing_with_the_reason():
    points, why = Place("Heraklion", "Greece", "city", True, "allied").points()
    assert points == 0 and why == "on a Greek island: 56.C counts mainland Greece only (56.C)"


def test_places_change_hands_and_the_totals_follow():
    game = game_with()
    for name, country, kind, island, holder in (("Tirana", "Albania", "city", False, "axis"),
                                                ("Durazzo", "Albania", "town", False, "axis"),
                                                ("Sofia", "Bulgaria", "city", False, "axis"),
                                                ("Athens", "Greece", "city", False, "axis"),
                                                ("Heraklion", "Greece", "city", True, "axis"),
                                                ("Belgrade", "Yugoslavia", "city", False, "allied"),
                                                ("Nis", "Yugoslavia", "town", False, "allied")):
        game = actions_cities.add_place(game, name, country, kind, island, holder)
    found = totals(game.places)
    assert found.side("axis") == 10 + 1 + 10 + 10 + 0 and found.side("allied") == 13
    athens = game.places[3]
    game = actions_cities.change_place(game, 3, Place(athens.name, athens.country, athens.kind, False, "allied"))
    assert "Athens passes to the Allied side" in game.log[-1].text and "totals Axis 21; Allied 23" in game.log[-1].text
    with pytest.raises(RulesInputError, match="already entered"):
        actions_cities.add_place(game, "athens", "Greece", "city", False, "axis")
    with pytest.raises(RulesInputError, match=r"56\.C gives city points in Albania, Bulgaria, Greece, Yugoslavia"):
        actions_cities.add_place(game, "Rome", "Italy", "city", False, "axis")
    game = actions_cities.remove_place(game, 0)
    assert totals(game.places).side("axis") == 11
    text = render(game, "text")
    assert "Held by the Axis side: 11 city points (Albania 1, Bulgaria 10) (56.C)" in text
    assert "Heraklion, city in Greece (island), held by the Axis side: 0 (on a Greek island" in text
