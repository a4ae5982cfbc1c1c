"""The status chip (ui/shell/status_chip.py): words and mark on the status colour, painted without a style sheet, so a
new status repaints the chip only; its text follows View > Zoom."""

from __future__ import annotations

from awaw_desktop.core.awaw.common import Status
from awaw_desktop.ui.awaw import status_words

from .helpers import find, shown_colour, tick
from .test_main_window import make_window


def test_a_tick_that_changes_britains_status_repaints_its_chip_in_the_new_colours(qtbot):
    window = make_window(qtbot)
    tab = window.power_tabs["britain"]
    chip = find(tab, "Britain status")
    before = window.store.result("britain").status
    assert chip.text() == status_words.status_text(before) and chip.styleSheet() == ""
    assert shown_colour(chip) == status_words.status_colours(before, False)[0]
    for place in ("Malta", "Singapore"):
        if window.store.result("britain").status is before:
            tick(qtbot, tab, f"Axis-controlled Malta / Singapore: {place}")
    after = window.store.result("britain").status
    assert chip.text() == status_words.status_text(after)
    assert shown_colour(chip) == status_words.status_colours(after, False)[0]


def test_the_chip_text_follows_the_zoom(qtbot):
    window = make_window(qtbot)
    chip = find(window.power_tabs["germany"], "Germany status")
    normal = chip.font().pointSizeF()
    window.set_zoom(150, remember=False)
    chip = find(window.power_tabs["germany"], "Germany status")
    qtbot.waitUntil(lambda: chip.font().pointSizeF() > normal * 1.4)   # once the window has taken the new size
    assert chip.font().weight() > chip.font().Weight.Normal
    window.set_zoom(100, remember=False)
    assert status_words.status_colours(Status.OFFERS, True) != status_words.status_colours(Status.OFFERS, False)
