"""Issue 28: nothing players read names a developer's file, path or code (the rules readings shown in Help named a file
path of a developer's machine).  Scanned here: the rules readings (Help and ``awaw-desktop readings``), every table
line's label, explanation and reading, every fact of the war, and the text and Markdown reports of the example games
and of games played a few turns.  The window's tooltips are scanned by tests/ui/test_player_texts.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from awaw_desktop.core.awaw import assess, readings, report
from awaw_desktop.core.awaw import facts as war_facts
from awaw_desktop.core.awaw.common import Edition, Scenario
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.awaw.sessionfile import load

ROOT = Path(__file__).resolve().parents[2]

#: What gives a developer's note away: a file or path, a code name (snake_case, a dotted attribute, code quotes), a
#: developer's marker.
DEVELOPER = re.compile(
    r"NOTES\.md|\.py\b|\.md\b|/work/|/home/|/tmp/|[A-Za-z]:\\\\|`|\bTODO\b|\bFIXME\b|\bXXX\b"
    r"|\b[a-z]+_[a-z0-9_]+\b|\b(?:figures|carry|inputs|results)\[|\bPowerResult\b|\bGameContext\b"
)


def developer_words(text: str) -> list[str]:
    return [match.group(0) for match in DEVELOPER.finditer(text)]


def test_the_scanner_finds_what_it_is_for() -> None:
    assert developer_words("see /work/shared/rules/NOTES.md and `in_surrender` in britain.py")
    assert not developer_words("Britain is in a state of surrender (59.4); 4:3 or better; Lebanon-Syria.")


def test_the_rules_readings_speak_to_players() -> None:
    document = readings.document(ROOT / "resources" / "readings")
    found = {word for word in developer_words(document)}
    assert not found, sorted(found)
    assert (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8").startswith(document[:200])


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("scenario", list(Scenario))
def test_every_line_says_what_it_asks_in_players_words(edition: Edition, scenario: Scenario) -> None:
    for power in assess.ORDER:
        for line in assess.lines(power, edition, scenario):
            for text in (line.label, line.help, line.reading,
                         *(getattr(spec, "label", "") for spec in getattr(line, "fields", ())),
                         *(getattr(spec, "help", "") for spec in getattr(line, "fields", ())),
                         *(option.label for option in getattr(line, "options", ()))):
                assert not developer_words(text), (power, line.id, text)


def test_every_fact_of_the_war_is_in_players_words() -> None:
    for item in war_facts.FACTS:
        for text in (item.label, item.help, *(words for _key, words in item.options)):
            assert not developer_words(text), (item.id, text)


def played_games() -> list[Session]:
    games = [load(path) for path in sorted((ROOT / "resources" / "examples").glob("*.awaw"))]
    for edition in Edition:
        session = Session.new(edition)
        if session.has_line("china", "defection_facts"):
            session.set_value("china", "defection_facts", {"unbuilt_infantry": 6, "force_level": 24,
                                                           "extra_infantry": 0, "wang_pool": 0})
        session.set_value("britain", "dp_level", -3)
        for _turn in range(3):
            apply_end_of_turn(session)
        games.append(session)
    return games


def test_the_reports_speak_to_players() -> None:
    for session in played_games():
        for fmt in ("text", "markdown"):
            text = report.report(session, fmt)   # type: ignore[arg-type]
            assert not developer_words(text), (session.title, fmt, sorted(set(developer_words(text))))
