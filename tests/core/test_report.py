"""The headless report (text, Markdown, JSON) and the 'awaw-desktop report' command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from awaw_desktop.core.awaw import report, sessionfile
from awaw_desktop.core.awaw.assess import DISPLAY_ORDER
from awaw_desktop.core.awaw.common import Consequence, Edition, PowerResult, Scenario, Season, Status, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.lines import LineResult, RulesInputError

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / "session-v1.awaw"


def make_session(**changes) -> Session:
    values = {"edition": Edition.UPDATED, "scenario": Scenario.GLOBAL_WAR, "start_turn": Turn(1939, Season.FALL),
              "turn": Turn(1944, Season.SUMMER), "players": {"axis": "Ada", "allied": "Bruno"},
              "title": "Kursk | test", "inputs": {}, "carry": {}}
    values.update(changes)
    inputs = values.pop("inputs")
    session = Session(**values)
    for power, entered in inputs.items():
        for line_id, value in entered.items():
            if session.is_bound(power, line_id):
                session.set_value(power, line_id, value)
            else:
                session.inputs.setdefault(power, {})[line_id] = value
    return session


GERMANY = PowerResult(
    "germany", "Germany", 5, 5, Status.NO_EFFECT, "Germany fights on (resistance +5).",
    (LineResult("dp_level", "55.11", "German DP level", 3, 3),
     LineResult("berlin", "55.11", "Germany controls Berlin", False, 0),
     LineResult("cities", "55.11", "German-controlled cities", ("essen", "cologne"), 2, "Essen, Cologne")),
    (Consequence("55.11", "Germany surrenders only at a resistance level of 0 or less."),),
    {"dp": 3, "places": ("a", "b")},
)
ITALY = PowerResult("italy", "Italy", -4, -2, Status.SURRENDERS, "Italy surrenders.",
                    (LineResult("dp_total", "56.11", "Italian DP total", -4, -4),),
                    (Consequence("56.2", "Italian units are removed."),), {"dp_total": -4})
RESULTS = {"italy": ITALY, "germany": GERMANY}  # in assessment order: the report uses DISPLAY_ORDER

EXPECTED_TEXT = """\
Session report: Kursk | test
Edition:  Updated rules
Scenario: Global War
Turn:     Summer 1944 (the game started in Fall 1939)
Players:  Axis: Ada; Allied: Bruno

== Germany: level +5, No effect ==
Germany fights on (resistance +5).
  Points:
    55.11  German DP level           +3
    55.11  German-controlled cities  +2  (Essen, Cologne)
  Consequences:
    55.11: Germany surrenders only at a resistance level of 0 or less.

== Italy: level -2 (table total -4), Surrenders ==
Italy surrenders.
  Points:
    56.11  Italian DP total  -4
  Consequences:
    56.2: Italian units are removed.

== What happened ==
Nothing recorded yet: no turn has ended and no surrender wizard has finished.
"""

EXPECTED_MARKDOWN = """\
# Kursk \\| test

- **Edition:** Updated rules
- **Scenario:** Global War
- **Turn:** Summer 1944 (the game started in Fall 1939)
- **Players:** Axis: Ada; Allied: Bruno

## Germany: level +5, No effect

Germany fights on (resistance +5).

| Rule | Line | Points | Note |
| --- | --- | ---: | --- |
| 55.11 | German DP level | +3 |  |
| 55.11 | German-controlled cities | +2 | Essen, Cologne |

**Consequences**

- 55.11: Germany surrenders only at a resistance level of 0 or less.

## Italy: level -2 (table total -4), Surrenders

Italy surrenders.

| Rule | Line | Points | Note |
| --- | --- | ---: | --- |
| 56.11 | Italian DP total | -4 |  |

**Consequences**

- 56.2: Italian units are removed.

## What happened

