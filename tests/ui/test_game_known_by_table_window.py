"""A game is known by its table and its players (issue 35.3), through the window: a new game at a table this computer
plays by e-mail is named before it opens, "Don't open it" the default; opening it anyway is recorded."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.record.keys import PlayerKeys, take_side
from tests.ui.test_file_text_shown_as_text import box_words
from tests.ui.test_main_window import make_window


def test_a_new_game_at_a_table_played_by_email_is_named_before_it_opens(qtbot, tmp_path):
    """Issue 35.3: the game rewritten under a new game id, keys dropped, at the table this computer plays by e-mail:
    named before it opens, "Don't open it" the default; the player's title and players shown as written."""
    from tests.ui.helpers import NextDialog

    players = {"axis": "Ann", "allied": "Bob <!--"}
    window = make_window(qtbot)
    played = Session.new(title="Tuesday <b>club</b>", players=players)
    ann, bob = PlayerKeys.new("Ann"), PlayerKeys.new("Bob")
    played.record = take_side(take_side(played.record, ann, "axis", "Fall 1939"), bob, "allied", "Fall 1939")
    window.set_session(played, None)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)                                           # seen here: played by e-mail
    rewritten = tmp_path / "tuesday-again.awaw"
    rewritten.write_bytes(sessionfile.dumps(Session.new(title="Tuesday <b>club</b>", players=players)))
    said: list[tuple[str, str, str]] = []

    def read_and_refuse(box):
        said.append((box.windowTitle(), box_words(box), box.defaultButton().text()))
        box.reject()

    hands = NextDialog(read_and_refuse, QMessageBox)
    assert not window.open_path(rewritten, confirmed=True)
    hands.check()
    title, words, default = said[0]
    assert title == "Not the game you know" and default == "Don't open it"
    assert "tuesday-again.awaw: This is not the game you play by e-mail at this table" in words
    assert "begun Fall 1939" in words and "Open it only if you and the other player agreed to it" in words
    assert window.path == path                                            # the game that was open stays open


def test_a_new_game_opened_anyway_is_recorded_so(qtbot, tmp_path):
    from tests.ui.helpers import NextDialog

    players = {"axis": "Ann", "allied": "Bob"}
    window = make_window(qtbot)
    played = Session.new(title="Tuesday", players=players)
    played.record = take_side(take_side(played.record, PlayerKeys.new("Ann"), "axis", "Fall 1939"),
                              PlayerKeys.new("Bob"), "allied", "Fall 1939")
    window.set_session(played, None)
    assert window.save_to(tmp_path / "tuesday.awaw")
    rewritten = tmp_path / "tuesday-again.awaw"
    rewritten.write_bytes(sessionfile.dumps(Session.new(title="Tuesday", players=players)))

    def open_anyway(box):
        next(button for button in box.buttons() if button.text() == "Open it as a new game").click()

    hands = NextDialog(open_anyway, QMessageBox)
    assert window.open_path(rewritten, confirmed=True)
    hands.check()
    last = window.store.session.record.entries[-1]
    assert last.kind == "went-on" and last.summary.startswith("Opened although this computer said: This is not the "
                                                              "game you play by e-mail at this table")
    assert last.data["verdict"] == "new-game"
