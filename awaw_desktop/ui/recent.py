"""File > Open Recent: the games last opened or saved, of every rules family, newest first."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QSettings

MAX_RECENT = 8


def recent_files() -> list[str]:
    value = QSettings().value("recentFiles", [])
    if isinstance(value, str):
        value = [value]
    return [str(v) for v in (value or [])]


def remember(path: Path) -> None:
    """Put a game's file first in Open Recent (an AWAW or a Europa game: the main window opens either)."""
    resolved = str(Path(path).resolve())
    files = [resolved] + [f for f in recent_files() if f != resolved]
    QSettings().setValue("recentFiles", files[:MAX_RECENT])
