"""The headless report: every power's level for the current turn, as text, Markdown or JSON.

``awaw-desktop report FILE [--format text|markdown|json]`` prints it (see :func:`main`); ``--history`` prints the game
record instead, ``--since CODE`` its entries after the head a player quoted.
Text and Markdown skip lines worth no points; JSON keeps every line so that scripts see
the whole breakdown.  Powers come in ``DISPLAY_ORDER``.  A war that is over (the Allied defeat of 62.91, Germany's
or Japan's surrender) is said right after the header, as the Overview's banner says it; a power the scenario leaves
out shows a dash for its level (JSON keeps the number and says ``"applicable": false``).  Each power ends with its
tipping points (the smallest single changes that would change its fate, ``awaw.tipping``) when they are given.
The report ends with what happened, turn by turn: the outcomes, the wizards' summaries and the dice
(``report_history``).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from typing import Any, Literal, TypeAlias, cast

from ..lines import RulesInputError
from ..record.report import chosen_entries, render_entries
from .assess import DISPLAY_ORDER
from .checklist import WarEnd, war_end
from .common import PowerResult, Scenario, Status
from .game_record import standing
from .levels import NO_LEVEL, no_election, signed
from .report_history import happened_data, happened_markdown, happened_text
from .session import Session
from .sessionfile import IncompleteFileError, SessionFileError, file_problem, load
from .tipping import PowerTipping, TippingPoint, session_tipping

ReportFormat: TypeAlias = Literal["text", "markdown", "json"]
FORMATS: tuple[ReportFormat, ...] = ("text", "markdown", "json")
Tipping: TypeAlias = Mapping[str, PowerTipping]


def _json_value(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {str(key): _json_value(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_json_value(item) for item in value]
    return value


def _ordered(results: Mapping[str, PowerResult]) -> list[PowerResult]:
    keys = [key for key in DISPLAY_ORDER if key in results]
    keys += [key for key in results if key not in keys]
    return [results[key] for key in keys]


def _tipping_point_data(point: TippingPoint) -> dict[str, Any]:
    change = point.change
    return {"text": point.text, "status": point.status.value, "level": point.level, "fate": point.fate,
            "rule": point.rule,
            "change": {"power": change.power, "line": change.line_id, "rule": change.rule,
                       "from": _json_value(change.old), "to": _json_value(change.new), "text": change.text,
                       "direction": change.direction, "size": change.size}}


def _tipping_data(tipping: PowerTipping) -> dict[str, Any]:
    return {"levels_down": tipping.levels_down, "levels_up": tipping.levels_up,
            "points": [_tipping_point_data(point) for point in tipping.points]}


def report_data(session: Session, results: Mapping[str, PowerResult],
                tipping: Tipping | None = None) -> dict[str, Any]:
    """The JSON report as a dict: ``{"session": {...}, "powers": {key: {...}}}``; with ``tipping``,
    each power also has ``"tipping": {"levels_down", "levels_up", "points": [...]}``."""
    data: dict[str, Any] = {
        "session": {
            "title": session.title,
            "edition": session.edition.value,
            "scenario": session.scenario.value,
            "start_turn": session.start_turn.to_json(),
            "turn": session.turn.to_json(),
            "players": {"axis": session.players.get("axis", ""), "allied": session.players.get("allied", "")},
        },
        "powers": {
            result.power: {
                "title": result.title,
                "level": result.level,
                "total": result.total,
                "status": result.status.value,
                # False for a power the scenario leaves out (54.11, 57.81, 62.46B): its level counts for nothing.
                "applicable": result.status is not Status.NOT_APPLICABLE,
                "verdict": result.verdict,
                "breakdown": [{"id": item.id, "rule": item.rule, "label": item.label,
                               "value": _json_value(item.value), "points": item.points, "note": item.note}
                              for item in result.breakdown],
                "consequences": [{"rule": item.rule, "text": item.text} for item in result.consequences],
                "figures": _json_value(result.figures),
            }
            for result in _ordered(results)
        },
    }
    if tipping is not None:
        for key, power in data["powers"].items():
            if key in tipping:
                power["tipping"] = _tipping_data(tipping[key])
    data["what_happened"] = happened_data(session)
    return data


def _tipping_lines(tipping: PowerTipping) -> list[str]:
    """The tipping points of one power as list items (without the bullet): all of them, as the window's
    "Show all" and the JSON report list them (a play-tester missed the ones cut off)."""
    return [point.text for point in tipping.points] or ["No single change to this turn's facts changes its fate."]


def _header(session: Session) -> list[tuple[str, str]]:
    axis = session.players.get("axis", "") or "-"
    allied = session.players.get("allied", "") or "-"
    turn = session.turn.title
    if session.start_turn != session.turn:
        turn += f" (the game started in {session.start_turn.title})"
    return [("Edition", session.edition.title), ("Scenario", session.scenario.title), ("Turn", turn),
            ("Players", f"Axis: {axis}; Allied: {allied}")]


def level_words(result: PowerResult) -> str:
    if no_election(result):
        # The table stands theater by theater (62.3): the words beside it say "Europe -3, Pacific -3", so the
        # heading does too, never their sum (issue 37).
        theaters = [f"{name} {signed(int(value))}" for name, value in (("Europe", result.figures.get("europe")),
                                                                      ("Pacific", result.figures.get("pacific")))
                    if isinstance(value, int) and not isinstance(value, bool)]
        return f"no election this turn (62.21; the table stands at {', '.join(theaters) or signed(result.level)})"
    if result.status is Status.NOT_APPLICABLE:
        return f"level {NO_LEVEL}"
    text = f"level {signed(result.level)}"
    if result.total != result.level:
        text += f" (table total {signed(result.total)})"
    return text


#: The theater whose war ending ends a one-theater scenario (57.91: in a Pacific scenario Japan's surrender ends
#: the game).
_SCENARIO_THEATER = {Scenario.PACIFIC: "Pacific"}


def _game_over(session: Session, results: Mapping[str, PowerResult]) -> tuple[str, list[WarEnd]]:
    """The banner's heading and the wars that are over ("", [] while every war goes on)."""
    ended = war_end(session, results)
    if not ended:
        return "", []
    theater = _SCENARIO_THEATER.get(session.scenario)
    settled = [end for end in ended if end.settled]
    if any(end.rule == "62.91" for end in settled):
        heading = "The game is over."
    elif theater is not None and any(end.theater == theater for end in settled):
        heading = "The game is over: Japan's surrender ends a Pacific scenario (57.91)."
    elif settled:
        heading = "The war is over in part."
    else:   # each rests on values nobody has entered: what would follow, not declared
        heading = "Not settled: values nobody has entered decide whether a war is over."
    return heading, ended


