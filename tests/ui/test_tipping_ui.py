"""What tips it and What-if, driven as a player: read the panel, change facts through the widgets."""

from __future__ import annotations

import copy

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw.common import Status
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.tipping import session_tipping
from awaw_desktop.core.awaw.tipping_changes import Change
from awaw_desktop.ui.awaw import tipping_panel
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.status_words import status_text
from awaw_desktop.ui.awaw.store import SessionStore
from awaw_desktop.ui.awaw.tipping_panel import tipping_source
from awaw_desktop.ui.awaw.what_if import WhatIfDialog
from awaw_desktop.ui.awaw.what_if import shown_level as what_if_level

from ..core.tipping_sessions import ROOT, sessions
from .helpers import click, everything_entered, find, painted, shown_level, text, tick, type_number

EXAMPLE = ROOT / "resources" / "examples" / "britain-under-pressure-1941.awaw"


def make_window(qtbot, session: Session) -> MainWindow:
    """The game with every value its tables need entered as it counts (issue 28), so the chips show the statuses the
    tipping points name."""
    window = MainWindow(SessionStore(everything_entered(session)))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    painted(qtbot, window)   # as a player sees it: what tips each power comes right after the first paint
    return window


def panel_text(root, title: str) -> str:
    panel = find(root, f"{title} tipping points")
    assert panel.isVisible()
    return f"{text(panel, f'{title} next threshold')}\n{text(panel, f'{title} tipping list')}"


def apply_through_widgets(qtbot, tab, change: Change) -> None:
    """Make a stated change the way a player does: tick the box, tick the option, type the number."""
    line = next(line for line in assess.lines(change.power, tab.store.session.edition, tab.store.session.scenario)
                if line.id == change.line_id)
    if line.input_kind == "flag":
        tick(qtbot, tab, line.label, bool(change.new))
    elif line.input_kind == "choice":
        for option in line.options:
            tick(qtbot, tab, f"{line.label}: {option.label}", option.key in change.new)
    elif isinstance(change.new, dict):
        for spec in line.fields:
            if change.new[spec.key] != change.old[spec.key]:
                name = line.label if spec.label == line.label else f"{line.label}: {spec.label}"   # named once
                type_number(qtbot, tab, name, change.new[spec.key])
    else:
        type_number(qtbot, tab, line.label, change.new)


def test_the_britain_panel_lists_its_tipping_points_and_follows_a_change(qtbot) -> None:
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    window.show_power("britain")
    tab = window.power_tabs["britain"]
    qtbot.waitUntil(lambda: "Britain" in text(find(tab, "Britain tipping points"), "Britain tipping list"))
    shown = panel_text(tab, "Britain")
    assert "Now: Britain at -8, offers to surrender. Next threshold: 2 levels down (at -10) or 9 levels up (at +1)." \
           in shown
    assert "\u2022 Australia / India surrendered: tick Australia: Britain falls to -10, offers to surrender (Germany " \
           "must accept) (59.23)" in shown
    type_number(qtbot, tab, "British DP level", 7)   # Britain at 0: one level from no effect
    qtbot.waitUntil(lambda: "Now: Britain at 0," in panel_text(tab, "Britain"))
    shown = panel_text(tab, "Britain")
    assert "Now: Britain at 0, offers to surrender." in shown and "1 level up (at +1)" in shown
    assert "British DP level: 7 -> 8: Britain rises to +1, no effect (59.12)" in shown


def test_a_stated_tipping_change_made_through_the_window_brings_the_stated_status(qtbot) -> None:
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    window.show_power("britain")
    tab = window.power_tabs["britain"]
    qtbot.waitUntil(lambda: "\u2022" in text(find(tab, "Britain tipping points"), "Britain tipping list"))
    point = next(point for point in tab.tipping.tipping().points if point.change.line_id == "dominions_surrendered")
    assert f"\u2022 {point.text}" in panel_text(tab, "Britain")
    apply_through_widgets(qtbot, tab, point.change)
    assert shown_level(tab, "Britain") == point.level
    assert text(tab, "Britain status") == status_text(point.status)
    assert "Germany must accept" in point.fate


def test_the_overview_lists_every_power(qtbot) -> None:
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    overview = find(window, "Tipping points of every power")
    qtbot.waitUntil(lambda: text(overview, "Britain tipping summary").startswith("Next threshold"))
    assert text(overview, "Britain tipping summary").startswith(
        "Next threshold: 2 levels down (at -10) or 9 levels up (at +1). Smallest: Australia / India surrendered")
    assert "Rome is under Allied control: Italy stays at 0, surrenders" in text(overview, "Italy tipping summary")
    before = text(overview, "Italy tipping summary")
    window.show_power("italy")
    tick(qtbot, window.power_tabs["italy"], "Rome is under Allied control")   # Italy surrenders
    window.tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: text(overview, "Italy tipping summary") != before)
    assert "Italian DP level: 0 -> 1: Italy rises to +1, no effect (56.11)" in text(overview, "Italy tipping summary")
    every = find(overview, "Italy tipping summary").toolTip()
    assert "No longer: Rome is under Allied control: Italy stays at 0, no effect (56.11)" in every


