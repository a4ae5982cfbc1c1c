""""Since your last turn" as a screen reader speaks it (issue 40): the intro and the entry shown are read by their
words, the record code players compare included, not by a caption ("Since your last turn", "Entry shown")."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QLabel

from awaw_desktop.core.record.chain import GameRecord
from awaw_desktop.core.record.codes import head_code
from awaw_desktop.ui.shell.record_views import SinceDialog


def test_the_intro_and_the_entry_shown_are_spoken_by_their_words(qtbot):
    record = GameRecord("e" * 32).append("begun", "Fall 1939", "New game", at="")
    head = record.head
    record = record.append("event", "Fall 1939", "Germany controls Berlin", at="")
    record = record.append("event", "Winter 1939", "Paris falls", at="")
    entries = record.since(head)
    since = f"record {head_code(head)}, your last turn"
    dialog = SinceDialog(entries, [[("Germany", "+3")], [("Germany", "+4")]], since)
    qtbot.addWidget(dialog)
    dialog.show()
    names = [QAccessible.queryAccessibleInterface(label).text(QAccessible.Text.Name)
             for label in dialog.findChildren(QLabel) if label.isVisible()]
    assert any(head_code(head) in name and "2 entries recorded since" in name for name in names), names
    assert any(name.startswith("Entry 1 of 2: ") and "Germany controls Berlin" in name for name in names), names
    assert "Since your last turn" not in names and "Entry shown" not in names
    dialog.show_entry(1)
    assert dialog.where.accessibleName().startswith("Entry 2 of 2: ") and "Paris falls" in dialog.where.accessibleName()
