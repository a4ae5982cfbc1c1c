"""The undo checkpoints a session file keeps (its ``checkpoints`` text), so a reopened game can still be undone.

Format 3: base64 of zlib-compressed JSON (one-space indentation), a list of the latest :data:`MAX_CHECKPOINTS`
checkpoints, oldest first.  Consecutive checkpoints are nearly equal, so each is stored as its changes against
the one before (the first against an empty state): ``{"title", "turn", "history_length", "dice_length",
"state": {changed fields}, "removed": {field: [keys]}}``, where ``state.title`` is the new title and each other
field holds only the keys whose value changed.  Reading gives every checkpoint its whole state again (values
that did not change are shared between consecutive checkpoints: nothing changes a checkpoint once made).

A save encodes only checkpoints it has not met before (each is remembered with the one before it), and the
whole text again only when the list changed.  Format 2 stored each whole state; :func:`from_version_2`
converts such a file.
"""

from __future__ import annotations

import base64
import itertools
import json
import threading
import zlib
from collections.abc import Sequence
from typing import Any

from pydantic import TypeAdapter, ValidationError

from ..files.atomic_file import SessionFileError
from ..files.json_gates import (
    finite_float,
    no_duplicates,
    parse_canonical,
    refuse_constant,
    short,
    to_canonical,
    unstorable,
)
from .session_models import CheckpointModel, CheckpointStepModel

#: Most checkpoints a file keeps (a long campaign keeps the latest).
MAX_CHECKPOINTS = 400
#: A few hundred turns inflate to a few MB: more is a bomb, never inflated.
INFLATE_LIMIT = 64 * 1024 * 1024
#: The fields of a checkpoint's state that are objects; ``title`` is text.
OBJECT_FIELDS = ("players", "inputs", "carry", "outcomes", "facts")
STATE_FIELDS = ("title", *OBJECT_FIELDS)
_STEPS: TypeAdapter[list[CheckpointStepModel]] = TypeAdapter(list[CheckpointStepModel])
_EMPTY_STATE: dict[str, Any] = {"title": "", **{field: {} for field in OBJECT_FIELDS}}   # read, never changed

#: (id(before), id(point)) -> (before, point, the point's step as text, or as read from a file); the objects are
#: held, so ids stay theirs.
_steps_met: dict[tuple[int, int], tuple[Any, Any, bytes | dict[str, Any]]] = {}
#: The last text made: the checkpoints it holds (held) and the text.
_last: list[Any] = [(), ""]
_memo_lock = threading.Lock()


def _damaged(error: object) -> SessionFileError:
    return SessionFileError(f"damaged: the undo checkpoints cannot be read ({short(str(error), 80)})")


def _same(old: Any, new: Any) -> bool:
    """True if the two JSON values would be written alike (``1``, ``1.0`` and ``true`` differ here)."""
    if old is new:
        return True
    if type(old) is not type(new) or old != new:
        return False
    if isinstance(new, (dict, list, float)):
        try:
            return to_canonical(old, None) == to_canonical(new, None)
        except Exception:   # not a JSON value: written as a change, and refused there
            return False
    return True


def _step(before: dict[str, Any] | None, point: dict[str, Any]) -> dict[str, Any]:
    """``point`` as its changes against ``before`` (None: the first kept checkpoint)."""
    base = before["state"] if before is not None else _EMPTY_STATE
    state = point["state"]
    if not isinstance(state, dict) or set(state) != set(STATE_FIELDS) or not isinstance(state["title"], str) \
            or not all(isinstance(state[field], dict) for field in OBJECT_FIELDS):
        raise SessionFileError("an undo checkpoint does not hold a whole state")
    changes: dict[str, Any] = {}
    removed: dict[str, list[str]] = {}
    if state["title"] != base["title"]:
        changes["title"] = state["title"]
    for field in OBJECT_FIELDS:
        old, new = base[field], state[field]
        if old is new:
            continue
        changed = {key: value for key, value in new.items() if key not in old or not _same(old[key], value)}
        gone = [key for key in old if key not in new]
        if changed:
            changes[field] = changed
        if gone:
            removed[field] = gone
    step = {"title": point["title"], "turn": {"season": point["turn"]["season"], "year": point["turn"]["year"]},
            "history_length": point["history_length"], "dice_length": point["dice_length"], "state": changes}
    if removed:
        step["removed"] = removed
    return step


