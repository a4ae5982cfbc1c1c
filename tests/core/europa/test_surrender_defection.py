"""Surrender rolls (56.E.3) and defection (56.B), with the text's own examples."""

import pytest

from awaw_desktop.core.europa import surrender
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.defection import (
    CHECKLIST,
    ELIMINATED_COMBAT,
    ELIMINATED_SUPPLY,
    TO_SOVIET,
    DefectingUnit,
    DefectionRecord,
    defect,
    tick_step,
)
from awaw_desktop.core.lines import RulesInputError

T = EuropaTurn.parse


def rolled(record, times, turn="Jul I 43"):
    for _ in range(times):
        record = surrender.record_roll(record, T(turn), 3, "typed")
    return record


def test_each_roll_takes_ten_points_off():
    assert rolled(surrender.SurrenderRecord(special_rate=50), 1).rate() == 40


def test_two_rolls_from_forty_give_twenty():
    assert rolled(surrender.SurrenderRecord(special_rate=40), 2).rate() == 20


def test_never_below_zero():
    assert rolled(surrender.SurrenderRecord(special_rate=20), 5).rate() == 0


def test_a_new_government_is_lowered_only_by_its_own_rolls():
    """56.E.3's note: the RSI is not lowered by Italy's rolls, only by its own (issue 25)."""
    record = rolled(surrender.SurrenderRecord(special_rate=50), 2)
    record = surrender.form_government(record, "RSI Italy", 50, T("Sep II 43"))
    assert record.government_rate("RSI Italy") == 50
    record = rolled(record, 1, "Oct I 43")                              # Italy rolls again
    assert record.government_rate("RSI Italy") == 50 and record.rate() == 20
    record = surrender.record_roll(record, T("Oct II 43"), 4, "typed", by="RSI Italy")
    assert record.government_rate("RSI Italy") == 40 and record.rate() == 20


def test_the_rsi_rolls_after_italy_surrendered():
    record = surrender.form_government(surrender.SurrenderRecord(special_rate=40), "RSI Italy", 50, T("Sep I 43"))
    record = surrender.surrender(record, T("Sep I 43"))
    record = surrender.record_roll(record, T("Sep II 43"), 6, "typed", by="RSI Italy")
    assert record.government_rate("RSI Italy") == 40 and record.rate() == 40
    with pytest.raises(RulesInputError, match="no new government called 'Free France'"):
        surrender.record_roll(record, T("Sep II 43"), 6, "typed", by="Free France")


def test_a_rate_nobody_entered_is_not_fifty():
    record = rolled(surrender.SurrenderRecord(), 1)
    assert record.special_rate is None and record.rate() is None


def test_no_rolls_after_surrender():
    record = surrender.surrender(surrender.SurrenderRecord(), T("Sep I 43"))
    with pytest.raises(RulesInputError, match="surrendered on Sep I 1943"):
        surrender.record_roll(record, T("Sep II 43"), 4, "typed")


def test_a_die_shows_one_to_six():
    with pytest.raises(RulesInputError, match="1 to 6"):
        surrender.record_roll(surrender.SurrenderRecord(), T("Sep II 43"), 7, "typed")


@pytest.mark.parametrize(("die", "cm", "fate"), [
    (1, False, TO_SOVIET), (4, False, TO_SOVIET), (5, False, ELIMINATED_COMBAT), (6, False, ELIMINATED_COMBAT),
    (2, True, TO_SOVIET), (3, True, ELIMINATED_COMBAT), (4, True, ELIMINATED_COMBAT), (5, True, ELIMINATED_SUPPLY),
    (6, True, ELIMINATED_SUPPLY),
])
def test_each_defection_roll(die, cm, fate):
    assert DefectingUnit("unit", cm, die, "typed").fate == fate


def test_no_rps_on_the_defection_turn_and_twelve_after_then_they_resume_on_the_thirteenth():
    """56.B.2: the defection turn and the 12 turns after it, 13 in all (issue 25: the defection turn said 12)."""
    record = defect(DefectionRecord(), T("Aug II 44"), ())
    defected = T("Aug II 44")
    assert record.rp_pause_left(defected) == 13
    assert [record.rp_pause_left(defected.plus_turns(n)) for n in (1, 2, 11, 12, 13, 20)] == [12, 11, 2, 1, 0, 0]
    assert sum(not record.receives_rps(defected.plus_turns(n)) for n in range(30)) == 13
    assert not record.receives_rps(defected.plus_turns(12))
    assert record.receives_rps(defected.plus_turns(13))
    assert record.rps_resume() == defected.plus_turns(13) and record.rps_resume().title == "Mar I 1945"


def test_checklist_steps():
    assert [step.rule for step in CHECKLIST] == ["56.B.2", "56.B.2", "56.B.3", "56.B.3", "56.B.3", "56.B.4"]
    record = tick_step(defect(DefectionRecord(), T("Aug II 44"), ()), "hexes")
    assert record.steps_done == ("hexes",)
    assert tick_step(record, "hexes", done=False).steps_done == ()
    with pytest.raises(RulesInputError, match="has not defected"):
        tick_step(DefectionRecord(), "hexes")
