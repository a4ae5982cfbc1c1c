"""Carried values that go beyond what the entries and the rules allow.

A carried value is kept from turn to turn (``Session.carry``); most are bounded by the rules alone (the carried-values
dialog and the file loader refuse a surrender level below -10), but some are bounded by what the players entered or
by another carried value: the Wang factors Japan holds because of Nationalist defections are part of its whole Wang
force pool (61.31C); the USAT reduction of a British conciliation is two per point (59.75B); the current surrender
level is the most recent one (59.87).  The end of turn names any such value before the turn ends (in its list of
what to look at), and again for the values the end of turn itself would carry.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .session import Session

#: (rule, text, place): ``place`` as in ``checklist.Check``.
Problem = tuple[str, str, tuple[str, str, str]]


def _carried(session: Session, power: str) -> dict[str, Any]:
    from . import assess

    return {**assess.power_module(power).initial_carry(), **session.carry.get(power, {})}


def problems(session: Session) -> list[Problem]:
    """Each carried value outside what its inputs allow, in words, with where to fix it."""
    return [*_china(session), *_britain(session)]


def _china(session: Session) -> list[Problem]:
    if not session.has_line("china", "defection_facts") or not session.is_entered("china", "defection_facts"):
        return []
    carry = _carried(session, "china")
    facts = session.value("china", "defection_facts")
    wang = carry.get("wang_additions") or 0
    if isinstance(wang, int) and wang > facts["wang_pool"]:
        return [("61.31C", f"China: {wang} Wang factors are carried as added by Nationalist defections, but "
                           f"\u201cWang infantry factors in Japan's force pool\u201d says {facts['wang_pool']}: the "
                           "Wang pool holds every Wang factor, those from defections included. Correct one of them.",
                 ("line", "china", "defection_facts"))]
    return []


def _britain(session: Session) -> list[Problem]:
    carry = _carried(session, "britain")
    if not carry.get("surrendered"):
        return []
    place = ("line", "britain", "")
    found: list[Problem] = []
    surrenders = list(carry.get("surrenders") or [])
    level = carry.get("surrender_level")
    if surrenders and level is not None and level != surrenders[-1]:
        found.append(("59.87", f"Britain: the current surrender level is carried as {level}, but the most recent "
                               f"surrender recorded was at {surrenders[-1]}. Correct it with \u201cAdjust\u2026\u201d.",
                      place))
    points = carry.get("conciliation_points") or 0
    usat = carry.get("usat_reduction") or 0
    if isinstance(points, int) and isinstance(usat, int) and usat != 2 * points:
        found.append(("59.75B", f"Britain: the USAT reduction is carried as {usat}, but {points} concession "
                                f"point(s) make it {2 * points} (two per point). Correct it with "
                                "\u201cAdjust\u2026\u201d.", place))
    return found
