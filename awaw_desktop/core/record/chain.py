"""The game record: an append-only, hash-chained log of everything recorded in a game.

Each entry names what happened (its kind, the game turn, the players' words with rule numbers, and the facts behind
them as plain JSON), the digest of the game's settled state after it, and the SHA-256 of all that together with the
hash of the entry before it; the first entry chains from the game's own id.  So an entry cannot be changed, removed,
reordered or moved to another game without every hash after it changing, and the head's short code
(``codes.head_code``) changing with them.  Undoing a recorded event appends an entry saying so: nothing is ever
erased.

Hashes are SHA-256 from the standard library over a canonical JSON form (sorted keys, no spaces, UTF-8): nothing
home-made.  What the record cannot stop (a player who recomputes the whole chain, a modified program) is said in
``docs/game-record.md``; what this computer has seen of a game (``seen``) and signatures (play by e-mail) close
most of it.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Annotated, Any, Literal

import msgspec
from msgspec import Meta

from ..frozen import Frozen, field, replace
from ..lines import RulesInputError
from .blocks import decode_blocks, encode_blocks, remember_blocks
from .codes import head_code

if TYPE_CHECKING:
    from hashlib import sha256
else:
    try:   # CPython's own SHA-256 (the standard library's, hashlib's own fallback): the same digests without
        from _sha256 import sha256  # loading OpenSSL before the first paint (4 MiB and 4 ms of a start-up)
    except ImportError:   # a Python built without it
        from hashlib import sha256

if TYPE_CHECKING:   # the keys load ``cryptography``, which a game without players' keys never needs
    from .keys import PublicKeys, Signer

#: What an entry may be: (kind, the players' word for it).  A family adds no kinds of its own: it words its
#: events in ``summary`` and keeps their facts in ``data``.
KINDS: dict[str, str] = {
    "begun": "Game created",
    "migrated": "Record begun (file from an earlier version)",
    "end-of-turn": "End of turn",
    "procedure": "Procedure",
    "die": "Die rolled",
    "draw": "Envelope drawn",
    "opening": "Envelope opened",
    "count": "Count requested",
    "showing": "Card shown",
    "undone": "Undone",
    "redone": "Redone",
    "gone-back": "Gone back",
    "details": "Game details",
    "adjusted": "Carried values adjusted",
    "went-on": "Went on from an older copy",
    "event": "Recorded",
    "key": "Player key",
    "dice": "App dice",          # play by e-mail: a side's committed dice values (``fair_dice``)
    "sent": "Turn sent",         # play by e-mail: File > Send turn, and who moves next
}
#: The most an entry's words and facts may hold (characters of their canonical JSON): a hostile file is refused.
MAX_SUMMARY = 4000
MAX_DATA = 64 * 1024
#: The most entries a record may hold.
MAX_ENTRIES = 20_000
_GAME_ID = re.compile(r"^[0-9a-f]{32}$")


def canonical(value: Any) -> bytes:
    """The one byte form of a JSON value that hashes are taken over: sorted keys, no spaces, UTF-8 (msgspec's
    JSON, which writes it in C)."""
    return msgspec.json.encode(value, order="sorted")


def digest(value: Any) -> str:
    """SHA-256 (hex) of a JSON value's canonical form: a game's settled state, a draw's commitments."""
    return sha256(canonical(value)).hexdigest()


def genesis(game_id: str) -> str:
    """What the first entry chains from: the game's id, so no entry can be moved into another game."""
    return sha256(f"awaw-desktop record|{game_id}".encode()).hexdigest()


def now_text() -> str:
    """The time an entry is written, to the minute, in UTC ("2026-11-27T10:15Z")."""
    return datetime.now(UTC).strftime("%Y-%m-%dT%H:%MZ")


#: A digest as written: its digits are not matched one by one when a record is read (a digit changed anywhere makes
#: the chain fail, ``GameRecord.problem``), which halves the time a long record takes to read.
Hex64 = Annotated[str, Meta(min_length=64, max_length=64)]
OptionalHex64 = Annotated[str, Meta(max_length=64)]
Kind = Literal["begun", "migrated", "end-of-turn", "procedure", "die", "draw", "opening", "count", "showing",
               "undone", "redone", "gone-back", "details", "adjusted", "went-on", "event", "key", "dice", "sent"]


