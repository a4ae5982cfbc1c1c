"""British surrender procedures: offer, force reductions, concessions, conciliation, Far East (59.3-59.9)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import britain_surrender as bs
from awaw_desktop.core.awaw.britain_surrender import ReductionChoice, Reductions, Ship, ShipState
from awaw_desktop.core.awaw.common import Scenario
from awaw_desktop.core.lines import RulesInputError

PRIORITY_ONE = ("lebanon_syria", "tunisia", "algeria", "morocco", "libya", "albania")
#: Priority 1 out of the way: held by the Axis or not British.
P1_CLEARED = {"lebanon_syria": "independent", "tunisia": "axis-controlled", "algeria": "axis-controlled",
              "morocco": "not-eligible", "libya": "axis-controlled", "albania": "axis-controlled"}
ITEMS = bs.concession_items()


# ----------------------------------------------------------------------------- offer

@pytest.mark.parametrize(("level", "offered", "surrender_level", "counted", "points", "may_decline"), [
    (1, False, None, 0, 0, True),
    (0, True, 0, 0, 0, True),
    (-1, True, -1, 1, 2, True),
    (-4, True, -4, 4, 8, True),
    (-9, True, -9, 9, 18, True),
    (-10, True, -10, 10, 20, False),
    (-11, True, -10, 10, 20, False),
    (-30, True, -10, 10, 20, False),
])
def test_first_offer(level, offered, surrender_level, counted, points, may_decline):
    offer = bs.offer(level)
    assert (offer.offered, offer.surrender_level, offer.counted_levels, offer.concession_points,
            offer.may_decline) == (offered, surrender_level, counted, points, may_decline)


@pytest.mark.parametrize(("level", "previous", "offered", "counted"), [
    (-3, -3, False, 0),       # equal is not below (59.87)
    (-2, -3, False, 0),
    (-4, -3, True, 1),        # -3 then -4: one level counts (59.872)
    (-7, -3, True, 4),
    (-1, 0, True, 1),         # after a "0" surrender
    (0, 0, False, 0),
    (-12, -4, True, 6),       # the new level is capped at -10 first
    (-11, -10, True, 0),      # below the last level but nothing left to count
])
def test_repeat_offer_counts_the_difference(level, previous, offered, counted):
    offer = bs.offer(level, previous)
    assert offer.offered is offered
    assert offer.counted_levels == counted
    assert offer.concession_points == 2 * counted


def test_offer_refuses_bad_arguments():
    with pytest.raises(RulesInputError, match="previous_level"):
        bs.offer(-3, 2)
    with pytest.raises(RulesInputError, match="previous_level"):
        bs.offer(-3, -11)
    with pytest.raises(RulesInputError, match="level"):
        bs.offer("-3")  # type: ignore[arg-type]


def test_offer_round_trips_json():
    offer = bs.offer(-6, -2)
    assert bs.Offer.from_json(json.loads(json.dumps(offer.to_json()))) == offer


def test_declined_offer_lapses():
    assert bs.can_accept(100, 100, declined=False)
    assert not bs.can_accept(100, 100, declined=True)
    assert not bs.can_accept(100, 101, declined=False)   # 59.32: no accepting an old offer


# ----------------------------------------------------------------------------- force reductions

def test_worked_examples_of_59_512():
    assert bs.required_reductions(0) == Reductions(0, 0, 0)        # 59.511
    assert bs.required_reductions(1) == Reductions(2, 4, 10)
    assert bs.required_reductions(2) == Reductions(4, 8, 20)
    assert bs.required_reductions(10) == Reductions(20, 40, 100)
    with pytest.raises(RulesInputError, match="levels_counted"):
        bs.required_reductions(11)
    with pytest.raises(RulesInputError, match="levels_counted"):
        bs.required_reductions(-1)


@pytest.mark.parametrize(("factors", "state", "value"), [
    (5, ShipState.ACTIVE, 5), (5, ShipState.DAMAGED, 4), (5, ShipState.SUNK_IN_PORT, 3),
    (5, ShipState.SALVAGEABLE, 3), (5, ShipState.LAUNCH_ROW, 5), (5, ShipState.ROW_2, 4),
    (5, ShipState.ROW_3, 3), (5, ShipState.ROW_4, 2), (5, ShipState.ROW_5, 1),
    (3, ShipState.ROW_5, 0), (1, ShipState.SUNK_IN_PORT, 0), (1, ShipState.DAMAGED, 0), (0, ShipState.ACTIVE, 0),
    (4, "row-4", 1),
])
def test_ship_values_with_the_59_513d_discounts(factors, state, value):
    assert bs.ship_value(factors, state) == value


def test_ship_value_refuses_bad_arguments():
    with pytest.raises(RulesInputError, match="state"):
        bs.ship_value(3, "row-6")
    with pytest.raises(RulesInputError, match="factors"):
        bs.ship_value(-1)


def test_four_battleships_meet_ten_factors_and_three_do_not():
    required = bs.required_reductions(1)
    four = ReductionChoice(2, 4, tuple(Ship(f"BB{i}", 3) for i in range(4)))
    three = ReductionChoice(2, 4, tuple(Ship(f"BB{i}", 3) for i in range(3)))
    check = bs.reductions_met(required, four)
    assert check.met and check.excess == Reductions(0, 0, 2)
    check = bs.reductions_met(required, three)
    assert not check.met
    assert check.shortfalls == ("1 more naval factors needed (9 of 10, 59.512)",)


def test_discounted_ships_count_at_their_reduced_value():
    required = bs.required_reductions(1)
    ships = (Ship("damaged BB", 4, ShipState.DAMAGED), Ship("row 3 CV", 5, ShipState.ROW_3),
             Ship("sunk CA", 2, ShipState.SUNK_IN_PORT), Ship("BB", 4))
    assert sum(ship.value for ship in ships) == 3 + 3 + 0 + 4
    assert bs.reductions_met(required, ReductionChoice(2, 4, ships)).met


def test_running_out_of_one_kind_is_enough_for_that_kind():
    required = bs.required_reductions(2)    # 4 AAF, 8 BRPs, 20 naval
    chosen = ReductionChoice(aaf=1, ground_nas_brps=8, naval_factors=20)
    assert not bs.reductions_met(required, chosen).met
    assert bs.reductions_met(required, chosen, available=Reductions(1, 30, 50)).met
    check = bs.reductions_met(required, ReductionChoice(0, 8, naval_factors=20), available=Reductions(1, 30, 50))
    assert check.shortfalls == ("1 more AAF needed (0 of 1, 59.512)",)


def test_exempt_units():
    assert bs.exempt_reason("jet") == "59.514A"
    assert bs.exempt_reason("strategic bomber") == "59.514A"
    assert bs.exempt_reason("transport") == "59.514B"
    assert bs.exempt_reason("asw") == "59.514B"
    assert bs.exempt_reason("aaf", "australian") == "59.514C"
    assert bs.exempt_reason("infantry", "canadian") == "59.514C"
    assert bs.exempt_reason("cruiser", "indian") == "59.514C"
    assert bs.exempt_reason("infantry", "free-french") == "59.514D"
    assert bs.exempt_reason("infantry", "minor") == "59.514E"
    assert bs.exempt_reason("infantry", "minor", minor_status_changed=True) is None
    assert bs.exempt_reason("battleship") is None
    assert bs.exempt_reason("submarine") is None
    assert bs.exempt_reason("battleship", in_asia=True) is None
    assert bs.exempt_reason("battleship", in_asia=True, scenario=Scenario.EUROPEAN) == "59.513D"
    assert len(bs.EXEMPT_UNITS) == 5


# ----------------------------------------------------------------------------- concessions

def test_concession_table_values_and_priorities():
    table = {item.key: (item.priority, item.value) for item in bs.CONCESSION_TABLE}
    assert table == {
        "lebanon_syria": (1, 1), "tunisia": (1, 1), "algeria": (1, 1), "morocco": (1, 1), "libya": (1, 1),
        "albania": (1, 1), "malta": (3, 1), "palestine": (3, 1), "transjordan": (3, 1), "egypt": (4, 2),
        "iraq": (4, 2), "gibraltar": (4, 3), "ulster": (5, 2), "ireland": (5, 2), "scapa_flow": (5, 3),
        "scotland": (6, 4), "central_england": (7, 5), "southern_england": (8, 6),
    }
    assert "Cyprus" in next(i.name for i in bs.CONCESSION_TABLE if i.key == "palestine")
    assert "Kuwait" in next(i.name for i in bs.CONCESSION_TABLE if i.key == "iraq")


@pytest.mark.parametrize(("brps", "neutral", "axis"), [(0, 0, 0), (4, 0, 0), (5, 1, 2), (9, 1, 2), (10, 2, 4),
                                                       (12, 2, 4), (15, 3, 6)])
def test_minor_country_points(brps, neutral, axis):
    minor = bs.minor_country("greece", "Greece", brps)
    assert minor.priority == 2
    assert minor.points("neutrality") == neutral
    assert minor.points("axis-control") == axis


@pytest.mark.parametrize(("brps", "points"), [(0, 0), (10, 1), (20, 2), (30, 3)])
def test_indemnity(brps, points):
    assert bs.indemnity_points(brps) == points


@pytest.mark.parametrize("brps", [5, 15, 40, -10])
def test_indemnity_refuses_other_amounts(brps):
    with pytest.raises(RulesInputError, match="indemnity"):
        bs.indemnity_points(brps)


def test_priority_one_first():
    verdict = bs.check_concessions(4, ITEMS, {}, ["malta"])
    assert not verdict.ok
    assert verdict.problems == ("Malta (priority 3) needs Lebanon/Syria (priority 1) taken first (59.66)",)
    verdict = bs.check_concessions(4, ITEMS, P1_CLEARED, ["malta"])
    assert verdict.ok and verdict.points_used == 1 and verdict.points_left == 3


def test_priority_within_taken_items_counts():
    chosen = [*PRIORITY_ONE, "malta"]
    verdict = bs.check_concessions(8, ITEMS, {}, chosen)
    assert verdict.ok and verdict.points_used == 7 and verdict.points_left == 1
    verdict = bs.check_concessions(6, ITEMS, {}, chosen)
    assert not verdict.ok
    assert "cost 7 points but only 6" in verdict.problems[0]


def test_minor_countries_come_before_priority_three():
    items = bs.concession_items([bs.minor_country("greece", "Greece", 10)])
    verdict = bs.check_concessions(10, items, P1_CLEARED, ["egypt"])
    assert verdict.problems == ("Egypt (priority 4) needs Greece (priority 2) taken first (59.66)",)
    verdict = bs.check_concessions(10, items, P1_CLEARED, {"greece": "neutrality", "malta": "", "palestine": "",
                                                          "transjordan": "", "egypt": ""})
    assert verdict.ok and verdict.points_used == 2 + 3 + 2
    verdict = bs.check_concessions(10, items, P1_CLEARED, {"greece": "axis-control"}, indemnity=30)
    assert verdict.ok and verdict.points_used == 4 + 3 and verdict.points_left == 3


def test_items_not_eligible_cannot_be_taken_but_do_not_block():
    verdict = bs.check_concessions(10, ITEMS, P1_CLEARED, ["tunisia"])
    assert verdict.problems == ("Tunisia cannot be demanded: it is axis controlled (59.66)",)
    statuses = {**P1_CLEARED, "malta": "axis-controlled", "palestine": "independent", "transjordan": "not-eligible"}
    assert bs.check_concessions(10, ITEMS, statuses, ["gibraltar"]).ok


def test_southern_england_needs_everything_before_it():
    statuses = dict.fromkeys((i.key for i in bs.CONCESSION_TABLE if i.priority < 8), "axis-controlled")
    assert bs.check_concessions(20, ITEMS, statuses, ["southern_england"]).ok
    statuses["scotland"] = "eligible"
    verdict = bs.check_concessions(20, ITEMS, statuses, ["southern_england"])
    assert verdict.problems == ("Southern England with London (rows K-L) (priority 8) needs Scotland (hex rows C-F) "
                                "(priority 6) taken first (59.66)",)
    assert bs.check_concessions(20, ITEMS, statuses, ["scotland", "southern_england"]).ok


def test_indemnity_without_restriction():
    verdict = bs.check_concessions(2, ITEMS, {}, [], indemnity=20)
    assert verdict.ok and verdict.points_left == 0
    assert not bs.check_concessions(2, ITEMS, {}, [], indemnity=30).ok


def test_concession_arguments_are_checked():
    with pytest.raises(RulesInputError, match="chosen"):
        bs.check_concessions(4, ITEMS, {}, ["paris"])
    with pytest.raises(RulesInputError, match="statuses"):
        bs.check_concessions(4, ITEMS, {"paris": "eligible"}, [])
    with pytest.raises(RulesInputError, match="statuses"):
        bs.check_concessions(4, ITEMS, {"malta": "conquered"}, [])
    with pytest.raises(RulesInputError, match="points_available"):
        bs.check_concessions(-1, ITEMS, {}, [])
    with pytest.raises(RulesInputError, match="duplicate"):
        bs.concession_items([bs.minor_country("greece", "Greece", 5), bs.minor_country("greece", "Greece", 5)])
    with pytest.raises(RulesInputError, match="territory"):
        bs.minor_country("malta", "Malta", 5)


# ----------------------------------------------------------------------------- conciliation

@pytest.mark.parametrize(("points", "resistance", "usat"), [(0, 0, 0), (1, 0, 2), (2, -1, 4), (3, -1, 6),
                                                            (4, -2, 8), (5, -2, 10), (20, -10, 40)])
def test_conciliation_effects(points, resistance, usat):
    effects = bs.conciliation_effects(points)
    assert (effects.resistance_modifier, effects.usat_reduction) == (resistance, usat)


def test_conciliation_refuses_negative_points():
    with pytest.raises(RulesInputError, match="points_returned_or_not_taken"):
        bs.conciliation_effects(-1)


def test_returns_and_their_restrictions():
    statuses = {"egypt": "axis-controlled", "southern_england": "axis-controlled", "scotland": "axis-controlled",
                "central_england": "axis-controlled", "malta": "eligible"}
    verdict = bs.check_returns(ITEMS, statuses, ["egypt"])
    assert verdict.ok and verdict.points_used == 2
    verdict = bs.check_returns(ITEMS, statuses, ["malta"])
    assert verdict.problems == ("Malta is not under Axis control, so it cannot be returned (59.72)",)
    verdict = bs.check_returns(ITEMS, statuses, ["southern_england"])
    assert verdict.problems == ("southern England can be returned only while the Axis control London (59.73D)",)
    assert bs.check_returns(ITEMS, statuses, ["southern_england"], home=bs.HomeControl(london=True)).ok
    verdict = bs.check_returns(ITEMS, statuses, ["central_england"], home=bs.HomeControl(birmingham=True))
    assert "59.73E" in verdict.problems[0]
    assert bs.check_returns(ITEMS, statuses, ["central_england"],
                            home=bs.HomeControl(birmingham=True, manchester=True)).ok
    assert "59.73F" in bs.check_returns(ITEMS, statuses, ["scotland"]).problems[0]
    assert bs.check_returns(ITEMS, statuses, ["scotland"], home=bs.HomeControl(all_scotland=True)).points_used == 4
    verdict = bs.check_returns(ITEMS, statuses, ["egypt"], {"egypt": bs.ReturnFacts(returned_before=True)})
    assert "59.73C" in verdict.problems[0]
    verdict = bs.check_returns(ITEMS, statuses, ["egypt"], {"egypt": bs.ReturnFacts(False)})
    assert "59.73B" in verdict.problems[0]
    assert "59.73A" in bs.check_returns(ITEMS, statuses, ["paris"]).problems[0]


def test_no_taking_territory_after_returning_any():
    items = bs.concession_items([bs.minor_country("greece", "Greece", 10)])
    statuses = {"egypt": "axis-controlled"}
    verdict = bs.check_returns(items, statuses, ["egypt"], chosen=["lebanon_syria"])
    assert verdict.problems == ("territory returned, so none may be taken: drop Lebanon/Syria (59.73G)",)
    assert bs.check_returns(items, statuses, ["egypt"], chosen={"greece": "neutrality"}).ok
    assert not bs.check_returns(items, statuses, ["egypt"], chosen={"greece": "axis-control"}).ok


# ----------------------------------------------------------------------------- far east

def test_far_east_cases():
    assert bs.far_east(False, False)[0] is bs.FarEast.NO_WAR
    assert bs.far_east(False, True)[0] is bs.FarEast.NO_WAR
    assert bs.far_east(True, True)[0] is bs.FarEast.WAR_WITH_BOTH
    position, consequences = bs.far_east(True, False, japan_adheres=True)
    assert position is bs.FarEast.JAPAN_ADHERES
    assert {"59.892B", "59.893"} <= {c.rule for c in consequences}
    assert bs.far_east(True, False, japan_adheres=False)[0] is bs.FarEast.JAPAN_FIGHTS_ON
    with pytest.raises(RulesInputError, match="japan_adheres"):
        bs.far_east(True, False)


# ----------------------------------------------------------------------------- whole outcome

def test_outcome_with_concessions_and_conciliation():
    request = bs.SurrenderRequest(resistance=-3, statuses=P1_CLEARED, chosen={"malta": "", "palestine": ""},
                                  indemnity=20)
    outcome = bs.british_surrender_outcome(request)
    assert outcome.surrendered and outcome.ok
    assert outcome.required == Reductions(6, 12, 30)
    assert outcome.concessions.points_used == 4
    assert outcome.conciliation == bs.Conciliation(2, -1, 4)      # 6 points, 4 taken
    assert outcome.far_east == "no-war"
    assert "Britain surrenders at level -3" in outcome.summary_text()
    assert bs.SurrenderOutcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome


def test_conciliation_counts_only_what_britain_has_left():
    everything_gone = dict.fromkeys(bs.TERRITORY_KEYS, "axis-controlled")
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-10, statuses=everything_gone))
    # 20 points, but Britain has only the 3-point indemnity left to give
    assert outcome.conciliation.points == 3
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-10, statuses=everything_gone,
                                                               indemnity=30))
    assert outcome.conciliation.points == 0
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-10, statuses=everything_gone, indemnity=30, returns=("egypt", "iraq"),
    ))
    assert outcome.ok and outcome.conciliation.points == 4
    assert outcome.conciliation.usat_reduction == 8
    assert outcome.returned == ("egypt", "iraq")


def test_repeat_surrender_counts_only_the_difference():
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-5, previous_level=-3,
                                                               statuses=P1_CLEARED, chosen={"malta": ""}))
    assert outcome.required == Reductions(4, 8, 20)
    assert outcome.offer.concession_points == 4
    assert outcome.conciliation.points == 3


def test_us_at_war_means_no_concessions():
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-2, us_at_war_with_germany=True,
                                                               statuses=P1_CLEARED, chosen={"malta": ""}))
    assert outcome.war_continues
    assert not outcome.ok
    assert outcome.conciliation.points == 0
    assert outcome.required == Reductions(4, 8, 20)
    assert any(e.rule == "59.61" for e in outcome.events)


def test_declined_and_forced_offers():
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-4, accepted=False))
    assert not outcome.surrendered
    assert "lapses" in outcome.summary_text()
    with pytest.raises(RulesInputError, match="must accept"):
        bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-10, accepted=False))
    no_offer = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=2))
    assert "No British surrender offer" in no_offer.summary_text()


def test_outcome_checks_the_reductions():
    request = bs.SurrenderRequest(resistance=-1, reductions=ReductionChoice(2, 4, naval_factors=9))
    outcome = bs.british_surrender_outcome(request)
    assert outcome.reductions_check == ("1 more naval factors needed (9 of 10, 59.512)",)
    assert not outcome.ok


def test_european_scenario_has_no_far_east():
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-1, scenario=Scenario.EUROPEAN))
    assert outcome.far_east is None


# ----------------------------------------------------------------------------- properties

@given(st.lists(st.integers(-30, 0), min_size=1, max_size=6))
def test_repeated_surrenders_add_up_to_the_last_level(resistances):
    previous = None
    total = 0
    for resistance in resistances:
        offer = bs.offer(resistance, previous)
        if offer.offered:
            assert offer.surrender_level is not None
            total += offer.counted_levels
            previous = offer.surrender_level
    assert previous is not None     # the first level is 0 or less, so there is always a first offer
    assert total == -previous
    assert -10 <= previous <= 0


@given(st.integers(0, 10), st.integers(0, 20))
def test_reductions_scale_with_levels(levels, extra):
    required = bs.required_reductions(levels)
    assert required == Reductions(2 * levels, 4 * levels, 10 * levels)
    assert bs.reductions_met(required, ReductionChoice(required.aaf + extra, required.ground_nas_brps,
                                                       naval_factors=required.naval_factors)).met


@given(st.integers(0, 20), st.integers(0, 18))
def test_taking_the_table_in_priority_order_is_always_allowed(points, count):
    chosen = [item.key for item in bs.CONCESSION_TABLE[:count]]
    cost = sum(item.value for item in bs.CONCESSION_TABLE[:count])
    verdict = bs.check_concessions(points, ITEMS, {}, chosen)
    assert verdict.ok == (cost <= points)
    assert verdict.points_used == cost


@given(st.integers(0, 60))
def test_conciliation_floor(points):
    effects = bs.conciliation_effects(points)
    assert effects.resistance_modifier == -(points // 2)
    assert effects.usat_reduction == 2 * points


# ----------------------------------------------------------------------------- what may be ticked now (wizard lists)

def _choice(rows, key):
    return next(row for row in rows if row.key == key)


def test_concession_choices_follow_priority_points_and_status():
    rows = bs.concession_choices(4, ITEMS, {"tunisia": "axis-controlled"}, {})
    assert _choice(rows, "lebanon_syria").allowed
    malta = _choice(rows, "malta")
    assert not malta.allowed and malta.reason == "take Lebanon/Syria (priority 1) first (59.66)"
    tunisia = _choice(rows, "tunisia")
    assert not tunisia.allowed and "already Axis-controlled" in tunisia.reason
    chosen = dict.fromkeys(("lebanon_syria", "algeria", "morocco", "libya", "albania"), "")
    rows = bs.concession_choices(6, ITEMS, {"tunisia": "axis-controlled"}, chosen)
    assert _choice(rows, "malta").allowed and _choice(rows, "malta").points == 1
    rows = bs.concession_choices(6, ITEMS, {"tunisia": "axis-controlled"}, chosen, indemnity=10)
    assert _choice(rows, "malta").reason == "costs 1, only 0 point(s) left (59.68)"
    # a ticked item stays tickable (so it can be unticked) and says what is wrong with it
    rows = bs.concession_choices(6, ITEMS, {}, {"malta": ""})
    assert _choice(rows, "malta").allowed and _choice(rows, "malta").chosen
    assert "Lebanon/Syria" in _choice(rows, "malta").reason


def test_concession_choices_price_minor_countries_by_mode_and_respect_returns():
    items = bs.concession_items([bs.minor_country("greece", "Greece", 12)])
    rows = bs.concession_choices(10, items, P1_CLEARED, {}, minor_modes={"greece": "neutrality"})
    assert _choice(rows, "greece").points == 2
    assert _choice(rows, "malta").reason == "take Greece (priority 2) first (59.66)"
    rows = bs.concession_choices(10, items, P1_CLEARED, {}, returning=True, minor_modes={"greece": "neutrality"})
    assert _choice(rows, "greece").allowed          # neutrality is not territory (59.73G)
    rows = bs.concession_choices(10, items, P1_CLEARED, {}, returning=True)
    assert "59.73G" in _choice(rows, "greece").reason


def test_return_choices_explain_each_restriction():
    statuses = {"egypt": "axis-controlled", "central_england": "axis-controlled", "scotland": "axis-controlled",
                "southern_england": "axis-controlled", "libya": "axis-controlled"}
    rows = bs.return_choices(ITEMS, statuses, (), {"libya": bs.ReturnFacts(False),
                                                   "egypt": bs.ReturnFacts(returned_before=True)})
    assert [row.key for row in rows] == ["libya", "egypt", "scotland", "central_england", "southern_england"]
    assert "59.73B" in _choice(rows, "libya").reason
    assert "59.73C" in _choice(rows, "egypt").reason
    assert "59.73F" in _choice(rows, "scotland").reason
    assert "59.73E" in _choice(rows, "central_england").reason
    assert "59.73D" in _choice(rows, "southern_england").reason
    assert not any(row.allowed for row in rows)
    rows = bs.return_choices(ITEMS, statuses, (), home=bs.HomeControl(True, True, True, True))
    assert all(row.allowed for row in rows)
    rows = bs.return_choices(ITEMS, statuses, (), chosen={"lebanon_syria": ""})
    assert all(not row.allowed and "59.73G" in row.reason for row in rows)


def test_initial_statuses_read_the_britain_tab():
    assert bs.initial_statuses(["malta", "singapore"]) == {"malta": "axis-controlled"}


def test_available_when_exhausted():
    required = bs.required_reductions(2)
    chosen = ReductionChoice(1, 3, naval_factors=20)
    assert bs.available_when_exhausted(required, chosen) == required
    assert bs.available_when_exhausted(required, chosen, {"aaf"}) == Reductions(1, 8, 20)
    assert bs.reductions_met(required, ReductionChoice(1, 8, naval_factors=20),
                             bs.available_when_exhausted(required, ReductionChoice(1, 8, naval_factors=20),
                                                         {"aaf"})).met
    with pytest.raises(RulesInputError, match="exhausted"):
        bs.available_when_exhausted(required, chosen, {"tanks"})


def test_ship_state_is_normalised():
    assert Ship("BB", 4, "damaged").state is ShipState.DAMAGED      # type: ignore[arg-type]
    with pytest.raises(RulesInputError, match="state"):
        Ship("BB", 4, "row-9")                                      # type: ignore[arg-type]


def test_outcome_keeps_what_was_taken_removed_and_paid():
    removed = ReductionChoice(6, 12, (Ship("BB Hood", 4, ShipState.DAMAGED),), naval_factors=27)
    request = bs.SurrenderRequest(resistance=-3, statuses=P1_CLEARED, chosen={"malta": "", "palestine": ""},
                                  indemnity=20, reductions=removed)
    outcome = bs.british_surrender_outcome(request)
    assert [item.key for item in outcome.taken] == ["malta", "palestine"]
    assert outcome.indemnity == 20 and outcome.removed == removed
    text = outcome.summary_text()
    assert "Taken: Malta (1 point(s))" in text
    assert "Indemnity: 20 BRPs" in text
    assert "Ship eliminated: BB Hood, 4 factor(s), damaged: counts 3" in text
    assert "What follows:" in text
    assert bs.SurrenderOutcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    war = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, us_at_war_with_germany=True))
    assert war.taken == () and war.indemnity == 0
