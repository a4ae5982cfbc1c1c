"""Driving the window the way a player does: find inputs by accessible name, click, type."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QAbstractButton, QCheckBox, QLabel, QSpinBox, QWidget


def find(root: QWidget, name: str, kind: type[QWidget] = QWidget) -> QWidget:
    """The one visible-or-not widget under ``root`` with this accessible name."""
    found = [w for w in root.findChildren(kind) if w.accessibleName() == name]
    assert found, f"no widget named {name!r}"
    assert len(found) == 1, f"{len(found)} widgets named {name!r}"
    return found[0]


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
