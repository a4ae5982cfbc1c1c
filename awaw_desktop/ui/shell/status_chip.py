"""A verdict as a chip: its words and shape mark on its tone's colour (colour always comes with words).

Painted here rather than styled with a style sheet: restyling a widget repolishes it and lays its parents out
again, which a tick that changes a power's status paid on every change (issue 15).  A new colour is a repaint of
the chip only; the text follows the zoom like any other label.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPaintEvent, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from .accessible import LiveLabel
from .theme import TONE_MARKS, Tone, tone_colours

#: Room around the words, as the style sheet's "padding: 4px 10px" gave.
PADDING = (10, 4)
RADIUS = 6


class StatusChip(LiveLabel):
    """The status words on their colour, with rounded corners; a screen reader hears its caption and the words
    ("Germany status: Surrenders"), without the shape in front of them."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setContentsMargins(PADDING[0], PADDING[1], PADDING[0], PADDING[1])
        self.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        font = QFont()
        font.setWeight(QFont.Weight.DemiBold)   # only the weight is the chip's own: the size follows View > Zoom
        self.setFont(font)
        self.tone: Tone | None = None
        #: (background, text) colours as "#rrggbb", for the tone and the light or dark scheme shown.
        self.colours = tone_colours(Tone.NEUTRAL, False)

    def spoken(self, text: str) -> str:
        words = super().spoken(text)
        mark, _space, rest = words.partition(" ")
        return rest if mark in TONE_MARKS.values() else words

    def show_tone(self, words: str, tone: Tone, dark: bool) -> None:
        """``words`` in the tone's colours for the scheme; a repaint only if anything changed."""
        if words != self.text():
            self.setText(words)
        colours = tone_colours(tone, dark)
        if (tone, colours) != (self.tone, self.colours):
            self.tone, self.colours = tone, colours
            palette = self.palette()   # a copy (the copy constructor would name Qt.GlobalColor)
            palette.setColor(QPalette.ColorRole.Window, QColor(colours[0]))
            palette.setColor(QPalette.ColorRole.WindowText, QColor(colours[1]))
            self.setPalette(palette)   # a repaint, not a restyle

    def paintEvent(self, event: QPaintEvent) -> None:
        # Colours come from the chip's palette: a painter takes its pen from it, and ``fillPath`` its brush.
        # (Naming a colour for a pen or a brush would load Qt's ``Qt`` namespace before the window's first
        # paint, where the Overview shows its chips; so would an alignment flag for the words.)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        shape = QPainterPath()
        shape.addRoundedRect(QRectF(self.rect()), RADIUS, RADIUS)
        painter.fillPath(shape, self.palette().window())
        area, metrics = self.contentsRect(), painter.fontMetrics()
        painter.drawText(area.left(), area.top() + (area.height() - metrics.height()) // 2 + metrics.ascent(),
                         self.text())
        painter.end()
