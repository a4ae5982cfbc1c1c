"""RE counts (56.E) checked against hand-computed figures."""

from fractions import Fraction as F

import pytest

from awaw_desktop.core.europa.cards import ALL_CODES, RANKS
from awaw_desktop.core.europa.recount import count_res, distance_mds, unit_counts
from awaw_desktop.core.europa.roster import Losses, RosterEntry
from awaw_desktop.core.lines import RulesInputError

ROSTER = (
    RosterEntry("Rome garrison", F(2), capital=True, major_city=True),             # 2 x2 x2 = 8
    RosterEntry("Ariete", F(1), armour=True),                                      # 1 x2 = 2
    RosterEntry("Albania corps", F(2), where="possession"),                        # 2 x1/2 = 1
    RosterEntry("Croatia corps", F(2), where="abroad", mds_minor=4),               # 2 x2 = 4
    RosterEntry("26th Panzer", F(2), force="german", major_city=True, armour=True),  # 2 x2 x2 = 8
    RosterEntry("SS police", F(1), force="ss-police"),                             # 1
    RosterEntry("Flak", F(1), force="luftwaffe"),                                  # 1
    RosterEntry("Depot", F(1), support=True),                                      # 0
    RosterEntry("Front line", F(3), force="german", near_enemy=True),              # 0
)
LOSSES = Losses(ground_res=F(6), cm_armour_res=F(2), air_eliminated=3, air_aborted=3, tf_hits=2, nts_eliminated=12,
                forts_inland=2, forts_coastal=3, rp_pool=7)
# Without a card: forces 25, forts 3 1/2, ground 6, air 4 1/2, naval 2 + 12//5 = 4, RP 7.
BASE = (F(25), F(6), F(9, 2), F(4), 7)


def figures(card=""):
    result = count_res(ROSTER, LOSSES, card)
    assert result.forts == F(7, 2)
    return result.forces, result.ground_losses, result.air_losses, result.naval_losses, result.rp_pool_losses


def test_without_a_card():
    assert figures() == BASE


def test_four_mds_into_yugoslavia_count_as_two_into_france():
    assert distance_mds(mds_major=0, mds_minor=4) == distance_mds(mds_major=2, mds_minor=0) == 2
    yugoslavia = count_res([RosterEntry("a", F(3), where="abroad", mds_minor=4)], Losses())
    france = count_res([RosterEntry("a", F(3), where="abroad", mds_major=2)], Losses())
    assert yugoslavia.forces == france.forces == 6


@pytest.mark.parametrize(("major", "minor", "mds"), [(0, 0, 1), (0, 1, 1), (0, 3, 1), (1, 3, 2), (3, 5, 5)])
def test_distance_rounds_minor_mds_down_and_is_at_least_one(major, minor, mds):
    assert distance_mds(major, minor) == mds


def test_modifiers_are_cumulative():
    unit = RosterEntry("x", F(1, 2), capital=True, major_city=True, island=True, armour=True, motorized=True)
    assert count_res([unit], Losses()).forces == F(1, 2) * 2 * 2 * F(1, 2) * 2 * F(3, 2)
    abroad = RosterEntry("y", F(2), where="abroad", motorized=True, mds_major=3)
    assert count_res([abroad], Losses()).forces == 9


def test_possession_on_an_island_is_halved_once():
    assert count_res([RosterEntry("Rhodes", F(2), where="possession", island=True)], Losses()).forces == 1


# (forces, ground, air, naval, RP) for each card, worked out by hand from the figures above.
HAND = {
    "AS": (F(25), F(6), F(9, 4), F(4), 7), "AC": (F(25), F(6), F(9), F(4), 7),
    "KS": (F(25), F(6), F(9, 2), F(2), 7), "KC": (F(25), F(6), F(9, 2), F(8), 7),
    "QS": (F(25), F(3), F(9, 2), F(4), 7), "QC": (F(25), F(12), F(9, 2), F(4), 7),
    "JS": (F(25), F(5), F(9, 2), F(4), 7), "JC": (F(25), F(8), F(9, 2), F(4), 7),
    "AH": (F(26), F(6), F(9, 2), F(4), 7), "AD": (F(24), F(6), F(9, 2), F(4), 7),
    "KH": (F(26), F(6), F(9, 2), F(4), 7), "KD": (F(24), F(6), F(9, 2), F(4), 7),
    "QH": (F(24), F(6), F(9, 2), F(4), 7), "QD": (F(26), F(6), F(9, 2), F(4), 7),
    "JH": (F(23), F(6), F(9, 2), F(4), 7), "JD": (F(29), F(6), F(9, 2), F(4), 7),
    # German REs counted in the country: 26th Panzer 2 + SS 1 + Luftwaffe 1 = 4 (the front line is not counted).
    **{f"{n}S": (F(25), F(6), F(9, 2), F(4), max(0, 7 - n)) for n in range(2, 11)},
    **{f"{n}C": (F(25), F(6), F(9, 2), F(4), 7 + n) for n in range(2, 11)},
    **{f"{n}H": (F(25) - min(n, 4), F(6), F(9, 2), F(4), 7) for n in range(2, 11)},
    **{f"{n}D": (F(25) + min(n, 4), F(6), F(9, 2), F(4), 7) for n in range(2, 11)},
    "JOKER1": BASE, "JOKER2": BASE,
}


