"""Starting the Qt application."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QApplication

from .. import __version__
from .main_window import APP_NAME, MainWindow


def make_application(argv: list[str]) -> QApplication:
    existing = QApplication.instance()
    if isinstance(existing, QApplication):
        return existing
    app = QApplication(argv)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationVersion(__version__)
    app.setApplicationDisplayName("AWAW Surrender Assistant")
    return app


def run_app(file: Path | None, screenshot_dir: Path | None, argv: list[str]) -> int:
    app = make_application(argv)
    if screenshot_dir is not None:
        from .screenshots import render_screenshots

        for path in render_screenshots(screenshot_dir):
            print(path)
        return 0
    window = MainWindow()
    window.restore_geometry()
    if file is not None:
        window.open_path(file)
    window.show()
    return app.exec()
