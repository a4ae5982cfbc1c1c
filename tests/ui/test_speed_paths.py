"""Issue 15: what the first paint does not need loads after it; undo copies share the record; the game record is
not rebuilt while hidden or when neither the record nor the dice changed."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die
from awaw_desktop.ui.awaw.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def started(tmp_path: Path, *python_args: str) -> subprocess.CompletedProcess[str]:
    """The app started in a process of its own (scratch settings), quitting once its window is painted."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "XDG_STATE_HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path), "AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT": "1"}
    return subprocess.run([sys.executable, *python_args], env=env, cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, check=False)


def test_the_launch_path_paints_the_window_before_loading_pydantic(tmp_path):
    done = started(tmp_path, "-X", "importtime", "-m", "awaw_desktop")
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "first-paint"
    before_paint = done.stderr.split("first-paint\n")[0]   # what was loaded before the window was painted
    imported = [line.rsplit("|", 1)[-1].strip() for line in before_paint.splitlines() if line.startswith("import time")]
    assert "awaw_desktop.ui.awaw.main_window" in imported   # the real window was built ...
    assert not [name for name in imported if name.startswith("pydantic")]   # ... and painted without pydantic
    assert "awaw_desktop.core.awaw.tipping" not in imported
    assert "awaw_desktop.ui.awaw.history" not in imported
    # only the Overview is shown: the power tabs, their inputs and What-if load after the paint
    assert "html" not in imported   # the Overview escapes text only when a war is over
    assert "awaw_desktop.ui.awaw.tipping_panel" not in imported   # what tips each power comes right after the paint
    for later in ("awaw.power_tab", "awaw.line_inputs", "awaw.carried", "awaw.what_if", "awaw.end_of_turn",
                  "shell.new_game", "awaw.war_rows", "shell.number_box"):
        assert importlib.util.find_spec(f"awaw_desktop.ui.{later}"), later   # the names are real modules
        assert f"awaw_desktop.ui.{later}" not in imported, later
    assert not [name for name in imported if name.startswith(("subprocess", "concurrent"))]


def played(turns: int) -> Session:
    session = Session.new()
    for index in range(turns):
        record_die(session, "Test die", "58.532", index % 6 + 1, "typed")
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
    return session


def test_a_snapshot_shares_the_record_but_not_the_state():
    session = played(3)
    copy = session.snapshot()
    assert copy == session
    assert copy.history is not session.history and copy.history[0] is session.history[0]
    assert copy.checkpoints is not session.checkpoints and copy.checkpoints[0] is session.checkpoints[0]
    assert copy.inputs is not session.inputs and copy.facts is not session.facts
    apply_end_of_turn(copy)
    copy.set_value("germany", "dp_level", 5)
    assert len(session.history) == 3 and session == played(3)   # the original is untouched
    session.restore(copy)
    assert session == copy and session.history is not copy.history


