"""docs/rules-readings.md lists every reading the core chose, and is current."""

from pathlib import Path

from awaw_desktop.core.awaw.readings import document, line_readings
from awaw_desktop.core.family import readings_document

ROOT = Path(__file__).resolve().parents[2]


def test_the_readings_document_is_current():
    committed = (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")
    assert committed == readings_document(), "run: python tools/build_readings.py"
    assert committed.startswith(document(ROOT / "resources" / "readings"))


def test_every_line_reading_appears_in_the_document():
    text = (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")
    for entries in line_readings().values():
        for _rule, _label, reading, _editions in entries:
            assert reading in text
