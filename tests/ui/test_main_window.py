"""The main window, driven the way a player does: tick, type, read the screen."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractSpinBox, QCheckBox, QMessageBox, QWidget

from awaw_desktop.core.awaw import assess, sessionfile
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.files.recovery import RecoveryStore
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore
from awaw_desktop.ui.shell.accessible import caption

from .helpers import everything_entered, find, painted, shown_colour, shown_level, text, tick, type_number


def make_window(qtbot, edition=Edition.UPDATED, scenario=Scenario.GLOBAL_WAR, recovery=None, blank=False):
    session = Session.new(edition, scenario, Turn(1942, Season.SPRING))
    if blank:
        session.inputs.clear()
    else:
        everything_entered(session)   # the values the tables need, as they count (issue 28)
    store = SessionStore(session)
    window = MainWindow(store, recovery=recovery)
    # Closing at teardown must not stop on the unsaved-changes question.
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.resize(1366, 768)
    window.show()
    return window


@pytest.fixture
def window(qtbot):
    return make_window(qtbot)


def test_tabs_in_player_order(window):
    titles = [window.tabs.tabText(i) for i in range(window.tabs.count())]
    assert titles == ["Overview", "Germany", "Italy", "Japan", "France", "Britain", "Russia", "China",
                      "U.S. election", "The war"]


def test_ticking_berlin_updates_the_german_tab_and_the_overview_at_once(qtbot, window):
    tab = window.power_tabs["germany"]
    before = shown_level(tab, "Germany")
    tick(qtbot, tab, "Germany controls Berlin", False)
    assert shown_level(tab, "Germany") == before - 2
    assert shown_level(window.overview, "Germany") == before - 2
    assert text(tab, "Germany controls Berlin points") == "0"
    tick(qtbot, tab, "Germany controls Berlin", True)
    assert shown_level(tab, "Germany") == before
    assert text(tab, "Germany controls Berlin points") == "+2"


def test_typing_a_dp_level_and_reaching_zero_shows_surrender(qtbot, window):
    tab = window.power_tabs["germany"]
    for city in ("Breslau", "Essen", "Cologne", "Leipzig"):
        tick(qtbot, tab, f"German-controlled cities: {city}", False)
    tick(qtbot, tab, "Germany controls Berlin", False)
    tick(qtbot, tab, "Germany controls Berchtesgaden", False)
    type_number(qtbot, tab, "German DP level", -1)
    type_number(qtbot, tab, "Atomic attacks against Germany", 2)
    assert shown_level(tab, "Germany") == -6  # -1 DP, -3 -2 for two atomic attacks
    assert "Surrenders" in text(tab, "Germany status")
    assert "Surrenders" in text(window.overview, "Germany status")


def test_italian_dp_total_flows_into_the_german_table_in_the_same_turn(qtbot, window):
    germany = window.power_tabs["germany"]
    italy = window.power_tabs["italy"]
    before = shown_level(germany, "Germany")
    type_number(qtbot, italy, "Italian DP level", 3)
    assert shown_level(germany, "Germany") == before + 3
    type_number(qtbot, italy, "Italian DP level", -4)
    assert shown_level(germany, "Germany") == before  # never below zero (55.11)


def test_the_original_edition_ignores_the_italian_level(qtbot):
    window = make_window(qtbot, Edition.ORIGINAL)
    germany = window.power_tabs["germany"]
    before = shown_level(germany, "Germany")
    type_number(qtbot, window.power_tabs["italy"], "Italian DP level", 3)
    assert shown_level(germany, "Germany") == before
    assert "Original rules" in window.windowTitle()


def test_loading_a_state_emits_no_edits(qtbot, window):
    other = Session.new(Edition.ORIGINAL, Scenario.EUROPEAN, Turn(1944, Season.WINTER))
    other.set_value("germany", "dp_level", 7)
    with qtbot.assertNotEmitted(window.store.valueChanged):
        window.store.replace_session(other)
    assert window.store.undo_stack.count() == 0
    assert window.store.undo_stack.isClean()
    spin = find(window.power_tabs["germany"], "German DP level")
    assert spin.value() == 7
    assert window.store.session.value("germany", "dp_level") == 7


def test_every_input_has_an_accessible_name_and_takes_focus(window):
    for tab in window.power_tabs.values():
        for widget in tab.findChildren(QWidget):
            if isinstance(widget, (QCheckBox, QAbstractSpinBox)):
                assert widget.accessibleName(), f"unnamed input in {tab.objectName()}"
                assert widget.focusPolicy() & Qt.FocusPolicy.TabFocus


def test_ctrl_number_switches_tabs(qtbot, window):
    painted(qtbot, window)
    for number in range(1, 10):
        qtbot.keyClick(window, Qt.Key(Qt.Key.Key_0 + number), Qt.KeyboardModifier.ControlModifier)
        assert window.tabs.currentIndex() == number - 1


def test_undo_has_readable_labels_and_restores_the_screen(qtbot, window):
    tab = window.power_tabs["germany"]
    before = shown_level(tab, "Germany")
    tick(qtbot, tab, "Germany controls Berlin", False)
    assert window.store.undo_stack.undoText() == "Germany: Germany controls Berlin unticked"
    assert window.isWindowModified()
    window.action_undo.trigger()
    assert shown_level(tab, "Germany") == before
    assert find(tab, "Germany controls Berlin").isChecked()
    assert not window.isWindowModified()
    window.action_redo.trigger()
    assert not find(tab, "Germany controls Berlin").isChecked()


def test_typing_a_number_is_one_undo_step(qtbot, window):
    tab = window.power_tabs["germany"]
    type_number(qtbot, tab, "German DP level", 12)
    assert window.store.undo_stack.count() == 1
    window.action_undo.trigger()
    assert find(tab, "German DP level").value() == 0


def test_end_of_turn_advances_records_and_undoes_as_one_step(qtbot, window):
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 4)
    level = shown_level(window.power_tabs["germany"], "Germany")
    window.apply_end_turn({})
    session = window.store.session
    assert session.turn == Turn(1942, Season.SUMMER)
    assert session.history[-1].levels["germany"] == level
    assert "Summer 1942" in window.edition_label.text()
    assert text(window.overview, "Germany change since last end of turn") == "no change"
    window.action_undo.trigger()
    assert window.store.session.turn == Turn(1942, Season.SPRING)
    assert window.store.session.history == []
    assert find(window.power_tabs["germany"], "German DP level").value() == 4


def test_save_and_open_round_trip(qtbot, window, tmp_path):
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 9)
    path = tmp_path / "game.awaw"
    assert window.save_to(path)
    assert not window.isWindowModified()
    assert "game.awaw" in window.windowTitle()
    fresh = make_window(qtbot)
    assert fresh.open_path(path, confirmed=True)
    assert find(fresh.power_tabs["germany"], "German DP level").value() == 9


@pytest.mark.parametrize("content", [b"{not json", b"", b'{"format": "awaw-desktop-session", "version": 99}',
                                     b"\x89PNG\r\n\x1a\n"])
def test_a_damaged_file_is_refused_and_the_open_game_is_untouched(qtbot, window, tmp_path, monkeypatch, content):
    errors = []
    monkeypatch.setattr(window, "show_error", lambda title, message: errors.append(message))
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 5)
    bad = tmp_path / "bad.awaw"
    bad.write_bytes(content)
    assert not window.open_path(bad, confirmed=True)
    assert errors and "bad.awaw" in errors[0] and "unchanged" in errors[0]
    assert window.store.session.value("germany", "dp_level") == 5
    assert window.store.undo_stack.count() == 1


def test_closing_with_unsaved_changes_asks(qtbot, window, monkeypatch):
    tick(qtbot, window.power_tabs["germany"], "Germany controls Berlin", False)
    asked = []
    monkeypatch.setattr(window, "ask_unsaved", lambda: asked.append(1) or QMessageBox.StandardButton.Cancel)
    assert not window.close()
    assert asked
    monkeypatch.setattr(window, "ask_unsaved", lambda: QMessageBox.StandardButton.Discard)
    assert window.close()


def test_autosave_writes_a_recovery_file_that_a_restart_offers(qtbot, tmp_path, monkeypatch):
    from awaw_desktop.ui.shell import app as app_module
    from awaw_desktop.ui.shell.app import offer_recovery

    recovery = RecoveryStore(tmp_path / "recovery")
    window = make_window(qtbot, recovery=recovery)
    type_number(qtbot, window.power_tabs["germany"], "German DP level", 11)
    qtbot.waitUntil(lambda: len(recovery.list()) == 1, timeout=5000)
    # The app "crashes" (the system lets go of its locks): a new window starts with the recovery file still there.
    # The player keeps the suggested choice (recover the newest) and goes on.
    window._recovery_pool().submit(lambda: None).result()   # the autosave's own steps are done
    recovery.release_all()
    monkeypatch.setattr(app_module, "ask_recovery", lambda entries, parent: {entries[0].id: "recover"})
    second = make_window(qtbot, recovery=recovery)
    assert offer_recovery(second, recovery)
    assert second.store.session.value("germany", "dp_level") == 11
    assert second.isWindowModified()


def test_scenario_and_edition_show_in_the_window(qtbot):
    window = make_window(qtbot, Edition.CLASSIC, Scenario.PACIFIC)
    assert "Updated rules, classic AWAW" in window.windowTitle()
    assert "Pacific scenario" in window.edition_label.text()
    for title in ("Britain", "Russia"):
        assert "Not applicable" in text(window.overview, f"{title} status")
        assert text(window.overview, f"{title} level") == "\u2014"   # no level to read (54.11) ...
        assert text(window.power_tabs[title.lower()], f"{title} level") == "\u2014"   # ... on its tab either


def test_every_line_of_every_tab_is_shown_with_its_rule(window):
    session = window.store.session
    for power, tab in window.power_tabs.items():
        assert set(tab.rows) == {line.id for line in session.lines(power)}
        for line in session.lines(power):
            # a line showing a fact of the war (kept once) is marked with ⇄
            shared = " \u21c4" if session.is_bound(power, line.id) else ""
            assert tab.rows[line.id].rule.text() == line.rule + shared
            assert line.label


def test_example_sessions_all_open(qtbot, window):
    from awaw_desktop.ui.awaw.window_files import example_sessions

    examples = example_sessions()
    for _title, path in examples:
        assert window.open_path(path, as_example=True, confirmed=True)
        assert window.path is None
    from awaw_desktop.core.files import gamefile

    ours = [p for _t, p in examples if gamefile.family_of_file(p) == "awaw"]   # the Europa one opens in its window
    assert ours and all(isinstance(s, Session) for s in [sessionfile.load(p) for p in ours])
    assert [key for key in assess.DISPLAY_ORDER] == list(window.power_tabs)


def test_carried_values_show_on_the_tab_and_adjust_as_one_undo_step(qtbot, window, monkeypatch):
    from awaw_desktop.ui.awaw import carried

    tab = window.power_tabs["japan"]
    assert "Cumulative modifiers so far (57.14): <b>0</b>" in text(tab, "Japan carried values")
    carried.apply_carried(window.store, "japan", {"cumulative_total": 3, "war_turn": {"season": "winter",
                                                                                       "year": 1941}})
    assert "<b>+3</b>" in text(tab, "Japan carried values")
    assert "Winter 1941" in text(tab, "Japan carried values")
    assert window.store.undo_stack.count() == 1
    assert "Japan: Cumulative modifiers so far +3" in window.store.undo_stack.undoText()
    window.action_undo.trigger()
    assert window.store.session.carry["japan"]["cumulative_total"] == 0


def test_carried_dialog_reads_back_what_the_player_sets(qtbot, window):
    from awaw_desktop.ui.awaw.carried import CarriedDialog

    dialog = CarriedDialog(window.store.session, "france")
    qtbot.addWidget(dialog)
    find(dialog, "France has surrendered").setChecked(True)
    assert dialog.values()["surrendered"] is True
    japan = CarriedDialog(window.store.session, "japan")
    qtbot.addWidget(japan)
    find(japan, "Cumulative modifiers so far").setValue(-2)
    values = japan.values()
    assert "war_turn" not in values   # read from the wars on The war tab
    assert values["cumulative_total"] == -2


def test_status_colours_follow_a_dark_scheme(qtbot, window, monkeypatch):
    # Offscreen Qt reports no scheme, so the system's switch to dark is injected (PLATFORM.md).
    from PySide6.QtGui import QGuiApplication

    from awaw_desktop.core.awaw.common import Status
    from awaw_desktop.ui.awaw import status_words
    from awaw_desktop.ui.shell import theme

    tab = window.power_tabs["germany"]
    status = window.store.result("germany").status
    hints = QGuiApplication.styleHints()
    for scheme, dark in ((Qt.ColorScheme.Dark, True), (Qt.ColorScheme.Light, False)):
        monkeypatch.setattr(theme, "current_scheme", lambda scheme=scheme: scheme)
        hints.colorSchemeChanged.emit(scheme)
        background = status_words.status_colours(status, dark)[0]
        assert shown_colour(find(tab, "Germany status")) == background
        assert shown_colour(find(window.overview, "Germany status")) == background
    assert status_words.status_colours(Status.SURRENDERS, True) != status_words.status_colours(Status.SURRENDERS, False)


def test_copy_report_puts_every_power_on_the_clipboard(qtbot, window):
    from PySide6.QtGui import QGuiApplication

    type_number(qtbot, window.power_tabs["germany"], "German DP level", 3)
    window.action_copy_markdown.trigger()
    copied = QGuiApplication.clipboard().text()
    level = shown_level(window.power_tabs["germany"], "Germany")
    assert f"{level:+d}" in copied
    for power in assess.DISPLAY_ORDER:
        assert assess.title(power) in copied


def test_rules_readings_dialog_lists_the_chosen_readings(qtbot, window):
    from awaw_desktop.core.awaw.readings import line_readings
    from awaw_desktop.ui.shell.readings_dialog import ReadingsDialog

    dialog = ReadingsDialog(window)
    qtbot.addWidget(dialog)
    shown = dialog.browser.toPlainText()
    assert "How awaw-desktop reads the rules" in shown
    first_reading = next(entry for entries in line_readings().values() for entry in entries)[2]
    assert first_reading[:40] in shown.replace("\n", " ")


def test_germanys_first_hex_in_france_is_entered_as_a_turn(qtbot):
    window = make_window(qtbot, Edition.UPDATED)
    window.store.session.turn = Turn(1940, Season.FALL)
    tab = window.power_tabs["france"]
    tick(qtbot, tab, "Germany's first hex in France: has happened")
    find(tab, "Germany's first hex in France: year").setValue(1940)
    find(tab, "Germany's first hex in France: season").setCurrentIndex(0)  # Spring 1940
    assert window.store.session.value("france", "german_first_hex") == {"year": 1940, "season": 1}
    tick(qtbot, tab, "Germany's first hex in France: has happened", False)
    assert window.store.session.value("france", "german_first_hex")["year"] == 0


def test_the_france_tab_opens_the_surrender_wizard_when_paris_falls(qtbot, window, monkeypatch):
    from awaw_desktop.ui.awaw import french_wizard

    button = find(window.power_tabs["france"], "French surrender wizard")
    window.store.session.turn = Turn(1940, Season.SPRING)
    tick(qtbot, window.power_tabs["france"], "France chooses to surrender")  # refreshes the results
    assert not button.isEnabled()
    assert "Fall 1940" in button.toolTip()
    tick(qtbot, window.power_tabs["france"], "Axis control Paris")
    assert button.isEnabled()
    opened = []
    monkeypatch.setattr(french_wizard.FrenchSurrenderWizard, "exec", lambda self: opened.append(self) or 0)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert opened and isinstance(opened[0], french_wizard.FrenchSurrenderWizard)


def test_end_of_turn_dialog_offers_the_french_wizard_and_refreshes_after_it(qtbot, window):
    from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog

    tick(qtbot, window.power_tabs["france"], "Axis control Paris")
    recorded = []

    def fake_wizard(power):
        recorded.append(power)
        window.store.change_session("French surrender", lambda s: s.set_carry("france", "surrendered", True))
        return True

    dialog = EndOfTurnDialog(window.store.session, window, fake_wizard)
    qtbot.addWidget(dialog)
    button = find(dialog, "Walk through the French surrender (58)")
    assert not button.isHidden()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert recorded == ["france"]
    assert button.isHidden()
    assert "France: " in dialog.report_view.text() and "Has surrendered" in dialog.report_view.text()


def test_end_of_turn_asks_russias_brp_option_and_records_the_answer(qtbot, window):
    from awaw_desktop.ui.awaw.end_of_turn import EndOfTurnDialog

    tab = window.power_tabs["russia"]
    for power in ("Britain", "France"):
        tick(qtbot, tab, f"Western Allied powers at war with Germany: {power}", False)
    assert shown_level(tab, "Russia") == 0
    dialog = EndOfTurnDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    assert "russia.brp_option" in dialog.choice_widgets
    combo = dialog.choice_widgets["russia.brp_option"]
    combo.setCurrentIndex(1)
    chosen = combo.currentText()
    window.apply_end_turn(dialog.choices())
    events = " ".join(event.text for event in window.store.session.history[-1].events)
    assert chosen in events
    assert window.store.session.carry["russia"]["brp_option"] == combo.currentData()


def test_game_details_change_the_title_bar_and_undo(qtbot, window):
    from awaw_desktop.ui.awaw.details_dialog import GameDetailsDialog

    dialog = GameDetailsDialog(window.store.session, window)
    qtbot.addWidget(dialog)
    qtbot.keyClicks(find(dialog, "Game title"), "Club campaign")
    qtbot.keyClicks(find(dialog, "Axis player"), "Ann")
    window.apply_details(*dialog.details())
    assert window.windowTitle().startswith("Club campaign")
    assert "Ann" in window.edition_label.text()
    window.action_undo.trigger()
    assert window.store.session.title == ""


def test_tab_key_reaches_every_input_of_a_tab(qtbot, window):
    from PySide6.QtWidgets import QApplication

    tab = window.power_tabs["britain"]
    window.show_power("britain")
    inputs = [w for w in tab.findChildren(QWidget)
              if isinstance(w, (QCheckBox, QAbstractSpinBox)) and w.isVisible()]
    first = inputs[0]
    first.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is first)
    reached = set()
    for _ in range(len(inputs) * 3):
        widget = QApplication.focusWidget()
        reached.add(widget)
        qtbot.keyClick(widget, Qt.Key.Key_Tab)
    missing = [caption(widget) for widget in inputs if widget not in reached]
    assert not missing, f"some inputs are not in the Tab order: {missing}"


@pytest.mark.parametrize("edition", list(Edition))
@pytest.mark.parametrize("scenario", list(Scenario))
def test_accessible_names_are_unique_on_every_tab(qtbot, edition, scenario):
    window = make_window(qtbot, edition, scenario)
    for power in assess.DISPLAY_ORDER:
        tab = window.power_tabs[power]
        names = [caption(w) for w in tab.findChildren(QWidget)
                 if isinstance(w, (QCheckBox, QAbstractSpinBox)) or caption(w).endswith(" points")]
        duplicates = {name for name in names if names.count(name) > 1}
        assert not duplicates, f"{power} ({edition.value}, {scenario.value}): {duplicates}"


def test_japans_war_clock_is_started_from_the_japan_tab(qtbot, window):
    tab = window.power_tabs["japan"]
    button = find(tab, "Japan's war began this turn")
    assert button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    assert window.store.session.effective_carry()["japan"]["war_turn"] == {"season": "spring", "year": 1942}
    assert not button.isEnabled()
    assert "Spring 1942" in text(tab, "Japan carried values")
    window.action_undo.trigger()
    assert button.isEnabled()


def test_a_file_with_an_unusable_carried_value_never_replaces_the_open_game(qtbot, window, tmp_path, monkeypatch):
    import json

    errors = []
    monkeypatch.setattr(window, "show_error", lambda title, message: errors.append(message))
    other = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1942, Season.SUMMER))
    document = sessionfile.to_json(other)
    document["carry"]["russia"]["lowest_removal_level"] = "x"
    bad = tmp_path / "carry.awaw"
    bad.write_text(json.dumps(document), encoding="utf-8")
    assert not window.open_path(bad, confirmed=True)
    assert errors and "lowest_removal_level" in errors[0]
    assert window.store.session.turn == Turn(1942, Season.SPRING)
