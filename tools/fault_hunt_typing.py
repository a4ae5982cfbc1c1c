"""The hostile typing of ``tools/fault_hunt.py``: what a player may paste into a number box by mistake, pasted into
every number box on every tab of both windows (``fault_hunt.Shown``), then Tab."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fault_hunt_files import europa_games  # noqa: E402

from awaw_desktop.core.awaw import sessionfile  # noqa: E402

# -- hostile typing ----------------------------------------------------------------------------------------

#: What a player may paste into a number box by mistake (issue 38: 5,000 digits ended the app).
TYPED = ["9" * 5000, "-" + "9" * 5000, "9" * 100_000, "0" * 5000 + "7", "\uff15" * 5000, "1e400", "12,5",
         "\u2212" + "8" * 4301, "+-3", " ", "99999999999999999999", "\u0665" * 40]


def typing(shown: Any) -> dict[str, Any]:
    """Every number box on every tab of both windows, each text of ``TYPED`` pasted over it, then Tab: the box keeps
    the number it had, and nothing raises."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtTest import QTest

    from awaw_desktop.ui.shell.number_box import NumberBox

    figures: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    shown.awaw.set_session(sessionfile.load(sorted((ROOT / "resources" / "examples").glob("*.awaw"))[0]), None)
    shown.europa.set_game(europa_games()[2], None)
    for name, window in (("A World at War", shown.awaw), ("Europa", shown.europa)):
        window.activateWindow()
        for index in range(window.tabs.count()):
            window.tabs.setCurrentIndex(index)
            shown.app.processEvents()
            for box in window.tabs.widget(index).findChildren(NumberBox):
                if not (box.isVisible() and box.isEnabled()) or box.isReadOnly():
                    continue
                figures[f"{name} boxes"] += 1
                for text in TYPED:
                    shown.errors.clear()
                    before = box.value()
                    QGuiApplication.clipboard().setText(text)
                    box.setFocus()
                    box.lineEdit().selectAll()
                    QTest.keyClick(box.lineEdit(), Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
                    QTest.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
                    shown.app.processEvents()
                    figures["pasted"] += 1
                    if shown.errors:
                        faults[f"{name}: {text[:12]!r}... pasted raised: {shown.errors[0].splitlines()[-1]}"] += 1
                    elif box.value() != before and not (box.minimum() <= box.value() <= box.maximum()):
                        faults[f"{name}: {text[:12]!r}... pasted left {box.value()} in {box.name()}"] += 1
    return {"figures": figures, "faults": faults}
