"""A player's passphrase for the national will envelopes (56.E.1): the one rule every new passphrase in the app meets
(``core.record.passphrases``, shared with the players' keys for play by e-mail), here under the name the Europa
modules have always used."""

from __future__ import annotations

from ..record.passphrases import (
    COMMON,
    MIN_DISTINCT,
    MIN_LENGTH,
    check_new_passphrase,
    normalised,
    passphrase_problem,
)

__all__ = ["COMMON", "MIN_DISTINCT", "MIN_LENGTH", "check_new_passphrase", "normalised", "passphrase_problem"]
