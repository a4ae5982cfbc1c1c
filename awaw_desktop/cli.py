"""Command line: open the window (``awaw-desktop [FILE]``), or one of the commands that never need a display
(``report``, ``verify``, ``readings``), as ``argparse`` subcommands.

One convention for all of them: what a command finds goes to standard output, what stops it (a bad argument, a file
that cannot be read) to standard error, and the exit status is one of :data:`EXIT_CODES` (listed in ``--help``).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from . import __version__

if TYPE_CHECKING:
    import argparse

    from .core.record.chain import GameRecord

#: Exit statuses, the same for every command.
OK, PROBLEMS, USAGE, NO_RECORD = 0, 1, 2, 3
EXIT_CODES = (
    (OK, "done; for verify: every file verified"),
    (PROBLEMS, "verify found a problem in a file's record (named on standard output)"),
    (USAGE, "bad arguments, or a file that cannot be read (named on standard error)"),
    (NO_RECORD, "verify: a file holds no game record to verify (a file that claims an earlier version)"),
)
#: The commands that are not the window; each never needs a display (``__main__.display_problem``).
COMMANDS = ("report", "verify", "readings")
#: ``report --format``: add a format here and to the families' ``report_main``; the printed ones
#: (:data:`PRINTED_FORMATS`) are laid out by Qt offscreen (``ui/shell/print_cli.py``, issue 41).
REPORT_FORMATS = ("text", "markdown", "json", "pdf", "html")
PRINTED_FORMATS = ("pdf", "html")
#: Window arguments that look like a file (a desktop launcher's ``%f``), not a mistyped command.
FILE_SUFFIXES = (".awaw", ".json", ".bak")


def _exit_codes_text() -> str:
    return "exit status:\n" + "\n".join(f"  {code}  {words}" for code, words in EXIT_CODES)


def build_parser() -> argparse.ArgumentParser:
    import argparse

    parser = argparse.ArgumentParser(
        prog="awaw-desktop",
        usage="%(prog)s [FILE] [--screenshot-dir DIR]\n       %(prog)s {report,verify,readings} ... (each with --help)",
        description="Table assistant for the political rules of A World at War (54-62) and Europa (56). With no "
                    "command it opens the window (on FILE if given).",
        epilog=_exit_codes_text() + "\n\nResults go to standard output, errors to standard error.",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"awaw-desktop {__version__}")
    commands = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND")
    window = commands.add_parser("open", prog="awaw-desktop open",
                                 help="open the window (the default: 'awaw-desktop FILE' is the same)",
                                 description="Open the window, on FILE if given.")
    window.add_argument("file", nargs="?", type=Path, metavar="FILE", help="a game file (.awaw) to open")
    window.add_argument("--screenshot-dir", type=Path, metavar="DIR",
                        help="render every tab and wizard page to PNG files in DIR (of FILE if given), then exit")
    add_report_parser(commands)
    checked = commands.add_parser(
        "verify", prog="awaw-desktop verify", help="check game files against their game records (needs no display)",
        description="Check each FILE against its game record: every hash of the chain, what the game's rules re-derive "
                    "from it, every signature and every app die of play by e-mail. Prints one line per file.",
        epilog=_exit_codes_text() + "\n\nWith several files, the status is the highest of theirs.",
        formatter_class=argparse.RawDescriptionHelpFormatter)
    checked.add_argument("files", nargs="+", metavar="FILE", help="a game file (.awaw)")
    commands.add_parser("readings", prog="awaw-desktop readings",
                        help="print how the app reads unclear rules (as Help does), in Markdown",
                        description="Print how the app reads unclear rules (as Help does), in Markdown.")
    return parser


def add_report_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> argparse.ArgumentParser:
    """``report FILE [--format ...] [--history | --since CODE]``: the arguments the families' ``report_main`` take
    (rebuilt by :func:`report_arguments`)."""
    import argparse

    reported = commands.add_parser(
        "report", prog="awaw-desktop report", help="print a game's levels, or its record (needs no display)",
        description="Print a game's report: A World at War's surrender levels, Europa's nations, envelopes and rates.",
        epilog=_exit_codes_text(), formatter_class=argparse.RawDescriptionHelpFormatter)
    reported.add_argument("file", metavar="FILE", help="a game file (.awaw)")
    reported.add_argument("--format", "-f", dest="fmt", choices=REPORT_FORMATS, default="text",
                          help=f"{', '.join(REPORT_FORMATS)} (default: text)")
    told = reported.add_mutually_exclusive_group()
    told.add_argument("--history", action="store_true",
                      help="the game record: every entry, with the levels that moved (A World at War)")
    told.add_argument("--since", metavar="CODE",
                      help="the entries recorded after the record code CODE, as quoted in an e-mail (A World at War)")
    printed = reported.add_argument_group("the printed report (--format pdf or html)")
    printed.add_argument("--output", "-o", metavar="OUT", help="the file to write ('-': standard output)")
    printed.add_argument("--paper", choices=("a4", "letter"), default="a4", help="the PDF's paper (default: a4)")
    printed.add_argument("--pdf-a", action="store_true", help="write PDF/A-1b, for archiving")
    return reported


def report_arguments(args: argparse.Namespace) -> list[str]:
    """The parsed ``report`` arguments, as a family's ``report_main`` reads them."""
    argv = [str(args.file), "--format", args.fmt]
    if args.history:
        argv.append("--history")
    if args.since is not None:
        argv += ["--since", args.since]
    return argv


