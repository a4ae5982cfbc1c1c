"""Readings chosen where the text is unclear are beside their line (or in the procedure's data) and in
docs/rules-readings.md (issue 12)."""

from pathlib import Path

from awaw_desktop.core.awaw import britain_surrender as bs
from awaw_desktop.core.awaw import election, japan
from awaw_desktop.core.awaw.common import Edition, Scenario
from awaw_desktop.core.awaw.france_brps import CONQUEST_READING, brp_outcome

ROOT = Path(__file__).resolve().parents[2]
DOC = (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")


def test_salvageable_ships_reading_is_in_the_data_the_summary_and_the_doc():
    assert bs.SHIP_DISCOUNT[bs.ShipState.SALVAGEABLE] == bs.SHIP_DISCOUNT[bs.ShipState.SUNK_IN_PORT] == 2
    assert "like a ship sunk in port" in bs.SHIP_READINGS[bs.ShipState.SALVAGEABLE]
    ships = (bs.Ship("Hood", 6, bs.ShipState.SALVAGEABLE),)
    outcome = bs.british_surrender_outcome(bs.SurrenderRequest(
        resistance=-1, reductions=bs.ReductionChoice(aaf=2, ground_nas_brps=4, ships=ships, naval_factors=6)))
    summary = outcome.summary_text()
    assert "Hood, 6 factor(s), salvageable (as sunk in port): counts 4." in summary
    assert "Reading: 59.513D lists salvageable ships" in summary
    assert "**59.513D, salvageable ships**" in DOC


def test_original_conquest_value_below_40_reading_is_shown_with_the_value():
    for base in (0, 25, 39, 40):
        texts = [c.text for c in brp_outcome(Edition.ORIGINAL, True, (), french_brp_base=base).consequences(
            Edition.ORIGINAL)]
        assert texts[0].startswith("France is worth 0 BRPs")
        assert CONQUEST_READING in texts[0]
    texts = [c.text for c in brp_outcome(Edition.ORIGINAL, True, (), french_brp_base=41).consequences(
        Edition.ORIGINAL)]
    assert texts[0].startswith("France is worth 1 BRPs") and "Reading" not in texts[0]
    assert "**58.71 original, BRP base under 40**" in DOC


def test_outbreak_turn_losses_reading_is_on_the_line_and_in_the_doc():
    for edition in Edition:
        line = next(line for line in japan.lines(edition, Scenario.GLOBAL_WAR) if line.id == "enemy_losses")
        assert "outbreak turn included" in line.reading
        assert line.reading in DOC
    assert "57.14B (Updated) – losses before the first count" in DOC


def test_election_readings_are_on_their_lines_and_in_the_doc():
    ids = {line.id: line for line in election.lines(Edition.UPDATED, Scenario.GLOBAL_WAR)}
    for line_id in ("war_on_neutral_us", "usat_conciliation", "tensions"):
        assert ids[line_id].reading and ids[line_id].reading in DOC
    assert "**62.41 cumulative results**" in DOC


def test_the_online_rule_60_is_listed_as_a_text_we_do_not_follow():
    assert "Texts we do not follow: the online rule 60" in DOC
    entry = DOC.split("Texts we do not follow: the online rule 60", 1)[1][:700]
    assert "Germany may reject" in entry and "60.12" in entry and "never surrenders" in entry
