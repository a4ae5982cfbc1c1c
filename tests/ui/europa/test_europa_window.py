"""A Europa game played through the window as players do (issue 14): File > New game, two nations, a sealed
envelope opened behind the cover screen and a paper one, an RE count, a surrender roll, a defection, a year of
turns with the envelope's dates read on screen, then Save, Open and the same state on screen; the file holds no
sealed card.  Europa files that cannot be read are refused without touching the open game."""

from __future__ import annotations

import json
import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QLabel, QLineEdit, QMessageBox, QPlainTextEdit, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import card_name
from awaw_desktop.core.europa.report import render
from awaw_desktop.core.files import gamefile
from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window, plain_text
from awaw_desktop.ui.shell.new_game import NewSessionDialog
from tests.ui.helpers import NextDialog, choose, find, tick, type_number
from tests.ui.test_main_window import make_window

AXIS_WORDS, ALLIED_WORDS = "olive branch", "red barn door"
EUROPA = "Europa: Axis political rules (56)"
T = EuropaTurn.parse


def press(qtbot, root, text):
    buttons = [b for b in root.findChildren(QPushButton) if b.text().replace("&", "") == text and b.isVisible()]
    assert len(buttons) == 1, f"no single visible button {text!r}"
    assert buttons[0].isEnabled(), f"{text!r} is disabled"
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)


def label(root, name):
    return find(root, name, QLabel).text()


def show_tab(qtbot, window, title):
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == title)
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    assert window.tabs.currentIndex() == index
    return window.tabs.widget(index)


def give_passphrase(qtbot, panel, side, words):
    assert f"Hand the laptop to the {side} player" in label(panel, "Cover screen")
    press(qtbot, panel, f"I am the {side} player")
    qtbot.keyClicks(find(panel, "Passphrase", QLineEdit), words)
    again = find(panel, "Passphrase again", QLineEdit)
    if again.isVisible():
        qtbot.keyClicks(again, words)
    press(qtbot, panel, "OK")


def type_into(qtbot, root, name, text):
    line = find(root, name, QLineEdit)
    line.setFocus()
    line.selectAll()
    qtbot.keyClicks(line, text)
    qtbot.keyClick(line, Qt.Key.Key_Tab)


def new_europa_game(qtbot, monkeypatch):
    window = make_window(qtbot)

    def player(dialog):
        choose(dialog, "Rules family", EUROPA)
        qtbot.keyClicks(find(dialog, "Game title"), "Kursk summer")
        qtbot.keyClicks(find(dialog, "Axis player"), "Ann")
        qtbot.keyClicks(find(dialog, "Allied player"), "Bob")
        press(qtbot, dialog, "Next >")
        start = find(dialog, "Starting game turn", QLineEdit)
        start.selectAll()
        qtbot.keyClicks(start, "Jun II 1943")
        tick(qtbot, dialog, "Italy")
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    europa = family_window._open[-1]
    assert isinstance(europa, EuropaWindow)
    qtbot.addWidget(europa)
    europa.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    assert window.store.session.title != "Kursk summer"          # the AWAW game stays as it was
    return europa


def end_turn(qtbot, europa):
    show_tab(qtbot, europa, "Turn track")
    press(qtbot, europa, "End turn")
    return europa.game.turn


def expected_stage(turn):
    if turn < T("Aug I 43"):
        return "Opened: seen by the opener, not in effect yet"
    if turn < T("Oct I 43"):
        return "In effect: seen by the opener only"
    if turn < T("Feb I 44"):
        return "Shown to both sides"
    return "Discarded: no more effect"


def rp_countdown(panel):
    status = label(panel, "Defection status")
    found = re.search(r"no RPs for (\d+) game turn", status)
    return int(found.group(1)) if found else status


