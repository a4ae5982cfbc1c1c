"""Issue 29: every screen read through Qt's accessibility interface, as a screen reader gets it over AT-SPI: every
Tab stop has a name, in the order the screen shows; every live value says its value; every combo box has a
caption; no description is raw HTML; and a change of status is announced."""

from __future__ import annotations

import re
from itertools import pairwise

import pytest
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QComboBox, QLabel, QTabBar, QWidget

from awaw_desktop.ui.shell.accessible import LiveLabel, listeners, plain_text

from .every_screen import every_screen, open_window, settle

TAG = re.compile(r"<\s*/?\s*[a-zA-Z][^>]*>")


def interface(widget: QWidget):
    found = QAccessible.queryAccessibleInterface(widget)
    assert found is not None and found.isValid(), f"no accessible interface for {widget!r}"
    return found


def name_of(widget: QWidget) -> str:
    return interface(widget).text(QAccessible.Text.Name)


def labelled_by(widget: QWidget) -> list[str]:
    return [other.text(QAccessible.Text.Name) for other, _relation in
            interface(widget).relations(QAccessible.RelationFlag.Label) if other is not None]


def shown(widget: QWidget) -> bool:
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


def tab_stops(window: QWidget) -> list[QWidget]:
    """The widgets Tab stops at, in order: the window's focus chain once round."""
    from PySide6.QtCore import Qt

    stops, widget = [], window.nextInFocusChain()
    for _ in range(5000):
        if widget is window:
            break
        if (widget.isVisible() and widget.isEnabled() and widget.focusPolicy() & Qt.FocusPolicy.TabFocus
                and widget.window() is window and widget.focusProxy() is None):
            stops.append(widget)
        widget = widget.nextInFocusChain()
    return stops


def place(widget: QWidget, window: QWidget) -> QRect:
    return QRect(widget.mapTo(window, QPoint(0, 0)), widget.size())


def against_the_screen(stops: list[QWidget], window: QWidget) -> list[str]:
    """Steps of the Tab order that go back up the screen within the same column (a new column to the right may
    begin higher up).  The stops go round in a cycle, so one step wraps round from the bottom to the top; stops
    scrolled out of view are left out (their place on the window is no place on the screen)."""
    seen = [stop for stop in stops if shown(stop)]
    wrong = []
    for before, after in pairwise([*seen, seen[0]] if seen else []):
        one, two = place(before, window), place(after, window)
        above = two.bottom() < one.top()
        same_column = two.left() < one.right() and one.left() < two.right()
        left_of = two.right() <= one.left()
        if above and (same_column or left_of):
            wrong.append(f"{describe(before)} -> {describe(after)}")
    return wrong if len(wrong) > 1 else []   # the one wrap round


def describe(widget: QWidget) -> str:
    text = widget.text() if isinstance(widget, (QAbstractButton, QLabel)) else ""
    return f"{type(widget).__name__}({name_of(widget) or text!r})"


def problems(name: str, window: QWidget) -> list[str]:
    found: list[str] = []
    widgets = [window, *window.findChildren(QWidget)]
    for widget in widgets:
        if not widget.isVisible() or widget.window() is not window:
            continue
        face = interface(widget)
        description = face.text(QAccessible.Text.Description)
        if TAG.search(description):
            found.append(f"{describe(widget)}: HTML in its description {description[:60]!r}")
        if isinstance(widget, QLabel) and widget.accessibleName() and widget.text() and not widget.buddy():
            value = " ".join(plain_text(widget.text()).split())
            if isinstance(widget, LiveLabel):
                value = widget.spoken(widget.text())
                value = " ".join(value.split())
            if value and value not in " ".join(face.text(QAccessible.Text.Name).split()):
                found.append(f"label {widget.accessibleName()!r} does not say its value {value[:40]!r}")
        if isinstance(widget, QComboBox) and shown(widget):
            captions = [words for words in labelled_by(widget) if words and words != widget.currentText()]
            if not captions:
                found.append(f"combo box {widget.accessibleName() or widget.currentText()!r} has no caption")
    stops = tab_stops(window)
    assert stops, f"{name}: no Tab stop at all"
    for stop in stops:
        if isinstance(stop, QTabBar):
            continue   # a tab bar is read as its tabs, each named
        if not (name_of(stop).strip() or labelled_by(stop)):
            found.append(f"unnamed Tab stop {type(stop).__name__} ({stop.objectName()!r})")
        if interface(stop).role() == QAccessible.Role.NoRole:
            found.append(f"{describe(stop)} has no role")
    found.extend(f"Tab goes back up the screen: {step}" for step in against_the_screen(stops, window))
    return [f"{name}: {problem}" for problem in found]


@pytest.fixture(scope="module")
def window(qapp):
    shown_window = open_window()
    yield shown_window
    shown_window.store.undo_stack.setClean()
    shown_window.close()


def test_every_screen_reads_right_through_the_accessibility_interface(window):
    found: list[str] = []
    names = []
    for name, top in every_screen(window):
        names.append(name)
        found.extend(problems(name, top))
    assert len(names) > 30, names
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)


def test_a_change_of_status_is_announced_and_so_are_the_status_bars_messages(window):
    heard: list[str] = []

    def listen(_widget: QWidget, message: str) -> None:
        heard.append(message)

    listeners.append(listen)
    try:
        before = window.store.result("germany").status
        window.show_power("germany")
        settle()
        window.store.set_value("germany", "atomic_attacks", 4) if window.store.session.has_line(
            "germany", "atomic_attacks") else window.store.set_value("germany", "dp_level", -30)
        after = window.store.result("germany").status
        assert after is not before
        assert any(message.startswith("Germany: ") and after.title in message for message in heard), heard
        level = next(label for label in window.power_tabs["germany"].findChildren(LiveLabel)
                     if label.objectName() == "level")
        assert name_of(level).startswith("Germany level ") and level.text() in name_of(level)
        window.statusBar().showMessage("Not entered: a test message")
        assert "Not entered: a test message" in heard
        window.store.undo_stack.undo()
    finally:
        listeners.remove(listen)


def test_a_status_resting_on_values_nobody_entered_is_announced_as_not_settled(qtbot):
    """Issues 28 and 29 together: a screen reader is never told "Surrenders" of a result that rests on values nobody
    entered; it hears that the result is not settled, and what it would be counted so."""
    from PySide6.QtWidgets import QMessageBox

    from awaw_desktop.ui.awaw.main_window import MainWindow
    from awaw_desktop.ui.awaw.status_words import resting

    window = MainWindow()   # a new game: nothing entered yet
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard   # closing never asks
    heard: list[str] = []
    listeners.append(lambda _widget, message: heard.append(message))
    try:
        store = window.store
        assert resting(store).get("germany"), "a new game's Germany rests on values nobody entered"
        line = "firestorms"   # each city firestormed takes a point off Germany's level (55.11)
        before = store.result("germany").status
        for value in (5, 10, 20, 30, 40):
            store.set_value("germany", line, value)
            if store.result("germany").status is not before:
                break
        assert store.result("germany").status is not before
        said = [message for message in heard if message.startswith("Germany: ")]
        assert said and all("not settled" in message for message in said), heard
    finally:
        listeners.pop()
