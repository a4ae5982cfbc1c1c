"""Opening a copy of a game, for every rules family: what this computer has seen of it (``core.record.seen``).

An older copy, one that parts from a copy seen here, or one the players set aside is named, and opened only if the
players say so; that choice is an entry of the record (``went_on_words``).  A record that extends the one this
computer last saved or sent shows what was recorded since (``since_last_turn``).  Players who never roll back are
asked nothing.  The memory is the app's own (its data folder), never the game file's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...core.record.words import comparison_words, held

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ...core.record.chain import Entry, GameRecord, RecordProblem
    from ...core.record.seen import Comparison, SeenStore
    from .record_views import Standing

_STORE: dict[str, SeenStore] = {}


def seen_store() -> SeenStore:
    """This computer's memory of the games it has shown (made when first needed: after the first paint)."""
    from ...core.record.seen import SeenStore, default_directory

    directory = default_directory()
    store = _STORE.get(str(directory))
    if store is None:
        store = _STORE[str(directory)] = SeenStore(directory)
    return store


def check_copy(parent: QWidget, record: GameRecord, file_name: str) -> Comparison | bool:
    """True: nothing to say (a game never seen here, or the same or a longer record).  A comparison: an older,
    forked or set-aside copy the players chose to go on from (the caller records it, ``went_on``).  False: they
    chose not to open it."""
    _replay_from[record.head] = replay_start(record)   # before the game is shown (and so remembered here)
    comparison = seen_store().compare(record)
    if not comparison.trouble:
        return True
    from .record_views import ask_to_go_on

    return comparison if ask_to_go_on(parent, comparison, record, file_name) else False


def went_on_words(comparison: Comparison, record: GameRecord) -> tuple[str, dict[str, Any]]:
    """The entry saying the players went on from this copy, naming what the copy set aside held."""
    seen = comparison.seen
    words = (f"Opened although this computer said: {comparison.words}" if comparison.words else
             f"The players went on from this copy: {comparison_words(comparison, record)}")
    data = {"set_aside": seen.head if seen is not None else "", "verdict": comparison.verdict,
            "held": held(comparison.newer_entries())}
    return words[:4000], data


def went_on(record: GameRecord, comparison: Comparison) -> None:
    """After the entry is made: the copy seen here is set aside in this computer's memory."""
    seen_store().set_aside(record, comparison)


def remember_record(record: GameRecord, own: bool = False, facts: dict[str, str] | None = None) -> None:
    """This computer has shown ``record`` (``own``: saved or sent from here, the game's inputs and facts then being
    ``facts``: ``facts_of``)."""
    seen_store().remember(record, own, facts)


#: Parts of a game's document that are not its inputs and facts: how it is stored, its record (the entries are listed
#: on their own), its logs and undo checkpoints, and what an envelope keeps sealed (its own entries name each step).
NOT_FACTS = frozenset({"format", "version", "family", "record", "checkpoints", "history", "dice", "log", "envelope",
                       "past_envelopes"})
#: The most inputs and facts kept (a hostile file cannot fill the data folder).
MAX_FACTS = 20_000


def document_facts(document: Any) -> dict[str, str]:
    """A game's whole document -> its inputs and facts, one line each ("carry · italy · surrendered": "true"): every
    value, named by where it stands (a list of named things by their names), for every rules family."""
    import json

    facts: dict[str, str] = {}

    def walk(value: Any, where: tuple[str, ...]) -> None:
        if len(facts) >= MAX_FACTS:
            return
        if isinstance(value, dict):
            if set(value) == {"season", "year"}:   # a turn, as written
                facts[" \u00b7 ".join(where)] = f"{value['season']} {value['year']}".title()
                return
            for key, item in value.items():
                if key not in NOT_FACTS and not (key == "name" and where and where[-1] == item):   # named above
                    walk(item, (*where, str(key).replace("_", " ").replace(".", " ")))
        elif isinstance(value, list) and any(isinstance(item, dict | list) for item in value):
            for index, item in enumerate(value):
                name = item.get("name") if isinstance(item, dict) else None
                walk(item, (*where, str(name) if isinstance(name, str) and name else str(index + 1)))
        elif isinstance(value, list):
            facts[" \u00b7 ".join(where)] = ", ".join(str(item) for item in value) or "none"
        else:
            facts[" \u00b7 ".join(where)] = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) \
                else value
    walk(document.get("game", document) if isinstance(document, dict) else document, ())
    return {name[:200]: value[:200] for name, value in facts.items()}


def facts_of(key: str, game: Any) -> dict[str, str]:
    """The inputs and facts of a game of the family ``key``."""
    from ...core import family as families

    return document_facts(families.get(key).to_document(game))


def facts_of_bytes(raw: bytes) -> dict[str, str]:
    """The inputs and facts of a game file's bytes (nothing for bytes that are no JSON document)."""
    import json

    try:
        return document_facts(json.loads(raw))
    except (ValueError, UnicodeDecodeError):
        return {}


