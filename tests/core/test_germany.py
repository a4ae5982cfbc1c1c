"""German Resistance Table (55.11) and German surrender effects (55.2, 56.13)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import germany
from awaw_desktop.core.awaw.common import Edition, GameContext, PowerResult, Scenario, Season, Status, Turn
from awaw_desktop.core.lines import RulesInputError

TURN = Turn(1944, Season.SUMMER)


def game(edition=Edition.UPDATED, scenario=Scenario.GLOBAL_WAR, italy_dp=None, carry=None):
    results = {}
    if italy_dp is not None:
        results["italy"] = PowerResult("italy", "Italy", italy_dp, italy_dp, Status.NO_EFFECT, "",
                                       figures={"dp_total": italy_dp})
    return GameContext(edition, scenario, TURN, results, carry or {})


def level(inputs, **kwargs):
    return germany.assess(inputs, game(**kwargs)).level


ALL_CITIES = ["breslau", "essen", "cologne", "leipzig"]


@pytest.mark.parametrize("edition", list(Edition))
def test_every_german_city_and_berlin(edition):
    inputs = {"dp_level": 3, "berlin": True, "cities": ALL_CITIES, "berchtesgaden": True}
    assert level(inputs, edition=edition) == 3 + 2 + 4 + 1


@pytest.mark.parametrize(("attacks", "points"), [(0, 0), (1, -3), (2, -5), (3, -6), (4, -7), (5, -8)])
@pytest.mark.parametrize("edition", list(Edition))
def test_atomic_attacks_against_germany_escalate(edition, attacks, points):
    assert level({"atomic_against_germany": attacks}, edition=edition) == points


@pytest.mark.parametrize(("attacks", "points"), [(0, 0), (1, 3), (2, 5), (3, 6), (4, 7), (5, 8)])
def test_attacks_made_by_germany_count_only_in_updated_editions(attacks, points):
    assert level({"atomic_by_germany": attacks}, edition=Edition.UPDATED) == points
    assert level({"atomic_by_germany": attacks}, edition=Edition.CLASSIC) == points
    assert level({"atomic_by_germany": attacks}, edition=Edition.ORIGINAL) == 0


@pytest.mark.parametrize(("italy", "points"), [(-4, 0), (0, 0), (1, 1), (5, 5)])
def test_italian_resistance_line_is_floored_at_zero(italy, points):
    assert level({"dp_level": 1}, italy_dp=italy) == 1 + points
    # 54.26: the original edition ignores Italy's DPs
    assert level({"dp_level": 1}, edition=Edition.ORIGINAL, italy_dp=italy) == 1


def test_zero_surrenders_and_one_does_not():
    assert germany.assess({"dp_level": 0}, game()).status is Status.SURRENDERS
    assert germany.assess({"dp_level": 1}, game()).status is Status.NO_EFFECT
    assert germany.assess({"dp_level": -1, "berlin": True}, game()).status is Status.NO_EFFECT


def test_surrender_ends_european_war_per_edition():
    assert germany.ends_european_war(game(Edition.UPDATED))
    assert not germany.ends_european_war(game(Edition.ORIGINAL))
    assert germany.ends_european_war(game(Edition.ORIGINAL, carry={"italy": {"surrendered": True}}))
    rules = {c.rule for c in germany.assess({}, game(Edition.UPDATED)).consequences}
    assert "56.13" in rules


@pytest.mark.parametrize("bad", [{"firestorms": -1}, {"dp_level": 99}, {"berlin": 1}, {"cities": ["paris"]}])
def test_bad_inputs_are_refused_with_the_line_named(bad):
    with pytest.raises(RulesInputError) as error:
        germany.assess(bad, game())
    assert next(iter(bad)) in str(error.value)


@given(st.integers(-60, 60), st.lists(st.sampled_from(ALL_CITIES)), st.integers(0, 30))
def test_ticking_berlin_never_lowers_the_total(dp, cities, attacks):
    base = {"dp_level": dp, "cities": cities, "atomic_against_germany": attacks}
    assert level({**base, "berlin": True}) == level(base) + 2
