"""The procedures behind a British surrender (59.3-59.9), as pure functions a wizard can call.

* the offer and what accepting it counts (59.12, 59.23, 59.32, 59.41, 59.87, 59.872);
* force reductions (59.511-59.514) with the naval discounts of 59.513D;
* the British Concession Table as data and a validator for Germany's demands (59.61-59.68);
* German conciliation: returning Axis-held territory and its effects (59.71-59.75);
* the Far East (59.891-59.894);
* :func:`british_surrender_outcome`, which puts all of it together.

Every input and output is an immutable record; outcomes convert to and from JSON.  One module per step:
``offer``, ``reductions``, ``concessions``, ``conciliation``, ``far_east`` and ``outcome``; their names are all
here, so callers write ``britain_surrender.offer(...)``.
"""

from .concessions import (
    CONCESSION_TABLE,
    TERRITORY_KEYS,
    ConcessionItem,
    ItemStatus,
    MinorMode,
    Verdict,
    check_concessions,
    chosen_modes,
    concession_items,
    indemnity_points,
    item_statuses,
    minor_country,
    most_takeable,
)
from .conciliation import (
    NOT_BRITISH_AT_START,
    Conciliation,
    HomeControl,
    ItemChoice,
    ReturnFacts,
    check_returns,
    concession_choices,
    conciliation_effects,
    initial_statuses,
    return_choices,
)
from .far_east import (
    FarEast,
    far_east,
)
from .offer import (
    FORCED_ACCEPTANCE_LEVEL,
    INDEMNITY_POINTS,
    LOWEST_SURRENDER_LEVEL,
    POINTS_PER_LEVEL,
    Offer,
    can_accept,
    concession_points,
    counted_levels,
    offer,
    surrender_level,
    whole_number,
)
from .outcome import (
    SurrenderOutcome,
    SurrenderRequest,
    TakenItem,
    british_surrender_outcome,
)
from .reductions import (
    EXEMPT_UNITS,
    REDUCTION_KINDS,
    SHIP_DISCOUNT,
    SHIP_READINGS,
    ReductionCheck,
    ReductionChoice,
    Reductions,
    Ship,
    ShipState,
    available_when_exhausted,
    exempt_reason,
    reductions_met,
    required_reductions,
    ship_value,
)

__all__ = [
    "CONCESSION_TABLE",
    "EXEMPT_UNITS",
    "FORCED_ACCEPTANCE_LEVEL",
    "INDEMNITY_POINTS",
    "LOWEST_SURRENDER_LEVEL",
    "NOT_BRITISH_AT_START",
    "POINTS_PER_LEVEL",
    "REDUCTION_KINDS",
    "SHIP_DISCOUNT",
    "SHIP_READINGS",
    "TERRITORY_KEYS",
    "ConcessionItem",
    "Conciliation",
    "FarEast",
    "HomeControl",
    "ItemChoice",
    "ItemStatus",
    "MinorMode",
    "Offer",
    "ReductionCheck",
    "ReductionChoice",
    "Reductions",
    "ReturnFacts",
    "Ship",
    "ShipState",
    "SurrenderOutcome",
    "SurrenderRequest",
    "TakenItem",
    "Verdict",
    "available_when_exhausted",
    "british_surrender_outcome",
    "can_accept",
    "check_concessions",
    "check_returns",
    "chosen_modes",
    "concession_choices",
    "concession_items",
    "concession_points",
    "conciliation_effects",
    "counted_levels",
    "exempt_reason",
    "far_east",
    "indemnity_points",
    "initial_statuses",
    "item_statuses",
    "minor_country",
    "most_takeable",
    "offer",
    "reductions_met",
    "required_reductions",
    "return_choices",
    "ship_value",
    "surrender_level",
    "whole_number",
]
