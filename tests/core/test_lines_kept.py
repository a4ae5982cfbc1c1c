"""A table's line results kept for the values entered (``lines.evaluate``): the same breakdown as computed
afresh, whatever was evaluated before; a refused value is still refused; two lines never share a result."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core import lines as table_lines
from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import Edition, Scenario
from awaw_desktop.core.awaw.tipping_changes import candidate_changes
from awaw_desktop.core.lines import Choice, Context, Count, Group, Level, LineResult, RulesInputError, evaluate

from .tipping_sessions import sessions


def _fresh(table: tuple[table_lines.Line, ...], inputs: dict[str, Any], context: Context) -> tuple[LineResult, ...]:
    """Each line's result computed from scratch, as ``evaluate`` did before results were kept."""
    values = table_lines.normalise_inputs(table, inputs)
    return tuple(LineResult(line.id, line.rule, line.label, values[line.id], line.points(values[line.id], context),
                            line.describe(values[line.id], context)) for line in table)


def _entry(draw: st.DrawFn, line: table_lines.Line) -> Any:
    if line.input_kind == "flag":
        return draw(st.booleans())
    if isinstance(line, Choice):
        return draw(st.lists(st.sampled_from([option.key for option in line.options]), unique=True)) \
            if line.options else []
    if isinstance(line, (Count, Level)):
        return draw(st.integers(line.minimum, min(line.maximum, line.minimum + 30)))
    if isinstance(line, Group) and line.check is None:
        return {spec.key: draw(st.integers(spec.minimum, min(spec.maximum, spec.minimum + 30))) for spec in line.fields}
    return None


@st.composite
def tables(draw: st.DrawFn) -> tuple[tuple[table_lines.Line, ...], list[dict[str, Any]]]:
    """A power's table and a few sets of entries for it (mostly one line apart, as the tipping search tries)."""
    power = draw(st.sampled_from(assess.ORDER))
    table = assess.lines(power, draw(st.sampled_from(list(Edition))), draw(st.sampled_from(list(Scenario))))
    entries: list[dict[str, Any]] = [{}]
    for _ in range(draw(st.integers(1, 6)) if table else 0):   # a table may have no lines (a Pacific election)
        line = draw(st.sampled_from(table))
        value = _entry(draw, line)
        if value is not None:
            entries.append({**entries[-1], line.id: value})
    return table, entries


@settings(max_examples=60, deadline=None)
@given(tables())
def test_every_breakdown_is_the_fresh_one(case: tuple[tuple[table_lines.Line, ...], list[dict[str, Any]]]) -> None:
    table, entries = case
    context = Context()
    for inputs in [*entries, *reversed(entries)]:   # each set twice: the second time from kept results
        try:
            expected = _fresh(table, inputs, context)
        except RulesInputError:
            with pytest.raises(RulesInputError):
                evaluate(table, inputs, context)
            continue
        result = evaluate(table, inputs, context)
        assert result.breakdown == expected
        assert result.total == sum(item.points for item in expected)


def test_two_lines_alike_but_for_their_points_never_share_a_result() -> None:
    one, two = Count("ics", "60.31", "ICs lost", each=1), Count("ics", "60.31", "ICs lost", each=2)
    assert evaluate((one,), {"ics": 3}).total == 3
    assert evaluate((two,), {"ics": 3}).total == 6
    assert evaluate((one,), {"ics": 3}).total == 3


def test_a_refused_value_is_refused_even_after_a_kept_one_that_looks_alike() -> None:
    line = Count("ics", "60.31", "ICs lost", each=1)
    assert evaluate((line,), {"ics": 1}).total == 1
    with pytest.raises(RulesInputError, match="whole number"):
        evaluate((line,), {"ics": True})   # equal to 1 in Python, but a tick is no count
    with pytest.raises(RulesInputError, match="out of range"):
        evaluate((line,), {"ics": 100})


def test_a_line_that_reads_the_context_is_computed_each_time() -> None:
    derived = table_lines.Derived("japan_level", "62.31", "Japanese resistance",
                                  compute=lambda context: (-int(context.get("level", 0)), ""))
    assert evaluate((derived,), {}, Context({"level": 3})).total == -3
    assert evaluate((derived,), {}, Context({"level": 5})).total == -5


def test_a_tick_in_a_group_or_a_context_is_not_taken_for_a_one() -> None:
    islands = Group("islands", "57.14E", "Island groups", fields=(table_lines.FieldSpec("full", "held in full"),),
                    score=lambda values: values["full"])
    assert evaluate((islands,), {"islands": {"full": 1}}).total == 1
    with pytest.raises(RulesInputError):
        evaluate((islands,), {"islands": {"full": True}})
    said = table_lines.Derived("said", "62.31", "Said", compute=lambda context: (0, str(context.get("flag"))))
    assert evaluate((said,), {}, Context({"flag": 1})).breakdown[0].note == "1"
    assert evaluate((said,), {}, Context({"flag": True})).breakdown[0].note == "True"


@settings(max_examples=25, deadline=None)
@given(sessions(), st.randoms(use_true_random=False))
def test_every_power_s_assessment_is_the_one_made_without_kept_results(session, rng) -> None:
    """Each power's result, over a game and a few games one line apart (the contexts the rules build, Japan's
    level in the election's, carried totals in Japan's ...), with kept results and without any."""
    edition, scenario, turn, inputs, carry = session
    games = [inputs]
    for power in rng.sample(assess.ORDER, 4):
        for change in [change for line in assess.lines(power, edition, scenario) if line.input_kind != "derived"
                       for changes in candidate_changes(power, line, line.validate(
                           inputs.get(power, {}).get(line.id, line.default()))) for change in changes[:1]][:2]:
            games.append(change.apply(inputs))

    def results() -> list[Any]:
        found = []
        for game in games:
            try:
                found.append(assess.assess_all(edition, scenario, turn, game, carry))
            except RulesInputError as error:
                found.append(str(error))
        return found

    kept = [results(), results()]   # the second time mostly from kept results
    original = table_lines._kept_key
    table_lines._kept_key = lambda line, raw, read: None   # nothing kept: every line computed
    try:
        fresh = results()
    finally:
        table_lines._kept_key = original
    assert kept[0] == fresh and kept[1] == fresh
