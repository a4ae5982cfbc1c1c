"""Play-test 3: Europa by e-mail: both players take sides, an envelope drawn by e-mail, German aid and city points,
at 1366x768 (or at 150% with PLAYTEST_SCALE=150), one turn by keyboard, what a screen reader hears.  Run:
QT_QPA_PLATFORM=offscreen PYTHONPATH=. /work/main/.venv/bin/python -m pytest -q -s -p no:cacheprovider \
    tests/playtest/play_europa_email.py
At 150%: QT_QPA_PLATFORM="offscreen:configfile=playtest-shots/screen-150.json" PLAYTEST_SCALE=150 ..."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLabel, QLineEdit, QMessageBox, QPlainTextEdit, QPushButton, QWidget

from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window
from awaw_desktop.ui.shell.accessible import caption
from awaw_desktop.ui.shell.new_game import NewSessionDialog
from tests.playtest.common import dump, labels, note, shot
from tests.ui.conftest import own_settings  # noqa: F401
from tests.ui.europa.drive import end_turn, label, pick, show_tab, type_box, type_line
from tests.ui.helpers import NextDialog, choose, find, press, tick
from tests.ui.pbem_helpers import Computer, fill, shown
from tests.ui.test_main_window import make_window

SCALE = os.environ.get("PLAYTEST_SCALE", "100")
P = f"eu{SCALE}"
STEPS = ("Add the Axis secret", "Add the Allied secret", "Give consent to open", "Open (Allied player)",
         "Show the card")


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def heard(widget: QWidget) -> str:
    face = QAccessible.queryAccessibleInterface(widget)
    if face is None:
        return "<no interface>"
    return (f"{face.text(QAccessible.Text.Name)!r} [{face.role().name}] "
            f"value={face.text(QAccessible.Text.Value)!r} desc={face.text(QAccessible.Text.Description)!r}")


def hear_all(root: QWidget, title: str) -> None:
    from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QComboBox
    for w in root.findChildren(QWidget):
        if not w.isVisible():
            continue
        if isinstance(w, (QLabel, QAbstractButton, QLineEdit, QComboBox, QAbstractSpinBox, QPlainTextEdit)):
            text = w.text() if hasattr(w, "text") and callable(w.text) else ""
            note(f"  [{title}] {type(w).__name__} shows {str(text)[:90]!r} -> hears {heard(w)[:300]}")


def window_fits(window, where):
    screen = window.screen().availableGeometry()
    frame = window.frameGeometry()
    note(f"{where}: screen {screen.width()}x{screen.height()} dpr {window.screen().devicePixelRatio()}; window "
         f"{frame.width()}x{frame.height()} min {window.minimumSizeHint().width()}x"
         f"{window.minimumSizeHint().height()}")


def hungary(qtbot, window):
    return show_tab(qtbot, window, "Hungary")


def envelope_state(window, who, name):
    panel = hungary(None, window) if False else window.tabs.currentWidget()
    seen = {step: (find(panel, step, QPushButton).isVisible(), find(panel, step, QPushButton).isEnabled(),
                   find(panel, step, QPushButton).toolTip()) for step in STEPS}
    texts = {n: label(panel, n) for n in ("Next step by e-mail", "Envelope message", "Envelope stage")
             if any(caption(w) == n for w in panel.findChildren(QLabel))}
    note(f"{who} envelope ({name}):", texts, {k: v for k, v in seen.items()})
    shot(window, f"{P}-{name}")


def send(qtbot, window, monkeypatch, who, next_side, folder, name):
    from PySide6.QtWidgets import QFileDialog
    seen = {}

    def save_dialog(_parent, title, proposed, _filter):
        seen["proposed"] = proposed
        return str(folder / Path(proposed).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))

    def player(dialog):
        seen["suggestion"] = shown(dialog, "Suggestion")
        choose(dialog, "Who moves next", f"The {next_side} player")
        press(qtbot, dialog, "Save the turn file\u2026")
        seen["message"] = shown(dialog, "Message")
        shot(dialog, f"{P}-{name}")
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_send_turn.trigger()
    hands.check()
    note(who, "sent:", seen, "| status:", window.statusBar().currentMessage())
    return folder / Path(seen["proposed"]).name


def receive(qtbot, who, path: Path, inbox: Path):
    inbox.mkdir(exist_ok=True)
    target = inbox / path.name
    target.write_bytes(path.read_bytes())
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    if SCALE == "100":
        window.resize(1366, 768)
    popups = []

    def any_box(box):
        items = [box.list.item(r).text() for r in range(box.list.count())] if hasattr(box, "list") else []
        popups.append((box.windowTitle(), labels(box)[:3], items))
        box.close()

    hands = NextDialog(any_box, timeout_ms=1000)
    assert window.open_path(target, confirmed=True)
    window.show()
    qtbot.wait(150)
    if window.since_dialog is not None and window.since_dialog.isVisible():
        d = window.since_dialog
        popups.append(("since (non-modal)", labels(d)[:3], [d.list.item(r).text() for r in range(d.list.count())]))
        d.close()
    note(who, "opened", target.name, "| popups:", popups, "| status:", window.statusBar().currentMessage(),
         "| record:", window.record_code.text())
    del hands
    return window


def keys(qtbot, window, who, name, phrase, side, shotname):
    seen = {}

    def player(dialog):
        fill(dialog, "Your name", name)
        fill(dialog, "New passphrase", phrase)
        fill(dialog, "New passphrase again", phrase)
        press(qtbot, dialog, "Make new keys")
        choose(dialog, "Play this game as", side)
        press(qtbot, dialog, "Take this side")
        seen["taken"] = shown(dialog, "Message")
        shot(dialog, f"{P}-{shotname}")
        if who == "axis":
            hear_all(dialog, "keys dialog")
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    note(who, "keys:", seen, "| status:", window.statusBar().currentMessage())


def focus_chain(qtbot, window, presses, title):
    chain = []
    for _ in range(presses):
        w = QApplication.focusWidget()
        QTest.keyClick(w or window, Qt.Key.Key_Tab)
        w = QApplication.focusWidget()
        chain.append(f"{type(w).__name__}:{caption(w) if w is not None else None}")
    note(f"Tab chain ({title}):", chain)
    return chain


def keyboard_turn(qtbot, window):
    """One turn by keyboard only: Ctrl+3 to the Hungary tab, Tab through it, Ctrl+2 and Tab to End turn, Space."""
    window.activateWindow()
    window.raise_()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=2000)
    before = window.game.turn
    QTest.keyClick(window, Qt.Key.Key_3, Qt.KeyboardModifier.ControlModifier)
    note("Ctrl+3 shows tab:", window.tabs.tabText(window.tabs.currentIndex()), "| focus:",
         caption(QApplication.focusWidget()) if QApplication.focusWidget() else None)
    focus_chain(qtbot, window, 30, "Hungary tab, after Ctrl+3")
    QTest.keyClick(window, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    note("Ctrl+2 shows tab:", window.tabs.tabText(window.tabs.currentIndex()))
    chain = focus_chain(qtbot, window, 25, "Turn track, after Ctrl+2")
    shot(window, f"{P}-28-keyboard-turn-track")
    # End the turn with the menu's shortcut
    popups = []
    hands = NextDialog(lambda box: (popups.append((box.windowTitle(), labels(box))), box.close()), timeout_ms=700)
    QTest.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_E, Qt.KeyboardModifier.ControlModifier)
    qtbot.wait(50)
    del hands
    note("Ctrl+E:", before, "->", window.game.turn, "| popups:", popups, "| status:",
         window.statusBar().currentMessage(), "| 'End turn' in Tab chain:", any(c.endswith(":End turn") for c in chain))
    # Alt+T opens the Turn menu?
    note("menu titles:", [a.text() for a in window.menuBar().actions()])


def test_europa_by_email(qtbot, tmp_path, monkeypatch):
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis-pc"), Computer(monkeypatch, tmp_path / "allied-pc")
    ad, bd = tmp_path / "axis-docs", tmp_path / "allied-docs"
    ad.mkdir()
    bd.mkdir()
    with axis_pc:
        start = make_window(qtbot)

        def player(dialog):
            choose(dialog, "Rules family", "Europa: Axis political rules (56)")
            qtbot.keyClicks(find(dialog, "Game title"), "Danube")
            qtbot.keyClicks(find(dialog, "Axis player"), "Ann")
            qtbot.keyClicks(find(dialog, "Allied player"), "Bob")
            press(qtbot, dialog, "Next >")
            st = find(dialog, "Starting game turn", QLineEdit)
            st.selectAll()
            qtbot.keyClicks(st, "Jul I 1943")
            tick(qtbot, dialog, "Hungary")
            shot(dialog, f"{P}-01-new-europa-game")
            press(qtbot, dialog, "Create game")

        hands = NextDialog(player, NewSessionDialog)
        start.action_new.trigger()
        hands.check()
        axis = family_window._open[-1]
        assert isinstance(axis, EuropaWindow)
        qtbot.addWidget(axis)
        axis.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
        if SCALE == "100":
            axis.resize(1366, 768)
        axis.show()
        qtbot.wait(100)
        window_fits(axis, "Europa window")
        note("europa tabs:", [axis.tabs.tabText(i) for i in range(axis.tabs.count())])
        shot(axis, f"{P}-02-europa-window")
        keys(qtbot, axis, "axis", "Ann", "Ann's long passphrase", "Axis", "03-axis-keys")
        hungary(qtbot, axis)
        envelope_state(axis, "axis", "04-axis-hungary-one-key")
        # German aid on the way: 10 RPs to the pool, 4 shipped to Hungary
        page = show_tab(qtbot, axis, "German aid")
        type_box(qtbot, page, "German armour RPs accumulated", 10)
        press(qtbot, page, "Add to the pool")
        note("aid ship-to choices:", [find(page, "Ship to").itemText(i) for i in range(find(page, "Ship to").count())])
        pick(page, "Ship to", "Hungary")
        type_box(qtbot, page, "RPs to ship", 4)
        try:
            pick(page, "Route", find(page, "Route").itemText(1))
        except Exception as error:
            note("route:", error)
        press(qtbot, page, "Ship now")
        note("aid message:", label(page, "German aid message"))
        shot(axis, f"{P}-05-axis-german-aid")
        cities = show_tab(qtbot, axis, "City points")
        type_line(qtbot, cities, "New place name", "Sofia")
        pick(cities, "New place country", "Bulgaria")
        pick(cities, "New place city or town", "City")
        pick(cities, "New place held by", "Axis")
        press(qtbot, cities, "Add place")
        shot(axis, f"{P}-06-axis-city-points")
        note("city points labels:", labels(cities)[:30])
        a1 = send(qtbot, axis, monkeypatch, "axis", "Allied", ad, "07-axis-send")

    with allied_pc:
        bob = receive(qtbot, "allied", a1, bd)
        shot(bob, f"{P}-08-allied-opens")
        keys(qtbot, bob, "allied", "Bob", "Bob's long passphrase", "Allied", "09-allied-keys")
        hungary(qtbot, bob)
        envelope_state(bob, "allied", "10-allied-hungary-both-keys")
        b1 = send(qtbot, bob, monkeypatch, "allied", "Axis", bd, "11-allied-send")

    flow = [("axis", "Add the Axis secret", "Allied"), ("allied", "Add the Allied secret", "Axis"),
            ("axis", "Give consent to open", "Allied"), ("allied", "Open (Allied player)", None)]
    last = b1
    for turn, (who, step, nxt) in enumerate(flow, start=1):
        pc, docs = (axis_pc, ad) if who == "axis" else (allied_pc, bd)
        with pc:
            w = receive(qtbot, who, last, docs / f"in{turn}")
            panel = hungary(qtbot, w)
            envelope_state(w, who, f"2{turn}a-{who}-before-{step.split()[0].lower()}")
            if who == "axis" and turn == 1:
                hear_all(panel, "Hungary tab")
            confirm = []
            def yes(box, turn=turn, confirm=confirm):
                buttons = [b.text() for b in box.buttons()]
                confirm.append((box.windowTitle(), labels(box), buttons,
                                box.defaultButton().text() if box.defaultButton() else None))
                shot(box, f"{P}-2{turn}c-confirm")
                agree = (QMessageBox.ButtonRole.AcceptRole, QMessageBox.ButtonRole.YesRole)
                target = next(b for b in box.buttons() if box.buttonRole(b) in agree)
                target.click()

            hands = NextDialog(yes, QMessageBox, timeout_ms=800)
            press(qtbot, panel, step)
            qtbot.wait(100)
            note(who, step, "confirm box:", confirm)
            del hands
            envelope_state(w, who, f"2{turn}b-{who}-after-{step.split()[0].lower()}")
            if nxt:
                last = send(qtbot, w, monkeypatch, who, nxt, docs, f"2{turn}d-{who}-send")
            else:
                bob = w
    with allied_pc:
        panel = hungary(qtbot, bob)
        note("show card enabled:", find(panel, "Show the card", QPushButton).isEnabled(),
             find(panel, "Show the card", QPushButton).toolTip())
        hear_all(panel, "Hungary tab, card opened")
        confirm = []

        def yes(box):
            confirm.append((box.windowTitle(), labels(box), [b.text() for b in box.buttons()]))
            shot(box, f"{P}-30-show-confirm")
            next(b for b in box.buttons() if box.buttonRole(b) in (QMessageBox.ButtonRole.AcceptRole,
                                                                    QMessageBox.ButtonRole.YesRole)).click()

        keyboard_turn(qtbot, bob)
        for _ in range(10):
            if find(hungary(qtbot, bob), "Show the card", QPushButton).isEnabled():
                break
            end_turn(qtbot, bob)
        panel = hungary(qtbot, bob)
        note("allied now at", bob.game.turn, "; show enabled:", find(panel, "Show the card", QPushButton).isEnabled())
        envelope_state(bob, "allied", "29-allied-show-due")
        if find(panel, "Show the card", QPushButton).isEnabled():
            hands = NextDialog(yes, QMessageBox, timeout_ms=800)
            press(qtbot, panel, "Show the card")
            qtbot.wait(100)
            del hands
            note("show confirm:", confirm)
            envelope_state(bob, "allied", "31-allied-after-show")
        shown_card = send(qtbot, bob, monkeypatch, "allied", "Axis", bd, "32-allied-send")
    with axis_pc:
        w = receive(qtbot, "axis", shown_card, ad / "in9")
        hungary(qtbot, w)
        envelope_state(w, "axis", "33-axis-sees")
        note("axis Hungary labels:", labels(w.tabs.currentWidget())[:40])
    dump(f"europa-email-{SCALE}")
