"""Colours for statuses, in light and dark schemes.  Colour always comes with words."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette

from ..core.awaw.common import Status

#: (light background, light text, dark background, dark text)
_STATUS_COLOURS: dict[Status, tuple[str, str, str, str]] = {
    Status.NO_EFFECT: ("#d8f0dc", "#14532d", "#1f4d2c", "#d8f5de"),
    Status.EFFECTS: ("#fdf0c8", "#6b4500", "#5c4510", "#fdeec0"),
    Status.OFFERS: ("#fde0c2", "#7a3300", "#6a3410", "#ffe3c8"),
    Status.SURRENDERS: ("#f9d0d0", "#7f1010", "#6e1c1c", "#ffd9d9"),
    Status.SURRENDERED: ("#e4d8f0", "#3f1d6b", "#3f2a5c", "#eadcff"),
    Status.NOT_APPLICABLE: ("#e6e6e6", "#333333", "#3a3a3a", "#dddddd"),
}

#: A shape in front of the status word, so the status reads without colour too.
STATUS_MARKS: dict[Status, str] = {
    Status.NO_EFFECT: "\u2713",      # check mark
    Status.EFFECTS: "\u25b2",        # triangle
    Status.OFFERS: "\u2691",         # flag
    Status.SURRENDERS: "\u2716",     # heavy x
    Status.SURRENDERED: "\u25a0",    # square
    Status.NOT_APPLICABLE: "\u2014",  # dash
}


def current_scheme() -> Qt.ColorScheme:
    """The system's light/dark scheme as Qt reports it (Unknown on a bare Linux machine)."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app.styleHints().colorScheme()
    return Qt.ColorScheme.Unknown


def is_dark(palette: QPalette | None = None) -> bool:
    """Dark scheme: the system says so, or the window colour is dark."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        scheme = current_scheme()
        if scheme == Qt.ColorScheme.Dark:
            return True
        if scheme == Qt.ColorScheme.Light:
            return False
        palette = palette or app.palette()
    if palette is None:
        return False
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


def status_colours(status: Status, dark: bool) -> tuple[str, str]:
    light_bg, light_fg, dark_bg, dark_fg = _STATUS_COLOURS[status]
    return (dark_bg, dark_fg) if dark else (light_bg, light_fg)


def status_chip_style(status: Status, dark: bool) -> str:
    background, foreground = status_colours(status, dark)
    return (f"background:{background}; color:{foreground}; border-radius:6px; padding:4px 10px;"
            f" font-weight:600;")


def status_text(status: Status) -> str:
    return f"{STATUS_MARKS[status]} {status.title}"
