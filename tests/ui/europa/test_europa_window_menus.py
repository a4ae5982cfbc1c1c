"""Third play-test, the Europa window: a View menu with the main window's zoom and theme choices, Edit > Copy
report as Markdown, messages that start with a capital, and a Europa file opened twice brings its window to
the front instead of a second window on the same file."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QFileDialog, QLabel, QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window
from awaw_desktop.ui.shell.theme import is_dark
from tests.ui.helpers import find, press
from tests.ui.test_main_window import make_window


def danube():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob")
    return actions.add_nation(game, "Hungary")


@pytest.fixture
def europa(qtbot):
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(danube(), None)
    window.show()
    return window


def menu(window, title):
    return next(action.menu() for action in window.menuBar().actions() if action.text() == title)


def entries(menu_):
    found = []
    for action in menu_.actions():
        if action.isSeparator() or not action.isVisible():
            continue
        found.append(action.text())
        if action.menu() is not None:
            found += [f"  {sub.text()}" for sub in action.menu().actions()]
    return found


def click(menu_, text):
    for action in menu_.actions():
        if action.text() == text:
            action.trigger()
            return
        if action.menu() is not None and any(sub.text() == text for sub in action.menu().actions()):
            return click(action.menu(), text)
    raise AssertionError(f"no {text!r} in {entries(menu_)}")


def test_the_view_menu_offers_the_main_windows_zoom_and_theme(qtbot, europa):
    view = menu(europa, "&View")
    main_view = entries(menu(make_window(qtbot), "&View"))
    europa_view = entries(view)
    assert europa_view == ["Zoom &in", "Zoom &out", "&Actual size", "&Theme", "  Follow the &system", "  &Light",
                           "  &Dark"]
    assert all(entry in main_view for entry in europa_view)                 # the same words as the AWAW window
    turn = find(europa, "Current turn", QLabel)
    before = turn.font().pointSizeF()
    view.aboutToShow.emit()
    click(view, "Zoom &in")
    qtbot.waitUntil(lambda: turn.font().pointSizeF() > before)
    assert europa.statusBar().currentMessage() == "Zoom 110%"
    click(view, "&Actual size")
    qtbot.waitUntil(lambda: turn.font().pointSizeF() == pytest.approx(before))
    click(view, "&Dark")
    assert is_dark()
    view.aboutToShow.emit()
    assert [a.text() for a in view.actions()[-1].menu().actions() if a.isChecked()] == ["&Dark"]


def test_copy_report_as_markdown(qtbot, europa):
    click(menu(europa, "&Edit"), "Copy report as &Markdown")
    text = QGuiApplication.clipboard().text()
    assert text.startswith("# Danube\n") and "\n## Hungary\n" in text


def test_a_refusal_reads_as_a_sentence(qtbot, europa):
    bar = europa.tabs.tabBar()
    panel = europa.tabs.widget(next(i for i in range(bar.count()) if bar.tabText(i) == "Hungary"))
    europa.tabs.setCurrentWidget(panel)
    find(panel, "Requested by").setCurrentIndex(find(panel, "Requested by").findData("allied"))
    press(qtbot, panel, "Count REs")
    assert find(panel, "RE count message", QLabel).text().startswith("The Allied side may request an RE count")


def test_a_europa_file_opened_twice_comes_to_the_front(qtbot, monkeypatch, tmp_path):
    path = tmp_path / "danube.awaw"
    gamefile.save("europa", danube(), path)
    main = make_window(qtbot)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    before = len(family_window._open)
    main.action_open.trigger()                                             # File > Open in the AWAW window
    assert len(family_window._open) == before + 1
    opened = family_window._open[-1]
    qtbot.addWidget(opened)
    opened.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    opened.showMinimized()
    main.action_open.trigger()                                             # the same file again
    assert len(family_window._open) == before + 1
    assert not opened.isMinimized() and opened.isVisible()
    assert opened.statusBar().currentMessage() == "danube.awaw is open in this window"
    opened.end_turn()                                                      # unsaved work in it ...
    opened.action_open.trigger()                                           # ... File > Open of its own file
    assert len(family_window._open) == before + 1 and opened.game.turn == EuropaTurn.parse("Jul II 43")
    assert opened.isWindowModified()                                       # nothing asked, nothing lost


def test_zoom_and_theme_chosen_in_one_window_hold_in_the_other(qtbot, europa):
    # The zoom is the app's text size, shared by every window: the main window steps on from what the Europa
    # window chose, and its View menu shows the Europa window's choices when opened.
    main = make_window(qtbot)
    click(menu(europa, "&View"), "Zoom &in")
    click(menu(europa, "&View"), "Zoom &in")
    view = menu(main, "&View")
    view.aboutToShow.emit()
    assert main.zoom == 125
    main.action_zoom_in.trigger()
    assert main.zoom == 150
    click(menu(europa, "&View"), "&Dark")
    view.aboutToShow.emit()
    assert [action.data() for action in main.theme_actions.actions() if action.isChecked()] == ["dark"]
    main.set_zoom(100, remember=False)
    main.set_theme("system", remember=False)
