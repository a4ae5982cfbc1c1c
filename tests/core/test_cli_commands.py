"""The command line as a terminal or a mail pipeline runs it: no display, no Qt platform chosen (issues 35.7, 37).

One convention: results on standard output, errors on standard error, exit statuses 0 (done, verified), 1 (verify
found a problem), 2 (bad use or an unreadable file), 3 (no record to verify), listed in ``--help``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session, apply_end_of_turn
from awaw_desktop.core.europa import actions, game_record
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.record.blocks import blocks_of, entry_dicts

ROOT = Path(__file__).resolve().parents[2]


def terminal(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``awaw-desktop ARGS`` in a terminal with no display (DISPLAY, WAYLAND_DISPLAY and QT_QPA_PLATFORM unset)."""
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env.update(PYTHONPATH=str(ROOT), XDG_DATA_HOME=str(tmp_path / "data"), XDG_CACHE_HOME=str(tmp_path / "cache"))
    return subprocess.run([sys.executable, "-m", "awaw_desktop", *args], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=120, check=False)


def played() -> Session:
    session = Session.new(title="Tuesday")
    session.add_to_record("event", "Japan: war began in Fall 1939")
    apply_end_of_turn(session)
    session.add_to_record("end-of-turn", "End of Fall 1939")
    return session


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    raw = sessionfile.dumps(played())
    document = json.loads(raw)
    made = {"good": raw}
    forged = json.loads(raw)
    entries = entry_dicts(forged["record"]["blocks"])
    entries[1]["summary"] = "Japan: war began in Spring 1942"
    forged["record"]["blocks"] = blocks_of(entries)
    made["forged"] = json.dumps(forged).encode()
    stripped = dict(document, version=3)     # a current file stripped of its record, labelled as older
    del stripped["record"]
    made["stripped"] = json.dumps(stripped).encode()
    made["not-a-game"] = b"Dear Bob, here is my turn."
    europa = actions.new_game(EuropaTurn.parse("Jul I 1943"), "Kursk", "Ann", "Bob")
    made["europa"] = gamefile.dumps("europa", game_record.recorded(europa, actions.add_nation(europa, "Italy"),
                                                                   "Add Italy"))
    paths = {}
    for name, data in made.items():
        paths[name] = tmp_path / f"{name}.awaw"
        paths[name].write_bytes(data)
    return paths


def test_verify_runs_without_a_display_and_says_verified_on_stdout(tmp_path, files):
    for name in ("good", "europa"):
        done = terminal(tmp_path, "verify", str(files[name]))
        assert done.returncode == 0, done.stderr
        assert done.stderr == ""
        assert done.stdout.startswith(f"{files[name]}: record ") and ": verified (" in done.stdout


def test_a_file_without_a_record_is_no_record_to_verify_never_verified(tmp_path, files):
    done = terminal(tmp_path, "verify", str(files["stripped"]))
    assert done.returncode == 3, (done.stdout, done.stderr)
    assert "no record to verify" in done.stdout and "verified" not in done.stdout.replace("to verify", "")
    assert done.stderr == ""


def test_a_forged_record_is_named_on_stdout_with_status_1(tmp_path, files):
    done = terminal(tmp_path, "verify", str(files["forged"]))
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert "NOT verified" in done.stdout and "entry 2" in done.stdout
    assert done.stderr == ""


def test_a_file_that_cannot_be_read_is_an_error_on_stderr_with_status_2(tmp_path, files):
    for path in (files["not-a-game"], tmp_path / "missing.awaw"):
        done = terminal(tmp_path, "verify", str(path))
        assert done.returncode == 2, (done.stdout, done.stderr)
        assert done.stdout == "" and done.stderr.startswith(f"awaw-desktop: cannot verify {path}: ")


def test_several_files_are_each_named_and_the_status_is_the_highest(tmp_path, files):
    done = terminal(tmp_path, "verify", str(files["good"]), str(files["forged"]), str(files["stripped"]))
    assert done.returncode == 3
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [str(files[name]) for name in ("good", "forged", "stripped")]


