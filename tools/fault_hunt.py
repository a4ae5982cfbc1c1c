"""A fault hunt over both families' files (issues 30 and 38): fuzzed files, edit-and-undo sequences, killed saves
and Send turns, hostile paths.  Run from the checkout, in one process (the default; ``--jobs N`` for more):

    QT_QPA_PLATFORM=offscreen python tools/fault_hunt.py --awaw 25000 --europa 25000 --undo 3000 --kills 720

- **Fuzzed files**: mutations of the example games, the past fixtures (A World at War), a few Europa games made
  here, and games of both families played by e-mail (both sides' keys, app dice, turns sent, every entry signed:
  ``fault_hunt_records``): a value replaced (by a neighbour, another kind, a hostile value, another node of the
  file), a key or an item removed or added, the undo checkpoints decoded, mutated and encoded again, the record's
  blocks decoded and an entry's data or fields changed (nested 1,000 deep, too), entries dropped, swapped or
  copied, the chain of hashes made again and the entries signed again as a forger would, the bytes damaged;
  written the way this version writes a file, or otherwise.  Every file goes to ``verify`` (it must say something
  and raise nothing) and is read by ``gamefile.loads`` (and ``sessionfile.loads`` for A World at War): it is
  refused with a ``SessionFileError`` or it loads, and then it must report (the family's ``report_text`` and every
  report format), show (the family's window, offscreen: every tab, the tipping search to its end; every
  ``--show-every``-th file of the whole run that loads) and save (read back equal; the game each undo checkpoint
  gives back saves too).  Anything else, or more than 30 s of processor time on one file, is a fault.
- **Undo** (``fault_hunt_undo``): from every fixture and example of both families, the Europa seeds and the games
  played by e-mail, random steps through the window's store or holder, all undone, then redone: the game saved
  without its record must be the one before, then the one after; the record keeps every entry it had ("Undone"
  entries are added by design), holds, and agrees with the game.
- **Kills**: a process saving a game of each family in a loop, or sending turns of a game played by e-mail (the turn
  file written, the record remembered in ``seen/``), is killed (SIGKILL) at a random moment; the next open, save or
  Send turn must find whole files and leave no temporary file, beside the game or in ``seen/``.
- **Hostile paths**: pipes, devices, folders, symbolic-link loops ... opened by both families' readers and windows:
  refused with a message, each in under 0.2 s.
- **Hostile typing**: 5,000 digits, 100,000 digits, full-width digits, "1e400" ... pasted into every number box on
  every tab of both windows, then Tab: the box keeps a number in its range, and nothing raises (or ends the app).

Prints the figures and exits 1 if any fault was found (each faulty file is kept in ``--out``).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from fault_hunt_files import _change, _damage, _gentle, _written, europa_games, fuzzed, seeds  # noqa: E402
from fault_hunt_records import change_record, mail_seeds  # noqa: E402
from fault_hunt_typing import typing  # noqa: E402
from fault_hunt_undo import undo_worker  # noqa: E402

from awaw_desktop.core.awaw import sessionfile  # noqa: E402
from awaw_desktop.core.awaw.common import LAST_YEAR, Season, Turn  # noqa: E402
from awaw_desktop.core.awaw.report import FORMATS as AWAW_FORMATS  # noqa: E402
from awaw_desktop.core.awaw.report import report as awaw_report  # noqa: E402
from awaw_desktop.core.awaw.session import preview_end_of_turn  # noqa: E402
from awaw_desktop.core.europa.report import FORMATS as EUROPA_FORMATS  # noqa: E402
from awaw_desktop.core.europa.report import render as europa_render  # noqa: E402
from awaw_desktop.core.family import get as family  # noqa: E402
from awaw_desktop.core.files import gamefile  # noqa: E402
from awaw_desktop.core.files.atomic_file import TEMP_SUFFIX, SessionFileError  # noqa: E402

FILE_SECONDS = 30


# -- what a loaded game must do ------------------------------------------------------------------------------

class Shown:
    """The family windows of one worker, offscreen, reused for every game; exceptions in slots are caught."""

    def __init__(self) -> None:
        from PySide6.QtWidgets import QApplication, QMessageBox

        from awaw_desktop.ui.awaw.main_window import MainWindow
        from awaw_desktop.ui.europa.window import EuropaWindow

        self.app = QApplication.instance() or QApplication([])
        self.errors: list[str] = []
        sys.excepthook = lambda kind, error, tb: self.errors.append(
            "".join(traceback.format_exception(kind, error, tb)))
        for name in ("question", "warning", "critical", "information"):   # no modal box waits for an answer
            setattr(QMessageBox, name, lambda *_args, **_kw: QMessageBox.StandardButton.Cancel)
        self.awaw = MainWindow()
        self.europa = EuropaWindow()
        for window in (self.awaw, self.europa):
            window.ask_unsaved = lambda: QMessageBox.StandardButton.Discard
            window.resize(1280, 800)
            window.show()

    def show(self, key: str, game: Any) -> None:
        from awaw_desktop.ui.awaw.tipping_panel import tipping_source

        self.errors.clear()
        if key == "awaw":
            self.awaw.set_session(game, None)
            window, tabs = self.awaw, self.awaw.tabs
        else:
            self.europa.set_game(game, None)
            window, tabs = self.europa, self.europa.tabs
        for index in range(tabs.count()):
            tabs.setCurrentIndex(index)
            self.app.processEvents()
        if key == "awaw":
            source = tipping_source(self.awaw.store)
            deadline = time.monotonic() + 10
            while source.busy and time.monotonic() < deadline:
                self.app.processEvents()
        window.grab()
        if self.errors:
            raise RuntimeError(self.errors[0].strip().splitlines()[-1])


def usable(key: str, game: Any, shown: Shown | None, every_format: bool = True) -> None:
    """Report, show and save: what any game that loads must do."""
    stage = "report"
    try:
        assert family(key).report_text(game)
        if key == "awaw":
            for fmt in AWAW_FORMATS if every_format else ():
                awaw_report(game, fmt)
            game.assess()
            if game.turn != Turn(LAST_YEAR, Season.WINTER):
                preview_end_of_turn(game)
        else:
            for fmt in EUROPA_FORMATS:
                europa_render(game, fmt)
        stage = "save"
        raw = gamefile.dumps(key, game)
        back = gamefile.loads(raw).game
        if key == "awaw":
            again = sessionfile.dumps(game)
            assert sessionfile.loads(again) == game, "saved and read back, not equal"
            stage = "checkpoint"
            for index in range(len(game.checkpoints)):
                try:
                    earlier = sessionfile.session_at_checkpoint(game, index)
                except SessionFileError:
                    continue
                sessionfile.dumps(earlier)
        else:
            assert back.to_json() == game.to_json(), "saved and read back, not equal"
        stage = "show"
        if shown is not None:
            shown.show(key, game)
    except Exception as error:
        raise Fault(stage, error) from error


class Fault(Exception):
    def __init__(self, stage: str, error: BaseException) -> None:
        super().__init__(stage)
        self.stage, self.error = stage, error

    def key(self) -> str:
        text = str(self.error).splitlines()[0] if str(self.error) else ""
        return f"{self.stage}: {type(self.error).__name__}: {text[:120]}"


def _alarm(_signum: int, _frame: Any) -> None:
    raise TimeoutError(f"more than {FILE_SECONDS} s of processor time")


_SEEDS: dict[str, tuple[list[Any], list[Any]]] = {}
_SHOWN: list[Shown] = []


def _seeds(key: str) -> tuple[list[Any], list[Any]]:
    """(the files' seeds, the seeds played by e-mail), made once a process."""
    if not _SEEDS:
        mail = mail_seeds()
        _SEEDS.update({name: (files, mail[name]) for name, files in seeds().items()})
    return _SEEDS[key]


def hunted(rng: random.Random, key: str) -> tuple[str, bytes, str]:
    """(seed name, the file's bytes, what was changed): half the files from a game played by e-mail; of those,
    most changed inside the record's blocks (an entry's data, its fields, the order), the chain made again."""
    files, mail = _seeds(key)
    if rng.random() < 0.5:
        name, document = rng.choice(files)
        return name, fuzzed(rng, document), "file"
    name, document = rng.choice(mail)
    if rng.random() < 0.3:
        return name, fuzzed(rng, document), "mail file"
    changed = json.loads(json.dumps(document))
    if not change_record(rng, changed, _gentle if rng.random() < 0.3 else _change):
        return name, fuzzed(rng, document), "mail file"
    raw = _written(rng, changed)
    return name, _damage(rng, raw) if rng.random() < 0.03 else raw, "record"


def _verified(raw: bytes) -> str:
    """``verify`` on the bytes: it says something, and raises nothing."""
    from awaw_desktop.core.record.verify import verify_bytes

    try:
        words = verify_bytes(raw).words()
    except Exception as error:
        raise Fault("verify", error) from error
    if not words:
        raise Fault("verify", AssertionError("verify said nothing"))
    return words


def _shown() -> Shown:
    if not _SHOWN:
        _SHOWN.append(Shown())
    return _SHOWN[0]


def fuzz_worker(job: tuple[str, int, int, int, int, str]) -> dict[str, Any]:
    key, start, count, seed, show_every, out = job
    signal.signal(signal.SIGPROF, _alarm)   # processor time: a busy machine is no hang
    shown = _shown() if show_every else None
    figures: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    due = False   # a game to show: every show_every-th file of the whole run, counted by its number (not by chunk)
    for number in range(start, start + count):
        rng = random.Random(f"{seed}-{key}-{number}")
        try:
            name, raw, how = hunted(rng, key)
        except Exception as error:   # the hunt's own change failed: said, and the hunt goes on
            figures[f"hunt could not change a file: {type(error).__name__}"] += 1
            continue
        figures[f"changed: {how}"] += 1
        due = due or bool(show_every and number % show_every == 0)
        signal.setitimer(signal.ITIMER_PROF, FILE_SECONDS)
        try:
            words = _verified(raw)
            figures["verified"] += words.endswith(")") and ": verified (" in words
            try:
                loaded = gamefile.loads(raw)
            except SessionFileError as error:
                assert str(error)
                figures["refused"] += 1
                if key == "awaw":
                    try:
                        sessionfile.loads(raw)
                        raise Fault("read", AssertionError("sessionfile loads what gamefile refuses"))
                    except SessionFileError:
                        pass
                continue
            figures["loaded"] += 1
            figures[f"loaded ({how})"] += 1
            figures[f"loaded as {loaded.family}"] += 1 if loaded.family != key else 0
            show = shown if due else None
            due = False if show is not None else due
            figures["shown"] += show is not None
            usable(loaded.family, loaded.game, show, every_format=figures["loaded"] % 10 == 0)
            if loaded.family == "awaw":
                figures["with checkpoints"] += bool(loaded.game.checkpoints)
        except Fault as fault:
            faults[fault.key()] += 1
            _keep(out, key, number, name, raw, fault.key(), fault.error)
        except Exception as error:   # a reader raised something else than SessionFileError
            fault_key = f"read: {type(error).__name__}: {str(error).splitlines()[0][:120] if str(error) else ''}"
            faults[fault_key] += 1
            _keep(out, key, number, name, raw, fault_key, error)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
    return {"figures": figures, "faults": faults}


def _keep(out: str, key: str, number: int, name: str, raw: bytes, what: str, error: BaseException) -> None:
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{key}-{number}.awaw").write_bytes(raw)
    trace = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    (folder / f"{key}-{number}.txt").write_text(f"seed file {name}\n{what}\n\n{trace}", encoding="utf-8")


# -- kills during a save ------------------------------------------------------------------------------------

SAVER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[3])
    from awaw_desktop.core.files import gamefile
    key, path = sys.argv[1], sys.argv[2]
    if key == "europa":
        from awaw_desktop.core.europa import actions
        from awaw_desktop.core.europa.calendar import EuropaTurn
        small = actions.new_game(EuropaTurn.parse("Jul I 43"), "small")
        large = small
        for name in ("Italy", "Finland", "Rumania", "Hungary", "Bulgaria"):
            large = actions.add_nation(large, name)
    else:
        from awaw_desktop.core.awaw.session import Session
        small, large = Session.new(title="small"), Session.new(title="large")
        large.outcomes["france"] = {"padding": "x" * 300_000}
    gamefile.save(key, small, path)
    print("ready", flush=True)
    count = 0
    while True:
        gamefile.save(key, large if count % 2 else small, path)
        count += 1
