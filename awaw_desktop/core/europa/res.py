"""RE sizes: whole numbers and halves, kept exact (fractions.Fraction), written as "2", "1/2", "3 1/2"."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..lines import RulesInputError

MAX_RES = 10_000


def parse_res(value: Any, what: str = "REs") -> Fraction:
    """A non-negative RE figure in halves: 3, "1/2", "3 1/2", "3.5", "3\u00bd"."""
    if isinstance(value, bool):
        raise RulesInputError(f"{what}: expected a number of REs, got {value!r}")
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, Fraction):
        result = value
    elif isinstance(value, str):
        result = _parse_text(value.strip().replace("\u00bd", " 1/2"), what)
    else:
        raise RulesInputError(f"{what}: expected a number of REs like 2, 1/2 or 3 1/2, got {value!r}")
    if result < 0 or result > MAX_RES:
        raise RulesInputError(f"{what}: {format_res(result)} is out of range (0 to {MAX_RES})")
    if (result * 2).denominator != 1:
        raise RulesInputError(f"{what}: REs come in whole numbers and halves, not {value!r}")
    return result


def _parse_text(text: str, what: str) -> Fraction:
    try:
        parts = text.split()
        if len(parts) == 2:
            whole, part = int(parts[0]), Fraction(parts[1])
            if whole < 0 or not 0 <= part < 1:
                raise ValueError(text)
            return whole + part
        if len(parts) == 1:
            return Fraction(parts[0])
    except (ValueError, ZeroDivisionError):
        pass
    raise RulesInputError(f"{what}: expected a number of REs like 2, 1/2 or 3 1/2, got {text!r}")


def format_res(value: Fraction) -> str:
    """2, 1/2, 3 1/2, 3/4 (a quarter appears only after two halvings)."""
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(value.numerator, value.denominator)
    fraction = f"{rest}/{value.denominator}"
    return f"{whole} {fraction}" if whole else fraction


def res_to_json(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else format_res(value)
