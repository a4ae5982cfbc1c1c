"""French surrender wizard procedures: colonies (58.53), forces (58.6), fleet (58.64), BRPs (58.7)."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw.common import Edition, Season, Turn
from awaw_desktop.core.awaw.france_brps import brp_outcome
from awaw_desktop.core.awaw.france_colonies import Alignment, Colony, Control, colony_outcome, resolve_colonies
from awaw_desktop.core.awaw.france_forces import ForceLevel, Ships, allocate_fleet, free_french_forces, vichy_forces
from awaw_desktop.core.awaw.france_surrender import (
    DieRoll,
    FrenchSurrenderOutcome,
    FrenchSurrenderRequest,
    french_surrender_outcome,
)
from awaw_desktop.core.lines import RulesInputError

LS, MO, AL, TU = Colony.LEBANON_SYRIA, Colony.MOROCCO, Colony.ALGERIA, Colony.TUNISIA

# ---- colonies ---------------------------------------------------------------------------------------------
# One letter per die 1..6: F Free French, V Vichy, I independent (computed by hand: die + level (+3 Vichy),
# Free French on 3 or less for Lebanon-Syria and Morocco, 2 or less for Algeria, 1 or less for Tunisia).
HAND_TABLE = {
    (-3, False): {LS: "FFFFFF", MO: "FFFFFF", AL: "FFFFFI", TU: "FFFFII"},
    (-3, True): {LS: "FFFVVV", MO: "FFFVVV", AL: "FFVVVV", TU: "FVVVVV"},
    (-2, False): {LS: "FFFFFI", MO: "FFFFFI", AL: "FFFFII", TU: "FFFIII"},
    (-2, True): {LS: "FFVVVV", MO: "FFVVVV", AL: "FVVVVV", TU: "VVVVVV"},
    (-1, False): {LS: "FFFFII", MO: "FFFFII", AL: "FFFIII", TU: "FFIIII"},
    (-1, True): {LS: "FVVVVV", MO: "FVVVVV", AL: "VVVVVV", TU: "VVVVVV"},
    (0, False): {LS: "FFFIII", MO: "FFFIII", AL: "FFIIII", TU: "FIIIII"},
    (0, True): {LS: "VVVVVV", MO: "VVVVVV", AL: "VVVVVV", TU: "VVVVVV"},
    (1, False): {LS: "FFIIII", MO: "FFIIII", AL: "FIIIII", TU: "IIIIII"},
    (1, True): {LS: "VVVVVV", MO: "VVVVVV", AL: "VVVVVV", TU: "VVVVVV"},
    (2, False): {LS: "FIIIII", MO: "FIIIII", AL: "IIIIII", TU: "IIIIII"},
    (3, False): {LS: "IIIIII", MO: "IIIIII", AL: "IIIIII", TU: "IIIIII"},
    (3, True): {LS: "VVVVVV", MO: "VVVVVV", AL: "VVVVVV", TU: "VVVVVV"},
}
LETTER = {"F": Alignment.FREE_FRENCH, "V": Alignment.VICHY, "I": Alignment.INDEPENDENT}


@pytest.mark.parametrize(("level", "vichy", "colony", "die"),
                         [(level, vichy, colony, die) for (level, vichy), row in HAND_TABLE.items()
                          for colony in row for die in range(1, 7)])
def test_every_colony_roll_against_the_hand_table(level, vichy, colony, die):
    outcome = colony_outcome(colony, die, level, vichy)
    assert outcome.alignment is LETTER[HAND_TABLE[(level, vichy)][colony][die - 1]]
    assert outcome.modified == die + level + (3 if vichy else 0)
    assert outcome.die == die


def test_colony_rules_cited():
    assert colony_outcome(LS, 1, 0, False).rule == "58.531D"
    assert colony_outcome(MO, 1, 0, False).rule == "58.531E"
    assert colony_outcome(MO, 6, 0, True).rule == "58.531B"
    assert colony_outcome(MO, 6, 0, False).rule == "58.532A"


def test_axis_and_british_colonies_do_not_roll():
    axis = colony_outcome(TU, None, 3, True, Control.AXIS)
    assert (axis.alignment, axis.rule, axis.die, axis.modified) == (Alignment.AXIS, "58.533", None, None)
    british = colony_outcome(LS, None, 3, True, Control.BRITISH)
    assert (british.alignment, british.rule) == (Alignment.FREE_FRENCH, "58.534")


def test_one_die_for_north_africa_decides_three_colonies():
    outcomes = resolve_colonies(0, False, {"lebanon_syria": 4, "north_africa": 2})
    assert [(o.colony, o.alignment) for o in outcomes] == [
        (LS, Alignment.INDEPENDENT), (TU, Alignment.INDEPENDENT), (AL, Alignment.FREE_FRENCH),
        (MO, Alignment.FREE_FRENCH)]


def test_a_roll_is_skipped_only_when_all_its_colonies_are_taken():
    taken = {TU: Control.AXIS, AL: Control.AXIS, MO: Control.BRITISH}
    outcomes = resolve_colonies(-1, True, {"lebanon_syria": 1, "north_africa": None}, taken)
    assert [o.alignment for o in outcomes] == [Alignment.FREE_FRENCH, Alignment.AXIS, Alignment.AXIS,
                                               Alignment.FREE_FRENCH]
    with pytest.raises(RulesInputError, match="north_africa"):
        resolve_colonies(-1, True, {"lebanon_syria": 1}, {TU: Control.AXIS})
    with pytest.raises(RulesInputError, match="dice"):
        resolve_colonies(0, True, {"corsica": 1, "lebanon_syria": 1, "north_africa": 1})


@pytest.mark.parametrize("die", [0, 7, -1])
def test_bad_dice(die):
    with pytest.raises(RulesInputError, match="die"):
        colony_outcome(LS, die, 0, True)
    with pytest.raises(RulesInputError, match="die"):
        DieRoll(die)


def test_bad_colony_arguments():
    with pytest.raises(RulesInputError, match="level"):
        colony_outcome(LS, 3, 4, True)  # the level is the clamped one
    with pytest.raises(RulesInputError, match="die"):
        colony_outcome(LS, None, 0, True)
    with pytest.raises(RulesInputError, match="source"):
        DieRoll(3, "guessed")


# ---- forces --------------------------------------------------------------------------------------------

def force(inf, armor, aaf, named, ca, dd, armor_type="3-5"):
    return ForceLevel(inf, armor, armor_type, aaf, named, ca, dd)


FREE_FRENCH_WITH_VICHY = {3: force(0, 0, 0, 0, 0, 0), 2: force(1, 0, 0, 0, 0, 0), 1: force(2, 0, 0, 0, 0, 0),
                          0: force(3, 0, 0, 0, 0, 0), -1: force(6, 0, 0, 0, 1, 1), -2: force(6, 0, 1, 1, 1, 1),
                          -3: force(6, 0, 2, 1, 2, 2)}
FREE_FRENCH_WITHOUT_VICHY = {3: force(3, 0, 0, 0, 0, 0), 2: force(6, 0, 0, 0, 1, 1), 1: force(6, 0, 1, 1, 1, 1),
                             0: force(6, 0, 2, 1, 2, 2), -1: force(9, 0, 2, 1, 2, 5), -2: force(12, 0, 2, 1, 3, 6),
                             -3: force(9, 1, 2, 2, 3, 6)}
VICHY = {3: force(12, 1, 3, 2, 3, 6), 2: force(15, 0, 3, 1, 3, 6), 1: force(12, 0, 3, 1, 2, 5),
         0: force(12, 0, 2, 1, 2, 2), -1: force(12, 0, 1, 1, 1, 1), -2: force(12, 0, 0, 0, 1, 1),
         -3: force(10, 0, 0, 0, 0, 0)}


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("level", range(-3, 4))
def test_force_tables(edition, level):
    assert free_french_forces(level, True, edition) == FREE_FRENCH_WITH_VICHY[level]
    assert free_french_forces(level, False, edition) == FREE_FRENCH_WITHOUT_VICHY[level]
    assert vichy_forces(level, True, edition) == VICHY[level]
    assert vichy_forces(level, False, edition) == ForceLevel()


def test_4_5_armor_only_in_updated_at_the_extreme_levels():
    assert free_french_forces(-3, False, Edition.UPDATED, True).armor_type == "4-5"
    assert free_french_forces(-3, True, Edition.UPDATED, True).armor == 0
    assert vichy_forces(3, True, Edition.UPDATED, True) == force(12, 1, 3, 2, 3, 6, "4-5")
    assert vichy_forces(2, True, Edition.UPDATED, True).armor == 0
    assert free_french_forces(-3, False, Edition.UPDATED, False).armor_type == "3-5"
    for edition in (Edition.CLASSIC, Edition.ORIGINAL):
        with pytest.raises(RulesInputError, match="french_4_5_armor"):
            vichy_forces(3, True, edition, True)


def test_force_bad_arguments():
    with pytest.raises(RulesInputError, match="level"):
        free_french_forces(-4, True)
    with pytest.raises(RulesInputError, match="vichy"):
        vichy_forces(0, "yes")  # type: ignore[arg-type]


# ---- fleet ---------------------------------------------------------------------------------------------

def test_free_french_pick_first_and_shortfalls_are_lost():
    allocation = allocate_fleet(Ships(1, 5, 4), free_french_forces(-3, False), vichy_forces(-3, False))
    assert allocation.free_french == Ships(1, 3, 4)
    assert allocation.free_french_short == Ships(1, 0, 2)
    assert allocation.vichy == Ships() and allocation.vichy_short == Ships()
    assert allocation.left_over == Ships(0, 2, 0)


def test_vichy_takes_what_the_free_french_leave():
    allocation = allocate_fleet(Ships(2, 1, 1), free_french_forces(-2, True), vichy_forces(-2, True))
    assert allocation.free_french == Ships(1, 1, 1)
    assert allocation.vichy == Ships(0, 0, 0)
    assert allocation.vichy_short == Ships(0, 1, 1)
    assert allocation.left_over == Ships(1, 0, 0)
    rules = [c.rule for c in allocation.consequences()]
    assert rules == ["58.642", "58.643", "58.61"]


def test_enough_ships_for_both():
    allocation = allocate_fleet(Ships(5, 6, 12), free_french_forces(0, True), vichy_forces(0, True))
    assert allocation.free_french == Ships(0, 0, 0)
    assert allocation.vichy == Ships(1, 2, 2)
    assert allocation.left_over == Ships(4, 4, 10)


@given(st.integers(0, 10), st.integers(0, 10), st.integers(0, 30), st.integers(-3, 3), st.booleans())
def test_fleet_allocation_conserves_ships(named, cruisers, destroyers, level, vichy):
    existing = Ships(named, cruisers, destroyers)
    ff, vi = free_french_forces(level, vichy), vichy_forces(level, vichy)
    allocation = allocate_fleet(existing, ff, vi)
    for name in ("named_ships", "cruisers", "destroyers"):
        got = getattr(allocation.free_french, name) + getattr(allocation.vichy, name)
        assert got + getattr(allocation.left_over, name) == getattr(existing, name)
        assert getattr(allocation.free_french, name) + getattr(allocation.free_french_short, name) == getattr(ff, name)
        assert getattr(allocation.vichy, name) + getattr(allocation.vichy_short, name) == getattr(vi, name)


def test_bad_fleet_arguments():
    with pytest.raises(RulesInputError, match="destroyers"):
        Ships(0, 0, -1)


# ---- BRPs ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("base", "original"), [(60, 20), (75, 35), (41, 1), (40, 0), (30, 0)])
def test_conquest_value_per_edition(base, original):
    assert brp_outcome(Edition.ORIGINAL, True, (), french_brp_base=base).conquest_value == original
    assert brp_outcome(Edition.UPDATED, True, (), french_brp_base=base).conquest_value == 20
    assert brp_outcome(Edition.CLASSIC, True, (), french_brp_base=base).conquest_value == 20


def test_vichy_brps_and_colonies():
    colonies = resolve_colonies(-3, True, {"lebanon_syria": 1, "north_africa": 3})  # LS, MO Free; AL, TU Vichy
    values = {"lebanon_syria": 5, "morocco": 4, "algeria": 6, "tunisia": 3}
    brps = brp_outcome(Edition.UPDATED, True, colonies, values, key_areas_axis=("paris", "lyon"))
    assert (brps.vichy_value, brps.axis_vichy_share, brps.free_french_colonies) == (20 + 9, 0, 9)
    assert dict(brps.key_areas) == {"paris": 20, "lyon": 10}
    without = brp_outcome(Edition.UPDATED, False, resolve_colonies(-3, False, {"lebanon_syria": 6,
                                                                             "north_africa": 6}), values)
    # LS (3) and MO (3) Free French, AL (3 > 2) and TU independent: their BRPs go to nobody
    assert (without.vichy_value, without.axis_vichy_share, without.free_french_colonies) == (0, 20, 9)
    with pytest.raises(RulesInputError, match="key_areas_axis"):
        brp_outcome(Edition.UPDATED, True, (), key_areas_axis=("brest",))


# ---- the whole surrender ---------------------------------------------------------------------------------

EXAMPLE = {"paris_axis": True, "lyon_marseilles_axis": ["marseilles"], "ground_factors": 21}


def request(**changes):
    base = {"edition": Edition.ORIGINAL, "turn": Turn(1940, Season.FALL), "level_inputs": EXAMPLE,
            "dice": {"lebanon_syria": DieRoll(1, "rolled"), "north_africa": DieRoll(4)},
            "existing_ships": Ships(3, 2, 4)}
    return FrenchSurrenderRequest(**{**base, **changes})


def test_worked_example_through_the_wizard():
    outcome = french_surrender_outcome(request())
    assert (outcome.raw_total, outcome.level, outcome.reason, outcome.vichy) == (-1, -1, "paris", True)
    # -1 with Vichy: die 1 -> 3 (Lebanon-Syria Free French), die 4 -> 6 (all of North Africa Vichy)
    assert [c.alignment for c in outcome.colonies] == [Alignment.FREE_FRENCH, Alignment.VICHY, Alignment.VICHY,
                                                       Alignment.VICHY]
    assert outcome.free_french == force(6, 0, 0, 0, 1, 1)
    assert outcome.vichy_forces == force(12, 0, 1, 1, 1, 1)
    assert outcome.fleet.free_french == Ships(0, 1, 1)
    assert outcome.fleet.vichy == Ships(1, 1, 1)
    assert outcome.brps.conquest_value == 20
    assert dict(outcome.brps.key_areas) == {"paris": 20, "marseilles": 10}
    text = outcome.summary_text()
    assert "Surrender level: -1" in text and "[rolled]" in text and "Lebanon-Syria" in text


def test_outcome_json_round_trip():
    outcome = french_surrender_outcome(request(edition=Edition.UPDATED, german_first_hex_turn=Turn(1940, Season.SPRING),
                                               level_inputs={**EXAMPLE, "battleship_research": 1},
                                               french_4_5_armor=True))
    assert outcome.level == -1
    data = json.loads(json.dumps(outcome.to_json()))
    assert FrenchSurrenderOutcome.from_json(data) == outcome
    with pytest.raises(RulesInputError):
        FrenchSurrenderOutcome.from_json({"level": 3})


def test_clamped_level_drives_everything():
    inputs = {"paris_axis": True, "lyon_marseilles_axis": ["lyon", "marseilles"]}
    outcome = french_surrender_outcome(request(turn=Turn(1940, Season.SPRING), level_inputs=inputs, vichy=False,
                                               dice={"lebanon_syria": DieRoll(1), "north_africa": DieRoll(1)}))
    assert (outcome.raw_total, outcome.level) == (6, 3)
    assert outcome.free_french == force(3, 0, 0, 0, 0, 0)
    assert [c.modified for c in outcome.colonies] == [4, 4, 4, 4]
    assert {c.alignment for c in outcome.colonies} == {Alignment.INDEPENDENT}
    assert outcome.brps.axis_vichy_share == 20


def test_wizard_refuses_impossible_requests():
    with pytest.raises(RulesInputError, match="does not surrender"):
        french_surrender_outcome(request(level_inputs={"ground_factors": 30}))
    with pytest.raises(RulesInputError, match="Fall 1940"):
        french_surrender_outcome(request(turn=Turn(1940, Season.SUMMER), level_inputs={"voluntary_surrender": True}))
    with pytest.raises(RulesInputError, match="vichy"):
        french_surrender_outcome(request(turn=Turn(1942, Season.SPRING),
                                         level_inputs={**EXAMPLE, "us_at_war_with_germany": True}))
    with pytest.raises(RulesInputError, match="german_first_hex_turn"):
        french_surrender_outcome(request(edition=Edition.UPDATED, german_first_hex_turn=Turn(1941, Season.SPRING)))


def test_voluntary_surrender_with_us_at_war_and_no_vichy():
    outcome = french_surrender_outcome(request(
        turn=Turn(1942, Season.SPRING), vichy=False,
        level_inputs={"voluntary_surrender": True, "french_objectives": 1, "us_at_war_with_germany": True}))
    assert outcome.reason == "voluntary"
    assert outcome.level == -3  # -1 objective (Paris), -4 for the turn: -5 held at -3
    assert "58.411" in [c.rule for c in outcome.consequences]
    assert outcome.brps.key_areas == {}


# ---- the fleet helper (58.21C) ----------------------------------------------------------------------------

def test_count_fleet_halves_damaged_and_shipyard_ships_and_leaves_out_row_3():
    from awaw_desktop.core.awaw.france_surrender import count_fleet

    count = count_fleet(30, damaged=5, shipyard_row_2_or_launch=4, shipyard_row_3_or_higher=9)
    assert (count.full, count.half, count.left_out, count.counted) == (30, 9, 9, 34)
    assert count.line_value() == {"full": 30, "half": 9}
    assert count_fleet(42).counted == 42
    with pytest.raises(RulesInputError, match="damaged"):
        count_fleet(10, damaged=-1)


# ---- when the wizard opens, and what Finish records -----------------------------------------------------

def session_at(turn, edition=Edition.UPDATED, **values):
    from awaw_desktop.core.awaw.session import Session

    session = Session.new(edition, turn=turn)
    for line_id, value in values.items():
        session.set_value("france", line_id, value)
    return session


def test_wizard_available_with_paris_or_from_fall_1940():
    from awaw_desktop.core.awaw.common import Scenario
    from awaw_desktop.core.awaw.france_surrender import wizard_available

    early = session_at(Turn(1940, Season.SUMMER))
    allowed, reason = wizard_available(early, early.assess())
    assert not allowed and "58.11B" in reason and "Fall 1940" in reason and "Paris" in reason
    early.set_value("france", "paris_axis", True)
    allowed, reason = wizard_available(early, early.assess())
    assert allowed and "58.11A" in reason
    fall = session_at(Turn(1940, Season.FALL))
    assert wizard_available(fall) == (True, "58.11B: France may choose to surrender in Fall 1940 (allowed from "
                                            "Fall 1940 on).")
    pacific = session_at(Turn(1942, Season.SPRING))
    pacific.scenario = Scenario.PACIFIC
    assert wizard_available(pacific)[0] is False


def recorded_session(edition=Edition.UPDATED, vichy=True):
    from awaw_desktop.core.awaw.france_surrender import record_french_surrender

    session = session_at(Turn(1940, Season.FALL), edition)
    outcome = french_surrender_outcome(request(
        edition=edition, turn=session.turn, vichy=vichy,
        level_inputs={**EXAMPLE, "fleet": {"full": 40, "half": 0}},
        german_first_hex_turn=Turn(1940, Season.SUMMER) if edition is Edition.UPDATED else None,
        dice={"lebanon_syria": DieRoll(1, "rolled"), "north_africa": DieRoll(4, "typed")}))
    record_french_surrender(session, outcome)
    return session, outcome


def test_record_french_surrender_sets_carry_outcome_history_and_dice():
    from awaw_desktop.core.awaw.france_surrender import wizard_available

    session, outcome = recorded_session()
    # Paris +2, Marseilles +1, 21 ground factors -2, fleet 40: 0, no battleship result +1, the turn after the first
    # German hex 0
    assert (outcome.raw_total, outcome.level) == (2, 2)
    carry = session.carry["france"]
    assert carry["surrendered"] is True
    assert carry["surrender_turn"] == {"season": "fall", "year": 1940}
    assert carry["surrender_level"] == outcome.level and carry["vichy"] is True
    assert carry["german_first_hex_turn"] == {"season": "summer", "year": 1940}
    assert session.outcomes["france"] == outcome.to_json()
    assert FrenchSurrenderOutcome.from_json(json.loads(json.dumps(session.outcomes["france"]))) == outcome
    entry = session.history[-1]
    assert entry.kind == "french-surrender" and entry.levels == {"france": outcome.level}
    rules = [event.rule for event in entry.events]
    assert rules[0] == "58.11" and "58.31" in rules and "58.621" in rules and "58.631" in rules
    assert [(d.purpose, d.rule, d.value, d.source) for d in session.dice] == [
        ("Lebanon-Syria colony roll", "58.531", 1, "rolled"),
        ("French North Africa colony roll (Tunisia, Algeria, Morocco)", "58.531", 4, "typed")]
    assert all(d.turn == session.turn for d in session.dice)
    # the France tab shows the facts the level came from, and the assessment says France has surrendered
    assert session.value("france", "fleet") == {"full": 40, "half": 0}
    assert session.value("france", "paris_axis") is True
    result = session.assess()["france"]
    assert result.status.value == "surrendered" and result.level == outcome.level
    allowed, reason = wizard_available(session, session.assess())
    assert not allowed and "already surrendered" in reason and "Fall 1940" in reason


def test_record_refuses_twice_and_a_mismatched_session():
    from awaw_desktop.core.awaw.france_surrender import record_french_surrender

    session, outcome = recorded_session(Edition.ORIGINAL, vichy=False)
    assert session.carry["france"]["vichy"] is False
    assert session.carry["france"]["german_first_hex_turn"] == {"season": "fall", "year": 1940}
    with pytest.raises(RulesInputError, match="already surrendered"):
        record_french_surrender(session, outcome)
    other = session_at(Turn(1941, Season.SPRING), Edition.ORIGINAL)
    with pytest.raises(RulesInputError, match="Spring 1941"):
        record_french_surrender(other, outcome)
    with pytest.raises(RulesInputError, match="Updated rules"):
        record_french_surrender(session_at(Turn(1940, Season.FALL), Edition.UPDATED), outcome)


def test_skipped_dice_are_not_recorded():
    from awaw_desktop.core.awaw.france_surrender import record_french_surrender

    session = session_at(Turn(1940, Season.FALL), Edition.ORIGINAL)
    outcome = french_surrender_outcome(request(
        dice={"lebanon_syria": DieRoll(2), "north_africa": None},
        colony_control={"tunisia": "axis", "algeria": "axis", "morocco": "british"}))
    record_french_surrender(session, outcome)
    assert [d.purpose for d in session.dice] == ["Lebanon-Syria colony roll"]
    assert session.outcomes["france"]["colonies"] == {"lebanon_syria": "vichy", "tunisia": "axis",
                                                      "algeria": "axis", "morocco": "free-french"}


def test_a_recorded_surrender_survives_a_session_file():
    from awaw_desktop.core.awaw import sessionfile

    session, outcome = recorded_session()
    loaded = sessionfile.loads(sessionfile.dumps(session))
    assert loaded.carry["france"] == session.carry["france"]
    assert FrenchSurrenderOutcome.from_json(loaded.outcomes["france"]) == outcome
    assert loaded.history[-1] == session.history[-1]
    assert loaded.dice == session.dice
