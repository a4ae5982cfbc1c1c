"""Play-test 2: A World at War by e-mail between two computers (two data folders).  Run:
QT_QPA_PLATFORM=offscreen PYTHONPATH=. /work/main/.venv/bin/python -m pytest -q -s -p no:cacheprovider \
    tests/playtest/play_awaw_email.py"""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QMessageBox, QPlainTextEdit

from awaw_desktop.core.awaw.common import Edition, Scenario, Season
from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.accessible import caption
from tests.playtest.common import dump, labels, note, shot
from tests.ui.campaign_helpers import enter_inputs
from tests.ui.conftest import own_settings  # noqa: F401
from tests.ui.helpers import NextDialog, choose, find, painted, press, type_number
from tests.ui.pbem_helpers import Computer, fill, shown


@pytest.fixture(autouse=True)
def no_keys_unlocked():
    player_keys.play_as(None)
    yield
    player_keys.play_as(None)


def window_at(qtbot, name):
    window = MainWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    window.resize(1366, 768)
    window.show()
    painted(qtbot, window)
    return window


def keys_dialog(qtbot, window, who, name, passphrase, side, shots):
    seen = {}

    def player(dialog):
        shot(dialog, f"{shots}-a-opened")
        seen["opened"] = labels(dialog)
        seen["side box"] = find(dialog, "Play this game as").currentText()
        fill(dialog, "Your name", name)
        fill(dialog, "New passphrase", passphrase)
        fill(dialog, "New passphrase again", passphrase)
        press(qtbot, dialog, "Make new keys")
        seen["made"] = shown(dialog, "Message")
        shot(dialog, f"{shots}-b-made")
        choose(dialog, "Play this game as", side)
        press(qtbot, dialog, "Take this side")
        seen["taken"] = shown(dialog, "Message")
        seen["game"] = shown(dialog, "This game's keys")
        seen["playing"] = shown(dialog, "This computer plays")
        shot(dialog, f"{shots}-c-taken")
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    note(who, "keys dialog:", seen)
    return seen


def send(qtbot, window, monkeypatch, who, next_side, folder, shots):
    seen = {}

    def save_dialog(_parent, title, proposed, _filter):
        seen["proposed"] = proposed
        seen["save title"] = title
        return str(folder / Path(proposed).name), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))

    def player(dialog):
        from PySide6.QtGui import QGuiApplication
        shot(dialog, f"{shots}-a-opened")
        seen["opened"] = labels(dialog)
        seen["who box"] = find(dialog, "Who moves next").currentText()
        seen["save enabled before choosing"] = find(dialog, "Save the turn file").isEnabled()
        choose(dialog, "Who moves next", f"The {next_side} player")
        press(qtbot, dialog, "Save the turn file\u2026")
        seen["after save"] = labels(dialog)
        mail = next(w for w in dialog.findChildren(QPlainTextEdit) if caption(w) == "Text for your e-mail")
        seen["mail"] = mail.toPlainText()
        shot(dialog, f"{shots}-b-saved")
        press(qtbot, dialog, "Copy")
        seen["copied"] = QGuiApplication.clipboard().text() == seen["mail"]
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_send_turn.trigger()
    hands.check()
    seen["path"] = str(folder / Path(seen["proposed"]).name)
    note(who, "send turn:", seen)
    note(who, "status after send:", window.statusBar().currentMessage(), "| title:", window.windowTitle())
    return Path(seen["path"])


def receive(qtbot, window, who, sent: Path, inbox: Path, shots):
    inbox.mkdir(exist_ok=True)
    target = inbox / sent.name
    target.write_bytes(sent.read_bytes())
    popups = []

    def any_box(box):
        items = [box.list.item(r).text() for r in range(box.list.count())] if hasattr(box, "list") else []
        popups.append((box.windowTitle(), labels(box), items))
        shot(box, f"{shots}-popup")
        box.close()

    hands = NextDialog(any_box, timeout_ms=1500)
    opened = window.open_path(target, confirmed=True)
    qtbot.wait(200)
    note(who, "opened", target.name, opened, "| popups:", popups)
    note(who, "status:", window.statusBar().currentMessage(), "| title:", window.windowTitle(),
         "| record:", window.record_code.text())
    dialog = window.since_dialog
    if dialog is not None and dialog.isVisible():
        shot(dialog, f"{shots}-since")
        note(who, "Since your last turn:", dialog.windowTitle(), labels(dialog),
             [dialog.list.item(r).text() for r in range(dialog.list.count())])
        dialog.close()
    else:
        note(who, "no Since-your-last-turn screen")
    shot(window, f"{shots}-window")
    del hands
    return target


