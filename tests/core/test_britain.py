"""British Resistance Table (59.21, 59.22), the offer (59.12, 59.23, 59.87) and the end-of-turn record."""

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import britain
from awaw_desktop.core.awaw import britain_surrender as bs
from awaw_desktop.core.awaw.britain_table import counted_naval_factors, naval_ratio_modifier
from awaw_desktop.core.awaw.common import Edition, GameContext, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

TURN = Turn(1942, Season.SUMMER)
# Enough transports so the transport line is 0 unless a test says otherwise.
BASE = {"atlantic_transports": 10}


def game(edition=Edition.UPDATED, scenario=Scenario.GLOBAL_WAR, turn=TURN, carry=None):
    return GameContext(edition, scenario, turn, {}, {"britain": carry} if carry is not None else {})


def assess(inputs, **kwargs):
    return britain.assess({**BASE, **inputs}, game(**kwargs))


def level(inputs, **kwargs):
    return assess(inputs, **kwargs).level


def naval(allied_full=0, allied_half=0, axis_full=0, axis_half=0):
    return {"naval_ratio": {"allied_full": allied_full, "allied_half": allied_half,
                            "axis_full": axis_full, "axis_half": axis_half}}


# ----------------------------------------------------------------------------- naval ratio

@pytest.mark.parametrize(("allied", "axis", "modifier"), [
    (40, 30, 1), (39, 30, 0),      # 4:3 met / just missed
    (50, 30, 2), (49, 30, 1),      # 5:3
    (60, 30, 3), (59, 30, 2),      # 2:1
    (90, 30, 4), (89, 30, 3),      # 3:1
    (120, 30, 5), (119, 30, 4),    # 4:1
    (1000, 30, 5),                 # capped at 5
    (4, 3, 1), (5, 3, 2), (2, 1, 3), (3, 1, 4), (4, 1, 5),
    (30, 30, 0), (31, 30, 0),
])
def test_naval_ratio_thresholds_both_ways(allied, axis, modifier):
    assert naval_ratio_modifier(allied, axis) == modifier
    assert naval_ratio_modifier(axis, allied) == -modifier


@pytest.mark.parametrize(("allied", "axis", "modifier"), [(1, 0, 5), (0, 0, 0), (0, 1, -5), (50, 0, 5)])
def test_zero_axis_factors(allied, axis, modifier):
    assert naval_ratio_modifier(allied, axis) == modifier


@pytest.mark.parametrize(("full", "half", "counted"), [(0, 0, 0), (0, 1, 0), (0, 2, 1), (10, 3, 11), (7, 9, 11)])
def test_half_strength_factors_pair_up_remnant_dropped(full, half, counted):
    assert counted_naval_factors(full, half) == counted


def test_naval_group_line_counts_halves_before_the_ratio():
    # Allied 30 + 21//2 = 40 against Axis 30: exactly 4:3 -> +1; one half factor less: 39 -> 0.
    assert level(naval(30, 21, 30)) == 1
    assert level(naval(30, 19, 30)) == 0
    # Axis 20 + 21//2 = 30 against Allied 40 -> +1; Axis half factors make it 41 against 30 -> -1.
    assert level(naval(40, 0, 20, 21)) == 1
    assert level(naval(30, 0, 20, 42)) == -1
    assert level(naval(1, 0, 0, 1)) == 5      # the single Axis half factor is dropped


@pytest.mark.parametrize("bad", [(-1, 0), (0, -1), (True, 0), (1.5, 0)])
def test_naval_functions_refuse_bad_arguments(bad):
    with pytest.raises(RulesInputError, match=r"allied|axis"):
        naval_ratio_modifier(*bad)
    with pytest.raises(RulesInputError, match=r"full|half"):
        counted_naval_factors(*bad)


# ----------------------------------------------------------------------------- table lines

@pytest.mark.parametrize(("transports", "points"), [(10, 0), (15, 0), (9, -1), (5, -5), (1, -9), (0, -10)])
def test_atlantic_transports(transports, points):
    assert level({"atlantic_transports": transports}) == points


@pytest.mark.parametrize(("factors", "points"), [(0, 0), (9, 0), (10, -1), (11, -1), (19, -1), (20, -2), (99, -9)])
def test_unbuilt_factors_per_ten_rounded_down(factors, points):
    assert level({"unbuilt_factors": factors}) == points


@pytest.mark.parametrize(("factors", "points"), [(0, 0), (4, 0), (5, 1), (9, 1), (10, 2), (11, 2), (26, 5)])
def test_western_front_per_five(factors, points):
    assert level({"western_front_factors": factors}) == points


