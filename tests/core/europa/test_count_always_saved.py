"""Issue 38.4: what the rules compute can always be saved.  An RE count is kept exact as 56.E computes it (only the
NTs are rounded, "1 RE each 5 eliminated NTs"): a motorized unit in a possession or on an island counts 1/2 x 3/2
(1 1/2 REs give 1 1/8), and the J\u2665 halves a distance multiplier on top (3/16).  Every combination of modifiers,
each card, is counted, recorded and written to a file and read back unchanged."""

from __future__ import annotations

import itertools
from fractions import Fraction as F

from hypothesis import given, settings
from hypothesis import strategies as st

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import ALL_CODES
from awaw_desktop.core.europa.count_record import FINEST_PART, CountRecord
from awaw_desktop.core.europa.recount import count_res
from awaw_desktop.core.europa.roster import ABROAD, FORCES, HOME, PLACES, POSSESSION, Losses, RosterEntry
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace

TURN = EuropaTurn.parse("Jul I 43")
CARDS = ("", *ALL_CODES)
#: Losses that every loss card acts on: a half RE of ground (all c/m or armour), an aborted air unit, a TF hit.
LOSSES = Losses(F(1, 2), F(1, 2), 1, 1, 1, 1, 1, 5, 3)


def unit(res, where, force, capital, major_city, island, armour, motorized):
    return RosterEntry("unit", res, force, where, capital=capital, major_city=major_city, island=island,
                       armour=armour, motorized=motorized, mds_major=1 if where == ABROAD else 0,
                       mds_minor=1 if where == ABROAD else 0)   # 1 MD: the J\u2665 makes it x1/2


def test_every_combination_of_modifiers_and_every_card_gives_a_count_the_file_holds():
    seen: set[int] = set()
    flags = list(itertools.product((False, True), repeat=5))
    for res, where, force, card in itertools.product((F(1, 2), F(3, 2)), PLACES, FORCES, CARDS):
        for capital, major_city, island, armour, motorized in flags:
            result = count_res([unit(res, where, force, capital, major_city, island, armour, motorized)], LOSSES,
                               card)
            record = CountRecord.of(TURN, "axis", result, False)
            again = CountRecord.from_json(record.to_json(), "count")
            assert again == record, (res, where, force, card, capital, major_city, island, armour, motorized)
            seen |= {figure.denominator for figure in (result.forces, result.ground_losses, result.air_losses)}
    assert FINEST_PART in seen and 8 in seen    # the finest parts the rules give do occur, and are kept exact


def test_the_players_evening_a_motorized_unit_in_a_possession_saves():
    game = actions.add_nation(actions.new_game(TURN, "Island war"), "Italy")
    game = actions.set_roster(game, "Italy", [RosterEntry("Dodecanese motorized", F(3, 2), where=POSSESSION,
                                                          motorized=True)])
    game, result = actions.request_re_count(game, "Italy", "axis")
    assert result.forces == F(9, 8)                                   # 1 1/2 x 1/2 x 3/2: kept exact (56.E)
    loaded = gamefile.loads(gamefile.dumps("europa", game)).game
    assert loaded.nation("Italy").counts[-1].forces == F(9, 8)
    assert "forces 1 1/8" in loaded.nation("Italy").counts[-1].summary()


halves = st.integers(0, 30).map(lambda n: F(n, 2))


@st.composite
def entries(draw):
    where = draw(st.sampled_from(sorted(PLACES)))
    return RosterEntry(
        draw(st.text("abc ", max_size=4)), draw(halves), draw(st.sampled_from(sorted(FORCES))), where,
        capital=draw(st.booleans()), major_city=draw(st.booleans()), island=draw(st.booleans()),
        armour=draw(st.booleans()), motorized=draw(st.booleans()),
        mds_major=draw(st.integers(0, 6)), mds_minor=draw(st.integers(0, 9)) if where != HOME else 0,
        support=draw(st.booleans()), near_enemy=draw(st.booleans()))


losses = st.builds(lambda ground, part, *counts: Losses(ground, min(part, ground), *counts),
                   halves, halves, *[st.integers(0, 40)] * 7)


@settings(max_examples=300, deadline=None)
@given(st.lists(entries(), max_size=8), losses, st.sampled_from(CARDS))
def test_any_roster_losses_and_card_give_a_game_that_saves_and_reads_back(roster, lost, card):
    game = actions.add_nation(actions.new_game(TURN, "Any"), "Rumania")
    game = actions.set_losses(actions.set_roster(game, "Rumania", roster), "Rumania", lost)
    record = CountRecord.of(TURN, "allied" if card else "axis", count_res(roster, lost, card), False)
    game = replace(game, nations=tuple(replace(n, counts=(record,)) for n in game.nations))
    loaded = gamefile.loads(gamefile.dumps("europa", game)).game
    assert loaded.nation("Rumania").counts == (record,)
