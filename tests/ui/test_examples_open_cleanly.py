"""Issue 37: the shipped examples are in the current format, with their record of the game (built by playing them:
tools/build_examples.py); once a player has made keys, each opens from File > Open Example with no question and no
warning, and its report is copied."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QApplication, QMessageBox

from awaw_desktop.core.files import gamefile
from awaw_desktop.ui.awaw.window_files import example_sessions
from awaw_desktop.ui.europa.window import EuropaWindow

from .campaign_helpers import copied_report
from .pbem_helpers import Computer, make_keys_and_take_side
from .test_main_window import make_window


def test_every_example_opens_with_no_warning_once_a_player_has_made_keys(qtbot, tmp_path, monkeypatch):
    everything = example_sessions()
    europa = [(title, path) for title, path in everything if gamefile.family_of_file(path) == "europa"]
    examples = [item for item in everything if item not in europa]
    assert len(examples) >= 3 and len(europa) == 1, everything
    for _title, path in everything:   # the current format, with a record the game agrees with
        record = gamefile.load(path).game.record
        assert record.entries and record.entries[0].kind == "begun", path.name
        assert len(record.entries) > 1, f"{path.name}: not played ({len(record.entries)} entries)"
    with Computer(monkeypatch, tmp_path / "ann"):
        window = make_window(qtbot)
        make_keys_and_take_side(qtbot, window, "Ann", "sea lion over the channel", "Axis")
        assert window.save_to(tmp_path / "by-mail.awaw")   # this computer has seen a game played by e-mail
        asked: list[str] = []

        def watch() -> None:   # any question or warning the opening puts up is noted and closed
            box = QApplication.activeModalWidget()
            if isinstance(box, QMessageBox):
                asked.append(f"{box.windowTitle()}: {box.text()}")
                box.reject()

        timer = QTimer()
        timer.timeout.connect(watch)
        timer.start(20)
        try:
            window.menu_examples.aboutToShow.emit()   # File > Open Example, as the menu fills itself
            titles = [action.text() for action in window.menu_examples.actions()]
            assert titles == [title for title, _path in everything], titles
            for title in [title for title, _path in examples]:
                window.store.undo_stack.setClean()
                window.menu_examples.aboutToShow.emit()
                next(action for action in window.menu_examples.actions() if action.text() == title).trigger()
                qtbot.wait(50)
                assert not asked, f"{title}: {asked}"
                assert window.store.session.title == title
                report = copied_report(window)
                assert title in report and "== What happened ==" in report, report[:400]
            for title, path in examples:   # File > Open on the file itself (a copy handed round, the folder)
                window.store.undo_stack.setClean()
                assert window.open_path(path), title
                qtbot.wait(50)
                assert not asked, f"{title}: {asked}"
                assert window.store.session.title == title
                assert "== What happened ==" in copied_report(window)
            # The Europa example, from the same menu: a copy in a Europa window of its own, its report copied.
            (title, path), = europa
            before = set(QApplication.topLevelWidgets())
            window.menu_examples.aboutToShow.emit()
            next(action for action in window.menu_examples.actions() if action.text() == title).trigger()
            qtbot.wait(50)
            assert not asked, f"{title}: {asked}"
            opened = [w for w in QApplication.topLevelWidgets() if w not in before and isinstance(w, EuropaWindow)]
            assert len(opened) == 1, opened
            europa_window = opened[0]
            qtbot.addWidget(europa_window)
            europa_window.holder.undo_stack.setClean()
            assert europa_window.path is None   # a copy: saving asks for a name, the shipped file stays as it is
            europa_window.action_copy.trigger()
            report = QGuiApplication.clipboard().text()
            assert "Balkan summer" in report and "Italy" in report, report[:400]
        finally:
            timer.stop()