@pytest.mark.parametrize(("usat", "us_at_war", "points"), [
    (0, False, 0), (29, False, 0), (30, False, 1), (39, False, 1), (40, False, 2), (55, False, 2),
    (30, True, 1 + 1), (39, True, 1 + 1), (40, True, 0 + 1), (60, True, 0 + 1),
])
def test_usat_lines(usat, us_at_war, points):
    powers = ["united_states"] if us_at_war else []
    assert level({"usat_level": usat, "powers_at_war": powers}) == points


@pytest.mark.parametrize(("attacks", "points"), [(0, 0), (1, -3), (2, -5), (3, -6), (4, -7)])
def test_atomic_attacks_escalate(attacks, points):
    assert level({"atomic_against_britain": attacks}) == points


def test_every_line_once():
    inputs = {
        "dp_level": 12, "axis_holds": ["malta", "singapore"], "dominions_surrendered": ["australia", "india"],
        "atomic_against_britain": 1, "firestorms": 2, "oil_effects": 3, "atlantic_transports": 7,
        "no_russian_east": True, "unbuilt_factors": 25, **naval(50, 0, 30, 0),
        "powers_at_war": ["france", "russia", "united_states"], "usat_level": 45, "western_front_factors": 12,
        "wa_in_germany": True, "russian_west": True,
    }
    expected = 12 - 2 - 4 - 3 - 2 - 3 - 3 - 1 - 2 + 2 + 3 + 0 + 2 + 1 + 1
    assert level(inputs) == expected == 1


@pytest.mark.parametrize("edition", list(Edition))
def test_the_table_is_the_same_in_every_edition(edition):
    inputs = {"dp_level": 3, "axis_holds": ["singapore"], "oil_effects": 1, "usat_level": 35}
    assert level(inputs, edition=edition) == 3 - 1 - 1 + 1
    assert [line.id for line in britain.lines(edition, Scenario.GLOBAL_WAR)] == \
        [line.id for line in britain.lines(Edition.ORIGINAL, Scenario.GLOBAL_WAR)]


def test_european_scenario_counts_singapore_from_winter_1941():
    before = Turn(1941, Season.FALL)
    after = Turn(1941, Season.WINTER)
    assert level({"dp_level": 5}, scenario=Scenario.EUROPEAN, turn=before) == 5
    assert level({"dp_level": 5}, scenario=Scenario.EUROPEAN, turn=after) == 4
    assert level({"dp_level": 5}, scenario=Scenario.EUROPEAN, turn=Turn(1944, Season.SPRING)) == 4
    # ticking Singapore too does not count it twice
    assert level({"dp_level": 5, "axis_holds": ["singapore", "malta"]}, scenario=Scenario.EUROPEAN, turn=after) == 3
    # in a Global War game Singapore is whatever the players tick
    assert level({"dp_level": 5}, turn=after) == 5


@pytest.mark.parametrize(("points", "modifier"), [(0, 0), (1, 0), (2, -1), (3, -1), (4, -2), (5, -2), (20, -10)])
def test_conciliation_line_reads_the_carried_points(points, modifier):
    carry = {**britain.initial_carry(), "surrendered": True, "surrender_level": -10,
             "conciliation_points": points}
    assert level({"dp_level": 5}, carry=carry) == 5 + modifier


# ----------------------------------------------------------------------------- status and figures

def test_zero_offers_and_one_does_not():
    result = assess({"dp_level": 0})
    assert result.status is Status.OFFERS
    assert result.figures["offer"] is True
    assert result.figures["forced_acceptance"] is False
    assert result.figures["offer_surrender_level"] == 0
    assert result.figures["counted_levels"] == 0
    assert result.figures["in_surrender"] is False
    assert result.figures["surrender_level"] is None
    result = assess({"dp_level": 1})
    assert result.status is Status.NO_EFFECT
    assert result.figures["offer"] is False


@pytest.mark.parametrize(("dp", "forced", "surrender_level", "points"), [
    (-1, False, -1, 2), (-9, False, -9, 18), (-10, True, -10, 20), (-11, True, -10, 20), (-25, True, -10, 20),
])
def test_forced_acceptance_and_the_minus_ten_cap(dp, forced, surrender_level, points):
    result = assess({"dp_level": dp})
    assert result.status is Status.OFFERS
    assert result.level == dp
    assert result.figures["forced_acceptance"] is forced
    assert result.figures["offer_surrender_level"] == surrender_level
    assert result.figures["concession_points"] == points


