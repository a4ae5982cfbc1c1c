"""Issue 13 in the window: no carried value the rules refuse can be stored, a damaged file offers
its backup, and random steps (values, carried values, wizard outcomes, ends of turn) never raise,
forwards or back through undo."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QMessageBox,
    QSpinBox,
)

from awaw_desktop.core.awaw import assess, britain, france_colonies, france_surrender, sessionfile
from awaw_desktop.core.awaw import britain_surrender as bs
from awaw_desktop.core.awaw.common import LAST_YEAR, Edition, Scenario, Season, Turn
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.files.recovery import RecoveryStore
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.ui.awaw import carried
from awaw_desktop.ui.awaw.main_window import MainWindow
from awaw_desktop.ui.awaw.store import SessionStore

from .helpers import find, text, tick, type_number
from .test_undo_and_crash import value_for

POWERS = [power for power in assess.DISPLAY_ORDER if carried.EDITABLE.get(power)]


def make_window(qtbot, tmp_path: Path, edition: Edition = Edition.UPDATED) -> MainWindow:
    session = Session.new(edition, Scenario.GLOBAL_WAR, Turn(1942, Season.SPRING))
    window = MainWindow(SessionStore(session), recovery=RecoveryStore(tmp_path / "recovery"))
    window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    qtbot.addWidget(window)
    window.show()
    return window


def run_dialog(qtbot, open_it, handle) -> None:
    """Press a button that opens a modal dialog, let ``handle`` drive the dialog, re-raise its failures."""
    failures: list[BaseException] = []

    def drive() -> None:
        dialog = QApplication.activeModalWidget()
        try:
            assert isinstance(dialog, QDialog), f"no dialog open, but {dialog!r}"
            handle(dialog)
        except BaseException as error:
            failures.append(error)
            if isinstance(dialog, QDialog):
                dialog.reject()

    QTimer.singleShot(0, drive)
    open_it()
    if failures:
        raise failures[0]


def press(qtbot, dialog: QDialog, button: QDialogButtonBox.StandardButton) -> None:
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(button), Qt.MouseButton.LeftButton)


def push_to_limits(qtbot, dialog: QDialog, high: bool) -> dict[str, Any]:
    """Every input of a carried-values dialog to its top (or bottom) limit, the way a player types;
    typing past the limit is refused by the input itself."""
    for box in dialog.findChildren(QCheckBox):
        tick(qtbot, dialog, box.accessibleName(), high)
    for spin in dialog.findChildren(QSpinBox):
        if not spin.isEnabled():
            continue
        limit = spin.maximum() if high else spin.minimum()
        type_number(qtbot, dialog, spin.accessibleName(), limit)
        spin.setFocus()
        spin.lineEdit().selectAll()
        qtbot.keyClicks(spin.lineEdit(), str(limit + (1 if high else -1)))
        qtbot.keyClick(spin.lineEdit(), Qt.Key.Key_Tab)
        assert spin.minimum() <= spin.value() <= spin.maximum(), f"{spin.accessibleName()} took {spin.value()}"
        type_number(qtbot, dialog, spin.accessibleName(), limit)
    for combo in dialog.findChildren(QComboBox):
        if combo.isEnabled():
            combo.setCurrentIndex(combo.count() - 1 if high else 0)
    assert isinstance(dialog, carried.CarriedDialog)
    return dialog.values()


def test_the_wang_input_stops_at_the_counter_mix():
    _label, rule, kind, low, high = carried.EDITABLE["china"]["wang_additions"]
    assert (kind, low, high, rule) == ("int", 0, 18, "61.31C")


@pytest.mark.parametrize("power", POWERS)
def test_every_carried_dialog_at_its_limits_then_edit_save_and_recover(qtbot, tmp_path, power):
    window = make_window(qtbot, tmp_path)
    window.show_power(power)
    tab = window.power_tabs[power]
    title = assess.title(power)
    path = tmp_path / "game.awaw"
    for high in (True, False, True):
        before = sessionfile.to_json(window.store.session)
        shown: dict[str, Any] = {}

        def handle(dialog: QDialog, high: bool = high, shown: dict[str, Any] = shown) -> None:
            shown.update(push_to_limits(qtbot, dialog, high))
            press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
            if dialog.isVisible():  # refused: the dialog says why and the game is unchanged
                problem = find(dialog, "Problem with these values", QLabel)
                assert problem.isVisible() and "cannot be used" in problem.text()
                shown.clear()
                press(qtbot, dialog, QDialogButtonBox.StandardButton.Cancel)

        run_dialog(qtbot, lambda: qtbot.mouseClick(find(tab, f"Adjust {title} carried values"),
                                                   Qt.MouseButton.LeftButton), handle)
        if not shown:
            assert sessionfile.to_json(window.store.session) == before
            continue
        stored = window.store.session.carry[power]
        assert all(stored[key] == value for key, value in shown.items())
        sessionfile.check_carried(window.store.session)
        assert text(tab, f"{title} carried values")
    # then edit, save, end the turn, and recover after a crash: nothing may raise
    line = next(line for line in window.store.session.lines(power) if line.input_kind == "flag")
    window.store.set_value(power, line.id, not window.store.value(power, line.id))
    assert window.save_to(path)
    assert sessionfile.load(path) == window.store.session
    window.store.change_session("End of turn", lambda session: apply_end_of_turn(session, {}))
    window.write_recovery()
    window.finish_recovery_writes()
    assert window.statusBar().currentMessage() == "" or "Could not" not in window.statusBar().currentMessage()
    assert window.recovery is not None
    assert window.recovery.load(window.recovery_id) == window.store.session
    assert window.save_to(path)
    assert len(sessionfile.backups(path)) == 1


def test_values_the_rules_refuse_are_not_stored_and_the_dialog_says_why(qtbot, tmp_path, monkeypatch):
    window = make_window(qtbot, tmp_path)
    with pytest.raises(SessionFileError, match=r"wang_from_defections: 19 is out of range \(0 to 18\)"):
        carried.apply_carried(window.store, "china", {"wang_additions": 19})
    assert window.store.session.carry["china"]["wang_additions"] == 0
    assert window.store.undo_stack.count() == 0
    assert carried.carried_problem(window.store.session, "china", {"wang_additions": 18}) is None

    # A refusal from the core check (the rules' own message) shows in the dialog, which stays open.
    def refuse(session: Session) -> None:
        if session.carry["china"]["defections"] == 7:
            raise SessionFileError("the carried values cannot be used: seven is right out")

    monkeypatch.setattr(sessionfile, "check_carried", refuse)   # carried.py imports it when used
    seen: list[str] = []

    def handle(dialog: QDialog) -> None:
        type_number(qtbot, dialog, "Nationalist factors lost to defection", 7)
        press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
        assert dialog.isVisible()
        seen.append(find(dialog, "Problem with these values", QLabel).text())
        type_number(qtbot, dialog, "Nationalist factors lost to defection", 6)
        press(qtbot, dialog, QDialogButtonBox.StandardButton.Ok)
        assert not dialog.isVisible()

    tab = window.power_tabs["china"]
    run_dialog(qtbot, lambda: qtbot.mouseClick(find(tab, "Adjust China carried values"),
                                               Qt.MouseButton.LeftButton), handle)
    assert seen == ["These values cannot be used: seven is right out"]
    assert window.store.session.carry["china"]["defections"] == 6


def test_odd_carried_values_from_a_file_still_show_and_open_the_dialog(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    session = window.store.session
    session.carry["japan"]["war_turn"] = {"season": "someday", "year": 1941}   # no longer read: the wars are
    session.carry["election"]["tension_europe"] = 2.5
    session.carry["britain"]["conciliation_points"] = 10**20
    session.carry["italy"]["surrender_level"] = -(10**20)
    assert "not yet" in carried.carried_summary(session, "japan")
    shown = {}
    for power in ("japan", "election", "britain", "italy"):
        dialog = carried.CarriedDialog(session, power)
        qtbot.addWidget(dialog)
        shown.update(dialog.values())
    assert "war_turn" not in shown and shown["tension_europe"] is None   # Japan's clock is set on The war tab
    assert (shown["conciliation_points"], shown["surrender_level"]) == (80, -2)  # within the inputs' limits


# -- a damaged file offers its backup --------------------------------------------------------------

def test_a_damaged_file_offers_the_backup_from_its_turn(qtbot, tmp_path, monkeypatch):
    from awaw_desktop.ui.shell import record_views

    # The backup is older than the game this computer saw last: it asks first (the players go on from it).
    older: list[str] = []
    monkeypatch.setattr(record_views, "ask_to_go_on",
                        lambda _parent, comparison, _record, name: older.append(comparison.verdict) or True)
    window = make_window(qtbot, tmp_path)
    path = tmp_path / "game.awaw"
    assert window.save_to(path)
    window.store.change_session("End of turn", lambda session: apply_end_of_turn(session, {}))
    assert window.save_to(path)  # the Spring 1942 game is now a backup
    path.write_bytes(path.read_bytes()[:200])
    asked: list[str] = []
    window.ask_open_backup = lambda question: asked.append(question) or True
    window.show_error = lambda title, message: pytest.fail(f"{title}: {message}")
    assert window.open_path(path, confirmed=True)
    assert len(asked) == 1 and asked[0].startswith("game.awaw is incomplete or damaged: it breaks off at line")
    assert "Open the backup from Spring 1942, saved " in asked[0]
    assert older == ["older"]
    assert window.store.session.turn == Turn(1942, Season.SPRING)
    assert window.path == path
    assert "Opened the backup from Spring 1942" in window.statusBar().currentMessage()
    assert window.isWindowModified(), "the damaged file is still on disk: the game must show as unsaved"
    asked_to_save: list[bool] = []
    window.ask_unsaved = lambda: asked_to_save.append(True) or QMessageBox.StandardButton.Cancel
    assert not window.confirm_discard() and asked_to_save   # closing now asks first
    damaged = path.read_bytes()
    assert window.save_to(path)  # the damaged content is kept as a backup in turn
    assert sessionfile.load(path).turn == Turn(1942, Season.SPRING)
    assert damaged in [backup.read_bytes() for backup in _backup_files(path)]


def _backup_files(path: Path) -> list[Path]:
    return sorted(path.parent.glob(f"{path.name}.*{sessionfile.BACKUP_SUFFIX}"))


def test_declining_the_backup_keeps_the_open_game(qtbot, tmp_path):
    window = make_window(qtbot, tmp_path)
    path = tmp_path / "game.awaw"
    assert window.save_to(path)
    window.store.set_value("germany", "berlin", False)
    assert window.save_to(path)
    path.write_bytes(b"\x00" * 10)
    errors: list[str] = []
    window.ask_open_backup = lambda question: False
    window.show_error = lambda title, message: errors.append(message)
    before = sessionfile.to_json(window.store.session)
    assert not window.open_path(path, confirmed=True)
    assert errors and "The open game is unchanged." in errors[0]
    assert sessionfile.to_json(window.store.session) == before


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="named pipes")
def test_open_and_save_refuse_a_pipe_at_once(qtbot, tmp_path):
    import os

    window = make_window(qtbot, tmp_path)
    pipe = tmp_path / "pipe.awaw"
    os.mkfifo(pipe)
    errors: list[str] = []
    window.show_error = lambda title, message: errors.append(message)
    assert not window.open_path(pipe, confirmed=True)
    assert not window.save_to(pipe)
    assert [message.split("\n")[0] for message in errors] == [
        "pipe.awaw: it is a named pipe (FIFO), not a file",
        f"{pipe}: cannot save pipe.awaw: it is a named pipe (FIFO), not a file"]


# -- random steps through undo ------------------------------------------------------------------------

def _french_outcome(session: Session, data: st.DataObject) -> Any:
    if not france_surrender.wizard_available(session)[0]:
        return None
    request = france_surrender.FrenchSurrenderRequest(
        edition=session.edition, turn=session.turn,
        level_inputs={**session.inputs.get("france", {}), "paris_axis": True},
        vichy=data.draw(st.booleans(), label="vichy"), scenario=session.scenario,
        dice={roll: france_surrender.DieRoll(data.draw(st.integers(1, 6), label=roll), "typed")
              for roll in france_colonies.ROLLS})
    try:
        return france_surrender.french_surrender_outcome(request)
    except RulesInputError:  # the wizard shows the reason and records nothing
        return None


def _british_outcome(session: Session, data: st.DataObject) -> Any:
    results = session.assess()
    if not britain.wizard_available(session, results)[0]:
        return None
    offer = britain.wizard_offer(session, results)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=offer.resistance, previous_level=offer.previous_level,
        accepted=data.draw(st.booleans(), label="accepted") or not offer.may_decline,
        us_at_war_with_germany=bool(results["britain"].figures.get("us_at_war_with_germany")),
        scenario=session.scenario))
    return outcome


def _carried_values(power: str, data: st.DataObject) -> dict[str, Any]:
    """Values within the carried-values dialog's limits, as the dialog would return them."""
    values: dict[str, Any] = {}
    for key, (_label, _rule, kind, low, high) in carried.EDITABLE[power].items():
        if kind == "flag":
            values[key] = data.draw(st.booleans(), label=key)
        elif kind == "int":
            values[key] = data.draw(st.integers(low, high), label=key)
        elif kind == "optional-int":
            values[key] = data.draw(st.none() | st.integers(low, high), label=key)
        else:
            values[key] = data.draw(st.none() | st.builds(
                lambda year, season: Turn(year, season).to_json(), st.integers(1936, LAST_YEAR),
                st.sampled_from(list(Season))), label=key)
    return values


