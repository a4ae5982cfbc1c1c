"""A play-by-e-mail player's hands (issue 31): his computer (its data folder and the keys its app has unlocked),
File > Players' keys and File > Send turn, driven by what the dialogs show."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QLabel, QLineEdit, QPlainTextEdit

from awaw_desktop.core.record import keys as player_keys
from awaw_desktop.ui.shell.accessible import caption

from .helpers import NextDialog, choose, find, press


def shown(root, name: str) -> str:
    """What the label with this caption shows."""
    label = find(root, name, QLabel)
    assert isinstance(label, QLabel)
    return label.text()


def fill(root, name: str, text: str) -> None:
    box = find(root, name, QLineEdit)
    assert isinstance(box, QLineEdit)
    box.setFocus()
    box.clear()
    box.insert(text)


class Computer:
    """One player's computer: its data folder (keys, what it has seen) and the keys its app plays with.  Both
    players' apps run in one test process here, so sitting down at one computer swaps both in."""

    def __init__(self, monkeypatch, folder: Path) -> None:
        self.monkeypatch, self.folder = monkeypatch, folder
        self.keys: player_keys.PlayerKeys | None = None

    def __enter__(self) -> Computer:
        self.monkeypatch.setenv("XDG_DATA_HOME", str(self.folder))
        player_keys.play_as(self.keys)
        return self

    def __exit__(self, *_exc: object) -> None:
        self.keys = player_keys.playing_as()
        player_keys.play_as(None)


def make_keys_and_take_side(qtbot, window, name: str, passphrase: str, side: str) -> dict[str, str]:
    """File > Players' keys: new keys, then "Play this game as" ``side``.  Returns what the dialog showed."""
    seen: dict[str, str] = {}

    def player(dialog):
        assert find(dialog, "Play this game as").currentText() == "Choose a side\u2026"   # nothing pre-chosen
        fill(dialog, "Your name", name)
        fill(dialog, "New passphrase", passphrase)
        fill(dialog, "New passphrase again", passphrase)
        press(qtbot, dialog, "Make new keys")
        seen["made"] = shown(dialog, "Message")
        choose(dialog, "Play this game as", side)
        press(qtbot, dialog, "Take this side")
        seen["taken"] = shown(dialog, "Message")
        seen["game"] = shown(dialog, "This game's keys")
        seen["playing"] = shown(dialog, "This computer plays")
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_player_keys.trigger()
    hands.check()
    return seen


def send_turn(qtbot, window, monkeypatch, next_side: str, folder: Path, name: str | None = None) -> dict[str, str]:
    """File > Send turn: who moves next, the proposed file name accepted (or ``name``), then the code and the
    e-mail's words read and copied.  Returns what was proposed and shown ("path", "proposed", "code", "mail",
    "suggestion", "copied")."""
    seen: dict[str, str] = {}

    def save_dialog(_parent, title, proposed, _filter):
        seen["proposed"] = proposed
        return str(folder / (name or Path(proposed).name)), ""

    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(save_dialog))

    def player(dialog):
        from PySide6.QtGui import QGuiApplication

        seen["suggestion"] = shown(dialog, "Suggestion")
        assert find(dialog, "Who moves next").currentText() == "Choose who moves next\u2026"
        choose(dialog, "Who moves next", f"The {next_side} player")
        press(qtbot, dialog, "Save the turn file\u2026")
        seen["code"] = shown(dialog, "Record code")
        seen["message"] = shown(dialog, "Message")
        mail = next(w for w in dialog.findChildren(QPlainTextEdit) if caption(w) == "Text for your e-mail")
        seen["mail"] = mail.toPlainText()
        press(qtbot, dialog, "Copy")
        seen["copied"] = QGuiApplication.clipboard().text()
        press(qtbot, dialog, "Close")

    hands = NextDialog(player)
    window.action_send_turn.trigger()
    hands.check()
    seen["path"] = str(folder / (name or Path(seen["proposed"]).name))
    return seen