def test_pacific_scenario_never_surrenders():
    result = assess({"dp_level": -20}, scenario=Scenario.PACIFIC)
    assert result.status is Status.NOT_APPLICABLE
    assert result.figures["offer"] is False
    assert result.figures["in_surrender"] is False


def surrendered_carry(level, at_peace=False, **extra):
    return {**britain.initial_carry(), "surrendered": True, "surrender_level": level, "surrenders": [level],
            "surrender_turn": Turn(1941, Season.FALL).to_json(), "at_peace": at_peace, **extra}


def test_repeat_offer_only_below_the_last_level():
    carry = surrendered_carry(-3)
    result = assess({"dp_level": -3}, carry=carry)
    assert result.status is Status.SURRENDERED
    assert result.figures["in_surrender"] is True
    assert result.figures["surrender_level"] == -3
    result = assess({"dp_level": -4}, carry=carry)
    assert result.status is Status.OFFERS
    assert result.figures["counted_levels"] == 1
    assert result.figures["concession_points"] == 2
    result = assess({"dp_level": -15}, carry=carry)
    assert result.figures["offer_surrender_level"] == -10
    assert result.figures["counted_levels"] == 7
    assert result.figures["forced_acceptance"] is True


def test_no_offer_while_at_peace_or_after_a_german_declaration():
    assert assess({"dp_level": -9}, carry=surrendered_carry(-2, at_peace=True)).status is Status.SURRENDERED
    carry = surrendered_carry(-2, no_more_surrenders=True)
    result = assess({"dp_level": -9}, carry=carry)
    assert result.status is Status.SURRENDERED
    assert result.figures["offer"] is False


@pytest.mark.parametrize(("edition", "words"), [(Edition.ORIGINAL, "isolated"), (Edition.UPDATED, "may not be built"),
                                                (Edition.CLASSIC, "may not be built")])
def test_canada_construction_differs_by_edition(edition, words):
    result = assess({"dp_level": 3}, edition=edition, carry=surrendered_carry(-2))
    text = next(c.text for c in result.consequences if c.rule == "59.82")
    assert words in text


def test_us_at_war_tells_the_war_goes_on():
    rules = {c.rule for c in assess({"dp_level": -2, "powers_at_war": ["united_states"]}).consequences}
    assert "59.61" in rules and "59.62" not in rules
    rules = {c.rule for c in assess({"dp_level": -2}).consequences}
    assert "59.62" in rules and "59.61" not in rules


@pytest.mark.parametrize("bad", [{"atlantic_transports": -1}, {"dp_level": 99}, {"wa_in_germany": 1},
                                 {"axis_holds": ["gibraltar"]}, {"oil_effects": 5}, {"usat_level": 100},
                                 {"naval_ratio": {"allied_full": -1}}, {"naval_ratio": {"ships": 3}}])
def test_bad_inputs_name_the_line(bad):
    with pytest.raises(RulesInputError) as error:
        britain.assess(bad, game())
    assert next(iter(bad)) in str(error.value)


# ----------------------------------------------------------------------------- end of turn

def run(inputs, choices=None, **kwargs):
    g = game(**kwargs)
    result = britain.assess({**BASE, **inputs}, g)
    return britain.end_of_turn({**BASE, **inputs}, g, result, choices or {})


def test_declined_offer_lapses_by_default():
    outcome = run({"dp_level": -3})
    assert outcome.carry["surrendered"] is False
    assert outcome.carry["declined_offers"] == [TURN.to_json()]
    assert outcome.questions[0].id == britain.ACCEPT_QUESTION
    assert outcome.questions[0].default == "decline"
    assert any(event.rule == "59.32" for event in outcome.events)


def test_forced_offer_is_accepted_by_default():
    outcome = run({"dp_level": -12})
    assert outcome.questions[0].options == (("accept", "Germany accepts"),)
    assert outcome.carry["surrendered"] is True
    assert outcome.carry["surrender_level"] == -10
    assert outcome.carry["surrenders"] == [-10]
    with pytest.raises(RulesInputError, match=britain.ACCEPT_QUESTION):
        run({"dp_level": -12}, {britain.ACCEPT_QUESTION: "decline"})