STEPS = ["value", "value", "carried", "carried", "end-of-turn", "french", "british", "undo", "redo"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(edition=st.sampled_from(list(Edition)), scenario=st.sampled_from(list(Scenario)), data=st.data())
def test_random_steps_with_carried_values_wizards_and_ends_of_turn_never_raise(qtbot, edition, scenario, data):
    session = Session.new(edition, scenario, Turn(data.draw(st.integers(1939, 1944)), Season.SPRING))
    store = SessionStore(session)
    start = sessionfile.to_json(session)
    for _ in range(data.draw(st.integers(1, 14), label="steps")):
        step = data.draw(st.sampled_from(STEPS), label="step")
        if step == "value":
            power = data.draw(st.sampled_from(assess.ORDER), label="power")
            entries = [line for line in session.lines(power) if line.input_kind != "derived"]
            if entries:
                line = data.draw(st.sampled_from(entries), label="line")
                try:
                    store.set_value(power, line.id, value_for(line, data))
                except Exception as error:  # a Group may refuse a combination: refused before storing
                    assert type(error).__name__ == "RulesInputError"
        elif step == "carried":
            power = data.draw(st.sampled_from(POWERS), label="power")
            present = {key: value for key, value in _carried_values(power, data).items()
                       if key in store.session.carry.get(power, {})}
            try:
                carried.apply_carried(store, power, present)
            except SessionFileError as error:  # refused before storing, with the rules' reason
                assert str(error)
        elif step == "end-of-turn":
            if store.session.turn != Turn(LAST_YEAR, Season.WINTER):
                store.change_session("End of turn", lambda s: apply_end_of_turn(s, {}))
        elif step == "french":
            outcome = _french_outcome(store.session, data)
            event(f"french outcome recorded: {outcome is not None}")
            if outcome is not None:
                store.change_session("French surrender",
                                     lambda s, o=outcome: france_surrender.record_french_surrender(s, o))
        elif step == "british":
            outcome = _british_outcome(store.session, data)
            event(f"british outcome recorded: {outcome is not None and (outcome.ok or not outcome.surrendered)}")
            if outcome is not None and (outcome.ok or not outcome.surrendered):
                store.change_session("British surrender",
                                     lambda s, o=outcome: britain.record_british_surrender(s, o))
        elif step == "undo":
            store.undo_stack.undo()
        else:
            store.undo_stack.redo()
        # after every step the game is usable: assessed, saved, read back, ended
        sessionfile.check_carried(store.session)
        assert sessionfile.loads(sessionfile.dumps(store.session)) == store.session
    while store.undo_stack.canUndo():
        store.undo_stack.undo()
        sessionfile.check_carried(store.session)
    # The game as it started; its record keeps every step and every undoing of one (nothing is ever erased).
    recorded = len(store.session.record)
    undone = sessionfile.to_json(store.session)
    assert undone.pop("record") != start.pop("record") or recorded == 1
    assert undone == start
