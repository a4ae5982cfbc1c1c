"""The first window fits laptop screens (1280x720, 1366x768) at 100% and 200% scaling and remembers
its size.  Each screen is a fresh process, since Qt's offscreen platform takes its screen from a
config file when it starts (PLATFORM.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from awaw_desktop.core.awaw.common import Edition
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

ROOT = Path(__file__).resolve().parents[2]

FIRST_START = """
import json, sys
from awaw_desktop.ui.shell.app import make_application
from awaw_desktop.ui.awaw.main_window import MainWindow

app = make_application(sys.argv[:1])
window = MainWindow()
window.ask_unsaved = lambda: None
window.restore_geometry()
window.show()
app.processEvents()
area = window.screen().availableGeometry()
frame = window.frameGeometry()
from PySide6.QtWidgets import QLabel, QScrollArea
headers = {}
lines_seen = {}
for power in ("japan", "britain"):
    window.show_power(power)
    app.processEvents()
    tab = window.power_tabs[power]
    inside = {}
    for name in ("level", "status"):
        label = getattr(tab.header, name)
        corner = label.mapTo(window, label.rect().bottomRight())
        inside[name] = (not label.visibleRegion().isEmpty()) and window.rect().contains(corner)
    headers[power] = inside
    # How many of the table's lines show without scrolling (the rows' rule labels inside the scroll viewport).
    scroll = next(area for area in tab.findChildren(QScrollArea) if area.widget() is tab.grid.parentWidget())
    viewport = scroll.viewport()
    rows = [row.rule for row in tab.rows.values()
            if viewport.rect().contains(row.rule.mapTo(viewport, row.rule.rect().bottomLeft()))]
    lines_seen[power] = len(rows)
from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog
from awaw_desktop.ui.shell.new_game import NewSessionDialog
dialogs = {}
end = EndOfTurnDialog(window.store.session, window)
end.show()
app.processEvents()
dialogs["end of turn"] = [end.frameGeometry().width(), end.frameGeometry().height()]
end.close()
new = NewSessionDialog(window)
new.show()
new.part("awaw").rows.year.setValue(1942)
new.next()
app.processEvents()
dialogs["new game, campaign so far"] = [new.frameGeometry().width(), new.frameGeometry().height()]
new.close()
resize = [int(arg) for arg in sys.argv[1:3]] if len(sys.argv) > 2 else None
if resize:
    window.resize(*resize)
    app.processEvents()
size = [window.width(), window.height()]
window.close()
print(json.dumps({"area": [area.x(), area.y(), area.width(), area.height()],
                  "frame": [frame.x(), frame.y(), frame.width(), frame.height()],
                  "size": size, "headers": headers, "lines_seen": lines_seen,
                  "dialogs": dialogs}))
"""


def start(tmp_path: Path, width: int, height: int, dpr: int, *args: str) -> dict:
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": width, "height": height,
                                               "logicalDpi": 96, "dpr": dpr}]}), encoding="utf-8")
    env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_STATE_HOME": str(tmp_path / "state")}
    done = subprocess.run([sys.executable, "-c", FIRST_START, *args], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


#: (logical width, height, device pixel ratio): 1280x720 and 1366x768 laptops, and 2560x1440 and
#: 1366x768 screens at 200% (half the pixels in logical units).
SCREENS = [(1280, 720, 1), (1366, 768, 1), (1280, 720, 2), (683, 384, 2)]


@pytest.mark.parametrize(("width", "height", "dpr"), SCREENS)
def test_the_first_window_opens_inside_the_screen(tmp_path, width, height, dpr):
    shown = start(tmp_path, width, height, dpr)
    x, y, w, h = shown["frame"]
    assert shown["area"] == [0, 0, width, height]
    assert x >= 0 and y >= 0 and x + w <= width and y + h <= height, shown
    for power, inside in shown["headers"].items():
        assert inside == {"level": True, "status": True}, f"{power}: level/status hidden at {width}x{height}"
    for name, (w, h) in shown["dialogs"].items():
        assert w <= width and h <= height, f"{name} dialog {w}x{h} is larger than the {width}x{height} screen"


def test_the_window_remembers_its_size(tmp_path):
    first = start(tmp_path, 1366, 768, 1, "1000", "600")
    assert first["size"] == [1000, 600]
    second = start(tmp_path, 1366, 768, 1)
    assert second["size"] == [1000, 600]


def test_a_size_remembered_on_a_larger_screen_is_fitted_to_a_smaller_one(tmp_path):
    start(tmp_path, 1920, 1080, 1, "1800", "1000")
    shown = start(tmp_path, 1280, 720, 1)
    x, y, w, h = shown["frame"]
    assert x + w <= 1280 and y + h <= 720, shown


def test_a_laptop_screen_shows_most_of_a_table_without_scrolling(tmp_path):
    """Play-test finding: at 1366x768 the Britain tab showed 10 lines above the fold; what tips it now sits beside
    the level, not above the table.  A new game's Britain names five values nobody entered above its table (issue
    28: the transports in the Atlantic SW box among them, 59.22D), which takes one line of the table's height."""
    shown = start(tmp_path, 1366, 768, 1)
    assert shown["lines_seen"]["britain"] >= 11, shown["lines_seen"]   # 10 when it sat above the table


@pytest.mark.parametrize("edition", ["original", "updated", "updated-classic"])
def test_every_table_fits_a_1280_pixel_window_without_scrolling_sideways(qtbot, edition):
    """Play-test finding: China's updated table needed 1,341 px (its defection-limit field names now wrap)."""
    window = MainWindow(SessionStore(Session.new(Edition(edition))))
    qtbot.addWidget(window)
    for power in window.power_tabs:
        table = window.power_tabs[power].grid.parentWidget()
        assert table.minimumSizeHint().width() <= 1200, f"{power}: {table.minimumSizeHint().width()} px"
