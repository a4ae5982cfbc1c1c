"""What players are told when a copy of a game is older than, or parts from, one this computer has seen."""

from __future__ import annotations

from .chain import GameRecord
from .seen import Comparison, SeenEntry

#: Entries worth naming one by one when a newer copy held them (the rest are counted).
NOTABLE = ("opening", "showing", "draw", "count", "procedure", "die", "went-on", "gone-back", "undone")
#: At most this many named.
NAMED = 6


def held(entries: tuple[SeenEntry, ...]) -> str:
    """"Italy's envelope opened (Sep I 1943); 3 ends of turn" for what a newer copy held."""
    notable = [entry for entry in entries if entry.kind in NOTABLE]
    words = [f"{entry.summary} ({entry.turn})" for entry in notable[:NAMED]]
    if len(notable) > NAMED:
        words.append(f"{len(notable) - NAMED} more events")
    ends = sum(1 for entry in entries if entry.kind == "end-of-turn")
    if ends:
        words.append(f"{ends} end{'s' if ends != 1 else ''} of turn")
    return "; ".join(words) or f"{len(entries)} more entries"


#: What a file is named when it claims to be from before records while this computer has seen a game at the same
#: table, or any game by e-mail (``seen.SeenStore.claims_earlier_version``).
EARLIER_VERSION = "a file that claims to be from an earlier version: it holds no record of the game so far"


def earlier_version_words() -> str:
    return (f"This is {EARLIER_VERSION}. This computer has seen a game with the same title and players, or a game "
            "played by e-mail: if this game was played with a record, the record was removed from this copy.")


def comparison_words(comparison: Comparison, record: GameRecord) -> str:
    """The sentence for an older, forked or set-aside copy ("" when there is nothing to say)."""
    if comparison.verdict == "earlier-version":
        return earlier_version_words()
    here = record.entries[-1].turn if record.entries else "its start"
    seen = comparison.seen
    if seen is None or not comparison.trouble:
        return ""
    last = seen.entries[-1].turn if seen.entries else "its start"
    if comparison.verdict == "older":
        return (f"This copy ends at {here}; this computer has seen the game up to {last} (record "
                f"{_code(seen.head)}), with {held(comparison.newer_entries())}.")
    if comparison.verdict == "set-aside":
        return (f"This is a copy the players chose not to go on from ({seen.set_aside.replace('T', ' ')}): the game "
                f"went on from an older copy instead.")
    parted = seen.entries[comparison.at] if comparison.at < len(seen.entries) else None
    mine = record.entries[comparison.at] if comparison.at < len(record.entries) else None
    where = f"entry {comparison.at + 1}"
    there = f"; the copy seen here went on with {parted.line()}" if parted else ""
    ours = f" This copy has {mine.line()}" if mine else ""
    return (f"This copy parts from the one this computer has seen (up to {last}, record {_code(seen.head)}) at "
            f"{where}{there}.{ours}")


def _code(head: str) -> str:
    from .codes import head_code

    return head_code(head) if head else "none"