def _step_text(before: dict[str, Any] | None, point: dict[str, Any]) -> bytes:
    """The step of ``point`` as it sits in the list (remembered: a checkpoint never changes once made)."""
    with _memo_lock:   # a recovery copy may be read on another thread
        met = _steps_met.pop((id(before), id(point)), None)
        if met is not None and met[0] is before and met[1] is point:
            _steps_met[(id(before), id(point))] = met   # met again: the last to be forgotten
        else:
            met = None
    if met is not None:
        if isinstance(met[2], bytes):
            return met[2]
        text = _listed(met[2])   # a step read from a file (checked then): written as it was read
        _meet(before, point, text)
        return text
    try:
        step = _step(before, point)
    except (KeyError, TypeError, AttributeError) as error:
        raise SessionFileError(f"an undo checkpoint is incomplete ({short(str(error))})") from None
    problem = unstorable(step)
    if problem is not None:
        raise SessionFileError(f"an undo checkpoint holds what a file cannot store: {problem}")
    try:
        CheckpointStepModel.model_validate(step)
    except ValidationError as error:
        raise SessionFileError(f"an undo checkpoint cannot be stored ({short(str(error), 80)})") from None
    text = _listed(step)
    _meet(before, point, text)
    return text


def _listed(step: dict[str, Any]) -> bytes:
    """A step as it sits in the list (one more space of indentation)."""
    return b" " + to_canonical(step, 1).replace(b"\n", b"\n ")


def _meet(before: dict[str, Any] | None, point: dict[str, Any], step: bytes | dict[str, Any]) -> None:
    _meet_all([(before, point, step)])


def _meet_all(met: list[tuple[dict[str, Any] | None, dict[str, Any], bytes | dict[str, Any]]]) -> None:
    with _memo_lock:
        if len(_steps_met) + len(met) > 8 * MAX_CHECKPOINTS:   # forget those met longest ago
            for old in list(itertools.islice(_steps_met, len(_steps_met) + len(met) - 6 * MAX_CHECKPOINTS)):
                del _steps_met[old]
        for before, point, step in met:
            _steps_met[(id(before), id(point))] = (before, point, step)


def encode_checkpoints(checkpoints: Sequence[dict[str, Any]]) -> str:
    """The ``checkpoints`` text of a file (the latest :data:`MAX_CHECKPOINTS`); raises :class:`SessionFileError`
    for a checkpoint that could not be read back."""
    kept = list(checkpoints[-MAX_CHECKPOINTS:])
    if not kept:
        return ""
    with _memo_lock:
        held, text = _last
    if len(held) == len(kept) and all(a is b for a, b in zip(held, kept, strict=True)):
        return str(text)
    steps = [_step_text(before, point) for before, point in zip([None, *kept], kept, strict=False)]
    raw = b"[\n" + b",\n".join(steps) + b"\n]"
    text = base64.b64encode(zlib.compress(raw, 6)).decode("ascii")
    with _memo_lock:
        _last[:] = [kept, text]
    return text


def _inflate(text: str) -> bytes:
    inflater = zlib.decompressobj()
    raw = inflater.decompress(base64.b64decode(text.encode("ascii"), validate=True), INFLATE_LIMIT)
    if inflater.unconsumed_tail or not inflater.eof:
        raise ValueError("too large or cut short")
    return raw


def _parse(raw: bytes) -> Any:
    """The JSON in ``raw``: fast if it is as we write it, else carefully (every value checked)."""
    data = parse_canonical(raw, 1)
    if data is None:
        data = json.loads(raw.decode("utf-8"), parse_constant=refuse_constant, parse_float=finite_float,
                          object_pairs_hook=no_duplicates)
        problem = unstorable(data)   # what loads must save
        if problem:
            raise ValueError(problem)
    if not isinstance(data, list):
        raise ValueError("not a list of checkpoints")
    return data


def _in_order(before: Sequence[dict[str, Any]], point: dict[str, Any]) -> None:
    """A checkpoint never cuts the record back to less than the one before it does: going back to it keeps the
    earlier checkpoints, and none of them may then be ahead of the record (a file could not be saved)."""
    if before and (point["history_length"] < before[-1]["history_length"]
                   or point["dice_length"] < before[-1]["dice_length"]):
        raise SessionFileError("damaged: the undo checkpoints are out of order (one keeps less of the game record "
                               "than the one before it)")


