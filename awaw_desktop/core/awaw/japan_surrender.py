"""What a Japanese surrender means (57.2-57.7, 57.91), and in a European scenario the surrender date
(57.81) and the U.S. redeployment from the Pacific that follows it (57.82).
"""

from __future__ import annotations

from ..frozen import Frozen
from ..lines import RulesInputError
from .common import LAST_YEAR, Consequence, GameContext, Scenario, Season, Turn, require_range

#: 57.81: in a European scenario Japan is taken to surrender in Spring 1946 at the latest.
EUROPEAN_SURRENDER_TURN = Turn(1946, Season.SPRING)


def european_surrender_turn(atomic_bombs: int) -> Turn:
    """57.81: in a European scenario Japan surrenders in Spring 1946, one turn earlier for
    each atomic bomb used against Japan by then (1: Winter 1945, 2: Fall 1945 ...)."""
    require_range("atomic_bombs", atomic_bombs, 0, 40)
    return Turn.from_number(EUROPEAN_SURRENDER_TURN.number - atomic_bombs)


# --------------------------------------------------------------------------- 57.82 redeployment

class Redeployment(Frozen):
    """U.S. units that may move from the Pacific U.S. box to the Atlantic U.S. box (57.82),
    if present in the Pacific."""

    aaf: int
    marine_units: int
    infantry_units: int
    carriers: int
    battleships: int
    destroyer_factors: int

    def times(self, factor: int) -> Redeployment:
        return Redeployment(self.aaf * factor, self.marine_units * factor, self.infantry_units * factor,
                            self.carriers * factor, self.battleships * factor, self.destroyer_factors * factor)

    @property
    def text(self) -> str:
        return (f"{self.aaf} AAF, {self.marine_units} marine units, {self.infantry_units} 3-4 infantry units, "
                f"{self.carriers} CVs with their naval air, {self.battleships} 4-factor battleships and "
                f"{self.destroyer_factors} destroyer factors")


#: 57.82: what may move in each of the three Allied player turns after the surrender.
#: Reading: the per-turn line names 1-3 marines and the total line 1-2 marines; the count (two
#: a turn, six in all) agrees, so we give the count and leave the unit type to the map.
REDEPLOYMENT_PER_TURN = Redeployment(aaf=10, marine_units=2, infantry_units=3, carriers=3,
                                     battleships=2, destroyer_factors=3)
REDEPLOYMENT_TURNS = 3


class RedeploymentStep(Frozen):
    """One Allied player turn of the 57.82 redeployment."""

    turn: Turn
    index: int                   # 1, 2 or 3
    allowance: Redeployment      # what may move this turn
    total: Redeployment          # what may have moved by the end of this turn


def redeployment_schedule(surrender_turn: Turn) -> tuple[RedeploymentStep, ...]:
    """The three Allied player turns after Japan's surrender and what may move in each (57.82);
    turns past the game calendar (Winter 1950) are left out."""
    if not isinstance(surrender_turn, Turn):
        raise RulesInputError(f"surrender_turn: expected a Turn, got {surrender_turn!r}")
    last = Turn(LAST_YEAR, Season.WINTER).number
    return tuple(
        RedeploymentStep(Turn.from_number(surrender_turn.number + index), index,
                         REDEPLOYMENT_PER_TURN, REDEPLOYMENT_PER_TURN.times(index))
        for index in range(1, REDEPLOYMENT_TURNS + 1)
        if surrender_turn.number + index <= last
    )


def redeployment_for(surrender_turn: Turn, turn: Turn) -> RedeploymentStep | None:
    """The redeployment step of ``turn`` (None outside the three turns after the surrender)."""
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a Turn, got {turn!r}")
    if not isinstance(surrender_turn, Turn):
        raise RulesInputError(f"surrender_turn: expected a Turn, got {surrender_turn!r}")
    index = turn.turns_since(surrender_turn)
    if not 1 <= index <= REDEPLOYMENT_TURNS:
        return None
    return RedeploymentStep(turn, index, REDEPLOYMENT_PER_TURN, REDEPLOYMENT_PER_TURN.times(index))


def surrender_consequences(game: GameContext) -> tuple[Consequence, ...]:
    """What a Japanese surrender means (57.2-57.7, 57.91), in the scenario being played."""
    consequences: list[Consequence] = [Consequence("57.11", "The war in the Pacific ends.")]
    if game.scenario is Scenario.PACIFIC:
        consequences.append(Consequence("57.91", "In a Pacific scenario the game ends."))
    elif game.scenario is Scenario.GLOBAL_WAR:
        consequences.append(Consequence("57.21", "Germany and Italy fight on."))
        consequences.append(Consequence("57.22", "The European U.S. election gains +10 (62.31), which also "
                                                 "affects USAT increases after a poor European result."))
    consequences += [
        Consequence("57.31", "Every Japanese unit is removed, Wang and Indian National Army units included."),
        Consequence("57.41", "Japanese-held hexes belong to no one until a major power occupies them; "
                             "Japanese-held Siberian hexes go back to Russia at once."),
        Consequence("57.51", "Thailand surrenders and its units are removed."),
        Consequence("57.61", "Japan's conquests and colonies, Manchuria included, belong to no one until a "
                             "major power occupies them (Siberian hexes go back to Russia)."),
        Consequence("57.71", "Japan itself gives the conquering powers no BRPs."),
    ]
    return tuple(consequences)
