"""What an election result puts into effect and how it is lifted: the theater results combined and applied
(62.41-62.42, 62.46, 62.8), the restrictions of each result level (62.42-62.44), the separate-peace tension
level (62.65) and the level in effect as tensions rise again (62.52).
"""

from __future__ import annotations

from ..frozen import Frozen
from ..lines import RulesInputError
from .common import Consequence, Scenario, require_range
from .election_table import Trigger
from .levels import signed

#: Worst result with restrictions short of a separate peace (62.41).
SEPARATE_PEACE_AT = -7
#: Tension level after a -7 separate peace (62.41, 62.65); four less per further level.
SEPARATE_PEACE_TENSION = 46
#: Four tension points are one election result level (62.52, 62.65).
TENSION_PER_LEVEL = 4


class Implementation(Frozen):
    """What an election puts into effect in each theater (62.41-62.42, 62.46, 62.8).

    ``europe_result`` / ``pacific_result``: the result implemented there (0 or less), or None when the
    war goes on there without election restrictions."""

    trigger: Trigger
    held: bool
    europe: int
    pacific: int
    combined: int | None
    europe_result: int | None
    pacific_result: int | None
    us_defeated: bool = False
    lifts_europe_restrictions: bool = False
    explanation: str = ""

    @property
    def separate_peace_europe(self) -> bool:
        return self.europe_result is not None and self.europe_result <= SEPARATE_PEACE_AT

    @property
    def separate_peace_pacific(self) -> bool:
        """After an atomic defeat the Pacific has a separate peace without a result of its own (62.82)."""
        return self.us_defeated or (self.pacific_result is not None and self.pacific_result <= SEPARATE_PEACE_AT)

    @property
    def adverse(self) -> bool:
        return self.europe_result is not None or self.pacific_result is not None


def combine(europe: int, pacific: int, trigger: Trigger | str, scenario: Scenario) -> Implementation:
    """Where the election result is implemented.

    1945 YSS: the theaters are added; 1 or more: no effect.  Otherwise (62.42B) if only one theater is 0
    or less the combined total is implemented there and the war goes on unrestricted in the other; if
    both are, each theater's own result is implemented in it.  European scenario: the Pacific result is 0
    and disregarded (62.46A); Pacific scenario: no election (62.46B).  Atomic attack: Europe only, all or
    nothing (62.81-62.83): -7 or worse is a separate peace in both theaters and a U.S. defeat; anything
    better has no effect and lifts existing European restrictions."""
    require_range("europe", europe, -999, 999)
    require_range("pacific", pacific, -999, 999)
    try:
        trigger = Trigger(trigger)
    except ValueError as error:
        raise RulesInputError(f"trigger: {trigger!r} is not one of {', '.join(t.value for t in Trigger)}") from error
    if not isinstance(scenario, Scenario):
        raise RulesInputError(f"scenario: expected a Scenario, got {scenario!r}")
    if trigger is Trigger.NONE:
        return Implementation(trigger, False, europe, pacific, None, None, None,
                              explanation="No U.S. election is held this turn (62.21).")
    if scenario is Scenario.PACIFIC:
        return Implementation(trigger, False, europe, pacific, None, None, None,
                              explanation="Pacific scenario: there is no U.S. election (62.46B).")
    if trigger is Trigger.ATOMIC:
        # 62.31, 62.81: only the European calculation is made; the Pacific sum plays no part.
        if europe <= SEPARATE_PEACE_AT:
            return Implementation(trigger, True, europe, 0, europe, europe, None, us_defeated=True,
                                  explanation=f"European result {signed(europe)}: the U.S. signs a separate peace with "
                                              "Germany and Japan and is defeated (62.82).")
        return Implementation(trigger, True, europe, 0, europe, None, None, lifts_europe_restrictions=True,
                              explanation=f"European result {signed(europe)}: the atomic attack fails to force a "
                                          "separate peace; every U.S. restriction in Europe is lifted (62.83).")
    if scenario is Scenario.EUROPEAN:
        if europe >= 1:
            return Implementation(trigger, True, europe, 0, europe, None, None,
                                  explanation=f"Result {signed(europe)}: U.S. policy is unchanged (62.42A).")
        return Implementation(trigger, True, europe, 0, europe, europe, None,
                              explanation=f"Result {signed(europe)} is implemented in Europe (European scenario: the "
                                          "Pacific is disregarded, 62.46A).")
    combined = europe + pacific
    if combined >= 1:
        return Implementation(trigger, True, europe, pacific, combined, None, None,
                              explanation=f"Combined result {signed(combined)}: U.S. policy is unchanged (62.42A).")
    if europe <= 0 and pacific <= 0:
        return Implementation(trigger, True, europe, pacific, combined, europe, pacific,
                              explanation=f"The Axis wins in both theaters: Europe {signed(europe)} and Pacific "
                                          f"{signed(pacific)}, each in its own theater (62.42B).")
    if europe <= 0:
        return Implementation(trigger, True, europe, pacific, combined, combined, None,
                              explanation=f"The Axis wins in Europe: the combined {signed(combined)} is implemented in "
                                          "Europe; the Pacific war goes on (62.42B).")
    return Implementation(trigger, True, europe, pacific, combined, None, combined,
                          explanation=f"The Axis wins in the Pacific: the combined {signed(combined)} is "
                                      "implemented in the Pacific; the European war goes on (62.42B).")


