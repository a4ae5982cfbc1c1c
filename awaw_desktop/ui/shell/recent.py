"""File > Open Recent: the games last opened or saved, of every rules family, newest first.

One list for every window (the A World at War window and a Europa window both show it): it holds file paths only,
and each window opens a chosen path its own way (a game of another family goes to that family's window). An entry
shows the file's name; two files of the same name in different folders also show their folder, and the full path
is the entry's tooltip and status tip.
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMenu

MAX_RECENT = 8
NO_RECENT = "No recent games"


def recent_files() -> list[str]:
    value = QSettings().value("recentFiles", [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in (value or [])]


def remember(path: Path) -> None:
    """Put a game's file first in Open Recent (an AWAW or a Europa game: every window opens either)."""
    resolved = os.path.realpath(path)   # never raises (Path.resolve does, on a symbolic-link loop)
    files = [resolved] + [f for f in recent_files() if f != resolved]
    QSettings().setValue("recentFiles", files[:MAX_RECENT])


def _folders(paths: list[Path]) -> list[str]:
    """For paths that share a file name: the fewest trailing folders that tell them apart ("mail", "games/mail")."""
    for depth in range(1, max(len(path.parts) for path in paths)):
        labels = [str(Path(*path.parent.parts[-depth:])) if path.parent.parts else "" for path in paths]
        if len(set(labels)) == len(labels):
            return labels
    return [str(path.parent) for path in paths]


def entry_names(files: list[str]) -> list[str]:
    """What each recent file is called in the menu: its name, and its folder where another entry has that name."""
    paths = [Path(name) for name in files]
    shared = Counter(path.name for path in paths)
    names = [path.name for path in paths]
    for name, count in shared.items():
        if count > 1:
            group = [index for index, path in enumerate(paths) if path.name == name]
            for index, folder in zip(group, _folders([paths[i] for i in group]), strict=True):
                names[index] = f"{name} \u2014 in {folder}"
    return names


def fill_recent_menu(menu: QMenu, open_path: Callable[[Path], object]) -> None:
    """Fill ``menu`` with the recent games that still exist (the list forgets the others); ``open_path`` opens one."""
    menu.clear()
    menu.setToolTipsVisible(True)
    files = [name for name in recent_files() if Path(name).exists()]
    QSettings().setValue("recentFiles", files)
    if not files:
        menu.addAction(NO_RECENT).setEnabled(False)
    for index, (name, shown) in enumerate(zip(files, entry_names(files), strict=True), start=1):
        action = menu.addAction(f"&{index} {shown.replace('&', '&&')}", lambda n=name: open_path(Path(n)))
        action.setToolTip(name)
        action.setStatusTip(name)