@settings(max_examples=10, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                 HealthCheck.filter_too_much])
@given(session=sessions(), pick=st.integers(0, 10_000))
def test_random_sessions_a_stated_change_through_the_window_shows_the_stated_status(qtbot, session, pick) -> None:
    edition, scenario, turn, inputs, carry = session
    game = Session(edition, scenario, turn, turn, inputs=copy.deepcopy(inputs), carry=copy.deepcopy(carry))
    tipping = session_tipping(game)
    points = [point for answer in tipping.values() for point in answer.points
              if point.change.line_id != "german_first_hex"]   # a turn, entered as season and year
    if not points:
        return
    point = points[pick % len(points)]
    window = make_window(qtbot, game)
    title = assess.title(point.power)
    window.show_power(point.power)
    panel = find(window.power_tabs[point.power], f"{title} tipping points")
    qtbot.waitUntil(lambda: text(panel, f"{title} next threshold").startswith("Now:"))
    assert point.text in find(panel, f"{title} tipping list").toolTip().split("\n")   # every point, on hover
    window.show_power(point.change.power)
    apply_through_widgets(qtbot, window.power_tabs[point.change.power], point.change)
    window.show_power(point.power)
    if text(window.power_tabs[point.power], f"{title} level") == "\u2014":   # no election this turn: a forecast
        assert window.store.results[point.power].level == point.level, point.text
    else:
        assert shown_level(window.power_tabs[point.power], title) == point.level, point.text
    assert text(window.power_tabs[point.power], f"{title} status") == status_text(point.status), point.text
    window.close()


def open_what_if(qtbot, window: MainWindow) -> WhatIfDialog:
    window.action_what_if.trigger()
    dialog = next(widget for widget in QApplication.topLevelWidgets()
                  if isinstance(widget, WhatIfDialog) and widget.isVisible())
    return dialog


def test_what_if_leaves_the_game_untouched_and_esc_discards(qtbot) -> None:
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    before = copy.deepcopy(window.store.session.inputs)
    dialog = open_what_if(qtbot, window)
    dialog.show_power("britain")
    tab = dialog.power_tabs["britain"]
    tick(qtbot, tab, "Australia / India surrendered: Australia")
    assert text(dialog, "Britain level now -> if") == "<b>-8 \u2192 -10</b>"
    assert "Offers to surrender" in text(dialog, "Britain status now -> if")
    assert "Australia ticked" in text(dialog, "What-if changes")
    assert window.store.session.inputs == before
    assert shown_level(window.overview, "Britain") == -8
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    assert not dialog.isVisible()
    assert window.store.session.inputs == before and window.store.undo_stack.count() == 0


def test_what_if_applies_every_tried_change_as_one_undo_step(qtbot) -> None:
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    dialog = open_what_if(qtbot, window)
    dialog.show_power("britain")
    tab = dialog.power_tabs["britain"]
    tick(qtbot, tab, "Australia / India surrendered: Australia")
    type_number(qtbot, tab, "British DP level", -3)
    dialog.show_power("italy")
    tick(qtbot, dialog.power_tabs["italy"], "Rome is under Allied control")
    assert "Surrenders" in text(dialog, "Italy status now -> if")
    click(qtbot, dialog, "Apply the what-if changes to the game")
    assert not dialog.isVisible()
    assert window.store.undo_stack.count() == 1
    assert window.store.undo_stack.text(0) == "What-if applied: 3 changes"
    assert shown_level(window.overview, "Britain") == -12
    assert text(window.overview, "Italy status") == status_text(Status.SURRENDERS)
    window.store.undo_stack.undo()
    assert shown_level(window.overview, "Britain") == -8
    assert text(window.overview, "Italy status") != status_text(Status.SURRENDERS)


@pytest.mark.parametrize("edition_name", ["original", "updated", "updated-classic"])
def test_what_if_opens_in_every_edition_with_levels_now_and_if(qtbot, edition_name) -> None:
    from awaw_desktop.core.awaw.common import Edition

    window = make_window(qtbot, Session.new(Edition(edition_name)))
    dialog = open_what_if(qtbot, window)
    for power in assess.DISPLAY_ORDER:
        title = assess.title(power)
        now = what_if_level(window.store.results[power])   # "+3", "0", or "\u2014" in a turn without an election
        assert text(dialog, f"{title} level now -> if") == (now if now == "\u2014" else f"{now} \u2192 {now}")
    assert not find(dialog, "Apply the what-if changes to the game").isEnabled()
    click(qtbot, dialog, "Discard the what-if changes")
    assert not dialog.isVisible()


