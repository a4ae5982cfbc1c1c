"""The Europa window's size on the screen: as the A World at War window opens (``ui/shell/window_view.py``), at a
comfortable size but never larger than the screen's free area (1366x768 and 1280x720 laptops, 150% and 200%
scaling), centred on it."""

from __future__ import annotations

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from ..shell.window_view import DEFAULT_SIZE, FRAME_ALLOWANCE


def fit_to_screen(window: QWidget) -> None:
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        window.resize(DEFAULT_SIZE)
        return
    area = screen.availableGeometry()
    frame = window.frameGeometry().size() - window.geometry().size() if window.isVisible() else FRAME_ALLOWANCE
    width = max(320, min(DEFAULT_SIZE.width(), area.width() - frame.width()))
    height = max(240, min(DEFAULT_SIZE.height(), area.height() - frame.height()))
    window.resize(width, height)
    window.move(area.left() + (area.width() - width - frame.width()) // 2,
                area.top() + (area.height() - height - frame.height()) // 2)
