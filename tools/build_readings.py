"""Write docs/rules-readings.md from the rules core: every rules family's readings (core/family.py),
A World at War's first (awaw_desktop/core/awaw/readings.py), then Europa's (core/europa/readings.py)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from awaw_desktop.core.family import readings_document  # noqa: E402

if __name__ == "__main__":
    (ROOT / "docs" / "rules-readings.md").write_text(readings_document(), encoding="utf-8")
    print("docs/rules-readings.md written")
