"""Speed of the tipping points (issue 16).  Run: ``python benchmarks/tipping.py`` (``--quick`` for fewer).

Prints, with the one-frame target (16 ms) beside each figure:
- *after a change*: every power's tipping points recomputed after one fact changed, as the window does
  (with the ``TippingCache`` the window keeps): one change on each line of each power, in turn, on the
  example games and on random games of every edition and scenario; median and worst;
- *a game just opened*: the first computation for a game (nothing kept yet); median and worst;
- *window*: a tick on a power tab until the Overview's tipping points are shown again.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import random
import statistics
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from awaw_desktop.core import sessionfile  # noqa: E402
from awaw_desktop.core.awaw import assess  # noqa: E402
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn  # noqa: E402
from awaw_desktop.core.awaw.tipping import TippingCache, tipping_points  # noqa: E402
from awaw_desktop.core.lines import Choice, Count, Group, Level, Line, RulesInputError  # noqa: E402
from awaw_desktop.core.session import Session  # noqa: E402

Game = tuple[Edition, Scenario, Turn, dict[str, dict[str, Any]], dict[str, Any]]


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


def random_game(rng: random.Random) -> Game:
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
        return edition, scenario, turn, session.inputs, session.carry


def games(count: int) -> list[Game]:
    found: list[Game] = []
    for path in sorted((ROOT / "resources" / "examples").glob("*.awaw")):
        session = sessionfile.load(path)
        found.append((session.edition, session.scenario, session.turn, session.inputs, session.carry))
    rng = random.Random(16)
    found += [random_game(rng) for _ in range(count)]
    return found


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


def measure(count: int, clock: Any = time.perf_counter) -> tuple[list[float], list[float]]:
    """(times after a change, times for a game just opened), in ms of ``clock``."""
    after: list[float] = []
    opened: list[float] = []
    for edition, scenario, turn, inputs, carry in games(count):
        opened.append(_timed(clock, partial(tipping_points, edition, scenario, turn, inputs, carry)))
        cache = TippingCache()
        tipping_points(edition, scenario, turn, inputs, carry, cache=cache)
        for power in assess.ORDER:
            for line in assess.lines(power, edition, scenario):
                changed = one_change(inputs, power, line) if line.input_kind != "derived" else None
                if changed is None:
                    continue
                try:
                    assess.assess_all(edition, scenario, turn, changed, carry)
                except RulesInputError:
                    continue
                after.append(_timed(clock, partial(tipping_points, edition, scenario, turn, changed, carry,
                                                   cache=cache)))
                inputs = changed
    return after, opened


def tipping(count: int, cpu: bool = False) -> None:
    """Print the figures (``count`` random games besides the examples); ``cpu``: in this process's CPU
    time, which a busy machine inflates less than wall time."""
    after, opened = measure(count, time.process_time if cpu else time.perf_counter)
    kind = "CPU" if cpu else "wall"
    share = sum(1 for figure in after if figure <= 16) / len(after)
    high = statistics.quantiles(after, n=20)[-1]
    print(f"tipping points, all powers, after a change ({len(after)} changes, {kind}): "
          f"median {statistics.median(after):6.1f} ms, 95th percentile {high:6.1f} ms, "
          f"worst {max(after):6.1f} ms, {share:.0%} within 16 ms   (target: one frame, 16 ms)")
    print(f"tipping points, all powers, game just opened ({len(opened)} games, {kind}): "
          f"median {statistics.median(opened):6.1f} ms, worst {max(opened):6.1f} ms")


def window(rounds: int) -> None:
    """In the window: a tick on the Germany tab to the Overview's "What tips each power" refreshed
    (levels first, then the tipping points in the next event-loop turn)."""
    import os

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QCheckBox

    from awaw_desktop.ui.app import make_application
    from awaw_desktop.ui.main_window import MainWindow
    from awaw_desktop.ui.store import SessionStore

    app = make_application([])
    main_window = MainWindow(SessionStore(sessionfile.load(ROOT / "resources" / "examples" /
                                                           "britain-under-pressure-1941.awaw")))
    main_window.show()
    for _ in range(5):
        app.processEvents()
    box = next(b for b in main_window.power_tabs["germany"].findChildren(QCheckBox)
               if b.accessibleName() == "Germany controls Berlin")
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        box.click()
        app.processEvents()   # the Overview's tipping points refresh here
        times.append((time.perf_counter() - start) * 1000)
    print(f"window: a tick to the Overview's tipping points shown ({rounds} ticks): "
          f"median {statistics.median(times):6.1f} ms, worst {max(times):6.1f} ms")
    main_window.store.undo_stack.setClean()
    main_window.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer random games")
    parser.add_argument("--cpu", action="store_true", help="CPU time of this process instead of wall time")
    args = parser.parse_args()
    tipping(3 if args.quick else 20, args.cpu)
    window(20 if args.quick else 100)
    return 0


if __name__ == "__main__":
    sys.exit(main())