""")


#: Send turn in a loop, as the window does it: the turn file written (``gamefile.write_file``), then the record
#: remembered as sent from here in the data folder's ``seen/``.
SENDER = textwrap.dedent("""
    import sys
    sys.path.insert(0, sys.argv[3])
    from pathlib import Path
    from awaw_desktop.core.files import gamefile
    from awaw_desktop.core.record.seen import SeenStore
    seed, folder = Path(sys.argv[1]), Path(sys.argv[2])
    raw = seed.read_bytes()
    record = gamefile.loads(raw).game.record
    seen = SeenStore(folder / "seen")
    print("ready", flush=True)
    count = 0
    while True:
        gamefile.write_file(folder / f"turn-{count % 2}.awaw", raw)
        seen.remember(record, own=True)
        count += 1
""")


def _killed_midway(rng: random.Random, script: list[str]) -> None:
    """Run ``python -c script...`` until it says it is ready, then kill it at a random moment of its work."""
    process = subprocess.Popen([sys.executable, "-c", *script], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    if process.stdout.readline() != b"ready\n":
        raise RuntimeError(process.communicate()[1].decode())
    time.sleep(rng.uniform(0.0, 0.15))
    process.send_signal(signal.SIGKILL)
    process.communicate()


def send_kill(rng: random.Random, place: Path, key: str, raw: bytes, figures: Counter[str],
              faults: Counter[str]) -> None:
    """A Send turn of a game played by e-mail killed at a random moment: the next Send turn (or open) finds whole
    files and leaves no temporary file, beside the turn file or in ``seen/`` (issue 38)."""
    place.mkdir()
    (place / "seed.awaw").write_bytes(raw)
    _killed_midway(rng, [SENDER, str(place / "seed.awaw"), str(place), str(ROOT)])
    figures[f"{key} sends killed"] += 1
    from awaw_desktop.core.record.seen import SeenStore

    left = [*place.glob(f".*{TEMP_SUFFIX}"), *(place / "seen").glob(f".*{TEMP_SUFFIX}")]
    figures["temporary files left by the kill"] += len(left)
    try:
        record = gamefile.loads(raw).game.record
        for turn in sorted(place.glob("turn-*.awaw")):
            if gamefile.load(turn).game.record != record:
                faults[f"{key}: a killed Send turn left another record in {turn.name}"] += 1
        gamefile.write_file(place / "next-turn.awaw", raw)    # the next Send turn writes its file beside ...
        SeenStore(place / "seen").remember(record, own=True)   # ... and remembers the record again
        if SeenStore(place / "seen").own_head(record.game_id) != record.head:
            faults[f"{key}: seen/ does not remember the record after a killed Send turn"] += 1
    except SessionFileError as error:
        faults[f"{key}: torn turn file after a killed Send turn: {error}"] += 1
    remaining = [*place.glob(f".*{TEMP_SUFFIX}"), *(place / "seen").glob(f".*{TEMP_SUFFIX}")]
    if remaining:
        faults[f"{key}: temporary files left after the next Send turn ({len(remaining)} in seen/ or beside)"] += \
            len(remaining)


def kills(count: int, seed: int) -> dict[str, Any]:
    rng = random.Random(f"{seed}-kills")
    figures: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    games = {"awaw": family("awaw").new_game("again", {}, "Fall 1939"), "europa": europa_games()[0]}
    with tempfile.TemporaryDirectory() as folder:
        mail = {key: [json.dumps(document).encode() for _name, document in documents]
                for key, documents in mail_seeds().items()}
        for number in range(count):
            key = ("europa", "awaw")[number % 4 == 3]   # three Europa saves killed for one A World at War
            if number % 3 == 2:   # every third kill during a Send turn
                send_kill(rng, Path(folder) / f"send-{number}", key, rng.choice(mail[key]), figures, faults)
                continue
            path = Path(folder) / key / "game.awaw"
            path.parent.mkdir(exist_ok=True)
            _killed_midway(rng, [SAVER, key, str(path), str(ROOT)])
            figures[f"{key} saves killed"] += 1
            left = sorted(path.parent.glob(f".*{TEMP_SUFFIX}"))
            figures["temporary files left by the kill"] += len(left)
            try:
                if number % 2:
                    gamefile.save(key, games[key], path)
                    figures["then saved"] += 1
                else:
                    figures["then opened"] += 1
                gamefile.load(path)
            except SessionFileError as error:
                faults[f"{key}: torn file after a kill: {error}"] += 1
            remaining = sorted(path.parent.glob(f".*{TEMP_SUFFIX}"))
            if remaining:
                faults[f"{key}: temporary files left after the next open or save"] += len(remaining)
    return {"figures": figures, "faults": faults}


# -- hostile paths ------------------------------------------------------------------------------------------

def hostile_paths(folder: Path) -> dict[str, Path]:
    import socket

    paths: dict[str, Path] = {}
    (folder / "a folder.awaw").mkdir()
    paths["a folder"] = folder / "a folder.awaw"
    os.mkfifo(folder / "pipe.awaw")
    paths["a named pipe"] = folder / "pipe.awaw"
    (folder / "pipe-link.awaw").symlink_to(folder / "pipe.awaw")
    paths["a link to a pipe"] = folder / "pipe-link.awaw"
    (folder / "loop.awaw").symlink_to(folder / "loop-other.awaw")
    (folder / "loop-other.awaw").symlink_to(folder / "loop.awaw")
    paths["a symbolic-link loop"] = folder / "loop.awaw"
    (folder / "self.awaw").symlink_to(folder / "self.awaw")
    paths["a link to itself"] = folder / "self.awaw"
    (folder / "dangling.awaw").symlink_to(folder / "nowhere.awaw")
    paths["a dangling link"] = folder / "dangling.awaw"
    paths["a missing file"] = folder / "missing.awaw"
    paths["a missing folder"] = folder / "no folder" / "game.awaw"
    for device in ("/dev/zero", "/dev/null", "/dev/urandom", "/dev/stdin"):
        paths[device] = Path(device)
    (folder / "zero-link.awaw").symlink_to("/dev/zero")
    paths["a link to /dev/zero"] = folder / "zero-link.awaw"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(folder / "socket.awaw"))
    paths["a socket"] = folder / "socket.awaw"
    (folder / "empty.awaw").write_bytes(b"")
    paths["an empty file"] = folder / "empty.awaw"
    with open(folder / "large.awaw", "wb") as handle:
        handle.truncate(6 * 1024 * 1024)
    paths["a 6 MB file"] = folder / "large.awaw"
    paths["a name too long"] = folder / ("x" * 300 + ".awaw")
    paths["a folder as the parent"] = folder / "empty.awaw" / "game.awaw"
    if os.geteuid() != 0:
        (folder / "locked.awaw").write_bytes(b"{}")
        (folder / "locked.awaw").chmod(0)
        paths["a file nobody may read"] = folder / "locked.awaw"
    return paths


def hostile(shown: Shown) -> dict[str, Any]:
    figures: Counter[str] = Counter()
    faults: Counter[str] = Counter()
    slowest = 0.0
    with tempfile.TemporaryDirectory() as name:
        for what, path in hostile_paths(Path(name)).items():
            readers = {"gamefile.load": lambda p=path: gamefile.load(p),
                       "sessionfile.load": lambda p=path: sessionfile.load(p),
                       "A World at War window": lambda p=path: shown.awaw.open_path(p),
                       "Europa window": lambda p=path: shown.europa.open_path(p)}
            for reader, read in readers.items():
                shown.errors.clear()
                start = time.perf_counter()
                try:
                    if read() is True:
                        faults[f"{what}: opened by the {reader}"] += 1
                except SessionFileError:
                    pass
                except Exception as error:
                    faults[f"{what}: the {reader} raised {type(error).__name__}: {error}"] += 1
                took = time.perf_counter() - start
                slowest = max(slowest, took)
                if took > 0.2:
                    faults[f"{what}: the {reader} took {took:.2f} s"] += 1
                if shown.errors:
                    faults[f"{what}: the {reader} raised in a slot: {shown.errors[0].splitlines()[-1]}"] += 1
                figures["refused"] += 1
            figures["paths"] += 1
    figures["slowest (ms)"] = round(slowest * 1000)
    return {"figures": figures, "faults": faults}


# -- main ---------------------------------------------------------------------------------------------------

def _merged(results: list[dict[str, Any]]) -> dict[str, Counter[str]]:
    merged: dict[str, Counter[str]] = {"figures": Counter(), "faults": Counter()}
    for result in results:
        merged["figures"].update(result["figures"])
        merged["faults"].update(result["faults"])
    return merged


def _chunks(total: int, size: int) -> list[tuple[int, int]]:
    return [(start, min(size, total - start)) for start in range(0, total, size)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--awaw", type=int, default=2000, help="fuzzed A World at War files")
    parser.add_argument("--europa", type=int, default=600, help="fuzzed Europa files")
    parser.add_argument("--undo", type=int, default=200, help="edit-and-undo sequences")
    parser.add_argument("--kills", type=int, default=20, help="saves killed midway")
    parser.add_argument("--hostile", action=argparse.BooleanOptionalAction, default=True, help="hostile paths")
    parser.add_argument("--typing", action=argparse.BooleanOptionalAction, default=True,
                        help="hostile pastes into every number box of both windows")
    parser.add_argument("--typing-here", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--show-every", type=int, default=1, help="show every Nth loaded game in its window "
                                                                  "(0: none)")
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (1: the hunt runs in this one)")
    parser.add_argument("--out", default=str(Path(tempfile.gettempdir()) / "fault-hunt"))
    args = parser.parse_args(argv)
    if not args.typing_here:
        print(f"seed {args.seed}", flush=True)
    found = 0
    if args.jobs > 1:   # one process by default: the machine is shared
        pool: Any = multiprocessing.get_context("spawn").Pool(args.jobs, maxtasksperchild=4)
        run = lambda worker, jobs: pool.map(worker, jobs, chunksize=1)   # noqa: E731
    else:
        pool = None
        run = lambda worker, jobs: [worker(job) for job in jobs]   # noqa: E731
    try:
        for key in ("awaw", "europa"):
            total = getattr(args, key)
            if not total:
                continue
            started = time.monotonic()
            jobs = [(key, start, count, args.seed, args.show_every, args.out) for start, count in _chunks(total, 250)]
            found += _print(f"{total} fuzzed {key} files", _merged(run(fuzz_worker, jobs)), started)
        if args.undo:
            started = time.monotonic()
            result = _merged(run(undo_worker, [(start, count, args.seed) for start, count in _chunks(args.undo, 100)]))
            found += _print(f"{args.undo} edit-and-undo sequences", result, started)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    if args.kills:
        started = time.monotonic()
        found += _print(f"{args.kills} saves killed", kills(args.kills, args.seed), started)
    if args.hostile:
        started = time.monotonic()
        found += _print("hostile paths", hostile(_shown()), started)
    if args.typing_here:   # the child of the stage below
        print(json.dumps(typing(_shown())), flush=True)
        return 0
    if args.typing:   # in a child process (the parent waits): a paste that ends the app is a fault, not the hunt's end
        started = time.monotonic()
        child = subprocess.run([sys.executable, __file__, "--awaw", "0", "--europa", "0", "--undo", "0", "--kills",
                                "0", "--no-hostile", "--typing-here"], capture_output=True, text=True)
        lines = child.stdout.strip().splitlines()
        try:
            result = json.loads(lines[-1]) if child.returncode == 0 else None
        except (IndexError, ValueError):
            result = None
        if result is None:
            how = f"signal {-child.returncode}" if child.returncode < 0 else f"exit {child.returncode}"
            said = [line for line in child.stderr.strip().splitlines()
                    if line.strip() and "propagateSizeHints" not in line]
            last = (said or [""])[-1][:160]
            result = {"figures": {}, "faults": {f"the app ended ({how}) while pasting into number boxes: {last}": 1}}
        found += _print("hostile typing", {name: Counter(value) for name, value in result.items()}, started)
    return 1 if found else 0


def _print(title: str, result: dict[str, Counter[str]], started: float) -> int:
    print(f"\n{title} ({time.monotonic() - started:.0f} s)")
    for name, value in sorted(result["figures"].items()):
        print(f"  {name}: {value}")
    for name, value in result["faults"].most_common():
        print(f"  FAULT x{value}: {name}")
    print(f"  faults: {sum(result['faults'].values())}", flush=True)
    return sum(result["faults"].values())


if __name__ == "__main__":
    try:
        sys.exit(main())
    except Exception:   # the windows' hook collects errors in slots: the hunt's own error is printed here
        traceback.print_exc()
        sys.exit(2)
