"""RE sizes: whole numbers and halves, kept exact (fractions.Fraction), written as "2", "1/2", "3 1/2".

What a player may type is spelled out here, not left to ``Fraction``: it would take "1e3" as 1000, "1_0" as 10
and "+2" as 2.  Digits of other scripts (a pasted full-width "\uff13") are read as the digits they are."""

from __future__ import annotations

import re
import unicodedata
from fractions import Fraction
from typing import Any

from ..lines import RulesInputError

MAX_RES = 10_000
EXAMPLES = "like 2, 1/2, 3 1/2 or 3.5"
#: "3", "3 1/2", "1/2", "3.5", "3,5" (a decimal comma), nothing else.
_WHOLE = re.compile(r"[0-9]+")
_MIXED = re.compile(r"([0-9]+)\s+([0-9]+)\s*/\s*([0-9]+)")
_FRACTION = re.compile(r"([0-9]+)\s*/\s*([0-9]+)")
_DECIMAL = re.compile(r"([0-9]*)[.,]([0-9]+)")


def _plain(text: str) -> str:
    """Digits of any script as 0-9, "\u00bd" as " 1/2", other minus signs as "-"."""
    out = []
    for char in text:
        digit = unicodedata.decimal(char, None) if not char.isascii() else None
        out.append(str(digit) if digit is not None else " 1/2" if char == "\u00bd" else
                   "-" if char in "\u2212\u2013\uff0d" else char)
    return "".join(out).strip()


def parse_res(value: Any, what: str = "REs") -> Fraction:
    """A non-negative RE figure in halves: 3, "1/2", "3 1/2", "3.5", "3\u00bd"; never "" (nothing typed is not 0)."""
    if isinstance(value, bool):
        raise RulesInputError(f"{what}: expected a number of REs, got {value!r}")
    if isinstance(value, int):
        result = Fraction(value)
    elif isinstance(value, Fraction):
        result = value
    elif isinstance(value, str):
        result = _parse_text(value, what)
    else:
        raise RulesInputError(f"{what}: expected a number of REs {EXAMPLES}, got {value!r}")
    if result < 0 or result > MAX_RES:
        raise RulesInputError(f"{what}: {format_res(result) if result >= 0 else value} is out of range "
                              f"(0 to {MAX_RES})")
    if (result * 2).denominator != 1:
        raise RulesInputError(f"{what}: REs come in whole numbers and halves, not {value!r}")
    return result


def _parse_text(text: str, what: str) -> Fraction:
    plain = _plain(text)
    if not plain:
        raise RulesInputError(f"{what}: nothing typed; type a number of REs {EXAMPLES}")
    negative = plain.startswith("-")
    body = plain[1:].strip() if negative else plain
    result = _number(body)
    if result is None:
        raise RulesInputError(f"{what}: {_shown(text)!r} is not a number of REs; type one {EXAMPLES}")
    if negative and result:
        raise RulesInputError(f"{what}: {_shown(text)} is out of range (0 to {MAX_RES})")
    return result


def _shown(text: str) -> str:
    """What was typed, for a message (a pasted page of digits is cut short)."""
    text = text.strip()
    return text if len(text) <= 30 else text[:27] + "..."


def _number(body: str) -> Fraction | None:
    if len(body) > 40:   # far beyond any RE figure (and int() of thousands of digits raises)
        return None
    if _WHOLE.fullmatch(body):
        return Fraction(int(body))
    mixed = _MIXED.fullmatch(body)
    if mixed:
        whole, numerator, denominator = (int(part) for part in mixed.groups())
        if denominator and numerator < denominator:
            return whole + Fraction(numerator, denominator)
        return None
    fraction = _FRACTION.fullmatch(body)
    if fraction:
        numerator, denominator = (int(part) for part in fraction.groups())
        return Fraction(numerator, denominator) if denominator else None
    decimal = _DECIMAL.fullmatch(body)
    if decimal:
        units, tenths = decimal.groups()
        return Fraction(int(units or "0")) + Fraction(int(tenths), 10 ** len(tenths))
    return None


def format_res(value: Fraction) -> str:
    """2, 1/2, 3 1/2, 3/4 (a quarter appears only after two halvings)."""
    if value.denominator == 1:
        return str(value.numerator)
    whole, rest = divmod(value.numerator, value.denominator)
    fraction = f"{rest}/{value.denominator}"
    return f"{whole} {fraction}" if whole else fraction


def res_to_json(value: Fraction) -> int | str:
    return value.numerator if value.denominator == 1 else format_res(value)