Nothing recorded yet: no turn has ended and no surrender wizard has finished.
"""


def test_text_report_skips_zero_lines_and_follows_display_order():
    assert report.render(make_session(), RESULTS, "text") == EXPECTED_TEXT


def test_markdown_report():
    assert report.render(make_session(), RESULTS, "markdown") == EXPECTED_MARKDOWN


def test_json_report_keeps_every_line_with_stable_keys():
    data = json.loads(report.render(make_session(), RESULTS, "json"))
    assert list(data) == ["session", "powers", "what_happened"]
    assert data["what_happened"] == []   # nothing recorded yet
    assert data["session"] == {"title": "Kursk | test", "edition": "updated", "scenario": "global-war",
                               "start_turn": {"season": "fall", "year": 1939},
                               "turn": {"season": "summer", "year": 1944},
                               "players": {"axis": "Ada", "allied": "Bruno"}}
    assert list(data["powers"]) == ["germany", "italy"]
    germany = data["powers"]["germany"]
    assert list(germany) == ["title", "level", "total", "status", "applicable", "verdict", "breakdown",
                             "consequences", "figures"]
    assert germany["level"] == 5 and germany["status"] == "no-effect" and germany["applicable"] is True
    assert [line["id"] for line in germany["breakdown"]] == ["dp_level", "berlin", "cities"]  # zero line kept
    assert germany["breakdown"][2] == {"id": "cities", "rule": "55.11", "label": "German-controlled cities",
                                       "value": ["essen", "cologne"], "points": 2, "note": "Essen, Cologne"}
    assert germany["figures"] == {"dp": 3, "places": ["a", "b"]}
    assert data["powers"]["italy"]["total"] == -4 and data["powers"]["italy"]["level"] == -2
    assert data["powers"]["italy"]["consequences"] == [{"rule": "56.2", "text": "Italian units are removed."}]


def test_a_power_without_scoring_lines_and_an_untitled_session():
    quiet = PowerResult("germany", "Germany", 1, 1, Status.NO_EFFECT, "Germany fights on.",
                        (LineResult("dp_level", "55.11", "German DP level", 0, 0),))
    session = make_session(title="", players={"axis": "", "allied": ""}, turn=Turn(1939, Season.FALL))
    text = report.render(session, {"germany": quiet}, "text")
    assert text.startswith("Session report: (untitled)\n")
    assert "Turn:     Fall 1939\n" in text  # no "started in" when it is the first turn
    assert "Players:  Axis: -; Allied: -\n" in text
    assert "== Germany: level +1, No effect ==\nGermany fights on.\n  Points: no line scores.\n" in text
    assert "Consequences" not in text
    markdown = report.render(session, {"germany": quiet}, "markdown")
    assert markdown.startswith("# Session report\n")
    assert "No line scores." in markdown


def test_unknown_format_is_refused():
    with pytest.raises(RulesInputError, match="fmt: the report format is one of text, markdown, json"):
        report.report(make_session(), "html")  # type: ignore[arg-type]
    with pytest.raises(RulesInputError, match="fmt"):
        report.render(make_session(), RESULTS, "pdf")  # type: ignore[arg-type]


# -- with the real rules --------------------------------------------------------------------

def test_report_of_the_fixture_lists_every_power_with_real_german_values():
    session = sessionfile.load(FIXTURE)
    data = json.loads(report.report(session, "json"))
    assert list(data["powers"]) == list(DISPLAY_ORDER)
    germany = data["powers"]["germany"]
    # 55.11 updated: DP 3, Berlin +2, Essen and Cologne +2, one atomic attack -3, two firestorms -2, Italy 0
    assert germany["level"] == germany["total"] == 2
    assert germany["status"] == "no-effect"
    assert {line["id"]: line["points"] for line in germany["breakdown"]} == {
        "dp_level": 3, "berlin": 2, "cities": 2, "berchtesgaden": 0, "atomic_by_germany": 0,
        "atomic_against_germany": -3, "firestorms": -2, "italian_resistance": 0}
    text = report.report(session, "text")
    assert "== Germany: level +2, No effect ==" in text
    assert "Berchtesgaden" not in text  # zero-point line skipped
    positions = [text.index(f"== {data['powers'][key]['title']}:") for key in DISPLAY_ORDER]
    assert positions == sorted(positions)
    markdown = report.report(session, "markdown")
    assert "| 55.11 | Atomic attacks against Germany | -3 |" in markdown


@pytest.mark.parametrize("edition", list(Edition))
def test_german_surrender_at_zero_in_every_edition(edition):
    session = make_session(edition=edition, inputs={"germany": {"dp_level": -2, "berlin": True}})
    data = json.loads(report.report(session, "json"))
    assert data["powers"]["germany"]["level"] == 0
    assert data["powers"]["germany"]["status"] == "surrenders"


# -- the command ------------------------------------------------------------------------------

def test_main_prints_the_report(capsys):
    assert report.main([str(FIXTURE)]) == 0
    out, err = capsys.readouterr()
    assert out == report.report(sessionfile.load(FIXTURE), "text")
    assert err == ""
    assert report.main([str(FIXTURE), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["powers"]["germany"]["level"] == 2
    assert report.main([str(FIXTURE), "-f", "markdown"]) == 0
    assert capsys.readouterr().out.startswith("# Fixture: a version 1 session")


@pytest.mark.parametrize(("content", "reason"), [
    (None, "no such file or folder"),
    (b"", "not a session file (the file is empty)"),
    (b"\x89PNG\r\n\x1a\n", "not a session file (it is not a text file)"),
    (b'{"format": "awaw-desktop-session", "version": 9}',
     "made by a newer version of awaw-desktop (format 9; this version reads up to 4)"),
])
def test_main_reports_an_unreadable_file_without_a_traceback(tmp_path, capsys, content, reason):
    path = tmp_path / "game.awaw"
    if content is not None:
        path.write_bytes(content)
    assert report.main([str(path)]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err == f"awaw-desktop: cannot read {path}: {reason}\n"


def test_main_usage_errors_return_2(capsys):
    assert report.main([]) == 2
    assert report.main([str(FIXTURE), "--format", "pdf"]) == 2
    assert "usage: awaw-desktop report" in capsys.readouterr().err
    assert report.main(["--help"]) == 0
    assert "--format" in capsys.readouterr().out


def test_the_command_line_entry_point(tmp_path):
    completed = subprocess.run([sys.executable, "-m", "awaw_desktop", "report", str(FIXTURE), "--format", "json"],
                               cwd=ROOT, capture_output=True, text=True, check=False)
    assert completed.returncode == 0, completed.stderr
    assert json.loads(completed.stdout)["session"]["players"] == {"axis": "Ada", "allied": "Bruno"}
    missing = tmp_path / "missing.awaw"
    completed = subprocess.run([sys.executable, "-m", "awaw_desktop", "report", str(missing)],
                               cwd=ROOT, capture_output=True, text=True, check=False)
    assert completed.returncode == 2
    assert completed.stderr == f"awaw-desktop: cannot read {missing}: no such file or folder\n"
    assert "Traceback" not in completed.stderr


def test_a_turn_without_an_election_reports_no_election_level():
    """As the Overview shows "—": in a turn without an election the table is only a forecast (62.21)."""
    session = Session.new()
    results = session.assess()
    assert not results["election"].figures.get("held", True)
    text = report.render_text(session, results)
    assert "== U.S. election: no election this turn (62.21" in text
    assert "== U.S. election: level" not in text
