"""A word-wrapped label that works out its sizes once per text, and cheaply.

Qt's layouts ask a word-wrapped label for its height at a width, and for its preferred and smallest sizes, several
times in one pass and again in the passes its parents make; each answer lays the whole text out again, and the
preferred and smallest sizes lay it out three or four times over (looking for a pleasing width, the widest word,
the height of one line).  A power's verdict and consequences, which most ticks change, cost about 1.2 ms of each
tick that way (issue 15).  Here the heights are kept until the text, its format, the font or the style changes;
the preferred width is a line of about ``PREFERRED_CHARACTERS`` average characters (or the text's own width if it
is shorter and plain), the smallest a line of ``SMALLEST_CHARACTERS``: one layout each, where Qt's took four."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSize, Qt
from PySide6.QtWidgets import QWidget

from .accessible import LiveLabel

#: The preferred width, in average characters: about what Qt's search for a pleasing width settles on.
PREFERRED_CHARACTERS = 60
#: The smallest width, in average characters: room for the longest words of a verdict.
SMALLEST_CHARACTERS = 16


class WrappedLabel(LiveLabel):
    """A word-wrapped ``QLabel`` that remembers its sizes until its text changes, and works them out cheaply; its
    accessible name, once given, is its caption and the words it shows (``accessible.LiveLabel``)."""

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

    def heightForWidth(self, width: int) -> int:
        height = self._heights.get(width)
        if height is None:
            height = self._heights[width] = super().heightForWidth(width)
        return height

    def _margins(self) -> tuple[int, int]:
        margins = self.contentsMargins()
        return margins.left() + margins.right(), margins.top() + margins.bottom()

    def _kept(self, which: str, work_out: Callable[[], QSize]) -> QSize:
        size = self._sizes.get(which)
        if size is None:
            size = self._sizes[which] = work_out()
        return QSize(size)

    def sizeHint(self) -> QSize:
        return self._kept("preferred", self._preferred)

    def minimumSizeHint(self) -> QSize:
        return self._kept("smallest", self._smallest)

    def _preferred(self) -> QSize:
        if not self.text():
            return super().sizeHint()
        metrics, (across, _down) = self.fontMetrics(), self._margins()
        width = metrics.averageCharWidth() * PREFERRED_CHARACTERS
        if self.textFormat() != Qt.TextFormat.RichText and "<" not in self.text():   # plain words
            width = min(width, metrics.horizontalAdvance(self.text()) + 1)
        return QSize(width + across, self.heightForWidth(width + across))

    def _smallest(self) -> QSize:
        if not self.text():
            return super().minimumSizeHint()
        metrics, (across, down) = self.fontMetrics(), self._margins()
        return QSize(metrics.averageCharWidth() * SMALLEST_CHARACTERS + across, metrics.lineSpacing() + down)

    def changeEvent(self, event: QEvent) -> None:  # a font, style or zoom change
        self._forget_sizes()
        super().changeEvent(event)
