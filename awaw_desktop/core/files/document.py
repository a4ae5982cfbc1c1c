"""The ``.awaw`` file's envelope, the same for every rules family: its suffix, its ``format`` marker, and the
first gate every file goes through (bytes to a JSON document: size, UTF-8, strict JSON, storable values).

What the document holds past ``format``, ``family`` and ``version`` is its family's business (``core.family``).
"""

from __future__ import annotations

import json
from typing import Any

from .atomic_file import MAX_FILE_SIZE, SessionFileError, too_large
from .incomplete_file import IncompleteFileError, cut_short, cut_short_utf8, line_of
from .json_gates import finite_float, no_duplicates, refuse_constant, unstorable

#: The file name suffix of a game file.
SESSION_SUFFIX = ".awaw"
#: The value of the ``format`` field.
FORMAT_NAME = "awaw-desktop-session"


def parse_json(raw: bytes, marker: str = FORMAT_NAME) -> Any:
    """Parse the bytes of a file that should hold a ``marker`` document.

    Size cap, UTF-8 (a byte order mark is allowed), strict JSON.  Where the bytes do not
    even mention ``marker`` the message says "not a session file", else "damaged"."""
    if not isinstance(raw, (bytes, bytearray, memoryview)):
        raise SessionFileError(f"not a session file (expected bytes, got {type(raw).__name__})")
    raw = bytes(raw)
    if len(raw) > MAX_FILE_SIZE:
        raise too_large(len(raw))
    ours = marker.encode() in raw
    if not raw.strip():
        raise SessionFileError("not a session file (the file is empty)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        if ours and cut_short_utf8(error):
            raise IncompleteFileError(line_of(raw, error.start),
                                      f"the text ends inside a character (byte {error.start})") from None
        if ours:
            raise SessionFileError(f"damaged: not UTF-8 text (byte {error.start})") from None
        raise SessionFileError("not a session file (it is not a text file)") from None
    try:
        data = json.loads(text, parse_constant=refuse_constant, parse_float=finite_float,
                          object_pairs_hook=no_duplicates)
    except json.JSONDecodeError as error:
        reason = error.msg.lower().removesuffix(" at")
        if ours and cut_short(text, error):   # the player's words first: a file cut short (a copy, a mail)
            raise IncompleteFileError(error.lineno, f"invalid JSON at line {error.lineno} column {error.colno} "
                                                    f"({reason})") from None
        if ours:
            raise SessionFileError(f"damaged: invalid JSON at line {error.lineno} column {error.colno} "
                                   f"({reason})") from None
        raise SessionFileError(f"not a session file (it is not JSON: {reason} at line "
                               f"{error.lineno} column {error.colno})") from None
    except RecursionError:
        raise SessionFileError("damaged: values are nested too deeply") from None
    except ValueError as error:  # NaN/Infinity, duplicate keys, integers too long to convert
        if "integer string conversion" in str(error):
            error = ValueError("a number has too many digits")
        if ours:
            raise SessionFileError(f"damaged: {error}") from None
        raise SessionFileError(f"not a session file (it is not valid JSON: {error})") from None
    problem = unstorable(data)
    if problem is not None:
        raise SessionFileError(f"damaged: {problem}" if ours else f"not a session file ({problem})")
    return data
