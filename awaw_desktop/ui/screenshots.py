"""``--screenshot-dir``: render the window with each tab (and each wizard page) to PNG files."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from .main_window import MainWindow


def _grab(widget: QWidget, path: Path) -> Path:
    QApplication.processEvents()
    widget.grab().save(str(path))
    return path


def render_screenshots(directory: Path, window: MainWindow | None = None) -> list[Path]:
    """Render every screen to ``directory``; returns the files written, named after what they show."""
    directory.mkdir(parents=True, exist_ok=True)
    window = window or MainWindow()
    window.resize(1366, 768)
    window.show()
    written: list[Path] = []
    for index in range(window.tabs.count()):
        window.tabs.setCurrentIndex(index)
        name = window.tabs.tabText(index).replace("&", "").replace(".", "").replace(" ", "-").lower()
        written.append(_grab(window, directory / f"{index + 1:02d}-tab-{name}.png"))
    for name, widget in getattr(window, "wizard_screens", lambda: [])():
        widget.resize(900, 680)
        widget.show()
        written.append(_grab(widget, directory / f"{name}.png"))
        widget.close()
    window.close()
    return written
