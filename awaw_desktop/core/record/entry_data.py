"""What an entry of the game record holds in its ``data``, read by the entry's kind (issue 38.2).

An entry's facts are plain JSON in the file, hashed as they are written.  Everything that reads them (the families'
checks against the record, ``verify``, the replay of the game) reads them through :func:`facts_of`, which converts
them, kind by kind, into a typed value (a msgspec Struct, the core's typed way): each field it knows is of its kind
(a digest a string of hex digits, the levels a mapping of powers to whole numbers ...).  A field of the wrong kind
(an object where a digest is expected, a list where a draw id is) makes the entry *damaged or forged*: a finding
named with the entry (:func:`data_problems`), never a ``TypeError`` in a check that trusted the shape.

A field no version of the app writes for that kind is kept as written (it is hashed) and read by nothing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any

import msgspec
from msgspec import Meta, Struct

from .chain import Entry, GameRecord, RecordProblem

Digest = Annotated[str, Meta(max_length=64)]
Text = Annotated[str, Meta(max_length=4000)]
Whole = Annotated[int, Meta(ge=-10**9, le=10**9)]


class _Facts(Struct, frozen=True, kw_only=True):
    """The facts every kind may hold: the digest of the undo checkpoint a step started from (A World at War)."""

    before: Digest = ""


class _Draw(_Facts, frozen=True, kw_only=True):
    """A Europa envelope's draw the entry speaks of (56.E.1), and the step of a draw by e-mail."""

    draw: Digest = ""
    commitments: tuple[Digest, ...] = ()
    step: Annotated[str, Meta(max_length=40)] = ""
    commitment: Digest = ""
    revealed: tuple[Annotated[str, Meta(max_length=200)], ...] = ()


class _Levels(_Draw, frozen=True, kw_only=True):
    """A step's line of the log (A World at War) or of a Europa envelope's draw."""

    #: Each power's level after the step (A World at War's end of turn or procedure).
    levels: dict[Annotated[str, Meta(max_length=40)], Whole] | None = None
    #: The answer given to each end-of-turn question (question id -> option id).
    choices: dict[Annotated[str, Meta(max_length=80)], Annotated[str, Meta(max_length=80)]] | None = None


class FairDice(Struct, frozen=True, kw_only=True):
    """A side's app dice facts (``fair_dice``): its commitment, a part revealed, or a die drawn."""

    anchor: Digest = ""
    length: Whole = 0
    upto: Whole = 0
    element: Digest = ""
    draw: Whole = 0
    value: Whole = 0
    purpose: Text = ""


class _Dice(_Facts, frozen=True, kw_only=True):
    fair_dice: FairDice | None = None


class Begun(_Facts, frozen=True, kw_only=True):
    table: Annotated[str, Meta(max_length=64)] = ""


class Migrated(Begun, frozen=True, kw_only=True):
    #: The digests of the undo checkpoints the file held when its record began.
    checkpoints: tuple[Digest, ...] = ()


class EndOfTurn(_Levels, frozen=True, kw_only=True):
    pass


class Procedure(_Levels, frozen=True, kw_only=True):
    pass


class Die(_Dice, frozen=True, kw_only=True):
    value: Whole = 0
    source: Annotated[str, Meta(max_length=20)] = ""


class Envelope(_Draw, frozen=True, kw_only=True):
    pass


class Event(_Levels, frozen=True, kw_only=True):
    pass


class Plain(_Facts, frozen=True, kw_only=True):
    """An entry that holds nothing of its own (an undo, a game's details, a turn sent) but the step's checkpoint."""


class WentOn(_Facts, frozen=True, kw_only=True):
    set_aside: Digest = ""
    verdict: Annotated[str, Meta(max_length=40)] = ""
    held: Text = ""


class Key(_Facts, frozen=True, kw_only=True):
    #: The side's public keys: their own shape is ``keys.PublicKeys``'s to check.
    keys: dict[str, Any] | None = None


class Dice(_Dice, frozen=True, kw_only=True):
    pass


