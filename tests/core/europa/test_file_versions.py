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
