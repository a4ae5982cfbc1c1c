"""The largest record the limits allow (issue 35.8), in both families: a file of ``chain.MAX_ENTRIES`` entries
(a 44-turn A World at War game, and a Europa game, padded with dice, notes and log lines as a long game by e-mail
holds them), timed as it is read, checked against its record, replayed by the rules, verified and opened in a
window.  Run: ``python benchmarks/largest_record.py`` (targets: open < 2 s, verify < 5 s)."""

from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ["XDG_DATA_HOME"] = tempfile.mkdtemp()   # this computer's memory of games: a fresh one
os.environ["XDG_CONFIG_HOME"] = tempfile.mkdtemp()

from awaw_desktop.core.record.chain import MAX_ENTRIES  # noqa: E402

NOTE = "Japan: a note the players typed about the war in the Pacific, of some length " * 2


def awaw_file() -> bytes:
    from awaw_desktop.core.awaw import sessionfile
    from tests.core.record_games import long_game

    session = long_game(44)
    record = session.record
    while len(record) < MAX_ENTRIES - 1:
        k = len(record)
        if k % 2:
            record = record._appended("die", "Summer 1950", f"Lebanon-Syria colony roll (58.531): {k % 6 + 1} (typed "
                                      "from a real die)", "58.531", {"value": k % 6 + 1, "source": "typed"}, "",
                                      "2026-12-02T10:00Z", "", None)
        else:
            record = record._appended("event", "Summer 1950", NOTE, "", {}, "", "2026-12-02T10:00Z", "", None)
    session.record = record
    session.add_to_record("event", "the last")
    return sessionfile.dumps(session)


def europa_file() -> bytes:
    from awaw_desktop.core.europa import actions
    from awaw_desktop.core.europa import game_record as europa_record
    from awaw_desktop.core.europa.actions_base import log_event
    from awaw_desktop.core.europa.calendar import EuropaTurn
    from awaw_desktop.core.files import gamefile
    from awaw_desktop.core.frozen import replace

    axis, allied = "olive branch grove", "red barn door"
    game = actions.new_game(EuropaTurn.parse("Jun II 39"), "Largest", "Ann", "Bob")
    for change in (lambda g: actions.add_nation(g, "Italy"), lambda g: actions.add_nation(g, "Hungary"),
                   lambda g: actions.draw_envelope(g, "Italy", axis, allied),
                   lambda g: actions.open_envelope(g, "Italy", axis, allied)[0]):
        game = europa_record.recorded(game, change(game), "a change")
    for _ in range(6):
        game = europa_record.recorded(game, actions.end_turn(game)[0], "End turn")
    record, log = game.record, list(game.log)
    while len(record) < MAX_ENTRIES - 1:
        line = log_event(replace(game, log=()), "56.D", "Hungary", "a German aid shipment noted at the table").log[0]
        log.append(line)
        kind, words, rules, data, turn = europa_record.line_entry(line)
        record = record._appended(kind, turn, words, rules, data, "", "2026-12-02T10:00Z", "", None)
    game = replace(game, log=tuple(log), record=record)
    game = replace(game, record=europa_record.record_step(game, game.record, [("event", "the last", "56", {}, "")]))
    return gamefile.dumps("europa", game)


def timed(action) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    result = action()
    return time.perf_counter() - start, result


def main() -> int:
    from awaw_desktop.core import family
    from awaw_desktop.core.files import gamefile
    from awaw_desktop.core.record.verify import verify_bytes

    folder = Path(tempfile.mkdtemp())
    paths = {}
    for key, make in (("awaw", awaw_file), ("europa", europa_file)):
        raw = make()
        paths[key] = folder / f"largest-{key}.awaw"
        paths[key].write_bytes(raw)
        read, loaded = timed(lambda raw=raw: gamefile.loads(raw))
        game = loaded.game  # type: ignore[attr-defined]
        rules = family.get(key)
        checked, _ = timed(lambda rules=rules, raw=raw: rules.check_record(raw))
        replayed, findings = timed(lambda rules=rules, game=game: rules.replay(game))
        verified, verification = timed(lambda raw=raw: verify_bytes(raw))
        print(f"{key:>6}: {len(rules.record_of(game))} entries, file {len(raw) / 1024:7.1f} KiB; read {read:5.2f} s, "
              f"read and checked against its record {checked:5.2f} s, replayed {replayed:5.2f} s "
              f"({len(findings)} findings), verify {verified:5.2f} s: {verification.words()[:60]}")  # type: ignore
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    from awaw_desktop.ui.awaw.main_window import MainWindow

    for key, path in paths.items():
        window = MainWindow()
        window.show()
        app.processEvents()
        opened, _done = timed(lambda window=window, path=path: (window.open_path(path, confirmed=True),
                                                               app.processEvents()))
        print(f"{key:>6}: File > Open of the largest record, until the window is idle: {opened:5.2f} s "
              f"(target < 2 s)")
        window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
