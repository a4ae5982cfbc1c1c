"""Build the example games in ``resources/examples`` (File > Open Example) by playing them as players do.

Run: ``python tools/build_examples.py``.  Each example is a moment players know from real games.  Each is played
through the window's own store (``ui.awaw.store.SessionStore``): a new game, numbers typed, Turn > End turn (the
values nobody entered confirmed as counted, as the end of turn asks), carried values set as the Carried values panel
sets them in a game begun late.  So every example is in the current format with its record of the game, and opens
with no warning (issue 37).  The Europa example is played through its family's actions.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import os  # noqa: E402

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from awaw_desktop.core.awaw import sessionfile, unentered  # noqa: E402
from awaw_desktop.core.awaw.common import Edition, Scenario, Season, Turn  # noqa: E402
from awaw_desktop.core.awaw.session import Session  # noqa: E402
from awaw_desktop.ui.awaw.carried import apply_carried  # noqa: E402
from awaw_desktop.ui.awaw.store import SessionStore  # noqa: E402


class Table:
    """The players at the table: what they type and press, through the store the window uses."""

    def __init__(self, session: Session) -> None:
        self.store = SessionStore(session)

    @property
    def session(self) -> Session:
        return self.store.session

    def set_value(self, power: str, line_id: str, value: object) -> None:
        self.store.set_value(power, line_id, value)

    def carried(self, power: str, **values: object) -> None:
        """The Carried values panel of a game begun late: one recorded step."""
        apply_carried(self.store, power, dict(values))

    def end_turn(self) -> None:
        """Turn > End Allied player turn: the values nobody entered that a result rests on confirmed as counted
        (the dialog asks for each), then the turn ended as one recorded step."""
        session = self.session
        results = self.store.results
        confirmed = [item.key for item in unentered.to_confirm(session, results, True)]
        turn = session.turn
        self.store.change_session(f"End of {turn.title}",
                                  lambda target: unentered.end_the_turn(target, {}, confirmed))

EXAMPLES = ROOT / "resources" / "examples"


def france_about_to_fall() -> Session:
    table = Table(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1940, Season.SPRING),
                          {"axis": "Axis player", "allied": "Allied player"},
                          "France about to fall, Summer 1940"))
    session = table
    session.set_value("france", "german_first_hex", {"year": 1940, "season": 1})
    session.set_value("france", "ground_factors", 14)
    table.end_turn()  # Spring 1940 ends: Germany is in France
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
    return table.session


def britain_under_pressure() -> Session:
    table = Table(Session.new(Edition.ORIGINAL, Scenario.EUROPEAN, Turn(1941, Season.FALL),
                              {"axis": "", "allied": ""}, "Britain under pressure, Fall 1941"))
    session = table
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
    # Begun late: France surrendered in Summer 1940, set on its Carried values panel.
    table.carried("france", surrendered=True, surrender_level=-1)
    return table.session


def election_1945() -> Session:
    table = Table(Session.new(Edition.UPDATED, Scenario.GLOBAL_WAR, Turn(1944, Season.SPRING),
                              {"axis": "", "allied": ""}, "The 1945 YSS election"))
    session = table
    # Four turns of record before the election, with Germany and Japan weakening.
    for dp, firestorms, objectives in ((6, 1, 6), (5, 2, 5), (4, 3, 4), (3, 3, 4)):
        session.set_value("germany", "dp_level", dp)
        session.set_value("germany", "firestorms", firestorms)
        session.set_value("japan", "pacific_objectives", objectives)
        table.end_turn()
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
    table.carried("japan", war_turn={"season": "winter", "year": 1941}, us_war_turn={"season": "winter", "year": 1941},
                  cumulative_total=6, max_island_groups=9)
    return table.session


def europa_balkan_summer() -> object:
    """A Europa campaign, Jun II 1943 to Aug II 1943, played through the Europa window's own holder of the game (each
    step recorded as the window records it): German aid, city points, real cards drawn into paper envelopes (no
    passphrase to know), Italy's envelope opened and its surrender rolled, a defection condition met in Rumania."""
    from fractions import Fraction

    from awaw_desktop.core.europa import actions, actions_aid, actions_cities, actions_roster, actions_surrender
    from awaw_desktop.core.europa.calendar import EuropaTurn
    from awaw_desktop.core.europa.roster import RosterEntry
    from awaw_desktop.ui.europa.holder import EuropaGameHolder

    holder = EuropaGameHolder(actions.new_game(EuropaTurn.parse("Jun II 43"), "Balkan summer, 1943 (Europa)",
                                               "Axis player", "Allied player"))
    play = holder.apply
    for name in ("Italy", "Rumania", "Finland", "Hungary", "Bulgaria"):
        play(f"Add {name}", lambda game, name=name: actions.add_nation(game, name))
    play("Draw Italy's card (paper envelope)", lambda game: actions.draw_paper_envelope(game, "Italy"))
    play("Draw Rumania's card (paper envelope)", lambda game: actions.draw_paper_envelope(game, "Rumania"))
    play("Italy's special replacement rate", lambda game: actions.set_special_rate(game, "Italy", 50))
    for unit in (RosterEntry("Rome garrison", Fraction(2), capital=True, major_city=True),
                 RosterEntry("Ariete", Fraction(2), armour=True, motorized=True),
                 RosterEntry("XXII Corps", Fraction(3, 2), where="possession"),
                 RosterEntry("26th Panzer", Fraction(2), force="german", armour=True)):
        play(f"Add {unit.label} to Italy's roster",
             lambda game, unit=unit: actions_roster.add_unit(game, "Italy", unit))
    play("German armour RPs", lambda game: actions_aid.record_german_rps(game, 12))
    play("German aid to Rumania", lambda game: actions_aid.ship_german_aid(game, "Rumania", 4))
    play("German aid to Finland", lambda game: actions_aid.ship_german_aid(game, "Finland", 3, "sea"))
    for name, country, kind, island, side in (("Tirana", "Albania", "city", False, "axis"),
                                              ("Sofia", "Bulgaria", "city", False, "axis"),
                                              ("Athens", "Greece", "city", False, "axis"),
                                              ("Nis", "Yugoslavia", "town", False, "allied")):
        play(f"Add {name}",
             lambda game, args=(name, country, kind, island, side): actions_cities.add_place(game, *args))
    play("End turn", lambda game: actions.end_turn(game)[0])
    play("Open Italy's envelope", lambda game: actions.open_envelope(game, "Italy")[0])
    play("Italy's surrender condition", lambda game: actions.set_surrender_condition(
        game, "Italy", "Allied units hold Sicily and a hex of the mainland"))
    play("Italy's condition met", lambda game: actions.set_condition_met(game, "Italy", True))
    for _ in range(2):
        play("End turn", lambda game: actions.end_turn(game)[0])
        play("Italy's surrender roll", lambda game: actions.record_surrender_roll(game, "Italy", 3, "Italy fights on"))
    play("Rumania's defection condition", lambda game: actions_surrender.set_condition_text(
        game, "Rumania", "defection", "Soviet units inside Rumania"))
    play("Rumania's condition met", lambda game: actions_surrender.record_condition(game, "Rumania", "defection",
                                                                                      True))
    play("End turn", lambda game: actions.end_turn(game)[0])
    return holder.game


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
    from awaw_desktop.core.europa.family import KEY as EUROPA
    from awaw_desktop.core.files import gamefile

    # In a folder of its own: the A World at War tools and checks read the examples folder's own files.
    (EXAMPLES / "europa").mkdir(exist_ok=True)
    path = EXAMPLES / "europa" / f"europa-balkan-summer-1943{sessionfile.SESSION_SUFFIX}"
    game = europa_balkan_summer()
    gamefile.save(EUROPA, game, path)
    for backup in path.parent.glob(f"{path.name}.*.bak"):   # the examples ship without backups
        backup.unlink()
    print(path.relative_to(ROOT), game.turn)   # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    sys.exit(main())
