"""The project's fault hunt (tools/fault_hunt.py, issue 38) can make its files: a rule that refuses one of its seed
games (as issue 35.4's refusal of a paper envelope by e-mail did) must not leave a hunt that changes no file."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

TOOLS = Path(__file__).resolve().parents[2] / "tools"


@pytest.fixture(scope="module")
def hunt():
    sys.path.insert(0, str(TOOLS))
    try:
        import fault_hunt
    finally:
        sys.path.remove(str(TOOLS))
    return fault_hunt


@pytest.mark.parametrize("key", ["awaw", "europa"])
def test_the_hunt_makes_files_from_every_kind_of_seed(hunt, key):
    made = [hunt.hunted(random.Random(f"seeds-{key}-{number}"), key) for number in range(24)]
    assert all(raw for _name, raw, _how in made)
    names = {name for name, _raw, _how in made}
    assert any("mail" in name for name in names), names   # the e-mail games with keys, dice and sent turns
