"""The record in a report: ``awaw-desktop report FILE --history`` (every entry) and ``--since CODE`` (the entries after
the head a player quoted), as text, Markdown or JSON, for every rules family.  Each entry is written with what stood
after it (a family's ``standing``: A World at War's levels)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from ..lines import RulesInputError
from .chain import Entry, GameRecord
from .codes import normal_code

#: (name, value as written) of what stood after each entry.
Standing = Sequence[Sequence[tuple[str, str]]]


def chosen_entries(record: GameRecord, since: str | None) -> tuple[Entry, ...]:
    """Every entry, or those after the head quoted as ``since`` (raises ``RulesInputError`` for a code the record
    does not hold: a copy that is not this game, or one that parted from it)."""
    if since is None:
        return record.entries
    code = normal_code(since)
    if code is None:
        raise RulesInputError(f"{since!r} is not a record code (eight letters and digits, like 7Q4M-K2XD)")
    entries = record.since_code(code)
    if entries is None:
        raise RulesInputError(f"record {code} is not in this file's record: the file is not that game, or it parted "
                              f"from it (this file's record is {record.code})")
    return entries


def _moved(before: Sequence[tuple[str, str]], after: Sequence[tuple[str, str]]) -> list[str]:
    old = dict(before)
    return [f"{name} {value}" + (f" (was {old[name]})" if name in old else "") for name, value in after
            if old.get(name) != value]


def render_entries(title: str, record: GameRecord, entries: Sequence[Entry], standing: Standing, fmt: str,
                   since: str | None = None, before: Sequence[tuple[str, str]] = ()) -> str:
    """The entries in ``fmt`` ("text", "markdown" or "json"); each names the levels that moved with it."""
    heading = (f"since record {normal_code(since)}" if since else "the whole record")
    counted = f"Record {record.code}, {len(entries)} entr{'y' if len(entries) == 1 else 'ies'}."
    rows = []
    previous = before
    for entry, stood in zip(entries, standing, strict=True):
        rows.append((entry, _moved(previous, stood), stood))
        previous = stood
    if fmt == "json":
        data: dict[str, Any] = {
            "game": {"title": title, "game_id": record.game_id, "record": record.code},
            "since": normal_code(since) if since else None,
            "entries": [{"n": entry.n + 1, "kind": entry.kind, "word": entry.word, "turn": entry.turn,
                         "summary": entry.summary, "rules": entry.rules, "at": entry.at, "author": entry.author,
                         "moved": moved, "after": dict(stood)} for entry, moved, stood in rows]}
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if fmt == "markdown":
        lines = [f"# {title or 'Untitled game'}: {heading}", "", counted, "",
                 "| # | Turn | What | Rules | Levels that moved |", "| --- | --- | --- | --- | --- |"]
        lines += [f"| {entry.n + 1} | {_cell(entry.turn)} | {_cell(entry.word + ': ' + entry.summary)} | "
                  f"{_cell(entry.rules)} | {_cell(', '.join(moved))} |" for entry, moved, _stood in rows]
        return "\n".join(lines) + "\n"
    lines = [f"{title or 'Untitled game'}: {heading}", counted, ""]
    for entry, moved, _stood in rows:
        lines.append(f"{entry.n + 1:>4}. {entry.line()}")
        if moved:
            lines.append(f"      levels: {', '.join(moved)}")
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")
