"""German aid (56.D): the German armour RP pool as it accumulates, and what leaves it.

The pool is what the players record: armour RPs Germany accumulates, armour RPs Germany uses itself, and
the shipments to Axis-Allied nations (``political.AidShipment``, kept with each nation).  Its balance is
derived, never stored: a shipment never takes more than the pool holds."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..frozen import Frozen
from ..lines import RulesInputError
from .calendar import EuropaTurn
from .jsonread import Fields
from .political import AID_RULE, AidShipment
from .words import counted

RECEIVED = "received"
USED = "used"
KINDS = {RECEIVED: "accumulated by Germany", USED: "used by Germany itself"}
MAX_RPS = 999
POOL_READING = ("The German armour RP pool is what the players record: RPs Germany accumulates and RPs it uses "
                "itself; RPs shipped to an Axis-Allied nation leave the pool when shipped, and a shipment never "
                "takes more than the pool holds.")
PHASE_NOTE = "Shipments are made during a German movement phase (56.D)."


class PoolEntry(Frozen):
    """German armour RPs added to the pool or used by Germany, on a game turn."""

    turn: EuropaTurn
    rps: int
    kind: str

    def __post_init__(self) -> None:
        check_rps(self.rps, "German armour RPs")
        if self.kind not in KINDS:
            raise RulesInputError(f"a pool entry is {' or '.join(KINDS)}, not {self.kind!r}")

    @property
    def change(self) -> int:
        return self.rps if self.kind == RECEIVED else -self.rps

    def to_json(self) -> dict[str, Any]:
        return {"turn": self.turn.to_json(), "rps": self.rps, "kind": self.kind}

    @classmethod
    def from_json(cls, data: Any, where: str) -> PoolEntry:
        f = Fields(data, where, ("turn", "rps", "kind"))
        try:
            return cls(f.turn("turn"), f.integer("rps", 1, MAX_RPS), f.choice("kind", tuple(KINDS)))
        except RulesInputError as error:
            raise RulesInputError(f"{where}: {error}") from error

    def __str__(self) -> str:
        return f"{self.turn}: {counted(self.rps, 'German armour RP')} {KINDS[self.kind]} ({AID_RULE})"


def check_rps(rps: object, what: str = "RPs") -> int:
    if isinstance(rps, bool) or not isinstance(rps, int) or not 1 <= rps <= MAX_RPS:
        raise RulesInputError(f"{what} must be 1 to {MAX_RPS}, not {rps!r}")
    return rps


def pool_balance(pool: Iterable[PoolEntry], shipments: Iterable[AidShipment]) -> int:
    """The German armour RPs in the pool now: accumulated, less used by Germany, less shipped."""
    return sum(entry.change for entry in pool) - sum(shipment.rps for shipment in shipments)


def add_entry(pool: tuple[PoolEntry, ...], shipments: Iterable[AidShipment], entry: PoolEntry) -> tuple[PoolEntry, ...]:
    if entry.kind == USED and entry.rps > pool_balance(pool, shipments):
        held = counted(pool_balance(pool, shipments), "German armour RP")
        raise RulesInputError(f"the pool holds {held}: Germany cannot use {entry.rps}")
    return (*pool, entry)
