"""What this computer has seen of each game: the records it has shown, kept in the app's own data folder (never in
the game file), so that a copy rolled back (a discarded change, yesterday's copy, a dated backup) or two copies
played on from one file are named when they are opened.

For each game (by its record's id) the store keeps every *branch* it has seen (a record no other seen record
extends), each entry as its hash, turn, kind and words; the branch the players set aside when they chose to go on
from an older copy; and the head this computer last saved or sent (for "since your last turn").  A record is
remembered the moment an entry is appended, before any save: an envelope opened and then discarded counts as seen.

A game is known by its table and its players too, not only by its id (issue 35.3): an index (``index.seen``) keeps,
for each game, its table (title and players, ``chain.table_of``), whether it was played by e-mail, and the public keys
each side recorded in it.  A record never seen here that begins a new game at a table this computer knows from
e-mail play, or that records keys this computer knows from another game, is named before it opens ("new-game"): a
game rewritten under a new id (its dice and envelopes drawn again) is no longer "new".  A record that gives one side
keys another side holds (in it, or in what this computer has seen of the game) is named too ("keys-shared").

One small JSON file per game, written atomically.  Deleting the folder forgets everything (docs/game-record.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..files.atomic_file import clean_stray_temp_files, write_atomically
from ..frozen import Frozen
from .chain import Entry, GameRecord, RecordProblem, digest

SEEN_FORMAT = "awaw-desktop-seen"
SEEN_VERSION = 1
#: The words of an entry kept per branch (enough to name what a newer copy held).
KEPT_WORDS = 240
APP_NAME = "awaw-desktop"
#: The index of the games seen: game id -> their table, e-mail play, each side's keys (not "*.json": no game's file).
INDEX_NAME = "index.seen"
SIDE_TITLES = {"axis": "Axis", "allied": "Allied"}


class SeenEntry(Frozen):
    hash: str
    turn: str
    kind: str
    summary: str

    @classmethod
    def of(cls, entry: Entry) -> SeenEntry:
        return cls(entry.hash, entry.turn, entry.kind, entry.summary[:KEPT_WORDS])

    def line(self) -> str:
        from .chain import KINDS

        return f"{self.turn} \u2014 {KINDS.get(self.kind, self.kind)}: {self.summary}"


class Branch(Frozen):
    entries: tuple[SeenEntry, ...]
    #: When the players chose to go on from an older copy instead of this one ("" while it stands).
    set_aside: str = ""

    @property
    def head(self) -> str:
        return self.entries[-1].hash if self.entries else ""


class Comparison(Frozen):
    """How a record stands to what this computer has seen of its game.

    ``verdict``: "new" (never seen), "seen" (the same or a longer record than any seen), "older" (a shorter prefix
    of a record seen), "fork" (it parts from a record seen at entry ``at``), "set-aside" (it is a copy the players
    chose not to go on from), "earlier-version" (never seen, its record begun as a file from before records was read,
    while this computer has seen a game at the same table, or any game played by e-mail: a record may have been
    removed by calling the file an earlier version), "new-game" (never seen, begun at a table this computer knows
    from e-mail play, or recording keys it knows from another game), "keys-shared" (one side's keys are keys
    another side holds).  ``words``: what to tell the players, for the last two."""

    verdict: str
    #: The record seen that this one is older than, or parts from.
    seen: Branch | None = None
    #: How many entries the two have in common.
    at: int = 0
    words: str = ""

    @property
    def trouble(self) -> bool:
        return self.verdict in ("older", "fork", "set-aside", "earlier-version", "new-game", "keys-shared")

    def newer_entries(self) -> tuple[SeenEntry, ...]:
        """What the copy seen held after the point where this one ends or parts."""
        return self.seen.entries[self.at:] if self.seen is not None else ()


def default_directory() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME)) / "seen"


def _compare(record: GameRecord, branch: Branch) -> tuple[str, int]:
    """("extends" | "older" | "fork", entries in common) of a record against one branch."""
    hashes = [entry.hash for entry in record.entries]
    common = 0
    for mine, seen in zip(hashes, branch.entries, strict=False):
        if mine != seen.hash:
            break
        common += 1
    if common == len(branch.entries):
        return "extends", common
    if common == len(hashes):
        return "older", common
    return "fork", common


class SeenStore:
    """The records seen, one file per game, in ``directory`` (by default the app's data folder)."""

    def __init__(self, directory: str | os.PathLike[str] | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_directory()
        #: Game id -> (own head, inputs and facts then), as last read or written (a write keeps them unread).
        self._kept: dict[str, tuple[str, dict[str, str]]] = {}

    def _path(self, game_id: str) -> Path:
        return self.directory / f"{game_id}.json"

    def _read(self, game_id: str) -> tuple[list[Branch], str]:
        branches, own, _tables = self._read_all(self._path(game_id))
        return branches, own

    def _read_all(self, path: Path) -> tuple[list[Branch], str, list[str]]:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") != SEEN_FORMAT or data.get("version") != SEEN_VERSION:
                return [], "", []
            self._kept[path.stem] = _own_facts(data)
            branches = [Branch(tuple(SeenEntry(*map(str, item)) for item in branch["entries"]),
                               str(branch.get("set_aside", ""))) for branch in data["branches"]]
            return branches, str(data.get("own", "")), [str(table) for table in data.get("tables", [])]
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return [], "", []   # nothing seen, or a damaged file: as if new (the app never refuses a game for it)

    def _write(self, game_id: str, branches: list[Branch], own: str, tables: list[str] | None = None,
               own_facts: dict[str, str] | None = None) -> None:
        if tables is None:
            tables = self._read_all(self._path(game_id))[2]
        if own_facts is None:   # kept as they were, for the head they were taken at
            kept_head, kept = self._kept[game_id] if game_id in self._kept else self.own_facts_of(game_id)
            own_facts = kept if kept_head == own else {}
        self._kept[game_id] = (own, own_facts)
        document: dict[str, Any] = {
            "format": SEEN_FORMAT, "version": SEEN_VERSION, "game_id": game_id, "own": own, "tables": tables,
            "own_facts": {"head": own, "facts": own_facts},
            "branches": [{"entries": [[e.hash, e.turn, e.kind, e.summary] for e in branch.entries],
                          "set_aside": branch.set_aside} for branch in branches]}
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            clean_stray_temp_files(self.directory)   # what a killed write left, as beside game files (issue 38)
            write_atomically(self._path(game_id), json.dumps(document, ensure_ascii=False).encode("utf-8"))
        except OSError:
            pass   # a read-only data folder: the game goes on, unremembered (said in docs/game-record.md)

    def compare(self, record: GameRecord) -> Comparison:
        branches, _own = self._read(record.game_id)
        shared = self._shared_keys(record)
        if shared is not None:
            return shared
        if not branches:
            if self.claims_earlier_version(record):
                return Comparison("earlier-version")
            return self._known_elsewhere(record) or Comparison("new")
        standing = [(branch, *_compare(record, branch)) for branch in branches if not branch.set_aside]
        if any(how == "extends" for _branch, how, _common in standing):
            return Comparison("seen")
        for branch in branches:   # the very copy the players chose not to go on from, or one played on from it
            if branch.set_aside and _compare(record, branch)[0] == "extends":
                return Comparison("set-aside", branch, len(branch.entries))
        if not standing:
            return Comparison("seen")
        branch, how, common = max(standing, key=lambda item: (item[1] == "older", item[2]))
        return Comparison(how, branch, common)

    def claims_earlier_version(self, record: GameRecord) -> bool:
        """Whether ``record`` begins as a file from before records was read ("migrated") while this computer has seen
        another game at the same table (title and players, ``chain.table_of``) or any game played by e-mail: its
        file may be a copy whose record was removed by calling it an earlier version (docs/game-record.md)."""
        if not record.entries or record.entries[0].kind != "migrated":
            return False
        table = record.entries[0].data.get("table")
        try:
            paths = sorted(self.directory.glob("*.json"))
        except OSError:
            return False
        for path in paths:
            if path.stem == record.game_id:
                continue
            branches, _own, tables = self._read_all(path)
            if (table and table in tables) or any(entry.kind == "key" for branch in branches
                                                  for entry in branch.entries):
                return True
        return False

    # -- the games known by their table and their players' keys -----------------------------------------------
    def _index(self) -> dict[str, dict[str, Any]]:
        """Game id -> {"table", "mail", "keys": {key digest: side}, "begun"}; built from the games' own files the
        first time (those kept no keys: their tables and e-mail play are known)."""
        try:
            data = json.loads((self.directory / INDEX_NAME).read_text(encoding="utf-8"))
            if data.get("format") == SEEN_FORMAT and isinstance(data.get("games"), dict):
                return {str(key): value for key, value in data["games"].items() if isinstance(value, dict)}
        except (OSError, ValueError, AttributeError):
            pass
        games: dict[str, dict[str, Any]] = {}
        try:
            paths = sorted(self.directory.glob("*.json"))
        except OSError:
            return games
        for path in paths:
            branches, _own, tables = self._read_all(path)
            if branches:
                games[path.stem] = {"table": tables[0] if tables else "", "keys": {},
                                    "mail": any(e.kind == "key" for branch in branches for e in branch.entries),
                                    "begun": branches[0].entries[0].turn if branches[0].entries else ""}
        return games

    def _write_index(self, games: dict[str, dict[str, Any]]) -> None:
        document = {"format": SEEN_FORMAT, "version": SEEN_VERSION, "games": games}
        try:
            self.directory.mkdir(parents=True, exist_ok=True)
            write_atomically(self.directory / INDEX_NAME, json.dumps(document, ensure_ascii=False).encode("utf-8"))
        except OSError:
            pass

    def _index_record(self, record: GameRecord, table: str) -> None:
        games = self._index()
        known = games.get(record.game_id, {})
        keys = dict(known.get("keys", {})) if isinstance(known.get("keys"), dict) else {}
        for held, side in recorded_keys(record):
            keys.setdefault(held, side)
        entry = {"table": table or str(known.get("table", "")), "keys": keys,
                 "mail": bool(known.get("mail")) or bool(keys) or any(e.kind == "key" for e in record.entries),
                 "begun": record.entries[0].turn if record.entries else str(known.get("begun", ""))}
        if known != entry:
            games[record.game_id] = entry
            self._write_index(games)

    def _shared_keys(self, record: GameRecord) -> Comparison | None:
        """"keys-shared": a side's keys that another side holds, in this record or in what this computer has seen
        of this game."""
        held = recorded_keys(record)
        if not held:
            return None
        sides: dict[str, str] = {}
        known = self._index().get(record.game_id, {}).get("keys", {})
        for key, side in held:
            other = sides.setdefault(key, side)
            seen_as = known.get(key, side) if isinstance(known, dict) else side
            for holder, where in ((other, "in this file"), (seen_as, "in this game as this computer has seen it")):
                if holder != side:
                    return Comparison("keys-shared", words=(
                        f"This file gives the {SIDE_TITLES.get(side, side)} side the keys that the "
                        f"{SIDE_TITLES.get(holder, holder)} player holds {where}: with them this computer would sign "
                        f"as the wrong side. One side's keys are never the other's: do not open it, and ask the other "
                        "player about it."))
        return None

    def _known_elsewhere(self, record: GameRecord) -> Comparison | None:
        """"new-game": a record never seen here, begun at a table this computer knows from e-mail play, or
        recording keys it knows from another game."""
        if not record.entries:
            return None
        table = record.entries[0].data.get("table")
        held = dict(recorded_keys(record))
        begun = record.entries[0].turn
        for game_id, known in self._index().items():
            if game_id == record.game_id:
                continue
            keys = known.get("keys", {}) if isinstance(known.get("keys"), dict) else {}
            same_keys = [side for key, side in keys.items() if key in held]
            if known.get("mail") and table and known.get("table") == table:
                return Comparison("new-game", words=(
                    f"This is not the game you play by e-mail at this table{self._game_words(game_id)}: it is a new "
                    f"game under the same title and players, begun {begun}. A game begun again under a new name "
                    "draws its dice and envelopes again."))
            if same_keys:
                side = SIDE_TITLES.get(same_keys[0], same_keys[0])
                return Comparison("new-game", words=(
                    f"This is not the game this computer knows these players' keys from{self._game_words(game_id)} "
                    f"(the {side} player's keys there): it is another game, begun {begun}. A game begun again "
                    "under a new name draws its dice and envelopes again."))
        return None

    def _game_words(self, game_id: str) -> str:
        """" (record 7Q4M-K2XD, begun Fall 1939, seen up to Spring 1941)" for a game seen here."""
        branches, _own = self._read(game_id)
        standing = [branch for branch in branches if not branch.set_aside and branch.entries] or \
            [branch for branch in branches if branch.entries]
        if not standing:
            return ""
        from .codes import head_code

        longest = max(standing, key=lambda branch: len(branch.entries))
        return (f" (record {head_code(longest.head)}, begun {longest.entries[0].turn}, seen here up to "
                f"{longest.entries[-1].turn})")

    def remember(self, record: GameRecord, own: bool = False, facts: dict[str, str] | None = None) -> None:
        """Note that this computer has shown ``record`` (``own``: saved or sent from here, with the game's inputs and
        facts then, ``facts``, for "since your last turn"), and the table (title and players) its first entry
        names."""
        branches, own_head, tables = self._read_all(self._path(record.game_id))
        table = record.entries[0].data.get("table") if record.entries else None
        if isinstance(table, str) and table and table not in tables:
            tables = [*tables, table]
        kept: list[Branch] = []
        covered = False
        for branch in branches:
            how, _common = _compare(record, branch)
            if how == "extends" and not branch.set_aside:
                continue   # the longer record replaces it
            covered = covered or how == "older"
            kept.append(branch)
        if not covered:
            kept.append(Branch(tuple(SeenEntry.of(entry) for entry in record.entries)))
        self._write(record.game_id, kept, record.head if own else own_head, tables,
                    own_facts=(facts or {}) if own else None)
        self._index_record(record, table if isinstance(table, str) else "")

    def set_aside(self, record: GameRecord, comparison: Comparison) -> None:
        """The players go on from ``record``, an older or forked copy: the copy seen is set aside (it stays
        listed, so reopening it is named too) and ``record`` is remembered."""
        from .chain import now_text

        branches, own = self._read(record.game_id)
        if comparison.seen is not None:
            branches = [Branch(branch.entries, now_text()) if branch == comparison.seen else branch
                        for branch in branches]
        self._write(record.game_id, branches, own)
        self.remember(record)

    def entries_seen(self, game_id: str) -> tuple[SeenEntry, ...]:
        """Every entry of every record of the game this computer has shown, set-aside copies too (what it once
        signed stays known here: an e-mail envelope's consent is not given twice for one draw)."""
        branches, _own = self._read(game_id)
        return tuple(entry for branch in branches for entry in branch.entries)

    def own_facts_of(self, game_id: str) -> tuple[str, dict[str, str]]:
        """(the head this computer last saved or sent, the game's inputs and facts then) — empty if not kept."""
        try:
            return _own_facts(json.loads(self._path(game_id).read_text(encoding="utf-8")))
        except (OSError, ValueError):
            return "", {}

    def own_head(self, game_id: str) -> str:
        """The head this computer last saved or sent ("" if none)."""
        return self._read(game_id)[1]


def recorded_keys(record: GameRecord) -> list[tuple[str, str]]:
    """(digest of the public keys, side) of every "key" entry of ``record`` with a side, in order (no
    ``cryptography`` needed: the keys are compared as the file writes them)."""
    return [(digest(entry.data.get("keys")), entry.author) for entry in record.entries
            if entry.kind == "key" and entry.author]


def shared_keys_problem(record: GameRecord) -> RecordProblem | None:
    """The first "key" entry of ``record`` that records, for its side, keys another side holds in the record (a
    ``chain.RecordProblem``), or None.  One side's keys are never the other's: the player whose keys were given to
    the other side would sign as that side, and the app dice of both would be one player's."""
    holders: dict[str, str] = {}
    for entry in record.entries:
        if entry.kind != "key" or not entry.author:
            continue
        held = digest(entry.data.get("keys"))
        holder = holders.setdefault(held, entry.author)
        if holder != entry.author:
            return RecordProblem(entry.n, entry.turn, f"it records for the {entry.author.title()} side the keys the "
                                                      f"{holder.title()} player holds in this game: one side's keys "
                                                      "are never the other's")
    return None


def _own_facts(data: Any) -> tuple[str, dict[str, str]]:
    try:
        kept = data.get("own_facts") or {}
        facts = kept.get("facts") or {}
        return str(kept.get("head", "")), {str(name): str(value) for name, value in facts.items()}
    except (AttributeError, TypeError):
        return "", {}
