"""Pictures of every Europa screen (``every_europa_screen``) on a 1366x768 laptop at 150%, to be looked at (issue 29):

    python -m tests.ui.europa.shoot_europa_screens docs/screenshots/europa-150

runs itself again on Qt's offscreen platform with that screen (911x512 to lay out, at a pixel ratio of 1.5)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]


def shoot(directory: Path) -> list[Path]:
    from awaw_desktop.ui.shell.app import make_application

    app = make_application(sys.argv[:1])
    from tests.ui.europa.every_europa_screen import every_screen, open_window

    directory.mkdir(parents=True, exist_ok=True)
    window = open_window()
    written = []
    for index, (name, top) in enumerate(every_screen(window), start=1):
        path = directory / f"{index:02d}-{name}.png"
        top.grab().save(str(path))
        written.append(path)
    assert window.holder is not None
    window.holder.undo_stack.setClean()
    window.close()
    app.processEvents()
    return written


def main() -> None:
    directory = Path(sys.argv[1]).resolve()
    if os.environ.get("EUROPA_SHOOTING"):
        for path in shoot(directory):
            print(path)
        return
    with tempfile.TemporaryDirectory() as home:
        config = Path(home) / "screen.json"
        config.write_text(json.dumps({"screens": [{"name": "laptop", "x": 0, "y": 0, "width": 911, "height": 512,
                                                   "logicalDpi": 96, "dpr": 1.5}]}), encoding="utf-8")
        env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}", "PYTHONPATH": str(ROOT),
               "XDG_CONFIG_HOME": str(Path(home) / "config"), "XDG_STATE_HOME": str(Path(home) / "state"),
               "EUROPA_SHOOTING": "1"}
        subprocess.run([sys.executable, "-m", "tests.ui.europa.shoot_europa_screens", str(directory)], env=env,
                       check=True, cwd=ROOT)


if __name__ == "__main__":
    main()