def test_what_if_tries_a_tipping_point_with_one_click(qtbot) -> None:
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    dialog = open_what_if(qtbot, window)
    dialog.show_power("britain")
    choice = find(dialog, "Tipping point to try")
    qtbot.waitUntil(lambda: choice.count() > 0)   # the tipping points come in slices
    india = "Australia / India surrendered: tick India: Britain falls to -10"
    wanted = next(index for index in range(choice.count()) if choice.itemText(index).startswith(india))
    choice.setCurrentIndex(wanted)
    click(qtbot, dialog, "Try the chosen tipping point")
    assert text(dialog, "Britain level now -> if") == "<b>-8 \u2192 -10</b>"
    assert find(dialog.power_tabs["britain"], "Australia / India surrendered: India").isChecked()
    assert shown_level(window.overview, "Britain") == -8   # the game itself is untouched
    click(qtbot, dialog, "Discard the what-if changes")
    assert window.store.undo_stack.count() == 0


def test_the_search_runs_in_slices_while_the_window_goes_on(qtbot, monkeypatch) -> None:
    """After a change the panel keeps its text while the search runs, one step per event-loop turn
    here: the event loop turns between the steps, and the new points come when the search is done."""
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    window.show_power("italy")
    tab = window.power_tabs["italy"]
    qtbot.waitUntil(lambda: "Now: Italy" in panel_text(tab, "Italy"))
    before = panel_text(tab, "Italy")
    source = tipping_source(window.store)
    turns_while_busy: list[bool] = []
    heartbeat = QTimer()
    heartbeat.timeout.connect(lambda: turns_while_busy.append(source.busy))
    heartbeat.start(0)
    tick(qtbot, tab, "Rome is under Allied control")   # Italy surrenders
    assert panel_text(tab, "Italy") == before   # not computed while the tick is handled
    qtbot.waitUntil(lambda: "Now: Italy at 0, surrenders" in panel_text(tab, "Italy"))
    heartbeat.stop()
    assert turns_while_busy.count(True) >= 2 and not source.busy
    assert "\u2022 Italian DP level: 0 -> 1: Italy rises to +1, no effect (56.11)" in panel_text(tab, "Italy")


def test_a_newer_change_drops_the_search_for_the_old_facts(qtbot, monkeypatch) -> None:
    monkeypatch.setattr(tipping_panel, "SLICE_MS", 0.0)
    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    window.show_power("britain")
    tab = window.power_tabs["britain"]
    qtbot.waitUntil(lambda: "Now: Britain" in panel_text(tab, "Britain"))
    source = tipping_source(window.store)
    type_number(qtbot, tab, "British DP level", 7)
    qtbot.waitUntil(lambda: source.busy)
    tick(qtbot, tab, "Australia / India surrendered: Australia")   # while the search for +0 runs
    qtbot.waitUntil(lambda: "Now: Britain at -2" in panel_text(tab, "Britain"))
    fresh = session_tipping(window.store.session, ["britain"])["britain"]
    assert text(tab, "Britain next threshold") == f"Now: {fresh.fate}. {fresh.distance_text}"
    assert find(tab, "Britain tipping list").toolTip() == "\n".join(point.text for point in fresh.points)


def test_facts_the_search_refuses_are_named_on_the_panel(qtbot, monkeypatch) -> None:
    """A search the rules stop (RulesInputError) says why on the panel; the window goes on, and the
    next change searches again."""
    from awaw_desktop.core.awaw import tipping
    from awaw_desktop.core.lines import RulesInputError

    window = make_window(qtbot, sessionfile.load(EXAMPLE))
    window.show_power("britain")
    tab = window.power_tabs["britain"]
    qtbot.waitUntil(lambda: "Now: Britain" in panel_text(tab, "Britain"))
    searching = tipping.tipping_steps

    def refused(*args, **kwargs):
        raise RulesInputError("British DP level (dp_level): not a number")
        yield   # a generator, as the search is

    monkeypatch.setattr(tipping, "tipping_steps", refused)
    type_number(qtbot, tab, "British DP level", 7)
    qtbot.waitUntil(lambda: text(tab, "Britain next threshold").startswith("No tipping points: British DP level"))
    monkeypatch.setattr(tipping, "tipping_steps", searching)
    type_number(qtbot, tab, "British DP level", 6)
    qtbot.waitUntil(lambda: "Now: Britain at -1" in panel_text(tab, "Britain"))
