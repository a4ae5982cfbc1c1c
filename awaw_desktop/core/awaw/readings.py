"""The readings of unclear rules, gathered for players: from the table lines' own ``reading``
notes and from the per-power notes in ``resources/readings``.  ``docs/rules-readings.md`` is
built from this (``python tools/build_readings.py``) and a test keeps it current."""

from __future__ import annotations

from pathlib import Path

from . import assess
from .common import Edition, Scenario

INTRO = """# How awaw-desktop reads the rules

The app follows the surrender rules (54-62) of *A World at War* in three editions: **Original**, **Updated** and
**Updated, classic**. Where a rule can be read more than one way, we chose one reading and wrote it down here, so
players can see it and argue with it. Each table line whose value depends on such a reading also shows it in its
tooltip in the app.

The app writes this text from its own rules data, so it always says what the app counts.
"""


def line_readings() -> dict[str, list[tuple[str, str, str, list[str]]]]:
    """power -> [(rule, label, reading, editions)] for every line that carries a reading."""
    found: dict[str, list[tuple[str, str, str, list[str]]]] = {}
    for power in assess.DISPLAY_ORDER:
        seen: dict[tuple[str, str, str], list[str]] = {}
        for edition in Edition:
            for scenario in Scenario:
                for line in assess.lines(power, edition, scenario):
                    if line.reading:
                        editions = seen.setdefault((line.rule, line.label, line.reading), [])
                        if edition.title not in editions:
                            editions.append(edition.title)
        found[power] = [(rule, label, reading, editions) for (rule, label, reading), editions in seen.items()]
    return found


def document(readings_dir: Path) -> str:
    parts = [INTRO]
    general = readings_dir / "general.md"
    if general.exists():   # the readings every table shares, first
        text = general.read_text(encoding="utf-8").strip()
        heading, _, body = text.partition("\n")
        parts.append(f"\n## {heading.removeprefix('# ').strip()}\n")
        parts.append(body.strip())
    by_power = line_readings()
    for power in assess.DISPLAY_ORDER:
        parts.append(f"\n## {assess.title(power)}\n")
        lines = by_power.get(power, [])
        if lines:
            parts.append("\n### On the table's lines\n")
            for rule, label, reading, editions in sorted(lines):
                parts.append(f"- **{rule}, {label}** ({', '.join(editions)}): {reading}")
        notes = readings_dir / f"{power}.md"
        if notes.exists():
            text = notes.read_text(encoding="utf-8").strip()
            body = "\n".join(line for line in text.splitlines() if not line.startswith("# "))
            parts.append("\n### Notes\n")
            parts.append(body.strip())
    return "\n".join(parts).rstrip() + "\n"
