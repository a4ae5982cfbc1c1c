"""Opening a file replays what this computer has not replayed before (issue 35.2): an end of turn a changed program
sealed with a wrong carried value is named as the file opens, with its turn and both values; the same file opened
again here is not replayed twice."""

from __future__ import annotations

from PySide6.QtWidgets import QApplication, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.unentered import end_the_turn
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.shell.record_open import replay_start

from ..core.record_games import end_turn, long_game, step


def warnings_shown() -> list[str]:
    return [box.text() for box in QApplication.topLevelWidgets()
            if isinstance(box, QMessageBox) and box.isVisible()
            and box.windowTitle() == "The game record does not hold"]


def test_a_wrong_carried_value_is_named_when_the_file_opens(qtbot, tmp_path):
    session = long_game(4)

    def cheat(s):
        end_the_turn(s)
        s.carry["japan"]["cumulative_total"] = 12
    step(session, f"End of {session.turn.title}", cheat)
    end_turn(session)
    path = tmp_path / "cheated.awaw"
    path.write_bytes(sessionfile.dumps(session))
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    assert window.open_path(path, confirmed=True)
    qtbot.waitUntil(lambda: bool(warnings_shown()), timeout=5000)
    (said,) = warnings_shown()
    assert "End of turn Fall 1940: carried value Japan cumulative_total sealed 12, the rules give 0" in said
    for box in QApplication.topLevelWidgets():
        if isinstance(box, QMessageBox) and box.isVisible():
            box.accept()
    assert replay_start(window.store.session.record) == len(session.record)   # replayed here: not again


