"""Speed figures for awaw-desktop, as a player feels them.  Run: ``python benchmarks/run.py`` (``--quick``: fewer).

Each figure is printed with its ratio to a bare PySide6 window measured in the same run, and its target (issue 15):
- start-up: whole processes, the bare window and the real launch path (``python -m awaw_desktop``, which
  ``AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT=1`` makes print ``first-paint`` and quit) run alternately; each is timed from
  the process's start to that line.  Memory: the most each process held (max RSS), and with every tab built;
- typing one digit and ticking one box on the busiest tab (Britain), every tab built, until the window is repainted,
  at 30, 200 and 1,000 turns; also until the event loop is idle (the refreshes that follow the paint);
- end of turn in the window (``MainWindow.apply_end_turn``, repainted), its undo, and the rules' own end of turn;
- save and load (``core.sessionfile``), the file size, and the checkpoints blob (zlib/base64) alone; the game record's
  size and ``verify`` of the file.
Sessions are built with ``core.session.apply_end_of_turn``, a checkpoint stored per step as ``SessionStore`` does.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

LENGTHS = (30, 200, 1000)
#: Interactions made before the measured ones, at every game length alike.
WARM_UP = 5

#: The bare window: one label, shown; prints at its first paint and quits, as the app does with the flag.
BARE_WINDOW = """
import sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow(); window.setCentralWidget(QLabel("hello")); window.resize(1280, 820)
class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            watched.removeEventFilter(self)
            QTimer.singleShot(0, lambda: (print("first-paint", flush=True), app.quit()))
        return False
watcher = FirstPaint(window); window.installEventFilter(watcher)
window.show()
sys.exit(app.exec())
"""

#: The app with every tab built (for memory): the same window, its tabs built before it quits.
ALL_TABS = """
import sys
from awaw_desktop.ui.shell.app import make_application
from awaw_desktop.ui.awaw.main_window import MainWindow
app = make_application(sys.argv[:1])
window = MainWindow(); window.show(); app.processEvents()
for power in list(window.power_tabs.holders):
    window.show_power(power); app.processEvents()
print("first-paint", flush=True)
"""


def median_ms(values: list[float]) -> str:
    return f"{statistics.median(values) * 1000:7.2f} ms"


def child_environment(state: Path) -> dict[str, str]:
    """An installed app's environment (bytecode cached, as pip does on install), its settings and recovery
    files in a scratch folder so that no leftover of the player's is offered."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env.update(QT_QPA_PLATFORM="offscreen", XDG_STATE_HOME=str(state), XDG_CONFIG_HOME=str(state),
               XDG_DATA_HOME=str(state), AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT="1")
    return env


