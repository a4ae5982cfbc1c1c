"""What a JSON value must be to be stored in a file, and a fast way to read what we wrote ourselves.

What loads must save: a value nested deeper than :data:`MAX_DEPTH`, a number that is no finite JSON
number (``1e400`` read as infinity), text with a lone surrogate (``"\\ud800"``, which UTF-8 cannot hold) or
an object with the same key twice is refused (:func:`unstorable`, and the hooks of the careful parse in
``files.document.parse_json``).

:func:`parse_canonical` reads bytes exactly as ``pydantic_core.to_json`` writes them (the session file with
two-space indentation, the undo checkpoints with one) in a fraction of the careful parse's time, and returns
None for anything else, which then goes the careful way.  Equal bytes prove most of the rules at once: a
repeated key would have been dropped, ``1e400`` would come back as ``Infinity``, a lone surrogate does not
parse; and in indented text nothing nests deeper than its deepest indentation says.
"""

from __future__ import annotations

import contextlib
import gc
import json
import math
from collections.abc import Iterator
from typing import Any

import pydantic_core

#: Deepest nesting of arrays/objects accepted anywhere in a file.
MAX_DEPTH = 48


@contextlib.contextmanager
def collector_paused() -> Iterator[None]:
    """Python's cycle collector held off while a file's many small objects are made: in a long game each
    pass would walk everything the game holds (a 1,000-turn file loads three times faster).  Whatever
    is garbage then is collected at the next pass after."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_canonical(raw: bytes, indent: int, end: bytes = b"") -> Any | None:
    """The value ``raw`` holds if ``raw`` is exactly ``pydantic_core.to_json(value, indent=indent) + end`` and it
    nests no deeper than :data:`MAX_DEPTH` (then :func:`unstorable` has nothing to say about it); else None."""
    try:
        data = pydantic_core.from_json(raw, allow_inf_nan=False)
        again = pydantic_core.to_json(data, indent=indent)
    except (ValueError, TypeError, RecursionError, pydantic_core.PydanticSerializationError):
        return None
    if len(again) + len(end) != len(raw) or not raw.startswith(again) or not raw.endswith(end):
        return None
    # an array or object at depth MAX_DEPTH + 1 sits in a line indented MAX_DEPTH times
    if b"\n" + b" " * (indent * MAX_DEPTH) in raw:
        return None   # perhaps too deep: the careful way says
    return data


def to_canonical(value: Any, indent: int | None) -> bytes:
    """``value`` as :func:`parse_canonical` reads it fast (``value`` must pass :func:`unstorable`)."""
    return pydantic_core.to_json(value, indent=indent)


def short(value: Any, limit: int = 40) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError, RecursionError):
        text = repr(value)
    text = printable(text)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def printable(text: str) -> str:
    """``text`` with lone surrogates written as ``\\udxxx`` (so a message can always be printed)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def unstorable(data: Any) -> str | None:
    """Why ``data`` could not be written back exactly as read (iterative: no recursion), or None.

    What loads must save: nesting deeper than :data:`MAX_DEPTH`, a number that is no finite
    JSON number (``1e400`` read as infinity), text with a lone surrogate (``\\ud800``, which
    UTF-8 cannot store), anything that is not a JSON value."""
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if not encodable(value):
                return f"the text {short(value)} holds a lone surrogate, which a UTF-8 file cannot store"
            continue
        if value is None or isinstance(value, (bool, int)):
            continue
        if isinstance(value, float):
            if not math.isfinite(value):
                return f"the number {value} is too large for a file (or not a number)"
            continue
        if isinstance(value, (dict, list, tuple)):
            if depth > MAX_DEPTH:
                return f"values are nested more than {MAX_DEPTH} levels deep"
            if isinstance(value, dict):
                for key in value:
                    if not isinstance(key, str):
                        return f"the key {short(key)} is not text"
                    stack.append((key, depth))
                children: Any = value.values()
            else:
                children = value
            stack.extend((child, depth + 1) for child in children)
            continue
        return f"{type(value).__name__} is not a JSON value"
    return None


def encodable(text: str) -> bool:
    """The text can be written as UTF-8 (no lone surrogates: a POSIX file name that is not UTF-8)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result: dict[str, Any] = {}
    for key, value in pairs:
        if key in result:
            raise ValueError(f"the key {key!r} appears twice in one object")
        result[key] = value
    return result
