"""Every Europa file ever written loads: one fixture per past version (tests/fixtures/europa-v*.awaw)."""

from pathlib import Path

from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
T = EuropaTurn.parse


def test_a_version_1_europa_file_loads():
    loaded = gamefile.load(FIXTURES / "europa-v1.awaw")
    game = loaded.game
    assert loaded.family == "europa" and game.title == "Fixture v1" and game.turn == T("Sep II 43")
    assert [nation.name for nation in game.nations] == ["Italy", "Rumania", "Finland", "Hungary"]
    italy = game.nation("Italy")
    assert italy.surrender.surrendered == T("Sep I 43") and len(italy.surrender.rolls) == 2
    assert italy.envelope is not None and italy.envelope.opened == T("Jul I 43")
    assert len(italy.roster) == 4 and italy.losses.rp_pool == 4
    assert game.nation("Rumania").defection.defected == T("Sep I 43")
    assert [s.rps for s in game.nation("Finland").aid] == [3]


def test_a_version_1_game_is_brought_to_version_2_as_its_readings_say():
    import json

    from awaw_desktop.core.europa import actions_aid, migrate
    from awaw_desktop.core.europa.family import FILE_VERSION

    raw = json.loads((FIXTURES / "europa-v1.awaw").read_text(encoding="utf-8"))
    before = json.dumps(raw)
    game = gamefile.load(FIXTURES / "europa-v1.awaw").game
    assert json.dumps(raw) == before and migrate.upgrade(raw["game"]) is not raw["game"]
    italy = game.nation("Italy").surrender
    assert [roll.by for roll in italy.rolls] == ["", ""]            # version 1 told no government's roll apart
    assert italy.rate() == 20 and italy.government_rate("RSI Italy") == 50   # Italy's roll no longer lowers the RSI
    assert italy.condition == "Allied units in Rome" and italy.condition_met is None
    assert game.nation("Hungary").surrender.condition_met is None and game.nation("Hungary").surrender.rate() == 50
    assert game.nation("Rumania").defection.condition == "" and game.nation("Rumania").defection.checks == ()
    assert actions_aid.pool_balance(game) == 0 and sum(e.rps for e in game.german_pool) == 5
    assert game.places == () and all(nation.counts == () for nation in game.nations)
    document = json.loads(gamefile.dumps("europa", game))
    assert document["version"] == FILE_VERSION == 4 and document["game"]["version"] == 4
    assert gamefile.loads(gamefile.dumps("europa", game)).game == game


def test_a_version_3_file_loads_its_record_still_holds_and_its_envelopes_open_as_before():
    """Version 4 (issue 31) adds the consent of an envelope drawn by e-mail; a version 3 file (passphrases "Axis
    fixture words 3" and "Allied fixture words 3") keeps its record verified, and its one-table draws work as before."""
    import json

    from awaw_desktop.core.europa import actions, game_record
    from awaw_desktop.core.europa.envelope import SEALED_DRAW, Stage
    from awaw_desktop.core.record.verify import verify_bytes

    raw = (FIXTURES / "europa-v3.awaw").read_bytes()
    game = gamefile.loads(raw).game
    assert game.title == "Fixture v3" and game.turn == T("Oct I 43") and verify_bytes(raw).verified
    hungary = game.nation("Hungary").envelope
    assert hungary.card == "4D" and hungary.revealed_card() == "4D" and hungary.consent is None
    rumania = game.nation("Rumania").envelope
    assert rumania.mode == SEALED_DRAW and rumania.stage(game.turn) is Stage.SEALED
    opened = game_record.recorded(game, actions.open_envelope(game, "Rumania", "Axis fixture words 3",
                                                              "Allied fixture words 3")[0], "Open")
    again = gamefile.dumps("europa", opened)
    assert json.loads(again)["version"] == 4 and json.loads(again)["game"]["version"] == 4
    assert verify_bytes(again).verified and gamefile.loads(again).game == opened


def test_a_damaged_older_file_is_refused_not_a_traceback():
    """Fault hunt (issue 30's hunt, rerun at merge): a version-2 file whose past envelopes are a number raised a
    TypeError from its conversion; it is refused as damaged, like every other damaged file."""
    import json
    from pathlib import Path

    import pytest

    from awaw_desktop.core.files import gamefile
    from awaw_desktop.core.files.atomic_file import SessionFileError

    document = json.loads((Path(__file__).resolve().parents[2] / "fixtures" / "europa-v2.awaw").read_text())
    document["game"]["nations"][0]["past_envelopes"] = 7
    with pytest.raises(SessionFileError, match="past_envelopes: expected a list"):
        gamefile.loads(json.dumps(document).encode())
