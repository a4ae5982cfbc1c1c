"""Independent audit of the British surrender PROCEDURE (59.12-59.894) against the rules texts.

Every expected value below is worked out by hand from rule 59 of the Original and the Updated texts
(the two read the same for 59.1-59.89 except 59.82B; no "Classic" sidebar touches rule 59) and the
readings NOTES.md fixes.  The hand computation sits beside each case.  Rule summary used:

  59.12  resistance 0 or less: Britain offers.           59.23  -10 or lower: Germany must accept.
  59.32  a declined offer lapses.                         59.41  surrender level = resistance, never below -10.
  59.512 per level below 0: 2 AAF, 4 BRPs ground/NAS, 10 naval factors (59.511: nothing at 0).
  59.513D damaged -1, sunk in port -2, Launch row 0, row 2 -1, row 3 -2, row 4 -3, row 5 -4.
  59.513F excess allowed (four 3-factor battleships for ten factors).
  59.65  2 concession points per level below 0; table values; minor: 1 (neutral) / 2 (Axis) per 5 BRPs;
         Cyprus with Palestine, Kuwait with Iraq; priority order; indemnity 10/20/30 = 1/2/3, unrestricted.
  59.61  U.S. at war with Germany: no concessions at all.
  59.73  returns: on the table (A), British at start or not gained by Axis DoW (B), once a game (C),
         London (D), Birmingham + Manchester (E), all Scotland (F), no territory taken as well (G).
  59.75  -1 resistance per two full points returned or not taken; USAT -2 per point; latest surrender only.
  59.86  no resumption the turn after; 59.87 repeat offers below the last level unless Germany declared war;
  59.872 only the difference counts.  59.891-59.894 the Far East.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, britain
from awaw_desktop.core.awaw import britain_surrender as bs
from awaw_desktop.core.awaw.britain_surrender import (
    HomeControl,
    ReductionChoice,
    Reductions,
    ReturnFacts,
    Ship,
    ShipState,
)
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.lines import RulesInputError

EDITIONS = tuple(Edition)
ITEMS = bs.concession_items()
#: Priority 1 out of the way (Axis-held or never British), as at most real surrenders.
P1_GONE = {"lebanon_syria": "axis-controlled", "tunisia": "axis-controlled", "algeria": "independent",
           "morocco": "independent", "libya": "axis-controlled", "albania": "axis-controlled"}
FALL_1941 = Turn(1941, Season.FALL)


# ================================================================== 59.12, 59.23, 59.41: the offer

@pytest.mark.parametrize(("resistance", "offered", "level", "may_decline", "points"), [
    (1, False, None, True, 0),     # 59.12: +1 is above zero, no offer
    (0, True, 0, True, 0),         # 59.12: zero offers; 59.65: level 0 -> no concession points
    (-1, True, -1, True, 2),       # 2 x 1
    (-9, True, -9, True, 18),      # -9 > -10: Germany may decline; 2 x 9 = 18
    (-10, True, -10, False, 20),   # 59.23: -10 exactly -> must accept; 2 x 10
    (-11, True, -10, False, 20),   # 59.41: level capped at -10; forced
    (-25, True, -10, False, 20),
])
def test_first_offer_by_hand(resistance: int, offered: bool, level: int | None, may_decline: bool,
                             points: int) -> None:
    offer = bs.offer(resistance)
    assert (offer.offered, offer.surrender_level) == (offered, level)
    if offered:
        assert (offer.may_decline, offer.concession_points) == (may_decline, points)


@pytest.mark.parametrize(("levels", "aaf", "brps", "naval"), [
    (0, 0, 0, 0),        # 59.511
    (1, 2, 4, 10),       # 59.512 example: -1 -> 2 AAF, 4 BRPs, 10 naval
    (2, 4, 8, 20),       # 59.512 example: -2 -> 4 AAF, 8 BRPs, 20 naval
    (7, 14, 28, 70),     # 7 x (2, 4, 10)
    (10, 20, 40, 100),   # the -10 maximum
])
def test_force_reductions_by_hand(levels: int, aaf: int, brps: int, naval: int) -> None:
    assert bs.required_reductions(levels) == Reductions(aaf, brps, naval)


@pytest.mark.parametrize(("previous", "resistance", "offered", "counted", "forced"), [
    (-3, -3, False, 0, False),     # 59.87: must DROP BELOW -3; equal is not below
    (-3, -2, False, 0, False),
    (-3, -4, True, 1, False),      # -3 - (-4) = 1 level (59.872)
    (-2, -9, True, 7, False),      # -2 - (-9) = 7
    (-4, -15, True, 6, True),      # level capped to -10; -4 - (-10) = 6; -15 <= -10 forced
    (-8, -10, True, 2, True),      # -10 is forced even on a repeat offer
    (0, -1, True, 1, False),       # after a "0" surrender
    (0, 0, False, 0, False),
    (-10, -11, True, 0, True),     # below -10 but nothing left to count (reading in britain.md)
])
def test_repeat_offer_by_hand(previous: int, resistance: int, offered: bool, counted: int, forced: bool) -> None:
    offer = bs.offer(resistance, previous)
    assert offer.offered is offered
    assert offer.counted_levels == counted
    assert offer.concession_points == 2 * counted
    if offered:
        assert offer.may_decline is not forced


def test_forced_offer_cannot_be_declined() -> None:
    # 59.23: -10 or lower must be accepted.
    with pytest.raises(RulesInputError, match=r"59\.23"):
        bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-10, accepted=False))
    declined = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-9, accepted=False))
    assert not declined.surrendered
    assert {"59.13", "59.32"} <= {event.rule for event in declined.events}


def test_declined_offer_lapses() -> None:
    # 59.32: the offer of this turn, declined, can never be accepted later.
    assert bs.can_accept(7, 7, declined=False)
    assert not bs.can_accept(7, 7, declined=True)
    assert not bs.can_accept(7, 8, declined=False)


# ================================================================== 59.513: naval values

@pytest.mark.parametrize(("factors", "state", "value"), [
    (5, ShipState.ACTIVE, 5),
    (5, ShipState.DAMAGED, 4),        # -1
    (5, ShipState.SUNK_IN_PORT, 3),   # -2
    (5, ShipState.LAUNCH_ROW, 5),     # Launch row: full value
    (5, ShipState.ROW_2, 4),          # -1
    (5, ShipState.ROW_3, 3),          # -2
    (5, ShipState.ROW_4, 2),          # -3
    (5, ShipState.ROW_5, 1),          # -4
    (3, ShipState.ROW_5, 0),          # 3 - 4 < 0: never below zero
    (1, ShipState.SUNK_IN_PORT, 0),   # 1 - 2 < 0
])
def test_naval_discounts_by_hand(factors: int, state: ShipState, value: int) -> None:
    assert bs.ship_value(factors, state) == value


def test_59_513f_four_battleships() -> None:
    required = bs.required_reductions(1)          # 2 AAF, 4 BRPs, 10 naval
    four = ReductionChoice(2, 4, tuple(Ship(f"BB{n}", 3) for n in range(4)))
    check = bs.reductions_met(required, four)
    assert check.met and check.excess == Reductions(0, 0, 2)       # 12 - 10 = 2 excess
    three = ReductionChoice(2, 4, tuple(Ship(f"BB{n}", 3) for n in range(3)))
    assert not bs.reductions_met(required, three).met               # 9 < 10


def test_mixed_fleet_meets_a_minus_two_surrender() -> None:
    # -2: 4 AAF, 8 BRPs, 20 naval.  6 damaged (5) + 8 on row 3 (6) + 4 sunk in port (2) + 7 Launch (7) = 20.
    ships = (Ship("a", 6, ShipState.DAMAGED), Ship("b", 8, ShipState.ROW_3), Ship("c", 4, ShipState.SUNK_IN_PORT),
             Ship("d", 7, ShipState.LAUNCH_ROW))
    choice = ReductionChoice(4, 8, ships)
    assert choice.naval_value == 20
    assert bs.reductions_met(bs.required_reductions(2), choice).met
    # One AAF short: 3 of 4.
    short = bs.reductions_met(bs.required_reductions(2), ReductionChoice(3, 8, ships))
    assert not short.met and "1 more AAF" in short.shortfalls[0]


def test_59_513e_running_out_of_one_kind() -> None:
    # -3: 6 AAF, 12 BRPs, 30 naval.  Britain has only 2 AAF left: removing both meets the AAF part and
    # nothing moves to the other kinds (59.513E).
    required = bs.required_reductions(3)
    choice = ReductionChoice(2, 12, naval_factors=30)
    assert not bs.reductions_met(required, choice).met
    available = bs.available_when_exhausted(required, choice, ("aaf",))
    assert available == Reductions(2, 12, 30)
    assert bs.reductions_met(required, choice, available).met


@pytest.mark.parametrize(("kind", "nationality", "in_asia", "scenario", "rule"), [
    ("strategic-bomber", "british", False, Scenario.GLOBAL_WAR, "59.514A"),
    ("jet", "british", False, Scenario.GLOBAL_WAR, "59.514A"),
    ("interceptor", "british", False, Scenario.GLOBAL_WAR, "59.514A"),
    ("asw", "british", False, Scenario.GLOBAL_WAR, "59.514B"),
    ("transport", "british", False, Scenario.GLOBAL_WAR, "59.514B"),
    ("aaf", "australian", False, Scenario.GLOBAL_WAR, "59.514C"),     # 59.513C Australian AAF
    ("cruiser", "australian", False, Scenario.GLOBAL_WAR, "59.514C"),  # 59.513D Australian naval
    ("infantry", "indian", False, Scenario.GLOBAL_WAR, "59.514C"),
    ("armor", "free-french", False, Scenario.GLOBAL_WAR, "59.514D"),
    ("infantry", "minor", False, Scenario.GLOBAL_WAR, "59.514E"),
    ("battleship", "british", True, Scenario.EUROPEAN, "59.513D"),     # Asia, European scenario
    ("battleship", "british", True, Scenario.GLOBAL_WAR, None),        # 59.893: Asia counts
    ("submarine", "british", False, Scenario.GLOBAL_WAR, None),        # 59.513D: submarines may go
    ("nas", "british", False, Scenario.GLOBAL_WAR, None),
])
def test_exempt_units(kind: str, nationality: str, in_asia: bool, scenario: Scenario, rule: str | None) -> None:
    assert bs.exempt_reason(kind, nationality, in_asia=in_asia, scenario=scenario) == rule


def test_minor_units_lose_exemption_when_status_changes() -> None:
    assert bs.exempt_reason("infantry", "minor", minor_status_changed=True) is None   # 59.514E "unless"


# ================================================================== 59.65-59.68: concessions

def test_concession_table_by_hand() -> None:
    table = {item.key: (item.priority, item.value) for item in bs.CONCESSION_TABLE}
    assert table == {
        "lebanon_syria": (1, 1), "tunisia": (1, 1), "algeria": (1, 1), "morocco": (1, 1), "libya": (1, 1),
        "albania": (1, 1), "malta": (3, 1), "palestine": (3, 1), "transjordan": (3, 1), "egypt": (4, 2),
        "iraq": (4, 2), "gibraltar": (4, 3), "ulster": (5, 2), "ireland": (5, 2), "scapa_flow": (5, 3),
        "scotland": (6, 4), "central_england": (7, 5), "southern_england": (8, 6),
    }
    names = {item.key: item.name for item in bs.CONCESSION_TABLE}
    assert "Cyprus" in names["palestine"] and "Kuwait" in names["iraq"]


@pytest.mark.parametrize(("brps", "neutral", "axis"), [
    (4, 0, 0),      # fewer than five BRPs: no whole group
    (5, 1, 2),
    (9, 1, 2),
    (10, 2, 4),
    (12, 2, 4),     # floor(12 / 5) = 2
    (25, 5, 10),
])
def test_minor_country_points_by_hand(brps: int, neutral: int, axis: int) -> None:
    minor = bs.minor_country("greece", "Greece", brps)
    assert (minor.points("neutrality"), minor.points("axis-control")) == (neutral, axis)


def test_minus_four_full_use_in_priority_order() -> None:
    # -4: 8 points.  P1 gone.  Malta 1 + Palestine 1 + Transjordan 1 (all priority 3) + Egypt 2 + Iraq 2
    # (priority 4) = 7, + indemnity 10 BRPs = 1 -> 8 of 8.  Not taken: min(8, left) - 8 = 0.
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-4, statuses=P1_GONE,
        chosen={"malta": "", "palestine": "", "transjordan": "", "egypt": "", "iraq": ""}, indemnity=10))
    assert outcome.ok
    assert (outcome.concessions.points_used, outcome.concessions.points_left) == (8, 0)
    assert outcome.conciliation == bs.Conciliation(0, 0, 0)
    assert outcome.required == Reductions(8, 16, 40)
    assert outcome.indemnity == 10
    assert {item.key for item in outcome.taken} == {"malta", "palestine", "transjordan", "egypt", "iraq"}


def test_priority_rule_by_hand() -> None:
    # Egypt (priority 4) while Transjordan (priority 3) is British and untaken: forbidden (59.66).
    verdict = bs.check_concessions(8, ITEMS, P1_GONE, {"malta": "", "palestine": "", "egypt": ""})
    assert not verdict.ok and any("59.66" in p for p in verdict.problems)
    # Transjordan already Axis-held does not block (59.66 "already under Axis control").
    verdict = bs.check_concessions(8, ITEMS, {**P1_GONE, "transjordan": "axis-controlled"},
                                   {"malta": "", "palestine": "", "egypt": ""})
    assert verdict.ok and verdict.points_used == 4      # 1 + 1 + 2
    # A British priority-1 territory blocks Malta.
    assert not bs.check_concessions(8, ITEMS, {}, {"malta": ""}).ok
    # Within one priority there is no order: Palestine without Malta is fine.
    assert bs.check_concessions(8, ITEMS, P1_GONE, {"palestine": ""}).ok


def test_minor_countries_are_priority_two() -> None:
    # Greece, 12 BRPs, a British minor ally: blocks Malta until taken, in either mode.
    items = bs.concession_items((bs.minor_country("greece", "Greece", 12),))
    assert not bs.check_concessions(6, items, P1_GONE, {"malta": ""}).ok
    # Neutrality 2 + Malta 1 = 3.
    neutral = bs.check_concessions(6, items, P1_GONE, {"greece": "neutrality", "malta": ""})
    assert neutral.ok and neutral.points_used == 3
    # Axis control 4 + Malta 1 + Palestine 1 = 6 of 6.
    axis = bs.check_concessions(6, items, P1_GONE, {"greece": "axis-control", "malta": "", "palestine": ""})
    assert axis.ok and axis.points_used == 6
    # One more point is over the cap (59.68): 7 > 6.
    over = bs.check_concessions(6, items, P1_GONE, {"greece": "axis-control", "malta": "", "palestine": "",
                                                    "transjordan": ""})
    assert not over.ok and any("59.68" in p for p in over.problems)


def test_cap_at_minus_one() -> None:
    # -1: 2 points.  Malta 1 + Palestine 1 + indemnity 10 (1) = 3 > 2.
    verdict = bs.check_concessions(2, ITEMS, P1_GONE, {"malta": "", "palestine": ""}, indemnity=10)
    assert not verdict.ok
    assert bs.check_concessions(2, ITEMS, P1_GONE, {"malta": "", "palestine": ""}).ok


def test_indemnity_is_unrestricted_but_costs_points() -> None:
    # 59.65: the indemnity ignores the priority order (priority 1 still British here).
    assert bs.check_concessions(4, ITEMS, {}, (), indemnity=30).points_used == 3
    assert not bs.check_concessions(2, ITEMS, {}, (), indemnity=30).ok      # 3 > 2
    with pytest.raises(RulesInputError, match="indemnity"):
        bs.indemnity_points(40)                                             # at most 30 BRPs
    with pytest.raises(RulesInputError, match="indemnity"):
        bs.indemnity_points(15)                                             # 10, 20 or 30 only


def test_nothing_at_a_zero_surrender() -> None:
    # 59.65: level 0 -> 0 points; 59.511 no reductions.
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=0, statuses=P1_GONE, chosen={"malta": ""}))
    assert outcome.required == Reductions(0, 0, 0)
    assert not outcome.ok
    clean = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=0))
    assert clean.ok and clean.conciliation.points == 0


def test_us_at_war_no_concessions_not_even_an_indemnity() -> None:
    # 59.61: reductions only.  -5: 10 AAF, 20 BRPs, 50 naval.
    clean = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-5, us_at_war_with_germany=True))
    assert clean.ok and clean.war_continues
    assert clean.required == Reductions(10, 20, 50)
    assert clean.conciliation == bs.Conciliation(0, 0, 0)
    assert not bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-5, us_at_war_with_germany=True, indemnity=10)).ok
    assert not bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-5, us_at_war_with_germany=True, statuses=P1_GONE, chosen={"malta": ""})).ok
    assert not bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-5, us_at_war_with_germany=True, statuses={"malta": "axis-controlled"}, returns=("malta",))).ok


# ================================================================== 59.7: conciliation

def test_points_not_taken_by_hand() -> None:
    # -3: 6 points.  Germany takes only Malta (1).  Not taken: 6 - 1 = 5 -> floor(5/2) = 2 -> -2; USAT -10.
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, statuses=P1_GONE,
                                                               chosen={"malta": ""}))
    assert outcome.ok
    assert outcome.conciliation == bs.Conciliation(5, -2, 10)


def test_nothing_taken_at_minus_one() -> None:
    # -1: 2 points, nothing taken -> 2 not taken -> -1 resistance, USAT -4.
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-1))
    assert outcome.conciliation == bs.Conciliation(2, -1, 4)


def test_not_taken_is_limited_by_what_britain_has_left() -> None:
    # -10: 20 points, but every table territory is already Axis-held: what Britain has left is the
    # indemnity (3).  Germany takes nothing: 3 not taken.  It also returns Malta (1) and Egypt (2): 3.
    # Total 6 -> -3 resistance, USAT -12.
    statuses = dict.fromkeys(bs.TERRITORY_KEYS, "axis-controlled")
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-10, statuses=statuses,
                                                               returns=("malta", "egypt")))
    assert outcome.ok
    assert outcome.returns.points_used == 3
    assert outcome.conciliation == bs.Conciliation(6, -3, 12)
    assert outcome.returned == ("malta", "egypt")


def test_odd_points_round_down() -> None:
    # 59.75A "two FULL concession points": 1 -> 0, 3 -> -1, 7 -> -3; USAT is per point: 2, 6, 14.
    assert bs.conciliation_effects(1) == bs.Conciliation(1, 0, 2)
    assert bs.conciliation_effects(3) == bs.Conciliation(3, -1, 6)
    assert bs.conciliation_effects(7) == bs.Conciliation(7, -3, 14)


def test_return_restrictions_59_73() -> None:
    statuses = {**P1_GONE, "southern_england": "axis-controlled", "central_england": "axis-controlled",
                "scotland": "axis-controlled", "malta": "axis-controlled"}

    def problems(returns: tuple[str, ...], home: HomeControl | None = None,
                 facts: dict[str, ReturnFacts] | None = None, chosen: dict[str, str] | None = None) -> str:
        return " ".join(bs.check_returns(ITEMS, statuses, returns, facts, home, chosen or {}).problems)

    assert "59.73A" in problems(("singapore",))                        # not on the table
    assert "59.73B" in problems(("libya",), facts={"libya": ReturnFacts(british_at_start_or_gained=False)})
    assert "59.73C" in problems(("malta",), facts={"malta": ReturnFacts(returned_before=True)})
    assert "59.73D" in problems(("southern_england",))                 # London not Axis-held
    assert problems(("southern_england",), HomeControl(london=True)) == ""
    assert "59.73E" in problems(("central_england",), HomeControl(birmingham=True))
    assert problems(("central_england",), HomeControl(birmingham=True, manchester=True)) == ""
    assert "59.73F" in problems(("scotland",))
    assert problems(("scotland",), HomeControl(all_scotland=True)) == ""
    assert "59.72" in problems(("gibraltar",))                         # Gibraltar is still British
    # 59.73G: returning Malta forbids taking Palestine, but not an indemnity.
    assert "59.73G" in problems(("malta",), chosen={"palestine": ""})
    assert problems(("malta",)) == ""
    # Returned values: southern England 6.
    verdict = bs.check_returns(ITEMS, statuses, ("southern_england",), home=HomeControl(london=True))
    assert verdict.ok and verdict.points_used == 6


def test_return_and_indemnity_together() -> None:
    # -3: 6 points.  Return Malta (1), indemnity 20 (2): not taken = 6 - 2 = 4, plus 1 returned = 5
    # -> -2 resistance, USAT -10.
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-3, statuses={**P1_GONE, "malta": "axis-controlled"}, returns=("malta",), indemnity=20))
    assert outcome.ok
    assert outcome.conciliation == bs.Conciliation(5, -2, 10)


# ================================================================== 59.89: the Far East

@pytest.mark.parametrize(("with_britain", "with_us", "adheres", "position", "rule"), [
    (False, False, None, bs.FarEast.NO_WAR, "59.891A"),
    (True, True, None, bs.FarEast.WAR_WITH_BOTH, "59.891B"),
    (True, False, True, bs.FarEast.JAPAN_ADHERES, "59.892B"),
    (True, False, False, bs.FarEast.JAPAN_FIGHTS_ON, "59.894"),
])
def test_far_east_by_hand(with_britain: bool, with_us: bool, adheres: bool | None, position: bs.FarEast,
                          rule: str) -> None:
    got, consequences = bs.far_east(with_britain, with_us, adheres)
    rules = {c.rule for c in consequences}
    assert got is position
    assert rule in rules and "59.893" in rules          # Asian units reduced either way


def test_japan_must_choose_when_at_war_with_britain_alone() -> None:
    with pytest.raises(RulesInputError, match=r"59\.891C"):
        bs.far_east(True, False)


# ================================================================== whole games through a Session

def offering(edition: Edition, resistance: int, turn: Turn = FALL_1941, carry: dict[str, Any] | None = None,
             us_at_war: bool = False) -> Session:
    session = Session.new(edition=edition, turn=turn)
    session.clear_table("britain")
    session.set_value("britain", "atlantic_transports", 10)
    session.set_value("britain", "powers_at_war", ["united_states"] if us_at_war else [])
    session.set_value("britain", "dp_level", resistance)   # every other line 0: resistance = DP
    if carry is not None:
        session.carry["britain"] = {**britain.initial_carry(), **carry}
    return session


@pytest.mark.parametrize("edition", EDITIONS)
def test_session_first_surrender_then_repeat_after_the_us_declares_war(edition: Edition) -> None:
    # Fall 1941: resistance -3, U.S. neutral -> peace.  Germany takes Malta only: 6 - 1 = 5 not taken
    # -> conciliation -2, USAT -10.
    session = offering(edition, -3)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, statuses=P1_GONE,
                                                               chosen={"malta": ""}))
    britain.record_british_surrender(session, outcome)
    carry = session.carry["britain"]
    assert (carry["surrender_level"], carry["surrenders"], carry["at_peace"]) == (-3, [-3], True)
    assert (carry["conciliation_points"], carry["usat_reduction"]) == (5, 10)
    # Winter 1941 (the next turn): the war may not resume (59.86A); DP -9 + 1 (U.S.) - 2 = -10 makes no offer.
    apply_end_of_turn(session)
    session.set_value("britain", "dp_level", -9)
    session.set_value("britain", "powers_at_war", ["united_states"])
    assert session.assess()["britain"].status is Status.SURRENDERED
    apply_end_of_turn(session)
    # Spring 1942: the U.S. has declared war (59.86C).  Resistance: DP -2 + 1 (the U.S., a major power at
    # war with the European Axis) + conciliation -2 - 1 (Malta, ceded at the first surrender, is Axis-held:
    # 59.6, 59.21) = -4, below -3: Britain offers THIS turn (59.87); one level counted; the U.S. at war -> no
    # concessions (59.61).
    assert session.turn == Turn(1942, Season.SPRING)
    assert session.fact("place.malta") is True
    session.set_value("britain", "dp_level", -2)
    result = session.assess()["britain"]
    assert result.level == -4
    assert result.status is Status.OFFERS
    assert (result.figures["counted_levels"], result.figures["concession_points"]) == (1, 2)
    second = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-4, previous_level=-3,
                                                              us_at_war_with_germany=True))
    assert second.required == Reductions(2, 4, 10)
    britain.record_british_surrender(session, second)
    carry = session.carry["britain"]
    assert (carry["surrender_level"], carry["surrenders"], carry["at_peace"]) == (-4, [-3, -4], False)
    # 59.75A: only the latest surrender's conciliation counts: 0 now.
    assert carry["conciliation_points"] == 0


def test_german_declaration_of_war_voids_the_offer_and_ends_surrenders() -> None:
    # Peace since Fall 1941; Spring 1942 Germany declares war on the U.S. (59.86B): DP -8 + 1 (U.S.) = -7
    # is below -2 and would offer, but 59.87 says no further surrender.
    carry = {"surrendered": True, "surrender_level": -2, "surrenders": [-2],
             "surrender_turn": FALL_1941.to_json(), "at_peace": True}
    session = offering(Edition.ORIGINAL, -8, Turn(1942, Season.SPRING), carry, us_at_war=True)
    report = apply_end_of_turn(session, {britain.RESUMPTION_QUESTION: "germany"})
    assert britain.ACCEPT_QUESTION not in {q.id for q in report.questions}
    carry_after = session.carry["britain"]
    assert carry_after["no_more_surrenders"] is True
    assert carry_after["surrenders"] == [-2]
    # From now on no offer, however low.
    session.set_value("britain", "dp_level", -20)
    assert session.assess()["britain"].status is Status.SURRENDERED


def test_us_declaration_by_end_of_turn_questions() -> None:
    # Same peace; Spring 1942 the U.S. declares war; DP -7 + 1 (U.S.) = -6 -> offer at -6, 4 levels counted
    # (-2 - -6): 8 AAF, 16 BRPs, 40 naval.
    carry = {"surrendered": True, "surrender_level": -2, "surrenders": [-2],
             "surrender_turn": FALL_1941.to_json(), "at_peace": True}
    session = offering(Edition.UPDATED, -7, Turn(1942, Season.SPRING), carry, us_at_war=True)
    report = apply_end_of_turn(session, {britain.RESUMPTION_QUESTION: "united_states",
                                         britain.ACCEPT_QUESTION: "accept"})
    ids = [q.id for q in report.questions]
    assert ids.index(britain.RESUMPTION_QUESTION) < ids.index(britain.ACCEPT_QUESTION)
    carry_after = session.carry["britain"]
    assert (carry_after["surrender_level"], carry_after["surrenders"]) == (-6, [-2, -6])
    assert carry_after["at_peace"] is False
    assert any(event.rule == "59.512" and "8 AAF" in event.text and "16 BRPs" in event.text
               and "40 naval" in event.text for _power, event in report.events)


def test_peace_holds_in_the_turn_after_the_surrender_even_if_ticked() -> None:
    # 59.86A: Winter 1941 is the turn after a Fall 1941 surrender: no resumption, no offer (DP -9 + 1 = -8).
    carry = {"surrendered": True, "surrender_level": -2, "surrenders": [-2],
             "surrender_turn": FALL_1941.to_json(), "at_peace": True}
    session = offering(Edition.CLASSIC, -9, Turn(1941, Season.WINTER), carry, us_at_war=True)
    assert session.assess()["britain"].status is Status.SURRENDERED
    report = apply_end_of_turn(session)
    assert not report.questions


def test_forced_acceptance_through_a_session() -> None:
    # -14: forced; level -10; 20 AAF, 40 BRPs, 100 naval; 20 points.
    session = offering(Edition.ORIGINAL, -14)
    declined = bs.SurrenderOutcome(False, bs.offer(-14), False, Reductions(), bs.Verdict(True), bs.Verdict(True),
                                   bs.Conciliation(0, 0, 0), None, None, ())
    with pytest.raises(RulesInputError, match=r"59\.23"):
        britain.record_british_surrender(session, declined)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-14, indemnity=30))
    assert outcome.required == Reductions(20, 40, 100)
    assert outcome.offer.concession_points == 20
    britain.record_british_surrender(session, outcome)
    assert session.carry["britain"]["surrender_level"] == -10


def test_declined_offer_recorded_and_lapsed() -> None:
    session = offering(Edition.UPDATED, -5)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-5, accepted=False))
    britain.record_british_surrender(session, outcome)
    assert session.carry["britain"]["surrendered"] is False
    assert not britain.wizard_available(session, session.assess())[0]        # 59.32: lapsed this turn
    apply_end_of_turn(session)
    assert britain.wizard_available(session, session.assess())[0]            # a new offer next turn


def test_record_refuses_a_second_return_of_the_same_territory() -> None:
    # 59.73C on record: Malta was returned at an earlier surrender.
    carry = {"surrendered": True, "surrender_level": -2, "surrenders": [-2], "surrender_turn": None,
             "returned_territories": ["malta"]}
    session = offering(Edition.UPDATED, -5, carry=carry, us_at_war=False)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-5, previous_level=-2, statuses={**P1_GONE, "malta": "axis-controlled"}, returns=("malta",)))
    assert outcome.ok           # the caller did not say Malta was returned before
    with pytest.raises(RulesInputError, match=r"59\.73C"):
        britain.record_british_surrender(session, outcome)
    choices = {britain.ACCEPT_QUESTION: "accept", britain.OUTCOME_CHOICE: json.dumps(outcome.to_json())}
    with pytest.raises(RulesInputError, match=r"59\.73C"):
        apply_end_of_turn(session, choices)


def test_end_of_turn_refuses_outcomes_that_break_the_rules() -> None:
    session = offering(Edition.UPDATED, -3)
    illegal = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, chosen={"malta": ""}))
    with pytest.raises(RulesInputError, match=r"59\.66"):
        apply_end_of_turn(session, {britain.ACCEPT_QUESTION: "accept",
                                    britain.OUTCOME_CHOICE: json.dumps(illegal.to_json())})
    at_war = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, us_at_war_with_germany=True))
    with pytest.raises(RulesInputError, match=r"59\.61"):
        apply_end_of_turn(session, {britain.ACCEPT_QUESTION: "accept",
                                    britain.OUTCOME_CHOICE: json.dumps(at_war.to_json())})


def test_pacific_scenario_never_offers() -> None:
    # 54.11.
    session = Session.new(scenario=Scenario.PACIFIC)
    assert not britain.wizard_available(session, session.assess())[0]
    result = assess.assess_all(Edition.ORIGINAL, Scenario.PACIFIC, FALL_1941, {"britain": {"dp_level": -20}},
                               {})["britain"]
    assert result.status is Status.NOT_APPLICABLE


# ================================================================== properties

@given(st.lists(st.integers(min_value=-30, max_value=5), min_size=1, max_size=8))
def test_repeat_surrenders_sum_to_the_last_level(resistances: list[int]) -> None:
    # 59.872: the levels counted over a game add up to minus the most recent surrender level.
    previous: int | None = None
    total = 0
    for resistance in resistances:
        offer = bs.offer(resistance, previous)
        if offer.offered:
            assert offer.surrender_level is not None
            total += offer.counted_levels
            previous = offer.surrender_level
    assert total == (0 if previous is None else -previous)
    assert total <= 10


@given(st.integers(min_value=0, max_value=10), st.integers(min_value=0, max_value=40))
def test_conciliation_is_floor_half_and_twice(points_levels: int, extra: int) -> None:
    points = 2 * points_levels + extra
    effect = bs.conciliation_effects(points)
    assert effect.resistance_modifier == -(points // 2)
    assert effect.usat_reduction == 2 * points
