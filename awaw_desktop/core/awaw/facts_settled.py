"""Procedures settle the facts they decide: a surrender ends its wars (55.2, 56.2, 57.2, 58.1, 59.86), the French
surrender sets each colony's side (58.53), and the British concessions (59.6) take their status from who holds
each place.  The facts themselves are in :mod:`.facts`."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .britain_surrender.far_east import FarEast
from .common import Turn
from .election_results import SEPARATE_PEACE_AT
from .facts import BY_ID, READERS, Facts

# ---------------------------------------------------------------------------------------------
# Procedures settle the facts they decide
# ---------------------------------------------------------------------------------------------


def ended_by_surrenders(carry: Mapping[str, Mapping[str, Any]]) -> list[tuple[str, str, str]]:
    """(war fact, who surrendered, rule) for each war a recorded surrender ends."""
    ended: list[tuple[str, str, str]] = []
    if carry.get("france", {}).get("surrendered"):
        ended.append(("war.germany_france", "France has surrendered", "58.1"))
    if carry.get("italy", {}).get("surrendered"):
        ended.append(("war.italy_wa", "Italy has surrendered", "56.2"))
    if carry.get("germany", {}).get("surrendered"):
        ended += [(key, "Germany has surrendered", "55.2") for key in
                  ("war.germany_france", "war.germany_britain", "war.germany_russia", "war.germany_us")]
    if carry.get("japan", {}).get("surrendered"):
        ended += [(key, "Japan has surrendered", "57.2") for key in ("war.japan_us", "war.japan_britain",
                                                                       "war.japan_russia")]
    britain = carry.get("britain", {})
    if britain.get("surrendered") and britain.get("at_peace"):
        ended.append(("war.germany_britain", "Britain has surrendered and made peace with Germany", "59.62"))
    return ended


def without_wars(inputs: Mapping[str, Mapping[str, Any]], ended: set[str]) -> dict[str, dict[str, Any]]:
    """``inputs`` (as the rules read them, the facts shown in their lines) with the wars in ``ended`` over: each
    line or option that shows one of them reads "not at war", as after ``settle_from_carry``."""
    changed = {power: dict(values) for power, values in inputs.items()}
    for fact_id in ended:
        for binding in READERS.get(fact_id, ()):
            values = changed.setdefault(binding.power, {})
            if binding.option is None:
                values[binding.line_id] = False
            elif binding.line_id in values:   # a line not given reads its default: no war it shows is over
                values[binding.line_id] = [key for key in values[binding.line_id] or () if key != binding.option]
    return changed


def settle_from_carry(facts: Facts, carry: Mapping[str, Mapping[str, Any]], turn: Turn,
                      previous_carry: Mapping[str, Mapping[str, Any]] | None = None) -> list[str]:
    """After an end of turn or a procedure: surrenders recorded in the carried values end the wars
    they end, and a British war resumed (59.86) begins again.  Returns what changed, in words."""
    changed: list[str] = []
    for fact_id, who, rule in ended_by_surrenders(carry):
        if facts.get(fact_id) is not None:
            facts[fact_id] = None
            changed.append(f"{BY_ID[fact_id].label}: ended ({who}, {rule}).")
    britain = carry.get("britain", {})
    before = (previous_carry or {}).get("britain", {})
    if not (britain.get("surrendered") and britain.get("at_peace")) and before.get("at_peace") \
            and not britain.get("at_peace"):
        # 59.86B-C: a German declaration of war on the U.S., or the U.S. declaring war on Germany, puts the U.S.
        # and Britain at war with Germany: both wars begin this turn.
        if facts.get("war.germany_britain") is None:
            facts["war.germany_britain"] = turn.to_json()
            changed.append("Britain at war with Germany: the war resumes (59.86).")
        if facts.get("war.germany_us") is None:
            facts["war.germany_us"] = turn.to_json()
            changed.append("U.S. at war with Germany: the war that resumes Britain's puts the U.S. at war too "
                           "(59.86B-C).")
    changed += settle_italian_surrender(facts, carry)
    changed += _separate_peace(facts, carry.get("election", {}), (previous_carry or {}).get("election", {}))
    if previous_carry is not None:   # what a British surrender took or gave back (59.6, 59.72)
        changed += settle_concessions(facts, britain, before, bool(carry.get("italy", {}).get("surrendered")))
    # Japan, at war with Britain alone, chose at this surrender to end hostilities (59.891C, 59.892).  Only at
    # the surrender itself: Japan may declare war again from the second turn after it (59.892C).
    if previous_carry is not None and britain.get("surrendered") \
            and britain.get("far_east_choice") == FarEast.JAPAN_ADHERES \
            and britain.get("surrender_turn") != before.get("surrender_turn") \
            and facts.get("war.japan_britain") is not None:
        facts["war.japan_britain"] = None
        changed.append(f"{BY_ID['war.japan_britain'].label}: ended (Japan adheres to the peace, 59.891C).")
    return changed


def settle_italian_surrender(facts: Facts, carry: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """56.52: once Italy has surrendered, its colonies and conquests are controlled by no one until the first major
    power occupies them; which power that is, the players say on The war tab (nothing is chosen for them)."""
    if not carry.get("italy", {}).get("surrendered"):
        return []
    changed: list[str] = []
    for key in _POSSESSIONS:
        if facts.get(f"possession.{key}", "italy") == "italy":
            facts[f"possession.{key}"] = "no-one"
            title = BY_ID[f"possession.{key}"].label.removesuffix(" is held by")
            changed.append(f"{title} is held by no one: Italy has surrendered (56.52). The first major power to "
                           f"occupy it controls it: on The war tab, choose that power for “{title} is held "
                           "by” when it does.")
    return changed


def _separate_peace(facts: Facts, election: Mapping[str, Any], before: Mapping[str, Any]) -> list[str]:
    """62.6: a separate peace signed at this end of turn (a result of -7 or worse newly in effect, or a U.S. defeat
    by atomic attack, 62.82) ends the U.S. war in that theater (62.61-62.64: the U.S. withdraws, the other Allies
    fight on)."""
    changed: list[str] = []
    defeated = bool(election.get("us_defeated")) and not before.get("us_defeated")
    for theater, fact_id in (("europe", "war.germany_us"), ("pacific", "war.japan_us")):
        level, was = election.get(f"level_{theater}"), before.get(f"level_{theater}")
        signed_now = isinstance(level, int) and level <= SEPARATE_PEACE_AT and (
            not isinstance(was, int) or was > SEPARATE_PEACE_AT)
        if (signed_now or defeated) and facts.get(fact_id) is not None:
            facts[fact_id] = None
            changed.append(f"{BY_ID[fact_id].label}: ended (a separate peace, 62.6).")
    return changed


def wars_ended_by(power: str, carry: Mapping[str, Any] | None = None) -> tuple[str, ...]:
    """The wars a power's surrender ends: France's with Germany (58.1), Italy's with the Western Allies (56.2), all
    of Germany's (55.2) or Japan's (57.2), Britain's with Germany when it is at peace (59.4)."""
    surrendered = {"at_peace": power == "britain", **(carry or {}), "surrendered": True}
    return tuple(dict.fromkeys(fact_id for fact_id, _who, _rule in ended_by_surrenders({power: surrendered})))


