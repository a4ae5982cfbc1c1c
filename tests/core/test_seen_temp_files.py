"""Temporary files a killed write left in the data folder's ``seen/`` (issue 38) are removed the next time this
computer remembers a record there, as the folders beside game files are cleaned at the next open or save; a
temporary file of a writer still running (another window of the app, now) is left alone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.files.atomic_file import TEMP_SUFFIX
from awaw_desktop.core.record.seen import SeenStore
from tests.core.test_file_path_both_families import dead_process_id

posix_only = pytest.mark.skipif(os.name != "posix", reason="process ids and signals")

#: A writer of the seen store killed after its temporary file is on disk, before the rename.
KILLED_WRITER = """
import os, sys, time
def stall(*args, **kwargs):
    print("written", flush=True)
    time.sleep(60)
os.replace = stall
from awaw_desktop.core.awaw.session import Session
from awaw_desktop.core.record.seen import SeenStore
SeenStore(sys.argv[1]).remember(Session.new(title="Killed").record, own=True)
"""


def strays(folder):
    return sorted(path.name for path in folder.glob(f".*{TEMP_SUFFIX}"))


@posix_only
def test_a_write_killed_in_seen_leaves_a_file_the_next_remember_removes(tmp_path):
    folder = tmp_path / "seen"
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    with subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(folder)], stdout=subprocess.PIPE, env=env,
                          text=True) as writer:
        try:
            assert writer.stdout is not None and writer.stdout.readline().strip() == "written"
            left = strays(folder)
            assert len(left) == 1 and left[0].startswith(".")      # the killed write's temporary file
        finally:
            os.kill(writer.pid, signal.SIGKILL)
            writer.wait(10)
    store = SeenStore(folder)
    record = Session.new(title="Next").record
    store.remember(record, own=True)
    assert strays(folder) == []
    assert store.own_head(record.game_id) == record.head


def test_a_stray_of_a_writer_gone_goes_and_one_still_writing_stays(tmp_path):
    folder = tmp_path / "seen"
    folder.mkdir()
    gone = folder / f".{'0' * 32}.json.{dead_process_id()}-0123456789ab{TEMP_SUFFIX}"
    writing = folder / f".{'1' * 32}.json.{os.getppid()}-0123456789ab{TEMP_SUFFIX}"
    for path in (gone, writing):
        path.write_bytes(b"{")
    SeenStore(folder).remember(Session.new().record)
    assert strays(folder) == [writing.name]
    old = time.time() - 3600                                        # an hour old: no save takes that long
    os.utime(writing, (old, old))
    SeenStore(folder).remember(Session.new().record)
    assert strays(folder) == []