def test_every_card_of_table_1_is_covered():
    assert set(HAND) == set(ALL_CODES) and len(HAND) == 54
    assert len(RANKS) * 4 == 52


@pytest.mark.parametrize("card", sorted(HAND))
def test_each_card_by_hand(card):
    assert figures(card) == HAND[card]


def test_german_limit_worked_example():
    result = count_res(ROSTER, LOSSES, "10H")
    line = next(line for line in result.lines if line.rule == "56.E.1 Table 1")
    assert "4 of 4 German REs" in line.text and "note 3" in line.text and line.value == -4


def test_breakdown_has_a_line_per_multiplier_with_its_rule():
    result = count_res(ROSTER[:1], Losses())
    texts = [(line.rule, line.text, line.value) for line in result.lines]
    assert texts[:3] == [("56.E RE counts", "Rome garrison: 2 REs", 2),
                         ("56.E modifiers", "Rome garrison x2 in the capital", 4),
                         ("56.E modifiers", "Rome garrison x2 in a major city hex", 8)]
    assert all(line.rule.startswith("56.E") for line in result.lines)


def test_card_lines_name_the_card():
    result = count_res(ROSTER, LOSSES, "JH")
    card_lines = [line for line in result.lines if line.rule == "56.E.1 Table 1"]
    assert len(card_lines) == 1 and card_lines[0].text.startswith("J\u2665: the distance multiplier is halved")


def test_nts_round_down_per_five():
    assert count_res([], Losses(nts_eliminated=9)).naval_losses == 1
    assert count_res([], Losses(nts_eliminated=10)).naval_losses == 2


def test_a_value_no_unit_can_have_is_refused():
    with pytest.raises(RulesInputError, match="a force is one of"):
        RosterEntry("Test unit", F(1), force="italian")
    with pytest.raises(RulesInputError, match="a place is one of"):
        RosterEntry("Test unit", F(1), where="moon")


# A whole order of battle is taken (issue 25): what 56.E does not count counts 0, with the reason on its line.
@pytest.mark.parametrize(("kwargs", "reason", "rule"), [
    ({"force": "german", "where": "abroad", "mds_major": 2}, "a major power's unit outside the home country", "56.E"),
    ({"force": "luftwaffe", "where": "abroad"}, "a major power's unit outside the home country", "56.E"),
    ({"support": True, "force": "german", "where": "abroad"}, "supply unit, depot or Army HQ",
     "56.E Table 1 note 1"),
    ({"near_enemy": True, "where": "abroad", "mds_major": 3}, "within 3 hexes of an enemy unit", "56.E.1 note"),
    ({"support": True}, "supply unit, depot or Army HQ", "56.E Table 1 note 1"),
])
def test_units_56e_does_not_count_are_taken_and_count_0_with_the_reason(kwargs, reason, rule):
    unit = RosterEntry("Test unit", F(2), **kwargs)
    result = count_res([unit], Losses())
    assert result.forces == 0
    (counted,) = unit_counts([unit])
    assert counted.value == 0 and reason in counted.reason and f"({rule})" in counted.reason
    assert any(reason in line.text and line.rule == rule for line in result.lines)


def test_modifiers_that_cannot_apply_where_the_unit_stands_are_left_out_with_the_reason():
    possession = RosterEntry("Tirana", F(2), where="possession", capital=True, major_city=True)
    (counted,) = unit_counts([possession])
    assert counted.value == 1 and "no x2 for capital outside the home country" in counted.reason
    home = RosterEntry("Turin", F(2), mds_major=2)
    (counted,) = unit_counts([home])
    assert counted.value == 2 and "MDs not used" in counted.reason


def test_each_unit_says_why_it_counts_what_it_does():
    rome, ariete = unit_counts(ROSTER[:2])
    assert (rome.value, ariete.value) == (8, 2)
    assert rome.reason == "x2 capital, x2 major city (56.E modifiers)"
    plain = unit_counts([RosterEntry("Infantry", F(1))])[0]
    assert plain.reason == "counted as printed (56.E RE counts)"


def test_losses_are_checked():
    with pytest.raises(RulesInputError, match="part of the ground losses"):
        Losses(ground_res=F(1), cm_armour_res=F(2))
    with pytest.raises(RulesInputError, match="tf hits"):
        Losses(tf_hits=-1)


def test_taking_german_res_off_never_removes_more_than_they_counted():
    island = RosterEntry("Crete garrison", F(2), force="german", island=True)   # counts 1
    result = count_res([island], Losses(), "10H")
    assert result.forces == 0
    card_line = next(line for line in result.lines if line.rule == "56.E.1 Table 1")
    assert ("2 of 2 German REs in the country (at their printed size, not as the modifiers count them) taken off "
            "(no more than the 1 they counted)") in card_line.text
    assert count_res([island], Losses(), "10D").forces == 3
