"""Messages as the players read them: the core's refusals are phrased to follow "Not added: ...", so a
message standing on its own gets its capital letter here."""

from __future__ import annotations


def sentence(text: str) -> str:
    """``text`` starting with a capital letter ("the Axis passphrase ..." -> "The Axis passphrase ...")."""
    stripped = text.lstrip()
    return stripped[:1].upper() + stripped[1:] if stripped else ""
