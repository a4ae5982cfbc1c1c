"""Entry point: ``awaw-desktop`` and ``python -m awaw_desktop``.

Before Qt is started it checks that a window can be opened at all: without a display, or
without the libraries Qt's X11 plugin loads, Qt aborts with a core dump and a misleading hint.
Here the player gets one line saying what to do instead.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping

#: Libraries Qt's X11 (xcb) plugin loads, and the Debian package of each (PLATFORM.md).
XCB_LIBRARIES = {
    "libxcb-cursor.so.0": "libxcb-cursor0", "libxcb-icccm.so.4": "libxcb-icccm4",
    "libxcb-keysyms.so.1": "libxcb-keysyms1", "libxcb-image.so.0": "libxcb-image0",
    "libxcb-randr.so.0": "libxcb-randr0", "libxcb-render-util.so.0": "libxcb-render-util0",
    "libxcb-shape.so.0": "libxcb-shape0", "libxcb-xfixes.so.0": "libxcb-xfixes0",
    "libxcb-xkb.so.1": "libxcb-xkb1", "libxcb-sync.so.1": "libxcb-sync1", "libxcb-shm.so.0": "libxcb-shm0",
    "libX11-xcb.so.1": "libx11-xcb1", "libxkbcommon-x11.so.0": "libxkbcommon-x11-0",
}
#: Arguments that never open a window (``cli.COMMANDS`` and the help).
NO_WINDOW = ("report", "verify", "readings", "-h", "--help", "--version")


#: The dynamic linker's cache, the list ``ldconfig -p`` prints (read directly: running ldconfig took some 8 ms of
#: every start on an X11 desktop).
LD_SO_CACHE = "/etc/ld.so.cache"


def installed_libraries(cache: str = LD_SO_CACHE) -> set[str] | None:
    """Which of Qt's X11 libraries the dynamic linker knows, or None if it cannot say (no readable cache).

    The cache holds each library's name and path as NUL-ended strings, in either of its two formats."""
    try:
        with open(cache, "rb") as file:
            listing = file.read()
    except OSError:
        return None
    return {library for library in XCB_LIBRARIES
            if b"\0" + library.encode() + b"\0" in listing or b"/" + library.encode() + b"\0" in listing}


def display_problem(argv: list[str], environ: Mapping[str, str] = os.environ,
                    platform: str = sys.platform) -> str | None:
    """Why a window cannot be opened here, in one line with what to do; None if it can (or if the
    player chose a Qt platform with QT_QPA_PLATFORM, as the tests and screenshot runs do)."""
    if any(arg in NO_WINDOW for arg in argv[:1]) or any(arg in ("-h", "--help", "--version") for arg in argv):
        return None
    if not platform.startswith(("linux", "freebsd", "openbsd", "netbsd")) or environ.get("QT_QPA_PLATFORM"):
        return None
    if not environ.get("DISPLAY") and not environ.get("WAYLAND_DISPLAY"):
        return ("awaw-desktop: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set): start "
                "it from a desktop session, or with a virtual display: xvfb-run -a awaw-desktop")
    if environ.get("WAYLAND_DISPLAY"):
        return None  # Qt uses its Wayland plugin, which needs none of the X11 libraries
    known = installed_libraries()
    if known is None:
        return None
    missing = [package for library, package in XCB_LIBRARIES.items() if library not in known]
    if missing:
        return ("awaw-desktop: Qt's X11 window plugin needs libraries that are not installed; install them with: "
                f"sudo apt-get install {' '.join(missing)}")
    return None


def main(argv: list[str] | None = None) -> int:
    arguments = sys.argv[1:] if argv is None else argv
    from .cli import run

    return run(arguments, display_problem)   # asked once the arguments are read: a mistyped command is no window


if __name__ == "__main__":
    sys.exit(main())
