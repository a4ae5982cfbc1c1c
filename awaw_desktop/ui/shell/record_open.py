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
    comparison = seen_store().compare(record)
    if not comparison.trouble:
        return True
    from .record_views import ask_to_go_on

    return comparison if ask_to_go_on(parent, comparison, record, file_name) else False


def went_on_words(comparison: Comparison, record: GameRecord) -> tuple[str, dict[str, Any]]:
    """The entry saying the players went on from this copy, naming what the copy set aside held."""
    seen = comparison.seen
    words = f"The players went on from this copy: {comparison_words(comparison, record)}"
    data = {"set_aside": seen.head if seen is not None else "", "verdict": comparison.verdict,
            "held": held(comparison.newer_entries())}
    return words[:4000], data


def went_on(record: GameRecord, comparison: Comparison) -> None:
    """After the entry is made: the copy seen here is set aside in this computer's memory."""
    seen_store().set_aside(record, comparison)


def remember_record(record: GameRecord, own: bool = False) -> None:
    """This computer has shown ``record`` (``own``: saved or sent from here)."""
    seen_store().remember(record, own)


def since_last_turn(record: GameRecord) -> tuple[str, tuple[Entry, ...]]:
    """(the head this computer last saved or sent, the entries recorded after it) — nothing when the record does
    not extend it."""
    head = seen_store().own_head(record.game_id)
    entries = record.since(head) if head else None
    return (head, entries) if entries else ("", ())


def signature_problem_of(record: GameRecord) -> RecordProblem | None:
    """In play by e-mail (the record holds players' keys): the first entry not signed by the side that made it, the
    others named after it.  A
    game played at one table holds no keys, and never loads ``cryptography`` for this."""
    if not any(entry.kind == "key" for entry in record.entries):
        return None
    problems = record.signature_problems()   # every one named: an unsigned entry must not hide a later forged one
    if not problems:
        return None
    from ...core.frozen import replace

    return replace(problems[0], what=problems[0].what + "".join(f"; and {other.words()}" for other in problems[1:]))


def after_open(parent: QWidget, copy: Comparison | bool, record: GameRecord, name: str,
               add_entry: Callable[[str, str, dict[str, Any]], None], record_now: Callable[[], GameRecord],
               problem: RecordProblem | None, standing: Callable[[Sequence[Entry]], list[Standing]]) -> Any:
    """Once a copy is open: going on from an older or forked copy is recorded (``add_entry``) and the copy seen set
    aside; a game that does not agree with its record, or an entry not signed by the side that made it, is named;
    what was recorded since this computer last saved or sent the game is shown, entry by entry (the dialog, or
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
    if problem is None:
        problem = signature_problem_of(record)
    if problem is not None:   # said, not asked: the game is open; the players decide what to make of it
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, "The game record does not hold",
                          f"{name}: {problem.words()}. The file was changed outside the app; File > Verify the game "
                          "record says more. The game is open as the file holds it.", QMessageBox.StandardButton.Ok,
                          parent)
        box.setAccessibleName(box.windowTitle())
        box.open()
    head, _entries = since_last_turn(record)
    if not head:
        return None
    from .record_views import show_since

    return show_since(parent, record, head, standing, again)
