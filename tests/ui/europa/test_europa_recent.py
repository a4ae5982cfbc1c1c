"""A saved Europa game is in the main window's File > Open Recent, and opening it from there opens its window."""

from __future__ import annotations

from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window
from tests.ui.europa.test_europa_window import new_europa_game
from tests.ui.test_main_window import make_window


def recent_entries(window) -> list[str]:
    window.menu_recent.aboutToShow.emit()   # the menu is filled as it opens
    return [action.text() for action in window.menu_recent.actions()]


def test_a_saved_europa_game_is_offered_in_open_recent_and_opens_in_its_window(qtbot, monkeypatch, tmp_path):
    europa = new_europa_game(qtbot, monkeypatch)
    path = tmp_path / "kursk.awaw"
    assert europa.save_to(path)
    window = make_window(qtbot)
    entries = recent_entries(window)
    assert entries[0] == "&1 kursk.awaw"
    opened = len(family_window._open)
    next(a for a in window.menu_recent.actions() if a.text() == "&1 kursk.awaw").trigger()
    assert len(family_window._open) == opened                # open already: its window comes forward
    assert europa.save_to(tmp_path / "kursk-copy.awaw")     # the window moves to a copy: the file opens afresh
    assert recent_entries(window)[:2] == ["&1 kursk-copy.awaw", "&2 kursk.awaw"]
    next(a for a in window.menu_recent.actions() if a.text() == "&2 kursk.awaw").trigger()
    assert len(family_window._open) == opened + 1
    again = family_window._open[-1]
    qtbot.addWidget(again)
    assert isinstance(again, EuropaWindow) and again.path == path and again.game.title == "Kursk summer"
    assert window.store.session.title != "Kursk summer"   # the AWAW game stays in the main window


def test_a_europa_game_opened_from_the_main_window_goes_first_in_open_recent(qtbot, monkeypatch, tmp_path):
    europa = new_europa_game(qtbot, monkeypatch)
    path = tmp_path / "second.awaw"
    assert europa.save_to(path)
    window = make_window(qtbot)
    other = tmp_path / "awaw.awaw"
    assert window.save_to(other)
    assert recent_entries(window)[0] == "&1 awaw.awaw"
    assert window.open_path(path, confirmed=True)
    qtbot.addWidget(family_window._open[-1])
    assert recent_entries(window)[:2] == ["&1 second.awaw", "&2 awaw.awaw"]
