"""``awaw-desktop report FILE --format pdf|html --output OUT`` (issue 41): the printed turn report from the command
line, with no display (Qt's offscreen platform lays it out; nothing is shown)."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

#: The formats this command writes (the family's report writes text, markdown and json).
FORMATS = ("pdf", "html")


def parser() -> argparse.ArgumentParser:
    made = argparse.ArgumentParser(
        prog="awaw-desktop report",
        description="Write the turn report of a game file as a PDF (A4 or US Letter) or an HTML page, as File > "
                    "Export as PDF does; no display needed.",
        epilog="Exit status: 0 written, 2 bad arguments or a file that cannot be read or written.")
    made.add_argument("file", metavar="FILE", help="a game file (.awaw)")
    made.add_argument("--format", "-f", dest="fmt", choices=FORMATS, required=True, help="pdf or html")
    made.add_argument("--output", "-o", metavar="OUT", required=True,
                      help="the file to write ('-' writes to standard output)")
    made.add_argument("--paper", choices=("a4", "letter"), default="a4", help="the PDF's paper (default a4)")
    made.add_argument("--pdf-a", action="store_true", help="write PDF/A-1b, for archiving")
    return made


def asked(argv: Sequence[str]) -> bool:
    """True if ``report`` arguments ask for a format this command writes."""
    for before, arg in zip(["", *argv], argv, strict=False):
        if before in ("-f", "--format") and arg in FORMATS:
            return True
        if arg.startswith("--format=") and arg.split("=", 1)[1] in FORMATS:
            return True
    return False


def export_main(argv: Sequence[str]) -> int:
    """Write the report; the exit status (0 written, 2 a usage error or a file that cannot be read or written)."""
    try:
        args = parser().parse_args(list(argv))
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else 2
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")   # no display needed: nothing is shown
    from ...core import family
    from ...core.files import gamefile
    from ...core.files.atomic_file import SessionFileError

    try:
        loaded = gamefile.load(args.file)
    except (SessionFileError, OSError) as error:
        print(f"awaw-desktop: cannot read {args.file}: {error}", file=sys.stderr)
        return 2
    from PySide6.QtWidgets import QApplication

    from .printing import html_text, pdf_bytes

    _app = QApplication.instance() or QApplication(["awaw-desktop"])
    report = family.get(loaded.family).printable(loaded.game)
    data = pdf_bytes(report, args.paper, args.pdf_a) if args.fmt == "pdf" else html_text(report).encode("utf-8")
    try:
        if args.output == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
        else:
            from ...core.files.atomic_file import write_atomically

            write_atomically(args.output, data)
    except BrokenPipeError:
        return 0
    except OSError as error:
        print(f"awaw-desktop: cannot write {args.output}: {error}", file=sys.stderr)
        return 2
    return 0
