"""A change to one table's own entry re-assesses only that power and the ones reading its result, with the same
results as assessing every power again (``assess.assess_after_change``, used by the window on each typed digit)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.lines import RulesInputError

from .tipping_sessions import _value, sessions


@settings(max_examples=150, deadline=None)
@given(game=sessions(), data=st.data())
def test_assessing_after_one_change_equals_assessing_everything(game, data):
    edition, scenario, turn, inputs, carry = game
    power = data.draw(st.sampled_from(assess.ORDER))
    lines = [line for line in assess.lines(power, edition, scenario) if line.input_kind != "derived"]
    assume(lines)
    line = data.draw(st.sampled_from(lines))
    try:
        value = line.validate(_value(data.draw, line))
    except RulesInputError:
        assume(False)
    before = assess.assess_all(edition, scenario, turn, inputs, carry)
    changed = {**inputs, power: {**inputs.get(power, {}),
                                 line.id: list(value) if isinstance(value, tuple) else value}}
    try:
        expected = assess.assess_all(edition, scenario, turn, changed, carry)
    except RulesInputError:
        assume(False)
    assert assess.assess_after_change(edition, scenario, turn, changed, carry, before, power) == expected


def test_a_session_reassesses_its_later_powers_only_when_the_result_moved():
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    before = session.assess()
    session.set_value("italy", "dp_level", 4)   # Italy's level counts on the updated German table (55.11)
    after = session.assess_after_change("italy", before)
    assert after == session.assess()
    assert after["germany"].level == before["germany"].level + 4
    session.set_value("russia", "dp_level", 2)
    again = session.assess_after_change("russia", after)
    assert all(again[key] is after[key] for key in assess.ORDER[:assess.ORDER.index("russia")])
    assert again == session.assess()