def run_process(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from the process's start to its ``first-paint`` line, and its max RSS in MiB."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - start
    process.stdout.read()
    process.stdout.close()
    _pid, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if line.strip() != b"first-paint":
        raise SystemExit(f"{' '.join(command)}: no first paint ({line!r}, exit {process.returncode})")
    return elapsed, usage.ru_maxrss / 1024


#: The bundle ``python packaging/build.py`` makes; measured too when it is there.
BUNDLE = ROOT / "dist" / "awaw-desktop" / "awaw-desktop"


def startup(rounds: int) -> None:
    python = sys.executable
    subprocess.run([python, "-m", "compileall", "-q", str(ROOT / "awaw_desktop")], check=True)
    with tempfile.TemporaryDirectory() as folder:
        env = child_environment(Path(folder))
        bare_cmd, app_cmd = [python, "-c", BARE_WINDOW], [python, "-m", "awaw_desktop"]
        bundle_cmd = [str(BUNDLE)] if BUNDLE.is_file() else None
        run_process(bare_cmd, env)   # warm the file cache
        run_process(app_cmd, env)
        if bundle_cmd:
            run_process(bundle_cmd, env)
        bare, app, bundle = [], [], []
        for _ in range(rounds):   # alternating, so that a busy moment of the machine hits each
            bare.append(run_process(bare_cmd, env))
            app.append(run_process(app_cmd, env))
            if bundle_cmd:
                bundle.append(run_process(bundle_cmd, env))
        tabs = [run_process([python, "-c", ALL_TABS], env) for _ in range(max(2, rounds // 3))]
    bare_time, app_time = statistics.median(t for t, _ in bare), statistics.median(t for t, _ in app)
    if bundle:
        bundle_time = statistics.median(t for t, _ in bundle)
        print(f"start-up to first paint, the bundle ({BUNDLE.relative_to(ROOT)}): {bundle_time * 1000:7.1f} ms  "
              f"= {bundle_time / bare_time:4.2f} x the bare window from source")
    else:
        print(f"(no bundle at {BUNDLE.relative_to(ROOT)}: python packaging/build.py makes one)")
    bare_rss, app_rss = statistics.median(m for _, m in bare), statistics.median(m for _, m in app)
    tabs_rss = statistics.median(m for _, m in tabs)
    print(f"start-up to first paint, bare window:   {bare_time * 1000:7.1f} ms")
    print(f"start-up to first paint, python -m awaw_desktop: {app_time * 1000:7.1f} ms  "
          f"= {app_time / bare_time:4.2f} x  (target <= 1.3 x)")
    print(f"memory (max RSS), bare window:          {bare_rss:7.1f} MiB")
    print(f"memory, awaw-desktop at first paint:    {app_rss:7.1f} MiB  = {app_rss / bare_rss:4.2f} x  "
          f"(target <= 1.4 x)")
    print(f"memory, awaw-desktop, every tab built:  {tabs_rss:7.1f} MiB  = {tabs_rss / bare_rss:4.2f} x")


def long_session(turns: int):  # type: ignore[no-untyped-def]
    """A game of ``turns`` ends of turn, each stored with its checkpoint and its game record entries (a die, the end
    of turn) as ``SessionStore.change_session`` does."""
    from awaw_desktop.core.awaw import game_record
    from awaw_desktop.core.awaw.session import Session, apply_end_of_turn, record_die

    session = Session.new(title=f"Benchmark campaign, {turns} turns")
    for index in range(turns):
        session.set_value("germany", "dp_level", (index % 21) - 10)
        session.set_value("germany", "firestorms", min(40, index // 5))
        before = session.snapshot()
        record_die(session, "Benchmark die", "58.532", index % 6 + 1, "rolled")
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
        game_record.record_step(session, game_record.step_entries(before, session, "End of turn"), point)
        if session.turn.year >= 1950 and session.turn.season.value == "winter":
            # Keep within the calendar (the record keeps growing): the turn set back is a step of its own, recorded
            # with its checkpoint, so that verify, which replays every end of turn, sees the game go on from it.
            before, point = session.snapshot(), session.checkpoint("Turn set back")
            session.turn = session.start_turn
            session.checkpoints.append(point)
            game_record.record_step(session, game_record.step_entries(before, session, "Turn set back", "details"),
                                    point)
    return session


class Window:
    """A main window on a session of some length, every tab built, Britain's tab shown."""

    def __init__(self, turns: int) -> None:
        from PySide6.QtCore import QEvent, QObject

        from awaw_desktop.ui.awaw.main_window import MainWindow
        from awaw_desktop.ui.awaw.store import SessionStore
        from awaw_desktop.ui.shell.app import make_application

        self.app = make_application([])
        self.window = MainWindow(SessionStore(long_session(turns)))
        self.window.resize(1280, 820)
        self.window.show()
        for power in list(self.window.power_tabs.holders):
            self.window.show_power(power)
            self.settle()
        self.window.show_power("britain")
        self.settle()
        self.painted_at = 0.0
        outer = self

        class RepaintClock(QObject):
            """The window's repaint (every changed widget painted and flushed, in one pass): timed at its end."""

            def eventFilter(self, watched: QObject, event: QEvent) -> bool:
                if event.type() == QEvent.Type.UpdateRequest and watched is outer.window:
                    outer.window.removeEventFilter(self)   # not re-entered by the repaint itself
                    try:
                        handled = outer.window.event(event)
                    finally:
                        outer.window.installEventFilter(self)
                    outer.painted_at = time.perf_counter()
                    return bool(handled)
                return False

        self._clock = RepaintClock()
        self.window.installEventFilter(self._clock)
        self.tab = self.window.power_tabs["britain"]

    def settle(self) -> None:
        for _ in range(5):
            self.app.processEvents()
            self.app.sendPostedEvents()

    def timed(self, action: Callable[[], None]) -> tuple[float, float]:
        """Seconds from ``action`` to the end of the window's repaint, and until the event loop is idle again."""
        start = time.perf_counter()
        action()
        for _ in range(50):
            self.app.processEvents()
            if self.painted_at > start:
                break
        else:
            raise AssertionError("the window was not repainted")
        painted = self.painted_at - start
        self.settle()
        return painted, time.perf_counter() - start

    def close(self) -> None:
        self.window.store.undo_stack.setClean()
        self.window.close()
        self.window.deleteLater()
        self.settle()


def interaction(turns: int, rounds: int) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QCheckBox, QSpinBox

    view = Window(turns)
    spin = next(s for s in view.tab.findChildren(QSpinBox) if s.isVisible() and s.isEnabled())
    box = next(b for b in view.tab.findChildren(QCheckBox) if b.isVisible() and b.isEnabled())
    spin.setFocus()
    for index in range(WARM_UP):   # not measured: the first keystrokes of any run fill Python's and Qt's caches
        spin.selectAll()
        view.timed(lambda index=index: QTest.keyClick(spin, Qt.Key.Key_1 if index % 2 else Qt.Key.Key_2))
        view.timed(box.click)
    typing, typing_idle, ticking, ticking_idle = [], [], [], []
    for index in range(rounds):
        spin.selectAll()
        key = Qt.Key.Key_1 if index % 2 else Qt.Key.Key_2
        painted, idle = view.timed(lambda key=key: QTest.keyClick(spin, key))
        typing.append(painted)
        typing_idle.append(idle)
        painted, idle = view.timed(box.click)
        ticking.append(painted)
        ticking_idle.append(idle)
    name = f"{turns:>5} turns"
    print(f"typing a digit, Britain, {name}:  median {median_ms(typing)}, worst {max(typing) * 1000:6.2f} ms"
          f"  (idle: median {median_ms(typing_idle)}, worst {max(typing_idle) * 1000:6.2f} ms)")
    print(f"ticking a box,  Britain, {name}:  median {median_ms(ticking)}, worst {max(ticking) * 1000:6.2f} ms"
          f"  (idle: median {median_ms(ticking_idle)}, worst {max(ticking_idle) * 1000:6.2f} ms)")
    end_turn, undo = [], []
    for _ in range(max(3, rounds // 10)):
        painted, _idle = view.timed(lambda: view.window.apply_end_turn({}))
        end_turn.append(painted)
        painted, _idle = view.timed(view.window.store.undo_stack.undo)
        undo.append(painted)
    print(f"end of turn in the window, {name}: median {median_ms(end_turn)}, worst {max(end_turn) * 1000:6.2f} ms"
          f"; its undo: median {median_ms(undo)}")
    view.close()


def rules_end_of_turn(session: Any, rounds: int) -> list[float]:
    from awaw_desktop.core.awaw.session import apply_end_of_turn

    times = []
    for _ in range(rounds):
        trial = session.snapshot()
        start = time.perf_counter()
        apply_end_of_turn(trial)
        times.append(time.perf_counter() - start)
    return times


def files(turns: int, rounds: int) -> None:
    from awaw_desktop.core.awaw import sessionfile

    session = long_session(turns)
    name = f"{turns:>5} turns"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaign.awaw"
        saves, loads, encode, decode = [], [], [], []
        for _ in range(rounds):
            start = time.perf_counter()
            sessionfile.save(session, path)
            saves.append(time.perf_counter() - start)
            start = time.perf_counter()
            sessionfile.load(path)
            loads.append(time.perf_counter() - start)
            start = time.perf_counter()
            blob = sessionfile.encode_checkpoints(session.checkpoints)
            encode.append(time.perf_counter() - start)
            start = time.perf_counter()
            sessionfile.decode_checkpoints(blob, len(session.history), len(session.dice))
            decode.append(time.perf_counter() - start)
        size = path.stat().st_size
        from awaw_desktop.core.files.recovery import RecoveryStore

        recovery = RecoveryStore(Path(folder) / "recovery")
        window_part, worker_part = [], []
        for _ in range(rounds):   # the autosave after a change: a snapshot on the window's thread, written on another
            start = time.perf_counter()
            snapshot = recovery.snapshot(session)
            window_part.append(time.perf_counter() - start)
            start = time.perf_counter()
            recovery.write_snapshot("benchmark", snapshot, path)
            worker_part.append(time.perf_counter() - start)
        from awaw_desktop.core.record.chain import canonical
        from awaw_desktop.core.record.verify import verify_path

        verifies = []
        for _ in range(rounds):
            start = time.perf_counter()
            verified = verify_path(path)
            verifies.append(time.perf_counter() - start)
        assert verified.verified, verified.words()
        record_size = len(canonical(session.record.to_json()["blocks"]))
    rules = rules_end_of_turn(session, rounds)
    print(f"game record, {name}: {len(session.record)} entries, {record_size / 1024:6.1f} KiB in the file "
          f"(compressed blocks); verify the file: median {median_ms(verifies)}")
    print(f"save, {name}:   median {median_ms(saves)}; load: median {median_ms(loads)}; "
          f"file {size / 1024:6.1f} KiB (checkpoints blob {len(blob) / 1024:6.1f} KiB: "
          f"encode {median_ms(encode)}, decode {median_ms(decode)}); rules' own end of turn {median_ms(rules)}")
    print(f"autosave, {name}: window's thread median {median_ms(window_part)}, "
          f"then written on a worker thread: median {median_ms(worker_part)}")


def bare_repaint(rounds: int) -> None:
    """The bare window's own figure for a change: a label's text set, until repainted."""
    from PySide6.QtWidgets import QLabel, QMainWindow

    from awaw_desktop.ui.shell.app import make_application

    app = make_application([])
    window = QMainWindow()
    label = QLabel("hello")
    window.setCentralWidget(label)
    window.resize(1280, 820)
    window.show()
    app.processEvents()
    times = []
    for index in range(rounds):
        start = time.perf_counter()
        label.setText(str(index))
        app.processEvents()
        times.append(time.perf_counter() - start)
    print(f"bare window, a label changed until repainted: median {median_ms(times)}, worst "
          f"{max(times) * 1000:6.2f} ms")
    window.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    parser.add_argument("--only", choices=("startup", "window", "files"), help="one part of the figures")
    args = parser.parse_args()
    print(f"awaw-desktop benchmarks (Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"QT_QPA_PLATFORM={os.environ['QT_QPA_PLATFORM']})")
    if args.only in (None, "startup"):
        startup(5 if args.quick else 15)
    print("targets: typing/ticking < 3 ms median, < 16 ms worst; end of turn < 20 ms at 200 turns, < 50 ms at "
          "1,000; save and load < 20 ms at 200 turns; the record at 1,000 turns: a few hundred KiB, save, load and "
          "verify < 50 ms")
    if args.only in (None, "window"):
        bare_repaint(50 if args.quick else 200)
        for turns in LENGTHS:
            interaction(turns, 20 if args.quick else 60)
    if args.only in (None, "files"):
        for turns in LENGTHS:
            files(turns, 3 if args.quick else 10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
