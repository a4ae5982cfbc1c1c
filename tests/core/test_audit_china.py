"""Audit of the Chinese rules (61) against the rules texts, through the public API.

Expected values are worked out by hand from the Chinese Resistance Table of each edition
(61.11), its results, the classic sidebar as NOTES.md reads it, and 61.31-61.32 (defections);
the computation is beside each case.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, china
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Status, Turn

GW = Scenario.GLOBAL_WAR
SPRING42 = Turn(1942, Season.SPRING)
UPDATED = [Edition.UPDATED, Edition.CLASSIC]


def run(edition, china_inputs, carry=None, scenario=GW, turn=SPRING42):
    return assess.assess_all(edition, scenario, turn, {"china": china_inputs}, carry or {})["china"]


def eot(edition, china_inputs, carry=None, turn=SPRING42):
    return assess.end_of_turn(edition, GW, turn, {"china": china_inputs}, carry or {})


def facts(unbuilt=0, force=0, extra=0, wang=0):
    return {"unbuilt_infantry": unbuilt, "force_level": force, "extra_infantry": extra, "wang_pool": wang}


# --------------------------------------------------------------------------- Original edition

def test_original_nationalist_counter_offensive():
    # 14 unbuilt -> -2 (per five, down); Japan holds Chungking -1; Peking Nationalist +2;
    # 12 British/U.S./Russian factors -> +2; Japan holds Yenan +1.  -2 - 1 + 2 + 2 + 1 = +2.
    result = run(Edition.ORIGINAL, {"unbuilt_ground": 14, "japan_chungking": True, "nationalist_cities": ["peking"],
                                    "foreign_factors": 12, "japan_yenan": True})
    assert result.level == 2 and result.total == 2
    assert result.status is Status.BENEFITS   # a result in China's favour (61.11)
    # +2 includes +1 (cumulative results)
    assert [c.text[:4] for c in result.consequences] == ["(+2)", "(+1)"]


def test_original_collapse_is_clamped_at_minus_five():
    # 30 unbuilt -6, Chungking -1 = -7 -> the table stops at -5 (government collapses).
    result = run(Edition.ORIGINAL, {"unbuilt_ground": 30, "japan_chungking": True})
    assert result.total == -7 and result.level == -5
    assert len(result.consequences) == 5  # -5, -4, -3, -2, -1


@pytest.mark.parametrize(("unbuilt", "points"), [(4, 0), (5, -1), (9, -1), (10, -2), (11, -2)])
def test_original_unbuilt_per_five(unbuilt, points):
    assert run(Edition.ORIGINAL, {"unbuilt_ground": unbuilt}).level == points


def test_original_four_cities_capped_at_plus_two():
    # All four coastal cities +8, 4 foreign factors 0: 8 -> +2 (highest original result).
    result = run(Edition.ORIGINAL, {"nationalist_cities": ["peking", "shanghai", "nanking", "canton"],
                                    "foreign_factors": 4})
    assert result.total == 8 and result.level == 2


def test_original_has_no_defections():
    report = eot(Edition.ORIGINAL, {"unbuilt_ground": 15, "defection_facts": facts(5, 30)})
    assert report.results["china"].level == -3
    assert report.new_carry["china"]["defections"] == 0
    assert report.new_carry["china"]["last_level"] == -3


# --------------------------------------------------------------------------- Updated editions

UPDATED_1942 = {
    "unbuilt_ground": 7,                                         # 7 // 3 = 2 -> -2
    "wang_in_china": {"factors": 10},                            # ten or more -> -1
    "burma_road": ["research"],                                  # research done, open -> 0
    "lost_cities": ["peking", "shanghai", "nanking", "canton"],  # -4
    "force_pool": 31,                                            # ceil(31 / 10) = 4 -> +4
    "foreign_factors": 5,                                        # +1
    "china_lobby": True,                                         # +1 (updated only)
    "no_communist_regions": False,                               # 0
    "defection_facts": facts(unbuilt=4, force=30, wang=17),
}


def test_updated_spring_1942_defection():
    # -2 - 1 + 0 - 4 + 4 + 1 + 1 + 0 = -1: one factor defects (4 unbuilt, force 30 > floor 15),
    # the Wang pool 17 takes one more (18 = counter mix).
    report = eot(Edition.UPDATED, UPDATED_1942)
    result = report.results["china"]
    assert result.level == -1
    assert result.figures["defecting"] == 1 and result.figures["wang_added"] == 1
    assert report.new_carry["china"] == {"defections": 1, "wang_additions": 1, "last_level": -1}


def test_classic_same_facts_without_the_research_lines():
    # Classic: no China Lobby line, Burma Road -1 only if closed (open here: 0).
    # -2 - 1 + 0 - 4 + 4 + 1 + 0 = -2: two factors defect; the Wang pool (17) takes only one,
    # the other is simply removed.
    report = eot(Edition.CLASSIC, UPDATED_1942)
    result = report.results["china"]
    assert result.level == -2
    assert result.figures["defecting"] == 2 and result.figures["wang_added"] == 1
    assert report.new_carry["china"] == {"defections": 2, "wang_additions": 1, "last_level": -2}


@pytest.mark.parametrize(("edition", "burma", "points"), [
    (Edition.UPDATED, [], -1),                       # no research: -1
    (Edition.UPDATED, ["research"], 0),
    (Edition.UPDATED, ["research", "closed"], -1),
    (Edition.UPDATED, ["closed"], -1),               # both reasons: still one -1
    (Edition.CLASSIC, [], 0),                        # classic: only a closed road counts
    (Edition.CLASSIC, ["closed"], -1),
])
def test_burma_road(edition, burma, points):
    assert run(edition, {"burma_road": burma}).level == points


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("pool", "points"), [(0, 0), (1, 1), (10, 1), (11, 2), (20, 2), (21, 3)])
def test_force_pool_rounds_up(edition, pool, points):
    # +1 per ten force-pool factors, rounded up; Burma Road research ticked so that line is 0.
    assert run(edition, {"force_pool": pool, "burma_road": ["research"]}).total == points


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("unbuilt", "points"), [(2, 0), (3, -1), (5, -1), (6, -2), (8, -2), (9, -3)])
def test_unbuilt_per_three(edition, unbuilt, points):
    assert run(edition, {"unbuilt_ground": unbuilt, "burma_road": ["research"]}).total == points


@pytest.mark.parametrize("edition", UPDATED)
@pytest.mark.parametrize(("wang", "points"), [(9, 0), (10, -1), (18, -1)])
def test_wang_ten_or_more(edition, wang, points):
    assert run(edition, {"wang_in_china": {"factors": wang}, "burma_road": ["research"]}).total == points


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_clamped_at_plus_three(edition):
    # force pool 40 +4, foreign 10 +2, no Communist regions +1, research 0 = +7 -> +3.
    result = run(edition, {"force_pool": 40, "foreign_factors": 10, "no_communist_regions": True,
                           "burma_road": ["research"]})
    assert result.total == 7 and result.level == 3
    assert len(result.consequences) == 3  # +3, +2, +1


@pytest.mark.parametrize("edition", UPDATED)
def test_updated_defections_then_returns_across_turns(edition):
    # Turn 1: 9 unbuilt -3, all five cities lost -5, Burma closed -1, force 20 +2 = -7 -> -3:
    # three factors defect (5 unbuilt infantry, force 40 - floor 15 = 25 room), Wang pool 0 takes 3.
    turn1 = {"unbuilt_ground": 9, "lost_cities": ["peking", "shanghai", "nanking", "canton", "chungking"],
             "burma_road": ["closed"], "force_pool": 20, "defection_facts": facts(unbuilt=5, force=40)}
    first = eot(edition, turn1)
    assert first.results["china"].level == -3
    assert first.new_carry["china"]["defections"] == 3 and first.new_carry["china"]["wang_additions"] == 3
    # Turn 2: force 30 +3, foreign 5 +1, Burma research/open (classic: open) 0 = +4 -> +3 (Updated,
    # China Lobby not ticked) : three factors return (at most the 3 lost), Japan loses 3 Wang.
    turn2 = {"force_pool": 30, "foreign_factors": 5,
             "burma_road": ["research"] if edition is Edition.UPDATED else [],
             "defection_facts": facts(unbuilt=0, force=37, wang=3)}
    second = eot(edition, turn2, first.new_carry, SPRING42.next())
    assert second.results["china"].level == 3
    assert second.results["china"].figures["returning"] == 3
    assert second.new_carry["china"]["defections"] == 0 and second.new_carry["china"]["wang_additions"] == 0


@pytest.mark.parametrize("edition", UPDATED)
def test_defections_limited_by_the_force_level_floor(edition):
    # Level -3 (9 unbuilt -3, Burma closed -1 -> -4 -> -3), but force level 17 with 1 extra
    # infantry from research: floor 16, room 1 -> one factor defects.
    result = run(edition, {"unbuilt_ground": 9, "burma_road": ["closed"],
                           "defection_facts": facts(unbuilt=6, force=17, extra=1)})
    assert result.level == -3 and result.figures["defecting"] == 1


@pytest.mark.parametrize("edition", list(Edition))
def test_european_scenario(edition):
    assert run(edition, {"unbuilt_ground": 30}, scenario=Scenario.EUROPEAN).status is Status.NOT_APPLICABLE


def test_china_never_surrenders():
    assert "surrendered" not in china.initial_carry()



@given(unbuilt=st.integers(0, 40), lost=st.integers(0, 5), pool=st.integers(0, 80), foreign=st.integers(0, 30),
       wang=st.integers(0, 18), lobby=st.booleans(), research=st.booleans(), closed=st.booleans(),
       no_communists=st.booleans())
def test_property_updated_table(unbuilt, lost, pool, foreign, wang, lobby, research, closed, no_communists):
    # 61.11 (Updated) written out, clamped to -3..+3.
    cities = ["peking", "shanghai", "nanking", "canton", "chungking"][:lost]
    burma = (["research"] if research else []) + (["closed"] if closed else [])
    total = (-(unbuilt // 3) - (wang >= 10) - (closed or not research) - lost + -(-pool // 10) + foreign // 5
             + lobby + no_communists)
    result = run(Edition.UPDATED, {"unbuilt_ground": unbuilt, "wang_in_china": {"factors": wang},
                                   "burma_road": burma, "lost_cities": cities, "force_pool": pool,
                                   "foreign_factors": foreign, "china_lobby": lobby,
                                   "no_communist_regions": no_communists})
    assert result.total == total
    assert result.level == max(-3, min(3, total))
