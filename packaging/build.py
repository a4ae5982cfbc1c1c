"""Build the one-folder bundle of awaw-desktop with PyInstaller, from the checkout this file is in.

    .venv/bin/python packaging/build.py          (Windows: .venv\\Scripts\\python packaging\\build.py)

Output: ``dist/awaw-desktop/`` (Linux, Windows) or ``dist/AWAW Desktop.app`` (macOS); PyInstaller's
work files go to ``build/pyinstaller/``.  The Python running this needs the app's dependencies and
PyInstaller (``pip install -e '.[bundle]'``).  Returns PyInstaller's exit status.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "packaging" / "awaw-desktop.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"


def bundle_dir() -> Path:
    """The built bundle's folder (on macOS the .app)."""
    return DIST / ("AWAW Desktop.app" if sys.platform == "darwin" else "awaw-desktop")


def build() -> int:
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    return subprocess.call(command, cwd=ROOT)


if __name__ == "__main__":
    sys.exit(build())
