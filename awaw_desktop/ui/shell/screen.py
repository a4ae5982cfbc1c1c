"""Windows and dialogs that fit the screen they are on (laptops, 200% scaling)."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QGuiApplication, QScreen
from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget, QWizard

#: A main window's size when the screen has room for it; smaller screens get their free area.
DEFAULT_SIZE = QSize(1280, 820)
#: Room kept for the window frame before the window is shown (title bar and borders).
FRAME_ALLOWANCE = QSize(16, 48)


def screen_of(widget: QWidget) -> QScreen | None:
    """The screen ``widget`` is on, found among the application's screens.  Not ``QWidget.screen()``: PySide6 6.11
    makes the screen it returns a child of the widget's wrapper; once that wrapper is collected the screen's own
    wrapper owns the screen, and a later garbage collection deleted the application's screen (the next window then
    crashed in ``QScreen::virtualSiblings``, issue 37)."""
    geometry = widget.frameGeometry() if widget.isWindow() else widget.window().frameGeometry()
    centre = geometry.center()
    for screen in QGuiApplication.screens():
        if screen.geometry().contains(centre):
            return screen
    return QGuiApplication.primaryScreen()


def fit_to_screen(window: QWidget) -> None:
    """Open a main window at a comfortable size, but never larger than the screen's free area (1366x768 and
    1280x720 laptops, 150% and 200% scaling), centred on it."""
    screen = screen_of(window)
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


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """A comfortable size, but never more than the screen's free area (laptops, 200% scaling)."""
    screen = screen_of(dialog)
    if screen is not None:
        area = screen.availableGeometry()
        width, height = min(width, area.width() - 40), min(height, area.height() - 60)
    dialog.resize(width, height)


def scrolling_pages(wizard: QWizard) -> None:
    """Each page's content in a scroll area of its own, so the wizard fits a small or scaled screen (1280x720 at
    150% is 853x480): the title and the buttons stay in view, the page scrolls between them.  At a size where the
    page fits, nothing shows of it (no frame, no scroll bar).  Call once every page is built."""
    from PySide6.QtCore import Qt

    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        content = page.layout()
        if content is None or page.property("awawScrolls"):
            continue
        holder = QWidget()
        holder.setLayout(content)   # Qt hands a layout (and the widgets it holds) from one widget to another
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)   # not a Tab stop of its own
        scroll.setWidget(holder)
        outer = QVBoxLayout(page)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)
        page.setProperty("awawScrolls", True)


def fit_wizard(wizard: QWizard, width: int, height: int) -> None:
    """A wizard whose pages scroll, at a comfortable size within the screen's free area; each page's Tab order
    follows its layout (``focus_order.readable_pages``)."""
    from .focus_order import readable_pages

    scrolling_pages(wizard)
    wizard.setMinimumSize(0, 0)
    resize_within_screen(wizard, width, height)
    readable_pages(wizard)
