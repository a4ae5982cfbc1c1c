"""The undo stage of ``tools/fault_hunt.py``: from every past fixture and example of both families, the Europa seeds
and the games played by e-mail, random entries, facts, carried values and ends of turn through the window's store (A
World at War) or holder (Europa), all undone, then redone.  The game saved without its record must be the one
before, then the one after; the record as the design defines it: it keeps every entry it had (an undo adds its
"Undone" entry, by design), its chain holds, and the game agrees with it (when the start did)."""

from __future__ import annotations

import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from fault_hunt_files import europa_games  # noqa: E402
from fault_hunt_records import mail_seeds  # noqa: E402

from awaw_desktop.core.awaw import assess, sessionfile  # noqa: E402
from awaw_desktop.core.awaw import facts as war_facts  # noqa: E402
from awaw_desktop.core.awaw.common import LAST_YEAR, Season, Turn  # noqa: E402
from awaw_desktop.core.awaw.session import apply_end_of_turn  # noqa: E402
from awaw_desktop.core.family import get as family  # noqa: E402
from awaw_desktop.core.files import gamefile  # noqa: E402
from awaw_desktop.core.lines import RulesInputError  # noqa: E402

# -- undo ---------------------------------------------------------------------------------------------------

def _without_record(raw: bytes) -> Any:
    """A saved document but its game record: what undo gives back (the record only ever grows: an undo adds its
    "Undone" entry, by design, docs/game-record.md)."""
    document = json.loads(raw)
    document.pop("record", None)
    return document


def _agrees(key: str, raw: bytes) -> bool:
    return family(key).check_record(raw)[1] is None


def _record_as_designed(before: Any, after: Any, key: str, raw: bytes, what: str, agreed: bool) -> list[str]:
    """What the design asks of the record across an undo or a redo: it keeps every entry it had (``after`` begins
    with ``before``'s entries), its chain holds, and the game saved agrees with it (``agreed``: if the start did)."""
    faults = []
    if after.entries[:len(before.entries)] != before.entries:
        faults.append(f"{what}: the record lost or changed an entry it had")
    if after.problem() is not None:
        faults.append(f"{what}: the record does not hold: {after.problem().words()}")
    _record, problem = family(key).check_record(raw)
    if problem is not None and agreed:
        faults.append(f"{what}: the game does not agree with its record: {problem.what[:80]}")
    return faults


def _undo_starts() -> list[tuple[str, str, Any]]:
    """(family, name, game) of every start: the A World at War fixtures and examples (the Europa ones go to the
    Europa holder), the Europa seeds, the games played by e-mail."""
    paths = sorted((ROOT / "tests" / "fixtures").glob("*.awaw")) + sorted((ROOT / "resources" / "examples")
                                                                         .glob("*.awaw"))
    starts = []
    for path in paths:
        loaded = gamefile.load(path)
        starts.append((loaded.family, path.name, loaded.game))
    starts += [("europa", f"europa-{index}", game) for index, game in enumerate(europa_games())]
    for key, documents in mail_seeds().items():
        starts += [(key, name, gamefile.loads(json.dumps(document).encode()).game) for name, document in documents]
    return starts


