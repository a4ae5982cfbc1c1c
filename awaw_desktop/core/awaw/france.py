"""French surrender: when France surrenders (58.1), the French surrender level (58.2), Vichy France
(58.3) and what happens to the hexes (58.4).

The colonies, the Free French and Vichy forces, the fleet and the BRPs (58.5-58.7) are worked out by
the wizard procedures in :mod:`france_surrender`.

Readings we chose where the text is unclear are given on the lines (``reading=``) and in
``resources/readings/france.md``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..frozen import Frozen, replace
from ..lines import (
    Choice,
    Context,
    Count,
    Derived,
    FieldSpec,
    Flag,
    Group,
    Line,
    LineResult,
    Offset,
    Option,
    PerN,
    RulesInputError,
    TableResult,
    evaluate,
)
from .common import (
    FIRST_YEAR,
    LAST_YEAR,
    Consequence,
    Edition,
    GameContext,
    PowerResult,
    Question,
    Scenario,
    Season,
    Status,
    Turn,
    TurnOutcome,
)
from .levels import signed

KEY = "france"
TITLE = "France"

#: 58.22: the French surrender level never goes beyond +/-3.
MAX_LEVEL = 3
#: 58.21C: the historical French fleet the fleet modifier counts from.
HISTORICAL_FLEET = 42
#: 58.11B: the first turn France may surrender of its own accord.
FIRST_VOLUNTARY_TURN = Turn(1940, Season.FALL)

VICHY_QUESTION_ID = "france_vichy"


# --------------------------------------------------------------------------------------------------
# Small pure helpers (used by the lines, by assess and by the wizard)
# --------------------------------------------------------------------------------------------------

def clamp_level(raw_total: int) -> int:
    """58.22: a French surrender level beyond +/-3 counts as +/-3 for all purposes."""
    if isinstance(raw_total, bool) or not isinstance(raw_total, int):
        raise RulesInputError(f"raw_total: expected a whole number, got {raw_total!r}")
    return max(-MAX_LEVEL, min(MAX_LEVEL, raw_total))


def counted_fleet_factors(full: int, half: int) -> int:
    """58.21C: factors counted for the fleet modifier.

    ``full``: factors of undamaged, completed ships; ``half``: factors of damaged ships and of ships on
    the "2" or "Launch" row of a French shipyard, counted two for one with a remnant dropped.  Ships on
    the "3" row or higher are not entered at all."""
    for name, value in (("full", full), ("half", half)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RulesInputError(f"{name}: expected a whole number of naval factors, 0 or more, got {value!r}")
    return full + half // 2


def fleet_modifier(edition: Edition, counted_factors: int) -> int:
    """58.21C: the fleet modifier for the counted naval factors.

    Original: +1 for every five factors below 42 (38+: 0, 33-37: +1, 28-32: +2 ... with no limit).
    Updated (and classic): +/-1 per five factors away from 42, at most +/-3 (27 or less: +3 -- NOTES.md
    reads the text's "less than 27" as including 27 --, 28-32: +2, 33-37: +1, 38-46: 0, 47-51: -1,
    52-56: -2, 57+: -3)."""
    if isinstance(counted_factors, bool) or not isinstance(counted_factors, int) or counted_factors < 0:
        raise RulesInputError(f"counted_factors: expected a whole number, 0 or more, got {counted_factors!r}")
    below = max(0, HISTORICAL_FLEET - counted_factors) // 5
    if edition is Edition.ORIGINAL:
        return below
    above = max(0, counted_factors - HISTORICAL_FLEET) // 5
    return min(MAX_LEVEL, below) - min(MAX_LEVEL, above)


def season_modifier(surrender_turn: Turn) -> int:
    """58.21D (original) and the classic sidebar to 58.21E: Spring 1940 or earlier +2, Summer 1940 0,
    Fall 1940 -2, Winter 1940 or later -4."""
    delta = surrender_turn.number - Turn(1940, Season.SUMMER).number
    if delta < 0:
        return 2
    return {0: 0, 1: -2}.get(delta, -4)


def clock_modifier(turns_since_first_german_hex: int) -> int:
    """58.21E (updated): the turn Germany first controls a hex in France +2, the next turn 0, two turns
    after -2, three or more turns after -4."""
    if isinstance(turns_since_first_german_hex, bool) or not isinstance(turns_since_first_german_hex, int):
        raise RulesInputError("turns_since_first_german_hex: expected a whole number, "
                              f"got {turns_since_first_german_hex!r}")
    if turns_since_first_german_hex < 0:
        raise RulesInputError("turns_since_first_german_hex: the surrender cannot come before Germany first "
                              f"controls a hex in France (got {turns_since_first_german_hex})")
    return {0: 2, 1: 0, 2: -2}.get(turns_since_first_german_hex, -4)


def turn_modifier(edition: Edition, surrender_turn: Turn, german_first_hex_turn: Turn | None = None) -> int:
    """The turn-of-surrender modifier of an edition (58.21D original, 58.21E updated and classic).

    Updated: with no turn recorded for Germany's first hex in France, the surrender turn itself counts
    as that turn (+2): at the surrender the hexes of France pass to the Axis (58.41)."""
    if edition is Edition.UPDATED:
        first = surrender_turn if german_first_hex_turn is None else german_first_hex_turn
        return clock_modifier(surrender_turn.turns_since(first))
    return season_modifier(surrender_turn)


def may_surrender_voluntarily(turn: Turn) -> tuple[bool, str]:
    """58.11B: France may surrender of its own accord only from Fall 1940 on."""
    if not isinstance(turn, Turn):
        raise RulesInputError(f"turn: expected a game turn, got {turn!r}")
    if turn.number >= FIRST_VOLUNTARY_TURN.number:  # Turn's own ordering sorts seasons by name
        return True, f"58.11B: France may choose to surrender in {turn.title} (allowed from Fall 1940 on)."
    return False, f"58.11B: France may not choose to surrender before Fall 1940 (it is {turn.title})."


def vichy_allowed(us_at_war_with_germany: bool) -> tuple[bool, str]:
    """58.31: the Axis may set up Vichy France, except when France surrenders after the U.S. and
    Germany are at war."""
    if not isinstance(us_at_war_with_germany, bool):
        raise RulesInputError(f"us_at_war_with_germany: expected true or false, got {us_at_war_with_germany!r}")
    if us_at_war_with_germany:
        return False, ("58.31: Vichy France cannot be set up: France surrenders after the U.S. and Germany "
                       "are at war.")
    return True, "58.31: the Axis player may choose whether to set up Vichy France."


def hex_consequences(vichy: bool, us_at_war_with_germany: bool, edition: Edition = Edition.UPDATED
                     ) -> tuple[Consequence, ...]:
    """What happens to the hexes, units, minor countries and conquests in and around France (58.3-58.52)."""
    if not isinstance(vichy, bool):
        raise RulesInputError(f"vichy: expected true or false, got {vichy!r}")
    allowed, reason = vichy_allowed(us_at_war_with_germany)
    if vichy and not allowed:
        raise RulesInputError(f"vichy: {reason}")
    out: list[Consequence] = []
    if vichy:
        out.append(Consequence("58.31A", "Southern France and Corsica become Vichy France, a neutral minor "
                                         "country worth 20 BRPs plus its colonies."))
    elif allowed:
        out.append(Consequence("58.31B", "No Vichy France: the Axis take every hex of France and Corsica and the "
                                         "20 Vichy BRPs, but not the colonies that would have been Vichy."))
    if us_at_war_with_germany:
        out.append(Consequence("58.411", "With the U.S. at war with Germany, every French-held hex in France and "
                                         "Corsica goes to Britain; other Western Allied units and airbases may "
                                         "stay in France."))
    else:
        out.append(Consequence("58.41", "Every hex of France outside Vichy France goes to the Axis. Other Allied "
                                        "ground units and airbases left in France are eliminated; other Allied "
                                        "air and naval units move to British-held bases."))
    if vichy:
        out.append(Consequence("58.42", "Axis units in Vichy territory must leave by the end of the next Axis "
                                        "player turn or be eliminated, and may not attack from there; no more "
                                        "Axis units may enter unless the Axis declare war on Vichy France."))
        out.append(Consequence("58.43", "Allied units in Vichy France or Vichy colonies at the end of this "
                                        "Allied player turn are eliminated."))
    if edition is Edition.UPDATED:
        out.append(Consequence("58.51", "French minor allies, associated minor countries and economic interests "
                                        "become British (58.521)."))
    else:
        out.append(Consequence("58.51", "French minor allies and associated minor countries become British."))
    out.append(Consequence("58.52", "French conquests and other French-held hexes go to the Axis unless a British "
                                    "ground unit holds them or they are supplied from, and nearer to, a Free French "
                                    "colony."))
    return tuple(out)


# --------------------------------------------------------------------------------------------------
# The lines of 58.21
# --------------------------------------------------------------------------------------------------

class DefaultedGroup(Group):
    """A :class:`Group` whose empty value is not all zeros (the French fleet starts at 42 factors,
    the value that gives no modifier)."""

    defaults: tuple[tuple[str, int], ...] = ()

    def default(self) -> dict[str, int]:
        values = super().default()
        values.update(dict(self.defaults))
        return values


PARIS = Flag(
    id="paris_axis", rule="58.21A", label="Axis control Paris", value=2,
    help="+2 while the Axis hold Paris. Axis control of Paris also makes France surrender now (58.11A).",
)
LYON_MARSEILLES = Choice(
    id="lyon_marseilles_axis", rule="58.21A", label="Axis-held Lyon / Marseilles", each=1,
    help="+1 for each of Lyon and Marseilles the Axis hold.",
    options=(Option("lyon", "Lyon"), Option("marseilles", "Marseilles")),
)
FRENCH_OBJECTIVES = Count(
    id="french_objectives", rule="58.21A", label="Other European objectives France holds", each=-1, maximum=20,
    unit="objectives",
    help="-1 for each European objective in French hands other than Lyon and Marseilles (count Paris here "
         "while France still holds it).",
    reading="58.21A: 'other than Lyon and Marseilles' leaves Paris in the count, so a French-held Paris "
            "(a voluntary surrender) gives -1.",
)
GROUND_FACTORS = PerN(
    id="ground_factors", rule="58.21B", label="French ground factors in France", each=-1, n=10, maximum=400,
    unit="factors",
    help="-1 for every full ten French ground factors in France after the Allied combat phase, once units "
         "eliminated for isolation are removed; air units do not count.",
)


def _fleet_explain(edition: Edition) -> Any:
    def explain(values: Mapping[str, int]) -> str:
        counted = counted_fleet_factors(values["full"], values["half"])
        return f"{counted} factors counted"
    return explain


def _fleet_line(edition: Edition) -> DefaultedGroup:
    if edition is Edition.ORIGINAL:
        help_text = ("+1 for every five factors the French fleet is below 42 (38 or more: none). Damaged ships "
                     "and ships on the '2' or 'Launch' shipyard rows count half; leave out ships on row '3' or "
                     "higher. Starts at 42: enter the actual fleet.")
    else:
        help_text = ("+/-1 for every five factors the French fleet is away from 42, at most +/-3 (38-46: none). "
                     "Damaged ships and ships on the '2' or 'Launch' shipyard rows count half; leave out ships "
                     "on row '3' or higher. Starts at 42: enter the actual fleet.")
    return DefaultedGroup(
        id="fleet", rule="58.21C", label="French fleet (naval factors)", help=help_text,
        reading="" if edition is Edition.ORIGINAL else
        "58.21C: the table says 'less than 27: +3; 28-32: +2'; 27 itself is read as +3 (the general readings).",
        fields=(FieldSpec("full", "Full-strength factors", 0, 300,
                          help="Factors of completed, undamaged French ships."),
                FieldSpec("half", "Half-strength factors", 0, 300,
                          help="Factors of damaged ships and of ships on the '2' or 'Launch' shipyard rows.")),
        score=lambda values: fleet_modifier(edition, counted_fleet_factors(values["full"], values["half"])),
        explain=_fleet_explain(edition),
        defaults=(("full", HISTORICAL_FLEET), ("half", 0)),
    )


FLEET_ORIGINAL = _fleet_line(Edition.ORIGINAL)
FLEET_UPDATED = _fleet_line(Edition.UPDATED)

BATTLESHIP_RESEARCH = Offset(
    id="battleship_research", rule="58.21D", label="French battleship design results (Gathering Storm)",
    help="Results the Allies achieved: none +1, one 0, two -1.",
    pivot=1, below_each=1, above_each=-1, maximum=2, unit="results",
)


def _season_line(context: Context) -> tuple[int, str]:
    turn = context.get("turn")
    if not isinstance(turn, Turn):
        return 0, "no game turn"
    return season_modifier(turn), f"surrender in {turn.title}"


def _clock_line(context: Context) -> tuple[int, str]:
    turn = context.get("turn")
    if not isinstance(turn, Turn):
        return 0, "no game turn"
    first = context.get("german_first_hex_turn")
    if not isinstance(first, Turn):
        return 2, "no German-held hex in France recorded: counted as this turn"
    since = turn.turns_since(first)
    return clock_modifier(since), f"Germany's first hex in France {first.title}: {since} turn(s) ago"


TURN_BY_SEASON = Derived(
    id="turn_of_surrender", rule="58.21D", label="Turn of surrender",
    help="From the game turn: Spring 1940 or earlier +2, Summer 1940 0, Fall 1940 -2, Winter 1940 or later -4.",
    compute=_season_line,
)
TURN_BY_SEASON_CLASSIC = Derived(
    id="turn_of_surrender", rule="58.21E", label="Turn of surrender",
    help="Classic: from the game turn: Spring 1940 or earlier +2, Summer 1940 0, Fall 1940 -2, "
         "Winter 1940 or later -4.",
    compute=_season_line,
)
GERMAN_FIRST_HEX = Group(
    id="german_first_hex", rule="58.21E", label="Germany's first hex in France",
    help="The turn Germany first took control of any hex in France (season 1 = Spring ... 4 = Winter). "
         "Leave the year at 0 while Germany has none; once recorded it is filled in for you.",
    reading="58.21E: with no German-held hex recorded when France surrenders, the surrender turn counts as "
            "the first (+2), since the surrender hands France's hexes to the Axis (58.41).",
    fields=(FieldSpec("year", "Year (0 = not yet)", 0, 1950), FieldSpec("season", "Season (1-4)", 1, 4)),
    score=lambda values: 0,
    check=lambda values: None if values["year"] == 0 or FIRST_YEAR <= values["year"] <= LAST_YEAR
    else f"{values['year']} is not a game year; enter {FIRST_YEAR}-{LAST_YEAR}, or 0 while Germany holds no hex "
         "in France",
    explain=lambda values: "not yet" if values["year"] == 0 else
    f"{list(Season)[values['season'] - 1].title} {values['year']}",
)
TURN_BY_CLOCK = Derived(
    id="turn_of_surrender", rule="58.21E", label="Turn of surrender",
    help="Counted from Germany's first hex in France: that turn +2, the next 0, the one after -2, "
         "later -4.",
    compute=_clock_line,
)
DPS = Group(
    id="dps", rule="58.21E", label="DPs placed in France",
    help="Axis DPs add, Western Allied DPs subtract, each as left after covert operations (47.21C).",
    fields=(FieldSpec("axis", "Axis DPs", 0, 50), FieldSpec("allied", "Western Allied DPs", 0, 50)),
    score=lambda values: values["axis"] - values["allied"],
    explain=lambda values: f"{values['axis']} Axis, {values['allied']} Allied" if values["axis"] or values["allied"]
    else "",
)
DPS_UPDATED = Group(
    id=DPS.id, rule="58.21F", label=DPS.label, help=DPS.help, fields=DPS.fields, score=DPS.score,
    explain=DPS.explain,
)
ANGLO_FRENCH = Flag(
    id="anglo_french_cooperation", rule="58.21F", label="Anglo-French cooperation 7+ result", value=-1,
    help="-1 if the Western Allies achieved a '7+' Anglo-French cooperation research result.",
)
ANGLO_FRENCH_UPDATED = Flag(
    id=ANGLO_FRENCH.id, rule="58.21G", label=ANGLO_FRENCH.label, value=-1, help=ANGLO_FRENCH.help,
)
# Inputs that give no points but decide what happens (58.11B, 58.31).
VOLUNTARY = Flag(
    id="voluntary_surrender", rule="58.11B", label="France chooses to surrender", value=0,
    help="Tick if France surrenders of its own accord this turn (allowed from Fall 1940 on).",
)
US_AT_WAR = Flag(
    id="us_at_war_with_germany", rule="58.31", label="U.S. at war with Germany", value=0,
    help="If the U.S. and Germany are at war when France surrenders, there is no Vichy France and French-held "
         "hexes in France go to Britain (58.411).",
)


def lines(edition: Edition, scenario: Scenario) -> tuple[Line, ...]:
    """The 58.21 modifiers of an edition, then the two conditions of 58.11B and 58.31.

    Original: A territory, B ground units, C fleet (uncapped), D turn by season, E DPs, F Anglo-French.
    Updated: C fleet capped at +/-3, D battleship research, E turn counted from Germany's first hex in France,
    F DPs, G Anglo-French.  Classic: as updated without D and with the turn by season."""
    territory: tuple[Line, ...] = (PARIS, LYON_MARSEILLES, FRENCH_OBJECTIVES, GROUND_FACTORS)
    conditions: tuple[Line, ...] = (VOLUNTARY, US_AT_WAR)
    if edition is Edition.ORIGINAL:
        return (*territory, FLEET_ORIGINAL, TURN_BY_SEASON, DPS, ANGLO_FRENCH, *conditions)
    if edition is Edition.CLASSIC:
        return (*territory, FLEET_UPDATED, TURN_BY_SEASON_CLASSIC, DPS_UPDATED, ANGLO_FRENCH_UPDATED, *conditions)
    return (*territory, FLEET_UPDATED, BATTLESHIP_RESEARCH, GERMAN_FIRST_HEX, TURN_BY_CLOCK, DPS_UPDATED,
            ANGLO_FRENCH_UPDATED, *conditions)


# --------------------------------------------------------------------------------------------------
# Carry, context and assessment
# --------------------------------------------------------------------------------------------------

def initial_carry() -> dict[str, Any]:
    return {"surrendered": False, "surrender_turn": None, "surrender_level": None, "vichy": None,
            "german_first_hex_turn": None}


def turn_from_json(data: Any, name: str = "turn") -> Turn | None:
    """A carried turn (``{"season": ..., "year": ...}``) back as a :class:`Turn`; None stays None."""
    if data is None:
        return None
    if isinstance(data, Turn):
        return data
    if isinstance(data, str):
        return Turn.parse(data)
    if not isinstance(data, Mapping) or "year" not in data or "season" not in data:
        raise RulesInputError(f"{name}: expected a season and a year, got {data!r}")
    try:
        return Turn(data["year"], Season(data["season"]))
    except ValueError as error:
        raise RulesInputError(f"{name}: not a turn: {data!r}") from error


def entered_first_hex_turn(inputs: Mapping[str, Any]) -> Turn | None:
    """The turn entered on the ``german_first_hex`` line, or None when the year is 0 or it is not entered."""
    raw = inputs.get(GERMAN_FIRST_HEX.id)
    if raw is None:
        return None
    values = GERMAN_FIRST_HEX.validate(raw)
    if values["year"] == 0:
        return None
    if values["year"] < 1936:
        raise RulesInputError(f"{GERMAN_FIRST_HEX.label} (german_first_hex.year): {values['year']} is not a game "
                              "year; enter 1936-1950, or 0 while Germany holds no hex in France")
    return Turn(values["year"], list(Season)[values["season"] - 1])


def first_german_hex_turn(inputs: Mapping[str, Any], game: GameContext) -> Turn | None:
    """The turn Germany first controlled a hex in France: entered on the line if given, else carried."""
    turn = entered_first_hex_turn(inputs)
    if turn is None:
        turn = turn_from_json(game.carried(KEY, "german_first_hex_turn"), "german_first_hex_turn")
    if turn is not None and turn.number > game.turn.number:
        raise RulesInputError(f"german_first_hex: {turn.title} is after the current turn ({game.turn.title})")
    return turn


def prefill(game: GameContext) -> dict[str, Any]:
    """Values the UI may put in empty fields: the carried first German hex (updated edition) and the fleet
    at its no-modifier start value."""
    values: dict[str, Any] = {"fleet": {"full": HISTORICAL_FLEET, "half": 0}}
    if game.edition is Edition.UPDATED:
        first = turn_from_json(game.carried(KEY, "german_first_hex_turn"), "german_first_hex_turn")
        values[GERMAN_FIRST_HEX.id] = ({"year": 0, "season": 1} if first is None else
                                       {"year": first.year, "season": first.season.index + 1})
    return values


def level_context(inputs: Mapping[str, Any], game: GameContext) -> Context:
    return Context({"turn": game.turn, "german_first_hex_turn": first_german_hex_turn(inputs, game)})


def evaluate_level(inputs: Mapping[str, Any], game: GameContext) -> TableResult:
    """The 58.21 table for the entered values (raw sum and breakdown)."""
    return evaluate(lines(game.edition, game.scenario), inputs, level_context(inputs, game))


class SurrenderCheck(Frozen):
    """58.11: whether France surrenders at the end of this Allied player turn, and why."""

    surrenders: bool
    reason: str          # "paris", "voluntary" or "" when France fights on
    text: str


def surrender_check(paris_axis: bool, voluntary: bool, turn: Turn) -> SurrenderCheck:
    """58.11: France surrenders if the Axis hold Paris (A) or it chooses to from Fall 1940 on (B)."""
    for name, value in (("paris_axis", paris_axis), ("voluntary_surrender", voluntary)):
        if not isinstance(value, bool):
            raise RulesInputError(f"{name}: expected true or false, got {value!r}")
    if paris_axis:
        return SurrenderCheck(True, "paris", "France surrenders: the Axis hold Paris (58.11A).")
    if voluntary:
        allowed, why = may_surrender_voluntarily(turn)
        if allowed:
            return SurrenderCheck(True, "voluntary", "France chooses to surrender (58.11B).")
        return SurrenderCheck(False, "", why)
    return SurrenderCheck(False, "", "France fights on while it holds Paris (58.11).")


def assess(inputs: Mapping[str, Any], game: GameContext) -> PowerResult:
    surrendered = bool(game.carried(KEY, "surrendered"))
    when = turn_from_json(game.carried(KEY, "surrender_turn"), "surrender_turn") if surrendered else None
    # Once France has surrendered its table stands as at the surrender: the turn-of-surrender line (58.21D/E)
    # counts the turn it fell, not the turn shown now.
    table = evaluate_level(inputs, game if when is None else replace(game, turn=when))
    raw = table.total
    level = clamp_level(raw)
    values = {item.id: item.value for item in table.breakdown}
    first = first_german_hex_turn(inputs, game)
    figures: dict[str, Any] = {"level": level, "raw_total": raw, "surrenders_now": False,
                               "german_first_hex_turn": None if first is None else first.to_json()}
    if game.scenario is Scenario.PACIFIC:
        return PowerResult(KEY, TITLE, raw, level, Status.NOT_APPLICABLE,
                           "France is not in a Pacific scenario.", table.breakdown, figures=figures)
    if surrendered:
        carried_level = game.carried(KEY, "surrender_level")
        level = level if carried_level is None else int(carried_level)
        vichy = game.carried(KEY, "vichy")
        vichy_text = {True: "with Vichy France", False: "without Vichy France"}.get(vichy, "")
        at = "with its surrender level not entered (58.22)" if carried_level is None else f"at level {signed(level)}"
        text = f"France surrendered{' in ' + when.title if when else ''} {at}"
        text += f", {vichy_text}." if vichy_text else "."
        figures["level"] = level
        figures["closed"] = (f"France has surrendered{' in ' + when.title if when else ''}: its level is the one "
                             "recorded then (58.22) and its own lines no longer count; Turn > Go back undoes the "
                             "surrender.")
        breakdown = tuple(_first_hex_as_recorded(item, game) for item in table.breakdown)
        return PowerResult(KEY, TITLE, raw, level, Status.SURRENDERED, text, breakdown, figures=figures)
    check = surrender_check(values[PARIS.id], values[VOLUNTARY.id], game.turn)
    clamp_note = "" if raw == level else f" (raw {signed(raw)}, held at {signed(level)})"
    if not check.surrenders:
        verdict = f"France fights on; if it fell now its surrender level would be {signed(level)}{clamp_note}."
        if values[VOLUNTARY.id]:
            verdict = f"France may not choose to surrender before Fall 1940; it fights on (level {signed(level)})."
        return PowerResult(KEY, TITLE, raw, level, Status.NO_EFFECT, verdict, table.breakdown,
                           (Consequence("58.11", check.text),), figures)
    figures["surrenders_now"] = True
    figures["reason"] = check.reason
    verdict = (f"France surrenders ({'Paris in Axis hands' if check.reason == 'paris' else 'by its own choice'}); "
               f"surrender level {signed(level)}{clamp_note}.")
    return PowerResult(KEY, TITLE, raw, level, Status.SURRENDERS, verdict, table.breakdown,
                       surrender_consequences(level, values[US_AT_WAR.id], raw, check), figures)


def _first_hex_as_recorded(item: LineResult, game: GameContext) -> LineResult:
    """Germany's first hex in France as the end of turn recorded it (58.21E: the surrender turn when none was
    entered), where the line itself was left at "not yet"."""
    recorded = turn_from_json(game.carried(KEY, "german_first_hex_turn"), "german_first_hex_turn")
    if item.id != GERMAN_FIRST_HEX.id or recorded is None or item.note != "not yet":
        return item
    return replace(item, note=f"{recorded.title} (recorded)")


def surrender_consequences(level: int, us_at_war_with_germany: bool, raw: int | None = None,
                           check: SurrenderCheck | None = None) -> tuple[Consequence, ...]:
    """What the players do next when France surrenders at ``level`` (before the Vichy choice)."""
    out: list[Consequence] = []
    if check is not None:
        out.append(Consequence("58.11", check.text))
    if raw is not None and raw != level:
        out.append(Consequence("58.22", f"The raw total {signed(raw)} counts as {signed(level)}."))
    out.append(Consequence("58.12", "The French player turn ends after the Allied post-combat adjustments: no "
                                    "French units may be built or redeployed."))
    allowed, reason = vichy_allowed(us_at_war_with_germany)
    out.append(Consequence("58.31", reason.removeprefix("58.31: ")))   # the rule shows once, beside the text
    if us_at_war_with_germany:
        out.append(Consequence("58.411", "French-held hexes in France and Corsica go to Britain."))
    else:
        out.append(Consequence("58.41", "Every hex of France outside Vichy France goes to the Axis."))
    out.append(Consequence("58.531", f"One die for Lebanon-Syria and one for French North Africa, each modified "
                                     f"by {signed(level)}{' and +3 if Vichy France is set up' if allowed else ''}."))
    out.append(Consequence("58.611", "The Allied player picks the Free French forces first, then the Axis player "
                                     "the Vichy forces."))
    return tuple(out)


def vichy_question(level: int) -> Question:
    return Question(
        id=VICHY_QUESTION_ID, rule="58.31",
        prompt=f"France surrenders at level {signed(level)}. Does the Axis player set up Vichy France?",
        options=(("establish", "Set up Vichy France"), ("decline", "No Vichy France: the Axis take all of France")),
        default="establish",
    )


def end_of_turn(inputs: Mapping[str, Any], game: GameContext, result: PowerResult,
                choices: Mapping[str, str]) -> TurnOutcome:
    """Records Germany's first hex in France when entered, and the surrender with the Vichy choice."""
    carry = {**initial_carry(), **dict(game.carry.get(KEY, {}))}
    first = first_german_hex_turn(inputs, game)
    if carry["german_first_hex_turn"] is None and first is not None:
        carry["german_first_hex_turn"] = first.to_json()
    if result.status is not Status.SURRENDERS:
        return TurnOutcome(carry)
    values = evaluate_level(inputs, game)
    us_at_war = bool(next(item.value for item in values.breakdown if item.id == US_AT_WAR.id))
    allowed, reason = vichy_allowed(us_at_war)
    questions: tuple[Question, ...] = ()
    if allowed:
        question = vichy_question(result.level)
        answer = choices.get(question.id, question.default)
        if answer not in {key for key, _ in question.options}:
            raise RulesInputError(f"{question.id}: {answer!r} is not one of establish, decline")
        vichy = answer == "establish"
        questions = (question,)
    else:
        vichy = False
    carry.update(surrendered=True, surrender_turn=game.turn.to_json(), surrender_level=result.level, vichy=vichy)
    if carry["german_first_hex_turn"] is None and not us_at_war:
        carry["german_first_hex_turn"] = game.turn.to_json()
    events = (Consequence("58.11", f"France surrenders in {game.turn.title} at level {signed(result.level)}."),
              Consequence("58.31", "Vichy France is set up." if vichy else
                          ("No Vichy France is set up." if allowed else reason)),
              *hex_consequences(vichy, us_at_war, game.edition))
    return TurnOutcome(carry, events, questions)