def end_turn_all_first(qtbot, window, who, shots):
    seen = {}

    def player(dialog):
        shot(dialog, shots)
        seen["labels"] = [t for t in labels(dialog) if len(t) < 400]
        for _ in range(8):
            open_ = [c for c in [*dialog.confirm_widgets.values(), *dialog.choice_widgets.values()]
                     if c.currentIndex() < 1]
            if not open_:
                break
            seen.setdefault("asked", []).append(open_[0].accessibleName())
            open_[0].setCurrentIndex(open_[0].count() - 1)
        press(qtbot, dialog, "End the turn")

    hands = NextDialog(player)
    window.action_end_turn.trigger()
    hands.check()
    note(who, "end turn:", seen, "| now", window.store.session.turn.title, "| status:",
         window.statusBar().currentMessage())


def test_two_computers(qtbot, tmp_path, monkeypatch):
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis-pc"), Computer(monkeypatch, tmp_path / "allied-pc")
    axis_docs, allied_docs = tmp_path / "axis-docs", tmp_path / "allied-docs"
    axis_docs.mkdir()
    allied_docs.mkdir()

    with axis_pc:
        axis = window_at(qtbot, "axis")

        def newgame(dialog):
            choose(dialog, "Rules edition", Edition.UPDATED.title)
            choose(dialog, "Scenario type", Scenario.GLOBAL_WAR.title)
            choose(dialog, "Starting season", Season.FALL.title)
            type_number(qtbot, dialog, "Starting year", 1939)
            qtbot.keyClicks(find(dialog, "Game title"), "Mail game")
            qtbot.keyClicks(find(dialog, "Axis player"), "Axel")
            qtbot.keyClicks(find(dialog, "Allied player"), "Alice")
            press(qtbot, dialog, "Create game")

        hands = NextDialog(newgame)
        axis.action_new.trigger()
        hands.check()
        note("axis: File menu:", [a.text() for a in axis.menuBar().actions()[0].menu().actions()])
        note("axis: Send turn enabled before keys:", axis.action_send_turn.isEnabled(),
             axis.action_send_turn.toolTip(), axis.action_send_turn.statusTip())
        keys_dialog(qtbot, axis, "axis", "Axel", "Axel's long passphrase", "Axis", "mail-01-axis-keys")
        note("axis: status after keys:", axis.statusBar().currentMessage(), "| record:", axis.record_code.text())
        enter_inputs(qtbot, axis)
        a1 = send(qtbot, axis, monkeypatch, "axis", "Allied", axis_docs, "mail-02-axis-send")

    with allied_pc:
        allied = window_at(qtbot, "allied")
        receive(qtbot, allied, "allied", a1, allied_docs, "mail-03-allied-receives")
        note("allied: Send turn enabled before keys:", allied.action_send_turn.isEnabled())
        keys_dialog(qtbot, allied, "allied", "Alice", "Alice's long passphrase", "Allied", "mail-04-allied-keys")
        note("allied: status after keys:", allied.statusBar().currentMessage(), "| record:",
             allied.record_code.text())
        shot(allied, "mail-04d-allied-window-after-keys")
        end_turn_all_first(qtbot, allied, "allied", "mail-05-allied-end-turn")
        b1 = send(qtbot, allied, monkeypatch, "allied", "Axis", allied_docs, "mail-06-allied-send")
        note("allied after send: path", allied.path, "| modified", allied.isWindowModified(),
             "| undo", allied.action_undo.text())

    with axis_pc:
        receive(qtbot, axis, "axis", b1, axis_docs, "mail-07-axis-receives")
        end_turn_all_first(qtbot, axis, "axis", "mail-08-axis-end-turn")
        a2 = send(qtbot, axis, monkeypatch, "axis", "Allied", axis_docs, "mail-09-axis-send")

    with allied_pc:
        receive(qtbot, allied, "allied", a2, allied_docs, "mail-10-allied-receives")
        # The Allied player's app restarts (a new window) and opens his saved copy again
        allied.close()
        player_keys.play_as(None)   # the app restarted: no keys unlocked until he unlocks them
        again = window_at(qtbot, "allied-restart")
        note("allied restart: status", again.statusBar().currentMessage(), "| title:", again.windowTitle())
        receive(qtbot, again, "allied-restarted", allied_docs / a2.name, allied_docs / "again", "mail-11-restart")
        note("allied restarted: keys unlocked?", player_keys.playing_as() is not None)
        # he ends a turn without unlocking keys after the restart
        end_turn_all_first(qtbot, again, "allied-restarted", "mail-12-restart-end-turn")
        note("allied restarted: last entry author", again.store.session.record.entries[-1].kind,
             repr(again.store.session.record.entries[-1].author))
        b2 = send(qtbot, again, monkeypatch, "allied-restarted (keys locked)", "Axis", allied_docs,
                  "mail-14-restart-send-unsigned")
        rec = again.store.session.record
        note("allied restarted: last entries", [(e.kind, e.author, bool(e.signature)) for e in rec.entries[-3:]])
        # And the Axis player's file opened on the wrong computer (the Axis file sent back to its sender)
    with axis_pc:
        receive(qtbot, axis, "axis-own-file", a2, axis_docs / "own", "mail-13-axis-own-file")
        receive(qtbot, axis, "axis gets the unsigned turn", b2, axis_docs / "unsigned", "mail-15-axis-gets-unsigned")
    dump("awaw-email")
