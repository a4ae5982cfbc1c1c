"""The lines each table needs entered: values every game has that a new game cannot know (a DP level, the unbuilt
factors, Russia's ICs ...).  A new game leaves them unentered (``Session.fill_starting_facts``); while they are,
``unentered`` names them and says what rests on them."""

from __future__ import annotations

from collections.abc import Mapping

#: The lines each table needs entered: standing values of every game that a new game cannot know.
NEEDED: Mapping[str, tuple[str, ...]] = {
    "germany": ("dp_level",),
    "italy": ("dp_level",),
    "japan": ("pacific_objectives", "allied_island_groups"),
    "france": ("french_objectives", "ground_factors", "fleet", "dps"),
    "britain": ("dp_level", "unbuilt_factors", "naval_ratio", "usat_level", "atlantic_transports"),
    "russia": ("dp_level", "unbuilt_factors", "ics"),
    "china": ("unbuilt_ground", "force_pool", "defection_facts"),
    "election": ("axis_dp", "allied_dp"),
}
