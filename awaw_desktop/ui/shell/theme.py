"""Colours for a verdict's tone, in light and dark schemes, and the player's choice of theme.  Colour always
comes with words, and with a shape in front of them, so a verdict reads without colour too.

A family says which tone each of its verdicts has (A World at War: ``ui/awaw/status_words.py``); the shell
knows tones only, never a family's verdicts."""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtGui import QColor, QGuiApplication, QPalette

if TYPE_CHECKING:
    from PySide6.QtCore import Qt


class Tone(str, Enum):
    """How a verdict weighs for the side it concerns, from good to final."""

    CALM = "calm"            # nothing follows
    CAUTION = "caution"      # adverse effects
    FAVOUR = "favour"        # a result in the power's favour
    WARNING = "warning"      # an offer, a check due
    DANGER = "danger"        # surrenders now
    FINAL = "final"          # has surrendered, settled for good
    NEUTRAL = "neutral"      # not applicable, not entered


#: (light background, light text, dark background, dark text)
_TONE_COLOURS: dict[Tone, tuple[str, str, str, str]] = {
    Tone.CALM: ("#d8f0dc", "#14532d", "#1f4d2c", "#d8f5de"),
    Tone.CAUTION: ("#fdf0c8", "#6b4500", "#5c4510", "#fdeec0"),
    Tone.FAVOUR: ("#d6ecfb", "#0b3a60", "#16405e", "#d8eeff"),
    Tone.WARNING: ("#fde0c2", "#7a3300", "#6a3410", "#ffe3c8"),
    Tone.DANGER: ("#f9d0d0", "#7f1010", "#6e1c1c", "#ffd9d9"),
    Tone.FINAL: ("#e4d8f0", "#3f1d6b", "#3f2a5c", "#eadcff"),
    Tone.NEUTRAL: ("#e6e6e6", "#333333", "#3a3a3a", "#dddddd"),
}

#: A shape in front of the words, so the tone reads without colour too.
TONE_MARKS: dict[Tone, str] = {
    Tone.CALM: "\u2713",      # check mark
    Tone.CAUTION: "\u25b2",   # triangle
    Tone.FAVOUR: "\u2605",    # star
    Tone.WARNING: "\u2691",   # flag
    Tone.DANGER: "\u2716",    # heavy x
    Tone.FINAL: "\u25a0",     # square
    Tone.NEUTRAL: "\u25cb",   # white circle (not a dash: level columns use one for "no level")
}


def tone_colours(tone: Tone, dark: bool) -> tuple[str, str]:
    """(background, text) colours as "#rrggbb" for a tone in the light or dark scheme."""
    light_bg, light_fg, dark_bg, dark_fg = _TONE_COLOURS[tone]
    return (dark_bg, dark_fg) if dark else (light_bg, light_fg)


def chip_style(tone: Tone, dark: bool) -> str:
    """A style sheet for a label shown as a chip of a tone."""
    background, foreground = tone_colours(tone, dark)
    # The size is spelled out: a style-sheeted label otherwise keeps the text size from before a zoom.
    size = QGuiApplication.font().pointSizeF() if isinstance(QGuiApplication.instance(), QGuiApplication) else -1
    font_size = f" font-size:{size:.1f}pt;" if size > 0 else ""
    return (f"background:{background}; color:{foreground}; border-radius:6px; padding:4px 10px;"
            f" font-weight:600;{font_size}")


def marked(tone: Tone, words: str) -> str:
    """Words with their tone's shape in front: "\u2716 Surrenders"."""
    return f"{TONE_MARKS[tone]} {words}"


def current_scheme() -> Qt.ColorScheme:
    """The system's light/dark scheme as Qt reports it (Unknown on a bare Linux machine)."""
    from PySide6.QtCore import Qt

    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        return app.styleHints().colorScheme()
    return Qt.ColorScheme.Unknown


#: The theme chosen (View > Theme), the system's palette kept while a light or dark one is shown, and whether
#: the system's scheme may be asked: asking loads Qt's ``Qt`` namespace (about 15 ms), so the first paint reads
#: the palette, and the window asks once it is painted (``learn_system_scheme``).
_STATE: dict[str, object] = {}


def learn_system_scheme() -> None:
    """From now on the system's light/dark scheme is asked, not only the palette read."""
    _STATE["ask scheme"] = True


