"""The thin Qt layer: widgets bound to the core's session through one store.

Importing it starts PySide6 and makes PySide6's import hook cheaper (``read_sources_plainly``).
"""

from __future__ import annotations

import sys
from types import ModuleType

import PySide6.QtCore  # noqa: F401  (installs PySide6's import hook, which the next lines make cheaper)


def read_sources_plainly() -> None:
    """PySide6 asks of every module imported after it whether its source names PySide6 (to know which modules its
    ``__feature__`` switches apply to), through ``inspect.getsource``: about 0.1 ms a module, 3-4 ms of the start.
    Reading the file and looking for the same word gives the same answer without that detour, and without keeping
    the text in ``linecache``.  Modules without a ``.py`` file (the bundle's, the built-in ones) are left to PySide6;
    if PySide6 changes its hook, nothing is replaced."""
    feature = sys.modules.get("shibokensupport.feature")
    ask = getattr(feature, "_mod_uses_pyside", None)
    if ask is None or hasattr(ask, "pyside_own"):
        return

    def uses_pyside(module: ModuleType) -> bool:
        file = getattr(module, "__file__", None)
        if isinstance(file, str) and file.endswith(".py"):
            try:
                with open(file, "rb") as source:
                    return b"PySide6" in source.read()
            except OSError:
                pass
        return bool(ask(module))

    uses_pyside.pyside_own = ask  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[union-attr]


read_sources_plainly()
