"""Test settings shared by the core and UI suites."""

import os

# The UI suite runs without a screen; the core suite never touches Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