@pytest.mark.parametrize("command, usage", [("readings", "usage: awaw-desktop readings"),
                                            ("verify", "usage: awaw-desktop verify"),
                                            ("report", "usage: awaw-desktop report"),
                                            ("open", "usage: awaw-desktop open")])
def test_each_commands_help_is_its_own_and_exits_0(tmp_path, command, usage):
    done = terminal(tmp_path, command, "--help")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(usage) and done.stderr == ""


def test_the_help_lists_the_commands_and_the_exit_statuses(tmp_path):
    done = terminal(tmp_path, "--help")
    assert done.returncode == 0
    for words in ("report", "verify", "readings", "exit status:", "  0  ", "  1  ", "  2  ", "  3  ",
                  "no game record to verify", "standard error"):
        assert words in done.stdout, words
    assert "exit status:" in terminal(tmp_path, "verify", "--help").stdout


@pytest.mark.parametrize("args", [("reprot", "game.awaw"), ("verfy",), ("Verify", "x.awaw")])
def test_a_mistyped_command_is_a_usage_error_not_a_window(tmp_path, args):
    done = terminal(tmp_path, *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert f"unknown command {args[0]!r}" in done.stderr and "no display" not in done.stderr


def test_usage_errors_go_to_stderr_with_status_2(tmp_path, files):
    for args in (("verify",), ("report",), ("report", str(files["good"]), "--format", "pdfx"), ("readings", "x"),
                 ("report", str(files["good"]), "--history", "--since", "7Q4M-K2XD")):
        done = terminal(tmp_path, *args)
        assert done.returncode == 2, args
        assert done.stdout == "" and "usage: awaw-desktop" in done.stderr, args


def test_report_keeps_its_formats_and_says_what_stops_it_on_stderr(tmp_path, files):
    done = terminal(tmp_path, "report", str(files["good"]), "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["session"]["title"] == "Tuesday"
    done = terminal(tmp_path, "report", str(files["good"]), "-f", "markdown", "--history")
    assert done.returncode == 0 and done.stdout.startswith("# Tuesday: the whole record")
    assert terminal(tmp_path, "report", str(files["europa"]), "--format", "text").returncode == 0
    done = terminal(tmp_path, "report", str(tmp_path / "missing.awaw"))
    assert done.returncode == 2 and done.stdout == "" and "cannot read" in done.stderr


def test_a_window_start_without_a_display_still_says_so_in_one_line(tmp_path, files):
    for args in ((str(files["good"]),), ("open", str(files["good"])), ("--screenshot-dir", "shots")):
        done = terminal(tmp_path, *args)
        assert done.returncode == 2, args
        assert "no display" in done.stderr and len(done.stderr.strip().splitlines()) == 1, args


def test_verify_notes_a_new_game_at_a_table_this_computer_plays_by_email(tmp_path):
    from awaw_desktop.core.record.keys import PlayerKeys, take_side
    from awaw_desktop.core.record.seen import SeenStore

    players = {"axis": "Ann", "allied": "Bob"}
    known = Session.new(title="Tuesday", players=players)
    known.record = take_side(take_side(known.record, PlayerKeys.new("Ann"), "axis", "Fall 1939"),
                             PlayerKeys.new("Bob"), "allied", "Fall 1939")
    SeenStore(tmp_path / "data" / "awaw-desktop" / "seen").remember(known.record, own=True)
    path = tmp_path / "again.awaw"
    path.write_bytes(sessionfile.dumps(Session.new(title="Tuesday", players=players)))   # keys dropped, new id
    done = terminal(tmp_path, "verify", str(path))
    assert done.returncode == 0, done.stderr
    assert ": verified (" in done.stdout                      # the file holds together ...
    assert "  note: This is not the game you play by e-mail at this table" in done.stdout   # ... and is named
