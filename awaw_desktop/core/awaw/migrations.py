"""The session file's versions: the one this code writes, and one named step per older version that brings its
document to the next, each saying what changed and why.  Every past fixture in ``tests/fixtures`` must keep loading
(``sessionfile`` reads through :func:`migrate`)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

from ..files.atomic_file import SessionFileError
from ..files.document import FORMAT_NAME
from ..files.json_gates import short
from ..lines import RulesInputError
from . import assess, checkpoint_blob, facts_version_1
from . import facts as war_facts
from .common import Edition, Scenario

#: The version this code writes; it reads this one and, through :data:`MIGRATIONS`, older ones.
FORMAT_VERSION = 4


def _facts_from_version_1(document: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: the facts several tables repeated (who is at war, who holds Singapore ...)
    become one ``facts`` object; the tables keep only what is theirs alone.  Where two tables
    disagreed, the first in ``awaw.facts.BINDINGS`` order wins and the note says so (``reconciled``)."""
    from .common import Turn

    try:
        edition, scenario = Edition(document["edition"]), Scenario(document["scenario"])
        turn = Turn(document["turn"]["year"], document["turn"]["season"])
    except (KeyError, TypeError, ValueError, RulesInputError) as error:
        raise ValueError(f"edition, scenario or turn unreadable: {error}") from None
    inputs = document.get("inputs") or {}
    carry = document.get("carry") or {}
    if not isinstance(inputs, dict) or not isinstance(carry, dict) or \
            not all(isinstance(v, dict) for v in (*inputs.values(), *carry.values())):
        raise ValueError("inputs and carry must be objects of objects")
    labels = {power: {line.id: line.label for line in assess.lines(power, edition, scenario)}
              for power in assess.ORDER}

    def present(power: str, line_id: str) -> str | None:
        return labels.get(power, {}).get(line_id)

    defaults = {power: {line.id: line.default() for line in assess.lines(power, edition, scenario)}
                for power in assess.ORDER}

    def default_of(power: str, line_id: str) -> Any:
        return defaults[power][line_id]

    facts, notes = facts_version_1.from_tables(edition, turn, inputs, carry, present, default_of)
    new_inputs: dict[str, Any] = {}
    for power, values in inputs.items():
        kept: dict[str, Any] = {}
        for line_id, value in values.items():
            if war_facts.bindings(power, line_id) and present(power, line_id):
                bound = war_facts.bound_options(power, line_id)
                if not bound or not isinstance(value, list):
                    continue
                value = [key for key in value if key not in bound]
            kept[line_id] = value
        new_inputs[power] = kept
    new_carry = {power: {k: v for k, v in values.items()
                         if not (power == "japan" and k in war_facts.JAPAN_CLOCK_KEYS)}
                 for power, values in carry.items()}
    return {**document, "inputs": new_inputs, "carry": new_carry, "facts": facts, "reconciled": notes}


#: ``MIGRATIONS[n]`` turns a version-``n`` document into a version-``n + 1`` document; every past
#: fixture in ``tests/fixtures`` must keep loading.
def _record_begins(document: dict[str, Any]) -> dict[str, Any]:
    """Version 3 -> 4: the game record.  A file from before it has none: its record starts when it is read, made
    by :func:`_session_from` (``record_begins``), so the document itself is unchanged."""
    return document


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _facts_from_version_1,
                                                                      2: checkpoint_blob.from_version_2,
                                                                      3: _record_begins}




def _kind_of(value: Any) -> str:
    if isinstance(value, list):
        return "a JSON list"
    if isinstance(value, str):
        return "a JSON string"
    if isinstance(value, bool):
        return "a JSON true/false"
    if isinstance(value, (int, float)):
        return "a JSON number"
    if value is None:
        return "JSON null"
    return f"a {type(value).__name__}"


def migrate(data: dict[str, Any], migrations: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] | None = None,
            current: int | None = None) -> dict[str, Any]:
    """Bring a parsed document of any supported version to the current version.

    Checks the ``format`` marker and the ``version`` first.  ``migrations`` and ``current``
    default to :data:`MIGRATIONS` and :data:`FORMAT_VERSION`.  The input is not changed
    (a current document is returned as it is)."""
    migrations = MIGRATIONS if migrations is None else migrations
    current = FORMAT_VERSION if current is None else current
    if not isinstance(data, dict):
        raise SessionFileError(f"not a session file (it holds {_kind_of(data)}, not a JSON object)")
    marker = data.get("format")
    if marker != FORMAT_NAME:
        if "format" not in data:
            raise SessionFileError('not a session file (it has no "format" field)')
        shown = marker if isinstance(marker, str) else json.dumps(marker)[:40]
        raise SessionFileError(f"not a session file (its format is {shown!r}, not {FORMAT_NAME!r})")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise SessionFileError("damaged: version must be a whole number"
                               + (" (it is missing)" if "version" not in data else f" (got {short(version)})"))
    if version > current:
        raise SessionFileError(f"made by a newer version of awaw-desktop (format {version}; "
                               f"this version reads up to {current})")
    oldest = min([*migrations, current])
    if version < oldest:
        reads = f"versions {oldest} to {current}" if oldest < current else f"version {current}"
        raise SessionFileError(f"damaged: unknown format version {version} (this version reads {reads})")
    document = data if version == current else copy.deepcopy(data)
    while version < current:
        step = migrations.get(version)
        if step is None:
            raise SessionFileError(f"format {version} files cannot be read by this version of awaw-desktop")
        try:
            document = step(document)
        except SessionFileError:
            raise
        except Exception as error:  # a migration meets a damaged old file
            raise SessionFileError(f"damaged: cannot convert this format {version} file ({error})") from error
        version += 1
        document["version"] = version
    return document


