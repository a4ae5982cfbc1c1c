"""Random sessions for the tipping-point tests: every edition and scenario, every line of every power."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import assume
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.lines import Choice, Count, Group, Level, Line, RulesInputError

ROOT = Path(__file__).resolve().parents[2]
#: Carried values from real games (Britain surrendered earlier, Japan's cumulative total ...) or none.
CARRIES: list[dict[str, dict[str, Any]]] = [{}] + [
    sessionfile.load(path).carry for path in sorted((ROOT / "resources" / "examples").glob("*.awaw"))
] + [sessionfile.load(ROOT / "tests" / "fixtures" / "session-v1-every-power.awaw").carry]


def _value(draw: st.DrawFn, line: Line) -> Any:
    if line.input_kind == "flag":
        return draw(st.booleans())
    if isinstance(line, Choice):
        return tuple(draw(st.sets(st.sampled_from([option.key for option in line.options]))))
    if isinstance(line, Level):
        return draw(st.integers(max(line.minimum, -15), min(line.maximum, 15)))
    if isinstance(line, Count):
        return draw(st.one_of(st.integers(0, min(line.maximum, 8)), st.integers(0, line.maximum)))
    if isinstance(line, Group):
        if line.check is not None:   # a turn, as year and season: mostly "not yet"
            return line.default()
        return {spec.key: draw(st.one_of(st.integers(spec.minimum, min(spec.maximum, spec.minimum + 12)),
                                         st.integers(spec.minimum, spec.maximum)))
                for spec in line.fields}
    return None


@st.composite
def sessions(draw: st.DrawFn) -> tuple[Edition, Scenario, Turn, dict[str, dict[str, Any]], dict[str, Any]]:
    """(edition, scenario, turn, inputs, carry) the rules accept."""
    edition = draw(st.sampled_from(list(Edition)))
    scenario = draw(st.sampled_from(list(Scenario)))
    turn = Turn(draw(st.integers(1939, 1946)), draw(st.sampled_from(list(Season))))
    carry = draw(st.sampled_from(CARRIES))
    inputs: dict[str, dict[str, Any]] = {}
    for power in assess.ORDER:
        for line in assess.lines(power, edition, scenario):
            if line.input_kind == "derived" or draw(st.integers(0, 3)) == 0:
                continue   # a line left as it starts
            value = _value(draw, line)
            try:
                value = line.validate(value)
            except RulesInputError:
                continue
            inputs.setdefault(power, {})[line.id] = list(value) if isinstance(value, tuple) else value
    try:
        assess.assess_all(edition, scenario, turn, inputs, carry)
    except RulesInputError:
        assume(False)
    return edition, scenario, turn, inputs, carry
