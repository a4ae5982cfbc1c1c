"""``awaw-desktop readings`` prints the readings Help shows, from the shipped notes (the bundle's smoke
test, packaging/smoke.py, runs it to check that the frozen app finds resources/readings)."""

from pathlib import Path

import pytest

from awaw_desktop.__main__ import main

ROOT = Path(__file__).resolve().parents[2]


def test_readings_prints_the_document_with_every_powers_notes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["readings"]) == 0
    printed = capsys.readouterr().out
    assert printed == (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")
    for notes in sorted((ROOT / "resources" / "readings").glob("*.md")):
        last_line = notes.read_text(encoding="utf-8").strip().splitlines()[-1]
        assert last_line in printed, notes.name
