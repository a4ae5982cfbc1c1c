"""Write docs/rules-readings.md from the rules core (see awaw_desktop/core/awaw/readings.py)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from awaw_desktop.core.awaw.readings import document  # noqa: E402

if __name__ == "__main__":
    (ROOT / "docs" / "rules-readings.md").write_text(document(ROOT / "resources" / "readings"), encoding="utf-8")
    print("docs/rules-readings.md written")
