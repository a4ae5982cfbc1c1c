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
