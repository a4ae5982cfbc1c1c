"""The rules core must import with Qt unavailable (the core/UI split is the architecture)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

BLOCK_QT = r"""
import importlib, pkgutil, sys
class BlockQt:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("PySide6", "shiboken6", "PyQt5", "PyQt6"):
            raise ImportError("Qt is blocked for this test: " + name)
sys.meta_path.insert(0, BlockQt())
import awaw_desktop.core as core
names = []
for module in pkgutil.walk_packages(core.__path__, "awaw_desktop.core."):
    importlib.import_module(module.name)
    names.append(module.name)
assert not any(name.split(".")[0] in ("PySide6", "shiboken6") for name in sys.modules), "Qt was imported"
print(len(names))
"""


def test_every_core_module_imports_with_qt_blocked():
    completed = subprocess.run([sys.executable, "-c", BLOCK_QT], cwd=ROOT, capture_output=True, text=True,
                               check=False)
    assert completed.returncode == 0, completed.stderr
    assert int(completed.stdout.strip()) >= 5
