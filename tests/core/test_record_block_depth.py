"""Entry data nested 1,000 deep inside a compressed block (issue 38): the outer file's depth limit
(``files.json_gates.MAX_DEPTH``) holds inside blocks too, so reading refuses the file as damaged, in both families,
and ``verify`` says so instead of ending in a ``RecursionError``."""

from __future__ import annotations

import base64
import json
import zlib

import msgspec
import pytest

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.europa import actions, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import SessionFileError
from awaw_desktop.core.files.json_gates import MAX_DEPTH
from awaw_desktop.core.lines import RulesInputError
from awaw_desktop.core.record.blocks import decode_blocks, entry_dicts
from awaw_desktop.core.record.chain import Entry
from awaw_desktop.core.record.verify import verify_bytes

MARK = "__deep__"


def nested(depth: int) -> str:
    """JSON text of objects ``depth`` deep (written by hand: no encoder nests that far)."""
    return '{"x":' * depth + "1" + "}" * depth


def block_with_data(entries: list[dict], depth: int, index: int = -1) -> str:
    """A block of ``entries`` whose entry ``index`` holds data ``depth`` deep."""
    entries = [dict(entry) for entry in entries]
    entries[index]["data"] = MARK
    text = msgspec.json.encode(entries).replace(f'"{MARK}"'.encode(), nested(depth).encode())
    return base64.b64encode(zlib.compress(text)).decode("ascii")


def awaw_file(depth: int) -> bytes:
    session = Session.new(title="Deep")
    session.add_to_record("event", "Japan: war began in Fall 1939")
    document = json.loads(sessionfile.dumps(session))
    document["record"]["blocks"] = [block_with_data(entry_dicts(document["record"]["blocks"]), depth)]
    return json.dumps(document).encode()


def europa_file(depth: int) -> bytes:
    game = actions.new_game(EuropaTurn.parse("Jun II 43"), "Danube", "Ann", "Bob")
    game = game_record.recorded(game, actions.add_nation(game, "Italy"), "Add Italy")
    document = json.loads(gamefile.dumps("europa", game))
    document["record"]["blocks"] = [block_with_data(entry_dicts(document["record"]["blocks"]), depth)]
    return json.dumps(document).encode()


FILES = {"A World at War": awaw_file, "Europa": europa_file}


@pytest.mark.parametrize("family", FILES)
@pytest.mark.parametrize("depth", [1000, 100_000, MAX_DEPTH])
def test_entry_data_nested_too_deep_in_a_block_is_refused_as_damaged(family, depth):
    raw = FILES[family](depth)
    with pytest.raises(SessionFileError, match=f"nested more than {MAX_DEPTH} levels deep"):
        gamefile.loads(raw)
    verification = verify_bytes(raw)
    assert not verification.verified
    assert "not verified: " in verification.words()
    assert f"damaged: record.blocks[0]: values are nested more than {MAX_DEPTH} levels deep" in verification.words()


@pytest.mark.parametrize("family", FILES)
def test_entry_data_as_deep_as_a_file_may_nest_is_read(family):
    """The block's list is level 1, an entry 2, its data 3: data nested MAX_DEPTH - 3 deep (its 1 inside) is read
    as far as depth goes (the chain then says the entry was edited)."""
    raw = FILES[family](MAX_DEPTH - 3)
    with pytest.raises(SessionFileError, match="does not hold at entry"):
        gamefile.loads(raw)
    assert "nested" not in verify_bytes(raw).words()


def test_the_limit_counts_from_the_block():
    entry = {"n": 0, "kind": "begun", "turn": "Fall 1939", "summary": "x", "hash": "0" * 64}
    fits = block_with_data([entry], MAX_DEPTH - 2)      # data at level 3 holds objects to level MAX_DEPTH
    assert len(decode_blocks([fits], Entry, "blocks")) == 1
    deeper = block_with_data([entry], MAX_DEPTH - 1)
    with pytest.raises(RulesInputError, match=rf"blocks\[0\]: values are nested more than {MAX_DEPTH} levels deep"):
        decode_blocks([deeper], Entry, "blocks")
