"""Counts in words, singular for one ("1 game turn", "1 RE", "after 1 roll", "1 1/2 REs"), for every Europa line a
player reads."""

from __future__ import annotations

from fractions import Fraction

from .res import format_res


def counted(count: int, one: str, many: str = "") -> str:
    """``count`` and the word for it: ``one`` for 1, ``many`` (``one`` + "s" unless given) for any other count."""
    return f"{count} {one if count == 1 else many or one + 's'}"


def res_words(value: Fraction) -> str:
    """An RE figure and its word: "1/2 RE", "1 RE", "0 REs", "1 1/2 REs"."""
    return f"{format_res(value)} {'RE' if 0 < value <= 1 else 'REs'}"


def rps_words(count: int) -> str:
    """"1 RP", "4 RPs"."""
    return counted(count, "RP")