def test_a_year_of_a_europa_game_played_saved_and_reopened(qtbot, monkeypatch, tmp_path):
    europa = new_europa_game(qtbot, monkeypatch)
    assert europa.windowTitle().startswith("Kursk summer") and label(europa, "Current turn") == "Jun II 1943"

    show_tab(qtbot, europa, "Turn track")                               # a second nation, added on the track
    find(europa, "Nation to add").setCurrentText("Rumania")
    press(qtbot, europa, "Add nation")
    assert [europa.tabs.tabText(i) for i in range(europa.tabs.count())] == \
        ["Overview", "Turn track", "Italy", "Rumania", "German aid", "City points"]

    italy = show_tab(qtbot, europa, "Italy")                             # the sealed envelope
    press(qtbot, italy, "Draw a sealed card")
    give_passphrase(qtbot, italy, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, italy, "Allied", ALLIED_WORDS)
    assert label(italy, "Envelope stage").startswith("Sealed: nobody has seen the card")
    rumania = show_tab(qtbot, europa, "Rumania")                         # and a paper one
    press(qtbot, rumania, "Draw a paper card")
    assert label(rumania, "Envelope stage").startswith("Sealed")

    assert end_turn(qtbot, europa) == T("Jul I 43")
    italy = show_tab(qtbot, europa, "Italy")
    press(qtbot, italy, "Open the envelope (Allied)")
    give_passphrase(qtbot, italy, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, italy, "Allied", ALLIED_WORDS)
    private = label(italy, "Private view")
    press(qtbot, italy, "Hide it")
    assert private and private.split(":")[0] not in label(italy, "Envelope stage")
    dates = label(italy, "Envelope dates")
    for date in ("Opened by the Allied side: Jul I 1943", "In effect from: Aug I 1943",
                 "To be shown to both sides by: Oct I 1943", "To be discarded: Feb I 1944"):   # still to come
        assert date in dates

    type_into(qtbot, italy, "New unit name", "Rome garrison")            # an RE count by the owner
    type_into(qtbot, italy, "New unit REs", "2")
    choose(italy, "New unit force", "Own")
    choose(italy, "New unit place", "Home country")
    tick(qtbot, italy, "New unit in the capital")
    press(qtbot, italy, "Add unit")
    choose(italy, "Requested by", "Axis side")
    press(qtbot, italy, "Count REs")
    assert label(italy, "RE count result") and "Rome" not in label(italy, "RE count message")
    assert find(italy, "RE count breakdown", QPlainTextEdit).toPlainText()

    type_into(qtbot, italy, "Surrender condition", "Sicily and Naples in Allied hands")   # a surrender roll
    choose(italy, "Surrender condition holds", "Holds")
    type_number(qtbot, italy, "Special replacement rate before any roll", 50)
    find(italy, "Die").setValue(4)
    press(qtbot, italy, "Record the typed die")
    assert "Special replacement rate now 40% after 1 roll" in label(italy, "Surrender status")

    rumania = show_tab(qtbot, europa, "Rumania")                         # a defection
    type_into(qtbot, rumania, "Ground unit", "4th Mountain")
    find(rumania, "Defection die").setValue(3)
    press(qtbot, rumania, "Add with the typed die")
    press(qtbot, rumania, "The nation defects now")
    assert "4th Mountain: 3 (typed from a real die) = 3, passes to the Soviet player" in \
        [find(rumania, "Defecting units").item(i).text() for i in range(find(rumania, "Defecting units").count())]
    countdown = [rp_countdown(rumania)]

    while europa.game.turn < T("Jun II 44"):                             # a year: 24 game turns in all
        turn = end_turn(qtbot, europa)
        italy = show_tab(qtbot, europa, "Italy")
        if turn == T("Oct I 43"):
            assert label(italy, "Envelope stage").startswith("In effect: due to be shown to both sides now")
            press(qtbot, italy, "Show the card to both sides")
            give_passphrase(qtbot, italy, "Allied", ALLIED_WORDS)
        assert label(italy, "Envelope stage").startswith(expected_stage(turn)), turn
        discarded = "Discarded" if turn >= T("Feb I 44") else "To be discarded"
        assert f"{discarded}: Feb I 1944" in label(italy, "Envelope dates")
        countdown.append(rp_countdown(show_tab(qtbot, europa, "Rumania")))
    assert europa.game.turn.turns_since(T("Jun II 43")) == 24
    assert countdown[:14] == [13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,   # 56.B.2: it and the 12 after it
                              "Defected on Jul I 1943: RPs at the usual rate."]
    assert private.split(":")[0] in label(show_tab(qtbot, europa, "Italy"), "Envelope stage")   # shown at last

    italy = show_tab(qtbot, europa, "Italy")                             # a new card, still sealed when saved
    press(qtbot, italy, "Draw a sealed card")
    give_passphrase(qtbot, italy, "Axis", AXIS_WORDS)
    give_passphrase(qtbot, italy, "Allied", ALLIED_WORDS)
    assert europa.isWindowModified()

    path = tmp_path / "kursk.awaw"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *args, **kwargs: (str(path), ""))
    europa.action_save.trigger()
    assert not europa.isWindowModified() and europa.windowTitle().startswith("kursk.awaw")
    text = path.read_text(encoding="utf-8")
    sealed_card = actions.open_envelope(gamefile.load(path).game, "Italy", AXIS_WORDS, ALLIED_WORDS)[1]
    assert sealed_card
    # Nowhere in the file unless as a card shown before (the same card can come up again: a fresh deck each draw).
    shown_before = {found["card"] for found in _objects(json.loads(text)) if found.get("card") and found.get("shown")}
    unshown = [found for found in _objects(json.loads(text)) if found.get("card") == sealed_card
               and not found.get("shown")]
    assert not unshown, unshown
    if sealed_card not in shown_before:
        assert f'"{sealed_card}"' not in text and card_name(sealed_card) not in text
    assert json.loads(text)["family"] == "europa"

    on_screen = {name: {key: label(show_tab(qtbot, europa, name), key) for key in
                        ("Envelope stage", "Envelope dates", "Surrender status", "Defection status")}
                 for name in ("Italy", "Rumania")}
    report = render(europa.game, "text")
    main = make_window(qtbot)                                             # File > Open in the AWAW window
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *args, **kwargs: (str(path), ""))
    windows = len(family_window._open)
    main.action_open.trigger()                                            # open already: that window, no other
    assert len(family_window._open) == windows and family_window._open[-1] is europa
    assert "kursk.awaw is open in this window" in europa.statusBar().currentMessage()
    assert europa.save_to(tmp_path / "kursk-copy.awaw")                   # the window moves to a copy ...
    main.action_open.trigger()                                            # ... so the file opens afresh
    reopened = family_window._open[-1]
    assert isinstance(reopened, EuropaWindow) and reopened is not europa
    qtbot.addWidget(reopened)
    assert label(reopened, "Current turn") == "Jun II 1944"
    assert render(reopened.game, "text") == report
    for name, shown in on_screen.items():
        panel = show_tab(qtbot, reopened, name)
        assert {key: label(panel, key) for key in shown} == shown


