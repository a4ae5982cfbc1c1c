"""Smoke test of the desktop bundle: build it, run the built program, measure it.

    .venv/bin/python packaging/smoke.py [--no-build] [--runs N]

Builds with packaging/build.py (unless --no-build), then runs the built program offscreen and checks:
- ``--version`` prints this checkout's version;
- every resource file pyproject.toml ships with the wheel is in the bundle, unchanged;
- ``report`` on every example session, in text, Markdown and JSON, exits 0, names the example's title and
  prints exactly what the source prints; the examples shipped inside the bundle are the checkout's;
- ``readings`` (the text Help > How we read the rules shows) equals docs/rules-readings.md, so the rules
  readings load from the bundle's resources;
- the bundle carries PySide6's compiled support modules, and a first start with an empty cache folder paints
  without compiling them;
- ``--screenshot-dir`` alone and with each example writes the same PNG files as a run from source;
- started with an example, the window opens it and runs until stopped;
- on Linux, packaging/linux/install.sh into a scratch prefix: the menu entry and metainfo validate (where
  desktop-file-validate and appstreamcli are installed) and ``*.awaw`` maps to application/x-awaw-session.
Then it prints the build time, the bundle's size and file count, and the start-up time of whole processes
(``--version``, a report, a screenshot run) from the bundle against from source, in alternating runs.
Exits 1 if any check fails.  Runs with QT_QPA_PLATFORM=offscreen and scratch XDG folders, so it leaves
the user's settings and recovery files alone.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from build import ROOT, build, bundle_dir, bundled_program, internal_dir

APP_ID = "io.github.awaw_desktop.AwawDesktop"
EXAMPLES = sorted((ROOT / "resources" / "examples").glob("*.awaw"))
FORMATS = ("text", "markdown", "json")
WINDOW_SECONDS = 4


class Smoke:
    def __init__(self, scratch: Path) -> None:
        self.scratch = scratch
        self.failures: list[str] = []
        self.passed = 0
        self.env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        for name in ("XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
            self.env[name] = str(scratch / name.lower())
        self.bundled = bundled_program()
        self.internal = internal_dir()
        self.source = [sys.executable, "-m", "awaw_desktop"]

    def check(self, ok: bool, what: str) -> bool:
        if ok:
            self.passed += 1
        else:
            self.failures.append(what)
            print(f"FAIL: {what}", flush=True)
        return ok

    def run(self, program: Sequence[str], *args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([*program, *args], cwd=ROOT, env=self.env, capture_output=True, text=True,
                              encoding="utf-8", timeout=300)

    def ran(self, result: subprocess.CompletedProcess[str], what: str) -> bool:
        detail = (result.stderr.strip().splitlines() or ["no error output"])[-1]
        return self.check(result.returncode == 0 and "Traceback" not in result.stderr,
                          f"{what}: exit {result.returncode}, {detail}")

    def version(self) -> None:
        namespace: dict[str, str] = {}
        exec((ROOT / "awaw_desktop" / "__init__.py").read_text(encoding="utf-8"), namespace)
        result = self.run(self.bundled, "--version")
        if self.ran(result, "--version"):
            self.check(result.stdout.strip() == f"awaw-desktop {namespace['__version__']}",
                       f"--version printed {result.stdout.strip()!r}")

    def resources(self) -> None:
        """Every resource file pyproject.toml ships with the wheel is in the bundle, unchanged."""
        with open(ROOT / "pyproject.toml", "rb") as file:
            patterns = tomllib.load(file)["tool"]["setuptools"]["package-data"]["awaw_desktop.resources"]
        source = ROOT / "resources"
        files = sorted({path for pattern in patterns for path in source.glob(pattern) if path.is_file()})
        self.check(bool(files), "pyproject.toml lists resource files")
        for path in files:
            name = path.relative_to(source).as_posix()
            copy = self.internal / "awaw_desktop" / "resources" / name
            self.check(copy.is_file() and copy.read_bytes() == path.read_bytes(),
                       f"the bundle ships resources/{name} unchanged")

    def reports(self) -> None:
        shipped = self.internal / "awaw_desktop" / "resources" / "examples"
        self.check(bool(EXAMPLES), "resources/examples holds example sessions")
        for example in EXAMPLES:
            copy = shipped / example.name
            if not copy.is_file():
                continue  # resources() reports it
            title = json.loads(example.read_text(encoding="utf-8"))["title"]
            for fmt in FORMATS:
                what = f"report {example.name} --format {fmt}"
                result = self.run(self.bundled, "report", str(copy), "--format", fmt)
                if not self.ran(result, what):
                    continue
                self.check(title in result.stdout, f"{what} names the example's title {title!r}")
                if fmt == "json":
                    powers = json.loads(result.stdout).get("powers", {})
                    self.check(len(powers) >= 8, f"{what} reports every power (got {len(powers)})")
                expected = self.run(self.source, "report", str(example), "--format", fmt).stdout
                self.check(result.stdout == expected, f"{what} prints what the source prints")

    def readings(self) -> None:
        result = self.run(self.bundled, "readings")
        if self.ran(result, "readings"):
            expected = (ROOT / "docs" / "rules-readings.md").read_text(encoding="utf-8")
            self.check(result.stdout == expected, "readings from the bundle equal docs/rules-readings.md")
            for notes in sorted((ROOT / "resources" / "readings").glob("*.md")):
                last = notes.read_text(encoding="utf-8").strip().splitlines()[-1]
                self.check(last in result.stdout, f"readings include resources/readings/{notes.name}")

    def kept_bytecode(self) -> None:
        """The bundle carries PySide6's compiled support modules (``build.ship_pyside_bytecode``): a first start
        with an empty cache folder paints without compiling them, so it writes no cache of its own."""
        shipped = sorted((self.internal / "awaw_desktop" / "ui" / "shell").glob("pyside6-support.*.marshal"))
        self.check(len(shipped) == 1, f"the bundle carries PySide6's kept bytecode ({len(shipped)} files)")
        cache = self.scratch / "first-start"
        env = dict(self.env, XDG_CACHE_HOME=str(cache), HOME=str(cache), LOCALAPPDATA=str(cache),
                   AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT="1")
        result = subprocess.run(self.bundled, cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8",
                                timeout=300)
        if self.ran(result, "a first start"):
            self.check(result.stdout.strip() == "first-paint", f"a first start printed {result.stdout.strip()!r}")
            self.check(not list(cache.rglob("*.marshal")) if cache.exists() else True,
                       "a first start compiled PySide6's support modules, as if the bundle carried none")

    def screenshots(self) -> None:
        for example in [None, *EXAMPLES]:
            label = example.name if example else "the new game"
            pngs: dict[str, set[str]] = {}
            for side, program in (("bundle", self.bundled), ("source", self.source)):
                folder = self.scratch / "shots" / side / (example.stem if example else "new")
                args = ([str(example)] if example else []) + ["--screenshot-dir", str(folder)]
                result = self.run(program, *args)
                if not self.ran(result, f"{side}: --screenshot-dir of {label}"):
                    continue
                written = [Path(line) for line in result.stdout.splitlines() if line.endswith(".png")]
                good = {path.name for path in written
                        if path.is_file() and path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"}
                self.check(len(written) >= 10 and len(good) == len(written),
                           f"{side}: {len(good)} of {len(written)} screenshots of {label} are PNG files")
                pngs[side] = good
            if len(pngs) == 2:
                self.check(pngs["bundle"] == pngs["source"],
                           f"the bundle renders the same screens as the source for {label}")

    def window(self) -> None:
        """The real launch path: the window starts, opens an example and keeps running until stopped."""
        example = EXAMPLES[-1]
        process = subprocess.Popen([*self.bundled, str(example)], cwd=ROOT, env=self.env, text=True,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE, encoding="utf-8")
        try:
            time.sleep(WINDOW_SECONDS)
            running = process.poll() is None
            # A second start (a second double-click) hands its file to the running window and exits (issue 39).
            second = self.run(self.bundled, str(EXAMPLES[0]))
            self.check(second.returncode == 0 and "took the file" in second.stderr and process.poll() is None,
                       f"a second start hands {EXAMPLES[0].name} to the running window and exits "
                       f"(exit {second.returncode}, {(second.stderr.strip().splitlines() or ['no output'])[-1]})")
        finally:
            process.terminate()
            _, errors = process.communicate(timeout=30)
        self.check(running and "Traceback" not in errors,
                   f"the window runs {WINDOW_SECONDS} s with {example.name} open (exit {process.returncode}, "
                   f"{(errors.strip().splitlines() or ['no error output'])[-1]})")
        settings = "".join(path.read_text(encoding="utf-8", errors="replace")
                           for path in (self.scratch / "xdg_config_home").rglob("*.conf"))
        self.check(example.name in settings, f"the window opened {example.name} (it is in the recent games)")

    def linux_install(self) -> None:
        prefix = self.scratch / "prefix"
        script = ROOT / "packaging" / "linux" / "install.sh"
        result = subprocess.run([str(script), "--prefix", str(prefix), "--bundle", str(bundle_dir())],
                                env=self.env, capture_output=True, text=True)
        if not self.ran(result, "packaging/linux/install.sh"):
            return
        share = prefix / "share"
        installed = self.run([str(prefix / "bin" / "awaw-desktop")], "--version")
        self.ran(installed, "the installed awaw-desktop --version")
        desktop = share / "applications" / f"{APP_ID}.desktop"
        text = desktop.read_text(encoding="utf-8") if desktop.is_file() else ""
        self.check("MimeType=application/x-awaw-session;" in text and " %f" in text,
                   "the menu entry opens .awaw files (MimeType=, Exec= ... %f)")
        for size in (16, 24, 32, 48, 64, 128, 256, 512):
            icon = share / "icons" / "hicolor" / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
            self.check(icon.is_file(), f"icon {size}x{size} installed")
        metainfo = share / "metainfo" / f"{APP_ID}.metainfo.xml"
        for tool, args in (("desktop-file-validate", [str(desktop)]),
                           ("appstreamcli", ["validate", "--no-net", str(metainfo)])):
            if shutil.which(tool):
                self.ran(subprocess.run([tool, *args], capture_output=True, text=True), tool)
            else:
                print(f"note: {tool} is not installed; skipped", flush=True)
        probe = ("import sys; from PySide6.QtCore import QMimeDatabase; "
                 "print(QMimeDatabase().mimeTypeForFile(sys.argv[1]).name())")
        mime = subprocess.run([sys.executable, "-c", probe, str(EXAMPLES[0])], capture_output=True, text=True,
                              env=dict(self.env, XDG_DATA_HOME=str(share)))
        self.check(mime.stdout.strip() == "application/x-awaw-session",
                   f"*.awaw is application/x-awaw-session once installed (got {mime.stdout.strip()!r})")
        removed = subprocess.run([str(script), "--prefix", str(prefix), "--uninstall"], env=self.env,
                                 capture_output=True, text=True)
        if self.ran(removed, "install.sh --uninstall"):
            self.check(not desktop.exists() and not (prefix / "lib" / "awaw-desktop").exists(),
                       "--uninstall removes the bundle and the menu entry")

    def start_up(self, runs: int) -> list[tuple[str, float, float]]:
        """(what, bundle median s, source median s), from alternating whole-process runs after a warm-up."""
        figures = []
        cases = (("--version", ["--version"]),
                 (f"report {EXAMPLES[0].name}", ["report", str(EXAMPLES[0])]),
                 ("screenshot run", ["--screenshot-dir", str(self.scratch / "timing")]))
        for what, args in cases:
            times: dict[str, list[float]] = {"bundle": [], "source": []}
            for attempt in range(runs + 1):
                for side, program in (("bundle", self.bundled), ("source", self.source)):
                    started = time.perf_counter()
                    result = self.run(program, *args)
                    elapsed = time.perf_counter() - started
                    if attempt and self.ran(result, f"{side} {what} (timing)"):
                        times[side].append(elapsed)
            if times["bundle"] and times["source"]:
                figures.append((what, statistics.median(times["bundle"]), statistics.median(times["source"])))
        return figures


def size_of(folder: Path) -> tuple[int, int]:
    files = [path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    return sum(path.stat().st_size for path in files), len(files)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--no-build", action="store_true", help="test the bundle already in dist/")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each start-up case (default 5)")
    args = parser.parse_args(argv)
    build_seconds = None
    if not args.no_build:
        started = time.perf_counter()
        if build() != 0:
            print("FAIL: the build failed", file=sys.stderr)
            return 1
        build_seconds = time.perf_counter() - started
    if not bundle_dir().is_dir():
        print(f"FAIL: no bundle at {bundle_dir()}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="awaw-smoke-") as scratch:
        smoke = Smoke(Path(scratch))
        smoke.version()
        smoke.resources()
        smoke.reports()
        smoke.readings()
        smoke.kept_bytecode()
        smoke.screenshots()
        smoke.window()
        if sys.platform.startswith("linux"):
            smoke.linux_install()
        figures = smoke.start_up(args.runs) if args.runs > 0 else []
    size, count = size_of(bundle_dir())
    print(f"\n{smoke.passed} checks passed, {len(smoke.failures)} failed")
    if build_seconds is not None:
        print(f"build: {build_seconds:.1f} s")
    print(f"bundle: {bundle_dir().relative_to(ROOT)}, {size / 2**20:.0f} MiB in {count} files")
    for what, bundled, source in figures:
        print(f"start-up, {what} (median of {args.runs}): bundle {bundled * 1000:.0f} ms, "
              f"source {source * 1000:.0f} ms, bundle/source {bundled / source:.2f}x")
    return 1 if smoke.failures else 0


if __name__ == "__main__":
    sys.exit(main())
