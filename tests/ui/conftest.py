"""UI test settings: each test gets its own app settings, and leaves the theme and text size as found."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QSettings


@pytest.fixture(autouse=True)
def own_settings(tmp_path, qapp, monkeypatch):
    """Window size, zoom, theme and recent files go to a folder of the test, never the user's; so does what the
    app remembers of the games it has shown (``core.record.seen``, in the data folder)."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "settings"))
    font = qapp.font()
    yield
    from awaw_desktop.ui.shell.theme import apply_theme, chosen_theme

    if chosen_theme() != "system":
        apply_theme("system")
    qapp.setFont(font)