def printed_report(args: argparse.Namespace) -> int:
    """``report FILE --format pdf|html --output OUT``: the turn report as File > Export as PDF writes it."""
    if args.history or args.since is not None or not args.output:
        print("awaw-desktop report: error: --format pdf or html takes --output OUT (and neither --history nor "
              "--since)", file=sys.stderr)
        return USAGE
    from .ui.shell import print_cli

    return print_cli.export_main([str(args.file), "--format", args.fmt, "--output", args.output,
                                  "--paper", args.paper, *(["--pdf-a"] if args.pdf_a else [])])


def report(argv: list[str]) -> int:
    """A family's ``report_main`` for the file named in ``argv`` (a file that cannot tell goes to the default
    family's report, which says what is wrong with it)."""
    from .core import family
    from .core.files.gamefile import family_of_file

    name = argv[0]
    try:
        key = family_of_file(name) if Path(name).is_file() else None
        return family.get(key or family.DEFAULT_FAMILY).report_main(argv)
    except Exception as error:  # report_main refuses bad files itself; never end in a traceback
        print(f"awaw-desktop: cannot report: {type(error).__name__}: {error}", file=sys.stderr)
        return USAGE


def verify(files: Sequence[str]) -> int:
    """``verify FILE ...``: one line per file on standard output (a file that cannot be read: on standard error);
    the highest of the files' statuses."""
    from .core.record.verify import verify_path

    status = OK
    for name in files:
        verification = verify_path(name)
        record = verification.record
        if verification.unreadable:
            print(f"awaw-desktop: cannot verify {name}: {verification.unreadable}", file=sys.stderr)
            status = max(status, USAGE)
            continue
        if record is None or not any(entry.kind != "migrated" for entry in record.entries):
            # Nothing recorded but the start a load of an earlier version's file makes: a current file stripped of
            # its record and labelled as older reads so too.
            print(f"{name}: no record to verify: the file claims to be from an earlier version of the app and holds "
                  "no game record")
            status = max(status, NO_RECORD)
            continue
        shared = _shared_keys(record) if verification.verified else None
        if shared is not None:
            print(f"{name}: record {record.code}: NOT verified: {shared}")
            status = max(status, PROBLEMS)
            continue
        print(f"{name}: {verification.words()}")
        if not verification.verified:
            status = max(status, PROBLEMS)
            continue
        if record.entries[0].kind == "migrated":
            print(f"  note: the record begins at {record.entries[0].turn}, when a file that claims to be from an "
                  "earlier version was read: nothing before that is recorded")
        from .core.record.seen import SeenStore

        comparison = SeenStore().compare(record)
        if comparison.trouble:
            from .core.record.words import comparison_words

            print(f"  note: {comparison.words or comparison_words(comparison, record)}")
    return status


def _shared_keys(record: GameRecord) -> str | None:
    """The words of a "key" entry that gives one side the other's keys (``keys.shared_keys_problem``), or None."""
    if not any(entry.kind == "key" for entry in record.entries):
        return None   # a game at one table: ``cryptography`` is not loaded
    from .core.record.seen import shared_keys_problem

    problem = shared_keys_problem(record)
    return None if problem is None else str(problem.words())


def _is_window_start(argv: Sequence[str]) -> bool:
    return not argv or (argv[0] not in (*COMMANDS, "open", "-h", "--help", "--version"))


def _parse(argv: list[str]) -> argparse.Namespace | int:
    """The parsed arguments, or the exit status of --help, --version or a usage error (printed by argparse)."""
    parser = build_parser()
    if _is_window_start(argv) and not argv[0].startswith("-") and not _looks_like_a_file(Path(argv[0])):
        parser.print_usage(sys.stderr)
        print(f"awaw-desktop: error: unknown command {argv[0]!r} (choose from {', '.join(COMMANDS)}, or name a game "
              "file to open)", file=sys.stderr)
        return USAGE
    try:
        args = parser.parse_args(["open", *argv] if _is_window_start(argv) else argv)
    except SystemExit as stop:
        return stop.code if isinstance(stop.code, int) else USAGE
    if args.command is None:
        parser.print_usage(sys.stderr)
        print("awaw-desktop: error: name a command, or a FILE to open", file=sys.stderr)
        return USAGE
    return args


def _looks_like_a_file(path: Path) -> bool:
    return path.exists() or path.suffix.lower() in FILE_SUFFIXES or len(path.parts) > 1


def run(argv: list[str], display_problem: Callable[[list[str]], str | None] | None = None) -> int:
    """The command line ``argv`` (after the program's name) -> exit status.  ``display_problem``: why no window
    can open here (``__main__.display_problem``), asked only when the window is to open."""
    if argv:
        parsed = _parse(argv)
        if isinstance(parsed, int):
            return parsed
        if parsed.command == "report":
            if parsed.fmt in PRINTED_FORMATS:
                return printed_report(parsed)
            return report(report_arguments(parsed))
        if parsed.command == "verify":
            return verify(parsed.files)
        if parsed.command == "readings":
            from .core.family import readings_document

            sys.stdout.write(readings_document())
            return OK
        file, screenshot_dir = parsed.file, parsed.screenshot_dir
    else:   # a plain start (a desktop launcher): nothing to parse
        file, screenshot_dir = None, None
    problem = display_problem(argv) if display_problem is not None else None
    if problem is not None:
        print(problem, file=sys.stderr)
        return USAGE
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
