"""Issue 29 for the Europa window: every screen of it read through Qt's accessibility interface with the same walk
as the A World at War window's (``tests/ui/test_accessibility_tree.py``): every Tab stop named and in screen order,
every live value saying its value, every combo box captioned, no description raw HTML; and a nation's change of
state is announced, never its card (but in the private view the Allied player asked for)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QWidget

from awaw_desktop.ui.shell.accessible import listeners
from tests.ui.test_accessibility_tree import problems

from .every_europa_screen import every_screen, open_window


@pytest.fixture
def window(qapp):
    shown = open_window()
    yield shown
    assert shown.holder is not None
    shown.holder.undo_stack.setClean()
    shown.close()


@pytest.fixture
def heard():
    said: list[str] = []

    def listen(_widget: QWidget, message: str) -> None:
        said.append(message)

    listeners.append(listen)
    yield said
    listeners.remove(listen)


def test_every_europa_screen_reads_right_through_the_accessibility_interface(window):
    found: list[str] = []
    names = []
    for name, top in every_screen(window):
        names.append(name)
        found.extend(problems(name, top))
    assert len(names) >= 18, names
    assert not found, f"{len(found)} problems:\n" + "\n".join(found)
