"""The tipping probe (``tipping_probe``): what an assessment reads of earlier results is noted once however often
it reads it, and the quick ways to the values read give what the slow way gives."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings

from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import PowerResult, Status
from awaw_desktop.core.awaw.tipping import TippingCache
from awaw_desktop.core.awaw.tipping_changes import candidate_changes
from awaw_desktop.core.awaw.tipping_probe import Prober, _ResultsView
from awaw_desktop.core.lines import RulesInputError

from .tipping_sessions import sessions


def _result(power: str, level: int, **figures: object) -> PowerResult:
    return PowerResult(power, power.title(), level, level, Status.NO_EFFECT, "", figures=figures)


def test_a_value_read_twice_is_noted_once_and_is_the_result_s() -> None:
    reads: set[tuple[str, ...]] = set()
    view = _ResultsView({"japan": _result("japan", 7, surrendered=False)}, reads)
    japan = view["japan"]
    assert japan.level == 7 and japan.level == 7 and view["japan"] is japan
    assert japan.figures.get("surrendered") is False and "collapse" not in japan.figures
    assert japan.surrendered is False   # a property of the result, read through the view
    assert reads == {("japan", "level"), ("japan", "figures", "surrendered"), ("japan", "figures", "collapse"),
                     ("japan", "surrendered")}
    assert view.get("britain") is None and "britain" not in view and len(reads) == 4   # no result, nothing read


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(sessions())
def test_the_values_read_are_those_the_slow_way_gives(session) -> None:
    """After each probe, every power's reads give the same values the quick way (kept for the base results)
    and the slow way (each read looked up)."""
    edition, scenario, turn, inputs, carry = session
    prober = Prober(edition, scenario, turn, inputs, carry, cache=TippingCache())
    assert prober.base == assess.assess_all(edition, scenario, turn, inputs, carry)
    checked: list[str] = []
    reads_seen = [reads for generation in (prober.cache.known, prober.cache.older)
                  for by_reads in generation.values() for reads in by_reads]
    for power in assess.ORDER:
        for line in assess.lines(power, edition, scenario):
            if line.input_kind == "derived":
                continue
            value = line.validate(inputs.get(power, {}).get(line.id, line.default()))
            for changes in candidate_changes(power, line, value):
                if not changes:
                    continue
                new = changes[0].new
                try:
                    results = prober.results(power, line.id, list(new) if isinstance(new, tuple) else new)
                except RulesInputError:
                    continue
                assert results == assess.assess_after_change(
                    edition, scenario, turn, changes[0].apply(inputs), carry, prober.base, power)
                checked.append(power)
                for reads in reads_seen:
                    assert prober._values_now(reads, results) == Prober._values(reads, results)
    assert checked and reads_seen   # every session has lines to change, and some power reads another's
