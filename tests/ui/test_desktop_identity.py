"""Issue 29: the desktop knows the app: its windows carry its icon and it names its menu entry (desktop file)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtWidgets import QApplication

from awaw_desktop.ui.shell.app import APP_ID, ICON_SIZES, give_window_icon

ROOT = Path(__file__).resolve().parents[2]


def test_the_windows_get_the_apps_icon_in_every_size(qapp):
    before = QApplication.windowIcon()
    try:
        give_window_icon(qapp)
        icon = QApplication.windowIcon()
        assert not icon.isNull()
        assert {size.width() for size in icon.availableSizes()} == set(ICON_SIZES)
        assert icon.pixmap(48, 48).width() == 48
    finally:
        QApplication.setWindowIcon(before)


def test_the_app_names_its_desktop_file(tmp_path):
    probe = ("from awaw_desktop.ui.shell.app import make_application\n"
             "app = make_application(['awaw-desktop'])\nprint(app.desktopFileName())")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "XDG_CONFIG_HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=60,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == APP_ID
    assert (ROOT / "packaging" / "linux" / f"{APP_ID}.desktop").is_file()
