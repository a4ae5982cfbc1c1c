"""A word-wrapped label that works out its sizes once per text.

Qt's layouts ask a word-wrapped label for its height at a width, and for its preferred and smallest sizes, several
times in one pass and again in the passes its parents make; each answer lays the whole text out again (for the
preferred size, several times over, looking for a pleasing width).  A power's consequences, which a tick changes,
cost about 0.8 ms of each tick that way (issue 15).  The answers are kept until the text, its format, the font or
the style changes."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QLabel, QWidget


class WrappedLabel(QLabel):
    """A word-wrapped ``QLabel`` that remembers its height for each width asked, until its text changes."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self._heights: dict[int, int] = {}
        self._sizes: dict[str, QSize] = {}
        self.setWordWrap(True)

    def _forget_sizes(self) -> None:
        self._heights.clear()
        self._sizes.clear()

    def setText(self, text: str) -> None:
        if text != self.text():
            self._forget_sizes()
        super().setText(text)

    def setTextFormat(self, text_format: Qt.TextFormat) -> None:
        self._forget_sizes()
        super().setTextFormat(text_format)

    def sizeHint(self) -> QSize:
        size = self._sizes.get("preferred")
        if size is None:
            size = self._sizes["preferred"] = super().sizeHint()
        return QSize(size)

    def minimumSizeHint(self) -> QSize:
        size = self._sizes.get("smallest")
        if size is None:
            size = self._sizes["smallest"] = super().minimumSizeHint()
        return QSize(size)

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def changeEvent(self, event: QEvent) -> None:  # a font, style or zoom change
        self._forget_sizes()
        super().changeEvent(event)