class Entry(Frozen, forbid_unknown_fields=True):
    """One recorded event.  ``hash`` covers every other field but ``signature`` and the hash before it.

    Its shape (types, sizes, patterns) is checked by msgspec as a file is read: a record of thousands of entries
    is read in a few milliseconds."""

    n: Annotated[int, Meta(ge=0, lt=MAX_ENTRIES)]
    kind: Kind
    turn: Annotated[str, Meta(max_length=40)]
    summary: Annotated[str, Meta(max_length=MAX_SUMMARY)]
    hash: Hex64
    rules: Annotated[str, Meta(max_length=200)] = ""
    data: dict[str, Any] = field(default_factory=dict)
    state: OptionalHex64 = ""
    at: Annotated[str, Meta(max_length=20)] = ""   # "2026-11-27T10:15Z", for information only
    author: Literal["", "axis", "allied"] = ""
    signature: Annotated[str, Meta(max_length=200)] = ""

    @property
    def word(self) -> str:
        return KINDS.get(self.kind, self.kind)

    def body(self, previous: str) -> dict[str, Any]:
        """What the hash is taken over."""
        return {"prev": previous, "n": self.n, "kind": self.kind, "turn": self.turn, "summary": self.summary,
                "rules": self.rules, "data": self.data, "state": self.state, "at": self.at, "author": self.author}

    def hashed(self, previous: str) -> str:
        return sha256(b"awaw-desktop record entry\n" + canonical(self.body(previous))).hexdigest()

    def line(self) -> str:
        """The entry in one line for players: "Fall 1942 - End of turn: Germany +3 ... (55.1)"."""
        rules = f" ({self.rules})" if self.rules and self.rules not in self.summary else ""
        return f"{self.turn} \u2014 {self.word}: {self.summary}{rules}"

    def to_json(self) -> dict[str, Any]:
        document: dict[str, Any] = {"n": self.n, "kind": self.kind, "turn": self.turn, "summary": self.summary}
        for key in ("rules", "data", "state", "at", "author", "signature"):
            value = getattr(self, key)
            if value:
                document[key] = value
        document["hash"] = self.hash
        return document

    @classmethod
    def from_json(cls, data: Any, where: str) -> Entry:
        """The entry's shape and sizes (the chain is checked by ``GameRecord.problem``)."""
        return _entries([data], where)[0]


def _entries(items: Any, where: str) -> list[Entry]:
    """Entries as a file holds them, their shape and sizes checked (raises ``RulesInputError`` naming the place)."""
    try:
        entries = msgspec.convert(items, list[Entry], strict=True)
    except msgspec.ValidationError as error:
        message = str(error)
        place = message.rsplit(" - at `$", 1)
        if len(place) == 2:
            position, _, rest = place[1].rstrip("`").partition("]")
            raise RulesInputError(f"{where}[{position.lstrip('[')}]{rest}: {place[0].lower()}") from None
        raise RulesInputError(f"{where}: {message.lower()}") from None
    for index, entry in enumerate(entries):
        if len(canonical(entry.data)) > MAX_DATA:
            raise RulesInputError(f"{where}[{index}].data: at most {MAX_DATA // 1024} KiB of facts")
    return entries


class RecordProblem(Frozen):
    """The first entry of a record that does not hold: its number, turn and what is wrong."""

    n: int
    turn: str
    what: str

    def words(self) -> str:
        turn = f" ({self.turn})" if self.turn else ""
        return f"entry {self.n + 1}{turn}: {self.what}"


