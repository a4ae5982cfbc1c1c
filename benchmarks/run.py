"""Speed figures for awaw-desktop, as a player feels them, each against the product's target (issues 35, 36:
``benchmarks/judge.py``).  Run: ``python benchmarks/run.py`` (``--quick``: fewer rounds; ``--only``: one part).

- start-up: whole processes, the bare window and the real launch path (``python -m awaw_desktop``, which
  ``AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT=1`` makes print ``first-paint`` and quit) run alternately; each is timed from
  the process's start to that line.  Memory: the most each process held (max RSS), and with every tab built;
- the window (``benchmarks/windows.py``), both families, at 30, 200 and 1,000 turns with every dock shown: typing one
  digit and ticking one box on the busiest tab (Britain), an end of turn and its undo with each tab of the Game record
  shown; a Europa end of turn (its Game record shown) and an envelope step, each with its undo; each until the window
  is repainted, and until the event loop is idle again (the refreshes that follow the paint); then a scaling line
  for each (1,000 turns over 30 turns);
- files, both families: save, load and ``verify``, the file size; the A World at War checkpoints blob alone and the
  autosave's two halves;
- the largest record the limits allow (20,000 entries): its file loaded and verified, and View > Game record of it.
Sessions are built with ``core.session.apply_end_of_turn`` (Europa: ``core.europa.actions.end_turn``), every step
recorded as the window records it."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from judge import LARGEST_OPEN_S, LARGEST_VERIFY_S, MEMORY_RATIO, STARTUP_RATIO, TARGETS, Judge
from windows import awaw_window, europa_window, largest_record, largest_view, long_europa_game, long_session

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

LENGTHS = (30, 200, 1000)

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


def startup(rounds: int, judge: Judge) -> None:
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
    ratio, memory = app_time / bare_time, app_rss / bare_rss
    print(f"start-up to first paint, python -m awaw_desktop: {app_time * 1000:7.1f} ms  = {ratio:4.2f} x  "
          f"{judge.at_most('start-up', ratio, STARTUP_RATIO)}")
    if bundle:
        print(f"    the bundle: {bundle_time / bare_time:4.2f} x "
              f"{judge.at_most('start-up, the bundle', bundle_time / bare_time, STARTUP_RATIO)}")
    print(f"memory (max RSS), bare window:          {bare_rss:7.1f} MiB")
    print(f"memory, awaw-desktop at first paint:    {app_rss:7.1f} MiB  = {memory:4.2f} x  "
          f"{judge.at_most('memory at first paint', memory, MEMORY_RATIO)}")
    print(f"memory, awaw-desktop, every tab built:  {tabs_rss:7.1f} MiB  = {tabs_rss / bare_rss:4.2f} x")


def rules_end_of_turn(session: Any, rounds: int) -> list[float]:
    from awaw_desktop.core.awaw.session import apply_end_of_turn

    times = []
    for _ in range(rounds):
        trial = session.snapshot()
        start = time.perf_counter()
        apply_end_of_turn(trial)
        times.append(time.perf_counter() - start)
    return times


def timed_runs(rounds: int, action: Any) -> list[float]:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return times


def files(turns: int, rounds: int, judge: Judge) -> None:
    from awaw_desktop.core.awaw import sessionfile
    from awaw_desktop.core.files import gamefile
    from awaw_desktop.core.files.recovery import RecoveryStore
    from awaw_desktop.core.record.chain import canonical
    from awaw_desktop.core.record.verify import verify_path

    session = long_session(turns)
    name = f"{turns:>5} turns"
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaign.awaw"
        saves = timed_runs(rounds, lambda: sessionfile.save(session, path))
        loads = timed_runs(rounds, lambda: sessionfile.load(path))
        verifies = timed_runs(rounds, lambda: verify_path(path))
        assert verify_path(path).verified, verify_path(path).words()
        size = path.stat().st_size
        blob = sessionfile.encode_checkpoints(session.checkpoints)
        encode = timed_runs(rounds, lambda: sessionfile.encode_checkpoints(session.checkpoints))
        decode = timed_runs(rounds, lambda: sessionfile.decode_checkpoints(blob, len(session.history),
                                                                           len(session.dice)))
        recovery = RecoveryStore(Path(folder) / "recovery")
        # the autosave after a change: a snapshot on the window's thread, written on another
        window_part = timed_runs(rounds, lambda: recovery.snapshot(session))
        snapshot = recovery.snapshot(session)
        worker_part = timed_runs(rounds, lambda: recovery.write_snapshot("benchmark", snapshot, path))
        record_size = len(canonical(session.record.to_json()["blocks"]))
        game = long_europa_game(turns)
        europa_path = Path(folder) / "europa.awaw"
        europa_saves = timed_runs(rounds, lambda: gamefile.save("europa", game, europa_path))
        europa_loads = timed_runs(rounds, lambda: gamefile.load(europa_path))
        europa_verifies = timed_runs(rounds, lambda: verify_path(europa_path))
        assert verify_path(europa_path).verified, verify_path(europa_path).words()
        europa_size = europa_path.stat().st_size
    rules = rules_end_of_turn(session, rounds)
    print(f"A World at War, {name}: {judge.file_figure('save', turns, saves)}; "
          f"{judge.file_figure('load', turns, loads)}; {judge.file_figure('verify', turns, verifies)}")
    print(f"    file {size / 1024:6.1f} KiB; the record {len(session.record)} entries, {record_size / 1024:6.1f} KiB "
          f"(compressed blocks); checkpoints blob {len(blob) / 1024:6.1f} KiB: encode {median_ms(encode)}, decode "
          f"{median_ms(decode)}; rules' own end of turn {median_ms(rules)}")
    print(f"    autosave: window's thread median {median_ms(window_part)}, then written on a worker thread: median "
          f"{median_ms(worker_part)}")
    print(f"Europa, {name}: {judge.file_figure('Europa save', turns, europa_saves)}; "
          f"{judge.file_figure('Europa load', turns, europa_loads)}; "
          f"{judge.file_figure('Europa verify', turns, europa_verifies)}")
    print(f"    file {europa_size / 1024:6.1f} KiB; the record {len(game.record)} entries, the log {len(game.log)} "
          "lines")


def largest(judge: Judge, window: bool) -> None:
    """The largest record the limits allow: its file loaded (as File > Open reads it) and verified, and View > Game
    record of it (``windows.largest_view``)."""
    from awaw_desktop.core.awaw import sessionfile
    from awaw_desktop.core.awaw.session import Session
    from awaw_desktop.core.record.verify import verify_path

    record = largest_record()
    if window:
        largest_view(record, judge)
    session = Session.new(title="The largest record")
    session.record = record
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "largest.awaw"
        sessionfile.save(session, path)
        size = path.stat().st_size
        loads = timed_runs(2, lambda: sessionfile.load(path))
        verifies = timed_runs(2, lambda: verify_path(path))
    load, verify = statistics.median(loads), statistics.median(verifies)
    print(f"the largest record ({len(record)} entries, file {size / 2**20:5.1f} MiB): load {load:6.3f} s "
          f"{judge.below('largest record load', load, LARGEST_OPEN_S, 's')}; verify {verify:6.3f} s "
          f"{judge.below('largest record verify', verify, LARGEST_VERIFY_S, 's')}")


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
    parser.add_argument("--only", choices=("startup", "window", "files", "largest"), help="one part of the figures")
    args = parser.parse_args()
    print(f"awaw-desktop benchmarks (Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"QT_QPA_PLATFORM={os.environ['QT_QPA_PLATFORM']})")
    print(TARGETS)
    judge = Judge()
    if args.only in (None, "startup"):
        startup(5 if args.quick else 15, judge)
    if args.only in (None, "window"):
        bare_repaint(50 if args.quick else 200)
        rounds = 20 if args.quick else 60
        for turns in LENGTHS:
            awaw_window(turns, rounds, judge)
            europa_window(turns, rounds, judge)
        for line in judge.scaling_lines():
            print(line)
    if args.only in (None, "files"):
        for turns in LENGTHS:
            files(turns, 3 if args.quick else 10, judge)
    if args.only in (None, "largest", "window"):
        largest(judge, window=args.only != "files")
    print(judge.summary())
    return 0


if __name__ == "__main__":
    sys.exit(main())
