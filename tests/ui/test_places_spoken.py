"""A line of several places is spoken place by place (issue 40): its first box is not labelled by the line's caption,
which a screen reader speaks instead of the box's own name ("German-controlled cities: Breslau")."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QCheckBox

from .test_main_window import make_window


def _labelled_by(widget) -> list[str]:
    interface = QAccessible.queryAccessibleInterface(widget)
    return [other.text(QAccessible.Text.Name) for other, _relation in
            interface.relations(QAccessible.RelationFlag.Label)]   # the labels of the box


def test_every_box_of_a_line_of_places_is_spoken_by_its_place(qtbot):
    window = make_window(qtbot)
    tab = window.power_tabs["germany"]
    boxes = [box for box in tab.findChildren(QCheckBox) if box.accessibleName().startswith("German-controlled cities:")]
    assert len(boxes) > 1
    first = boxes[0]
    assert first.accessibleName() == f"German-controlled cities: {first.text()}"
    assert _labelled_by(first) == [], "the line's caption would be spoken instead of the place"
    single = next(box for box in tab.findChildren(QCheckBox) if box.accessibleName() == "Germany controls Berlin")
    assert single.accessibleName() == "Germany controls Berlin"
