"""Rules families: all that the shared pieces (the game file, recovery, the report and readings commands, New game
and the windows) know of a family of rules, and the one place where each family is registered.

A family is a pair of packages, one per layer: ``core/<key>/`` with a ``family`` module whose ``FAMILY``
satisfies :class:`GameFamily` (this module), and ``ui/<key>/`` with a ``family`` module whose ``WINDOWS``
satisfies ``ui.shell.families.WindowFamily``.  :data:`REGISTRY` names both modules for each family key; they are
imported by name only when the family is asked for, so a third family is two new packages and one line here, and
no shared module imports a family's insides (``tests/core/test_family_boundaries.py``).

Games are opaque here (``Any``): only the family that made a game reads it.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from .frozen import Frozen
from .record.chain import Entry, GameRecord, RecordProblem

if TYPE_CHECKING:
    from .printable import PrintableReport, TurnSummary


class Registered(Frozen):
    """Where a family lives: its core module (holding ``FAMILY``) and its window module (holding ``WINDOWS``)."""

    rules: str
    window: str
    #: "module:function" that imports the rules its first screen assesses, or "".  The window's start calls it
    #: before Qt is imported (``cli.run``): the rules need no Qt, and PySide6 reads the source of every module
    #: imported after it (its ``__feature__`` check).  A plain name: loading ``FAMILY`` would load more.
    rules_loader: str = ""


#: Family key -> where it lives.  The one place families are registered.
REGISTRY: dict[str, Registered] = {
    "awaw": Registered(rules="awaw_desktop.core.awaw.family", window="awaw_desktop.ui.awaw.family",
                       rules_loader="awaw_desktop.core.awaw.assess:load_rules"),
    "europa": Registered(rules="awaw_desktop.core.europa.family", window="awaw_desktop.ui.europa.family"),
}
#: A session file with no ``family`` field holds a game of this family (files made before Europa games), and the
#: app's first window is this family's.
DEFAULT_FAMILY = "awaw"


@runtime_checkable
class GameFamily(Protocol):
    """One rules family, as the shared pieces use it (the core half; the window half is
    ``ui.shell.families.WindowFamily``)."""

    #: The key in :data:`REGISTRY` and in a file's ``family`` field.
    key: str
    #: Shown in New game and in messages: "A World at War (rules 54-62)".
    title: str
    #: The version of this family's session documents that this app writes.
    file_version: int
    #: How a starting turn is written in this family's calendar ("Fall 1939", "Jul I 1943").
    turn_example: str

    def new_game(self, title: str, players: dict[str, str], start: str) -> Any:
        """A new game: its title, {"axis": name, "allied": name}, and the starting turn as written."""

    def from_document(self, document: dict[str, Any]) -> Any:
        """The whole session document (``"format": "awaw-desktop-session"``) -> a game.  Raises
        ``SessionFileError`` naming the problem (a newer version, a damaged field ...)."""

    def to_document(self, game: Any) -> dict[str, Any]:
        """A game -> its whole session document (plain JSON values)."""

    def dumps(self, game: Any) -> bytes:
        """A game -> the bytes of its ``.awaw`` file, checked as a load checks them (raises ``SessionFileError``,
        "cannot save: ...")."""

    def describe(self, game: Any) -> tuple[str, str]:
        """A game -> (its title, the current turn as written in the family's calendar)."""

    def report_text(self, game: Any) -> str:
        """A game -> the players' report as plain text."""

    def report_main(self, argv: Sequence[str]) -> int:
        """``awaw-desktop report FILE ...`` for a file of this family: argv after "report" -> exit status."""

    def readings_markdown(self) -> str:
        """The family's section of docs/rules-readings.md (Markdown)."""

    def record_of(self, game: Any) -> GameRecord:
        """A game -> its game record (``core/record``)."""

    def check_record(self, raw: bytes) -> tuple[GameRecord, RecordProblem | None]:
        """The bytes of a file of this family -> its record as written, and the first entry that does not hold: the
        chain, then what the family can re-derive (the settled state, undo checkpoints, commitments, revealed draws
        and dice, and the game replayed by the rules: :meth:`replay`).  Raises ``SessionFileError`` for a file that
        cannot be read at all."""

    def replay(self, game: Any, start: int = 0) -> list[RecordProblem]:
        """What of a game's record the rules do not give, worked out again from the state and inputs each step
        started from (the family's own pure core), for the entries from ``start`` on (0: all; the window's open
        path passes the first entry this computer has not replayed): each named by its entry, turn and the two
        values.  Never raises for what a file holds."""

    def standing(self, entries: Sequence[Entry]) -> list[list[tuple[str, str]]]:
        """What stood after each entry, as (name, value) pairs to show ("Germany", "+3")."""

    def printable(self, game: Any) -> PrintableReport:
        """A game -> its turn report to print (File > Print, Export as PDF, ``report --format pdf``)."""

    def turn_summary(self, game: Any) -> TurnSummary:
        """A game -> this turn's results and what happened, for a forum post (Edit > Copy turn summary)."""


def load_rules(key: str) -> None:
    """Import a family's rules now (nothing for a family that names no loader)."""
    module, _, function = REGISTRY[key].rules_loader.partition(":")
    if module:
        getattr(importlib.import_module(module), function)()


def unknown_family(key: str) -> str:
    """Why a game of a rules family this version does not know is refused.  It begins as a newer version's file
    does: such a file is not damaged, so no backup of it is offered."""
    return (f"made by a newer version of awaw-desktop: a game of the rules family {key[:40]!r}, which this version "
            f"does not know (it knows {', '.join(all_keys())})")


def all_keys() -> tuple[str, ...]:
    """Every family key, the default family first."""
    return (DEFAULT_FAMILY, *(key for key in REGISTRY if key != DEFAULT_FAMILY))


def known(key: object) -> bool:
    return isinstance(key, str) and key in REGISTRY


def get(key: str) -> GameFamily:
    """The family called ``key`` (raises ``KeyError`` for a family this app does not know)."""
    if not known(key):
        raise KeyError(f"no rules family {key!r} (this app knows {', '.join(all_keys())})")
    found = importlib.import_module(REGISTRY[key].rules).FAMILY
    if not isinstance(found, GameFamily) or found.key != key:
        raise TypeError(f"{REGISTRY[key].rules} does not hold the {key!r} family")
    return found


def families() -> tuple[GameFamily, ...]:
    return tuple(get(key) for key in all_keys())


def readings_document() -> str:
    """docs/rules-readings.md: every family's readings, the default family's first."""
    return "\n".join(family.readings_markdown().rstrip("\n") + "\n" for family in families())
