"""The turn report to print and to post (issue 41): the chart's figures as a table, the forum summary in Markdown
and BBCode, for both families, without Qt."""

from __future__ import annotations

from pathlib import Path

from awaw_desktop.core import family
from awaw_desktop.core.awaw import game_record
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.printable import (
    LevelSeries,
    latest_turns_entries,
    printable_markdown,
    summary_bbcode,
    summary_markdown,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def played(turns: int) -> Session:
    session = Session.new(title="Club [game] | 1939", players={"axis": "Anna", "allied": "Bob"})
    for index in range(turns):
        session.set_value("germany", "dp_level", index - 2)
        before = session.snapshot()
        point = session.checkpoint(f"End of {session.turn.title}")
        apply_end_of_turn(session)
        session.checkpoints.append(point)
        game_record.record_step(session, game_record.step_entries(before, session, "End of turn"), point)
    return session


def test_the_chart_figures_are_a_table_with_a_row_per_end_of_turn() -> None:
    session = played(3)
    report = family.get("awaw").printable(session)
    series = report.series
    assert series is not None and len(series.turns) == 3
    germany = dict(series.lines)["Germany"]
    table = series.table_markdown()
    assert table[0].startswith("| Turn | ") and "Germany" in table[0]
    assert len(table) == 2 + 3
    assert table[2].startswith(f"| {series.turns[0]} |")
    assert len(germany) == 3
    words = series.words()
    assert "Germany from" in words and "3 ends of turn" in words


def test_an_empty_chart_says_so() -> None:
    series = LevelSeries(caption="Levels", turns=(), lines=())
    assert series.table_markdown() == ["No end of turn recorded yet, so there is nothing to chart."]
    assert "no end of turn recorded yet" in series.words()


def test_the_printed_markdown_holds_the_report_the_chart_table_and_the_record_code() -> None:
    session = played(2)
    report = family.get("awaw").printable(session)
    text = printable_markdown(report, "chart://levels")
    assert text.startswith("# Club")
    assert "## Germany" in text and "| Rule | Line | Points | Note |" in text
    assert "## Levels over the campaign" in text and "](chart://levels)" in text
    assert f"Record code **{session.record.code}**" in text


def test_the_forum_summary_in_markdown_and_bbcode() -> None:
    session = played(2)
    summary = family.get("awaw").turn_summary(session)
    assert summary.happened_turn and summary.happened
    assert any(name == "Germany" for name, _result in summary.results)
    markdown = summary_markdown(summary)
    assert markdown.startswith("**Club \\[game\\] \\| 1939, ")
    assert f"`{session.record.code}`" in markdown
    assert f"**What happened in {summary.happened_turn}**" in markdown
    bbcode = summary_bbcode(summary)
    assert bbcode.startswith("[b]Club \u27e6game\u27e7 | 1939, ")   # the players' brackets start no tag
    assert "[list]" in bbcode and "[*][b]Germany:[/b]" in bbcode
    assert f"[code]{session.record.code}[/code]" in bbcode
    assert bbcode.count("[list]") == bbcode.count("[/list]")


def test_a_new_game_has_nothing_happened_yet() -> None:
    session = Session.new(title="New")
    assert latest_turns_entries(session.record) == ("", ())
    assert "Nothing recorded this turn yet." in summary_bbcode(family.get("awaw").turn_summary(session))


def test_a_europa_game_prints_its_nations_and_posts_their_states() -> None:
    loaded = gamefile.load(FIXTURES / "europa-v3.awaw")
    europa = family.get("europa")
    report = europa.printable(loaded.game)
    assert report.series is None
    text = printable_markdown(report)
    assert "## " in text and "National will envelope" in text
    summary = europa.turn_summary(loaded.game)
    assert summary.results and all(result for _name, result in summary.results)
    assert "(56." in summary_markdown(summary)
