"""The short code players read out or quote for a record's head: "7Q4M-K2XD".

Eight characters of Crockford's base 32 (no I, L, O or U, so nothing reads as another), the first 40 bits of the
head's SHA-256.  Forty bits is for people comparing two codes, not a security margin: the chain itself is checked
entry by entry from the file (``chain.GameRecord.problem``)."""

from __future__ import annotations

import base64

#: RFC 4648 base 32 (what the standard library writes) -> Crockford's alphabet.
_CROCKFORD = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", "0123456789ABCDEFGHJKMNPQRSTVWXYZ")
#: Read back: Crockford's alphabet, and the letters people mistake for its digits.
_READ = {char: index for index, char in enumerate("0123456789ABCDEFGHJKMNPQRSTVWXYZ")}
_READ.update({"O": 0, "I": 1, "L": 1})
CODE_LENGTH = 8


def head_code(digest_hex: str) -> str:
    """The code of a record head (the hex SHA-256 of its last entry): "7Q4M-K2XD"."""
    raw = bytes.fromhex(digest_hex)[:5]
    text = base64.b32encode(raw).decode("ascii").translate(_CROCKFORD)
    return f"{text[:4]}-{text[4:8]}"


def normal_code(text: str) -> str | None:
    """A code as a player typed it ("7q4m k2xd", "7Q4MK2XD") written the one way, or None if it is not one."""
    letters = "".join(char for char in text.upper() if char.isalnum())
    if len(letters) != CODE_LENGTH or any(char not in _READ for char in letters):
        return None
    canonical = "".join("0123456789ABCDEFGHJKMNPQRSTVWXYZ"[_READ[char]] for char in letters)
    return f"{canonical[:4]}-{canonical[4:]}"
