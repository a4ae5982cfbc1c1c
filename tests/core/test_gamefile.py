"""A .awaw file of either rules family: the family field decides who reads it; Europa files are refused like
A World at War's (damaged JSON, a newer version, an unknown family) and never hold a sealed card; the CLI report
prints the family's own report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from awaw_desktop.__main__ import main
from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.awaw.sessionfile import SessionFileError
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.cards import card_name
from awaw_desktop.core.europa.family import FILE_VERSION as EUROPA_FILE_VERSION
from awaw_desktop.core.files import gamefile

SECRETS = (bytes(32), bytes([1]) * 32)
AXIS, ALLIED = "axis pass", "allied pass"


def europa_game():
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), "Kursk summer", "Ann", "Bob", cost_log2=10)
    game = actions.add_nation(actions.add_nation(game, "Italy"), "Hungary")
    game = actions.draw_envelope(game, "Italy", AXIS, ALLIED, secrets=SECRETS)
    game, _events = actions.end_turn(game)
    return game


def strings(value):
    if isinstance(value, dict):
        for key, item in value.items():
            yield key
            yield from strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from strings(item)
    elif isinstance(value, str):
        yield value


def test_an_awaw_session_keeps_its_version_2_document_with_no_family_field(tmp_path):
    session = Session.new(title="Barbarossa")
    path = tmp_path / "a.awaw"
    gamefile.save("awaw", session, path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert "family" not in document and document["version"] == sessionfile.FORMAT_VERSION
    assert path.read_bytes() == sessionfile.dumps(session)
    loaded = gamefile.load(path)
    assert loaded.family == "awaw" and sessionfile.to_json(loaded.game) == sessionfile.to_json(session)


def test_a_europa_game_goes_round_its_file_in_the_session_envelope(tmp_path):
    game = europa_game()
    path = tmp_path / "e.awaw"
    gamefile.save("europa", game, path)
    document = json.loads(path.read_text(encoding="utf-8"))
    assert (document["format"], document["family"], document["version"]) == ("awaw-desktop-session", "europa",
                                                                          EUROPA_FILE_VERSION)
    loaded = gamefile.load(path)
    assert loaded.family == "europa" and loaded.game == game
    gamefile.save("europa", actions.add_nation(game, "Finland"), path)
    kept = sorted(tmp_path.glob("e.awaw.*.bak"))                          # the previous file is kept, dated
    assert kept and gamefile.load(kept[-1]).game == game


def test_a_sealed_card_is_nowhere_in_the_file(tmp_path):
    game = europa_game()
    _opened, card = actions.open_envelope(game, "Italy", AXIS, ALLIED)  # what the seal hides
    path = tmp_path / "e.awaw"
    gamefile.save("europa", game, path)
    text = path.read_text(encoding="utf-8")
    assert card not in set(strings(json.loads(text)))
    assert card_name(card) not in text


def refused(tmp_path, raw: bytes) -> str:
    path = tmp_path / "bad.awaw"
    path.write_bytes(raw)
    with pytest.raises(SessionFileError) as caught:
        gamefile.load(path)
    return str(caught.value)


def test_europa_files_are_refused_with_a_message(tmp_path):
    good = gamefile.dumps("europa", europa_game())
    document = json.loads(good)
    assert refused(tmp_path, good[:-40]).startswith("The file is incomplete or damaged: it breaks off at line")
    assert "newer version" in refused(tmp_path, json.dumps({**document, "version": EUROPA_FILE_VERSION + 1}).encode())
    assert "unknown field 'card'" in refused(tmp_path, json.dumps({**document, "card": "QH"}).encode())
    assert "does not know" in refused(tmp_path, json.dumps({**document, "family": "ancient-rome"}).encode())
    document["game"]["turn"] = "Jun I 43"                                # before the start
    assert "before the start" in refused(tmp_path, json.dumps(document).encode())


def test_the_cli_prints_each_familys_report(tmp_path, capsys):
    europa = tmp_path / "e.awaw"
    gamefile.save("europa", europa_game(), europa)
    assert main(["report", str(europa)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Kursk summer \u2014 Jul I 1943") and "Italy" in out and "Hungary" in out
    assert "National will envelope (56.E.1): Sealed" in out
    assert main(["report", "--format", "json", str(europa)]) == 0
    assert json.loads(capsys.readouterr().out)["game"]["title"] == "Kursk summer"
    awaw = tmp_path / "a.awaw"
    sessionfile.save(Session.new(title="Barbarossa"), awaw)
    assert main(["report", "-f", "json", str(awaw)]) == 0
    assert json.loads(capsys.readouterr().out)["session"]["title"] == "Barbarossa"
    newer = tmp_path / "newer.awaw"
    newer.write_text(json.dumps({**json.loads(europa.read_text()), "version": 9}))
    assert main(["report", str(newer)]) == 2
    assert "newer version" in capsys.readouterr().err
    assert main(["report", str(tmp_path / "missing.awaw")]) == 2


def test_the_readings_document_holds_both_families():
    text = (Path(__file__).resolve().parents[2] / "docs" / "rules-readings.md").read_text(encoding="utf-8")
    assert "## Europa: Axis political rules (56)" in text and "## Germany" in text


def test_an_awaw_reader_names_a_file_of_another_or_unknown_family_as_such(tmp_path):
    # Play-test: such a file was called damaged ("family: is not a field of a session file", or a failed
    # conversion of format 1), and a backup of it was offered.
    document = json.loads(sessionfile.dumps(Session.new()))
    path = tmp_path / "game.awaw"

    def awaw_refusal(**extra) -> str:
        path.write_text(json.dumps({**document, **extra}), encoding="utf-8")
        with pytest.raises(SessionFileError) as caught:
            sessionfile.load(path)
        return str(caught.value)

    unknown = awaw_refusal(family="ancient-rome")
    assert unknown.startswith("made by a newer version") and "'ancient-rome'" in unknown and "awaw, europa" in unknown
    assert awaw_refusal(family=7).startswith("damaged: family must be")
    assert "not an A World at War session" in awaw_refusal(family="europa")
    path.write_text(json.dumps({**document, "family": "europa"}), encoding="utf-8")   # read as a Europa game
    with pytest.raises(SessionFileError) as caught:
        gamefile.load(path)
    assert str(caught.value).startswith("damaged: its family field says Europa, but it holds an A World at War")
    path.write_text(json.dumps({**document, "family": "awaw"}), encoding="utf-8")   # its own family, said outright
    assert sessionfile.load(path) == sessionfile.loads(sessionfile.dumps(Session.new()))
    assert gamefile.load(path).family == "awaw"
