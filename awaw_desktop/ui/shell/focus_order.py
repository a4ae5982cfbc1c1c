"""The Tab order of a screen as its layouts show it, and a caption for every combo box (issue 29).

Qt's Tab order is the order widgets were made in: a row built after the buttons below it (the end of turn's check
list, a wizard page's rebuilt rows, a wizard button added above a table) was reached last, after Cancel.  Here the
order is read off the layouts themselves: a box layout in its order, a grid or a form row by row, each row left to
right, a scroll area's, a stack's or a splitter's content in turn; every widget Tab stops at is chained in that
order.  A combo box named but with no caption on screen gets one a screen reader reads (``caption_combo``), and
rich tooltips get plain descriptions (``plain_descriptions``)."""

from __future__ import annotations

import itertools

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QAbstractSpinBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QLabel,
    QLayout,
    QLineEdit,
    QScrollArea,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QWidget,
    QWizard,
)

from .accessible import caption_combo, plain_descriptions

#: Widgets Tab stops at whose insides are theirs (a spin box's line edit, a combo box's list).
LEAVES = (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit, QAbstractItemView)


def _takes_tab(widget: QWidget) -> bool:
    return bool(widget.focusPolicy() & Qt.FocusPolicy.TabFocus) and widget.focusProxy() is None


def in_screen_order(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` that Tab may stop at, in the order the layouts show them (hidden ones too: a
    row shown later keeps its place)."""
    return _Walk(root).found


class _Walk:
    """One walk of a screen's layouts.  An object, not two nested functions calling each other: those would make a
    reference cycle that only the collector frees, keeping wrappers of Qt objects (a layout item, a tab bar Qt made)
    past their objects' deletion, and such a wrapper can be handed back for a new object at the same address, where
    a call on it crashes."""

    def __init__(self, root: QWidget) -> None:
        self.root = root
        self.found: list[QWidget] = []
        self.seen: set[int] = set()
        self.widget(root)

    def widget(self, item: QWidget) -> None:
        if id(item) in self.seen or (item.isWindow() and item is not self.root):
            return
        self.seen.add(id(item))
        if _takes_tab(item) and (isinstance(item, LEAVES) or item.layout() is None):
            self.found.append(item)
            if isinstance(item, LEAVES) or not isinstance(item, QAbstractScrollArea):
                return
        if isinstance(item, QScrollArea):
            if item.widget() is not None:
                self.widget(item.widget())
            return
        if isinstance(item, QTabWidget):
            self.widget(item.tabBar())
            for index in range(item.count()):
                self.widget(item.widget(index))
            return
        if isinstance(item, (QStackedWidget, QSplitter)):
            for index in range(item.count()):
                self.widget(item.widget(index))
            return
        if item.layout() is not None:
            self.layout(item.layout())
        for child in item.children():   # what no layout places (a hidden caption): after the rest
            if isinstance(child, QWidget) and not isinstance(child, QLabel):
                self.widget(child)

    def layout(self, box: QLayout) -> None:
        items = [box.itemAt(index) for index in range(box.count())]
        if isinstance(box, QGridLayout):
            places = [box.getItemPosition(index)[:2] for index in range(box.count())]
            items = [item for _place, item in sorted(zip(places, items, strict=True), key=lambda pair: pair[0])]
        elif isinstance(box, QFormLayout):
            places = [box.getItemPosition(index) for index in range(box.count())]
            items = [item for _place, item in sorted(zip(places, items, strict=True),
                                                     key=lambda pair: (pair[0][0], pair[0][1].value))]
        for item in items:
            if item is None:
                continue
            if item.widget() is not None:
                self.widget(item.widget())
            elif item.layout() is not None:
                self.layout(item.layout())


class _ReadablePages(QObject):
    """Makes each page of a wizard readable as it is shown (its rows may be built as it is entered)."""

    def __init__(self, wizard: QWizard) -> None:
        super().__init__(wizard)
        wizard.currentIdChanged.connect(self.page_shown)

    def page_shown(self, _page_id: int) -> None:
        wizard = self.parent()
        if isinstance(wizard, QWizard) and wizard.currentPage() is not None:
            make_readable(wizard.currentPage())


def readable_pages(wizard: QWizard) -> None:
    """Every page of ``wizard`` gets ``make_readable`` when shown."""
    _ReadablePages(wizard)


def make_readable(root: QWidget, order: bool = True) -> None:
    """Tab through ``root`` in the order its layouts show (unless ``order`` is False: a screen made in the order
    it shows); caption its combo boxes; plain descriptions."""
    chain = in_screen_order(root) if order else []
    for before, after in itertools.pairwise(chain):
        if before.window() is after.window():
            QWidget.setTabOrder(before, after)
    for combo in root.findChildren(QComboBox):
        parent = combo.parentWidget()
        if parent is None or not combo.accessibleName():
            continue
        if not any(isinstance(child, QLabel) and child.buddy() is combo for child in parent.children()):
            caption_combo(combo, combo.accessibleName(), parent)
    plain_descriptions(root)
