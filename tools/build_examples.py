"""Build the example sessions in ``resources/examples`` from the core (File > Open Example).

Run: ``python tools/build_examples.py``.  Each example is a moment players know from real games.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from awaw_desktop.core.awaw import sessionfile  # noqa: E402
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn  # noqa: E402
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn  # noqa: E402

EXAMPLES = ROOT / "resources" / "examples"


def france_about_to_fall() -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1940, Season.SPRING),
                          {"axis": "Axis player", "allied": "Allied player"},
                          "France about to fall, Summer 1940")
    session.set_value("france", "german_first_hex", {"year": 1940, "season": 1})
    session.set_value("france", "ground_factors", 14)
    apply_end_of_turn(session)  # Spring 1940 ends: Germany is in France
    session.set_value("france", "paris_axis", True)
    session.set_value("france", "lyon_marseilles_axis", ["lyon"])
    session.set_value("france", "ground_factors", 6)
    session.set_value("france", "fleet", {"full": 38, "half": 4})
    session.set_value("france", "dps", {"axis": 1, "allied": 0})
    session.set_value("britain", "dp_level", 4)
    session.set_value("britain", "atlantic_transports", 10)
    session.set_value("britain", "naval_ratio", {"allied_full": 60, "allied_half": 0, "axis_full": 30,
                                                 "axis_half": 0})
    session.set_value("britain", "powers_at_war", ["france"])
    # The values the featured tables need, entered (issue 28); the others are left for This turn's inputs to show.
    session.set_value("france", "french_objectives", 0)
    session.set_value("britain", "unbuilt_factors", 5)
    session.set_value("britain", "usat_level", 20)
    return session


def britain_under_pressure() -> Session:
    session = Session.new(Edition.ORIGINAL, Scenario.EUROPEAN, Turn(1941, Season.FALL),
                          {"axis": "", "allied": ""}, "Britain under pressure, Fall 1941")
    session.set_value("britain", "dp_level", -1)
    session.set_value("britain", "axis_holds", ["malta"])
    session.set_value("britain", "atlantic_transports", 7)
    session.set_value("britain", "oil_effects", 1)
    session.set_value("britain", "unbuilt_factors", 23)
    session.set_value("britain", "naval_ratio", {"allied_full": 40, "allied_half": 6, "axis_full": 33,
                                                 "axis_half": 4})
    session.set_value("britain", "powers_at_war", ["russia"])
    session.set_value("britain", "firestorms", 1)
    session.set_value("britain", "usat_level", 20)
    session.set_value("france", "paris_axis", True)
    session.set_carry("france", "surrendered", True)
    session.set_carry("france", "surrender_level", -1)
    session.set_carry("france", "surrender_turn", {"season": "summer", "year": 1940})
    return session


def election_1945() -> Session:
    session = Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1944, Season.SPRING),
                          {"axis": "", "allied": ""}, "The 1945 YSS election")
    # Four turns of record before the election, with Germany and Japan weakening.
    for dp, firestorms, objectives in ((6, 1, 6), (5, 2, 5), (4, 3, 4), (3, 3, 4)):
        session.set_value("germany", "dp_level", dp)
        session.set_value("germany", "firestorms", firestorms)
        session.set_value("japan", "pacific_objectives", objectives)
        apply_end_of_turn(session)
    # Spring 1945: the turn track has set the election for the 1945 YSS (62.21A).
    session.set_value("election", "axis_dp", 6)
    session.set_value("italy", "dp_level", 0)   # the updated German table reads it (55.11)
    session.set_value("election", "allied_dp", 4)
    session.set_value("election", "japan_declared_war", True)
    session.set_value("germany", "dp_level", 3)
    session.set_value("germany", "cities", ["essen", "leipzig"])
    session.set_value("germany", "firestorms", 4)
    session.set_value("japan", "pacific_objectives", 3)
    session.set_value("japan", "japanese_key_cities", ["singapore"])
    session.set_value("japan", "japan_island_groups", {"full": 5, "partial": 2})
    session.set_value("japan", "allied_island_groups", {"full": 9, "partial": 1})
    session.set_carry("japan", "war_turn", {"season": "winter", "year": 1941})
    session.set_carry("japan", "us_war_turn", {"season": "winter", "year": 1941})
    session.set_carry("japan", "cumulative_total", 6)
    session.set_carry("japan", "max_island_groups", 9)
    return session


def main() -> int:
    EXAMPLES.mkdir(parents=True, exist_ok=True)
    for name, build in (("france-about-to-fall-1940", france_about_to_fall),
                        ("britain-under-pressure-1941", britain_under_pressure),
                        ("yss-election-1945", election_1945)):
        session = build()
        path = EXAMPLES / f"{name}{sessionfile.SESSION_SUFFIX}"
        sessionfile.save(session, path)
        for backup in sessionfile.backups(path):  # the examples ship without backups
            backup.path.unlink()
        results = session.assess()
        print(path.relative_to(ROOT), {key: result.level for key, result in results.items()})
    return 0


if __name__ == "__main__":
    sys.exit(main())
