"""Strict reading of the Europa game's JSON: every object has exactly its keys, every value its
type, and every refusal names where in the file the problem is, in words a player reads."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..lines import RulesInputError
from .calendar import EuropaTurn
from .res import parse_res


class Fields:
    """The fields of one JSON object at ``where`` (a dotted path like ``nations[0].envelope``)."""

    def __init__(self, data: Any, where: str, keys: Sequence[str], optional: Sequence[str] = ()) -> None:
        if not isinstance(data, dict):
            raise RulesInputError(f"{where}: expected an object, got {type(data).__name__}")
        missing = [key for key in keys if key not in data]
        unknown = sorted(str(key) for key in data if key not in keys and key not in optional)
        if missing:
            raise RulesInputError(f"{where}: missing {', '.join(missing)}")
        if unknown:
            raise RulesInputError(f"{where}: unknown field(s) {', '.join(unknown)}")
        self.data = data
        self.where = where

    def at(self, key: str) -> str:
        return f"{self.where}.{key}"

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def text(self, key: str, maximum: int = 200) -> str:
        value = self.data.get(key, "")
        if not isinstance(value, str):
            raise RulesInputError(f"{self.at(key)}: expected text, got {value!r}")
        if len(value) > maximum:
            raise RulesInputError(f"{self.at(key)}: text longer than {maximum} characters")
        return value

    def choice(self, key: str, options: Sequence[str]) -> str:
        value = self.data.get(key)
        if value not in options:
            raise RulesInputError(f"{self.at(key)}: {value!r} is not one of {', '.join(map(repr, options))}")
        return str(value)

    def integer(self, key: str, minimum: int, maximum: int, default: int | None = None) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not minimum <= value <= maximum:
            raise RulesInputError(f"{self.at(key)}: expected a whole number {minimum} to {maximum}, got {value!r}")
        return value

    def flag(self, key: str, default: bool = False) -> bool:
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            raise RulesInputError(f"{self.at(key)}: expected true or false, got {value!r}")
        return value

    def optional_flag(self, key: str) -> bool | None:
        """True, false, or null for "not recorded yet"."""
        value = self.data.get(key)
        if value is not None and not isinstance(value, bool):
            raise RulesInputError(f"{self.at(key)}: expected true, false or null, got {value!r}")
        return value

    def res(self, key: str) -> Fraction:
        return parse_res(self.data.get(key, 0), self.at(key))

    def turn(self, key: str) -> EuropaTurn:
        value = self.data.get(key)
        try:
            return EuropaTurn.parse(value)
        except RulesInputError as error:
            raise RulesInputError(f"{self.at(key)}: {error}") from error

    def optional_turn(self, key: str) -> EuropaTurn | None:
        return None if self.data.get(key) is None else self.turn(key)

    def items(self, key: str, maximum: int = 500) -> list[tuple[str, Any]]:
        """A list field: (path, item) pairs."""
        value = self.data.get(key, [])
        if not isinstance(value, list):
            raise RulesInputError(f"{self.at(key)}: expected a list, got {type(value).__name__}")
        if len(value) > maximum:
            raise RulesInputError(f"{self.at(key)}: more than {maximum} entries")
        return [(f"{self.at(key)}[{index}]", item) for index, item in enumerate(value)]
