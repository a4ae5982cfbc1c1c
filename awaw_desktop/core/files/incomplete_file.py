"""A file that breaks off before its end (a save cut short, a copy or an e-mail attachment that did not arrive whole),
said in the player's words first, the parser's detail after.

``parse_json`` (``files.document``) asks :func:`cut_short` about a JSON error, :func:`cut_short_utf8` about a text
error, and raises :class:`IncompleteFileError`; :func:`file_problem` is what the windows and the command line show
for any file they cannot read.
"""

from __future__ import annotations

import json
import re

from .atomic_file import SessionFileError

#: A JSON word the file may break off inside ("tr", "fals", "nul").
_WORDS = ("true", "false", "null")
#: A number the file may break off inside ("-", "1.", "2e").  The fraction's digits follow its point, so that a long
#: run of digits has one way to match (``[0-9]*\.?[0-9]*`` tried every split of it: 20 ms for a 4,000-digit number).
_NUMBER_BEGUN = re.compile(r"-?[0-9]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]*)?")


class IncompleteFileError(SessionFileError):
    """A session file that ends before its document does."""

    cause = "It may have been cut short when it was sent or copied."

    def __init__(self, line: int, detail: str) -> None:
        self.line = line
        self.detail = detail
        super().__init__(f"The file is incomplete or damaged: it breaks off at line {line}. {self.cause} "
                         f"Technical detail: {detail}.")

    def for_file(self, name: str) -> str:
        return (f"{name} is incomplete or damaged: it breaks off at line {self.line}. {self.cause}\n\n"
                f"Technical detail: {self.detail}.")


def cut_short(text: str, error: json.JSONDecodeError) -> bool:
    """True if the JSON error comes from the text ending too early: nothing (or a word or string begun but not
    finished) follows where the parser stopped."""
    rest = text[error.pos:].strip()
    if not rest:
        return True
    if error.msg.startswith("Unterminated string"):   # the parser found no closing quote before the end
        return True
    return any(word.startswith(rest) for word in _WORDS) or _NUMBER_BEGUN.fullmatch(rest) is not None


def cut_short_utf8(error: UnicodeDecodeError) -> bool:
    """True if the bytes end in the middle of a character (a multi-byte character cut in two)."""
    return error.reason == "unexpected end of data"


def line_of(raw: bytes, position: int) -> int:
    return raw[:position].count(b"\n") + 1


def file_problem(name: str, error: SessionFileError) -> str:
    """Why the file ``name`` cannot be read, as a window or the command line says it."""
    if isinstance(error, IncompleteFileError):
        return error.for_file(name)
    return f"{name}: {error}"
