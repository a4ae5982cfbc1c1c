"""German conciliation: returning Axis-held territory and its effects (59.71-59.75), and what the players may
tick now in the wizard's lists of concessions and returns."""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ...frozen import Frozen
from ...lines import RulesInputError
from .concessions import (
    TERRITORY_KEYS,
    ConcessionItem,
    ItemStatus,
    MinorMode,
    Verdict,
    chosen_modes,
    indemnity_points,
    item_statuses,
)
from .offer import whole_number


class ReturnFacts(Frozen):
    """What 59.73 needs to know about a territory Germany wants to return."""

    british_at_start_or_gained: bool = True   # 59.73B: British at the start, or gained not by an Axis DoW
    returned_before: bool = False             # 59.73C: once per game


class HomeControl(Frozen):
    """Axis control in Britain that 59.73D-F ask about."""

    london: bool = False
    birmingham: bool = False
    manchester: bool = False
    all_scotland: bool = False


def _return_problems(item: ConcessionItem, status: ItemStatus, fact: ReturnFacts, home: HomeControl) -> list[str]:
    """What stops ``item`` from being returned to Britain (59.72, 59.73B-F)."""
    problems: list[str] = []
    key = item.key
    if status is not ItemStatus.AXIS_CONTROLLED:
        problems.append(f"{item.name} is not under Axis control, so it cannot be returned (59.72)")
    if not fact.british_at_start_or_gained:
        problems.append(f"{item.name} was neither British at the start nor gained other than by an Axis "
                        "declaration of war (59.73B)")
    if fact.returned_before:
        problems.append(f"{item.name} was already returned once this game (59.73C)")
    if key == "southern_england" and not home.london:
        problems.append("southern England can be returned only while the Axis control London (59.73D)")
    if key == "central_england" and not (home.birmingham and home.manchester):
        problems.append("central England can be returned only while the Axis control Birmingham and "
                        "Manchester (59.73E)")
    if key == "scotland" and not home.all_scotland:
        problems.append("Scotland can be returned only when the Axis control all of it (59.73F)")
    return problems


def _territory_taken(items: Sequence[ConcessionItem], chosen: Collection[str] | Mapping[str, str]) -> list[str]:
    """Names of chosen items that hand territory to the Axis (everything but a minor's neutrality)."""
    by_key = {item.key: item for item in items}
    return [by_key[key].name for key, mode in chosen_modes(items, chosen).items()
            if not (by_key[key].is_minor and mode is MinorMode.NEUTRALITY)]


def check_returns(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str],
                  returns: Collection[str], facts: Mapping[str, ReturnFacts] | None = None,
                  home: HomeControl | None = None,
                  chosen: Collection[str] | Mapping[str, str] = ()) -> Verdict:
    """Validate territory Germany returns to Britain (59.72, 59.73).  ``points_used`` is the value
    returned.  With any return, Germany may take no territory (59.73G): only the indemnity and the
    neutrality of minor countries remain (resources/readings/britain.md)."""
    status = item_statuses(items, statuses)
    facts = facts or {}
    home = home or HomeControl()
    by_key = {item.key: item for item in items}
    problems: list[str] = []
    value = 0
    for key in returns:
        if key not in by_key:
            problems.append(f"{key!r} is not on the British Concession Table (59.73A)")
            continue
        item = by_key[key]
        value += item.points()
        problems.extend(_return_problems(item, status[key], facts.get(key, ReturnFacts()), home))
    if returns:
        taken = _territory_taken(items, chosen)
        if taken:
            problems.append(f"territory returned, so none may be taken: drop {', '.join(taken)} (59.73G)")
    return Verdict(not problems, tuple(problems), value, 0)


#: Table territories that were not British at the start of a game: they can be returned only if they
#: came under British control other than by an Axis declaration of war (59.73B).  Only a default for
#: the wizard's "British at the start or gained otherwise" tick; the players confirm it.
NOT_BRITISH_AT_START = frozenset({"lebanon_syria", "tunisia", "algeria", "morocco", "libya", "albania", "ireland"})


def initial_statuses(axis_holds: Collection[str] = ()) -> dict[str, str]:
    """Statuses to start the Concession Table from: the table territories the Britain tab already
    records as Axis-controlled (its "Axis-controlled Malta / Singapore" line, 59.21)."""
    return {key: ItemStatus.AXIS_CONTROLLED.value for key in axis_holds if key in TERRITORY_KEYS}


class ItemChoice(Frozen):
    """One row of a list to tick: may it be ticked now, and if not (or if ticked wrongly) why."""

    key: str
    name: str
    priority: int
    points: int
    status: ItemStatus
    chosen: bool
    allowed: bool
    reason: str = ""


