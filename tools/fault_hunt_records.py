"""The game records of ``tools/fault_hunt.py``: seed games of both families played by e-mail (both sides' keys,
app dice drawn from both sides' commitments, turns sent, ends of turn, every entry signed), and the changes made
inside a record's compressed blocks: an entry's data or fields changed (nested, hostile, another kind), entries
dropped, swapped or copied, then written back as they are, or with the chain of hashes made again (and the entries
of the hunt's own keys signed again), so a change reaches the checks past the chain: the game against its record,
the fair dice, the signatures.  (Issue 38: with no real record among the seeds the hunt could not see them.)"""

from __future__ import annotations

import base64
import contextlib
import copy
import json
import random
import zlib
from hashlib import sha256
from typing import Any

import msgspec

from awaw_desktop.core.awaw import game_record as awaw_record
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa import game_record as europa_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.frozen import replace
from awaw_desktop.core.record import fair_dice
from awaw_desktop.core.record.blocks import BLOCK, entry_dicts
from awaw_desktop.core.record.chain import canonical, genesis
from awaw_desktop.core.record.keys import PlayerKeys, entry_message, play_as, take_side
from awaw_desktop.core.record.pbem import PAPER_ENVELOPES, TABLE_DRAWS, agree

#: The two players of every mail seed (made once a process: the hunt signs its changed entries with them).
PLAYERS: dict[str, PlayerKeys] = {}


def players() -> dict[str, PlayerKeys]:
    if not PLAYERS:
        PLAYERS.update(axis=PlayerKeys.new("Ann"), allied=PlayerKeys.new("Bob"))
    return PLAYERS


def _on(side: str, make: Any) -> Any:
    """``make()`` on the computer of ``side``: what it adds to a record is signed by that side."""
    play_as(players()[side])
    try:
        return make()
    finally:
        play_as(None)
        fair_dice.forget_drawn()


# -- A World at War by e-mail -------------------------------------------------------------------------------

def _awaw_step(session: Session, side: str, turns: int, rng: random.Random) -> None:
    """One file's worth of play on ``side``'s computer: values, an app die, ends of turn, then the turn sent."""
    def play() -> None:
        for _turn in range(turns):
            session.set_value("germany", "dp_level", rng.randint(-10, 10))
            before = session.snapshot()
            try:
                value = fair_dice.app_die(session.record, f"{session.turn.title}: hunt die", lambda: rng.randint(1, 6))
            except fair_dice.NoDieLeft:
                value = rng.randint(1, 6)
            record_die(session, "Hunt die", "58.532", value, "rolled")
            point = session.checkpoint(f"End of {session.turn.title}")
            apply_end_of_turn(session)
            session.checkpoints.append(point)
            awaw_record.record_step(session, awaw_record.step_entries(before, session, "End of turn"), point)
        other = "Allied" if side == "axis" else "Axis"
        session.add_to_record("sent", f"The {other} player moves next")
    _on(side, play)


def awaw_mail_games() -> list[Session]:
    from awaw_desktop.core.awaw import sessionfile

    rng = random.Random("awaw mail seeds")
    session = Session.new(title="Hunt by e-mail")
    session.record = take_side(session.record, players()["axis"], "axis", session.turn.title)
    session.record = take_side(session.record, players()["allied"], "allied", session.turn.title)
    games = []
    for index, side in enumerate(["axis", "allied", "axis", "allied", "axis"]):
        _awaw_step(session, side, 1 + index % 2, rng)
        if index in (1, 4):
            games.append(sessionfile.loads(sessionfile.dumps(session)))
    return games


# -- Europa by e-mail ---------------------------------------------------------------------------------------

def europa_mail_games() -> list[Any]:
    def recorded(game: Any, change: Any, label: str) -> Any:
        return europa_record.recorded(game, change(game), label)

    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Hunt by e-mail", "Ann", "Bob")
    for name in ("Italy", "Hungary"):
        game = recorded(game, lambda g, name=name: actions.add_nation(g, name), name)
    record = take_side(take_side(game.record, players()["axis"], "axis", game.turn.title), players()["allied"],
                       "allied", game.turn.title)
    game = replace(game, record=record)
    game = _on("axis", lambda: recorded(game, lambda g: actions.set_special_rate(g, "Italy", 50), "rate"))
    game = _on("allied", lambda: recorded(game, lambda g: actions.set_special_rate(g, "Italy", 40), "rate"))
    game = _on("axis", lambda: recorded(game, lambda g: actions.set_special_rate(g, "Italy", 50), "rate"))
    game = _on("axis", lambda: recorded(game, lambda g: actions.record_surrender_roll(g, "Italy", None, "fights on"),
                                        "roll"))
    # A paper envelope or a draw at one table by e-mail needs both players' signed agreement (issue 35.4): each side
    # agrees on his computer (and the agreements are entries the hunt mutates too).
    for what in (PAPER_ENVELOPES, TABLE_DRAWS):
        for side in ("axis", "allied"):
            game = _on(side, lambda game=game, what=what: replace(game, record=agree(game.record, what,
                                                                                     game.turn.title)))
    game = _on("axis", lambda: recorded(game, lambda g: actions.draw_paper_envelope(g, "Hungary"), "paper"))
    game = _on("axis", lambda: recorded(game, lambda g: actions.draw_envelope(g, "Italy", "amber river axis",
                                                                              "copper hill allied"), "sealed"))

    def sent(g: Any, side: str) -> Any:
        words = f"The {'Allied' if side == 'axis' else 'Axis'} player moves next"
        return replace(g, record=europa_record.record_step(g, g.record, [("sent", words, "", {}, "")]))

    game = _on("axis", lambda: sent(game, "axis"))
    first = game
    game = _on("allied", lambda: recorded(game, lambda g: actions.end_turn(g)[0], "End turn"))
    game = _on("allied", lambda: recorded(game, lambda g: actions.record_surrender_roll(g, "Italy", None, "held"),
                                          "roll"))
    game = _on("allied", lambda: sent(game, "allied"))
    return [first, game]


