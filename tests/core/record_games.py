"""Games of both families played as the windows play them, for the record's tests: each whole-session step taken
with its undo checkpoint and recorded as ``ui.awaw.store.SessionStore.change_session`` records it; a file's
record changed and its chain written again, as anyone can (SHA-256 is public)."""

from __future__ import annotations

import json
from collections.abc import Callable

from awaw_desktop.core.awaw import game_record, sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.unentered import end_the_turn
from awaw_desktop.core.record.blocks import blocks_of, entry_dicts
from awaw_desktop.core.record.chain import Entry, GameRecord


def step(session: Session, text: str, mutate: Callable[[Session], None], kind: str = "event") -> None:
    """One whole-session step, as the window takes it: the checkpoint before it kept, its entries recorded."""
    before = session.snapshot()
    point = session.checkpoint(text)
    mutate(session)
    session.checkpoints.append(point)
    game_record.record_step(session, game_record.step_entries(before, session, text, kind), point)


def end_turn(session: Session, choices: dict[str, str] | None = None) -> None:
    step(session, f"End of {session.turn.title}", lambda s: end_the_turn(s, choices))


def long_game(turns: int, title: str = "Replayed") -> Session:
    """An honest game of ``turns`` ends of turn, Germany's level and Britain's production changing as it goes."""
    session = Session.new(title=title, players={"axis": "Ann", "allied": "Bob"})
    for index in range(turns):
        session.set_value("germany", "dp_level", (index % 21) - 10)
        session.set_value("germany", "firestorms", min(40, index // 5))
        end_turn(session)
    return session


def rechained(game_id: str, entries: list[dict]) -> None:
    """Every hash written again from the first entry: the chain holds again."""
    previous = GameRecord(game_id).head
    for item in entries:
        entry = Entry.from_json({**item, "hash": "0" * 64}, "entry")
        item["hash"] = entry.hashed(previous)
        previous = item["hash"]


def forged(raw: bytes, change: Callable[[list[dict]], None]) -> bytes:
    """A file's bytes with its record's entries changed by ``change`` and the chain written again."""
    document = json.loads(raw)
    entries = entry_dicts(document["record"]["blocks"])
    change(entries)
    rechained(document["record"]["game_id"], entries)
    document["record"]["blocks"] = blocks_of(entries)
    return json.dumps(document).encode()


def awaw_bytes(session: Session) -> bytes:
    return sessionfile.dumps(session)
