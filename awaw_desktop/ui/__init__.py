"""The thin Qt layer: widgets bound to the core's session through one store.

Importing it starts PySide6, the quick way (``pyside_start``)."""

from .shell.pyside_start import start_pyside

start_pyside()
