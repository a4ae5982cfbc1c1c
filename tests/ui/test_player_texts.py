"""Issue 28: no tooltip, label, description or status tip players read in the window names a developer's file, path or
code: every tab of an example game, The war tab, both surrender wizards at every page, and the end-of-turn dialog.
(The rules readings and the reports are scanned in tests/core/test_player_texts.py.)"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QMessageBox, QWidget

from awaw_desktop.core.awaw.sessionfile import load
from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog
from awaw_desktop.ui.awaw.main_window import MainWindow

from ..core.test_player_texts import developer_words
from .campaign_helpers import visit_every_tab, war_tab

ROOT = Path(__file__).resolve().parents[2]


def shown_texts(root: QWidget) -> list[tuple[str, str]]:
    """(widget, text) for every text a player can read on ``root`` and the widgets in it."""
    found: list[tuple[str, str]] = []
    for widget in [root, *root.findChildren(QWidget)]:
        name = widget.accessibleName() or type(widget).__name__
        for text in (widget.toolTip(), widget.accessibleDescription(), widget.statusTip(), widget.whatsThis()):
            if text:
                found.append((name, text))
        if isinstance(widget, (QLabel, QAbstractButton)) and widget.text():
            found.append((name, widget.text()))
    return found


def test_no_developer_words_anywhere_in_the_window(qtbot) -> None:
    for path in sorted((ROOT / "resources" / "examples").glob("*.awaw")):
        window = MainWindow()
        window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
        qtbot.addWidget(window)
        window.show()
        window.set_session(load(path), None)
        visit_every_tab(window)
        war_tab(window)
        window.overview.after_first_paint()
        roots: list[QWidget] = [window, *(widget for _name, widget in window.wizard_screens()),
                                EndOfTurnDialog(window.store.session, window)]
        for action in window.findChildren(type(window.action_end_turn)):
            assert not developer_words(action.statusTip() + action.toolTip()), action.text()
        read = 0
        for root in roots:
            for name, text in shown_texts(root):
                read += 1
                assert not developer_words(text), (path.name, name, text, developer_words(text))
        assert read > 1000, read   # the whole window and both wizards were read
        for root in roots[1:]:
            root.deleteLater()