class GameRecord(Frozen):
    """A game's id and its entries, oldest first."""

    game_id: str
    entries: tuple[Entry, ...] = ()

    @property
    def head(self) -> str:
        """The hash of the last entry (the game's genesis while there is none)."""
        return self.entries[-1].hash if self.entries else genesis(self.game_id)

    @property
    def code(self) -> str:
        return head_code(self.head)

    def __len__(self) -> int:
        return len(self.entries)

    def append(self, kind: str, turn: str, summary: str, rules: str = "", data: dict[str, Any] | None = None,
               state: str = "", at: str | None = None, author: str = "", signer: Signer | None = None) -> GameRecord:
        """The record with one entry more (raises ``RulesInputError`` for an entry a file could not hold).
        ``signer``: the player adding it (play by e-mail): the entry names his side and carries his signature."""
        if signer is None and kind != "key":
            signer = _signer_for(self)
        record = self
        if signer is not None:
            author = signer.side
            if kind != "key":   # the side's fair-dice commitment, revealed dice and drawn dice go first
                from .fair_dice import ahead

                record = ahead(self, signer, turn)  # a GameRecord; the dice dated as the entry they come before
        return record._appended(kind, turn, summary, rules, data, state, at, author, signer)

    def _appended(self, kind: str, turn: str, summary: str, rules: str, data: dict[str, Any] | None, state: str,
                  at: str | None, author: str, signer: Signer | None) -> GameRecord:
        if len(self.entries) >= MAX_ENTRIES:
            raise RulesInputError(f"the game record is full ({MAX_ENTRIES} entries)")
        if len(summary) > MAX_SUMMARY:   # players' words of any length: the entry keeps as many as a file holds
            summary = summary[:MAX_SUMMARY - 1] + "\u2026"
        written = {"n": len(self.entries), "kind": kind, "turn": turn, "summary": summary, "rules": rules,
                   "data": data or {}, "state": state, "at": now_text() if at is None else at, "author": author,
                   "hash": "0" * 64}
        entry = Entry.from_json(written, "the new entry")   # the shape a file holds, checked as a file's
        entry = replace(entry, hash=entry.hashed(self.head))
        if signer is not None:
            entry = replace(entry, signature=signer.sign_entry(entry.hash))
        return GameRecord(self.game_id, (*self.entries, entry))

    def signed(self, n: int, signature: str) -> GameRecord:
        """The record with entry ``n`` signed (the signature is not part of the hash: it signs it)."""
        entries = list(self.entries)
        entries[n] = replace(entries[n], signature=signature)
        return GameRecord(self.game_id, tuple(entries))

    def problem(self) -> RecordProblem | None:
        """The first entry that does not hold (its number out of place, or its hash not that of its contents and
        the entry before it), or None when the whole chain holds."""
        previous = genesis(self.game_id)
        for position, entry in enumerate(self.entries):
            if entry.n != position:
                return RecordProblem(position, entry.turn, f"it is numbered {entry.n + 1}: an entry was removed, "
                                                           "added or moved")
            if entry.hashed(previous) != entry.hash:
                return RecordProblem(position, entry.turn, "its contents or the entry before it were changed "
                                                           "after it was written")
            previous = entry.hash
        return None

    def player_keys(self) -> dict[str, PublicKeys]:
        """Each side's public keys, as its latest "key" entry records them (play by e-mail)."""
        from .keys import PublicKeys

        found: dict[str, PublicKeys] = {}
        for entry in self.entries:
            if entry.kind == "key" and entry.author:
                try:
                    found[entry.author] = PublicKeys.from_json(entry.data.get("keys"), "keys")
                except RulesInputError:
                    continue
        return found

    def signature_problem(self) -> RecordProblem | None:
        """The first entry whose signature does not hold (``signature_problems``), or None."""
        problems = self.signature_problems(first_only=True)
        return problems[0] if problems else None

    def signature_problems(self, first_only: bool = False) -> tuple[RecordProblem, ...]:
        """Every entry whose signature does not hold, oldest first (an unsigned entry must not hide a later one in
        the other player's name): once a side has recorded its keys, every entry after it is signed by a side that
        has, and each signature is that side's.  A side's first "key" entry is signed by the key it records (whoever
        records keys holds them); a later one, a change of keys, by the keys it replaces (the other player cannot
        put his own keys in a side's place).  A "key" entry that does not hold changes no side's keys."""
        from .keys import PublicKeys, entry_message

        keys: dict[str, PublicKeys] = {}
        problems: list[RecordProblem] = []
        for entry in self.entries:
            if first_only and problems:
                break
            signing = keys.get(entry.author)
            recorded: PublicKeys | None = None
            if entry.kind == "key":
                try:
                    recorded = PublicKeys.from_json(entry.data.get("keys"), "keys")
                except RulesInputError as error:
                    problems.append(RecordProblem(entry.n, entry.turn,
                                                  f"the player's keys it records are damaged ({error})"))
                    continue
                if not entry.author:
                    problems.append(RecordProblem(entry.n, entry.turn, "it records keys for no side"))
                    continue
                signing = signing or recorded
            if not keys and recorded is None:
                continue
            if not entry.author or signing is None:
                problems.append(RecordProblem(entry.n, entry.turn, "it is not signed by a player of this game (added "
                                                                   "by hand, or by a copy of the app without the "
                                                                   "player's keys)"))
                continue
            if not signing.verify(entry_message(entry.hash), entry.signature):
                side = entry.author.title()
                changed = " (a change of keys is signed by the keys it replaces)" if entry.kind == "key" and \
                    entry.author in keys and signing != recorded else ""
                problems.append(RecordProblem(entry.n, entry.turn, f"its signature is not the {side} player's"
                                                                   f"{changed}"))
                continue
            if recorded is not None:
                keys[entry.author] = recorded
        return tuple(problems)

    def index_of(self, entry_hash: str) -> int | None:
        return next((index for index, entry in enumerate(self.entries) if entry.hash == entry_hash), None)

    def since(self, entry_hash: str) -> tuple[Entry, ...] | None:
        """The entries after the one with ``entry_hash`` (all of them for the genesis), or None if it is not here."""
        if entry_hash == genesis(self.game_id):
            return self.entries
        index = self.index_of(entry_hash)
        return None if index is None else self.entries[index + 1:]

    def since_code(self, code: str) -> tuple[Entry, ...] | None:
        """The entries after the head a player quoted ("7Q4M-K2XD"), or None if no entry has that code."""
        if head_code(genesis(self.game_id)) == code:
            return self.entries
        for index in range(len(self.entries) - 1, -1, -1):
            if head_code(self.entries[index].hash) == code:
                return self.entries[index + 1:]
        return None

    def last_state(self) -> str:
        """The settled-state digest of the last entry that has one ("" for none)."""
        return next((entry.state for entry in reversed(self.entries) if entry.state), "")

    def to_json(self) -> dict[str, Any]:
        """The record as a file holds it: its id and its entries in compressed blocks (``blocks``)."""
        return {"game_id": self.game_id, "blocks": encode_blocks(self.entries)}

    @classmethod
    def from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """The record's shape, sizes and chain: a record that does not hold is refused, naming the entry."""
        record = cls.shape_from_json(data, where)
        problem = record.problem()
        if problem is not None:
            raise RulesInputError(f"{where}: the game record does not hold at {problem.words()} "
                                  "('awaw-desktop verify FILE' says more)")
        remember_blocks(record.entries, data["blocks"])
        return record

    @classmethod
    def shape_from_json(cls, data: Any, where: str = "record") -> GameRecord:
        """The record as written, its shape and sizes checked but not its chain (``verify`` names what fails)."""
        if not isinstance(data, dict) or set(data) != {"game_id", "blocks"}:
            raise RulesInputError(f"{where}: a game record holds exactly game_id and blocks")
        game_id = data["game_id"]
        if not isinstance(game_id, str) or not _GAME_ID.match(game_id):
            raise RulesInputError(f"{where}.game_id: expected 32 lowercase hex digits")
        entries = decode_blocks(data["blocks"], Entry, f"{where}.blocks")
        if len(entries) > MAX_ENTRIES:
            raise RulesInputError(f"{where}: at most {MAX_ENTRIES} entries")
        return cls(game_id, tuple(entries))


