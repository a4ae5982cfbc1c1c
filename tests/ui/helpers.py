"""Driving the window the way a player does: find inputs by accessible name, click, type."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QLabel, QSpinBox, QTabWidget, QWidget


def into_view(widget: QWidget) -> QWidget:
    """Choose the tab the widget is on, as a player does before reading or touching it (a tab not in view
    catches up with the game when it is chosen: ui/shell/follow.py)."""
    page: QWidget | None = widget
    while page is not None:
        stack = page.parentWidget()
        tabs = stack.parentWidget() if stack is not None else None
        if isinstance(tabs, QTabWidget) and tabs.indexOf(page) >= 0 and tabs.currentWidget() is not page:
            tabs.setCurrentWidget(page)
        page = stack
    return widget


def find(root: QWidget, name: str, kind: type[QWidget] = QWidget) -> QWidget:
    """The one widget under ``root`` with this accessible name, its tab brought into view."""
    from awaw_desktop.ui.shell.accessible import caption

    # A live value's accessible name is its caption and its value ("Germany level +7"): it is found by its caption.
    found = [w for w in root.findChildren(kind) if caption(w) == name]
    assert found, f"no widget named {name!r}"
    assert len(found) == 1, f"{len(found)} widgets named {name!r}"
    return into_view(found[0])


def tick(qtbot, root: QWidget, name: str, checked: bool = True) -> None:
    box = find(root, name, QCheckBox)
    assert isinstance(box, QCheckBox)
    if box.isChecked() != checked:
        qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))
    assert box.isChecked() == checked, f"{name} did not toggle"


def type_number(qtbot, root: QWidget, name: str, value: int) -> None:
    spin = find(root, name, QSpinBox)
    assert isinstance(spin, QSpinBox)
    spin.setFocus()
    line = spin.lineEdit()
    line.selectAll()
    qtbot.keyClicks(line, str(value))
    qtbot.keyClick(line, Qt.Key.Key_Tab)
    assert spin.value() == value, f"{name}: typed {value}, shows {spin.value()}"


def text(root: QWidget, name: str) -> str:
    label = find(root, name, QLabel)
    assert isinstance(label, QLabel)
    return label.text()


def shown_level(root: QWidget, title: str) -> int:
    raw = text(root, f"{title} level").replace("\u2212", "-")
    return int(raw)


def click(qtbot, root: QWidget, name: str) -> None:
    button = find(root, name, QAbstractButton)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def button(root: QWidget, label: str) -> QAbstractButton:
    """The one visible button whose text (without its & shortcut marker) is ``label``."""
    found = [b for b in root.findChildren(QAbstractButton)
             if b.text().replace("&", "") == label and b.isVisible()]
    assert found, f"no visible button {label!r}: {[b.text() for b in root.findChildren(QAbstractButton)]}"
    assert len(found) == 1, f"{len(found)} buttons {label!r}"
    return found[0]


def press(qtbot, root: QWidget, label: str) -> None:
    """Click a button by its visible text, as a player does."""
    target = button(root, label)
    assert target.isEnabled(), f"{label!r} is disabled: {target.toolTip()}"
    qtbot.mouseClick(target, Qt.MouseButton.LeftButton)


def choose(root: QWidget, name: str, text: str) -> None:
    """Pick the entry that reads ``text`` in the combo box with this accessible name."""
    from PySide6.QtWidgets import QComboBox

    combo = find(root, name, QComboBox)
    assert isinstance(combo, QComboBox)
    index = combo.findText(text)
    assert index >= 0, f"{name}: no entry {text!r} in {[combo.itemText(i) for i in range(combo.count())]}"
    combo.setCurrentIndex(index)


class NextDialog:
    """Fills in the next modal dialog with ``driver(dialog)`` once it is up: a dialog's ``exec``
    blocks the test, so the player's hands act from a timer.  If ``driver`` fails, the dialog is
    rejected so the test cannot hang, and ``check()`` raises the failure afterwards."""

    def __init__(self, driver, kind: type[QWidget] | None = None, timeout_ms: int = 5000) -> None:
        from PySide6.QtCore import QTimer

        self.driver, self.kind, self.timeout_ms = driver, kind, timeout_ms
        self.dialogs: list[QWidget] = []
        self.errors: list[BaseException] = []
        self.waited = 0
        QTimer.singleShot(0, self._poll)

    def _poll(self) -> None:
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QApplication, QDialog

        widget = QApplication.activeModalWidget()
        if widget is not None and widget.isVisible() and (self.kind is None or isinstance(widget, self.kind)):
            self.dialogs.append(widget)
            try:
                self.driver(widget)
            except BaseException as error:
                self.errors.append(error)
                if isinstance(widget, QDialog) and widget.isVisible():
                    widget.reject()
            return
        self.waited += 10
        if self.waited < self.timeout_ms:
            QTimer.singleShot(10, self._poll)

    def check(self) -> QWidget:
        """The dialog that was filled in (raises what went wrong in the driver)."""
        if self.errors:
            raise self.errors[0]
        assert self.dialogs, "no dialog opened"
        return self.dialogs[0]


def painted(qtbot, window) -> None:
    """Wait until the main window is on screen with its keys: a player presses keys after the window appears
    (the keys are given right after the first paint, ``MainWindow.install_shortcuts``)."""
    qtbot.waitUntil(lambda: window.shortcuts_installed, timeout=5000)


def shown_colour(widget: QWidget) -> str:
    """The colour a status chip shows behind its words ("#rrggbb"), read from the screen: a few pixels in from its
    left edge, half-way down."""
    image = into_view(widget).grab().toImage()
    return image.pixelColor(5, image.height() // 2).name()


def everything_entered(session):
    """Every value the tables need entered as it counts (issue 28: a value nobody entered leaves a result not
    settled and is asked for at the end of the turn), for tests about something else.  Returns the session."""
    from awaw_desktop.core.awaw import unentered

    # Every needed line the tables have, also those that count only later (the election's DPs once one is held).
    unentered.confirm(session, [(power, line.id) for power, wanted in unentered.NEEDED.items()
                                for line in session.lines(power) if line.id in wanted])
    return session
