"""Render the app icon from its SVG sources into every file the desktops use.

    python packaging/render_icons.py

writes, under packaging/icons/:
- ``hicolor/<N>x<N>/apps/<APP_ID>.png`` for N in 16 ... 512 (Linux icon theme; 16 and 24 px come from
  ``awaw-desktop-small.svg``, the rest from ``awaw-desktop.svg``),
- ``awaw-desktop.ico`` (Windows: PNG-compressed entries of 16 ... 256 px),
- ``awaw-desktop.icns`` (macOS: PNG entries of 16 ... 1024 px),
- ``hicolor/<N>x<N>/mimetypes/application-x-awaw-session.png`` and ``hicolor/scalable/mimetypes/...svg``: the
  icon of a ``.awaw`` file (a page carrying the app's emblem), under the name desktops look for a MIME type's icon,
  so it is found in the default themes too (``awaw-session.svg`` is made here from ``awaw-desktop.svg``),
- ``resources/icons/awaw-desktop-<N>.png`` (N in ``WINDOW_SIZES``): the window icon, shipped with the package
  (and so in the bundle), which the app gives its windows after their first paint.
Qt renders the SVG offscreen; the ICO and ICNS containers are written here, since Qt's writers for them
are optional plugins.  The outputs are committed, so building the bundle does not need this step.
"""

from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QBuffer, QByteArray, QIODevice, Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent / "icons"
APP_ID = "io.github.awaw_desktop.AwawDesktop"
THEME_SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS entry types holding PNG data, by pixel size (the @2x types repeat a size for Retina screens).
ICNS_TYPES = ((b"icp4", 16), (b"icp5", 32), (b"icp6", 64), (b"ic07", 128), (b"ic08", 256), (b"ic09", 512),
              (b"ic10", 1024), (b"ic11", 32), (b"ic12", 64), (b"ic13", 256), (b"ic14", 512))
SMALL_UP_TO = 24
#: The MIME type of a session file, and the icon name desktops look it up by (``application/x-awaw-session``).
MIME_ICON = "application-x-awaw-session"
#: The window icon's sizes, shipped in the package (``awaw_desktop/resources/icons``).
WINDOW_SIZES = (16, 24, 32, 48, 64, 128, 256)
RESOURCE_ICONS = Path(__file__).resolve().parents[1] / "resources" / "icons"
#: A session file's icon: a page with a folded corner, the app's emblem on it (its SVG body, scaled).
SESSION_PAGE = """<?xml version="1.0" encoding="UTF-8"?>
<!-- awaw-desktop session file (.awaw) icon: a page carrying the app's emblem.  Made from awaw-desktop.svg by
     packaging/render_icons.py; do not edit by hand. -->
<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <path d="M92 20 H344 L424 100 V492 H92 Z" fill="#fbfaf4" stroke="#4a4d40" stroke-width="12" stroke-linejoin="round"/>
  <path d="M344 20 V100 H424" fill="#dedbcc" stroke="#4a4d40" stroke-width="12" stroke-linejoin="round"/>
  <path d="M132 84 H300 M132 124 H300" stroke="#b8b4a2" stroke-width="14" stroke-linecap="round"/>
  <g transform="translate(112 164) scale(0.6)">
{body}
  </g>
</svg>
"""


def session_svg() -> str:
    """The session file's icon: the app icon's drawing, scaled onto a page."""
    text = (ICONS / "awaw-desktop.svg").read_text(encoding="utf-8")
    body = text[text.index(">", text.index("<svg")) + 1:text.rindex("</svg>")]
    return SESSION_PAGE.format(body=body.strip("\n"))


def render(size: int, source: Path | None = None) -> bytes:
    """The icon at ``size`` pixels as PNG bytes (``source``: another SVG than the app icon's)."""
    source = source or ICONS / ("awaw-desktop-small.svg" if size <= SMALL_UP_TO else "awaw-desktop.svg")
    renderer = QSvgRenderer(str(source))
    if not renderer.isValid():
        raise SystemExit(f"cannot read {source}")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")
    buffer.close()
    return bytes(data.data())


def ico(pngs: dict[int, bytes]) -> bytes:
    """A Windows .ico holding one PNG per size (width/height 0 means 256)."""
    header = struct.pack("<HHH", 0, 1, len(pngs))
    offset = len(header) + 16 * len(pngs)
    entries, images = b"", b""
    for size, png in sorted(pngs.items()):
        entries += struct.pack("<BBBBHHII", size % 256, size % 256, 0, 0, 1, 32, len(png), offset)
        images += png
        offset += len(png)
    return header + entries + images


def icns(pngs: dict[int, bytes]) -> bytes:
    """A macOS .icns holding PNG entries."""
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size] for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    _app = QGuiApplication(sys.argv[:1])
    pngs = {size: render(size) for size in sorted({*THEME_SIZES, *ICO_SIZES, 1024})}
    for size in THEME_SIZES:
        target = ICONS / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(pngs[size])
        print(target.relative_to(ICONS.parent))
    scalable = ICONS / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes((ICONS / "awaw-desktop.svg").read_bytes())
    print(scalable.relative_to(ICONS.parent))
    page = ICONS / "awaw-session.svg"
    page.write_text(session_svg(), encoding="utf-8")
    print(page.relative_to(ICONS.parent))
    for size in THEME_SIZES:
        target = ICONS / "hicolor" / f"{size}x{size}" / "mimetypes" / f"{MIME_ICON}.png"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(render(size, page))
        print(target.relative_to(ICONS.parent))
    scalable = ICONS / "hicolor" / "scalable" / "mimetypes" / f"{MIME_ICON}.svg"
    scalable.parent.mkdir(parents=True, exist_ok=True)
    scalable.write_bytes(page.read_bytes())
    print(scalable.relative_to(ICONS.parent))
    RESOURCE_ICONS.mkdir(parents=True, exist_ok=True)
    for size in WINDOW_SIZES:
        (RESOURCE_ICONS / f"awaw-desktop-{size}.png").write_bytes(pngs[size])
        print(f"resources/icons/awaw-desktop-{size}.png")
    (ICONS / "awaw-desktop.ico").write_bytes(ico({size: pngs[size] for size in ICO_SIZES}))
    (ICONS / "awaw-desktop.icns").write_bytes(icns(pngs))
    print("icons/awaw-desktop.ico\nicons/awaw-desktop.icns")
    return 0


if __name__ == "__main__":
    sys.exit(main())
