"""The Europa window as good as the A World at War one (issue 25): the Overview of the nations, Ctrl+1 to Ctrl+9,
Go there, Edit > Undo from a number box, zoom and theme reaching the new screens, states in colour and words, and
the window fitting laptop screens at 100% and 150%."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.cards import card_name, card_short
from awaw_desktop.ui.europa.screenshots import example_game
from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell.theme import Tone, tone_colours
from tests.ui.europa.drive import label, show_tab, tabs
from tests.ui.helpers import click, find

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def europa(qtbot):
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.set_game(example_game(), None)
    window.show()
    window.activateWindow()   # shortcuts go to the active window
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    qtbot.waitExposed(window)
    return window


def test_the_overview_has_a_row_per_nation_in_colour_and_words(qtbot, europa):
    overview = show_tab(qtbot, europa, "Overview")
    assert label(overview, "Overview heading") == "Oct II 1943 \u2014 Europa, Axis political rules (56)"
    assert find(overview, "Checks due this turn").text() == "\u2691 Checks due this turn: Rumania (defection)"
    italy_surrender = find(overview, "Italy surrender")
    assert italy_surrender.text() == "\u25a0 Surrendered Aug II 43" and italy_surrender.tone is Tone.FINAL
    assert find(overview, "Rumania defection").text() == "\u2716 Holds: check each turn"
    assert find(overview, "Hungary surrender").text() == "\u2713 Does not hold"
    assert find(overview, "Rumania this turn").text() == "\u2691 1 to do"
    assert label(overview, "Rumania due this turn") == "the defection condition holds: a defection check is due (56.B)"
    assert label(overview, "Italy last RE count").startswith("Aug II 43 (Axis): forces 22 3/4")
    assert label(overview, "Italy special replacement rates") == "RSI Italy 40%"   # Italy surrendered
    assert label(overview, "Hungary special replacement rates") == "rate not entered"
    assert find(overview, "Finland envelope").text() == "\u25cb No card drawn"
    click(qtbot, overview, "Go to Rumania")
    assert europa.tabs.currentWidget() is europa.panels["Rumania"]


def test_the_overview_names_a_card_only_once_both_sides_saw_it(qtbot, europa):
    game = europa.game
    assert game.nation("Italy").envelope.card == ""                        # opened, seen by the Allied side only
    overview = show_tab(qtbot, europa, "Overview")
    assert label(overview, "Italy card") == "Seen by the Allied side only"
    assert label(overview, "Rumania card") == "Nobody has seen it"
    shown, _card = actions.open_envelope(game, "Rumania")                  # the paper card, opened and then shown
    for _ in range(6):
        shown, _events = actions.end_turn(shown)
    shown = actions.show_card(shown, "Rumania", typed_card="KH")
    europa.holder.apply("Show the Rumanian card", lambda _game: shown)
    overview = show_tab(qtbot, europa, "Overview")
    assert label(overview, "Rumania card") == \
        f"{card_short('KH')}: Luftwaffe REs in the country count twice (in effect)"
    assert find(overview, "Rumania envelope").text() == "\u25b2 In effect, shown"
    assert card_name("KH") not in label(overview, "Italy card")


def test_ctrl_and_a_number_chooses_a_tab_as_in_the_other_window(qtbot, europa):
    assert tabs(europa) == ["Overview", "Turn track", "Italy", "Rumania", "Finland", "Hungary", "Bulgaria",
                            "German aid", "City points"]
    for key, title in ((Qt.Key.Key_2, "Turn track"), (Qt.Key.Key_3, "Italy"), (Qt.Key.Key_8, "German aid"),
                       (Qt.Key.Key_9, "City points"), (Qt.Key.Key_1, "Overview")):
        qtbot.keyClick(europa, key, Qt.KeyboardModifier.ControlModifier)
        assert europa.tabs.tabText(europa.tabs.currentIndex()) == title
    assert europa.tabs.tabToolTip(2) == "Italy (Ctrl+3)"


def test_the_turn_tracks_checks_go_to_the_nation(qtbot, europa):
    track = show_tab(qtbot, europa, "Turn track")
    click(qtbot, track, "Record the Rumania checks")
    assert europa.tabs.currentWidget() is europa.panels["Rumania"]


def test_undo_keys_in_a_number_box_undo_the_game(qtbot, europa):
    italy = show_tab(qtbot, europa, "Italy")
    box = find(italy, "TF hits")
    box.setFocus()
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), "3")
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Return)
    assert europa.game.nation("Italy").losses.tf_hits == 3
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert europa.game.nation("Italy").losses.tf_hits == 0 and box.value() == 0


def test_the_dark_theme_recolours_the_new_screens(qtbot, europa):
    overview = show_tab(qtbot, europa, "Overview")
    chip = find(overview, "Italy surrender")
    assert chip.colours == tone_colours(Tone.FINAL, False)
    try:
        click_menu(europa, "&View", "&Dark")
        europa.pages.recolour()
        assert chip.colours == tone_colours(Tone.FINAL, True)
    finally:
        click_menu(europa, "&View", "Follow the &system")


def test_zoom_reaches_the_roster_table(qtbot, europa):
    italy = show_tab(qtbot, europa, "Italy")
    table = italy.count_form.roster.table
    before = table.columnWidth(0)
    try:
        click_menu(europa, "&View", "Zoom &in")
        qtbot.waitUntil(lambda: table.columnWidth(0) > before)
    finally:
        click_menu(europa, "&View", "&Actual size")
    qtbot.waitUntil(lambda: table.columnWidth(0) == before)


def click_menu(window, title, text):
    menu = next(action.menu() for action in window.menuBar().actions() if action.text() == title)
    menu.aboutToShow.emit()
    for action in menu.actions():
        if action.text() == text:
            action.trigger()
            return
        if action.menu() is not None:
            for sub in action.menu().actions():
                if sub.text() == text:
                    sub.trigger()
                    return
    raise AssertionError(f"no {text!r} in {title}")


FIT = """
import json, sys
from awaw_desktop.ui.shell.app import make_application
from awaw_desktop.ui.europa.screenshots import example_game
from awaw_desktop.ui.europa.window import EuropaWindow

