"""The bundle's run-time hook for Qt, in place of PyInstaller's ``pyi_rth_pyside6``.

PyInstaller's hook imports ``PySide6.QtCore`` before the app's first line, only to check that Qt finds its
``qt.conf`` (PySide6's wheels register their own when QtCore loads).  That import made ``--version`` and
``report`` load Qt, and the rules load after Qt's import hook, which reads every later module's source: the
bundle started slower than the source.  This hook sets the same paths without importing Qt; the app imports it
when it opens its window, as it does from source.
"""

import os
import sys


def _qt_paths() -> None:
    base = sys._MEIPASS  # type: ignore[attr-defined]  # the bundle's folder, given by PyInstaller's bootloader
    qt = os.path.join(base, "PySide6") if sys.platform.startswith("win") else os.path.join(base, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt, "plugins")
    os.environ["QML2_IMPORT_PATH"] = os.path.join(qt, "qml")


_qt_paths()
del _qt_paths
