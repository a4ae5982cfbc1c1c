"""A Europa game by e-mail through the window's own menus (issue 31): each player makes his keys and takes his side
with File > Players' keys, the envelope's e-mail steps appear as soon as both sides' keys are in the game, File >
Send turn writes the file named for the game, the turn and the side to move next, and the other computer opens it
and sees what was recorded since, each entry signed by its side."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QMessageBox, QPushButton

from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.record.verify import verify_bytes
from awaw_desktop.ui.europa.window import EuropaWindow
from tests.ui.helpers import find, press
from tests.ui.pbem_helpers import Computer, make_keys_and_take_side, send_turn


def window_on(qtbot, path: Path | None, game=None) -> EuropaWindow:
    window = EuropaWindow()
    qtbot.addWidget(window)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    if game is not None:
        window.set_game(game, None)
    else:
        assert window.open_path(path, confirmed=True)
    window.show()
    return window


def hungary(qtbot, window):
    bar = window.tabs.tabBar()
    index = next(i for i in range(bar.count()) if bar.tabText(i) == "Hungary")
    qtbot.mouseClick(bar, Qt.MouseButton.LeftButton, pos=bar.tabRect(index).center())
    return window.tabs.widget(index)


def test_a_europa_game_by_email_from_the_menus(qtbot, tmp_path, monkeypatch):
    axis_pc, allied_pc = Computer(monkeypatch, tmp_path / "axis"), Computer(monkeypatch, tmp_path / "allied")
    axis_docs, allied_docs = tmp_path / "axis-docs", tmp_path / "allied-docs"
    axis_docs.mkdir()
    allied_docs.mkdir()
    game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Danube", "Ann", "Bob"), "Hungary")

    with axis_pc:
        axis = window_on(qtbot, None, game)
        seen = make_keys_and_take_side(qtbot, axis, "Ann", "Ann's long passphrase", "Axis")
        assert "Axis" in seen["game"] and axis.record_code.text().endswith("\u00b7 signed: Axis")
        # One side's keys only: the envelope is still drawn at one table until the Allied keys are in the game.
        assert find(hungary(qtbot, axis), "Draw a sealed card", QPushButton).isVisible()
        first = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
        assert Path(first["path"]).name == "danube-1943-jul-i-allied.awaw"
        assert first["code"] == f"record {axis.game.record.code}" and first["code"] in first["mail"]
        assert axis.game.record.entries[-1].kind == "sent" and axis.game.record.entries[-1].author == "axis"

    with allied_pc:
        allied = window_on(qtbot, Path(first["path"]))
        assert allied.record_code.text() == first["code"]
        make_keys_and_take_side(qtbot, allied, "Bob", "Bob's long passphrase", "Allied")
        panel = hungary(qtbot, allied)
        # Both sides' keys are in the game now: the box offers the e-mail steps, the Axis player's first.
        assert not find(panel, "Draw a sealed card", QPushButton).isVisible()
        assert "the Axis player adds the Axis secret" in find(panel, "Next step by e-mail", QLabel).text()
        assert not find(panel, "Add the Axis secret", QPushButton).isEnabled()
        back = send_turn(qtbot, allied, monkeypatch, "Axis", allied_docs)
        assert Path(back["path"]).name == "danube-1943-jul-i-axis.awaw"

    with axis_pc:
        assert axis.open_path(Path(back["path"]), confirmed=True)
        listed = [axis.since_dialog.list.item(row).text() for row in range(axis.since_dialog.list.count())]
        assert listed and all(line.endswith("(signed by the Allied player)") for line in listed), listed
        axis.since_dialog.close()
        panel = hungary(qtbot, axis)
        assert find(panel, "Add the Axis secret", QPushButton).isEnabled()
        press(qtbot, panel, "Add the Axis secret")
        assert axis.game.record.signature_problem() is None
        third = send_turn(qtbot, axis, monkeypatch, "Allied", axis_docs)
    checked = verify_bytes(Path(third["path"]).read_bytes())
    assert checked.verified, checked.words()
    assert gamefile.loads(Path(third["path"]).read_bytes()).game.record.code == third["code"].removeprefix("record ")