def _war_end_lines(ended: list[WarEnd]) -> list[str]:
    """Each war that is over, its rule first as in a list of consequences (the Allied defeat ends the whole
    game: no theater to name)."""
    return [f"{end.rule}: {end.text}" if end.rule == "62.91" else f"{end.rule} ({end.theater}): {end.text}"
            for end in ended]


def _not_used(result: PowerResult) -> bool:
    return result.status is Status.NOT_APPLICABLE


def _tips(result: PowerResult, tipping: Tipping | None) -> PowerTipping | None:
    """What tips a power, to list: none for a power the scenario leaves out that nothing can tip (Japan in a
    European scenario can be: each atomic bomb brings its surrender a turn nearer, 57.81)."""
    tips = None if tipping is None else tipping.get(result.power)
    if tips is None or (_not_used(result) and not tips.points):
        return None
    return tips


def render_text(session: Session, results: Mapping[str, PowerResult], tipping: Tipping | None = None) -> str:
    lines = [f"Session report: {session.title or '(untitled)'}"]
    header = _header(session)
    width = max(len(name) for name, _ in header) + 1
    lines += [f"{name + ':':<{width}} {value}" for name, value in header]
    heading, ended = _game_over(session, results)
    if ended:
        lines += ["", f"*** {heading} ***"] + [f"    {line}" for line in _war_end_lines(ended)]
    for result in _ordered(results):
        lines += ["", f"== {result.title}: {level_words(result)}, {result.status.title} ==", result.verdict]
        scoring = [item for item in result.breakdown if item.points != 0]
        if _not_used(result):
            lines.append("  Points: not counted in this scenario.")
        elif scoring:
            rule_width = max(len(item.rule) for item in scoring)
            label_width = max(len(item.label) for item in scoring)
            points_width = max(len(signed(item.points)) for item in scoring)
            lines.append("  Points:")
            for item in scoring:
                row = (f"    {item.rule:<{rule_width}}  {item.label:<{label_width}}  "
                       f"{signed(item.points):>{points_width}}")
                if item.note:
                    row += f"  ({item.note})"
                lines.append(row.rstrip())
        else:
            lines.append("  Points: no line scores.")
        if result.consequences:
            lines.append("  Consequences:")
            lines += [f"    {item.rule}: {item.text}" for item in result.consequences]
        tips = _tips(result, tipping)
        if tips is not None:
            lines.append(f"  What tips it ({tips.distance_text})")
            lines += [f"    - {item}" for item in _tipping_lines(tips)]
    lines += happened_text(session)
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


