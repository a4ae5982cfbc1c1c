"""The fuzzed files of ``tools/fault_hunt.py``: the seed games of both families and the changes made to them (a
value replaced by a neighbour, another kind, a hostile value or another node of the file; a key or an item removed
or added; the undo checkpoints decoded, changed and encoded again; the bytes damaged), written the way this version
writes a file, or otherwise."""

from __future__ import annotations

import base64
import copy
import json
import random
import sys
import zlib
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from awaw_desktop.core.europa import actions, actions_aid, sealing  # noqa: E402
from awaw_desktop.core.europa.calendar import EuropaTurn  # noqa: E402
from awaw_desktop.core.europa.roster import Losses, RosterEntry  # noqa: E402
from awaw_desktop.core.files import gamefile  # noqa: E402
from awaw_desktop.core.files.json_gates import to_canonical  # noqa: E402

# Envelopes sealed at the tests' cost (tests/conftest.py): the hunt is about files, not about Scrypt.
sealing.APP_COST_LOG2 = sealing.FLOOR_COST_LOG2 = 10

# -- the seeds --------------------------------------------------------------------------------------------

def europa_games() -> list[Any]:
    from fractions import Fraction as F

    start = actions.new_game(EuropaTurn.parse("Jun II 43"), "Hunt", "Ann", "Bob")
    game = start
    for name in ("Italy", "Finland", "Rumania"):
        game = actions.add_nation(game, name)
    game = actions.draw_envelope(game, "Italy", "amber river axis", "copper hill allied")
    game, _ = actions.open_envelope(game, "Italy", "amber river axis", "copper hill allied")
    game = actions.draw_paper_envelope(game, "Finland")
    game = actions.set_roster(game, "Italy", [RosterEntry("Rome", F(5, 2), capital=True),
                                              RosterEntry("Zara", F(1), where="abroad", mds_minor=3)])
    game = actions.set_losses(game, "Italy", Losses(ground_res=F(3), tf_hits=2))
    game = actions.record_surrender_roll(game, "Italy", 3, "held")
    game = actions.form_government(game, "Italy", "RSI Italy", 40)
    game = actions_aid.record_german_rps(game, 6)
    game = actions_aid.ship_german_aid(game, "Finland", 4, "sea")
    game = actions.defect(game, "Rumania", [actions.UnitToRoll("4 Inf", False, 2)])
    full = actions.tick_defection_step(game, "Rumania", "hexes")
    later = full
    for _turn in range(5):
        later, _log = actions.end_turn(later)
    return [start, actions.add_nation(start, "Hungary"), full, later]


def seeds() -> dict[str, list[tuple[str, dict[str, Any]]]]:
    awaw = [(path.name, json.loads(path.read_text(encoding="utf-8")))
            for path in sorted((ROOT / "resources" / "examples").glob("*.awaw"))
            + sorted((ROOT / "tests" / "fixtures").glob("*.awaw"))]
    europa = [(f"europa-{index}", json.loads(gamefile.dumps("europa", game)))
              for index, game in enumerate(europa_games())]
    return {"awaw": awaw, "europa": europa}


# -- mutations --------------------------------------------------------------------------------------------