app = make_application(sys.argv[:1])
window = EuropaWindow()
window.ask_unsaved = lambda: None
window.set_game(example_game(), None)
window.show()
app.processEvents()
area = window.screen().availableGeometry()
frame = window.frameGeometry()
seen = {}
for index in range(window.tabs.count()):
    window.tabs.setCurrentIndex(index)
    app.processEvents()
    page = window.tabs.currentWidget()
    seen[window.tabs.tabText(index)] = page.isVisible() and window.rect().contains(
        page.mapTo(window, page.rect().bottomRight()))
overview = window.pages.overview
window.tabs.setCurrentWidget(overview)
app.processEvents()
from PySide6.QtWidgets import QLabel, QPushButton
buttons = [b for b in overview.findChildren(QPushButton) if b.accessibleName().startswith("Go to")]
dues = [label for label in overview.findChildren(QLabel) if label.accessibleName().endswith("due this turn")]
go = all(window.rect().contains(widget.mapTo(window, widget.rect().topRight())) for widget in buttons + dues
         if widget.isVisible())
window.holder.undo_stack.setClean()
window.close()
print(json.dumps({"area": [area.x(), area.y(), area.width(), area.height()],
                  "frame": [frame.x(), frame.y(), frame.width(), frame.height()], "seen": seen, "go": go}))
"""


@pytest.mark.parametrize(("width", "height", "scale"), [(1366, 768, "1"), (1280, 720, "1"), (1366, 768, "1.5")])
def test_the_window_fits_laptop_screens(tmp_path, width, height, scale):
    screen = tmp_path / "screen.json"
    screen.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "dpr": 1}]}))
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={screen}", "QT_SCALE_FACTOR": scale,
           "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", FIT], capture_output=True, text=True, env=env, timeout=120,
                          check=False)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    ax, ay, aw, ah = found["area"]
    fx, fy, fw, fh = found["frame"]
    assert ax <= fx and ay <= fy and fx + fw <= ax + aw and fy + fh <= ay + ah, found
    assert all(found["seen"].values()), found["seen"]
    assert found["go"], found                      # every row: its name button and what is due, in view
