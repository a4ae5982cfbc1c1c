"""One house, two families (issue 14, item 8): nothing outside a rules family imports its insides, and the
shared entry points (the game file, New game's hand-over, the CLI) know families only through core.family."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "awaw_desktop"
#: Shared modules that decide which family handles a file or a game: they import no family's insides.
SHARED = ("core/family.py", "core/files/gamefile.py", "ui/shell/family_window.py", "cli.py", "ui/shell/app.py")
FAMILY_INSIDES = {"awaw": ("awaw_desktop.core.awaw",),
                  "europa": ("awaw_desktop.core.europa", "awaw_desktop.ui.europa")}
FAMILY_HOMES = {"awaw": ("core/awaw/",), "europa": ("core/europa/", "ui/europa/")}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path) -> set[str]:
    """Every module a file imports (anywhere in it, relative imports resolved; ``from a import b`` gives a.b too)."""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = ".".join(package[:len(package) - node.level + 1] + ([node.module] if node.module else [])) \
                if node.level else node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def sources() -> list[tuple[str, Path]]:
    return [(path.relative_to(PACKAGE).as_posix(), path) for path in sorted(PACKAGE.rglob("*.py"))]


def test_the_import_reader_resolves_relative_imports():
    found = imports(PACKAGE / "ui" / "europa" / "window.py")
    assert "awaw_desktop.core.files.gamefile" in found and "awaw_desktop.ui.europa.holder" in found


def test_nothing_outside_europa_imports_its_insides():
    for relative, path in sources():
        if relative.startswith(FAMILY_HOMES["europa"]):
            continue
        bad = {name for name in imports(path) if name.startswith(FAMILY_INSIDES["europa"])}
        assert not bad, f"{relative} imports {sorted(bad)}"


def test_the_families_do_not_know_each_other():
    for relative, path in sources():
        for key, homes in FAMILY_HOMES.items():
            if relative.startswith(homes):
                others = tuple(p for other, ps in FAMILY_INSIDES.items() if other != key for p in ps)
                bad = {name for name in imports(path) if name.startswith(others)}
                assert not bad, f"{relative} ({key}) imports {sorted(bad)}"


def test_the_shared_entry_points_import_no_familys_insides():
    every_inside = tuple(p for ps in FAMILY_INSIDES.values() for p in ps)
    for relative in SHARED:
        found = imports(PACKAGE / relative)
        bad = {name for name in found if name.startswith(every_inside)}
        assert not bad, f"{relative} imports {sorted(bad)}"


def test_families_are_found_by_key_through_the_registry():
    from awaw_desktop.core import family

    assert family.all_keys()[0] == family.DEFAULT_FAMILY == "awaw"
    for key in family.all_keys():
        found = family.get(key)
        assert found.key == key and found.title
        assert found.window.partition(":")[0].startswith("awaw_desktop.ui.")
    assert family.get("europa").describe(family.get("europa").new_game("Kursk", {}, "Jul I 1943")) == \
        ("Kursk", "Jul I 1943")
    assert family.get("awaw").describe(family.get("awaw").new_game("Barbarossa", {}, "Summer 1941")) == \
        ("Barbarossa", "Summer 1941")
    try:
        family.get("hearts-of-iron")
    except KeyError as error:
        assert "hearts-of-iron" in str(error)
    else:
        raise AssertionError("an unknown family was found")


def test_a_familys_rules_load_by_name_without_its_file_format():
    # cli.run loads the default family's rules before Qt: by name, without the family's FAMILY (which would
    # bring the session file and pydantic before the first paint).
    import subprocess
    import sys

    code = ("import sys; from awaw_desktop.core import family; family.load_rules('awaw'); family.load_rules('europa');"
            " print('awaw_desktop.core.awaw.germany' in sys.modules, 'pydantic' in sys.modules,"
            " any(name.startswith('PySide6') for name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=PACKAGE.parent)
    assert done.stdout.split() == ["True", "False", "False"]
