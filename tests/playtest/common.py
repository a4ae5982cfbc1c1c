"""Shared bits of the play-test sessions (not collected by the suite: run each play_*.py by path)."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtWidgets import QApplication, QLabel, QWidget

SHOTS = Path(__file__).resolve().parents[2] / "playtest-shots"
NOTES: list[str] = []


def shot(widget: QWidget, name: str) -> Path:
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"{name}.png"
    QApplication.processEvents()
    widget.grab().save(str(path))
    return path


def note(*words: object) -> None:
    line = " ".join(str(w) for w in words)
    NOTES.append(line)
    print("NOTE:", line)


def labels(root: QWidget) -> list[str]:
    return [w.text() for w in root.findChildren(QLabel) if w.isVisible() and w.text().strip()]


def dump(name: str) -> None:
    SHOTS.mkdir(exist_ok=True)
    (SHOTS / f"{name}-notes.txt").write_text("\n".join(NOTES) + "\n", encoding="utf-8")


def screen_file(tmp: Path, dpr: float = 1.0) -> Path:
    path = tmp / "screen.json"
    path.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 1366, "height": 768,
                                             "logicalDpi": 96, "dpr": dpr}]}))
    return path
