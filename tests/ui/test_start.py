"""Starting the app where no window can open: one clear line, never a core dump."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import awaw_desktop.__main__ as entry

ROOT = Path(__file__).resolve().parents[2]


def test_without_a_display_the_app_prints_one_line_saying_how_to_run_it():
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "awaw_desktop"], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1, done.stderr
    assert "no display" in lines[0] and "xvfb-run" in lines[0]
    assert done.stdout == ""


def test_commands_that_open_no_window_run_without_a_display():
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM")}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run([sys.executable, "-m", "awaw_desktop", "--version"], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.startswith("awaw-desktop ")
    done = subprocess.run([sys.executable, "-m", "awaw_desktop", "readings"], env=env, capture_output=True,
                          text=True, timeout=60, check=False)
    assert done.returncode == 0 and done.stdout.startswith("# How awaw-desktop reads"), done.stderr


def test_a_chosen_qt_platform_or_a_display_is_left_to_qt():
    assert entry.display_problem([], {"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert entry.display_problem(["--screenshot-dir", "x"], {"QT_QPA_PLATFORM": "offscreen"}, "linux") is None
    assert entry.display_problem([], {"WAYLAND_DISPLAY": "wayland-0"}, "linux") is None
    assert entry.display_problem([], {}, "win32") is None
    assert entry.display_problem(["report", "game.awaw"], {}, "linux") is None
    assert entry.display_problem(["--help"], {}, "linux") is None
    assert entry.display_problem(["readings"], {}, "linux") is None


def test_missing_x11_libraries_are_named_with_their_packages(monkeypatch):
    known = set(entry.XCB_LIBRARIES) - {"libxcb-icccm.so.4", "libxcb-cursor.so.0"}
    monkeypatch.setattr(entry, "installed_libraries", lambda: known)
    problem = entry.display_problem([], {"DISPLAY": ":0"}, "linux")
    assert problem is not None and "\n" not in problem
    assert "libxcb-icccm4" in problem and "libxcb-cursor0" in problem and "libxcb-shm0" not in problem
    monkeypatch.setattr(entry, "installed_libraries", lambda: set(entry.XCB_LIBRARIES))
    assert entry.display_problem([], {"DISPLAY": ":0"}, "linux") is None
    monkeypatch.setattr(entry, "installed_libraries", lambda: None)  # cannot tell: Qt decides
    assert entry.display_problem([], {"DISPLAY": ":0"}, "linux") is None




def test_the_linkers_cache_is_read_for_the_x11_libraries(tmp_path):
    """What ``ldconfig -p`` lists, read from the linker's cache itself: a name and a path, each NUL-ended."""
    cache = tmp_path / "ld.so.cache"
    cache.write_bytes(b"glibc-ld.so.cache1.1\0\0libxcb-shm.so.0\0/usr/lib/x86_64-linux-gnu/libxcb-shm.so.0\0"
                      b"libxcb-xkb.so.1\0/lib/libxcb-xkb.so.1\0libxcb-cursor.so.0.0\0")
    assert entry.installed_libraries(str(cache)) == {"libxcb-shm.so.0", "libxcb-xkb.so.1"}
    assert entry.installed_libraries(str(tmp_path / "missing")) is None


def test_this_machines_cache_agrees_with_ldconfig():
    ldconfig = next((path for path in ("/sbin/ldconfig", "/usr/sbin/ldconfig") if os.path.exists(path)), None)
    if ldconfig is None or not os.path.exists(entry.LD_SO_CACHE):
        pytest.skip("no ldconfig or linker cache here to compare with")
    listing = subprocess.run([ldconfig, "-p"], capture_output=True, text=True, timeout=30, check=True).stdout
    listed = {line.split()[0] for line in listing.splitlines()[1:] if line.strip()}
    assert entry.installed_libraries() == set(entry.XCB_LIBRARIES) & listed