def _signer_for(record: GameRecord) -> Signer | None:
    """The player signing on this computer (``keys.signer_for``), if the keys were ever loaded: a game played at one
    table never imports ``cryptography``."""
    import sys

    module = sys.modules.get(__package__ + ".keys")
    return None if module is None else module.signer_for(record)


def new_game_id() -> str:
    """A fresh game id (32 hex digits, from the system's random source as ``secrets.token_hex`` takes them; ``os``
    is loaded already, ``secrets`` would cost the first paint a few milliseconds)."""
    import os

    return os.urandom(16).hex()


def game_id_of(document: Any) -> str:
    """A stable id for a game whose file was made before records: the same file always gets the same id."""
    return sha256(b"awaw-desktop game|" + canonical(document)).hexdigest()[:32]


def table_of(title: str, players: Sequence[str]) -> str:
    """A short digest of a game's title and players (the sides' names, Axis then Allied, case and spacing ignored):
    what a game's first entry keeps (``data["table"]``), so that a file that claims to be from before records can be
    named when this computer has seen a game at the same table (``seen.SeenStore.compare``)."""
    names = [" ".join(name.split()).casefold() for name in players]
    return sha256(canonical([" ".join(title.split()).casefold(), names])).hexdigest()[:16]


#: What a record that starts when an earlier version's file is read says (its "migrated" entry): loud, for a file can
#: also claim an earlier version to drop a record it held (docs/game-record.md).
def migrated_words(before: str) -> str:
    return ("This game's record starts here. The file says it was made by an earlier version of the app, before "
            f"game records, so it holds no record of the game so far ({before}). If this game was ever played "
            "with a record, this file is a copy whose record was removed.")


def written_record(document: Any, where: str = "record") -> GameRecord | None:
    """The record a parsed file document holds, its shape checked but not its chain (None when it holds none: a file
    from before records).  What ``verify`` reads to name the first entry that does not hold."""
    written = document.get("record") if isinstance(document, dict) else None
    return None if written is None else GameRecord.shape_from_json(written, where)
