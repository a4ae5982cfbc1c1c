"""Command line: start the window, print the version, render screenshots, or print a report."""

from __future__ import annotations

import gc
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__

if TYPE_CHECKING:
    import argparse


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="awaw-desktop",
        description="Table assistant for the surrender rules (54-62) of A World at War.",
        epilog="Also: 'awaw-desktop report FILE [--format text|markdown|json]' prints a session's levels, and "
               "'awaw-desktop report FILE --format pdf|html --output OUT [--paper a4|letter] [--pdf-a]' writes the "
               "printed turn report; "
               "'awaw-desktop readings' prints how the app reads unclear rules (as Help does), in Markdown; "
               "'awaw-desktop verify FILE' checks a game file against its game record.",
    )
    parser.add_argument("--version", action="version", version=f"awaw-desktop {__version__}")
    parser.add_argument("file", nargs="?", type=Path, help="a session file (.awaw) to open")
    parser.add_argument("--screenshot-dir", type=Path, metavar="DIR",
                        help="render every tab and wizard page to PNG files in DIR (of FILE if given), then exit")
    return parser


def report(argv: list[str]) -> int:
    """``report FILE ...``: the file's rules family prints it (a file that cannot tell goes to the default
    family's report, which says what is wrong with it)."""
    from .ui.shell import print_cli

    if print_cli.asked(argv):   # --format pdf|html: the printed report (issue 41), laid out by Qt offscreen
        return print_cli.export_main(argv)
    from .core import family
    from .core.files.gamefile import family_of_file

    files = [arg for before, arg in zip(["", *argv], argv, strict=False)
             if not arg.startswith("-") and before not in ("-f", "--format")]
    try:
        key = family_of_file(files[0]) if files and Path(files[0]).is_file() else None
        return family.get(key or family.DEFAULT_FAMILY).report_main(argv)
    except Exception as error:  # report_main refuses bad files itself; never end in a traceback
        print(f"awaw-desktop: cannot report: {type(error).__name__}: {error}", file=sys.stderr)
        return 2


def run(argv: list[str]) -> int:
    if argv and argv[0] == "report":
        return report(argv[1:])
    if argv and argv[0] == "verify":
        from .core.record.verify import main as verify

        return verify(argv[1:])
    if argv == ["readings"]:
        from .core.family import readings_document

        sys.stdout.write(readings_document())
        return 0
    if argv:
        args = build_parser().parse_args(argv)   # --version and --help end here, without Qt
        file, screenshot_dir = args.file, args.screenshot_dir
    else:   # a plain start (a desktop launcher): nothing to parse
        file, screenshot_dir = None, None
    # What start-up makes lives as long as the app: the cyclic collector has nothing to find in it, and its passes
    # over the growing heap took some 8 ms of the start.  It resumes at the first paint (ui/shell/app.py), which also
    # freezes what was made.
    gc.disable()
    # The rules load before Qt, which they do without (core.family.load_rules): some 36 fewer files read by
    # PySide6's import hook before the first paint.
    from .core import family

    family.load_rules(family.DEFAULT_FAMILY)
    from .ui.shell.app import run_app

    return run_app(file, screenshot_dir, sys.argv[:1])
