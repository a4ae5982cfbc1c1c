"""Issue 37: the shipped examples are in the current format, with their record of the game (built by playing them:
tools/build_examples.py); once a player has made keys, each opens from File > Open Example with no question and no
warning, and its report is copied."""

from __future__ import annotations

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.ui.awaw.window_files import example_sessions

from .campaign_helpers import copied_report
from .pbem_helpers import Computer, make_keys_and_take_side
from .test_main_window import make_window


def test_every_example_opens_with_no_warning_once_a_player_has_made_keys(qtbot, tmp_path, monkeypatch):
    examples = example_sessions()
    assert len(examples) >= 3, examples
    for _title, path in examples:   # the current format, with a record the game agrees with
        document = sessionfile.load(path)
        assert document.record.entries and document.record.entries[0].kind == "begun", path.name
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
            assert titles == [title for title, _path in examples], titles
            for title in titles:
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
        finally:
            timer.stop()
