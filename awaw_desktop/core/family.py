"""Rules families: all that the shared pieces (the game file, the report, the readings page, New game and
the windows) know of a family of rules, and where each family is found.

A family is a package with a ``family`` module whose ``FAMILY`` is a :class:`Family`.  :data:`REGISTRY`
names that module for each family key; it is imported by name only when the family is asked for, so a
third family is a new package and one line here, and no shared module imports a family's insides.

Games are opaque here (``Any``): only the family that made a game reads it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import Any

from .frozen import Frozen

#: Family key -> the module holding its ``FAMILY``.
REGISTRY: dict[str, str] = {
    "awaw": "awaw_desktop.core.awaw.family",
    "europa": "awaw_desktop.core.europa.family",
}
#: A session file with no ``family`` field holds a game of this family (files made before Europa games).
DEFAULT_FAMILY = "awaw"
#: Family key -> "module:function" that imports the rules its first screen assesses.  The window's start calls
#: it before Qt is imported (``cli.run``): the rules need no Qt, and PySide6 reads the source of every module
#: imported after it (its ``__feature__`` check).  Plain names: loading the family's ``FAMILY`` would load more.
RULES_LOADERS: dict[str, str] = {"awaw": "awaw_desktop.core.awaw.assess:load_rules"}


def load_rules(key: str) -> None:
    """Import a family's rules now (nothing for a family that names no loader)."""
    module, _, function = RULES_LOADERS.get(key, "").partition(":")
    if module:
        getattr(importlib.import_module(module), function)()


class Family(Frozen):
    """One rules family, as the shared pieces use it."""

    key: str
    #: Shown in New game and in messages: "A World at War (rules 54-62)".
    title: str
    #: The version of this family's session documents that this app writes.
    file_version: int
    #: How a starting turn is written in this family's calendar ("Fall 1939", "Jul I 1943").
    turn_example: str
    #: (title, {"axis": name, "allied": name}, starting turn as written) -> a new game.
    new_game: Callable[[str, dict[str, str], str], Any]
    #: The whole session document (``"format": "awaw-desktop-session"``) -> a game.  Raises
    #: ``SessionFileError`` naming the problem (a newer version, a damaged field ...).
    from_document: Callable[[dict[str, Any]], Any]
    #: A game -> its whole session document (plain JSON values).
    to_document: Callable[[Any], dict[str, Any]]
    #: A game -> the players' report as plain text.
    report_text: Callable[[Any], str]
    #: ``awaw-desktop report FILE ...`` for a file of this family: argv after "report" -> exit status.
    report_main: Callable[[Sequence[str]], int]
    #: The family's section of docs/rules-readings.md (Markdown).
    readings_markdown: Callable[[], str]
    #: A game -> (its title, the current turn as written in the family's calendar).
    describe: Callable[[Any], tuple[str, str]]
    #: "module:Class" of the Qt window that shows a game of this family (imported by the UI, by name).
    window: str
    #: "module:Class" of its New game wizard page, or "" when the first page of New game is its own.
    new_game_page: str = ""


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


def get(key: str) -> Family:
    """The family called ``key`` (raises ``KeyError`` for a family this app does not know)."""
    if not known(key):
        raise KeyError(f"no rules family {key!r} (this app knows {', '.join(all_keys())})")
    found = importlib.import_module(REGISTRY[key]).FAMILY
    if not isinstance(found, Family) or found.key != key:
        raise TypeError(f"{REGISTRY[key]} does not hold the {key!r} family")
    return found


def families() -> tuple[Family, ...]:
    return tuple(get(key) for key in all_keys())


def readings_document() -> str:
    """docs/rules-readings.md: every family's readings, the default family's first."""
    return "\n".join(family.readings_markdown().rstrip("\n") + "\n" for family in families())
