"""The state of the war: each fact held once, read by every table that shows it (issue: one war, one state)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import checklist, facts_settled, sessionfile, unentered
from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn

EDITIONS = list(Edition)
FALL_1941 = Turn(1941, Season.FALL)


def shown(session: Session, binding: war_facts.Binding) -> bool:
    value = session.value(binding.power, binding.line_id)
    return (binding.option in value) if binding.option is not None else bool(value)


def readers_present(session: Session, fact_id: str) -> list[war_facts.Binding]:
    return [b for b in war_facts.READERS.get(fact_id, ()) if session.has_line(b.power, b.line_id)]


@pytest.mark.parametrize("edition", EDITIONS)
def test_us_at_war_with_germany_ticked_on_france_shows_on_britain_and_russia(edition):
    session = Session.new(edition, turn=FALL_1941)
    session.set_value("france", "us_at_war_with_germany", True)
    assert "united_states" in session.value("britain", "powers_at_war")
    assert "usa" in session.value("russia", "western_allies_at_war")
    assert session.fact("war.germany_us") == FALL_1941.to_json()
    session.set_value("russia", "western_allies_at_war", [k for k in session.value("russia", "western_allies_at_war")
                                                          if k != "usa"])
    assert session.value("france", "us_at_war_with_germany") is False
    assert "united_states" not in session.value("britain", "powers_at_war")


@pytest.mark.parametrize("edition", EDITIONS)
def test_japan_declaring_war_on_the_election_tab_starts_japans_war_clock(edition):
    session = Session.new(edition, turn=Turn(1941, Season.WINTER))
    session.set_value("election", "japan_declared_war", True)
    clock = session.effective_carry()["japan"]
    assert clock["us_war_turn"] == clock["war_turn"] == Turn(1941, Season.WINTER).to_json()


def test_singapore_and_chungking_are_one_fact_each():
    session = Session.new(Edition.UPDATED, turn=Turn(1942, Season.SPRING))
    session.set_value("japan", "japanese_key_cities", ["singapore"])
    assert "singapore" in session.value("britain", "axis_holds")
    session.set_value("china", "lost_cities", ["chungking"])
    assert session.value("japan", "allied_chungking") is False
    session.set_value("japan", "allied_chungking", True)
    assert "chungking" not in session.value("china", "lost_cities")


def test_japans_allied_cities_keep_their_own_options_beside_the_shared_ones():
    session = Session.new(Edition.UPDATED, turn=FALL_1941)
    session.set_value("japan", "allied_cities", ["peking", "harbin"])
    assert session.fact("place.peking") == "nationalist"
    assert session.inputs["japan"]["allied_cities"] == ["harbin"]
    assert set(session.value("japan", "allied_cities")) == {"peking", "harbin"}
    assert "peking" not in session.value("china", "lost_cities")


@settings(max_examples=60, deadline=None)
@given(edition=st.sampled_from(EDITIONS), data=st.data())
def test_every_table_reads_a_shared_fact_from_one_place(edition, data):
    """Property: whatever a player ticks on whichever tab, every table that shows a fact shows the same."""
    session = Session.new(edition, turn=FALL_1941)
    shared = [fact_id for fact_id in war_facts.READERS if len(readers_present(session, fact_id)) > 1]
    assert shared, "every edition shares some facts"
    for _ in range(data.draw(st.integers(1, 8))):
        fact_id = data.draw(st.sampled_from(shared))
        binding = data.draw(st.sampled_from(readers_present(session, fact_id)))
        current = session.value(binding.power, binding.line_id)
        ticked = data.draw(st.booleans())
        if binding.option is None:
            session.set_value(binding.power, binding.line_id, ticked)
        else:
            options = [k for k in current if k != binding.option] + ([binding.option] if ticked else [])
            session.set_value(binding.power, binding.line_id, options)
        for other_id in shared:
            readers = readers_present(session, other_id)
            assert len({shown(session, b) == b.read(session.facts) for b in readers}) == 1
            for reader in readers:
                assert shown(session, reader) == reader.read(session.facts)
    # and the file keeps exactly that
    again = sessionfile.loads(sessionfile.dumps(session))
    assert again.facts == session.facts and again.effective_inputs() == session.effective_inputs()


@pytest.mark.parametrize("edition", EDITIONS)
def test_french_surrender_in_the_carry_ends_frances_war_at_the_end_of_turn(edition):
    session = Session.new(edition, turn=Turn(1940, Season.SUMMER))
    assert "france" in session.value("britain", "powers_at_war")
    session.carry["france"] = {**session.carry.get("france", {}), "surrendered": True,
                               "surrender_turn": Turn(1940, Season.SUMMER).to_json()}
    apply_end_of_turn(session)
    assert session.fact("war.germany_france") is None
    assert "france" not in session.value("britain", "powers_at_war")
    assert "france" not in session.value("russia", "western_allies_at_war")
    assert any("France at war with Germany: ended" in e.text for e in session.history[-1].events)


def test_concession_statuses_follow_the_facts():
    facts = {**war_facts.defaults(), "colony.tunisia": "vichy", "colony.algeria": "free-french",
             "possession.libya": "allied", "place.malta": True}
    statuses = {key: status for key, (status, _why) in facts_settled.concession_statuses(facts, ("gibraltar",)).items()}
    assert statuses["tunisia"] == "not-eligible"
    assert statuses["algeria"] == "eligible"
    assert statuses["morocco"] == "not-eligible"       # French while France fights on
    assert statuses["libya"] == "eligible"
    assert statuses["albania"] == "axis-controlled"     # Italian while Italy fights on
    assert statuses["malta"] == "axis-controlled"
    assert statuses["gibraltar"] == "axis-controlled"   # conceded stays conceded


def test_japan_clock_in_the_updated_rules_starts_at_the_first_war():
    facts = {**war_facts.defaults(), "war.japan_russia": Turn(1941, Season.SUMMER).to_json(),
             "war.japan_us": Turn(1941, Season.WINTER).to_json()}
    clock = war_facts.japan_clock(Edition.UPDATED, facts)
    assert clock == {"war_turn": Turn(1941, Season.SUMMER).to_json(), "war_began_on_russia": True,
                     "us_war_turn": Turn(1941, Season.WINTER).to_json()}
    assert war_facts.japan_clock(Edition.ORIGINAL, facts)["war_turn"] == Turn(1941, Season.WINTER).to_json()


def test_a_fact_with_a_bad_value_is_refused_in_words():
    session = Session.new()
    with pytest.raises(ValueError, match="Tunisia is held by: 'spain' is not one of"):
        session.set_fact("colony.tunisia", "spain")
    with pytest.raises(ValueError, match="no fact"):
        session.set_fact("war.nobody", None)


def test_scenario_without_a_line_keeps_the_fact():
    session = Session.new(Edition.ORIGINAL, Scenario.PACIFIC, turn=FALL_1941)
    session.set_fact("war.germany_us", FALL_1941.to_json())
    assert session.value("france", "us_at_war_with_germany") is True


def test_the_version_2_fixture_loads_whole():
    """Kept forever: a format-2 file with facts and undo checkpoints."""
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "fixtures" / "session-v2.awaw"
    session = sessionfile.load(path)
    assert session.fact("colony.tunisia") == "vichy"
    assert "singapore" in session.value("britain", "axis_holds")
    assert session.effective_carry()["japan"]["us_war_turn"] == Turn(1941, Season.WINTER).to_json()
    assert len(session.checkpoints) == 2 and len(session.history) == 2
    earlier = sessionfile.session_at_checkpoint(session, 0)
    assert earlier.turn == FALL_1941 and earlier.history == []


def test_an_effect_that_rests_on_a_value_nobody_entered_is_confirmed_before_the_turn_ends():
    """Play-test finding: Russia at 0 on an untouched DP level declared the game over with no word about it.  Issue
    28: the end of turn asks to confirm each such value (unentered.to_confirm); the check list no longer repeats it."""
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1940, Season.FALL))
    session.carry["france"].update(surrendered=True)
    session.set_fact("war.germany_france", None)
    results = session.assess()
    keys = [item.key for item in unentered.to_confirm(session, results, False)]
    assert ("britain", "dp_level") in keys and ("china", "force_pool") in keys
    assert not any("British DP level" in check.text for check in checklist.checks(session, results))
    session.set_value("britain", "dp_level", -1)          # entered: nothing more to ask about it
    assert ("britain", "dp_level") not in [item.key for item in unentered.to_confirm(session, session.assess(), False)]


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text(max_size=12), st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12), max_size=8))
def test_copied_facts_equal_a_deep_copy_and_share_nothing_that_changes(facts):
    import copy

    twin = war_facts.copied(facts)
    assert twin == copy.deepcopy(facts)

    def containers(value, found):
        if isinstance(value, (dict, list)):
            found.append(id(value))
            for item in (value.values() if isinstance(value, dict) else value):
                containers(item, found)
        return found

    assert not set(containers(twin, [])) & set(containers(facts, []))


def test_copied_facts_of_a_game_under_way():
    session = Session.new(turn=Turn(1941, Season.FALL))
    session.set_fact("war.germany_russia", {"year": 1941, "season": "summer"})
    twin = war_facts.copied(session.facts)
    twin["war.germany_russia"]["year"] = 1940
    assert session.facts["war.germany_russia"] == {"year": 1941, "season": "summer"}