def render_markdown(session: Session, results: Mapping[str, PowerResult], tipping: Tipping | None = None) -> str:
    lines = [f"# {_cell(session.title) or 'Session report'}", ""]
    lines += [f"- **{name}:** {_cell(value)}" for name, value in _header(session)]
    heading, ended = _game_over(session, results)
    if ended:
        lines += ["", f"> **{_cell(heading)}**"] + [f"> - {_cell(line)}" for line in _war_end_lines(ended)]
    for result in _ordered(results):
        lines += ["", f"## {_cell(result.title)}: {level_words(result)}, {result.status.title}", "",
                  _cell(result.verdict), ""]
        scoring = [item for item in result.breakdown if item.points != 0]
        if _not_used(result):
            lines.append("Not counted in this scenario.")
        elif scoring:
            lines += ["| Rule | Line | Points | Note |", "| --- | --- | ---: | --- |"]
            lines += [f"| {_cell(item.rule)} | {_cell(item.label)} | {signed(item.points)} | {_cell(item.note)} |"
                      for item in scoring]
        else:
            lines.append("No line scores.")
        if result.consequences:
            lines += ["", "**Consequences**", ""]
            lines += [f"- {_cell(item.rule)}: {_cell(item.text)}" for item in result.consequences]
        tips = _tips(result, tipping)
        if tips is not None:
            lines += ["", f"**What tips it** ({_cell(tips.distance_text)})", ""]
            lines += [f"- {_cell(item)}" for item in _tipping_lines(tips)]
    lines += happened_markdown(session)
    return "\n".join(lines) + "\n"


def render_json(session: Session, results: Mapping[str, PowerResult], tipping: Tipping | None = None) -> str:
    return json.dumps(report_data(session, results, tipping), indent=2, ensure_ascii=False) + "\n"


def render(session: Session, results: Mapping[str, PowerResult], fmt: ReportFormat = "text",
           tipping: Tipping | None = None) -> str:
    """The report for already computed ``results`` (keyed by power), with ``tipping`` if given."""
    if fmt == "text":
        return render_text(session, results, tipping)
    if fmt == "markdown":
        return render_markdown(session, results, tipping)
    if fmt == "json":
        return render_json(session, results, tipping)
    raise RulesInputError(f"fmt: the report format is one of {', '.join(FORMATS)}, not {fmt!r}")


def report(session: Session, fmt: ReportFormat = "text") -> str:
    """Every power's level, status, verdict, points, consequences and tipping points for the current turn."""
    if fmt not in FORMATS:
        raise RulesInputError(f"fmt: the report format is one of {', '.join(FORMATS)}, not {fmt!r}")
    return render(session, session.assess(), fmt, session_tipping(session))


def record_report(session: Session, fmt: ReportFormat = "text", since: str | None = None) -> str:
    """The game record (``--history``) or its entries since a quoted code (``--since``), with the levels that moved."""
    record = session.record
    entries = chosen_entries(record, since)
    everything = standing(record.entries)
    first = len(record.entries) - len(entries)
    return render_entries(session.title, record, entries, everything[first:], fmt, since,
                          everything[first - 1] if first > 0 else ())


def _write(text: str) -> None:
    try:
        sys.stdout.write(text)
    except UnicodeEncodeError:  # a console that cannot show every character
        encoding = getattr(sys.stdout, "encoding", None) or "ascii"
        sys.stdout.buffer.write(text.encode(encoding, "replace"))
    sys.stdout.flush()


def main(argv: Sequence[str] | None = None) -> int:
    """``awaw-desktop report FILE [--format text|markdown|json]``; returns the exit status
    (0 done, 2 bad arguments or a file that cannot be read).  Never raises."""
    parser = argparse.ArgumentParser(
        prog="awaw-desktop report",
        description="Print every power's surrender level for the current turn of a session file.",
    )
    parser.add_argument("file", metavar="FILE", help="a session file (.awaw)")
    parser.add_argument("--format", "-f", dest="fmt", choices=FORMATS, default="text",
                        help="text (default), markdown or json")
    told = parser.add_mutually_exclusive_group()
    told.add_argument("--history", action="store_true", help="the game record: every entry, with the levels that "
                                                               "moved")
    told.add_argument("--since", metavar="CODE", help="the entries recorded after the record code CODE (as quoted "
                                                      "in an e-mail: 7Q4M-K2XD)")
    try:
        args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    except SystemExit as stop:  # --help, or a usage error argparse already printed
        return stop.code if isinstance(stop.code, int) else 2
    try:
        session = load(args.file)
    except SessionFileError as error:
        said = (file_problem(args.file, error) if isinstance(error, IncompleteFileError)
                else f"cannot read {args.file}: {error}")
        print(f"awaw-desktop: {said}", file=sys.stderr)
        return 2
    try:
        if args.history or args.since is not None:
            text = record_report(session, cast(ReportFormat, args.fmt), args.since)
        else:
            text = report(session, cast(ReportFormat, args.fmt))
    except (RulesInputError, KeyError, TypeError, ValueError) as error:
        print(f"awaw-desktop: cannot report on {args.file}: {error}", file=sys.stderr)
        return 2
    try:
        _write(text)
    except BrokenPipeError:  # e.g. piped into head
        return 0
    return 0
