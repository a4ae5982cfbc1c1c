"""The report's "What happened" section: each turn's outcomes, the wizards' summaries and the dice, oldest first.

Built from the session's own record (``Session.history``: every end of turn and wizard outcome, with what followed;
``Session.dice``: every die typed or rolled), so a partner who reads the report sees how the game got where it is,
not only where it is.  One function makes the data (:func:`what_happened`), and one per format writes it; the
report (``report.py``) adds the section after every power's table.
"""

from __future__ import annotations

from typing import Any

from .assess import DISPLAY_ORDER, title
from .levels import recorded_levels, signed
from .session import Session

#: The section's heading in the text and Markdown reports.
HEADING = "What happened"
#: The kinds of record entry, as players name them.
KINDS = {"end-of-turn": "End of turn", "french-surrender": "French surrender (wizard)",
         "british-surrender": "British surrender (wizard)", "correction": "Correction"}


def what_happened(session: Session) -> list[dict[str, Any]]:
    """Each turn with a record, oldest first: ``{"turn", "entries": [{"kind", "title", "levels", "events"}],
    "dice": [{"purpose", "rule", "value", "source"}]}``."""
    turns: dict[int, dict[str, Any]] = {}

    def turn_of(turn: Any) -> dict[str, Any]:
        return turns.setdefault(turn.number, {"turn": turn.title, "turn_json": turn.to_json(), "entries": [],
                                              "dice": []})

    for entry in session.history:
        levels = recorded_levels(session.scenario, entry.levels)
        turn_of(entry.turn)["entries"].append({
            "kind": entry.kind, "title": entry.title,
            "levels": {power: levels[power] for power in DISPLAY_ORDER if power in levels},
            "events": [{"rule": event.rule, "text": event.text} for event in entry.events],
        })
    for roll in session.dice:
        turn_of(roll.turn)["dice"].append({"purpose": roll.purpose, "rule": roll.rule, "value": roll.value,
                                           "source": roll.source})
    return [turns[number] for number in sorted(turns)]


def _levels(levels: dict[str, int]) -> str:
    return ", ".join(f"{title(power)} {signed(level)}" for power, level in levels.items())


def _event(event: dict[str, str]) -> str:
    return f"{event['rule']}: {event['text']}" if event["rule"] else event["text"]


def _die(roll: dict[str, Any]) -> str:
    how = "rolled by the app" if roll["source"] == "rolled" else "typed in"
    return f"{roll['purpose']} ({roll['rule']}): {roll['value']}, {how}"


def happened_text(session: Session) -> list[str]:
    """The section as lines of the text report."""
    story = what_happened(session)
    lines = ["", f"== {HEADING} =="]
    if not story:
        return [*lines, "Nothing recorded yet: no turn has ended and no surrender wizard has finished."]
    for turn in story:
        lines.append(f"{turn['turn']}:")
        for entry in turn["entries"]:
            lines.append(f"  {KINDS.get(entry['kind'], entry['kind'])}: {entry['title']}")
            if entry["levels"]:
                lines.append(f"    Levels: {_levels(entry['levels'])}")
            lines += [f"    - {_event(event)}" for event in entry["events"]]
        lines += [f"  Die: {_die(roll)}" for roll in turn["dice"]]
    return lines


def _cell(text: str) -> str:
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


def happened_markdown(session: Session) -> list[str]:
    """The section as lines of the Markdown report."""
    story = what_happened(session)
    lines = ["", f"## {HEADING}", ""]
    if not story:
        return [*lines, "Nothing recorded yet: no turn has ended and no surrender wizard has finished."]
    for turn in story:
        lines += [f"### {_cell(turn['turn'])}", ""]
        for entry in turn["entries"]:
            lines.append(f"- **{_cell(KINDS.get(entry['kind'], entry['kind']))}:** {_cell(entry['title'])}")
            if entry["levels"]:
                lines.append(f"  - Levels: {_cell(_levels(entry['levels']))}")
            lines += [f"  - {_cell(_event(event))}" for event in entry["events"]]
        lines += [f"- **Die:** {_cell(_die(roll))}" for roll in turn["dice"]]
        lines.append("")
    return lines[:-1]


def happened_data(session: Session) -> list[dict[str, Any]]:
    """The section for the JSON report (turns as ``{"season", "year"}`` and as words)."""
    return [{"turn": turn["turn_json"], "turn_title": turn["turn"], "entries": turn["entries"], "dice": turn["dice"]}
            for turn in what_happened(session)]
