"""The product's targets (issues 35 and 36) and each figure judged against them: PASS, or MISS with the gap.

A target is a promise to the players, never what the code happens to do: it is written here once and never
loosened to make a figure pass."""

from __future__ import annotations

import statistics
from dataclasses import dataclass, field

#: Every interaction in the window (typing, ticking, an end of turn and its undo, a Europa end of turn and
#: envelope step), at 30, 200 and 1,000 turns with every dock shown: until the window is repainted.
INTERACTION_MEDIAN_MS = 3.0
INTERACTION_WORST_MS = 16.0
#: The window idle again (every refresh that follows the paint done) after a change.
IDLE_MS = 8.0
#: Save, load and verify of a file, both families: at 200 turns (and fewer), and at 1,000.
FILE_MS = {30: 20.0, 200: 20.0, 1000: 50.0}
#: Start-up to the first paint, and memory at the first paint, against a bare PySide6 window.
STARTUP_RATIO = 1.15
MEMORY_RATIO = 1.2
#: The largest record the limits allow (20,000 entries): opened, shown in the Game record view, verified.
LARGEST_OPEN_S = 2.0
LARGEST_VIEW_S = 1.0
LARGEST_VERIFY_S = 5.0
#: The Game record view of it grows memory by no more than the record's own size.
LARGEST_VIEW_MEMORY_RATIO = 1.0

TARGETS = f"""targets (issues 35, 36; never loosened):
  every interaction (typing, ticking, end of turn and its undo, Europa end of turn and envelope step), at 30, 200
    and 1,000 turns with every dock shown (Game record, What tips it): < {INTERACTION_MEDIAN_MS:g} ms median and \
< {INTERACTION_WORST_MS:g} ms worst
  the window idle again after a change: < {IDLE_MS:g} ms
  files (save, load, verify), both families: < {FILE_MS[200]:g} ms at 200 turns, < {FILE_MS[1000]:g} ms at 1,000
  start-up to the first paint <= {STARTUP_RATIO:g} x a bare PySide6 window; memory at first paint \
<= {MEMORY_RATIO:g} x
  the largest record (20,000 entries): opens < {LARGEST_OPEN_S:g} s, the Game record view shows it \
< {LARGEST_VIEW_S:g} s
    growing memory by no more than its own size; verify < {LARGEST_VERIFY_S:g} s
  scaling: the same interaction at 1,000 turns over 30 turns (the same cost at every length: about 1 x)"""


def ms(seconds: float) -> float:
    return seconds * 1000


@dataclass
class Judge:
    """Collects each verdict, and each interaction's medians by game length for the scaling lines."""

    passed: int = 0
    missed: list[str] = field(default_factory=list)
    medians: dict[str, dict[int, float]] = field(default_factory=dict)

    def below(self, name: str, value: float, limit: float, unit: str = "ms") -> str:
        """``value < limit``: "PASS (< 3 ms)" or "MISS (< 3 ms: +2.41 ms, 1.8 x)"."""
        return self._verdict(name, value, limit, unit, value < limit, "<")

    def at_most(self, name: str, value: float, limit: float, unit: str = "x") -> str:
        return self._verdict(name, value, limit, unit, value <= limit, "<=")

    def _verdict(self, name: str, value: float, limit: float, unit: str, ok: bool, sign: str) -> str:
        space = "" if unit == "x" else " "
        if ok:
            self.passed += 1
            return f"PASS ({sign} {limit:.3g}{space}{unit})"
        gap = f"+{value - limit:.2f}{space}{unit}" + (f", {value / limit:.1f} x the target" if unit != "x" else "")
        self.missed.append(f"{name}: {value:.2f}{space}{unit} (target {sign} {limit:.3g}{space}{unit})")
        return f"MISS ({sign} {limit:.3g}{space}{unit}: {gap})"

    def interaction(self, name: str, turns: int, painted: list[float], idle: list[float] | None = None) -> str:
        """One interaction's line: median and worst until repainted (and until idle), each judged."""
        median, worst = ms(statistics.median(painted)), ms(max(painted))
        self.medians.setdefault(name, {})[turns] = median
        typical = self.below(f"{name} {turns} median", median, INTERACTION_MEDIAN_MS)
        line = (f"{name}, {turns:>5} turns: median {median:7.2f} ms {typical}"
                f"; worst {worst:7.2f} ms {self.below(f'{name} {turns} worst', worst, INTERACTION_WORST_MS)}")
        if idle:
            idle_median, idle_worst = ms(statistics.median(idle)), ms(max(idle))
            line += (f"\n    idle again: median {idle_median:7.2f} ms "
                     f"{self.below(f'{name} {turns} idle median', idle_median, IDLE_MS)}; worst {idle_worst:7.2f} ms "
                     f"{self.below(f'{name} {turns} idle worst', idle_worst, IDLE_MS)}")
        return line

    def file_figure(self, name: str, turns: int, seconds: list[float]) -> str:
        median = ms(statistics.median(seconds))
        limit = FILE_MS[turns]
        return f"{name} median {median:7.2f} ms {self.below(f'{name} {turns} turns', median, limit)}"

    def scaling_lines(self) -> list[str]:
        lines = []
        for name, by_length in self.medians.items():
            if 30 in by_length and 1000 in by_length and by_length[30] > 0:
                ratio = by_length[1000] / by_length[30]
                lines.append(f"scaling, {name}: 1,000 turns / 30 turns = {ratio:5.2f} x "
                             f"({by_length[30]:.2f} -> {by_length[1000]:.2f} ms median)")
        return lines

    def summary(self) -> str:
        lines = [f"verdicts: {self.passed} PASS, {len(self.missed)} MISS"]
        lines += [f"  MISS {line}" for line in self.missed]
        return "\n".join(lines)