def test_undo_and_redo_in_the_edit_menu_take_back_a_turn_and_a_nation(qtbot, monkeypatch):
    europa = new_europa_game(qtbot, monkeypatch)
    end_turn(qtbot, europa)
    assert label(europa, "Current turn") == "Jul I 1943"
    europa.action_undo.trigger()
    assert label(europa, "Current turn") == "Jun II 1943"
    europa.action_redo.trigger()
    assert label(europa, "Current turn") == "Jul I 1943"
    show_tab(qtbot, europa, "Turn track")
    find(europa, "Nation to add").setCurrentText("Finland")
    press(qtbot, europa, "Add nation")
    assert europa.tabs.tabText(europa.tabs.count() - 3) == "Finland"   # before German aid and City points
    europa.action_undo.trigger()
    assert [europa.tabs.tabText(i) for i in range(europa.tabs.count())] == \
        ["Overview", "Turn track", "Italy", "German aid", "City points"]


def test_a_start_turn_off_the_calendar_or_none_is_explained_on_the_page(qtbot, monkeypatch):
    window = make_window(qtbot)
    before = len(family_window._open)
    seen = []

    def player(dialog):
        choose(dialog, "Rules family", EUROPA)
        press(qtbot, dialog, "Next >")
        start = find(dialog, "Starting game turn", QLineEdit)
        assert start.text() == "" and start.placeholderText() == "e.g. Jul I 1943"   # nothing chosen for the players
        press(qtbot, dialog, "Create game")
        seen.append(label(dialog, "Why the Europa game cannot be created yet"))
        qtbot.keyClicks(start, "Jul III 1943")
        press(qtbot, dialog, "Create game")
        seen.append(label(dialog, "Why the Europa game cannot be created yet"))
        dialog.reject()

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    assert seen[0] == "Not created: type the first game turn you play, like Jul I 1943 (two turns a month: I and II)"
    assert seen[1].startswith("Not created: a game turn is written like") and len(family_window._open) == before