#: Each kind's facts.
SCHEMAS: dict[str, type[_Facts]] = {
    "begun": Begun, "migrated": Migrated, "end-of-turn": EndOfTurn, "procedure": Procedure, "die": Die,
    "draw": Envelope, "opening": Envelope, "count": Envelope, "showing": Envelope, "undone": Plain,
    "redone": Plain, "gone-back": Plain, "details": Plain, "adjusted": Plain, "went-on": WentOn, "event": Event,
    "key": Key, "dice": Dice, "sent": Plain,
}


class Forged(Struct, frozen=True):
    """An entry whose facts are not of the kinds its kind holds: what is wrong, in the player's words."""

    what: str


#: id(entry) -> (the entry, its facts read): entries never change once made, and a record is read often (each
#: check, the replay, the window).
_read: dict[int, tuple[Entry, _Facts | Forged]] = {}
_MAX_REMEMBERED = 60_000


def _convert(entry: Entry) -> _Facts | Forged:
    schema = SCHEMAS.get(entry.kind, Plain)
    try:
        return msgspec.convert(entry.data, schema, strict=True)
    except msgspec.ValidationError as error:
        message, _, place = str(error).partition(" - at `$")
        where = f"data{place.rstrip('`')}" if place else "data"
        for name, words in _TYPE_WORDS.items():
            message = message.replace(name, words)
        return Forged(f"its facts are damaged or forged ({where}: {message[:1].lower()}{message[1:200]})")


#: msgspec's names of JSON's kinds of value, in the player's words.
_TYPE_WORDS = {"`str`": "text", "`int`": "a whole number", "`object`": "a set of named values", "`array`": "a list",
               "`bool`": "true or false", "`null`": "nothing", "`float`": "a number with a fraction"}


def facts_of(entry: Entry) -> _Facts | Forged:
    """An entry's facts read by its kind, or :class:`Forged` naming the field of a wrong kind."""
    met = _read.get(id(entry))
    if met is not None and met[0] is entry:
        return met[1]
    read = _convert(entry)
    if len(_read) >= _MAX_REMEMBERED:
        _read.clear()
    _read[id(entry)] = (entry, read)
    return read


def typed(entry: Entry, kind: type[Any]) -> Any:
    """An entry's facts if they are of ``kind`` (a schema of this module) and read well, else None."""
    read = facts_of(entry)
    return read if isinstance(read, kind) else None


def read_all(entries: Sequence[Entry]) -> None:
    """Read every entry's facts at once, kind by kind (msgspec converts a whole list in C: a record of 20,000
    entries in a few milliseconds); an entry whose kind's list does not convert is read on its own."""
    by_kind: dict[str, list[Entry]] = {}
    for entry in entries:
        met = _read.get(id(entry))
        if met is None or met[0] is not entry:
            by_kind.setdefault(entry.kind, []).append(entry)
    if len(_read) + sum(map(len, by_kind.values())) > _MAX_REMEMBERED:
        _read.clear()
    for kind, group in by_kind.items():
        try:
            read = msgspec.convert([entry.data for entry in group], list[SCHEMAS.get(kind, Plain)], strict=True)
        except msgspec.ValidationError:
            read = [_convert(entry) for entry in group]
        _read.update({id(entry): (entry, facts) for entry, facts in zip(group, read, strict=True)})


def data_problems(entries: Sequence[Entry]) -> list[RecordProblem]:
    """Every entry whose facts are damaged or forged, oldest first."""
    read_all(entries)
    problems = []
    for entry in entries:
        read = facts_of(entry)
        if isinstance(read, Forged):
            problems.append(RecordProblem(entry.n, entry.turn, read.what))
    return problems


def data_problem(record: GameRecord) -> RecordProblem | None:
    """The first entry of a record whose facts are damaged or forged (None: every entry's are of their kinds)."""
    read_all(record.entries)
    for entry in record.entries:
        read = facts_of(entry)
        if isinstance(read, Forged):
            return RecordProblem(entry.n, entry.turn, read.what)
    return None


def before_of(entry: Entry) -> str:
    """The digest of the undo checkpoint an entry's step started from ("" for none, or for damaged facts)."""
    read = facts_of(entry)
    return "" if isinstance(read, Forged) else read.before
