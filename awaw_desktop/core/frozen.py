"""The base of the core's immutable values: a line of a table, a turn, a power's result, a wizard's outcome.

They are `msgspec <https://jcristharif.com/msgspec/>`_ Structs rather than frozen dataclasses because a dataclass is
created by generating and compiling its methods' source, about 0.7 ms a class: with some 80 of them the rules alone
took 40 ms of the app's start-up, before any window.  A Struct class is made in C in about 0.03 ms, and its
instances are created, compared and hashed faster too.  They behave as frozen dataclasses did: fields in order,
positional or by name, equal and hashable by value, ``replace`` for a changed copy.

``Session`` (``core/awaw/session.py``) is the one mutable aggregate: a written-out class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from msgspec import Struct, field
from msgspec.structs import force_setattr, replace

if TYPE_CHECKING:
    from typing_extensions import dataclass_transform
else:
    def dataclass_transform(**_options: object) -> object:
        return lambda cls: cls

__all__ = ["Frozen", "field", "force_setattr", "replace"]


# For type checkers: a subclass is frozen as its base is (msgspec's own stub would call it mutable).
@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen(Struct, frozen=True):
    """An immutable value: subclasses declare their fields as a dataclass does (``order=True`` for ordered ones)."""
