"""Issue 29 for the Europa window: every screen of it (``every_europa_screen``) laid out on 1280x720 and 1366x768
laptops at 100%, 150% and 200% with the A World at War window's check (``tests/ui/test_every_screen_fits.py``, its
script run on this window's screens, each screen size a process of its own): inside the screen, no text clipped by
the window or its panel, none needing more room than it has, none drawn over other text."""

from __future__ import annotations

import pytest

from tests.ui import test_every_screen_fits as fits

#: The A World at War check's script, on the Europa window's screens: (its words, the Europa window's).
FOR_EUROPA = (
    ("from tests.ui.every_screen import every_screen, open_window",
     "from tests.ui.europa.every_europa_screen import every_screen, open_window"),
    ("    window.set_theme(theme, remember=False)", "    window.view.set_theme(theme)"),
    ("window.store.undo_stack.setClean()", "window.holder.undo_stack.setClean()"),
)


def europa_script() -> str:
    script = fits.LAY_OUT
    for theirs, ours in FOR_EUROPA:
        assert script.count(theirs) == 1, f"the A World at War check changed: {theirs!r}"
        script = script.replace(theirs, ours)
    return script


@pytest.mark.parametrize(("screen", "theme"), [(screen, theme) for screen in fits.SCREENS
                                                for theme in (("light", "dark") if "150%" in screen else ("light",))])
def test_every_europa_screen_fits_and_reads(tmp_path, monkeypatch, screen, theme):
    monkeypatch.setattr(fits, "LAY_OUT", europa_script())
    width, height, dpr = fits.SCREENS[screen]
    shown = fits.lay_out(tmp_path, width, height, dpr, theme)
    assert len(shown["seen"]) >= 18, shown["seen"]
    assert not shown["tables"], "no A World at War power tab in this window"
    problems = shown["found"]
    assert not problems, f"{screen}, {theme}: {len(problems)} problems:\n" + "\n".join(problems)
