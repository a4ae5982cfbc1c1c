"""A turn report to print and to post, for every rules family (issue 41): what a family gives the printing and
the forum summary, and the summary's two markups (Markdown and BBCode, the markup of the big wargame forums).

A family makes a :class:`PrintableReport` (its Markdown report, a chart's figures, the record code) and a
:class:`TurnSummary` (this turn's results and what happened); ``ui/shell/printing.py`` lays the first out on paper
and nothing here knows a family's rules.  No Qt here: the command line and the tests read these without a display.
"""

from __future__ import annotations

from .frozen import Frozen
from .record.chain import GameRecord

#: Said where a turn has nothing recorded yet.
NOTHING_YET = "Nothing recorded this turn yet."


def _cell(text: str) -> str:
    """One cell of a Markdown table that reads as typed."""
    return " ".join(text.replace("\\", "\\\\").replace("|", "\\|").split())


def _signed(value: int | None) -> str:
    if value is None:
        return "\u2013"
    return f"+{value}" if value > 0 else str(value)


class LevelSeries(Frozen):
    """The figures a chart of levels draws: for each named line (a power), its level at each turn (None where it
    had none).  The same figures print as a table under the chart and are what a screen reader is given."""

    caption: str
    turns: tuple[str, ...]
    lines: tuple[tuple[str, tuple[int | None, ...]], ...]

    @property
    def empty(self) -> bool:
        return not self.turns or not self.lines

    def table_markdown(self) -> list[str]:
        """The figures as a Markdown table: a row per turn, a column per line."""
        if self.empty:
            return ["No end of turn recorded yet, so there is nothing to chart."]
        names = [name for name, _levels in self.lines]
        rows = ["| Turn | " + " | ".join(_cell(name) for name in names) + " |",
                "| --- |" + " ---: |" * len(names)]
        for index, turn in enumerate(self.turns):
            cells = [_signed(levels[index]) for _name, levels in self.lines]
            rows.append(f"| {_cell(turn)} | " + " | ".join(cells) + " |")
        return rows

    def words(self) -> str:
        """The chart in one paragraph, for a screen reader: each line's first and last level, and its range."""
        if self.empty:
            return f"{self.caption}: no end of turn recorded yet."
        said = []
        for name, levels in self.lines:
            known = [level for level in levels if level is not None]
            if not known:
                continue
            said.append(f"{name} from {_signed(known[0])} to {_signed(known[-1])} "
                        f"(lowest {_signed(min(known))}, highest {_signed(max(known))})")
        span = self.turns[0] if len(self.turns) == 1 else f"{self.turns[0]} to {self.turns[-1]}"
        return f"{self.caption}, {span}, {len(self.turns)} ends of turn: " + "; ".join(said) + "."


class PrintableReport(Frozen):
    """What is printed: the report's Markdown (every power's or nation's level or state with its lines and rule
    numbers, and what happened), the chart's figures if the family charts levels, and the record code."""

    title: str
    turn: str
    markdown: str
    record_code: str
    series: LevelSeries | None = None
    #: The heading the chart and its table print under.
    chart_heading: str = "Levels over the campaign"


class TurnSummary(Frozen):
    """This turn's results and what happened, for a forum post."""

    title: str
    turn: str
    #: (name, result in words): ("Germany", "+3, not surrendering").
    results: tuple[tuple[str, str], ...]
    #: The last turn in which something was recorded ("" if none yet) and what happened in it.
    happened_turn: str
    happened: tuple[str, ...]
    record_code: str

    @property
    def happened_heading(self) -> str:
        return f"What happened in {self.happened_turn}" if self.happened_turn else "What happened"


#: Entries that are the record's own bookkeeping (the game's creation, keys, dice commitments), not play.
BOOKKEEPING = frozenset({"begun", "migrated", "key", "dice", "details"})


def latest_turns_entries(record: GameRecord) -> tuple[str, tuple[str, ...]]:
    """The last turn in which something was recorded, and what the record says happened in it (its entries'
    lines, oldest first; bookkeeping left out): ("", ()) for a record with nothing played yet."""
    said: list[str] = []
    turn = ""
    for entry in reversed(record.entries):
        if entry.kind in BOOKKEEPING:
            continue
        if not turn:
            turn = entry.turn
        elif entry.turn != turn:
            break
        line = entry.line()
        said.append(line.removeprefix(f"{entry.turn} \u2014 "))
    return turn, tuple(reversed(said))


def _markdown_text(text: str) -> str:
    escaped = "".join(f"\\{c}" if c in "\\`*_[]#|<>" else c for c in text)
    return " ".join(escaped.split())


def _bbcode_text(text: str) -> str:
    """Players' words in BBCode: a bracket would start a tag, so it is written as its look-alike."""
    return " ".join(text.replace("[", "\u27e6").replace("]", "\u27e7").split())


def _code_line(summary: TurnSummary) -> str:
    return f"Record code {summary.record_code}: quote it so that your partner can check his copy."


def summary_markdown(summary: TurnSummary) -> str:
    """The summary as a Markdown forum post."""
    lines = [f"**{_markdown_text(summary.title)}, {_markdown_text(summary.turn)}**", ""]
    lines += [f"- **{_markdown_text(name)}:** {_markdown_text(result)}" for name, result in summary.results]
    lines += ["", f"**{_markdown_text(summary.happened_heading)}**", ""]
    lines += [f"- {_markdown_text(line)}" for line in summary.happened] or [NOTHING_YET]
    lines += ["", f"`{summary.record_code}` \u2014 " + _code_line(summary).split(": ", 1)[1]]
    return "\n".join(lines) + "\n"


def summary_bbcode(summary: TurnSummary) -> str:
    """The summary as a BBCode forum post (phpBB, the big wargame forums)."""
    lines = [f"[b]{_bbcode_text(summary.title)}, {_bbcode_text(summary.turn)}[/b]", "", "[list]"]
    lines += [f"[*][b]{_bbcode_text(name)}:[/b] {_bbcode_text(result)}" for name, result in summary.results]
    lines += ["[/list]", "", f"[b]{_bbcode_text(summary.happened_heading)}[/b]"]
    if summary.happened:
        lines += ["[list]", *(f"[*]{_bbcode_text(line)}" for line in summary.happened), "[/list]"]
    else:
        lines.append(NOTHING_YET)
    lines += ["", f"[code]{summary.record_code}[/code] " + _code_line(summary).split(": ", 1)[1]]
    return "\n".join(lines) + "\n"


def printable_markdown(report: PrintableReport, chart_image: str | None = None) -> str:
    """The whole printed report as Markdown: the family's report, the chart (an image at ``chart_image``, a URL
    the printing gives) with its figures as a table under it, and the record code last."""
    lines = [report.markdown.rstrip("\n")]
    if report.series is not None:
        lines += ["", f"## {_markdown_text(report.chart_heading)}", ""]
        if chart_image and not report.series.empty:
            lines += [f"![{_markdown_text(report.series.words())}]({chart_image})", ""]
        lines += report.series.table_markdown()
    lines += ["", f"Record code **{report.record_code}** (the game record's head: your partner's copy shows the "
                  "same code if it holds the same game)."]
    return "\n".join(lines) + "\n"