def test_accepted_surrender_records_conciliation_and_peace():
    outcome = run({"dp_level": -3}, {britain.ACCEPT_QUESTION: "accept", britain.CONCILIATION_QUESTION: "5",
                                     britain.FAR_EAST_QUESTION: "japan-fights-on"})
    carry = outcome.carry
    assert carry["surrendered"] is True
    assert carry["surrender_level"] == -3
    assert carry["surrender_turn"] == TURN.to_json()
    assert carry["conciliation_points"] == 5
    assert carry["usat_reduction"] == 10
    assert carry["far_east_choice"] == "japan-fights-on"
    assert carry["at_peace"] is True
    assert any(e.rule == "59.512" and "6 AAF" in e.text and "12 BRPs" in e.text and "30 naval" in e.text
               for e in outcome.events)


def test_surrender_while_us_at_war_keeps_britain_at_war_without_conciliation():
    outcome = run({"dp_level": -2, "powers_at_war": ["united_states"]},
                  {britain.ACCEPT_QUESTION: "accept", britain.CONCILIATION_QUESTION: "4"})
    assert outcome.carry["at_peace"] is False
    assert outcome.carry["conciliation_points"] == 0
    assert britain.CONCILIATION_QUESTION not in {q.id for q in outcome.questions}


def test_a_later_surrender_replaces_the_conciliation_points():
    carry = surrendered_carry(-2, conciliation_points=6)   # 6 points: -3 resistance (59.75A)
    outcome = run({"dp_level": -2}, {britain.ACCEPT_QUESTION: "accept"}, carry=carry)
    assert outcome.carry["surrender_level"] == -5
    assert outcome.carry["surrenders"] == [-2, -5]
    assert outcome.carry["conciliation_points"] == 0
    assert any("3 level(s) counted" in e.text for e in outcome.events)


def test_outcome_json_from_the_wizard_is_used():
    request = bs.SurrenderRequest(resistance=-3, statuses={"lebanon_syria": "axis-controlled",
                                                          "tunisia": "axis-controlled", "algeria": "independent",
                                                          "morocco": "independent", "libya": "axis-controlled",
                                                          "albania": "axis-controlled"},
                                  chosen={"malta": ""}, japan_at_war_with_britain=True, japan_adheres=True)
    outcome = bs.british_surrender_outcome(request)
    choices = {britain.ACCEPT_QUESTION: "accept", britain.OUTCOME_CHOICE: json.dumps(outcome.to_json())}
    carry = run({"dp_level": -3}, choices).carry
    assert carry["conciliation_points"] == 5          # 6 points, 1 taken
    assert carry["usat_reduction"] == 10
    assert carry["far_east_choice"] == "japan-adheres"
    with pytest.raises(RulesInputError, match="level"):
        run({"dp_level": -4}, choices)


def test_war_resumes_from_the_second_turn_after_a_peace():
    carry = surrendered_carry(-2, at_peace=True)       # surrendered in Fall 1941
    outcome = run({"dp_level": -5}, {britain.RESUMPTION_QUESTION: "united_states"}, carry=carry,
                  turn=Turn(1941, Season.WINTER))
    assert outcome.questions == ()                      # 59.86A: not in the next turn
    assert outcome.carry["at_peace"] is True
    outcome = run({"dp_level": -5}, {britain.RESUMPTION_QUESTION: "united_states"}, carry=carry,
                  turn=Turn(1942, Season.SPRING))
    assert outcome.carry["at_peace"] is False
    assert outcome.carry["no_more_surrenders"] is False
    outcome = run({"dp_level": -5}, {britain.RESUMPTION_QUESTION: "germany"}, carry=carry,
                  turn=Turn(1942, Season.SPRING))
    assert outcome.carry["no_more_surrenders"] is True


def test_initial_carry_is_json():
    carry = britain.initial_carry()
    assert json.loads(json.dumps(carry)) == carry
    assert carry["surrendered"] is False


# ----------------------------------------------------------------------------- properties

@given(st.integers(0, 999), st.integers(0, 999))
def test_naval_modifier_is_antisymmetric_and_bounded(allied, axis):
    modifier = naval_ratio_modifier(allied, axis)
    assert modifier == -naval_ratio_modifier(axis, allied)
    assert -5 <= modifier <= 5
    assert (modifier > 0) <= (allied > axis)


@given(st.integers(0, 500), st.integers(1, 500))
def test_naval_modifier_never_falls_when_allies_gain(allied, axis):
    assert naval_ratio_modifier(allied + 1, axis) >= naval_ratio_modifier(allied, axis)


@given(st.integers(-60, 60), st.integers(0, 99))
def test_offer_exactly_at_zero_or_less(dp, transports):
    result = britain.assess({"dp_level": dp, "atlantic_transports": transports}, game())
    assert result.level == dp - max(0, 10 - transports)
    assert (result.status is Status.OFFERS) == (result.level <= 0)
    assert result.figures["forced_acceptance"] == (result.level <= -10)


