"""What this computer has seen of each game: the records it has shown, kept in the app's own data folder (never in
the game file), so that a copy rolled back (a discarded change, yesterday's copy, a dated backup) or two copies
played on from one file are named when they are opened.

For each game (by its record's id) the store keeps every *branch* it has seen (a record no other seen record
extends), each entry as its hash, turn, kind and words; the branch the players set aside when they chose to go on
from an older copy; and the head this computer last saved or sent (for "since your last turn").  A record is
remembered the moment an entry is appended, before any save: an envelope opened and then discarded counts as seen.

One small JSON file per game, written atomically.  Deleting the folder forgets everything (docs/game-record.md).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..files.atomic_file import clean_stray_temp_files, write_atomically
from ..frozen import Frozen
from .chain import Entry, GameRecord

SEEN_FORMAT = "awaw-desktop-seen"
SEEN_VERSION = 1
#: The words of an entry kept per branch (enough to name what a newer copy held).
KEPT_WORDS = 240
APP_NAME = "awaw-desktop"


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
    removed by calling the file an earlier version)."""

    verdict: str
    #: The record seen that this one is older than, or parts from.
    seen: Branch | None = None
    #: How many entries the two have in common.
    at: int = 0

    @property
    def trouble(self) -> bool:
        return self.verdict in ("older", "fork", "set-aside", "earlier-version")

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
            branches = [Branch(tuple(SeenEntry(*map(str, item)) for item in branch["entries"]),
                               str(branch.get("set_aside", ""))) for branch in data["branches"]]
            return branches, str(data.get("own", "")), [str(table) for table in data.get("tables", [])]
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return [], "", []   # nothing seen, or a damaged file: as if new (the app never refuses a game for it)

    def _write(self, game_id: str, branches: list[Branch], own: str, tables: list[str] | None = None) -> None:
        if tables is None:
            tables = self._read_all(self._path(game_id))[2]
        document: dict[str, Any] = {
            "format": SEEN_FORMAT, "version": SEEN_VERSION, "game_id": game_id, "own": own, "tables": tables,
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
        if not branches:
            return Comparison("earlier-version" if self.claims_earlier_version(record) else "new")
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

    def remember(self, record: GameRecord, own: bool = False) -> None:
        """Note that this computer has shown ``record`` (``own``: saved or sent from here), and the table (title and
        players) its first entry names."""
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
        self._write(record.game_id, kept, record.head if own else own_head, tables)

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

    def own_head(self, game_id: str) -> str:
        """The head this computer last saved or sent ("" if none)."""
        return self._read(game_id)[1]