def mail_seeds() -> dict[str, list[tuple[str, dict[str, Any]]]]:
    from awaw_desktop.core.awaw import sessionfile

    awaw = [(f"awaw-mail-{index}", json.loads(sessionfile.dumps(game))) for index, game in enumerate(awaw_mail_games())]
    europa = [(f"europa-mail-{index}", json.loads(gamefile.dumps("europa", game)))
              for index, game in enumerate(europa_mail_games())]
    return {"awaw": awaw, "europa": europa}


# -- changes inside the record ----------------------------------------------------------------------------

def _deep(depth: int) -> str:
    return '{"x":' * depth + "1" + "}" * depth


def _rechain(game_id: str, entries: list[Any], sign: bool) -> None:
    """The hashes made again from the first entry (each entry as written; an entry that cannot be hashed keeps its
    hash), and the entries of the hunt's own players signed again."""
    keys = {side: players()[side] for side in ("axis", "allied")}
    previous = genesis(game_id)
    for entry in entries:
        if not isinstance(entry, dict):
            continue
        body = {"prev": previous, "n": entry.get("n"), "kind": entry.get("kind"), "turn": entry.get("turn"),
                "summary": entry.get("summary"), "rules": entry.get("rules", ""), "data": entry.get("data", {}),
                "state": entry.get("state", ""), "at": entry.get("at", ""), "author": entry.get("author", "")}
        with contextlib.suppress(TypeError, ValueError, OverflowError, msgspec.EncodeError, RecursionError):
            entry["hash"] = sha256(b"awaw-desktop record entry\n" + canonical(body)).hexdigest()
        author = entry.get("author")
        if sign and entry.get("signature") and isinstance(author, str) and author in keys:
            with contextlib.suppress(TypeError, ValueError):
                entry["signature"] = keys[author].sign(entry_message(entry["hash"]))
        previous = entry["hash"] if isinstance(entry.get("hash"), str) else previous


def _blocks(entries: list[Any], deep: tuple[int, int] | None) -> list[str]:
    """The blocks of ``entries`` as they are; ``deep``: (entry, depth) whose data is nested that deep, written by
    hand (no encoder nests that far)."""
    texts = []
    for start in range(0, len(entries), BLOCK):
        chunk = entries[start:start + BLOCK]
        mark = None
        if deep is not None and start <= deep[0] < start + BLOCK and isinstance(chunk[deep[0] - start], dict):
            chunk = [dict(entry) if isinstance(entry, dict) else entry for entry in chunk]
            chunk[deep[0] - start]["data"] = mark = "__hunt_deep__"
        try:
            raw = msgspec.json.encode(chunk)
        except Exception:   # a lone surrogate, a number msgspec cannot write: escaped as JSON text
            raw = json.dumps(chunk, default=str).encode()
        if mark is not None and deep is not None:
            raw = raw.replace(f'"{mark}"'.encode(), _deep(deep[1]).encode())
        texts.append(base64.b64encode(zlib.compress(raw)).decode("ascii"))
    return texts


def change_record(rng: random.Random, document: dict[str, Any], change: Any) -> bool:
    """A change inside the record's blocks of ``document`` (``change(rng, value)``: the file fuzzer's change of a
    JSON value); False if the document holds no record to change."""
    record = document.get("record")
    if not isinstance(record, dict) or not isinstance(record.get("blocks"), list):
        return False
    try:
        entries: list[Any] = entry_dicts(record["blocks"])
    except Exception:
        return False
    if not entries:
        return False
    deep = None
    roll = rng.random()
    index = rng.randrange(len(entries))
    if roll < 0.55:   # inside an entry's data: the fields each kind has
        entry = entries[index]
        if isinstance(entry.get("data"), dict) and entry["data"]:
            entry["data"] = change(rng, entry["data"])
        else:
            entry["data"] = change(rng, {"before": "0" * 64, "draw": {"value": 1}})
    elif roll < 0.75:  # a field of an entry
        entries[index] = change(rng, entries[index])
    elif roll < 0.82:
        deep = (index, rng.choice([40, 46, 47, 60, 1000, 20_000]))
    elif roll < 0.9:
        other = rng.randrange(len(entries))
        entries[index], entries[other] = entries[other], entries[index]
    elif roll < 0.95:
        del entries[index]
    else:
        entries.insert(index, copy.deepcopy(entries[rng.randrange(len(entries))]))
    if rng.random() < 0.7 and isinstance(record.get("game_id"), str):   # the chain made again, as a forger does
        _rechain(record["game_id"], entries, sign=rng.random() < 0.8)
    record["blocks"] = _blocks(entries, deep)
    return True
