"""View > What-if fits a 1366x768 and a 1280x720 laptop (play-test: its status column was cut, the power
tab scrolled sideways and hid the Points/Counted columns).  Each screen is a fresh process, since Qt's
offscreen platform takes its screen from a config file when it starts (PLATFORM.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

MEASURE = """
import json, sys
from PySide6.QtWidgets import QLabel, QScrollArea
from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw import assess
from awaw_desktop.core.awaw.common import Edition
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.shell.app import make_application
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore
from awaw_desktop.ui.awaw.what_if import WhatIfDialog
from awaw_desktop.ui.shell.accessible import caption

app = make_application(sys.argv[:1])


def key_columns(tab):
    \"\"\"Whether the table's Points and Counted headings are in view, and whether it scrolls sideways.\"\"\"
    scroll = tab.table_scroll   # the table's scroll area (the panels above it have their own)
    view = scroll.viewport()
    shown = {}
    for label in scroll.widget().findChildren(QLabel):
        if label.text() in ("<b>Points</b>", "<b>Counted</b>"):
            shown[label.text()[3:-4]] = label.mapTo(view, label.rect().topRight()).x() <= view.width()
    return {"columns": shown, "sideways": scroll.horizontalScrollBar().isVisible()}


games = {name: sessionfile.load(f"resources/examples/{name}.awaw")
         for name in ("britain-under-pressure-1941", "france-about-to-fall-1940", "yss-election-1945")}
games.update({f"new {edition.value}": Session.new(edition) for edition in Edition})
area = app.primaryScreen().availableGeometry()
result = {"area": [area.width(), area.height()], "games": {}}
for name, game in games.items():
    window = MainWindow(SessionStore(game))
    window.ask_unsaved = lambda: None
    window.restore_geometry()
    window.show()
    dialog = WhatIfDialog(window.store, window)
    dialog.show()
    app.processEvents()
    frame = dialog.frameGeometry()
    statuses = [label for label in dialog.findChildren(QLabel) if caption(label).endswith("status now -> if")]
    powers = {}
    for power in assess.DISPLAY_ORDER:
        window.show_power(power)
        dialog.show_power(power)
        app.processEvents()
        panel = dialog.power_tabs[power].tipping
        powers[power] = {"window": key_columns(window.power_tabs[power]),
                         "what-if": key_columns(dialog.power_tabs[power]),
                         "tipping box": panel.height() >= panel.minimumSizeHint().height()}
    result["games"][name] = {
        "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
        "status words cut": [label.text() for label in statuses
                             if label.width() < label.sizeHint().width()
                             or label.visibleRegion().boundingRect().width() < label.width()],
        "powers": powers}
    dialog.reject()
    window.close()
print(json.dumps(result))
"""


def measure(tmp_path: Path, width: int, height: int) -> dict:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "dpr": 1}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-c", MEASURE], env=env, capture_output=True, text=True, timeout=180,
                          check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1280, 720)])
def test_what_if_fits_a_laptop_screen(tmp_path, width, height) -> None:
    shown = measure(tmp_path, width, height)
    assert shown["area"] == [width, height]
    for name, game in shown["games"].items():
        x, y, w, h = game["frame"]
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, f"{name}: What-if {game['frame']}"
        assert game["status words cut"] == [], f"{name}: the now -> if status column is cut at {width}x{height}"
        for power, seen in game["powers"].items():
            where = f"{name}, {power} at {width}x{height}"
            assert seen["tipping box"], f"{where}: the What tips it box is squeezed"
            assert seen["what-if"]["columns"].get("Points") is not None, where
            # Every table whose Points and Counted columns the window's own tab shows, What-if shows too
            # (a table wider than the screen scrolls sideways in both: its own lines decide its width).
            if all(seen["window"]["columns"].values()):
                assert all(seen["what-if"]["columns"].values()), f"{where}: {seen}"
            if not seen["window"]["sideways"]:
                assert not seen["what-if"]["sideways"], f"{where}: What-if scrolls sideways, the window does not"
