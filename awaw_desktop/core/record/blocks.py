"""How a game record sits in a file: its entries in blocks of :data:`BLOCK` entries, each block a JSON array
compressed with zlib and written as base64 text.

A record grows by a few entries a turn and never changes what it holds, so a block once full is compressed once and
kept (:data:`_made`): saving a game of a thousand turns compresses only its last block.  The entries' hashes (random
to the eye) are most of what a block holds; their words and facts compress well, so a thousand turns of a game come
to a few hundred KiB.  Reading refuses a block that is not base64, not zlib, larger than :data:`MAX_BLOCK_BYTES` once
inflated, or beyond :data:`MAX_RECORD_BYTES` for the whole record (a hostile file cannot make reading it eat the
memory), or not a list of well-formed entries, or nesting values deeper than the rest of the file may
(``files.json_gates.MAX_DEPTH``, counted from the block's own list: an entry's data 1,000 deep ended reading in a
``RecursionError`` that nothing caught, issue 38).
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Sequence
from typing import Any

import msgspec

from ..lines import RulesInputError

#: Entries per block.
BLOCK = 128
#: The most a block may hold once inflated, and the most blocks a record may have.
MAX_BLOCK_BYTES = 8 * 1024 * 1024
MAX_BLOCKS = 200
#: The most a whole record may hold once inflated: the largest honest record (``chain.MAX_ENTRIES``, 20,000 entries)
#: at some 1.7 KB an entry, nearly three times a typical one (the benchmark's 1,000-turn record: 2,001 entries,
#: 1.2 MB inflated, 285 KiB in the file; an e-mail game's signed entries are smaller).  Without it the limits
#: multiply: a file under 5 MB held 1.1 GB of record.
MAX_RECORD_BYTES = 32 * 1024 * 1024
#: (the block's last entry hash, its length) -> its text, for blocks written or read: entries never change once made.
_made: dict[tuple[str, int], str] = {}
_MADE_MOST = 4096


def _remember(key: tuple[str, int], text: str) -> None:
    if len(_made) >= _MADE_MOST:
        _made.clear()
    _made[key] = text


def encode_blocks(entries: Sequence[Any]) -> list[str]:
    """The blocks of a record's entries (``chain.Entry`` values, with ``hash``)."""
    texts = []
    for start in range(0, len(entries), BLOCK):
        block = entries[start:start + BLOCK]
        key = (block[-1].hash, len(block))
        text = _made.get(key)
        if text is None:
            text = base64.b64encode(zlib.compress(msgspec.json.encode(list(block)), 6)).decode("ascii")
            _remember(key, text)
        texts.append(text)
    return texts


def _inflate(text: Any, where: str, budget: int = MAX_BLOCK_BYTES) -> bytes:
    """A block's bytes, at most ``budget`` of them (what is left of :data:`MAX_RECORD_BYTES`)."""
    if not isinstance(text, str):
        raise RulesInputError(f"{where}: expected base64 text")
    if budget <= 0:   # (zlib takes a limit of 0 as none)
        raise RulesInputError(f"{where}: the game record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB once "
                              "inflated, more than the longest game could record")
    try:
        packed = base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise RulesInputError(f"{where}: not valid base64 text") from None
    inflater = zlib.decompressobj()
    try:
        raw = inflater.decompress(packed, min(budget, MAX_BLOCK_BYTES))
    except zlib.error:
        raise RulesInputError(f"{where}: not zlib-compressed entries") from None
    if budget < MAX_BLOCK_BYTES and len(raw) >= budget and (inflater.unconsumed_tail or not inflater.eof):
        raise RulesInputError(f"{where}: the game record is larger than {MAX_RECORD_BYTES // (1024 * 1024)} MB once "
                              "inflated, more than the longest game could record")
    if inflater.unconsumed_tail or not inflater.eof:
        raise RulesInputError(f"{where}: larger than {MAX_BLOCK_BYTES // (1024 * 1024)} MB once inflated, or cut short")
    return raw


def _too_deep(block: list[Any]) -> bool:
    """Some entry's data nests deeper than ``MAX_DEPTH`` counted from the block (the block's list is level 1,
    an entry 2, its data 3); level by level, so no depth of nesting can exhaust the stack."""
    from ..files.json_gates import MAX_DEPTH  # (json_gates loads pydantic_core: not before a file is read)

    level: list[Any] = [entry.data for entry in block]
    depth = 3
    while level:
        if depth > MAX_DEPTH:
            return True
        below: list[Any] = []
        for value in level:
            below.extend(child for child in (value.values() if type(value) is dict else value)
                         if type(child) is dict or type(child) is list)
        level, depth = below, depth + 1
    return False


def deep_refusal(where: str) -> RulesInputError:
    from ..files.json_gates import MAX_DEPTH

    return RulesInputError(f"{where}: values are nested more than {MAX_DEPTH} levels deep")


def decode_blocks(blocks: Any, entry_type: Any, where: str) -> list[Any]:
    """The entries of a record's blocks, each checked for its shape (``entry_type``: ``chain.Entry``)."""
    if not isinstance(blocks, list) or len(blocks) > MAX_BLOCKS:
        raise RulesInputError(f"{where}: expected a list of at most {MAX_BLOCKS} blocks")
    entries: list[Any] = []
    left = MAX_RECORD_BYTES
    for index, text in enumerate(blocks):
        at = f"{where}[{index}]"
        raw = _inflate(text, at, left)
        left -= len(raw)
        try:
            block = msgspec.json.decode(raw, type=list[entry_type], strict=True)
        except msgspec.ValidationError as error:
            raise RulesInputError(f"{at}: {str(error).lower()}") from None
        except msgspec.DecodeError:
            raise RulesInputError(f"{at}: not a list of record entries") from None
        except RecursionError:   # msgspec's own limit, far deeper than any file may nest
            raise deep_refusal(at) from None
        if _too_deep(block):
            raise deep_refusal(at)
        if not block or (len(block) != BLOCK and index != len(blocks) - 1) or len(block) > BLOCK:
            raise RulesInputError(f"{at}: every block but the last holds {BLOCK} entries")
        entries.extend(block)
    return entries


def remember_blocks(entries: Sequence[Any], blocks: Sequence[str]) -> None:
    """Keep the text of blocks read from a file whose chain was checked, so saving it again compresses nothing
    twice.  (Never before the check: a block edited by hand keeps its entries' stored hashes, which would then stand
    for the honest block.)"""
    for index, text in enumerate(blocks):
        block = entries[index * BLOCK:(index + 1) * BLOCK]
        if block:
            _remember((block[-1].hash, len(block)), text)


def entry_dicts(blocks: Sequence[str]) -> list[dict[str, Any]]:
    """The entries of a record's blocks as plain JSON objects, unchecked (to read a record, or to tamper with one in
    a test: ``blocks_of`` writes them back)."""
    return [entry for text in blocks for entry in msgspec.json.decode(_inflate(text, "block"))]


def blocks_of(dicts: Sequence[dict[str, Any]]) -> list[str]:
    """Blocks holding these plain entries as they are (no hash made again): what an edit by hand writes."""
    return [base64.b64encode(zlib.compress(msgspec.json.encode(list(dicts[start:start + BLOCK])))).decode("ascii")
            for start in range(0, len(dicts), BLOCK)]
