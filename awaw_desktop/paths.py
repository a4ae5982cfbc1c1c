"""Where the app's shipped files are: ``resources/`` beside the package in a source checkout
(editable install), or ``awaw_desktop/resources`` inside an installed wheel or a frozen build."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def resources_dir() -> Path:
    for candidate in (_PACKAGE.parent / "resources", _PACKAGE / "resources"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("the app's resources folder is missing; reinstall awaw-desktop")


def examples_dir() -> Path:
    return resources_dir() / "examples"
