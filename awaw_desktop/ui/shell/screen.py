"""Windows and dialogs that fit the screen they are on (laptops, 200% scaling)."""

from __future__ import annotations

from PySide6.QtWidgets import QWidget


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """A comfortable size, but never more than the screen's free area (laptops, 200% scaling)."""
    screen = dialog.screen()
    if screen is not None:
        area = screen.availableGeometry()
        width, height = min(width, area.width() - 40), min(height, area.height() - 60)
    dialog.resize(width, height)