def surrender_contradictions(facts: Facts, carry: Mapping[str, Mapping[str, Any]]) -> list[str]:
    """Wars still marked as fought although a recorded surrender ended them, in words."""
    return [f"{BY_ID[fact_id].label} is still marked at war, but {who} ({rule})"
            for fact_id, who, rule in ended_by_surrenders(carry) if facts.get(fact_id) is not None]


def settle_french_surrender(facts: Facts, colonies: Mapping[str, str]) -> None:
    """58.53: each colony's side after the French surrender; France's war ends (58.1)."""
    facts["war.germany_france"] = None
    for colony, alignment in colonies.items():
        key = f"colony.{colony}"
        if key in BY_ID:
            facts[key] = BY_ID[key].validate(alignment)


# ---------------------------------------------------------------------------------------------
# British concessions (59.6): what Germany takes becomes Axis-held, and the facts settle what may be taken
# ---------------------------------------------------------------------------------------------

_COLONIES = ("lebanon_syria", "tunisia", "algeria", "morocco")
_POSSESSIONS = ("libya", "albania")
#: Areas of Britain on the Concession Table: Axis-held, they are Axis-controlled hexes in Britain (60.11).
_AREAS_OF_BRITAIN = ("scotland", "central_england", "southern_england")


def settle_concessions(facts: Facts, britain: Mapping[str, Any], before: Mapping[str, Any],
                       italy_out: bool = False) -> list[str]:
    """59.6, 59.72: the territories a British surrender ceded (Britain's carried ``ceded``, newly there) become
    Axis-held wherever a table reads them: a ceded Malta is Axis-controlled Malta on Britain's table (59.21), a
    ceded area of Britain an Axis-held hex in Britain on Russia's (60.11), a ceded colony or Italian possession the
    Axis's.  The others stay in the carried list, so a later surrender finds them Axis-held (59.66).  Territories
    newly returned (59.72) are British again.  Returns what changed, in words."""
    from .britain_surrender.concessions import CONCESSION_TABLE

    names = {item.key: item.name for item in CONCESSION_TABLE}
    changed: list[str] = []
    for key in [key for key in britain.get("ceded") or () if key not in (before.get("ceded") or ())]:
        name = names.get(key, key)
        if key == "malta":
            if not facts.get("place.malta"):
                facts["place.malta"] = True
                changed.append(f"{BY_ID['place.malta'].label}: yes ({name} ceded to the Axis, 59.6).")
        elif key in _COLONIES:
            if facts.get(f"colony.{key}") != "axis":
                facts[f"colony.{key}"] = "axis"
                changed.append(f"{BY_ID[f'colony.{key}'].label} the Axis ({name} ceded, 59.6).")
        elif key in _POSSESSIONS:
            holder = "axis" if italy_out else "italy"   # a surrendered Italy holds nothing (56.52)
            if facts.get(f"possession.{key}") != holder:
                facts[f"possession.{key}"] = holder
                changed.append(f"{BY_ID[f'possession.{key}'].label} {'Germany' if italy_out else 'Italy'} ({name} "
                               "ceded to the Axis, 59.6).")
        elif key in _AREAS_OF_BRITAIN:
            if not facts.get("place.axis_in_britain"):
                facts["place.axis_in_britain"] = True
                changed.append(f"{BY_ID['place.axis_in_britain'].label}: yes ({name} ceded, 59.6).")
        else:
            changed.append(f"{name}: ceded to the Axis (59.6); a later British surrender finds it Axis-held.")
    for key in [key for key in britain.get("returned_territories") or ()
                if key not in (before.get("returned_territories") or ())]:
        name = names.get(key, key)
        if key == "malta" and facts.get("place.malta"):
            facts["place.malta"] = False
            changed.append(f"{BY_ID['place.malta'].label}: no ({name} returned to Britain, 59.72).")
        elif key in _COLONIES and facts.get(f"colony.{key}") in ("axis", "vichy"):
            facts[f"colony.{key}"] = "british"
            changed.append(f"{BY_ID[f'colony.{key}'].label} Britain ({name} returned, 59.72).")
        elif key in _POSSESSIONS and facts.get(f"possession.{key}") == "italy":
            facts[f"possession.{key}"] = "allied"
            changed.append(f"{BY_ID[f'possession.{key}'].label} the Allies ({name} returned, 59.72).")
        elif key in _AREAS_OF_BRITAIN:
            changed.append(f"{name} returned to Britain (59.72): on The war tab, untick \u201c"
                           f"{BY_ID['place.axis_in_britain'].label}\u201d if the Axis hold no other hex in Britain.")
    return changed


