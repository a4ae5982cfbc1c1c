"""Fuzzed game files of both families for the property tests (issue 30): a seed file (an example game, a past
fixture, a Europa game) with a few values changed (to another of their kind, to any JSON value, to another value
of the file) or removed, written as this version writes a file or otherwise.  ``tools/fault_hunt.py`` runs the
same idea at full size."""

from __future__ import annotations

import copy
import json
from fractions import Fraction as F
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import LAST_YEAR, Season, Turn
from awaw_desktop.core.awaw.report import report
from awaw_desktop.core.awaw.session import preview_end_of_turn
from awaw_desktop.core.europa import actions, actions_aid
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.report import FORMATS as EUROPA_FORMATS
from awaw_desktop.core.europa.report import render
from awaw_desktop.core.europa.roster import Losses, RosterEntry
from awaw_desktop.core.family import get as family
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.json_gates import to_canonical
from awaw_desktop.paths import examples_dir

FIXTURES = Path(__file__).resolve().parent / "fixtures"


def _europa_games() -> list[Any]:
    start = actions.new_game(EuropaTurn.parse("Jun II 43"), "Fuzz", "Ann", "Bob")
    game = start
    for name in ("Italy", "Finland", "Rumania"):
        game = actions.add_nation(game, name)
    game = actions.draw_paper_envelope(game, "Finland")
    game = actions.set_roster(game, "Italy", [RosterEntry("Rome", F(5, 2), capital=True),
                                              RosterEntry("Zara", F(1), where="abroad", mds_minor=3)])
    game = actions.set_losses(game, "Italy", Losses(ground_res=F(3), tf_hits=2))
    game = actions.record_surrender_roll(game, "Italy", 3, "held")
    game = actions.form_government(game, "Italy", "RSI Italy", 40)
    game = actions_aid.record_german_rps(game, 6)
    game = actions_aid.ship_german_aid(game, "Finland", 4, "sea")
    game = actions.defect(game, "Rumania", [actions.UnitToRoll("4 Inf", False, 2)])
    game = actions.tick_defection_step(game, "Rumania", "hexes")
    later, _log = actions.end_turn(game)
    return [start, game, later]


AWAW_SEEDS = [json.loads(path.read_text(encoding="utf-8"))
              for path in sorted(examples_dir().glob("*.awaw")) + sorted(FIXTURES.glob("*.awaw"))]
EUROPA_SEEDS = [json.loads(gamefile.dumps("europa", game)) for game in _europa_games()]
SEEDS = {"awaw": AWAW_SEEDS, "europa": EUROPA_SEEDS}

PLAIN = [None, True, False, 0, 1, -1, 3, 20, 1945, 1951, 2.5, "", "x", "fall", [], {},
         {"season": "fall", "year": 1941}, "Jul I 43", "5/2"]
JSON_VALUES = st.recursive(st.none() | st.booleans() | st.integers(-30, 2000) | st.text(max_size=6)
                           | st.sampled_from(PLAIN),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner,
                                                                                       max_size=3), max_leaves=6)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, (*path, index))
    return found


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _of_its_kind(value: Any, strings: list[str]) -> st.SearchStrategy[Any]:
    if isinstance(value, bool):
        return st.just(not value)
    if isinstance(value, int):
        return st.integers(value - 3, value + 3) | st.sampled_from([0, -value, value * 2])
    if isinstance(value, str):
        return st.sampled_from(strings or [value])
    if isinstance(value, list):
        return st.sampled_from([value[1:], value[::-1], value + value[:1]])
    if isinstance(value, dict):
        return st.just(dict(reversed(list(value.items()))))
    return st.sampled_from(PLAIN)


@st.composite
def fuzzed_file(draw: st.DrawFn, key: str) -> bytes:
    """The bytes of a fuzzed game file of the family ``key``."""
    document = copy.deepcopy(draw(st.sampled_from(SEEDS[key])))
    for _change in range(draw(st.integers(1, 3))):
        paths = _paths(document)[1:]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent, name = _at(document, path[:-1]), path[-1]
        how = draw(st.sampled_from(["kind", "kind", "kind", "any", "other", "remove"]))
        if how == "kind":
            strings = [item for item in map(lambda p: _at(document, p), paths) if isinstance(item, str)]
            parent[name] = draw(_of_its_kind(parent[name], strings))
        elif how == "any":
            parent[name] = draw(JSON_VALUES)
        elif how == "other":
            parent[name] = copy.deepcopy(_at(document, draw(st.sampled_from(paths))))
        else:
            del parent[name]
    if draw(st.booleans()):
        return to_canonical(document, 2) + b"\n"   # as a save writes it: the fast way
    return json.dumps(document).encode()


def reports_and_saves(key: str, game: Any) -> None:
    """What every game that loads must do, short of showing it: report, and save (read back equal; for A World
    at War, the game each undo checkpoint gives back saves too)."""
    assert family(key).report_text(game)
    if key == "awaw":
        assert report(game, "markdown")
        game.assess()
        if game.turn != Turn(LAST_YEAR, Season.WINTER):
            preview_end_of_turn(game)
        assert sessionfile.loads(sessionfile.dumps(game)) == game
        for index in range(len(game.checkpoints)):
            try:
                earlier = sessionfile.session_at_checkpoint(game, index)
            except sessionfile.SessionFileError:
                continue
            sessionfile.dumps(earlier)
    else:
        for fmt in EUROPA_FORMATS:
            assert render(game, fmt)
        assert gamefile.loads(gamefile.dumps(key, game)).game.to_json() == game.to_json()
