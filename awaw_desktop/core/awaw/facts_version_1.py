"""A version-1 file's tables become the facts of the war: version 1 kept a copy of each fact on every table that
showed it, so reading such a file merges the copies and names the disagreements (``sessionfile``'s migration)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .common import Edition, Turn
from .facts import BY_ID, FACTS, READERS, Binding, Facts, defaults
from .facts_settled import settle_from_carry


def from_tables(edition: Edition, turn: Turn, inputs: Mapping[str, Mapping[str, Any]],
                carry: Mapping[str, Mapping[str, Any]],
                present: Callable[[str, str], str | None],
                default_of: Callable[[str, str], Any] | None = None) -> tuple[Facts, list[str]]:
    """The facts a version-1 session's tables imply.  ``present(power, line_id)`` gives the line's label if the
    edition's table has it.  Where two tables disagree the first table in ``BINDINGS`` order wins and the
    disagreement is returned, in words, to show the player."""
    facts = defaults()
    notes: list[str] = []
    for item in FACTS:
        shown_by = [b for b in READERS.get(item.id, ()) if present(b.power, b.line_id)]
        readers = [b for b in shown_by if b.line_id in inputs.get(b.power, {})]
        unentered: dict[tuple[str, str], Any] = {}
        if not readers and shown_by and default_of is not None and default_of(shown_by[0].power,
                                                                                shown_by[0].line_id) is True:
            # nothing entered: the line's own default held (Italy's "at war" line is ticked until unticked)
            readers = shown_by[:1]
            unentered[(readers[0].power, readers[0].line_id)] = default_of(readers[0].power, readers[0].line_id)
        seen: list[tuple[Binding, bool]] = []
        for binding in readers:
            raw = inputs.get(binding.power, {}).get(binding.line_id, unentered.get((binding.power, binding.line_id)))
            shown = (binding.option in (raw or ())) if binding.option is not None else bool(raw)
            seen.append((binding, shown))
        if not seen:
            continue
        first_binding, first_value = seen[0]
        first_binding.write(facts, first_value, turn)
        others = [(b, v) for b, v in seen[1:] if b.read(facts) != v]
        if others:
            def said(binding: Binding, ticked: bool) -> str:
                what = f"{present(binding.power, binding.line_id)}" + (f": {binding.option}" if binding.option else "")
                return f"{binding.power.capitalize()} tab \u201c{what}\u201d {'ticked' if ticked else 'unticked'}"
            notes.append(f"{item.label}: the tabs disagreed ({said(first_binding, first_value)}; "
                         + "; ".join(said(b, v) for b, v in others)
                         + f"); kept what the {first_binding.power.capitalize()} tab said: "
                         + f"{item.words(facts[item.id])}.")
    japan = carry.get("japan", {})
    us_turn, war_turn = japan.get("us_war_turn"), japan.get("war_turn")
    if us_turn is not None:
        facts["war.japan_us"] = us_turn
    if war_turn is not None and war_turn != us_turn:
        key = "war.japan_russia" if japan.get("war_began_on_russia") else \
            ("war.japan_us" if edition is Edition.ORIGINAL else "war.japan_britain")
        facts[key] = war_turn
    elif war_turn is not None and japan.get("war_began_on_russia"):
        facts["war.japan_russia"] = war_turn
    if facts.get("declared.japan_us") and facts.get("war.japan_us") is None:
        facts["war.japan_us"] = turn.to_json()
    dated = [BY_ID[key].label for key in ("war.germany_france", "war.germany_britain", "war.germany_russia",
                                          "war.germany_us", "war.italy_wa")
             if facts.get(key) == turn.to_json()]
    notes.extend(settle_from_carry(facts, carry, turn))
    if dated:
        notes.append(f"The older file did not say since when these wars run, so they are dated {turn.title}: "
                     f"{', '.join(dated)}. Correct a date on The war tab if it matters.")
    return facts, notes