def changed_facts(before: dict[str, str], now: dict[str, str]) -> list[tuple[str, str, str]]:
    """(name, value then, value now) of every input and fact that changed, was added or went ("" for none)."""
    return [(name, before.get(name, ""), now.get(name, "")) for name in sorted(before.keys() | now.keys())
            if before.get(name, "") != now.get(name, "")]


def since_last_turn(record: GameRecord) -> tuple[str, tuple[Entry, ...]]:
    """(the head this computer last saved or sent, the entries recorded after it) — nothing when the record does
    not extend it."""
    head = seen_store().own_head(record.game_id)
    entries = record.since(head) if head else None
    return (head, entries) if entries else ("", ())


def facts_since_last_turn(record: GameRecord, facts: dict[str, str] | None) -> list[tuple[str, str, str]]:
    """Every input and fact that changed since the head this computer last saved or sent (``facts``: the game's
    now), when it kept them then; nothing when it did not, or when the record does not extend that head."""
    if facts is None:
        return []
    head, before = seen_store().own_facts_of(record.game_id)
    if not head or not before or record.since(head) is None:
        return []
    return changed_facts(before, facts)


#: The head of a record being opened -> the first entry this computer had not replayed when ``check_copy`` asked.
_replay_from: dict[str, int] = {}


def replay_start(record: GameRecord) -> int:
    """The first entry this computer has not replayed: every entry it has shown (made here, or in a file opened here)
    was worked out again when shown, and an entry's hash stands for every entry before it."""
    seen = {entry.hash for entry in seen_store().entries_seen(record.game_id)}
    for index in range(len(record.entries) - 1, -1, -1):
        if record.entries[index].hash in seen:
            return index + 1
    return 0


def replayed_problem(problem: RecordProblem | None, replay: Callable[[int], list[RecordProblem]],
                     record: GameRecord) -> RecordProblem | None:
    """``problem``, else the first step the rules do not give among the entries this computer has not replayed."""
    start = _replay_from.pop(record.head, None)
    start = replay_start(record) if start is None else start
    return problem if problem is not None else next(iter(replay(start)), None)


def signature_problem_of(record: GameRecord) -> RecordProblem | None:
    """In play by e-mail (the record holds players' keys): the first entry not signed by the side that made it, the
    others named after it.  A
    game played at one table holds no keys, and never loads ``cryptography`` for this."""
    if not any(entry.kind == "key" for entry in record.entries):
        return None
    from ...core.record.seen import shared_keys_problem

    shared = shared_keys_problem(record)
    if shared is not None:
        return shared
    problems = record.signature_problems()   # every one named: an unsigned entry must not hide a later forged one
    if not problems:
        return None
    from ...core.frozen import replace

    return replace(problems[0], what=problems[0].what + "".join(f"; and {other.words()}" for other in problems[1:]))


def after_open(parent: QWidget, copy: Comparison | bool, record: GameRecord, name: str,
               add_entry: Callable[[str, str, dict[str, Any]], None], record_now: Callable[[], GameRecord],
               problem: RecordProblem | None, standing: Callable[[Sequence[Entry]], list[Standing]],
               facts: dict[str, str] | None = None) -> Any:
    """Once a copy is open: going on from an older or forked copy is recorded (``add_entry``) and the copy seen set
    aside; a game that does not agree with its record, or an entry not signed by the side that made it, is named;
    what was recorded since this computer last saved or sent the game is shown, entry by entry, with every input and
    fact that changed since (``facts``: the game's now, ``facts_of``) and who made the entries (the dialog, or
    None)."""
    # The very record shown here before (a second copy of a turn, "name (1).awaw"): "Since your last turn" says that
    # nothing is new.
    again = bool(record.head) and record.head in {entry.hash for entry in seen_store().entries_seen(record.game_id)}
    if copy is not True and copy is not False:
        words, data = went_on_words(copy, record)
        add_entry("went-on", words, data)
        went_on(record_now(), copy)
    else:
        remember_record(record)
    signed = signature_problem_of(record)   # named whatever else was found: a forged entry is never hidden
    if problem is None or signed is None:
        problem = problem or signed
    elif signed.n != problem.n or signed.what != problem.what:
        from ...core.frozen import replace

        problem = replace(problem, what=f"{problem.what}; and {signed.words()}")
    if problem is not None:   # said, not asked: the game is open; the players decide what to make of it
        from PySide6.QtWidgets import QMessageBox

        from .plain_text import message_box

        message_box(QMessageBox.Icon.Warning, "The game record does not hold",
                    f"{name}: {problem.words()}. The file was changed outside the app; File > Verify the game record "
                    "says more. The game is open as the file holds it.", parent).open()
    changes = facts_since_last_turn(record, facts)
    head, _entries = since_last_turn(record)
    if not head and changes:   # the inputs and facts changed, and no entry since says so
        head = seen_store().own_head(record.game_id)
    if not head:
        return None
    from .record_views import show_since

    return show_since(parent, record, head, standing, changes, again)
