"""Undo gives back the document, byte for byte, not only the levels (issue 30, class 4): from every past fixture
and every example, any sequence of entries, facts of the war, carried values and ends of turn, undone to the
start, saves exactly as the file opened did, and redone, exactly as before the undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.session import apply_end_of_turn
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.paths import examples_dir
from awaw_desktop.ui.awaw.store import SessionStore
from tests.ui.test_undo_and_crash import value_for

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
STARTS = [path for path in sorted(FIXTURES.glob("*.awaw")) if not path.name.startswith("europa-")] \
    + sorted(examples_dir().glob("*.awaw"))


def opened(path: Path) -> SessionStore:
    """The store as File > Open leaves it: the file's last steps undoable again from its checkpoints."""
    store = SessionStore(sessionfile.load(path))
    store.replace_session(store.session, reopened=True)
    return store


def test_ticking_japans_declaration_and_undoing_it_gives_back_the_converted_file():
    """The reproducer: from the version-1 fixture, Japan's declaration stayed recorded beside a war its surrender
    ended (facts.declared.japan_us true, the line unticked); tick and undo wrote the old tick back and cleared it."""
    store = opened(FIXTURES / "session-v1-every-power.awaw")
    start = sessionfile.dumps(store.session)
    assert store.session.facts["declared.japan_us"] is True and store.session.facts["war.japan_us"] is None
    assert store.value("election", "japan_declared_war") is False
    store.set_value("election", "japan_declared_war", True)
    store.undo_stack.undo()
    assert sessionfile.dumps(store.session) == start
    assert store.session.facts["declared.japan_us"] is True


@pytest.mark.parametrize(("power", "line_id", "option"), [("china", "lost_cities", "chungking"),
                                                          ("britain", "axis_holds", "malta"),
                                                          ("russia", "western_allies_at_war", "usa")])
def test_an_empty_list_a_converted_file_kept_on_a_line_showing_facts_is_kept_by_undo(power, line_id, option):
    store = opened(FIXTURES / "session-v1-every-power.awaw")
    start = sessionfile.dumps(store.session)
    assert store.session.inputs[power][line_id] == []
    shown = store.value(power, line_id)
    store.set_value(power, line_id, [key for key in shown if key != option] if option in shown else [*shown, option])
    store.undo_stack.undo()
    assert sessionfile.dumps(store.session) == start
    store.undo_stack.redo()
    store.undo_stack.undo()
    assert sessionfile.dumps(store.session) == start


def a_step(store: SessionStore, data: st.DataObject) -> None:
    """One thing a player does: an entry (often the same line again: typing merges), a fact on The war tab,
    a carried value adjusted, now and then an end of turn."""
    session = store.session
    action = data.draw(st.sampled_from(["value"] * 5 + ["fact", "fact", "carry", "end-of-turn"]))
    try:
        if action == "value":
            power = data.draw(st.sampled_from(assess.ORDER))
            entries = [line for line in session.lines(power) if line.input_kind != "derived"]
            bound = [line for line in entries if session.is_bound(power, line.id)]
            if entries:
                line = data.draw(st.sampled_from(bound if bound and data.draw(st.booleans()) else entries))
                store.set_value(power, line.id, value_for(line, data))
        elif action == "fact":
            item = data.draw(st.sampled_from(war_facts.FACTS))
            if item.kind == "flag":
                value = data.draw(st.booleans())
            elif item.kind == "holder":
                value = data.draw(st.sampled_from([key for key, _words in item.options]))
            else:
                value = data.draw(st.sampled_from([None, session.turn.to_json()]))
            store.set_fact(item.id, value)
        elif action == "carry":
            total = data.draw(st.integers(-9, 9))
            store.change_session("Japan carried", lambda s, t=total: s.set_carry("japan", "cumulative_total", t))
        else:
            store.change_session("End of turn", lambda s: apply_end_of_turn(s, {}))
    except RulesInputError:
        pass   # the rules refused the change (a war ended by a surrender, a group's year of 0 ...): nothing was stored


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(start=st.sampled_from(STARTS), data=st.data())
def test_any_steps_undone_give_back_the_document_the_file_held(qapp, start, data):
    store = opened(start)
    first = store.undo_stack.index()
    before = sessionfile.dumps(store.session)
    for _step in range(data.draw(st.integers(1, 6))):
        a_step(store, data)
    after = game_of(sessionfile.dumps(store.session))
    store.undo_stack.setIndex(first)
    undone = game_of(sessionfile.dumps(store.session))
    assert undone == game_of(before), json.dumps([key for key in json.loads(before)
                                                  if json.loads(before)[key] != json.loads(undone)[key]])
    assert {power: result.level for power, result in store.results.items()} == \
        {power: result.level for power, result in store.session.assess().items()}
    store.undo_stack.setIndex(store.undo_stack.count())
    assert game_of(sessionfile.dumps(store.session)) == after


def game_of(raw: bytes) -> bytes:
    """A file's bytes but for its game record, which undo and redo add to (undone and redone steps are entries of
    it) and never give back."""
    document = json.loads(raw)
    assert document.pop("record")["blocks"]
    return json.dumps(document, indent=2, ensure_ascii=False).encode("utf-8")
