"""The stepwise search of one line's changes (``tipping_search``): the first change that tips each power,
whatever the hint it starts from; refused changes beyond a bound are left out."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from awaw_desktop.core.awaw.common import Edition, Scenario, Season
from awaw_desktop.core.awaw.tipping_search import finish, first_changes
from awaw_desktop.core.lines import RulesInputError


def _search(size: int, thresholds: dict[str, int], hints: dict[str, int] | None, refused_from: int | None = None
            ) -> tuple[dict[str, Any], list[int]]:
    """Changes 0..size-1; a power tips from its threshold on; changes from ``refused_from`` on are refused.
    Gives (the first change found for each power, the changes assessed)."""
    assessed: list[int] = []

    def probe(change: int) -> dict[str, Any]:
        assessed.append(change)
        if refused_from is not None and change >= refused_from:
            raise RulesInputError(f"change {change} refused")
        return {power: change >= threshold for power, threshold in thresholds.items()}

    found = finish(first_changes(list(range(size)), probe, lambda power, tipped: bool(tipped),
                                 tuple(thresholds), hints))
    return {power: change for power, (change, _result) in found.items()}, assessed


@given(st.integers(1, 80).flatmap(lambda size: st.tuples(
    st.just(size),
    st.dictionaries(st.sampled_from(["japan", "election", "china"]), st.integers(0, size + 3), min_size=1),
    st.dictionaries(st.sampled_from(["japan", "election", "china"]), st.integers(-3, size + 3)),
    st.one_of(st.none(), st.integers(0, size)))))
def test_any_hint_finds_the_first_change_that_tips(case: tuple[int, dict[str, int], dict[str, int], int | None]
                                                  ) -> None:
    size, thresholds, hints, refused_from = case
    found, _assessed = _search(size, thresholds, hints, refused_from)
    accepted = size if refused_from is None else refused_from
    assert found == {power: threshold for power, threshold in thresholds.items() if threshold < accepted}


def test_a_right_hint_needs_two_changes_and_not_the_farthest() -> None:
    found, assessed = _search(40, {"japan": 17}, {"japan": 17})
    assert found == {"japan": 17} and sorted(assessed) == [16, 17]


def test_a_power_without_a_hint_still_needs_the_farthest_change() -> None:
    found, assessed = _search(40, {"japan": 17, "election": 30}, {"japan": 17})
    assert found == {"japan": 17, "election": 30} and 39 in assessed and len(assessed) == len(set(assessed))


def test_a_hint_one_off_either_way_costs_one_or_two_more() -> None:
    for hint in (16, 18):
        found, assessed = _search(40, {"japan": 17}, {"japan": hint})
        assert found == {"japan": 17} and len(set(assessed)) <= 5


def test_without_a_hint_the_search_starts_from_the_nearest_change() -> None:
    found, assessed = _search(40, {"japan": 1}, None)
    assert found == {"japan": 1} and sorted(set(assessed)) == [0, 1, 39]


def test_hints_name_each_tipping_number_by_line_field_and_direction() -> None:
    from awaw_desktop.core.awaw import sessionfile
    from awaw_desktop.core.awaw.tipping import hints, session_tipping

    from .tipping_sessions import ROOT

    session = sessionfile.load(ROOT / "tests" / "fixtures" / "session-v1-every-power.awaw")
    numbers = 0
    for tipping in session_tipping(session).values():
        found = hints(tipping)
        for point in tipping.points:
            change = point.change
            if isinstance(change.new, int) and not isinstance(change.new, bool):
                assert found[(change.power, change.line_id, None, change.direction)] == change.new
                numbers += 1
            elif isinstance(change.new, dict):
                (key, number), = [(key, value) for key, value in change.new.items() if value != change.old[key]]
                assert found[(change.power, change.line_id, key, change.direction)] == number
                numbers += 1
        assert len(found) <= len(tipping.points)
    assert numbers


def test_the_carried_view_notes_what_an_assessment_reads() -> None:
    from awaw_desktop.core.awaw.common import GameContext, Turn
    from awaw_desktop.core.awaw.tipping_probe import CarriedView

    reads: set[tuple[str, str]] = set()
    carry = {"britain": {"surrendered": True, "surrender_level": -3}, "japan": {"cumulative_total": 4}}
    game = GameContext(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING), {}, CarriedView(carry, reads))
    assert game.carried("britain", "surrendered") is True and game.carried("britain", "vichy", "none") == "none"
    assert {**game.carry.get("japan", {})} == {"cumulative_total": 4}
    assert reads == {("britain", "surrendered"), ("britain", "vichy"), ("japan", "*"), ("japan", "cumulative_total")}


def test_a_dropped_generation_is_let_go_of_while_the_cache_is_used() -> None:
    from awaw_desktop.core.awaw.common import PowerResult, Status
    from awaw_desktop.core.awaw.tipping_probe import AssessmentCache

    cache = AssessmentCache(limit=10)
    cache.use_for("game")
    result = PowerResult("italy", "Italy", 0, 0, Status.NO_EFFECT, "")
    for facts in range(12):
        cache.add("italy", facts, 0, (), (), result)
    cache.use_for("game")    # the newer generation is full: it becomes the older
    for facts in range(12, 24):
        cache.add("italy", facts, 0, (), (), result)
    cache.use_for("game")    # again: the first generation is dropped
    assert cache.find("italy", 0, 0, lambda reads: ()) is None
    assert cache.find("italy", 13, 0, lambda reads: ()) == (result, ())
    for _ in range(3):
        cache.find("italy", 13, 0, lambda reads: ())
    assert not cache._dropped   # twelve assessments, four at a time


def _tipping_at(level: int, line_id: str, old: int, new: int, reached: int) -> Any:
    """Britain at ``level``, tipped by ``line_id`` from ``old`` to ``new``, which took it to ``reached``."""
    from awaw_desktop.core.awaw.common import Status
    from awaw_desktop.core.awaw.tipping import PowerTipping, TippingPoint
    from awaw_desktop.core.awaw.tipping_changes import Change

    way = "up" if new > old else "down"
    change = Change("britain", line_id, "59.12", old, new, "", abs(new - old), way)
    point = TippingPoint("britain", change, Status.OFFERS, reached, "", "59.12", (Status.OFFERS,))
    return PowerTipping("britain", "Britain", level, Status.NO_EFFECT, "", (point,), None, None)


def test_a_hint_on_a_power_s_own_line_moves_with_what_its_other_lines_did() -> None:
    """A DP level of 8 tipped Britain from -2 to +6; another line then took 3 levels off: 11 is the new hint
    (3 more DPs to the same level).  Had the DP level itself moved by 3, the hint stays 8.  The same for lines
    whose points are not one a unit (2 a firestorm, 1 per 5 unbuilt factors), and a line that cannot reach
    the level keeps its number."""
    from awaw_desktop.core.awaw.tipping import hints
    from awaw_desktop.core.lines import Count, Level, PerN

    table = {"dp_level": Level("dp_level", "59.22A", "British DP level", minimum=-60, maximum=60),
             "firestorms": Count("firestorms", "59.22", "Firestorms", each=-2, maximum=40),
             "unbuilt": PerN("unbuilt", "59.22", "Unbuilt factors", each=-1, n=5, maximum=999)}
    where = ("britain", "dp_level", None, "up")
    tipping = _tipping_at(-2, "dp_level", 0, 8, 6)
    assert hints(tipping)[where] == 8
    assert hints(tipping, (-5, table, {"dp_level": 0}))[where] == 11      # 3 levels lost elsewhere: 3 more DPs
    assert hints(tipping, (1, table, {"dp_level": 3}))[where] == 8        # its own 3 more: the same number
    assert hints(tipping, (-1, table, {"dp_level": 0}))[where] == 7
    fires, at = _tipping_at(-2, "firestorms", 1, 4, -8), ("britain", "firestorms", None, "up")
    assert hints(fires, (-6, table, {"firestorms": 1}))[at] == 2          # 2 levels to go: one more firestorm
    assert hints(fires, (-5, table, {"firestorms": 1}))[at] == 3          # 3 to go: two more (4 levels)
    unbuilt, at = _tipping_at(-2, "unbuilt", 0, 10, -4), ("britain", "unbuilt", None, "up")
    assert hints(unbuilt, (-3, table, {"unbuilt": 0}))[at] == 5           # one level to go: one group of 5
    assert hints(unbuilt, (-7, table, {"unbuilt": 0}))[at] == 10          # below it already: kept as it was


def test_a_hint_on_a_field_of_a_power_s_own_group_moves_the_same_way() -> None:
    """Britain's naval ratio, say, as one point per 10 Allied factors: 30 factors took it from -2 to +1; with
    2 levels lost elsewhere, 50 are the new hint."""
    from awaw_desktop.core.awaw.common import Status
    from awaw_desktop.core.awaw.tipping import PowerTipping, TippingPoint, hints
    from awaw_desktop.core.awaw.tipping_changes import Change
    from awaw_desktop.core.lines import FieldSpec, Group

    ratio = Group("naval_ratio", "59.22", "Naval ratio", fields=(FieldSpec("allied", "Allied factors"),
                                                                 FieldSpec("axis", "Axis factors")),
                  score=lambda values: values["allied"] // 10 - values["axis"] // 10)
    change = Change("britain", "naval_ratio", "59.22", {"allied": 0, "axis": 5}, {"allied": 30, "axis": 5}, "",
                    30, "up")
    point = TippingPoint("britain", change, Status.NO_EFFECT, 1, "", "59.12", (Status.NO_EFFECT,))
    tipping = PowerTipping("britain", "Britain", -2, Status.OFFERS, "", (point,), None, None)
    where = ("britain", "naval_ratio", "allied", "up")
    assert hints(tipping)[where] == 30
    assert hints(tipping, (-4, {"naval_ratio": ratio}, {"naval_ratio": {"allied": 0, "axis": 5}}))[where] == 50
    assert hints(tipping, (-2, {"naval_ratio": ratio}, {"naval_ratio": {"allied": 10, "axis": 5}}))[where] == 40