_RESULTS: dict[int, str] = {
    0: "The U.S. stops all offensive economic warfare (strategic and conventional bombing, submarine warfare, "
       "flying bombs and rockets) and may not make atomic attacks.",
    -1: "U.S. forces may not start or continue ground attacks at odds below 2:1.",
    -2: "The U.S. may not mount full offensives.",
    -3: "U.S. forces may not carry out any offensive operations.",
    -4: "U.S. forces may not take part in attrition combat.",
    -5: "U.S. ground units may not leave the U.S. box.",
    -6: "U.S. air units may not leave the U.S. box.",
}


def separate_peace_tension(result: int) -> int | None:
    """Tension level after a separate peace (62.41, 62.65): 46 at -7, four less for each further level
    (-8: 42, -9: 38); None when the result is -6 or better (no separate peace)."""
    require_range("result", result, -999, 999)
    if result > SEPARATE_PEACE_AT:
        return None
    return SEPARATE_PEACE_TENSION - TENSION_PER_LEVEL * (SEPARATE_PEACE_AT - result)


#: 62.44: with Britain surrendered, the restrictions of results 0 to -4 bind Britain too.
BRITAIN_BOUND_FROM = -4


def levels_in_force(result: int | None) -> tuple[int, ...]:
    """The result levels a theater's result puts in force, worst first (62.41: "each result includes all
    higher number results"): -3 gives -3, -2, -1, 0; -7 or worse gives the separate peace (shown as -7)
    and every restriction from -6 to 0 as well.  None or 1 or more: nothing."""
    if result is None:
        return ()
    require_range("result", result, -999, 999)
    if result >= 1:
        return ()
    return tuple(range(max(result, SEPARATE_PEACE_AT), 1))


def britain_bound_levels(result: int | None, britain_in_surrender: bool) -> tuple[int, ...]:
    """The levels in force that also bind a surrendered Britain (62.44: results 0 to -4)."""
    if not britain_in_surrender:
        return ()
    return tuple(level for level in levels_in_force(result) if level >= BRITAIN_BOUND_FROM)


def restrictions(result: int | None, britain_in_surrender: bool = False) -> tuple[Consequence, ...]:
    """Everything a result implemented in a theater brings (62.41, cumulative): a separate peace at -7
    or less, then every restriction from -6 to 0 (they bind the U.S. once it returns, 62.71), then who
    they bind (62.44).  Nothing for None or 1 or more."""
    levels = levels_in_force(result)
    if not levels:
        return ()
    assert result is not None
    out: list[Consequence] = []
    if result <= SEPARATE_PEACE_AT:
        tension = separate_peace_tension(result)
        out += [
            Consequence("62.41", f"({signed(result)}) The U.S. signs a separate peace in this theater; its tension "
                                 f"level there is set to {tension} (62.65)."),
            Consequence("62.6", "U.S. units leave the theater as 62.61-62.62 say; American BRP grants there follow "
                                "the tension level (62.45)."),
        ]
    out += [Consequence("62.41", f"({signed(level)}) {_RESULTS[level]}" if level else f"(0) {_RESULTS[0]}")
            for level in levels if level in _RESULTS]
    applies = "only to American units, American-built partisans included"
    shared = britain_bound_levels(result, britain_in_surrender)
    if shared:
        span = "0" if len(shared) == 1 else f"0 to {signed(min(shared))}"
        out.append(Consequence("62.44", f"Restrictions apply {applies}; Britain has surrendered, so the "
                                        f"restrictions of results {span} bind Britain too."))
    else:
        out.append(Consequence("62.44", f"Restrictions apply {applies}."))
    return tuple(out)


def level_in_effect(result: int, baseline_tension: int, tension_now: int) -> int | None:
    """The election level in effect after a rise in tensions (62.52, 62.71): one level better per four
    points above the tension recorded at the election (or set by 62.65); None once the level would be 1
    or more (no restrictions).  A fall below the baseline never makes the result worse than it was."""
    require_range("result", result, -999, 0)
    require_range("baseline_tension", baseline_tension, -999, 999)
    require_range("tension_now", tension_now, -999, 999)
    level = result + max(0, (tension_now - baseline_tension) // TENSION_PER_LEVEL)
    return None if level >= 1 else level