def decode_checkpoints(text: str, history_length: int, dice_length: int) -> list[dict[str, Any]]:
    """The checkpoints of a format-3 file, each with its whole state, checked (each must fit the record it
    cuts back); raises :class:`SessionFileError`."""
    if not text:
        return []
    try:
        steps = _parse(_inflate(text))
        _STEPS.validate_python(steps)
    except (ValueError, TypeError, zlib.error, UnicodeError, RecursionError, ValidationError) as error:
        raise _damaged(error) from None
    state: dict[str, Any] = {"title": "", **{field: {} for field in OBJECT_FIELDS}}
    points: list[dict[str, Any]] = []
    for step in steps:
        changes, removed = step.get("state", {}), step.get("removed", {})
        if changes or removed:
            state = dict(state)
            if changes.get("title") is not None:
                state["title"] = changes["title"]
            for field in OBJECT_FIELDS:
                changed, gone = changes.get(field), removed.get(field)
                if changed or gone:
                    values = {**state[field], **(changed or {})}
                    for key in gone or ():
                        values.pop(key, None)
                    state[field] = values
        if step["history_length"] > history_length or step["dice_length"] > dice_length:
            raise SessionFileError("damaged: an undo checkpoint is ahead of the game record")
        _in_order(points, step)
        points.append({"title": step["title"], "turn": {"season": step["turn"]["season"], "year": step["turn"]["year"]},
                       "history_length": step["history_length"], "dice_length": step["dice_length"],
                       "state": state})
    # checked: saving the game again writes the steps as they were read
    _meet_all(list(zip([None, *points], points, steps, strict=False)))
    with _memo_lock:
        _last[:] = [list(points), text]
    return points


def _text_size(value: Any, memo: dict[int, tuple[Any, tuple[int, int]]]) -> tuple[int, int]:
    """(bytes, line breaks) of ``value`` written with two-space indentation, remembered for the very object."""
    met = memo.get(id(value))
    if met is not None and met[0] is value:
        return met[1]
    text = to_canonical(value, 2)
    size = (len(text), text.count(b"\n"))
    memo[id(value)] = (value, size)
    return size


def _field_size(values: dict[str, Any], memo: dict[int, tuple[Any, tuple[int, int]]]) -> tuple[int, int]:
    """(bytes, line breaks) of an object field of the state as ``to_canonical(..., 2)`` writes it, from the sizes
    of its values (a checkpoint shares the values that did not change with the one before: each is sized once)."""
    met = memo.get(id(values))
    if met is not None and met[0] is values:
        return met[1]
    if not values:
        size = (2, 0)
    else:
        length, breaks = 4 + 2 * (len(values) - 1), 2 + len(values) - 1     # "{\n" ... ",\n" ... "\n}"
        for key, value in values.items():
            value_length, value_breaks = _text_size(value, memo)
            key_length, _ = _text_size(key, memo)
            length += 4 + key_length + value_length + 2 * value_breaks        # '  "key": ' and the value indented
            breaks += value_breaks
        size = (length, breaks)
    memo[id(values)] = (values, size)
    return size


def written_state_sizes(states: Sequence[dict[str, Any]]) -> list[int]:
    """How many bytes each state (``title`` and the object fields) takes in a session file as it is written
    (two-space indentation, the fields one level in), exactly; values shared between states are sized once.
    The loader compares a checkpoint's with the game's own, so that no undo gives back a game too large for a
    file (``sessionfile``)."""
    memo: dict[int, tuple[Any, tuple[int, int]]] = {}
    sizes: list[int] = []
    for state in states:
        total = _text_size(state["title"], memo)[0]
        for field in OBJECT_FIELDS:
            length, breaks = _field_size(state[field], memo)
            total += length + 2 * breaks
        sizes.append(total)
    return sizes


def decode_version_2(text: str, history_length: int, dice_length: int) -> list[dict[str, Any]]:
    """The checkpoints of a format-2 file (each held its whole state), checked as format 2 did."""
    if not text:
        return []
    try:
        data = _parse(_inflate(text))
        for item in data:
            CheckpointModel.model_validate(item)
            state = item["state"]
            if set(state) != set(STATE_FIELDS) or not isinstance(state["title"], str) \
                    or not all(isinstance(state[field], dict) for field in OBJECT_FIELDS):
                raise ValueError("an undo checkpoint does not hold a whole state")
    except (ValueError, TypeError, zlib.error, UnicodeError, RecursionError, ValidationError) as error:
        raise _damaged(error) from None
    for index, point in enumerate(data):
        if point["history_length"] > history_length or point["dice_length"] > dice_length:
            raise SessionFileError("damaged: an undo checkpoint is ahead of the game record")
        _in_order(data[:index][-1:], point)
        point["turn"] = {"season": point["turn"]["season"], "year": point["turn"]["year"]}
    points: list[dict[str, Any]] = data
    return points


def from_version_2(document: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: the undo checkpoints, each a whole state, become each its changes against the one before."""
    text = document.get("checkpoints", "")
    if not isinstance(text, str) or not text:
        return document   # the model says what is wrong with it, if anything
    history, dice = document.get("history"), document.get("dice")
    points = decode_version_2(text, len(history) if isinstance(history, list) else 0,
                              len(dice) if isinstance(dice, list) else 0)
    try:
        return {**document, "checkpoints": encode_checkpoints(points)}
    except SessionFileError as error:
        raise _damaged(error) from None
