"""What Orca 43.1 (Debian 12's screen reader) speaks, read from its debug log (issue 40): the app on an X server
(Xvfb) with Qt's AT-SPI bridge on, Orca running against it, the player's steps driven in the app.

- A passphrase field is heard as "Passphrase password text" and nothing of what is typed or cleared (Qt's own password
  field beside it, the control, has its characters spoken aloud).
- An announcement (here a status change after a typed number) is spoken: Orca 43 has no handler for Qt's
  announcement event, and speaks it as the focused control's new description.
- Tab from a roster unit's place lands on its Capital check box, heard as "Capital, unit 2: Division 2 check box not
  checked"; Space ticks it ("checked").

Skipped where Orca, Xvfb or the AT-SPI bus launcher is missing (``apt install orca xvfb``).  About 40 seconds."""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LAUNCHER = "/usr/libexec/at-spi-bus-launcher"

APP = r'''
import sys
from fractions import Fraction
from PySide6.QtCore import QTimer, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QVBoxLayout, QWidget
app = QApplication(sys.argv[:1])
from awaw_desktop.ui.shell.accessible import PasswordField, announce
from awaw_desktop.core.europa import actions
from awaw_desktop.core.europa.calendar import EuropaTurn
from awaw_desktop.core.europa.roster import RosterEntry
from awaw_desktop.ui.europa.holder import EuropaGameHolder
from awaw_desktop.ui.europa.nation_panel import NationPanel
top = QWidget(); top.setWindowTitle("Orca check")
layout = QVBoxLayout(top)
secret = PasswordField(); secret.setAccessibleName("Passphrase"); layout.addWidget(secret)
control = QLineEdit(); control.setEchoMode(QLineEdit.EchoMode.Password)
control.setAccessibleName("Qt password field"); layout.addWidget(control)
number = QLineEdit(); number.setAccessibleName("Germany atomic attacks"); layout.addWidget(number)
game = actions.add_nation(actions.new_game(EuropaTurn.parse("Jun II 43")), "Italy")
game = actions.set_roster(game, "Italy", tuple(RosterEntry(f"Division {n}", Fraction(1)) for n in range(1, 5)))
panel = NationPanel(EuropaGameHolder(game), "Italy"); layout.addWidget(panel)
top.resize(900, 700)
top.show()
def log(msg):
    print(msg, flush=True)
steps = []
def step(delay, f):
    steps.append((delay, f))
def focus(w):
    top.activateWindow(); w.setFocus(); app.processEvents()
step(6000, lambda: (log("STEP passphrase"), focus(secret)))
step(2000, lambda: QTest.keyClicks(secret, "hunter"))
step(2000, lambda: secret.clear())
step(2000, lambda: (log("STEP control"), focus(control)))
step(2000, lambda: QTest.keyClicks(control, "sword"))
step(2000, lambda: (log("STEP number"), focus(number)))
step(2000, lambda: QTest.keyClicks(number, "7"))
step(500, lambda: announce(number, "Germany: now Surrenders to the Allies"))
place = next(w for w in panel.findChildren(QWidget) if w.accessibleName() == "Unit 2 place")
step(3000, lambda: (log("STEP roster"), focus(place)))
step(2000, lambda: QTest.keyClick(app.focusWidget(), Qt.Key.Key_Tab))
step(2000, lambda: QTest.keyClick(app.focusWidget(), Qt.Key.Key_Space))
step(3000, app.quit)
def run(i=0):
    if i < len(steps):
        delay, f = steps[i]
        QTimer.singleShot(delay, lambda: (f(), run(i + 1)))
run()
app.exec()
'''


def _missing() -> str:
    for tool in ("orca", "Xvfb", "dbus-run-session"):
        if not shutil.which(tool):
            return f"no {tool}"
    return "" if Path(LAUNCHER).exists() else "no AT-SPI bus launcher"


@pytest.mark.skipif(bool(_missing()), reason=_missing() or "ready")
def test_what_orca_43_speaks(tmp_path):
    (tmp_path / "app.py").write_text(APP, encoding="utf-8")
    debug = tmp_path / "orca.debug"
    display = f":{random.randint(200, 900)}"
    script = tmp_path / "run.sh"
    script.write_text(f"""#!/bin/bash
export HOME={tmp_path / "home"}
mkdir -p $HOME
Xvfb {display} -screen 0 1366x768x24 >/dev/null 2>&1 &
XPID=$!
sleep 1
export DISPLAY={display} QT_LINUX_ACCESSIBILITY_ALWAYS_ON=1 PYTHONPATH={ROOT}
{LAUNCHER} --launch-immediately >/dev/null 2>&1 &
LPID=$!
sleep 1
orca --replace --debug-file={debug} >/dev/null 2>&1 &
OPID=$!
sleep 5
QT_QPA_PLATFORM=xcb timeout 60 {sys.executable} {tmp_path / "app.py"} >{tmp_path / "app.log"} 2>&1
echo "app $?" >>{tmp_path / "app.log"}
sleep 2
kill $OPID $LPID $XPID 2>/dev/null
sleep 1
kill -9 $OPID 2>/dev/null
wait 2>/dev/null
""", encoding="utf-8")
    script.chmod(0o755)
    subprocess.run(["dbus-run-session", "--", str(script)], capture_output=True, timeout=150, check=False,
                   env={**os.environ, "XDG_RUNTIME_DIR": str(tmp_path / "run")})
    assert "app 0" in (tmp_path / "app.log").read_text(encoding="utf-8")
    spoken = re.findall(r"SPEECH OUTPUT: '(.*?)'", debug.read_text(encoding="utf-8", errors="replace"))
    assert "Passphrase password text." in spoken, spoken
    at = spoken.index("Passphrase password text.")
    control = spoken.index("Qt password field password text.")
    assert spoken[at + 1:control] == [], spoken[at:control]       # nothing of "hunter", typed then cleared
    assert any(len(word) == 1 and word in "sword" for word in spoken[control + 1:])   # the control leaks
    assert "Germany: now Surrenders to the Allies" in spoken, spoken
    assert "Capital, unit 2: Division 2 check box not checked." in spoken, spoken
    assert "checked" in spoken[spoken.index("Capital, unit 2: Division 2 check box not checked."):], spoken