@pytest.mark.parametrize("damage", ["truncated", "newer"])
def test_a_europa_file_that_cannot_be_read_leaves_the_open_game(qtbot, monkeypatch, tmp_path, damage):
    europa = new_europa_game(qtbot, monkeypatch)
    good = gamefile.dumps("europa", actions.add_nation(europa.game, "Finland"))
    path = tmp_path / "bad.awaw"
    path.write_bytes(good[:-30] if damage == "truncated" else
                     json.dumps({**json.loads(good), "version": 7}).encode())
    warnings = []
    monkeypatch.setattr(QMessageBox, "warning", lambda _parent, title, text: warnings.append((title, text)))
    monkeypatch.setattr(plain_text, "warn", lambda _parent, title, text: warnings.append((title, text)))
    before = europa.game
    for window in (europa, make_window(qtbot)):
        opened = len(family_window._open)
        assert window.open_path(path) is False
        assert len(family_window._open) == opened
    assert europa.game is before and [europa.tabs.tabText(i) for i in range(europa.tabs.count())] == \
        ["Overview", "Turn track", "Italy", "German aid", "City points"]
    reason = "bad.awaw is incomplete or damaged: it breaks off" if damage == "truncated" else "made by a newer version"
    assert len(warnings) == 2 and all(reason in text and "unchanged" in text for _title, text in warnings)


def test_help_lists_the_europa_readings(qtbot, monkeypatch):
    from PySide6.QtWidgets import QTextBrowser

    from awaw_desktop.ui.shell.readings_dialog import ReadingsDialog

    europa = new_europa_game(qtbot, monkeypatch)
    shown = []

    def reader(dialog):
        shown.append(find(dialog, "Rules readings", QTextBrowser).toPlainText())
        dialog.reject()

    hands = NextDialog(reader, ReadingsDialog)
    europa.action_readings.trigger()
    hands.check()
    assert "Europa: Axis political rules (56)" in shown[0] and "T + 7 months" in shown[0]


def test_an_unsaved_europa_game_is_recovered_after_a_crash(qtbot, monkeypatch, tmp_path):
    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.ui.shell import app as app_module

    recovery = RecoveryStore(tmp_path / "recovery")
    window = make_window(qtbot, recovery=recovery)

    def player(dialog):
        choose(dialog, "Rules family", EUROPA)
        qtbot.keyClicks(find(dialog, "Game title"), "Kursk summer")
        press(qtbot, dialog, "Next >")
        qtbot.keyClicks(find(dialog, "Starting game turn", QLineEdit), "Jul I 1943")
        tick(qtbot, dialog, "Hungary")
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    window.action_new.trigger()
    hands.check()
    europa = family_window._open[-1]
    qtbot.addWidget(europa)
    europa.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    end_turn(qtbot, europa)
    qtbot.waitUntil(lambda: [entry.family for entry in recovery.list()] == ["europa"], timeout=5000)
    assert recovery.list()[0].turn.title == "Jul II 1943"

    # The app "crashes" (the system lets go of its locks); at the next start the player recovers the game.
    recovery.release_all()
    monkeypatch.setattr(app_module, "ask_recovery", lambda entries, parent: {entries[0].id: "recover"})
    assert app_module.offer_recovery(make_window(qtbot, recovery=recovery), recovery)
    recovered = family_window._open[-1]
    assert isinstance(recovered, EuropaWindow) and recovered is not europa
    qtbot.addWidget(recovered)
    recovered.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    assert label(recovered, "Current turn") == "Jul II 1943" and recovered.isWindowModified()
    assert [recovered.tabs.tabText(i) for i in range(recovered.tabs.count())] == \
        ["Overview", "Turn track", "Hungary", "German aid", "City points"]
    assert [entry.id for entry in recovery.list()] == [recovered.recovery_id]   # the crash's copy is taken over
    path = tmp_path / "kursk.awaw"
    assert recovered.save_to(path)                                        # saved: its recovery copy goes
    assert recovery.list() == []


def _objects(value):
    """Every JSON object inside ``value``, itself included."""
    if isinstance(value, dict):
        yield value
        for item in value.values():
            yield from _objects(item)
    elif isinstance(value, list):
        for item in value:
            yield from _objects(item)
