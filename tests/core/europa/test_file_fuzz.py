"""A damaged Europa game is refused with a RulesInputError (a message), never a crash."""

import json
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.europa import actions, actions_aid, actions_cities, actions_surrender
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.roster import Losses, RosterEntry
from awaw_desktop.core.europa.state import EuropaGame
from awaw_desktop.core.lines import RulesInputError


def full_game() -> EuropaGame:
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), "Fuzz", cost_log2=10)
    for name in ("Italy", "Finland", "Rumania"):
        game = actions.add_nation(game, name)
    game = actions.draw_envelope(game, "Italy", "axis pass", "allied pass")
    game, _ = actions.open_envelope(game, "Italy", "axis pass", "allied pass")
    game = actions.draw_paper_envelope(game, "Finland")
    game = actions.set_roster(game, "Italy", [RosterEntry("Rome", F(5, 2), capital=True),
                                              RosterEntry("Zara", F(1), where="abroad", mds_minor=3)])
    game = actions.set_losses(game, "Italy", Losses(ground_res=F(3), tf_hits=2))
    game = actions.record_surrender_roll(game, "Italy", 3, "held")
    game = actions.set_condition_met(game, "Italy", True)
    game = actions.set_special_rate(game, "Italy", 50)
    game = actions.form_government(game, "Italy", "RSI Italy", 40)
    game = actions.surrender_nation(game, "Italy")
    game = actions.record_surrender_roll(game, "Italy", 5, "fights on", by="RSI Italy")
    game = actions_aid.record_german_rps(game, 9)
    game = actions_aid.record_german_rps(game, 2, "used")
    game = actions.ship_german_aid(game, "Finland", 4, "sea")
    game, _count = actions.request_re_count(game, "Finland", "axis")
    game = actions_cities.add_place(game, "Sofia", "Bulgaria", "city", False, "axis")
    game = actions_cities.add_place(game, "Heraklion", "Greece", "town", True, "allied")
    game = actions_surrender.set_condition_text(game, "Rumania", "defection", "Soviet units in Rumania")
    game = actions_surrender.record_condition(game, "Rumania", "defection", True)
    game = actions_surrender.record_defection_check(game, "Rumania", "holds on", 4)
    game = actions.defect(game, "Rumania", [actions.UnitToRoll("4 Inf", False, 2)])
    return actions.tick_defection_step(game, "Rumania", "hexes")


DOCUMENT = json.loads(json.dumps(full_game().to_json()))


def paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths(value, (*prefix, index))


PATHS = [path for path in paths(DOCUMENT) if path]
json_values = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=False)
                           | st.text(max_size=12),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                       max_size=3), max_leaves=6)


def replaced(document, path, value):
    copy = json.loads(json.dumps(document))
    target = copy
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return copy


def test_the_full_game_round_trips():
    assert EuropaGame.from_json(DOCUMENT).to_json() == DOCUMENT


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(PATHS), json_values)
def test_any_damaged_value_is_refused_with_a_message(path, value):
    try:
        EuropaGame.from_json(replaced(DOCUMENT, path, value))
    except RulesInputError as error:
        assert str(error)


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(PATHS))
def test_any_missing_field_is_refused(path):
    copy = json.loads(json.dumps(DOCUMENT))
    target = copy
    for key in path[:-1]:
        target = target[key]
    if isinstance(target, dict):
        del target[path[-1]]
        try:
            EuropaGame.from_json(copy)
        except RulesInputError as error:
            assert str(error)
