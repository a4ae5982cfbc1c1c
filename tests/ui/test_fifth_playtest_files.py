"""Fifth play-test, driven as the player did: a Pacific game's end of turn and game record give no level for the
powers the scenario leaves out, Open Recent tells two files of one name apart (in both windows), and a file cut
short is refused in the player's words while the open game stays as it was."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QFileDialog, QLabel, QMenu, QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.common import Scenario, Season, Turn
from awaw_desktop.core.files import gamefile
from awaw_desktop.ui.europa.window import EuropaWindow
from awaw_desktop.ui.shell import family_window
from awaw_desktop.ui.shell.accessible import caption
from awaw_desktop.ui.shell.new_game import NewSessionDialog

from .europa.test_europa_window_menus import danube
from .helpers import NextDialog, press
from .test_main_window import make_window
from .test_new_game_late_start import first_page

LEFT_OUT = ("Germany", "Italy", "France", "Britain", "Russia", "U.S. election")


def menu(window, title: str) -> QMenu:
    return next(action.menu() for action in window.menuBar().actions() if action.text().replace("&", "") == title)


def menu_item(parent: QMenu, text: str):
    """The entry of ``parent`` that reads ``text`` (without its & marker); a submenu is filled as it opens."""
    for action in parent.actions():
        if action.text().replace("&", "") == text:
            if action.menu() is not None:
                action.menu().aboutToShow.emit()
            return action
    raise AssertionError(f"no {text!r} in {[a.text() for a in parent.actions()]}")


def recent_entries(window) -> list[QMenu]:
    return menu_item(menu(window, "File"), "Open Recent").menu().actions()


def pacific_game(qtbot):
    window = make_window(qtbot)

    def player(dialog):
        first_page(qtbot, dialog, Turn(1941, Season.WINTER), Scenario.PACIFIC)
        press(qtbot, dialog, "Campaign so far >")
        press(qtbot, dialog, "Create game")

    hands = NextDialog(player, NewSessionDialog)
    menu_item(menu(window, "File"), "New game\u2026").trigger()
    hands.check()
    assert window.store.session.scenario is Scenario.PACIFIC
    return window


def test_a_pacific_end_of_turn_and_game_record_give_no_level_for_the_powers_left_out(qtbot):
    window = pacific_game(qtbot)
    shown: dict[str, str] = {}

    def player(dialog):
        summary = next(label for label in dialog.findChildren(QLabel)
                       if caption(label) == "End of turn summary")
        shown["summary"] = summary.text()
        for combo in dialog.confirm_widgets.values():   # China's values nobody entered: 0 is right (issue 28)
            combo.setCurrentIndex(1)
        press(qtbot, dialog, "End the turn")

    hands = NextDialog(player)
    menu_item(menu(window, "Turn"), "End Allied player turn\u2026").trigger()
    hands.check()
    for title in LEFT_OUT:
        assert f"<h3>{title}: \u2014 \u25cb Not applicable</h3>" in shown["summary"], title
    assert "Germany: +7" not in shown["summary"] and "France: -3" not in shown["summary"]
    assert "<h3>Japan: +" in shown["summary"]   # Japan's table is the game's: its number stays
    menu_item(menu(window, "View"), "Game record (history, chart, dice, undo)").trigger()
    record = window.history.record   # the newest entry first, one line each
    assert record.row_text(0).startswith("End of Winter 1941")
    levels = record.row_text(0).split(": ", 1)[1]
    assert levels.startswith("Japan +") and ", China " in levels
    assert "+0" not in levels   # a level of 0 as players write it
    for title in LEFT_OUT:
        assert title not in levels
    _turns, series = window.history.chart.series()
    assert list(series) == ["japan", "china"]   # no line for a table the scenario does not use


def two_clubs(tmp_path: Path) -> tuple[Path, Path]:
    (tmp_path / "mail").mkdir()
    (tmp_path / "games").mkdir()
    return tmp_path / "games" / "club.awaw", tmp_path / "mail" / "club.awaw"


def test_open_recent_tells_two_files_of_one_name_apart_by_their_folder(qtbot, monkeypatch, tmp_path):
    window = make_window(qtbot)
    ours, from_mail = two_clubs(tmp_path)
    for path in (ours, from_mail):
        monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_args, p=path: (str(p), ""))
        menu_item(menu(window, "File"), "Save As\u2026").trigger()
    other = tmp_path / "R&D.awaw"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *_args: (str(other), ""))
    menu_item(menu(window, "File"), "Save As\u2026").trigger()
    entries = recent_entries(window)
    assert [action.text() for action in entries] == [
        "&1 R&&D.awaw", "&2 club.awaw \u2014 in mail", "&3 club.awaw \u2014 in games"]
    assert [action.toolTip() for action in entries] == [str(other), str(from_mail), str(ours)]
    assert [action.statusTip() for action in entries] == [str(other), str(from_mail), str(ours)]
    entries[2].trigger()
    assert window.path == ours


def test_the_europa_window_has_the_same_open_recent(qtbot, monkeypatch, tmp_path):
    window = make_window(qtbot)
    ours, from_mail = two_clubs(tmp_path)
    assert window.save_to(ours)
    europa = EuropaWindow()
    qtbot.addWidget(europa)
    europa.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
    europa.set_game(danube(), None)
    europa.show()
    assert europa.save_to(from_mail)
    assert [action.text() for action in recent_entries(europa)] == [
        "&1 club.awaw \u2014 in mail", "&2 club.awaw \u2014 in games"]
    assert [action.text() for action in recent_entries(window)] == [
        "&1 club.awaw \u2014 in mail", "&2 club.awaw \u2014 in games"]
    opened = len(family_window._open)
    recent_entries(europa)[1].trigger()   # an A World at War game: it opens in its own window
    assert len(family_window._open) == opened + 1
    awaw = family_window._open[-1]
    qtbot.addWidget(awaw)
    assert awaw.path == ours and europa.path == from_mail
    # A Europa game opened from the Europa window goes first in the list.
    europa_copy = tmp_path / "danube.awaw"
    gamefile.save("europa", danube(), europa_copy)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args: (str(europa_copy), ""))
    menu_item(menu(europa, "File"), "Open\u2026").trigger()
    assert europa.path == europa_copy
    assert recent_entries(window)[0].text() == "&1 danube.awaw"


@pytest.mark.parametrize("how", ["File > Open", "Open Recent"])
def test_a_file_cut_short_is_refused_in_the_players_words_and_the_open_game_stays(qtbot, monkeypatch, tmp_path,
                                                                                   how):
    window = make_window(qtbot)
    good = tmp_path / "club.awaw"
    assert window.save_to(good)
    half = tmp_path / "half.awaw"
    raw = good.read_bytes()
    half.write_bytes(raw[: raw.index(b"{", raw.index(b'"inputs"')) + 1] + b"\n         ")
    line = half.read_bytes().count(b"\n") + 1
    window.store.set_value("germany", "berlin", False)   # an unsaved change in the open game
    before, undo, title = sessionfile.to_json(window.store.session), window.store.undo_stack.count(), \
        window.windowTitle()
    said: list[str] = []

    def player(box):
        said.append(box.text())
        press(qtbot, box, "OK")

    hands = NextDialog(player, QMessageBox)
    if how == "File > Open":
        monkeypatch.setattr(QFileDialog, "getOpenFileName", lambda *_args: (str(half), ""))
        menu_item(menu(window, "File"), "Open\u2026").trigger()
    else:
        from awaw_desktop.ui.shell.recent import remember

        remember(half)
        next(a for a in recent_entries(window) if a.text() == "&1 half.awaw").trigger()
    hands.check()
    assert said == [f"half.awaw is incomplete or damaged: it breaks off at line {line}. It may have been cut short "
                    "when it was sent or copied.\n\nTechnical detail: invalid JSON at line "
                    f"{line} column 10 (expecting property name enclosed in double quotes).\n\n"
                    "The open game is unchanged."]
    assert sessionfile.to_json(window.store.session) == before
    assert window.store.undo_stack.count() == undo and window.windowTitle() == title
    assert window.path == good and window.isWindowModified()


def test_files_in_folders_of_one_name_show_as_many_folders_as_tell_them_apart(qtbot, tmp_path):
    window = make_window(qtbot)
    first, second = tmp_path / "ann" / "games" / "club.awaw", tmp_path / "bob" / "games" / "club.awaw"
    for path in (first, second):
        path.parent.mkdir(parents=True)
        assert window.save_to(path)
    assert [action.text() for action in recent_entries(window)] == [
        f"&1 club.awaw \u2014 in {Path('bob', 'games')}", f"&2 club.awaw \u2014 in {Path('ann', 'games')}"]
    first.unlink()   # a file gone since is forgotten, and the other one needs no folder any more
    assert [action.text() for action in recent_entries(window)] == ["&1 club.awaw"]
