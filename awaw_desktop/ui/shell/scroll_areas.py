"""Scroll areas for small and scaled screens (1280x720 at 150% is 853x480 to lay out; issue 29).

- :class:`FittingScroll`: as tall as its content at its width when there is room (no frame, no scroll bar: it
  looks like no scroll area at all), scrolling when the window gives it less; the power tabs put the level, the
  verdict, what tips it and the carried values in one, so the table below keeps most of the height.
- :class:`HeadedScroll`: a table's scroll area whose column headings stay in view: once they scroll out of sight a
  copy of them is drawn over the top of the table, each over its column.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QSize, Qt, QTimer
from PySide6.QtWidgets import QFrame, QLabel, QScrollArea, QSizePolicy, QWidget


def _quiet(area: QScrollArea) -> None:
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # not a Tab stop of its own: Tab goes to what is in it


class FittingScroll(QScrollArea):
    """A scroll area that asks for its content's whole height at its width, and scrolls when given less."""

    def __init__(self, content: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _quiet(self)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.setWidget(content)
        self._refit = QTimer(self)   # the scroll area's own: it goes with it
        self._refit.setSingleShot(True)
        self._refit.setInterval(0)
        self._refit.timeout.connect(self.refit)
        content.installEventFilter(self)

    def sizeHint(self) -> QSize:
        content = self.widget()
        if content is None:
            return super().sizeHint()
        width = max(self.viewport().width(), content.minimumSizeHint().width())
        height = content.heightForWidth(width) if content.hasHeightForWidth() else content.sizeHint().height()
        return QSize(content.sizeHint().width(), max(height, content.minimumSizeHint().height()))

    def minimumSizeHint(self) -> QSize:
        return QSize(0, min(self.sizeHint().height(), 4 * self.fontMetrics().lineSpacing()))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.updateGeometry()   # the content's words changed: ask for its new height,
            self._refit.start()   # and once its layout has taken them, give it that height
        return super().eventFilter(watched, event)

    def refit(self) -> None:
        """Size the content to its height at the view's width again (a wrapped label's new words)."""
        self.setWidgetResizable(True)   # Qt fits the content to the view again when this is set


    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self.updateGeometry()   # another width: another height for the wrapped words


class HeadedScroll(QScrollArea):
    """A table's scroll area whose column headings (labels in the table's first row) stay in view."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        _quiet(self)
        self._headings: list[QLabel] = []
        self._copies: list[QLabel] = []
        self._strip = QWidget(self.viewport())
        self._strip.setObjectName("stickyHeadings")
        self._strip.setAutoFillBackground(True)
        self._strip.hide()
        self.verticalScrollBar().valueChanged.connect(self.place_headings)
        self.horizontalScrollBar().valueChanged.connect(self.place_headings)

    def keep_in_view(self, headings: list[QLabel]) -> None:
        """The labels to keep in view (the table's first row), once the table is the scroll area's widget."""
        self._headings = headings
        for heading in headings:
            copy = QLabel(heading.text(), self._strip)
            copy.setFont(heading.font())
            copy.setTextFormat(heading.textFormat())
            copy.setAccessibleName(f"{heading.text()} (column heading)".replace("<b>", "").replace("</b>", ""))
            self._copies.append(copy)
            heading.installEventFilter(self)
        if self.widget() is not None:
            self.widget().installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.LayoutRequest):
            self.place_headings()
        return super().eventFilter(watched, event)

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)  # type: ignore[arg-type]
        self.place_headings()

    def place_headings(self, *_args: object) -> None:
        """Show the copy of the headings over the table's top once the headings themselves scrolled away."""
        if not self._headings:
            return
        viewport = self.viewport()
        first = self._headings[0]
        top = first.mapTo(viewport, first.rect().topLeft()).y()
        if top >= 0:
            self._strip.hide()
            return
        height = max(heading.height() for heading in self._headings)
        self._strip.setGeometry(0, 0, viewport.width(), height + 4)
        for heading, copy in zip(self._headings, self._copies, strict=True):
            corner = heading.mapTo(viewport, heading.rect().topLeft())
            copy.setGeometry(corner.x(), 2, heading.width(), height)
        self._strip.show()
        self._strip.raise_()
