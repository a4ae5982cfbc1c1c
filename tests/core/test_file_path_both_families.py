"""Every family's file goes through one read and one write (``core.files.gamefile.read_file`` / ``write_file``),
issue 30: the temporary files a killed save left are removed by the next open or save of a Europa game as of an
A World at War one (class 3), and a symbolic-link loop is refused with a message, never an exception (class 5)."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from awaw_desktop.core.awaw import sessionfile
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.files import gamefile
from awaw_desktop.core.files.atomic_file import TEMP_SUFFIX, SessionFileError, same_file

ROOT = Path(__file__).resolve().parents[2]
EUROPA = actions.add_nation(actions.new_game(EuropaTurn.parse("Jul I 43"), "Kursk"), "Italy")
GAMES = {"awaw": Session.new(title="Torch"), "europa": EUROPA}
posix_only = pytest.mark.skipif(os.name != "posix", reason="process ids, symbolic links and SIGKILL")


def temp_files(folder: Path) -> list[Path]:
    return sorted(folder.glob(f".*{TEMP_SUFFIX}"))


def dead_process_id() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True,
                          check=True)
    return int(done.stdout)


@posix_only
@pytest.mark.parametrize("key", ["awaw", "europa"])
def test_a_killed_savers_temp_file_goes_at_the_next_open_and_save_of_either_family(tmp_path, key):
    """The reproducer: a Europa save killed midway left its temporary file for ever (37 files in 29 of 300)."""
    path = tmp_path / "game.awaw"
    gamefile.save(key, GAMES[key], path)
    stray = tmp_path / f".game.awaw.{dead_process_id()}-0123456789ab{TEMP_SUFFIX}"
    running = tmp_path / f".game.awaw.{os.getppid()}-0123456789ab{TEMP_SUFFIX}"
    for temp in (stray, running):
        temp.write_bytes(b"half a game")
    assert gamefile.load(path).family == key
    assert temp_files(tmp_path) == [running]   # a running writer's file is left alone (for a minute)
    stray.write_bytes(b"half a game")
    gamefile.save(key, GAMES[key], path)
    assert temp_files(tmp_path) == [running]


SAVER = textwrap.dedent("""
    import sys
    from awaw_desktop.core.europa import actions
    from awaw_desktop.core.europa.calendar import EuropaTurn
    from awaw_desktop.core.files import gamefile

    game = actions.new_game(EuropaTurn.parse("Jul I 43"), "small")
    large = game
    for name in ("Italy", "Finland", "Rumania", "Hungary", "Bulgaria"):
        large = actions.add_nation(large, name)
    gamefile.save("europa", game, sys.argv[1])
    print("ready", flush=True)
    count = 0
    while True:
        gamefile.save("europa", large if count % 2 else game, sys.argv[1])
        count += 1
""")


@posix_only
def test_a_europa_save_killed_midway_leaves_no_temporary_file_after_the_next_open(tmp_path):
    rng = random.Random(30)
    path = tmp_path / "game.awaw"
    for _round in range(4):
        process = subprocess.Popen([sys.executable, "-c", SAVER, str(path)], cwd=ROOT, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        try:
            assert process.stdout is not None
            assert process.stdout.readline() == b"ready\n", process.stderr.read() if process.stderr else ""
            time.sleep(rng.uniform(0.01, 0.2))
        finally:
            process.send_signal(signal.SIGKILL)
            process.communicate()
        assert gamefile.load(path).family == "europa"   # whole, and the killed saver's temporary file gone
        assert temp_files(tmp_path) == []


def loop(tmp_path: Path) -> Path:
    one, other = tmp_path / "loop.awaw", tmp_path / "other.awaw"
    one.symlink_to(other)
    other.symlink_to(one)
    return one


@posix_only
@pytest.mark.parametrize("key", ["awaw", "europa"])
def test_a_symbolic_link_loop_is_refused_with_a_message_by_either_family(tmp_path, key):
    path = loop(tmp_path)
    reason = "a symbolic link that leads round in a loop, never to a file"
    with pytest.raises(SessionFileError, match=f"^{reason}$"):
        gamefile.load(path)
    with pytest.raises(SessionFileError, match=f"^cannot save loop.awaw: {reason}$"):
        gamefile.save(key, GAMES[key], path)
    assert gamefile.family_of_file(path) is None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["loop.awaw", "other.awaw"]


@posix_only
def test_a_world_at_war_session_file_refuses_a_loop_the_same_way(tmp_path):
    path = loop(tmp_path)
    with pytest.raises(SessionFileError, match="leads round in a loop"):
        sessionfile.load(path)
    with pytest.raises(SessionFileError, match=r"^cannot save loop\.awaw: a symbolic link that leads round"):
        sessionfile.save(Session.new(), path)


@posix_only
def test_same_file_never_raises(tmp_path):
    path = loop(tmp_path)
    real = tmp_path / "real.awaw"
    real.write_bytes(b"{}")
    (tmp_path / "link.awaw").symlink_to(real)
    assert same_file(path, path) and not same_file(path, real)
    assert same_file(real, tmp_path / "link.awaw")
    assert not same_file(tmp_path / "gone.awaw", real) and same_file(tmp_path / "gone.awaw", tmp_path / "gone.awaw")
    assert not same_file("nul\0.awaw", real)
