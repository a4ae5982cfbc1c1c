"""The Qt binding itself must not corrupt the interpreter during a long game.

PySide6 6.12.0 on Python 3.11 drops a reference to ``None`` on every call of a Qt method
that returns nothing; a few thousand clicks later the app aborts with "deallocating None".
pyproject.toml keeps that version out; this test fails for any version that does it again.
"""

import sys

from PySide6.QtWidgets import QCheckBox, QSpinBox


def test_qt_calls_do_not_leak_references_to_none(qtbot):
    box = QCheckBox()
    spin = QSpinBox()
    qtbot.addWidget(box)
    qtbot.addWidget(spin)
    before = sys.getrefcount(None)
    for index in range(2000):
        box.setChecked(index % 2 == 0)
        spin.setValue(index % 50)
    after = sys.getrefcount(None)
    assert after >= before - 100, f"None lost {before - after} references in 4000 Qt calls"
