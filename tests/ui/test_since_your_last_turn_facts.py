""""Since your last turn" names every input and fact that changed since this computer's last head, with who changed
it (issue 35.5): a value the player entered and saved, changed back by the other player in his turn, is named even
when no entry speaks of it."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QListWidget

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.record.keys import PlayerKeys, Signer
from awaw_desktop.ui.shell.record_open import changed_facts, document_facts
from awaw_desktop.ui.shell.record_views import who_changed
from tests.ui.test_main_window import make_window

CHANGED = "inputs \u00b7 germany \u00b7 berchtesgaden: true \u2192 false"


def saved_here(qtbot, tmp_path):
    window = make_window(qtbot)
    window.set_session(Session.new(title="Tuesday", players={"axis": "Ann", "allied": "Bob"}), None)
    path = tmp_path / "tuesday.awaw"
    assert window.save_to(path)                        # this computer's last head, with its inputs and facts
    return window, path


def their_turn(path, tmp_path, note: bool = True):
    """The other player's turn, on his computer: Berchtesgaden changed back, and (``note``) an entry on another
    matter."""
    session = sessionfile.load(path)
    session.set_value("germany", "berchtesgaden", False)
    if note:
        session.add_to_record("event", "Japan: a note on the Pacific")
    returned = tmp_path / "tuesday-back.awaw"
    returned.write_bytes(sessionfile.dumps(session))
    return returned


def changes_shown(dialog) -> list[str]:
    listing = next(widget for widget in dialog.findChildren(QListWidget)
                   if widget.accessibleName() == "Inputs and facts changed since your last turn")
    return [listing.item(row).text() for row in range(listing.count())] if listing.isVisible() else []


def test_a_value_changed_back_in_the_other_players_turn_is_named(qtbot, tmp_path):
    window, path = saved_here(qtbot, tmp_path)
    assert window.open_path(their_turn(path, tmp_path), confirmed=True)
    dialog = window.since_dialog
    assert dialog is not None
    qtbot.waitUntil(dialog.isVisible)
    assert CHANGED in changes_shown(dialog)
    captions = [label.text() for label in dialog.findChildren(QLabel)]
    assert any(text.startswith("1 input and facts changed since record ") for text in captions), captions
    dialog.reject()


def test_a_change_no_entry_speaks_of_is_named_as_made_outside_the_app(qtbot, tmp_path):
    window, path = saved_here(qtbot, tmp_path)
    assert window.open_path(their_turn(path, tmp_path, note=False), confirmed=True)
    dialog = window.since_dialog
    assert dialog is not None
    assert CHANGED in changes_shown(dialog)
    captions = [label.text() for label in dialog.findChildren(QLabel)]
    assert any("by no entry of the record: the file was changed outside the app" in text for text in captions)
    assert any(text.startswith("Nothing was recorded since record ") and "not as this computer left it" in text
               for text in captions), captions
    dialog.reject()


def test_nothing_changed_shows_no_list_of_changes(qtbot, tmp_path):
    window, path = saved_here(qtbot, tmp_path)
    session = sessionfile.load(path)
    session.add_to_record("event", "Japan: a note on the Pacific")
    returned = tmp_path / "noted.awaw"
    returned.write_bytes(sessionfile.dumps(session))
    assert window.open_path(returned, confirmed=True)
    assert window.since_dialog is not None and changes_shown(window.since_dialog) == []
    window.since_dialog.reject()


def test_who_changed_names_the_sides_that_signed_the_entries():
    bob = PlayerKeys.new("Bob")
    session = Session.new(title="Tuesday")
    record = session.record.append("event", "Fall 1939", "Britain: a note", signer=Signer(side="allied", keys=bob))
    assert who_changed(record.entries[-1:]) == "the Allied player"
    unsigned = record.append("event", "Fall 1939", "Germany: a note")
    assert who_changed(unsigned.entries[-2:]) == "the Allied player, and entries signed by no player"
    assert who_changed(session.record.entries[-1:]) == ""        # at one table: nobody signs


def test_the_facts_name_every_value_by_where_it_stands():
    facts = document_facts({"format": "x", "record": {"blocks": []}, "game": {
        "title": "Kursk", "nations": [{"name": "Italy", "losses": {"ground_res": 2}, "envelope": {"card": "AS"}}],
        "turn": {"season": "fall", "year": 1939}, "cities": ["essen", "cologne"]}})
    assert facts == {"title": "Kursk", "nations \u00b7 Italy \u00b7 losses \u00b7 ground res": "2",
                     "turn": "Fall 1939", "cities": "essen, cologne"}      # no record, no sealed envelope
    assert changed_facts({"a": "1", "b": "2"}, {"a": "1", "b": "3", "c": "4"}) == [("b", "2", "3"), ("c", "", "4")]


def test_a_europa_game_names_its_changed_facts_too(qtbot, tmp_path):
    from awaw_desktop.core.europa import actions, game_record
    from awaw_desktop.core.files import gamefile
    from tests.ui.test_hostile_paths_both_windows import europa_window

    path = tmp_path / "danube.awaw"
    window = europa_window(qtbot, path)                   # saved here: this computer's last head
    game = gamefile.load(path).game                       # the other player's turn, on his computer
    game = game_record.recorded(game, actions.add_nation(game, "Finland"), "Add Finland")
    returned = tmp_path / "danube-back.awaw"
    returned.write_bytes(gamefile.dumps("europa", game))
    assert window.open_path(returned, confirmed=True)
    dialog = window.since_dialog
    assert dialog is not None
    shown = changes_shown(dialog)
    assert any(line.startswith("nations \u00b7 Finland \u00b7 ") and line.endswith("(none) \u2192 0")
               for line in shown), shown
    dialog.reject()