def undo_worker(job: tuple[int, int, int]) -> dict[str, Any]:
    from PySide6.QtWidgets import QApplication

    from awaw_desktop.ui.awaw.store import SessionStore
    from awaw_desktop.ui.europa.holder import EuropaGameHolder

    start, count, seed = job
    _app = QApplication.instance() or QApplication([])
    starts = _undo_starts()
    figures: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    for number in range(start, start + count):
        rng = random.Random(f"{seed}-undo-{number}")
        key, name, game = rng.choice(starts)
        if key == "awaw":
            store: Any = SessionStore(sessionfile.loads(sessionfile.dumps(game)))
            store.replace_session(store.session, reopened=True)
            saved = lambda store=store: sessionfile.dumps(store.session)   # noqa: E731
            record = lambda store=store: store.session.record   # noqa: E731
            step = _step_of
        else:
            store = EuropaGameHolder(game)
            saved = lambda store=store: gamefile.dumps("europa", store.game)   # noqa: E731
            record = lambda store=store: store.game.record   # noqa: E731
            step = _europa_step_of
        stack = store.undo_stack
        first, start_raw, record_before = stack.index(), saved(), record()
        before, agreed = _without_record(start_raw), _agrees(key, start_raw)
        figures["starts that do not agree with their record (seeds made without one)"] += not agreed
        for _step in range(rng.randint(1, 12)):
            figures["steps stored"] += step(rng, store)
        if stack.index() < first or stack.count() == 0:
            figures["undo history emptied by design (a card seen, 56.E.1)"] += 1
            continue
        raw_after = saved()
        after, record_after = _without_record(raw_after), record()
        stack.setIndex(first)
        undone = saved()
        if _without_record(undone) != before:
            faults[f"undo does not give back the game of {name}"] += 1
        for fault in _record_as_designed(record_after, record(), key, undone, f"undo ({name})", agreed):
            faults[fault] += 1
        figures["states compared"] += 1
        record_undone = record()
        stack.setIndex(stack.count())
        redone = saved()
        if _without_record(redone) != after:
            faults[f"redo does not give back the game after the steps ({name})"] += 1
        for fault in _record_as_designed(record_undone, record(), key, redone, f"redo ({name})", agreed):
            faults[fault] += 1
        if record_before.entries != record().entries[:len(record_before.entries)]:
            faults[f"the record of {name} lost an entry it began with"] += 1
        figures["states compared"] += 1
        figures["sequences"] += 1
        figures[f"{key} sequences"] += 1
    return {"figures": figures, "faults": faults}


def _europa_step_of(rng: random.Random, holder: Any) -> int:
    """One thing a Europa player does through the holder; 1 if it was stored, 0 if the rules refused it."""
    from awaw_desktop.core.europa import actions as europa_actions

    game = holder.game
    names = [nation.name for nation in game.nations]
    action = rng.choice(["rate", "rate", "roll", "nation", "end"])
    try:
        if action == "nation" or not names:
            holder.apply("Add", lambda g: europa_actions.add_nation(g, rng.choice(["Italy", "Finland", "Hungary",
                                                                                    "Rumania", "Bulgaria"])))
        elif action == "rate":
            holder.apply("Rate", lambda g: europa_actions.set_special_rate(g, rng.choice(names), rng.randint(0, 99)))
        elif action == "roll":
            holder.apply("Roll", lambda g: europa_actions.record_surrender_roll(g, rng.choice(names),
                                                                               rng.randint(1, 6), "held"))
        else:
            holder.apply("End turn", lambda g: europa_actions.end_turn(g)[0])
    except RulesInputError:
        return 0
    return 1


def _step_of(rng: random.Random, store: Any) -> int:
    """One thing a player does through the store; 1 if it was stored, 0 if the rules refused it."""
    session = store.session
    action = rng.choice(["value"] * 6 + ["fact", "fact", "carry", "end-of-turn"])
    try:
        if action == "value":
            power = rng.choice(assess.ORDER)
            lines = [line for line in session.lines(power) if line.input_kind != "derived"]
            if not lines:
                return 0
            bound = [line for line in lines if session.is_bound(power, line.id)]
            line = rng.choice(bound if bound and rng.random() < 0.4 else lines)
            store.set_value(power, line.id, _value_for(rng, line))
        elif action == "fact":
            item = rng.choice(war_facts.FACTS)
            value: Any = (rng.random() < 0.5 if item.kind == "flag" else
                          rng.choice([key for key, _words in item.options]) if item.kind == "holder" else
                          rng.choice([None, session.turn.to_json()]))
            store.set_fact(item.id, value)
        elif action == "carry":
            total = rng.randint(-9, 9)
            store.change_session("Japan carried", lambda s: s.set_carry("japan", "cumulative_total", total))
        elif session.turn != Turn(LAST_YEAR, Season.WINTER):
            store.change_session("End of turn", lambda s: apply_end_of_turn(s, {}))
    except RulesInputError:
        return 0
    return 1


def _value_for(rng: random.Random, line: Any) -> Any:
    kind = line.input_kind
    if kind == "flag":
        return rng.random() < 0.5
    if kind in ("count", "level"):
        return rng.randint(line.minimum, min(line.maximum, line.minimum + 60))
    if kind == "choice":
        keys = [option.key for option in line.options]
        return rng.sample(keys, rng.randint(0, len(keys)))
    return {spec.key: rng.randint(spec.minimum, min(spec.maximum, spec.minimum + 60)) for spec in line.fields}
