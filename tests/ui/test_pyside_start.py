"""Issue 15: PySide6's support modules, compiled from the source inside its library at every start, are compiled
once and kept (``ui/shell/pyside_start.py``); what is kept is what ``compile`` makes, and only for the same source."""

from __future__ import annotations

import builtins
import marshal
import os
import subprocess
import sys
import zlib
from importlib.util import MAGIC_NUMBER
from pathlib import Path

import platformdirs

from awaw_desktop.ui.shell.pyside_start import FUTURE_FLAGS, bytecode_file, cache_folder, kept_bytecode

ROOT = Path(__file__).resolve().parents[2]
ANNOTATIONS = 0x1000000   # CO_FUTURE_ANNOTATIONS: this module's ``from __future__ import annotations``


class CountedCompile:
    """``compile`` as it is, counting the calls ``kept_bytecode`` passes on to it."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.real = builtins.compile

    def __call__(self, source, filename, *args, **kwargs):
        self.calls.append(filename)
        return self.real(source, filename, *args, **kwargs)


def compiled_in(path: Path, source: bytes, name: str = "demo.py", counter: CountedCompile | None = None):
    counter = counter or CountedCompile()
    saved = builtins.compile
    builtins.compile = counter
    try:
        with kept_bytecode(path):
            code = compile(source, name, "exec")
    finally:
        builtins.compile = saved
    return code, counter.calls


def test_the_second_start_takes_the_kept_code_which_is_what_compile_makes(tmp_path):
    path = tmp_path / "kept.marshal"
    source = b"def level(points: int) -> int:\n    return points // 4\n"
    first, calls = compiled_in(path, source)
    assert calls == ["demo.py"] and path.is_file()
    again, calls = compiled_in(path, source)
    assert calls == []   # nothing compiled ...
    assert marshal.dumps(again) == marshal.dumps(first) == marshal.dumps(compile(source, "demo.py", "exec"))
    namespace: dict[str, object] = {}
    exec(again, namespace)
    assert namespace["level"](9) == 2   # type: ignore[operator]


def test_a_changed_source_is_compiled_again_and_kept_in_place_of_the_old(tmp_path):
    path = tmp_path / "kept.marshal"
    compiled_in(path, b"x = 1\n")
    code, calls = compiled_in(path, b"x = 2\n")
    assert calls == ["demo.py"]
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["x"] == 2
    assert compiled_in(path, b"x = 2\n")[1] == []


def test_future_flags_come_from_the_caller_as_compile_takes_them(tmp_path):
    path = tmp_path / "kept.marshal"
    source = b"def f(x: undefined_name) -> None:\n    pass\n"
    # This module has ``from __future__ import annotations``: so has what it compiles, kept or not.
    code, _ = compiled_in(path, source)
    assert code.co_flags & ANNOTATIONS == compile(source, "demo.py", "exec").co_flags & ANNOTATIONS == ANNOTATIONS
    # A caller without it gets code without it (kept apart: the same name, other flags).
    plain_caller = builtins.compile("def call(source):\n    return compile(source, 'demo.py', 'exec')\n",
                                    "caller.py", "exec", dont_inherit=True)
    namespace: dict[str, object] = {}
    exec(plain_caller, namespace)
    with kept_bytecode(path):
        plain = namespace["call"](source)   # type: ignore[operator]
    assert plain.co_flags & FUTURE_FLAGS == 0
    with kept_bytecode(path):
        assert namespace["call"](source).co_flags & FUTURE_FLAGS == 0   # type: ignore[operator]
        assert compile(source, "demo.py", "exec").co_flags & ANNOTATIONS


def test_other_calls_are_compiled_as_always_and_not_kept(tmp_path):
    path = tmp_path / "kept.marshal"
    real = builtins.compile
    with kept_bytecode(path):
        assert builtins.compile is not real
        assert eval(compile("6 * 7", "sum.py", "eval")) == 42
        exec(compile("y = 3", "text.py", "exec"), {})   # text, not bytes: not PySide6's embedded modules
    assert not path.exists()
    assert builtins.compile is real   # given back


def with_checksum(payload: bytes) -> bytes:
    return MAGIC_NUMBER + zlib.crc32(payload).to_bytes(4, "little") + payload


def test_a_damaged_or_foreign_cache_is_ignored_and_written_again(tmp_path):
    path = tmp_path / "kept.marshal"
    source = b"import re\nPATTERN = re.compile(r'(a|b)+')\n"
    compiled_in(path, source)
    good = path.read_bytes()
    flipped = []   # one bit flipped in the kept code, the kept source as it was (the eleventh play-test crashed so)
    for offset in range(len(good) - 40, len(good), 3):
        damaged = bytearray(good)
        damaged[offset] ^= 0x10
        flipped.append(bytes(damaged))
    foreign_shapes = [with_checksum(marshal.dumps(shape)) for shape in (
        {"demo.py": 5}, {"demo.py": (0, source)}, [("demo.py", 0, source)], {"demo.py": (0, source, "not code")})]
    for damaged in (b"", b"garbage", b"\x00\x01\x02\x03" + good[4:], good[:-7], *flipped, *foreign_shapes):
        path.write_bytes(damaged)
        code, calls = compiled_in(path, source)
        assert calls == ["demo.py"], damaged[:40]
        namespace: dict[str, object] = {}
        exec(code, namespace)
        assert namespace["PATTERN"].fullmatch("abba")   # type: ignore[attr-defined]
        assert path.read_bytes() == good   # written again, whole
    assert compiled_in(path, source)[1] == []


def test_an_unwritable_cache_costs_only_the_compile_and_leaves_nothing(tmp_path):
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("in the way")
    taken = tmp_path / "taken"
    (taken / "kept.marshal").mkdir(parents=True)   # a folder where the kept file would go
    for path in (blocked / "kept.marshal", taken / "kept.marshal"):
        for _start in range(2):
            code, calls = compiled_in(path, b"z = 5\n")
            assert calls == ["demo.py"]
            namespace: dict[str, object] = {}
            exec(code, namespace)
            assert namespace["z"] == 5
    assert sorted(item.name for item in taken.iterdir()) == ["kept.marshal"]   # no part-written files left


def test_the_cache_folder_is_where_platformdirs_puts_it(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_folder() == Path(platformdirs.user_cache_dir("awaw-desktop"))
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_folder() == Path(platformdirs.user_cache_dir("awaw-desktop"))
    from platformdirs.macos import MacOS

    assert cache_folder(platform="darwin") == Path(MacOS(appname="awaw-desktop").user_cache_dir)
    assert cache_folder({"LOCALAPPDATA": r"C:\Users\ada\AppData\Local", "HOME": "/home/ada"}, "win32") == Path(
        r"C:\Users\ada\AppData\Local") / "awaw-desktop" / "awaw-desktop" / "Cache"   # platformdirs' author folder
    assert bytecode_file(tmp_path).parent == tmp_path


def test_the_window_starts_with_pysides_support_compiled_once(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "QT_QPA_PLATFORM": "offscreen", "XDG_STATE_HOME": str(tmp_path),
           "XDG_CONFIG_HOME": str(tmp_path), "XDG_CACHE_HOME": str(tmp_path / "cache"),
           "AWAW_DESKTOP_EXIT_AFTER_FIRST_PAINT": "1"}
    kept = tmp_path / "cache" / "awaw-desktop" / bytecode_file(Path()).name
    for start in ("first", "second"):
        done = subprocess.run([sys.executable, "-m", "awaw_desktop"], env=env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=120, check=False)
        assert done.returncode == 0 and done.stdout.strip() == "first-paint", (start, done.stderr[-2000:])
        if start == "first":
            assert kept.is_file()
            written = kept.stat().st_mtime_ns
            modules = marshal.loads(kept.read_bytes()[len(MAGIC_NUMBER) + 4:])   # after the checksum
            assert any(name.startswith("shibokensupport/") for name in modules), sorted(modules)
    assert kept.stat().st_mtime_ns == written   # the second start read it and wrote nothing


def test_what_the_bundle_carries_is_read_first_and_spares_the_user_folder(tmp_path):
    shipped, user = tmp_path / "bundle" / "kept.marshal", tmp_path / "cache" / "kept.marshal"
    shipped.parent.mkdir()
    source = b"SHIPPED = True\n"
    compiled_in(shipped, source)   # as packaging/build.py keeps it
    user.parent.mkdir()
    user.write_bytes(b"an older version's leftovers")
    counter = CountedCompile()
    saved = builtins.compile
    builtins.compile = counter
    try:
        with kept_bytecode(user, shipped):
            code = compile(source, "demo.py", "exec")
    finally:
        builtins.compile = saved
    assert counter.calls == []   # nothing compiled ...
    assert user.read_bytes() == b"an older version's leftovers"   # ... and nothing written
    namespace: dict[str, object] = {}
    exec(code, namespace)
    assert namespace["SHIPPED"] is True
    with kept_bytecode(user, tmp_path / "no-bundle" / "kept.marshal"):   # a checkout carries none
        compile(b"OTHER = 1\n", "demo.py", "exec")
    assert user.read_bytes().startswith(MAGIC_NUMBER)