def test_undo_of_an_end_of_turn_gives_back_the_game_exactly(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.apply_end_turn({})
    before = window.store.session.snapshot()
    window.apply_end_turn({})
    assert len(window.store.session.history) == 2
    window.store.undo_stack.undo()
    assert window.store.session == before
    window.store.undo_stack.redo()
    assert len(window.store.session.history) == 2 and len(window.store.session.checkpoints) == 2
    window.store.undo_stack.setClean()   # closed without asking to save


def test_the_hidden_game_record_catches_up_when_shown(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    window.place_history("beside")
    panel = window.history
    window.show_history(False)
    assert not panel.isVisible()
    window.apply_end_turn({})
    assert panel.record.rows() == 0   # hidden: not followed
    window.show_history(True)
    assert panel.record.row_text(0).startswith("End of Fall 1939")   # shown again: caught up
    inserted = []
    panel.record.model.rowsInserted.connect(lambda *_args: inserted.append(1))
    panel.record.model.modelReset.connect(lambda: inserted.append("reset"))
    window.store.set_value("germany", "dp_level", 3)   # neither the record nor the dice change
    assert inserted == [] and panel.record.rows() == 1
    window.store.undo_stack.setClean()   # closed without asking to save


WATCH_THE_QT_NAMESPACE = """
import sys
import PySide6.QtCore as core
from awaw_desktop.ui.shell import app

class Watch(app.FirstPaint):
    def __init__(self, window, then):
        super().__init__(window, lambda: (print("Qt loaded" if "Qt" in vars(core) else "Qt not loaded"), then()))

app.FirstPaint = Watch
from awaw_desktop.cli import run
sys.exit(run([]))
"""


def test_the_first_paint_does_without_qts_namespace(tmp_path):
    # PySide6 makes the 93 enums of Qt's ``Qt`` namespace when it is first named (about 15 ms): the keys, the
    # dock and the system's scheme come after the paint, and the Overview lines its levels up without a flag.
    done = started(tmp_path, "-c", WATCH_THE_QT_NAMESPACE)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split()[:3] == ["Qt", "not", "loaded"], done.stdout


def test_the_keys_come_once_the_window_is_painted(qtbot):
    from PySide6.QtGui import QKeySequence

    window = MainWindow()
    qtbot.addWidget(window)
    assert window.action_save.shortcuts() == []   # not before the first paint
    window.show()
    qtbot.waitUntil(lambda: window.shortcuts_installed)
    assert window.action_save.shortcut() == QKeySequence(QKeySequence.StandardKey.Save)
    assert QKeySequence("Ctrl+Y") in window.action_redo.shortcuts()
    assert [action.shortcut().toString() for action in (window.action_zoom_in, window.action_what_if)] == [
        "Ctrl++", "Ctrl+Shift+W"]
    assert len(window.tab_shortcuts) == 10
    window.store.undo_stack.setClean()


def test_the_sources_read_by_pysides_import_hook_are_not_kept(qtbot):
    # PySide6 reads every module's source as it is imported (its __feature__ check); linecache kept them all,
    # about 3 MiB, until the window dropped them after its first paint and its last tab.
    import linecache

    from .helpers import painted

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    painted(qtbot, window)
    qtbot.waitUntil(lambda: window.facts_tab is not None and window.facts_tab.built, timeout=5000)
    assert not [name for name in linecache.cache if "awaw_desktop" in name and "/ui/" in name]
    window.store.undo_stack.setClean()


def test_what_tips_each_power_comes_on_the_overview_right_after_the_first_paint(qtbot):
    window = MainWindow()
    qtbot.addWidget(window)
    assert window.overview._tipping is None   # nothing to show before its first search: not in the first paint
    window.show()
    qtbot.waitUntil(lambda: window.overview._tipping is not None, timeout=5000)
    panel = window.overview.tipping
    qtbot.waitUntil(lambda: panel.up_to_date, timeout=10000)
    assert panel.rows["germany"].text() and "Working out" not in panel.rows["germany"].text()
    window.set_session(window.store.session.snapshot(), None)   # another game: its Overview has the panel at once
    assert window.overview._tipping is not None
    window.store.undo_stack.setClean()


WATCH_THE_COLLECTOR = """
import gc
import sys
from awaw_desktop.ui.shell import families

built_with_collector = []
first = families.windows("awaw")
make_window = first.new_window

def watched_window():
    built_with_collector.append(gc.isenabled())
    return make_window()

first.new_window = watched_window
from awaw_desktop.cli import run
code = run([])
print("built with the collector on:", built_with_collector, "on after the paint:", gc.isenabled(),
      "start-up frozen:", gc.get_freeze_count() > 1000)
sys.exit(code)
"""


def test_the_collector_rests_while_the_window_is_built_and_runs_once_it_is_painted(tmp_path):
    done = started(tmp_path, "-c", WATCH_THE_COLLECTOR)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines()[-1] == ("built with the collector on: [False] on after the paint: True "
                                            "start-up frozen: True"), done.stdout


def test_a_report_keeps_the_collector_running(tmp_path, capsys):
    import gc

    from awaw_desktop.cli import run

    gc.enable()   # as in a process of its own (window tests hold the collector: tests/ui/conftest.py)
    assert run(["readings"]) == 0
    assert gc.isenabled()


def test_pysides_import_hook_gets_the_answers_it_got_before_from_a_plain_read():
    # PySide6 asks of each module imported after it whether its source names PySide6; the app answers by reading
    # the file (``pyside_start.read_sources_plainly``) instead of going through ``inspect``.
    import importlib
    import json

    import shibokensupport.feature as feature  # type: ignore[import-not-found]

    from awaw_desktop.ui.shell.pyside_start import read_sources_plainly

    read_sources_plainly()   # a second call changes nothing
    plain = feature._mod_uses_pyside
    pysides_own = plain.pyside_own
    assert not hasattr(pysides_own, "pyside_own")
    modules = [importlib.import_module(name) for name in (
        "awaw_desktop.ui.awaw.main_window", "awaw_desktop.ui.awaw.overview", "awaw_desktop.core.awaw.session",
        "awaw_desktop.core.family", "awaw_desktop.cli", "awaw_desktop.ui")] + [json, sys, os]
    answers = [plain(module) for module in modules]
    assert answers == [pysides_own(module) for module in modules]
    assert answers[:2] == [True, True] and answers[2] is False


def test_a_tick_leaves_the_title_alone_and_a_zoom_refits_the_status_line(qtbot):
    from .helpers import painted

    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    painted(qtbot, window)
    narrow = window.edition_label.minimumWidth()
    status_line = window.edition_label.text()
    window.store.set_value("germany", "dp_level", 3)   # an entry: the game is changed, its turn is not
    assert window.isWindowModified() and window.edition_label.text() == status_line
    try:
        window.step_zoom(1)   # View > Zoom in: the turn must still fit beside the messages
        assert window.edition_label.minimumWidth() > narrow
    finally:
        window.set_zoom(100, remember=False)
    window.store.undo_stack.setClean()
    assert not window.isWindowModified()
