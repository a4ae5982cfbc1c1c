"""Starting PySide6 quickly: the bytecode of its support modules kept between starts, and its import hook's
question answered with a plain read.

PySide6 carries its support modules (``shibokensupport``: signatures, ``__feature__``) as source inside its
library and compiles all of it, some 150 KB, at every start: 11-12 ms of the window's start, which Python's own
bytecode cache cannot save because the modules come from no file.  ``kept_bytecode`` keeps what that import
compiles in the user's cache folder, each module with its exact source, and gives the kept code back only for the
same source compiled the same way (the same Python, the same ``-O``, the same ``__future__`` flags): any other
source, or any other call, is compiled as always.  A missing, damaged (its checksum is checked) or unwritable
cache costs nothing but the compile.
"""

from __future__ import annotations
import __future__

import builtins
import marshal
import os
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from importlib._bootstrap_external import MAGIC_NUMBER  # type: ignore[attr-defined]
from pathlib import Path
from types import CodeType, ModuleType
from typing import Any

#: The compiler flags a ``__future__`` import sets, which ``compile`` passes on from its caller.
FUTURE_FLAGS = 0
for _feature in __future__.all_feature_names:
    FUTURE_FLAGS |= getattr(__future__, _feature).compiler_flag


def cache_folder(environ: dict[str, str] | os._Environ[str] = os.environ, platform: str = sys.platform) -> Path:
    """The user's cache folder for the app, where ``platformdirs.user_cache_dir("awaw-desktop")`` puts it
    (``awaw_desktop.system``, which works it out without importing platformdirs before the first paint)."""
    from ...system import cache_folder as folder

    return folder(environ, platform)


def bytecode_file(folder: Path | None = None) -> Path:
    return (folder or cache_folder()) / f"pyside6-support.{sys.implementation.cache_tag}-O{sys.flags.optimize}.marshal"


def _read(path: Path) -> dict[str, tuple[int, bytes, CodeType]]:
    """What ``path`` keeps, or nothing if it is missing, damaged (its checksum disagrees: a flipped bit in code would
    crash PySide6's start) or of another shape."""
    try:
        data = path.read_bytes()
    except OSError:
        return {}
    head = len(MAGIC_NUMBER)
    if data[:head] != MAGIC_NUMBER or len(data) < head + 4:
        return {}
    payload = data[head + 4:]
    if int.from_bytes(data[head:head + 4], "little") != zlib.crc32(payload):
        return {}
    try:
        kept = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(kept, dict) or not all(
            isinstance(name, str) and isinstance(entry, tuple) and len(entry) == 3 and isinstance(entry[0], int)
            and isinstance(entry[1], bytes) and isinstance(entry[2], CodeType) for name, entry in kept.items()):
        return {}
    return kept


def _write(path: Path, kept: dict[str, tuple[int, bytes, CodeType]]) -> None:
    part = path.with_name(f"{path.name}.{os.getpid()}.part")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        payload = marshal.dumps(kept)
        part.write_bytes(MAGIC_NUMBER + zlib.crc32(payload).to_bytes(4, "little") + payload)
        os.replace(part, path)   # whole or not at all, if two windows start at once
    except OSError:
        with suppress(OSError):
            part.unlink()   # nothing left behind when the kept file cannot be written


@contextmanager
def kept_bytecode(path: Path, shipped: Path | None = None) -> Iterator[None]:
    """While the block runs, ``compile(source_bytes, name, "exec")`` gives back the code kept for the same name,
    source and inherited ``__future__`` flags, in ``shipped`` (what the bundle carries, which wins) or in ``path``,
    and keeps what it compiles; afterwards, if anything was compiled, ``path`` holds all of it."""
    kept = {**_read(path), **(_read(shipped) if shipped is not None else {})}
    original = builtins.compile
    compiled: list[str] = []

    def compile_or_keep(source: Any, filename: Any, mode: str, flags: int = 0, dont_inherit: bool = False,
                        optimize: int = -1, **options: Any) -> Any:
        # What compile would take from its caller (here, it would take this module's flags instead).
        inherited = 0 if dont_inherit else sys._getframe(1).f_code.co_flags & FUTURE_FLAGS
        if (mode != "exec" or flags or optimize != -1 or options or not isinstance(source, bytes)
                or not isinstance(filename, str)):
            return original(source, filename, mode, flags | inherited, True, optimize, **options)
        entry = kept.get(filename)
        if entry is not None and entry[0] == inherited and entry[1] == source:
            return entry[2]
        code = original(source, filename, mode, inherited, True)
        kept[filename] = (inherited, source, code)
        compiled.append(filename)
        return code

    builtins.compile = compile_or_keep
    try:
        yield
    finally:
        builtins.compile = original
        if compiled:
            _write(path, kept)


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


def shipped_bytecode() -> Path:
    """Where the bundle carries the bytecode its build kept (``packaging/build.py``), beside this module: the
    bundle's first start is then as quick as the next.  A checkout has none."""
    return Path(__file__).with_name(bytecode_file(Path()).name)


def start_pyside() -> None:
    """Import PySide6's core, its support modules' bytecode kept (once PySide6 is loaded, nothing to do)."""
    if "PySide6.QtCore" not in sys.modules:
        with kept_bytecode(bytecode_file(), shipped_bytecode()):
            import PySide6.QtCore  # noqa: F401
    read_sources_plainly()