# ----------------------------------------------------------------------------- the wizard's entry points

def offering_session(dp=-3, turn=TURN, carry=None, **inputs):
    from awaw_desktop.core.awaw.session import Session

    session = Session.new(turn=turn)
    session.clear_table("britain")  # only the facts below, not a new game's starting facts
    for line_id, value in {**BASE, "dp_level": dp, **inputs}.items():
        session.set_value("britain", line_id, value)
    if carry is not None:
        session.carry["britain"] = carry
    return session


P1_GONE = {"lebanon_syria": "axis-controlled", "tunisia": "axis-controlled", "algeria": "independent",
           "morocco": "independent", "libya": "axis-controlled", "albania": "axis-controlled"}


def test_wizard_available_only_while_britain_offers():
    session = offering_session(-3)
    results = session.assess()
    assert session.assess()["britain"].level == -3
    assert britain.wizard_available(session, results) == (True, results["britain"].verdict)
    fighting = offering_session(2)
    available, reason = britain.wizard_available(fighting, fighting.assess())
    assert not available and "fights on" in reason
    offer = britain.wizard_offer(session, results)
    assert (offer.surrender_level, offer.counted_levels, offer.concession_points) == (-3, 3, 6)


def test_wizard_offer_after_an_earlier_surrender_counts_the_difference():
    carry = {**britain.initial_carry(), "surrendered": True, "surrender_level": -2, "surrenders": [-2]}
    session = offering_session(-5, carry=carry)
    offer = britain.wizard_offer(session, session.assess())
    assert (offer.previous_level, offer.surrender_level, offer.counted_levels) == (-2, -5, 3)


def test_recording_a_surrender_writes_what_the_end_of_turn_check_would():
    request = bs.SurrenderRequest(resistance=-3, statuses=P1_GONE, chosen={"malta": ""}, returns=(),
                                  japan_at_war_with_britain=True, japan_adheres=True)
    outcome = bs.british_surrender_outcome(request)
    session = offering_session(-3)
    britain.record_british_surrender(session, outcome)
    by_end_of_turn = run({"dp_level": -3}, {britain.ACCEPT_QUESTION: "accept",
                                            britain.OUTCOME_CHOICE: json.dumps(outcome.to_json())}).carry
    # The wizard's surrender keeps the entries to change due until the end of its turn (59.871, issue 37).
    due = dict(session.carry["britain"])
    assert due.pop("units_removed") == {"aaf": 6, "ground_nas_brps": 12, "naval_full": 30, "naval_half": 0}
    assert by_end_of_turn.get("units_removed") is None   # an end of turn says it in its own list
    assert due == {key: value for key, value in by_end_of_turn.items() if key != "units_removed"}
    assert session.outcomes["britain"] == outcome.to_json()
    entry = session.history[-1]
    assert (entry.kind, entry.turn, dict(entry.levels)) == ("british-surrender", TURN, {"britain": -3})
    assert "level -3" in entry.title
    results = session.assess()
    assert results["britain"].status is Status.SURRENDERED
    assert results["britain"].figures["surrender_level"] == -3
    election_line = next(item for item in results["election"].breakdown if item.id == "british_surrender_level")
    assert election_line.points == -3 + 5
    # The end of this turn asks nothing more about the offer.
    from awaw_desktop.core.awaw.session import preview_end_of_turn

    assert britain.ACCEPT_QUESTION not in {q.id for q in preview_end_of_turn(session).questions}


def test_recording_a_declined_offer_lapses_it_for_this_turn():
    session = offering_session(-3)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, accepted=False))
    britain.record_british_surrender(session, outcome)
    assert session.carry["britain"]["declined_offers"] == [TURN.to_json()]
    assert session.carry["britain"]["surrendered"] is False
    assert session.history[-1].kind == "british-surrender" and "declined" in session.history[-1].title
    result = session.assess()["britain"]
    assert result.status is Status.NO_EFFECT and "lapsed" in result.verdict
    assert not britain.wizard_available(session, session.assess())[0]
    from awaw_desktop.core.awaw.session import preview_end_of_turn

    assert britain.ACCEPT_QUESTION not in {q.id for q in preview_end_of_turn(session).questions}
    with pytest.raises(RulesInputError, match="no British offer"):
        britain.record_british_surrender(session, outcome)


