"""Issue 15: a word-wrapped label that keeps its sizes per text (``ui/shell/wrapped_label.py``) still grows and shrinks
with its text, its font and the zoom, as a plain word-wrapped ``QLabel`` does, and is never cut short."""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from awaw_desktop.ui.shell.wrapped_label import WrappedLabel

SHORT = "Britain offers to surrender."
LONG = " ".join(["Britain offers to surrender and Germany may accept it (59.12);"] * 6)


def laid_out(qtbot, label: QLabel) -> QWidget:
    page = QWidget()
    qtbot.addWidget(page)
    layout = QVBoxLayout(page)
    layout.addWidget(label)
    layout.addStretch(1)   # the label as tall as its text, no taller
    page.resize(300, 400)
    page.show()
    qtbot.waitExposed(page)
    return page


def same_sizes(ours: WrappedLabel, plain: QLabel) -> bool:
    """The heights at every width are Qt's own; the preferred size is a line of at most 60 average characters at
    its height; the smallest holds a line of 16."""
    average = ours.fontMetrics().averageCharWidth()
    preferred, smallest = ours.sizeHint(), ours.minimumSizeHint()
    return (all(ours.heightForWidth(width) == plain.heightForWidth(width) for width in (120, 250, 546))
            and 0 < preferred.width() <= 60 * average + 1 and preferred.height() == ours.heightForWidth(
                preferred.width()) and smallest.width() == 16 * average
            and smallest.height() == ours.fontMetrics().lineSpacing())


def test_a_short_plain_verdict_prefers_its_own_width(qtbot):
    label = WrappedLabel(SHORT)
    page = laid_out(qtbot, label)
    assert label.sizeHint().width() == label.fontMetrics().horizontalAdvance(SHORT) + 1
    assert label.sizeHint().height() == label.fontMetrics().lineSpacing() and page.isVisible()


def test_the_sizes_follow_the_text_the_format_and_the_font(qtbot):
    ours, plain = WrappedLabel(SHORT), QLabel(SHORT)
    plain.setWordWrap(True)
    pages = [laid_out(qtbot, label) for label in (ours, plain)]
    assert same_sizes(ours, plain)
    short_height = ours.heightForWidth(250)
    for label in (ours, plain):
        label.setText(LONG)
    assert ours.heightForWidth(250) > short_height and same_sizes(ours, plain)
    for label in (ours, plain):
        label.setText(f"<ul><li><b>59.12</b> {LONG}</li></ul>")
    assert same_sizes(ours, plain)
    bigger = QFont(ours.font())
    bigger.setPointSizeF(bigger.pointSizeF() * 2)
    before = ours.heightForWidth(250)
    for label in (ours, plain):
        label.setFont(bigger)   # as View > Zoom does
    assert ours.heightForWidth(250) > before and same_sizes(ours, plain)
    assert all(page.isVisible() for page in pages)


def test_the_window_lays_the_new_text_out_at_its_new_height(qtbot):
    label = WrappedLabel(SHORT)
    page = laid_out(qtbot, label)
    one_line = label.height()
    label.setText(LONG)
    qtbot.waitUntil(lambda: label.height() > one_line * 3)
    label.setText(SHORT)
    qtbot.waitUntil(lambda: label.height() == one_line)
    assert page.isVisible()
