"""Windows and dialogs that fit the screen they are on (laptops, 200% scaling)."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QScrollArea, QVBoxLayout, QWidget, QWizard


def resize_within_screen(dialog: QWidget, width: int, height: int) -> None:
    """A comfortable size, but never more than the screen's free area (laptops, 200% scaling)."""
    screen = dialog.screen()
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
