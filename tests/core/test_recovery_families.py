"""The crash-recovery store keeps a game of another rules family (a Europa game) beside AWAW sessions."""

from __future__ import annotations

import pytest

from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.sessionfile import SessionFileError, to_json
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.family import FAMILY
from awaw_desktop.core.files.recovery import CalendarTurn, RecoveryStore


def europa_game():
    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "Kursk summer", "Ann", "Bob")
    return actions.add_nation(game, "Italy")


def test_a_europa_game_is_kept_listed_and_given_back(tmp_path):
    store = RecoveryStore(tmp_path)
    game = europa_game()
    written = store.write_snapshot("europa1", FAMILY.to_document(game), tmp_path / "kursk.awaw")
    store.write("awaw1", Session.new(title="Barbarossa"), None)
    assert (written.family, written.title, written.turn) == ("europa", "Kursk summer", CalendarTurn("Jul I 1943"))
    listed = {entry.id: entry for entry in store.list()}
    assert listed["europa1"].turn.title == "Jul I 1943" and listed["europa1"].source_path == tmp_path / "kursk.awaw"
    assert listed["awaw1"].family == "awaw" and listed["awaw1"].turn.title == "Fall 1939"
    loaded = store.load_game("europa1")
    assert (loaded.family, loaded.game) == ("europa", game)
    assert store.load("awaw1").title == "Barbarossa"
    assert store.load("europa1") == game   # the store knows no family: each game comes back as its family made it


def test_a_copy_that_could_not_be_read_back_is_not_written(tmp_path):
    store = RecoveryStore(tmp_path)
    document = FAMILY.to_document(europa_game())
    document["version"] = 5
    with pytest.raises(SessionFileError, match="newer version"):
        store.write_snapshot("europa1", document, None)
    assert store.list() == []
    document = {**to_json(Session.new()), "family": "europa"}
    with pytest.raises(SessionFileError):
        store.write_snapshot("mixed", document, None)
