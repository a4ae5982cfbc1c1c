"""Test settings shared by the core and UI suites."""

import os

# The UI suite runs without a screen; the core suite never touches Qt.
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# The processes the tests start (the app, the screen checks at laptop sizes: some 40 of them) and pytest-xdist's
# workers keep the bytecode of the checkout's modules once compiled, as an installed app has it (pip compiles at
# install), also under a shell that says not to write any (PYTHONDONTWRITEBYTECODE): each compiled them all again.
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# What the app keeps in the user's cache folder (PySide6's compiled support modules, ``ui/shell/pyside_start.py``) goes
# to the checkout's build folder when the tests start the app, not to the home folder of whoever runs them.  Each of
# pytest-xdist's worker processes (``-n auto``, the README's test command) has folders of its own, as one process
# alone had: no test reads what a test of another worker wrote at the same moment.
os.environ["XDG_CACHE_HOME"] = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build",
    "-".join(filter(None, ("test-cache", os.environ.get("PYTEST_XDIST_WORKER")))))
# What the app remembers of the games it has shown (core/record/seen.py) goes to a scratch folder, not the home folder
# of whoever runs the tests (the UI tests give each test its own: tests/ui/conftest.py).
os.environ["XDG_DATA_HOME"] = os.path.join(
    os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "build",
    "-".join(filter(None, ("test-data", os.environ.get("PYTEST_XDIST_WORKER")))))

# Sealed envelopes (core/europa/sealing.py) cost the tests 2**10 Scrypt rounds, not the app's 2**15 (0.2 s a box); a
# player's key file (core/record/keys.py, sealed the same way) likewise.
from awaw_desktop.core.europa import sealing
from awaw_desktop.core.record import keys as player_keys

sealing.APP_COST_LOG2 = sealing.FLOOR_COST_LOG2 = 10
player_keys.APP_COST_LOG2 = player_keys.FLOOR_COST_LOG2 = 10
