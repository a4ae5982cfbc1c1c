import pytest

from awaw_desktop.core.europa import political
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.lines import RulesInputError


def test_city_points():
    total, lines = political.city_points({"Albania": (1, 2), "Bulgaria": (2, 1), "Mainland Greece": (1, 3),
                                          "Yugoslavia": (3, 4)})
    assert total == (10 + 2) + (20 + 3) + (10 + 9) + (30 + 12)
    assert lines[0] == "Albania: 1 x10 + 2 x1 = 12 (56.C)"


def test_greek_islands_and_others_are_refused():
    with pytest.raises(RulesInputError, match=r"56\.C gives city points in"):
        political.city_points({"Crete": (1, 0)})


def test_operational_areas():
    assert political.operational_area("hungary") == ("C", "D", "G")
    assert political.operational_area("Italy") == ()


def test_rivalry_bites_only_with_both_in_the_game():
    assert len(political.restrictions("Hungary", ["Hungary", "Italy"])) == 2
    assert len(political.restrictions("Hungary", ["Hungary", "Rumania"])) == 5
    assert len(political.restrictions("Slovakia", ["Hungary"])) == 5
    assert political.restrictions("Finland", ["Hungary", "Rumania"]) == ()


def test_aid_routes():
    turn = EuropaTurn(1943, 3, 1)
    assert political.ship_aid("Rumania", turn, 4, political.RAIL_AUTOMATIC).arrived
    sea = political.ship_aid("Finland", turn, 3, political.FINLAND_SEA)
    assert not sea.arrived
    assert political.aid_in_transit([sea]) == 3 and political.aid_received([sea]) == 0
    with pytest.raises(RulesInputError, match="by sea or by rail"):
        political.ship_aid("Finland", turn, 3, political.RAIL_AUTOMATIC)
    with pytest.raises(RulesInputError, match="1 to 999"):
        political.ship_aid("Italy", turn, 0, political.RAIL_AUTOMATIC)