HOSTILE: list[Any] = ["\ud800", "x\udfffy", 10**30, -10**30, 1e300, 2**63, "9" * 5000, "x" * 5000, "",
                      [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[0]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]
PLAIN: list[Any] = [None, True, False, 0, 1, -1, 2, 3, 7, -7, 20, 99, 100, 1939, 1945, 1950, 1951, 2.5, "x", "fall",
                    "spring", "winter", "summer", [], {}, {"season": "fall", "year": 1941},
                    {"season": "never", "year": 1941}, {"year": 1942}, "Jul I 43", "Jun II 1943", "1/2", "5/2"]


def _nodes(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _nodes(item, (*path, key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _nodes(item, (*path, index))
    return found


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


def _strings(document: Any) -> list[str]:
    return [item for item in (_at(document, path) for path in _nodes(document)) if isinstance(item, str)][:400]


def _neighbour(rng: random.Random, value: Any, document: Any) -> Any:
    if isinstance(value, bool):
        return rng.choice([not value, int(value), str(value).lower(), None])
    if isinstance(value, int):
        return rng.choice([value + 1, value - 1, -value, value + rng.randint(-100, 100), str(value), float(value),
                           value * 1000, None, bool(value)])
    if isinstance(value, float):
        return rng.choice([value + 1, int(value), str(value), -value])
    if isinstance(value, str):
        return rng.choice(["", value + "x", value.upper(), value[:-1], rng.choice(_strings(document) or ["x"]),
                           None, 0, [value], {"season": value, "year": 1942}])
    if isinstance(value, list):
        return rng.choice([[], value[::-1], [*value, *value[:1]], value[1:], None, {}, [rng.choice(PLAIN)]])
    if isinstance(value, dict):
        return rng.choice([{}, [], None, {key: value[key] for key in list(value)[::-1]}, {**value, "x": 1}])
    return rng.choice(PLAIN)


def _new_value(rng: random.Random, value: Any, document: Any) -> Any:
    roll = rng.random()
    if roll < 0.45:
        return _neighbour(rng, value, document)
    if roll < 0.75:
        return copy.deepcopy(rng.choice(PLAIN))
    if roll < 0.88:
        return copy.deepcopy(_at(document, rng.choice(_nodes(document))))
    return copy.deepcopy(rng.choice(HOSTILE))


def _gentle(rng: random.Random, document: Any) -> Any:
    """A change of one value to another of its kind (a count one more, a tick flipped, a name another of the
    file's): such files mostly load, and then must work."""
    leaves = [path for path in _nodes(document)[1:] if not isinstance(_at(document, path), (dict, list))]
    if not leaves:
        return document
    path = rng.choice(leaves)
    parent, key = _at(document, path[:-1]), path[-1]
    value = parent[key]
    if isinstance(value, bool):
        parent[key] = not value
    elif isinstance(value, int):
        parent[key] = rng.choice([value + 1, value - 1, value + rng.randint(-5, 5), 0, -value, value * 2])
    elif isinstance(value, str):
        parent[key] = rng.choice(_strings(document) or [value])
    elif value is None:
        parent[key] = copy.deepcopy(rng.choice(PLAIN))
    return document


def _change(rng: random.Random, document: Any) -> Any:
    """One change anywhere in ``document`` (in place where it can; the new document is returned)."""
    paths = _nodes(document)
    path = rng.choice(paths[1:] or paths)
    if not path:
        return _new_value(rng, document, document)
    parent, key = _at(document, path[:-1]), path[-1]
    roll = rng.random()
    if roll < 0.6:
        parent[key] = _new_value(rng, parent[key], document)
    elif roll < 0.78:
        del parent[key]
    elif isinstance(parent, dict):
        name = rng.choice([*_strings(document)[:50], "x", "extra", "level_europe", "surrendered"])
        parent[name] = _new_value(rng, None, document)
    else:
        parent.insert(rng.randint(0, len(parent)), copy.deepcopy(rng.choice(parent)) if parent and rng.random() < 0.5
                      else _new_value(rng, None, document))
    return document


def _change_checkpoints(rng: random.Random, document: dict[str, Any]) -> bool:
    text = document.get("checkpoints")
    if not isinstance(text, str) or not text:
        return False
    try:
        steps = json.loads(zlib.decompress(base64.b64decode(text)))
    except (ValueError, zlib.error):
        return False
    for _change_count in range(rng.randint(1, 2)):
        steps = _change(rng, steps)
    document["checkpoints"] = base64.b64encode(zlib.compress(json.dumps(steps).encode())).decode()
    return True


def _written(rng: random.Random, document: Any) -> bytes:
    roll = rng.random()
    try:
        if roll < 0.65:
            return to_canonical(document, 2) + b"\n"   # as a save writes it: the fast way
        if roll < 0.85:
            return json.dumps(document, indent=2, ensure_ascii=False).encode("utf-8", "surrogatepass")
        return json.dumps(document, separators=(",", ":")).encode()
    except (ValueError, TypeError, RecursionError, UnicodeError):
        return json.dumps(document).encode()


def _damage(rng: random.Random, raw: bytes) -> bytes:
    at = rng.randrange(len(raw)) if raw else 0
    roll = rng.random()
    if roll < 0.3:
        return raw[:at] + bytes([rng.randrange(256)]) + raw[at + 1:]
    if roll < 0.5:
        return raw[:at] + raw[at + rng.randint(1, 40):]
    if roll < 0.7:
        return raw[:at] + rng.choice([b"{", b"]", b",", b'"', b"\\", b"\xff", b"null", b"\n"]) + raw[at:]
    return raw[:at]


def fuzzed(rng: random.Random, document: dict[str, Any]) -> bytes:
    changed = copy.deepcopy(document)
    roll = rng.random()
    if roll < 0.15 and _change_checkpoints(rng, changed):
        pass
    else:
        change = _gentle if roll < 0.5 else _change
        for _count in range(rng.choice([1, 1, 1, 2, 3])):
            changed = change(rng, changed)
    raw = _written(rng, changed)
    return _damage(rng, raw) if rng.random() < 0.1 else raw