_STATUS_WORDS = {
    ItemStatus.AXIS_CONTROLLED: "already Axis-controlled",
    ItemStatus.INDEPENDENT: "independent",
    ItemStatus.NOT_ELIGIBLE: "not eligible",
}
#: Why an item is not eligible when nothing says why: the players set it so.
SET_BY_PLAYERS = "as set on this page"


def status_reason(status: ItemStatus, cause: str = "") -> str:
    """Why an item cannot be taken, with what makes it so: "not eligible (Vichy French, 58.53): does not block
    higher priorities (59.66)"."""
    why = cause or (SET_BY_PLAYERS if status is ItemStatus.NOT_ELIGIBLE else "")
    return f"{_STATUS_WORDS[status]}{f' ({why})' if why else ''}: does not block higher priorities (59.66)"


def concession_choices(points_available: int, items: Sequence[ConcessionItem],
                       statuses: Mapping[str, ItemStatus | str], chosen: Mapping[str, str],
                       indemnity: int = 0, returning: bool = False,
                       minor_modes: Mapping[str, str] | None = None,
                       causes: Mapping[str, str] | None = None) -> tuple[ItemChoice, ...]:
    """Each item of the Concession Table with whether Germany may tick it now (59.66, 59.68, 59.73G).

    A ticked item stays allowed (so it can be unticked) and carries the problem it causes, if any.
    ``minor_modes`` gives the mode of minor countries not ticked yet (for their cost); ``causes`` what makes an
    item's status what it is (the war's facts: "Vichy French (58.53)"), said with it."""
    points_available = whole_number("points_available", points_available)
    status = item_statuses(items, statuses)
    modes = chosen_modes(items, chosen)
    minor_modes = minor_modes or {}
    used = sum(item.points(modes[item.key]) for item in items if item.key in modes) + indemnity_points(indemnity)
    left = points_available - used
    rows: list[ItemChoice] = []
    for item in items:
        is_chosen = item.key in modes
        mode = modes[item.key] if is_chosen else (
            MinorMode(minor_modes.get(item.key) or MinorMode.AXIS_CONTROL) if item.is_minor else None)
        points = item.points(mode)
        blockers = [other for other in items
                    if other.priority < item.priority and status[other.key] is ItemStatus.ELIGIBLE
                    and other.key not in modes]
        reason = ""
        if status[item.key] is not ItemStatus.ELIGIBLE:
            reason = status_reason(status[item.key], (causes or {}).get(item.key, ""))
        elif returning and not (item.is_minor and mode is MinorMode.NEUTRALITY):
            reason = "territory is being returned, so none may be taken (59.73G)"
        elif blockers:
            reason = f"take {blockers[0].name} (priority {blockers[0].priority}) first (59.66)"
        elif not is_chosen and points > left:
            reason = f"costs {points}, only {max(0, left)} point(s) left (59.68)"
        allowed = is_chosen or not reason
        rows.append(ItemChoice(item.key, item.name, item.priority, points, status[item.key], is_chosen, allowed,
                               reason))
    return tuple(rows)


def return_choices(items: Sequence[ConcessionItem], statuses: Mapping[str, ItemStatus | str],
                   returns: Collection[str], facts: Mapping[str, ReturnFacts] | None = None,
                   home: HomeControl | None = None,
                   chosen: Collection[str] | Mapping[str, str] = ()) -> tuple[ItemChoice, ...]:
    """The Axis-controlled items Germany might return, each with whether it may be ticked now and
    the 59.73 restriction that stops it (59.72, 59.73)."""
    status = item_statuses(items, statuses)
    facts = facts or {}
    home = home or HomeControl()
    taken = _territory_taken(items, chosen)
    rows: list[ItemChoice] = []
    for item in items:
        if status[item.key] is not ItemStatus.AXIS_CONTROLLED:
            continue
        problems = _return_problems(item, status[item.key], facts.get(item.key, ReturnFacts()), home)
        if taken:
            problems.append(f"territory was taken ({', '.join(taken)}): drop it to return any (59.73G)")
        is_chosen = item.key in returns
        rows.append(ItemChoice(item.key, item.name, item.priority, item.points(), status[item.key], is_chosen,
                               is_chosen or not problems, "; ".join(problems)))
    return tuple(rows)


class Conciliation(Frozen):
    points: int
    resistance_modifier: int   # 59.75A, added to future British resistance
    usat_reduction: int        # 59.75B, subtracted from the USAT level


def conciliation_effects(points_returned_or_not_taken: int) -> Conciliation:
    """59.75: -1 British resistance per two full points; USAT -2 per point."""
    points = whole_number("points_returned_or_not_taken", points_returned_or_not_taken)
    if points < 0:
        raise RulesInputError(f"points_returned_or_not_taken: cannot be negative (got {points})")
    return Conciliation(points, -(points // 2), 2 * points)