def test_recording_refuses_outcomes_that_do_not_fit():
    session = offering_session(-3)
    wrong_level = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-4))
    with pytest.raises(RulesInputError, match="level"):
        britain.record_british_surrender(session, wrong_level)
    illegal = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, chosen={"malta": ""}))
    with pytest.raises(RulesInputError, match=r"59\.66"):
        britain.record_british_surrender(session, illegal)
    at_war = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-3, us_at_war_with_germany=True))
    with pytest.raises(RulesInputError, match=r"59\.61"):
        britain.record_british_surrender(session, at_war)
    assert session.history == [] and session.outcomes == {}
    forced = offering_session(-12)
    outcome = bs.SurrenderOutcome(False, bs.offer(-12), False, bs.Reductions(), bs.Verdict(True), bs.Verdict(True),
                                  bs.Conciliation(0, 0, 0), None, None, ())
    with pytest.raises(RulesInputError, match=r"59\.23"):
        britain.record_british_surrender(forced, outcome)


def test_surrender_recorded_while_the_us_is_at_war_stays_at_war_and_makes_no_second_offer_this_turn():
    session = offering_session(-12, powers_at_war=["united_states"])
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(resistance=-12, us_at_war_with_germany=True))
    britain.record_british_surrender(session, outcome)
    carry = session.carry["britain"]
    assert (carry["surrender_level"], carry["at_peace"]) == (-10, False)
    result = session.assess()["britain"]
    assert result.status is Status.SURRENDERED and "this turn" in result.verdict


def test_wizard_not_available_in_a_pacific_scenario():
    from awaw_desktop.core.awaw.common import Scenario as Sc
    from awaw_desktop.core.awaw.session import Session

    session = Session.new(scenario=Sc.PACIFIC)
    assert not britain.wizard_available(session, session.assess())[0]


# --- the conciliation question offers only what the surrender level allows (59.65, 59.75) ----------

def _conciliation_options(outcome):
    question = next(q for q in outcome.questions if q.id == britain.CONCILIATION_QUESTION)
    return [key for key, _ in question.options]


@pytest.mark.parametrize(("dp_level", "points"), [(-1, 2), (-3, 6), (-10, 20), (-14, 20)])
def test_conciliation_question_offers_the_points_of_the_level(dp_level, points):
    outcome = run({"dp_level": dp_level}, {britain.ACCEPT_QUESTION: "accept"})
    assert _conciliation_options(outcome) == [str(n) for n in range(points + 1)]
    full = run({"dp_level": dp_level}, {britain.ACCEPT_QUESTION: "accept", britain.CONCILIATION_QUESTION: str(points)})
    assert full.carry["conciliation_points"] == points and full.carry["usat_reduction"] == 2 * points
    with pytest.raises(RulesInputError, match=britain.CONCILIATION_QUESTION):
        run({"dp_level": dp_level}, {britain.ACCEPT_QUESTION: "accept",
                                     britain.CONCILIATION_QUESTION: str(points + 1)})


def test_a_repeat_surrender_offers_only_the_points_of_the_difference():
    # -2 then -5: three levels counted (59.872), six points
    outcome = run({"dp_level": -5}, {britain.ACCEPT_QUESTION: "accept"}, carry=surrendered_carry(-2))
    assert outcome.carry["surrender_level"] == -5
    assert _conciliation_options(outcome) == [str(n) for n in range(7)]


def test_no_conciliation_question_at_level_zero():
    outcome = run({"dp_level": 0}, {britain.ACCEPT_QUESTION: "accept"})
    assert outcome.carry["surrendered"] is True
    assert britain.CONCILIATION_QUESTION not in {q.id for q in outcome.questions}
    assert britain.conciliation_question(0, False) is None and britain.conciliation_question(4, True) is None


def test_a_surrendered_britain_names_its_surrender_level_apart_from_the_resistance_shown():
    """Play-test finding: the Overview showed -6 beside 'Britain has surrendered (level -3)'."""
    outcome = run({"dp_level": -3}, {britain.ACCEPT_QUESTION: "accept", britain.CONCILIATION_QUESTION: "5",
                                     britain.FAR_EAST_QUESTION: "japan-fights-on"})
    later = Turn.from_number(TURN.number + 1)
    result = assess({"dp_level": -6}, turn=later, carry={**britain.initial_carry(), **outcome.carry})
    assert result.status is Status.SURRENDERED
    assert f"surrender level {outcome.carry['surrender_level']}" in result.verdict
    assert f"resistance now ({result.level:+d})" in result.verdict
