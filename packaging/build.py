"""Build the one-folder bundle of awaw-desktop with PyInstaller, from the checkout this file is in.

    .venv/bin/python packaging/build.py          (Windows: .venv\\Scripts\\python packaging\\build.py)

Output: ``dist/awaw-desktop/`` (Linux, Windows) or ``dist/AWAW Desktop.app`` (macOS); PyInstaller's
work files go to ``build/pyinstaller/``.  The Python running this needs the app's dependencies and
PyInstaller (``pip install -e '.[bundle]'``).  Returns PyInstaller's exit status.

Then it starts the built program once, offscreen, and puts the bytecode of PySide6's support modules that start
kept (``awaw_desktop/ui/shell/pyside_start.py``) inside the bundle, so that its first start is as quick as the next.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "awaw-desktop.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"


def bundle_dir() -> Path:
    """The built bundle's folder (on macOS the .app)."""
    return DIST / ("AWAW Desktop.app" if sys.platform == "darwin" else "awaw-desktop")


def bundled_program() -> list[str]:
    """The built program, as a command that prints (on Windows the windowed .exe has no stdout: its console
    twin prints)."""
    if sys.platform == "darwin":
        return [str(bundle_dir() / "Contents" / "MacOS" / "awaw-desktop")]
    return [str(bundle_dir() / ("awaw-desktop-cli.exe" if sys.platform == "win32" else "awaw-desktop"))]


def internal_dir() -> Path:
    """Where the bundle keeps the app's modules and resources."""
    if sys.platform == "darwin":
        return bundle_dir() / "Contents" / "Frameworks"
    return bundle_dir() / "_internal"


def ship_pyside_bytecode() -> bool:
    """Start the built program once, offscreen, in scratch folders, and put the PySide6 bytecode it kept beside
    ``awaw_desktop/ui/shell/pyside_start`` in the bundle (where ``pyside_start.shipped_bytecode`` reads it)."""
    with tempfile.TemporaryDirectory(prefix="awaw-build-") as scratch:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT="1",
                   HOME=scratch, LOCALAPPDATA=scratch)
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            env[name] = str(Path(scratch) / name.lower())
        started = subprocess.run(bundled_program(), env=env, capture_output=True, text=True, timeout=300,
                                 check=False)
        kept = sorted(Path(scratch).rglob("pyside6-support.*.marshal"))
        target = internal_dir() / "awaw_desktop" / "ui" / "shell"
        if started.returncode != 0 or not kept or not target.is_dir():
            print(f"build.py: the bundle's PySide6 bytecode was not kept (exit {started.returncode}; "
                  f"{started.stderr.strip()[-300:]})", file=sys.stderr)
            return False
        shutil.copyfile(kept[0], target / kept[0].name)
    return True


def build() -> int:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    status = subprocess.call(command, cwd=ROOT)
    if status == 0 and not ship_pyside_bytecode():
        return 1
    return status


if __name__ == "__main__":
    sys.exit(build())
