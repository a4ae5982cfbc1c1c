"""Speed figures for awaw-desktop.  Run: ``python benchmarks/run.py`` (add ``--quick`` for fewer rounds).

Prints, with the target beside each figure:
- start-up to a shown, populated window, as a ratio to a bare PySide6 window started the same way;
- one checkbox toggle to every dependent label updated (median and worst);
- a full recompute of every power in the core;
- save and load of a 200-turn session, and its file size;
- the autosave (recovery file) cost per change, which runs on the window's thread.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

BARE_WINDOW = """
import time; t0 = time.perf_counter()
from PySide6.QtWidgets import QApplication, QMainWindow, QLabel
app = QApplication([])
w = QMainWindow(); w.setCentralWidget(QLabel("hello")); w.resize(1280, 820); w.show()
app.processEvents()
print(time.perf_counter() - t0)
"""

APP_WINDOW = """
import time; t0 = time.perf_counter()
from awaw_desktop.ui.app import make_application
from awaw_desktop.ui.main_window import MainWindow
app = make_application([])
w = MainWindow(); w.show()
app.processEvents()
print(time.perf_counter() - t0)
"""


def fresh_environment() -> dict[str, str]:
    """The environment of an installed app: bytecode may be cached (as pip does on install),
    even where this machine sets PYTHONDONTWRITEBYTECODE for development."""
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def run_python(code: str) -> float:
    """Wall time of a fresh interpreter running ``code`` (process start included)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, capture_output=True, env=fresh_environment())
    return time.perf_counter() - start


def startup(rounds: int) -> None:
    # Both windows start from cached bytecode, as an installed PySide6 and awaw-desktop do.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "awaw_desktop")], check=True,
                   env=fresh_environment())
    run_python(BARE_WINDOW)  # warm the file cache
    run_python(APP_WINDOW)
    bare = [run_python(BARE_WINDOW) for _ in range(rounds)]
    app = [run_python(APP_WINDOW) for _ in range(rounds)]
    ratio = statistics.median(app) / statistics.median(bare)
    print(f"start-up, bare PySide6 window:        median {statistics.median(bare) * 1000:7.1f} ms")
    print(f"start-up, awaw-desktop window:        median {statistics.median(app) * 1000:7.1f} ms")
    print(f"start-up ratio:                       {ratio:7.2f} x   (target <= 1.5 x)")


def toggle(rounds: int) -> None:
    from PySide6.QtWidgets import QCheckBox

    from awaw_desktop.ui.app import make_application
    from awaw_desktop.ui.main_window import MainWindow

    app = make_application([])
    window = MainWindow()
    window.show()
    app.processEvents()
    box = next(b for b in window.power_tabs["germany"].findChildren(QCheckBox)
               if b.accessibleName() == "Germany controls Berlin")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        box.click()  # widget -> store -> core -> every tab's labels, synchronously
        times.append(time.perf_counter() - start)
    print(f"checkbox toggle to labels updated:    median {statistics.median(times) * 1000:7.2f} ms, "
          f"worst {max(times) * 1000:6.2f} ms   (target median < 2 ms, worst < 16 ms)")
    window.store.undo_stack.setClean()
    window.close()


def recompute(rounds: int) -> None:
    from awaw_desktop.core.session import Session

    session = Session.new()
    session.assess()
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        session.assess()
        times.append(time.perf_counter() - start)
    print(f"full recompute of every power (core): median {statistics.median(times) * 1000:7.3f} ms, "
          f"worst {max(times) * 1000:6.3f} ms   (target < 1 ms)")


def long_session(turns: int = 200):  # type: ignore[no-untyped-def]
    from awaw_desktop.core.session import Session, apply_end_of_turn, record_die

    session = Session.new(title="Benchmark campaign")
    for index in range(turns):
        session.set_value("germany", "dp_level", (index % 21) - 10)
        session.set_value("germany", "firestorms", min(40, index // 5))
        record_die(session, "Benchmark die", "58.532", index % 6 + 1, "rolled")
        apply_end_of_turn(session)
        if session.turn.year >= 1950 and session.turn.season.value == "winter":
            session.turn = session.start_turn  # keep within the calendar; history keeps growing
    return session


def files(rounds: int) -> None:
    from awaw_desktop.core import sessionfile
    from awaw_desktop.core.recovery import RecoveryStore

    session = long_session()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaign.awaw"
        saves, loads = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            sessionfile.save(session, path)
            saves.append(time.perf_counter() - start)
            start = time.perf_counter()
            sessionfile.load(path)
            loads.append(time.perf_counter() - start)
        size = path.stat().st_size
        print(f"save, {len(session.history)}-turn session:            median {statistics.median(saves) * 1000:7.1f} ms"
              f"   (target < 50 ms)")
        print(f"load, {len(session.history)}-turn session:            median {statistics.median(loads) * 1000:7.1f} ms"
              f"   (target < 50 ms)")
        print(f"file size:                            {size / 1024:7.1f} KiB  (target < 1 MB)")
        recovery = RecoveryStore(Path(folder) / "recovery")
        on_window, in_background = [], []
        for _ in range(rounds):
            start = time.perf_counter()
            document = recovery.snapshot(session)  # what the window's thread does per autosave
            on_window.append(time.perf_counter() - start)
            start = time.perf_counter()
            recovery.write_snapshot("bench", document, path)  # runs on the recovery worker thread
            in_background.append(time.perf_counter() - start)
        print(f"autosave, window thread, 200 turns:   median {statistics.median(on_window) * 1000:7.1f} ms, "
              f"worst {max(on_window) * 1000:6.1f} ms   (target: under one frame, 16 ms)")
        print(f"autosave, worker thread, 200 turns:   median {statistics.median(in_background) * 1000:7.1f} ms "
              f"(off the window's thread)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer rounds")
    args = parser.parse_args()
    rounds = 3 if args.quick else 7
    print(f"awaw-desktop benchmarks (Python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"QT_QPA_PLATFORM={os.environ['QT_QPA_PLATFORM']})")
    startup(rounds)
    toggle(50 if args.quick else 300)
    recompute(200 if args.quick else 2000)
    files(5 if args.quick else 20)
    return 0


if __name__ == "__main__":
    sys.exit(main())