# ---------------------------------------------------------------------------------------------
# British concessions (59.6) take their status from the facts
# ---------------------------------------------------------------------------------------------

#: Who holds a concession territory -> its status on the Concession Table (59.6): only what Britain
#: holds can be demanded; an Axis-held one does not block; a Vichy or neutral one is not British.
_STATUS_BY_HOLDER = {
    "french": ("not-eligible", "French while France fights on"),
    "free-french": ("eligible", "Free French, under British control (58.531C)"),
    "british": ("eligible", "British-held"),
    "vichy": ("not-eligible", "Vichy French (58.53)"),
    "independent": ("independent", "independent neutral"),
    "axis": ("axis-controlled", "held by the Axis"),
    "italy": ("axis-controlled", "Italian while Italy fights on (56.3)"),
    "no-one": ("not-eligible", "held by no one since Italy's surrender (56.52)"),
    "allied": ("eligible", "taken by the Allies"),
}


def concession_statuses(facts: Mapping[str, Any], conceded: tuple[str, ...] = ()) -> dict[str, tuple[str, str]]:
    """Concession Table territories whose status the facts settle: key -> (status, why in words).
    ``conceded``: territories an earlier British surrender gave the Axis; they stay Axis-held."""
    statuses: dict[str, tuple[str, str]] = {}
    for key in ("lebanon_syria", "tunisia", "algeria", "morocco"):
        statuses[key] = _STATUS_BY_HOLDER[facts.get(f"colony.{key}", "french")]
    for key in ("libya", "albania"):
        statuses[key] = _STATUS_BY_HOLDER[facts.get(f"possession.{key}", "italy")]
    if facts.get("place.malta"):
        statuses["malta"] = ("axis-controlled", "the Axis control Malta (the war's facts)")
    for key in conceded:
        statuses[key] = ("axis-controlled", "conceded at an earlier British surrender")
    return statuses