def is_dark(palette: QPalette | None = None) -> bool:
    """Dark scheme: the player chose it, the system says so, or the window colour is dark."""
    app = QGuiApplication.instance()
    if isinstance(app, QGuiApplication):
        if chosen_theme() != "system":
            return chosen_theme() == "dark"
        if _STATE.get("ask scheme"):
            from PySide6.QtCore import Qt

            scheme = current_scheme()
            if scheme == Qt.ColorScheme.Dark:
                return True
            if scheme == Qt.ColorScheme.Light:
                return False
        palette = palette or app.palette()
    if palette is None:
        return False
    return palette.color(QPalette.ColorRole.Window).lightness() < 128


# -- the player's choice of theme (View > Theme), remembered in the app settings ------------------

#: View > Theme: (key, menu text).
THEMES = (("system", "Follow the &system"), ("light", "&Light"), ("dark", "&Dark"))


def chosen_theme() -> str:
    """The theme the player chose ("system", "light" or "dark")."""
    value = _STATE.get("theme")
    return value if value in ("light", "dark") else "system"


def _palette(dark: bool) -> QPalette:
    """A plain light or dark palette (Fusion draws with it on every platform)."""
    role, group = QPalette.ColorRole, QPalette.ColorGroup
    if dark:
        colours = {role.Window: "#2b2b2b", role.WindowText: "#e6e6e6", role.Base: "#3a3a3a",
                   role.AlternateBase: "#404040", role.Text: "#e6e6e6", role.Button: "#353535",
                   role.ButtonText: "#e6e6e6", role.ToolTipBase: "#3a3a3a", role.ToolTipText: "#f0f0f0",
                   role.Highlight: "#3d6fb4", role.HighlightedText: "#ffffff", role.Link: "#8ab4f8",
                   role.PlaceholderText: "#9a9a9a", role.BrightText: "#ff6b6b", role.Light: "#4a4a4a",
                   role.Midlight: "#3f3f3f", role.Mid: "#2a2a2a", role.Dark: "#1a1a1a", role.Shadow: "#000000"}
        disabled = "#7c7c7c"
    else:
        colours = {role.Window: "#efefef", role.WindowText: "#1a1a1a", role.Base: "#ffffff",
                   role.AlternateBase: "#f5f5f5", role.Text: "#1a1a1a", role.Button: "#e8e8e8",
                   role.ButtonText: "#1a1a1a", role.ToolTipBase: "#ffffdc", role.ToolTipText: "#1a1a1a",
                   role.Highlight: "#308cc6", role.HighlightedText: "#ffffff", role.Link: "#0b57d0",
                   role.PlaceholderText: "#767676", role.BrightText: "#ffffff", role.Light: "#ffffff",
                   role.Midlight: "#e3e3e3", role.Mid: "#b8b8b8", role.Dark: "#9f9f9f", role.Shadow: "#767676"}
        disabled = "#8a8a8a"
    palette = QPalette()
    for colour_role, colour in colours.items():
        palette.setColor(colour_role, QColor(colour))
    for colour_role in (role.WindowText, role.Text, role.ButtonText):
        palette.setColor(group.Disabled, colour_role, QColor(disabled))
    return palette


def apply_theme(choice: str) -> bool:
    """Light, dark, or what the system says.  Light and dark set the palette themselves, since a
    bare Linux desktop does not answer Qt's request for a colour scheme.  Returns False if nothing changed
    (the same choice again, or "system" at start-up): restyling every widget is not free."""
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return False
    if choice not in ("light", "dark"):
        choice = "system"
    current = _STATE.get("theme")
    _STATE["theme"] = choice
    if choice == current or (current is None and choice == "system"):
        return False
    if "system palette" not in _STATE:   # the palette before any light or dark one: the system's
        _STATE["system palette"] = QPalette(app.palette())
    saved = _STATE["system palette"]
    assert isinstance(saved, QPalette)
    from PySide6.QtCore import Qt

    hints = app.styleHints()
    scheme = {"light": Qt.ColorScheme.Light, "dark": Qt.ColorScheme.Dark}.get(choice, Qt.ColorScheme.Unknown)
    if hasattr(hints, "setColorScheme"):
        hints.setColorScheme(scheme)
    app.setPalette(_palette(choice == "dark") if choice != "system" else saved)
    return True


def points_text(points: int) -> str:
    """A level or a line's points as players write them: +3, -2, 0."""
    return f"{points:+d}" if points else "0"
