"""The headless report lists each power's tipping points, for play-by-email posts."""

from __future__ import annotations

import json
from pathlib import Path

from awaw_desktop.core.awaw import report, sessionfile
from awaw_desktop.core.awaw.assess import DISPLAY_ORDER
from awaw_desktop.core.awaw.tipping import session_tipping

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "resources" / "examples" / "britain-under-pressure-1941.awaw"


def test_text_report_lists_britains_tipping_points_under_britain() -> None:
    session = sessionfile.load(EXAMPLE)
    tipping = session_tipping(session)["britain"]
    text = report.report(session, "text")
    britain = text.split("== Britain")[1].split("\n== ")[0]
    assert f"What tips it ({tipping.distance_text})" in britain
    assert len(tipping.points) > 10   # more than a report used to list
    for point in tipping.points:
        assert f"    - {point.text}" in britain
    assert "... and " not in britain


def test_markdown_report_has_a_tipping_list_for_every_power() -> None:
    session = sessionfile.load(EXAMPLE)
    markdown = report.report(session, "markdown")
    # China is not in this European scenario and nothing tips it: no list (Japan's calendar surrender has one).
    assert markdown.count("**What tips it**") == len(DISPLAY_ORDER) - 1
    assert "**What tips it**" not in markdown.split("## China")[1].split("## U.S. election")[0]
    assert "- No single change to this turn's facts changes its fate." in markdown   # France has surrendered


def test_json_report_keeps_every_tipping_point_with_its_change() -> None:
    session = sessionfile.load(EXAMPLE)
    data = json.loads(report.report(session, "json"))
    tipping = session_tipping(session)
    for key in DISPLAY_ORDER:
        section = data["powers"][key]["tipping"]
        assert [point["text"] for point in section["points"]] == [point.text for point in tipping[key].points]
        assert (section["levels_down"], section["levels_up"]) == (tipping[key].levels_down, tipping[key].levels_up)
    first = data["powers"]["britain"]["tipping"]["points"][0]
    assert first["status"] == "offers" and first["change"]["power"] == "britain"
    assert set(first["change"]) == {"power", "line", "rule", "from", "to", "text", "direction", "size"}


def test_the_command_prints_the_tipping_points(capsys) -> None:
    assert report.main([str(EXAMPLE), "--format", "text"]) == 0
    out = capsys.readouterr().out
    assert out.count("What tips it") == len(DISPLAY_ORDER) - 1   # not China, left out of a European scenario
    assert "Rome is under Allied control: Italy stays at 0, surrenders (surrender level 0) (56.11)" in out
    assert "What tips it (Next threshold: 2 levels down (at -10) or 9 levels up (at +1).)" in out
    tipping_lines = [line for line in out.splitlines() if line.startswith(("  What tips it", "    - "))]
    assert tipping_lines and not [line for line in tipping_lines if "+0" in line]   # 0, as players write it


def test_markdown_and_json_say_the_same_as_the_text() -> None:
    """The three formats word a power's tipping points alike (JSON keys as before, its texts as the panels')."""
    session = sessionfile.load(EXAMPLE)
    text, markdown = report.report(session, "text"), report.report(session, "markdown")
    data = json.loads(report.report(session, "json"))
    for key in DISPLAY_ORDER:
        tipping = data["powers"][key]["tipping"]
        for point in tipping["points"]:
            assert f"    - {point['text']}" in text and f"- {point['text']}" in markdown
            assert point["text"].endswith(f"{point['fate']} ({point['rule']})")
    russia = data["powers"]["russia"]["tipping"]["points"][0]
    assert russia["fate"] == "Russia falls to 0, incurs effects" and russia["level"] == 0


def test_render_without_tipping_is_unchanged() -> None:
    session = sessionfile.load(EXAMPLE)
    assert "What tips it" not in report.render(session, session.assess(), "text")
    assert "tipping" not in json.loads(report.render(session, session.assess(), "json"))["powers"]["britain"]
