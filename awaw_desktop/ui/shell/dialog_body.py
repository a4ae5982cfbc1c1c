"""A dialog's body that scrolls on a small or scaled screen (1280x720 at 150% is 853x480 to lay out), while what is
below it (a message, the Close button) stays in view.  At a size where the body fits, nothing shows of the scroll
area: no frame, no scroll bar, no Tab stop of its own."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget


def scrolling_body(outer: QVBoxLayout) -> QVBoxLayout:
    """A layout for the dialog's body, in a scroll area added to ``outer`` (which keeps what is added after it)."""
    body = QWidget()
    content = QVBoxLayout(body)
    content.setContentsMargins(0, 0, 0, 0)
    scroll = QScrollArea()
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QFrame.Shape.NoFrame)
    scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    scroll.setWidget(body)
    outer.addWidget(scroll, 1)
    return content
