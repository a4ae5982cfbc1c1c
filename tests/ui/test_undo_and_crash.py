"""Undo gives back the starting state exactly; a killed app leaves a recovery file behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.lines import Choice, Count, Group, Level, Line
from awaw_desktop.core.record.blocks import entry_dicts
from awaw_desktop.ui.awaw.store import SessionStore

ROOT = Path(__file__).resolve().parents[2]


def value_for(line: Line, data: st.DataObject):
    """A valid value for any line, drawn by hypothesis."""
    kind = line.input_kind
    if kind == "flag":
        return data.draw(st.booleans())
    if kind in ("count", "level"):
        assert isinstance(line, (Count, Level))
        low = line.minimum
        return data.draw(st.integers(low, min(line.maximum, low + 60)))
    if kind == "choice":
        assert isinstance(line, Choice)
        return data.draw(st.lists(st.sampled_from([o.key for o in line.options]), unique=True)) if line.options else []
    if kind == "group":
        assert isinstance(line, Group)
        return {spec.key: data.draw(st.integers(spec.minimum, min(spec.maximum, spec.minimum + 60)))
                for spec in line.fields}
    raise AssertionError(kind)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(edition=st.sampled_from(list(Edition)), data=st.data())
def test_random_changes_undone_to_the_start_give_back_the_starting_state(qtbot, edition, data):
    session = Session.new(edition, Scenario.GLOBAL_WAR, Turn(1941, Season.SUMMER))
    store = SessionStore(session)
    start = sessionfile.to_json(session)
    steps = data.draw(st.integers(1, 25))
    for _ in range(steps):
        action = data.draw(st.sampled_from(["value", "value", "value", "end-of-turn", "carry"]))
        if action == "value":
            power = data.draw(st.sampled_from(assess.ORDER))
            entries = [line for line in session.lines(power) if line.input_kind != "derived"]
            if not entries:
                continue
            line = data.draw(st.sampled_from(entries))
            try:
                store.set_value(power, line.id, value_for(line, data))
            except Exception as error:  # a Group may refuse a combination (e.g. a year of 0 with a season)
                assert type(error).__name__ == "RulesInputError"
        elif action == "end-of-turn":
            store.change_session("End of turn", lambda s: apply_end_of_turn(s, {}))
        else:
            total = data.draw(st.integers(-9, 9))
            store.change_session("Japan carried", lambda s, t=total: s.set_carry("japan", "cumulative_total", t))
    while store.undo_stack.canUndo():
        store.undo_stack.undo()
    end = sessionfile.to_json(store.session)
    record, started = end.pop("record"), start.pop("record")
    assert end == start
    # The game record is never undone: it only grows (each undo of a recorded step is an entry), and it holds.
    kept = entry_dicts(started["blocks"])
    assert entry_dicts(record["blocks"])[:len(kept)] == kept
    assert store.session.record.problem() is None
    kinds = [entry.kind for entry in store.session.record.entries]
    assert kinds.count("undone") == kinds.count("end-of-turn") + kinds.count("adjusted") + kinds.count("event")
    assert {k: r.level for k, r in store.results.items()} == {k: r.level for k, r in session.assess().items()}


KILLED_APP = textwrap.dedent("""
    import os, signal, sys
    from PySide6.QtCore import QTimer
    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.ui.shell.app import make_application
    from awaw_desktop.ui.awaw.main_window import MainWindow

    app = make_application([])
    recovery = RecoveryStore()
    window = MainWindow(recovery=recovery)
    window.show()
    window.store.set_value("germany", "dp_level", 13)
    window.store.set_value("germany", "berlin", False)

    def crash():
        if recovery.list():
            print("written", flush=True)
            os.kill(os.getpid(), signal.SIGKILL)   # no clean close: the recovery file stays
        QTimer.singleShot(50, crash)

    QTimer.singleShot(50, crash)
    QTimer.singleShot(20000, app.quit)
    app.exec()
    print("not killed", flush=True)
""")


def test_an_app_killed_mid_game_leaves_work_that_the_next_start_recovers(qtbot, tmp_path, monkeypatch):
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state"), "QT_QPA_PLATFORM": "offscreen",
           "PYTHONPATH": str(ROOT)}
    completed = subprocess.run([sys.executable, "-c", KILLED_APP], env=env, capture_output=True, text=True,
                               timeout=60, check=False)
    assert completed.returncode == -signal.SIGKILL, completed.stderr
    assert "written" in completed.stdout
    # The next start, in this process, finds the game and offers it.
    from PySide6.QtWidgets import QMessageBox

    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.ui.awaw.main_window import MainWindow
    from awaw_desktop.ui.shell import app as app_module
    from awaw_desktop.ui.shell.app import offer_recovery

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    recovery = RecoveryStore()
    assert len(recovery.list()) == 1
    # The player keeps the suggested choice (recover the newest) and goes on.
    monkeypatch.setattr(app_module, "ask_recovery", lambda entries, parent: {entries[0].id: "recover"})
    window = MainWindow(recovery=recovery)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    assert offer_recovery(window, recovery)
    assert window.store.session.value("germany", "dp_level") == 13
    assert window.store.session.value("germany", "berlin") is False
    assert window.isWindowModified()


def test_a_recovery_file_that_cannot_be_loaded_is_named_in_plain_words_and_removed(qtbot, tmp_path, monkeypatch):
    """A recovery file listed at the start but found cut short when loaded (a disk filling up as it was written):
    the message says what is wrong in the player's words, once (not "damaged: ... incomplete or damaged")."""
    from PySide6.QtWidgets import QMessageBox

    from awaw_desktop.core.awaw.session import Session
    from awaw_desktop.core.files.incomplete_file import IncompleteFileError
    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.ui.awaw.main_window import MainWindow
    from awaw_desktop.ui.shell import app as app_module
    from awaw_desktop.ui.shell import plain_text
    from awaw_desktop.ui.shell.app import offer_recovery

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    recovery = RecoveryStore()
    recovery.write("crashed", Session.new(), None)
    recovery.owner_path("crashed").unlink(missing_ok=True)   # its app is gone

    def cut_short(session_id: str):
        raise IncompleteFileError(386, "Expecting ',' delimiter")

    monkeypatch.setattr(recovery, "load_game", cut_short)
    monkeypatch.setattr(app_module, "ask_recovery", lambda entries, parent: {entries[0].id: "recover"})
    warnings: list[str] = []
    monkeypatch.setattr(plain_text, "warn", lambda parent, title, text: warnings.append(f"{title}: {text}"))
    window = MainWindow(recovery=recovery)
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    assert not offer_recovery(window, recovery)
    assert warnings == ["Cannot recover: The recovery file is incomplete or damaged: it breaks off at line 386. "
                        "It may have been cut short when it was sent or copied.\n\n"
                        "Technical detail: Expecting ',' delimiter."]
    assert recovery.crash_leftovers() == []
