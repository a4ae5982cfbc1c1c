"""Speed of the tipping points (issue 16).  Run: ``python benchmarks/tipping.py`` (``--quick`` for fewer).

Prints, with the one-frame target (16 ms) beside each figure:
- *core search after a change*: the tipping points recomputed after one fact changed, with the
  ``TippingCache`` a window keeps: one change on each line of each power, in turn, made through the
  session as the window makes it (a line showing a fact of the war changes the fact, every table showing
  it, and Japan's war clock), on the example games and on random games of every edition and scenario; for
  each power alone (as its tab asks, with a cache of its own) and for all powers (as the Overview asks);
  median, 95th percentile and worst, with Python's garbage collector paused (its full passes come with any
  allocation: see *window*), and the slowest changes for all powers, named; with the number of assessments
  made for all powers (a figure no other work on the machine can inflate);
- *a game just opened*: the first computation for a game (nothing kept yet); median and worst;
  ``--repeat N`` measures each change N times and keeps its least time: a worst case that is the work's own,
  not a moment another process had the CPU;
- *window* (1366x740, a laptop's screen): one change on each line, made through the store with a tab or the
  Overview shown, until
  the shown panel has the new tipping points: the time the change itself takes (the store and the
  levels, before any tipping work), then the longest time the window's thread was held in one go
  while the search ran in slices (the longest gap between turns of the event loop), and the time until
  the new points are shown.  The window is measured as the app runs it, with ``gc.freeze()`` once it is shown
  (``--no-freeze``: without it; a full pass of Python's garbage collector over everything start-up made can take
  longer than a frame on its own), once it has built its other tabs (it builds them one per idle moment after
  the first paint: ``benchmarks/startup.py`` measures that).  ``--quick`` changes the lines of the first example
  game (European) and of the 1945 global war (Japan and the election, the slowest searches).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import gc
import itertools
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from awaw_desktop.core.awaw import assess, sessionfile  # noqa: E402
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn  # noqa: E402
from awaw_desktop.core.awaw.session import Session  # noqa: E402
from awaw_desktop.core.awaw.tipping import TippingCache, session_tipping  # noqa: E402
from awaw_desktop.core.lines import Choice, Count, Group, Level, Line, RulesInputError  # noqa: E402

Game = tuple[Edition, Scenario, Turn, dict[str, dict[str, Any]], dict[str, Any]]
#: The window measured: a 1366x768 laptop screen less its panel (in a smaller window the Overview scrolls, and
#: a change that moves its rows repaints it twice as its scroll bar adjusts).
WINDOW_SIZE = (1366, 740)


def _random_value(rng: random.Random, line: Line) -> Any:
    if line.input_kind == "flag":
        return rng.random() < 0.5
    if isinstance(line, Choice):
        return [option.key for option in line.options if rng.random() < 0.4]
    if isinstance(line, Level):
        return rng.randint(-12, 12)
    if isinstance(line, Count):
        return rng.randint(0, min(line.maximum, 12 if rng.random() < 0.7 else line.maximum))
    if isinstance(line, Group) and line.check is None:
        return {spec.key: rng.randint(spec.minimum, min(spec.maximum, spec.minimum + 20)) for spec in line.fields}
    return None


def random_session(rng: random.Random) -> Session:
    """A game the rules accept, with random facts on every line of every power."""
    while True:
        edition, scenario = rng.choice(list(Edition)), rng.choice(list(Scenario))
        turn = Turn(rng.randint(1939, 1946), rng.choice(list(Season)))
        session = Session.new(edition, scenario, turn)
        for power in assess.ORDER:
            for line in session.lines(power):
                value = _random_value(rng, line)
                if value is not None:
                    with contextlib.suppress(RulesInputError):   # a value this line refuses: left as it starts
                        session.set_value(power, line.id, value)
        try:
            session.assess()
        except RulesInputError:
            continue
        return session


def random_game(rng: random.Random) -> Game:
    """A game the rules accept, with random facts on every line of every power."""
    session = random_session(rng)
    return session.edition, session.scenario, session.turn, session.inputs, session.carry


def sessions(count: int) -> list[tuple[str, Session]]:
    """The example games and ``count`` random ones, named."""
    found = [(path.stem, sessionfile.load(path)) for path in sorted((ROOT / "resources" / "examples").glob("*.awaw"))]
    rng = random.Random(16)
    found += [(f"random game {number + 1}", random_session(rng)) for number in range(count)]
    return found


def games(count: int) -> list[Game]:
    return [(session.edition, session.scenario, session.turn, session.inputs, session.carry)
            for _name, session in sessions(count)]


def one_change(inputs: dict[str, dict[str, Any]], power: str, line: Line) -> dict[str, dict[str, Any]] | None:
    """The facts with one line of ``power`` moved by one step (a tick, an option, a count by one)."""
    changed = copy.deepcopy(inputs)
    value = line.validate(changed.get(power, {}).get(line.id, line.default()))
    if line.input_kind == "flag":
        new: Any = not value
    elif isinstance(line, Choice):
        first = line.options[0].key
        new = [key for key in value if key != first] if first in value else [*value, first]
    elif isinstance(line, (Count, Level)):
        new = value + 1 if value < line.maximum else value - 1
    else:
        return None
    changed.setdefault(power, {})[line.id] = new
    return changed


def _timed(clock: Any, work: Any) -> float:
    start = clock()
    work()
    return (clock() - start) * 1000


def measure(count: int, clock: Any = time.perf_counter
            ) -> tuple[dict[str, list[float]], list[float], list[tuple[float, str, int]]]:
    """(times after a change, by power and for "all powers"; times for a game just opened; each change
    named with its time and the assessments it took for all powers), in ms of ``clock``."""
    after: dict[str, list[float]] = {key: [] for key in (*assess.ORDER, "all powers")}
    opened: list[float] = []
    named: list[tuple[float, str, int]] = []
    for name, session in sessions(count):
        opened.append(_timed(clock, partial(session_tipping, session)))
        caches = {key: TippingCache() for key in after}   # each tab with its own, and the Overview
        for key, cache in caches.items():
            session_tipping(session, None if key == "all powers" else [key], cache)
        for power in assess.ORDER:
            for line in session.lines(power):
                inputs = {key: dict(values) for key, values in session.inputs.items()}
                changed = one_change(inputs, power, line) if line.input_kind != "derived" else None
                if changed is None:
                    continue
                try:
                    session.set_value(power, line.id, changed[power][line.id])
                    session.assess()
                except (RulesInputError, ValueError):
                    continue
                made = caches["all powers"].made
                for key, cache in caches.items():
                    powers = None if key == "all powers" else [key]
                    after[key].append(_timed(clock, partial(session_tipping, session, powers, cache)))
                named.append((after["all powers"][-1], f"{name}: {power}.{line.id}", caches["all powers"].made - made))
    return after, opened, named


def _figures(times: list[float]) -> str:
    high = statistics.quantiles(times, n=20)[-1]
    share = sum(1 for figure in times if figure <= 16) / len(times)
    return (f"median {statistics.median(times):6.1f} ms, 95th percentile {high:6.1f} ms, "
            f"worst {max(times):6.1f} ms, {share:4.0%} within 16 ms")


def _least(runs: list[tuple[dict[str, list[float]], list[float], list[tuple[float, str, int]]]]
           ) -> tuple[dict[str, list[float]], list[float], list[tuple[float, str, int]]]:
    """Each figure of several runs over the same changes: its least (what the work takes, without the
    moments another process had the CPU)."""
    after = {key: [min(times) for times in zip(*(run[0][key] for run in runs), strict=True)] for key in runs[0][0]}
    opened = [min(times) for times in zip(*(run[1] for run in runs), strict=True)]
    named = [(min(item[0] for item in items), items[0][1], items[0][2])
             for items in zip(*(run[2] for run in runs), strict=True)]
    return after, opened, named


def tipping(count: int, cpu: bool = False, repeat: int = 1) -> None:
    """Print the core figures (``count`` random games besides the examples); ``cpu``: in this process's
    CPU time, which a busy machine inflates less than wall time; ``repeat``: each change measured that many
    times, its least time kept (a worst case that is the work's, not another process's)."""
    gc.disable()   # the search itself: the collector's full passes are in the window's figures
    try:
        after, opened, named = _least([measure(count, time.process_time if cpu else time.perf_counter)
                                       for _ in range(max(1, repeat))])
    finally:
        gc.enable()
    kind = "CPU" if cpu else "wall"
    least = f", least of {repeat} runs each" if repeat > 1 else ""
    print(f"core search after a change ({len(after['all powers'])} changes, {kind} time{least}, garbage collector "
          f"paused; target: one frame, 16 ms)")
    for key, times in after.items():
        print(f"  {key:>10}: {_figures(times)}")
    print("  slowest for all powers: " + "; ".join(f"{what} {figure:.1f} ms"
                                                  for figure, what, _made in sorted(named, reverse=True)[:5]))
    made = [count for _figure, _what, count in named]
    most = max(named, key=lambda item: item[2])
    print(f"  assessments made for all powers: median {statistics.median(made):.0f}, 95th percentile "
          f"{statistics.quantiles(made, n=20)[-1]:.0f}, most {most[2]} ({most[1]})")
    print(f"core search, all powers, game just opened ({len(opened)} games, {kind}): "
          f"median {statistics.median(opened):6.1f} ms, worst {max(opened):6.1f} ms")


def window(quick: bool, freeze: bool = False) -> None:
    """In the window (offscreen): one change on each line, made through the store, with the Overview or
    a tab shown, until the shown panel has the new tipping points.  ``freeze``: ``gc.freeze()`` once the
    window is shown (the garbage collector's full passes then skip what the window holds)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEventLoop, QTimer

    from awaw_desktop.ui.awaw.main_window import MainWindow
    from awaw_desktop.ui.awaw.store import SessionStore
    from awaw_desktop.ui.shell.app import make_application

    app = make_application([])
    handled: list[float] = []  # per change: the change itself (the store, the levels, the panels' asking)
    held: list[float] = []     # per change: the longest time the thread was held in one go after it
    held_cpu: list[float] = []  # the same in this process's CPU time (a busy machine adds to wall time)
    shown: list[float] = []    # per change: until the new tipping points were shown
    shown_cpu: list[float] = []
    slowest: list[tuple[float, str]] = []   # until shown, with the view and the line changed
    paths = sorted((ROOT / "resources" / "examples").glob("*.awaw"))
    # Quick: a European game and the 1945 global war (Japan and the U.S. election: the slowest searches).
    for path in [paths[0], paths[-1]] if quick else paths:
        main_window = MainWindow(SessionStore(sessionfile.load(path)))
        store = main_window.store
        main_window.resize(*WINDOW_SIZE)   # a laptop's screen, not the offscreen platform's 800x600
        main_window.show()
        if freeze:
            gc.freeze()
        for view in ("overview", "japan", "britain", "election"):
            if view == "overview":
                main_window.tabs.setCurrentIndex(0)
                panel = main_window.overview.tipping
            else:
                main_window.show_power(view)
                panel = main_window.power_tabs[view].tipping
            _settle(app, panel)
            _idle(app, main_window)
            session = store.session
            for power in assess.ORDER if view == "overview" else (view,):
                for line in assess.lines(power, session.edition, session.scenario):
                    inputs = {key: dict(values) for key, values in session.inputs.items()}
                    changed = one_change(inputs, power, line) if line.input_kind != "derived" else None
                    if changed is None:
                        continue
                    beats: list[float] = []
                    cpu_beats: list[float] = []
                    loop = QEventLoop()

                    def beat(panel: Any = panel, beats: list[float] = beats, cpu_beats: list[float] = cpu_beats,
                             loop: QEventLoop = loop) -> None:
                        beats.append(time.perf_counter())
                        cpu_beats.append(time.process_time())
                        if panel.up_to_date or beats[-1] - beats[0] > 30:   # 30 s: something is wrong
                            loop.quit()

                    heartbeat = QTimer()
                    heartbeat.timeout.connect(beat)
                    start, cpu_start = time.perf_counter(), time.process_time()
                    try:
                        store.set_value(power, line.id, changed[power][line.id])
                    except (RulesInputError, ValueError):
                        continue
                    beats.append(time.perf_counter())
                    cpu_beats.append(time.process_time())
                    heartbeat.start(0)
                    loop.exec()
                    heartbeat.stop()
                    handled.append((beats[0] - start) * 1000)
                    held.append(max([later - earlier for earlier, later in itertools.pairwise(beats)] or [0]) * 1000)
                    held_cpu.append(max([later - earlier for earlier, later in itertools.pairwise(cpu_beats)] or [0])
                                    * 1000)
                    shown.append((beats[-1] - start) * 1000)
                    shown_cpu.append((cpu_beats[-1] - cpu_start) * 1000)
                    slowest.append((shown[-1], f"{view}: {power}.{line.id}"))
        store.undo_stack.setClean()
        main_window.close()
    print(f"window, after a change ({len(held)} changes, wall time; target: one frame, 16 ms)")
    print(f"  the change itself (store, levels; before any tipping work): {_figures(handled)}")
    print(f"  then the longest time the thread was held in one go (a slice of the search, or any other "
          f"event): {_figures(held)}")
    print(f"  the same in CPU time: {_figures(held_cpu)}")
    print(f"  until the new tipping points are shown: {_figures(shown)}")
    print(f"  the same in CPU time: {_figures(shown_cpu)}")
    print("  slowest: " + "; ".join(f"{what} {figure:.1f} ms" for figure, what in sorted(slowest, reverse=True)[:5]))


def _idle(app: Any, main_window: Any) -> None:
    """Let the window build its other tabs (one per idle moment after the first paint) before the changes."""
    deadline = time.perf_counter() + 30
    quiet = time.perf_counter()
    builder = getattr(main_window, "tab_builder", None)
    while time.perf_counter() - quiet < 0.3 and time.perf_counter() < deadline:
        if builder is not None and builder.isActive():
            quiet = time.perf_counter()
        app.processEvents()


def _settle(app: Any, panel: Any) -> None:
    """Let the panel show its first tipping points."""
    deadline = time.perf_counter() + 30
    while not panel.up_to_date and time.perf_counter() < deadline:
        app.processEvents()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer random games")
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process instead of wall time")
    parser.add_argument("--no-freeze", action="store_true",
                        help="skip the gc.freeze() the app makes once its window is shown (ui/shell/app.py)")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="core search: measure each change N times and keep its least time")
    args = parser.parse_args()
    tipping(3 if args.quick else 20, args.cpu, args.repeat)
    window(args.quick, not args.no_freeze)
    return 0


if __name__ == "__main__":
    sys.exit(main())
