"""One house, two families (issues 14 and 24): each rules family is a package at both layers (``core/<key>/`` and
``ui/<key>/``); nothing outside a family imports its insides, a family never imports another, the shared pieces
know families only through ``core.family`` and ``ui.shell.families``, no module imports itself in a circle, and no
module is longer than a reader can hold in one sitting."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "awaw_desktop"
FAMILIES = ("awaw", "europa")
#: A family's insides: its package at each layer.
FAMILY_INSIDES = {key: (f"awaw_desktop.core.{key}", f"awaw_desktop.ui.{key}") for key in FAMILIES}
FAMILY_HOMES = {key: (f"core/{key}/", f"ui/{key}/") for key in FAMILIES}
#: The shared pieces: what serves every family.
SHARED_HOMES = ("core/family.py", "core/frozen.py", "core/lines.py", "core/printable.py", "core/files/", "core/record/",
                "ui/shell/", "ui/__init__.py", "core/__init__.py", "cli.py", "__main__.py", "__init__.py", "paths.py",
                "system.py")
#: The longest a module may be (lines): a reader holds it in one sitting.
MOST_LINES = 600


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> list[tuple[str, Path]]:
    return [(path.relative_to(PACKAGE).as_posix(), path) for path in sorted(PACKAGE.rglob("*.py"))]


MODULES = {module_name(path) for _relative, path in sources()}


def imports(path: Path) -> set[str]:
    """Every module a file imports, anywhere in it (under ``TYPE_CHECKING`` too), relative imports resolved;
    ``from a import b`` gives a.b when that is a module, else a."""
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
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return found


def test_the_import_reader_resolves_relative_imports():
    found = imports(PACKAGE / "ui" / "europa" / "window.py")
    assert "awaw_desktop.core.files.gamefile" in found and "awaw_desktop.ui.europa.holder" in found


def test_every_module_is_a_familys_or_shared():
    for relative, _path in sources():
        homes = [home for homes in FAMILY_HOMES.values() for home in homes] + list(SHARED_HOMES)
        assert relative.startswith(tuple(homes)), f"{relative}: which family does it serve? (move it)"


def test_each_family_is_a_package_at_both_layers_with_its_interface():
    for key in FAMILIES:
        assert (PACKAGE / "core" / key / "family.py").is_file() and (PACKAGE / "ui" / key / "family.py").is_file()


def test_nothing_outside_a_family_imports_its_insides():
    for relative, path in sources():
        for key, insides in FAMILY_INSIDES.items():
            if relative.startswith(FAMILY_HOMES[key]):
                continue
            bad = {name for name in imports(path) if name.startswith(insides)}
            assert not bad, f"{relative} imports {sorted(bad)} (the {key} family's insides)"


def test_the_families_do_not_know_each_other():
    for relative, path in sources():
        for key, homes in FAMILY_HOMES.items():
            if relative.startswith(homes):
                others = tuple(p for other, ps in FAMILY_INSIDES.items() if other != key for p in ps)
                bad = {name for name in imports(path) if name.startswith(others)}
                assert not bad, f"{relative} ({key}) imports {sorted(bad)}"


def test_the_core_never_imports_the_window_layer():
    for relative, path in sources():
        if relative.startswith("core/"):
            bad = {name for name in imports(path) if name.startswith(("awaw_desktop.ui", "PySide6"))}
            assert not bad, f"{relative} imports {sorted(bad)}"


def test_no_module_imports_itself_in_a_circle():
    graph = {module_name(path): {name for name in imports(path) if name in MODULES and name != module_name(path)}
             for _relative, path in sources()}
    circles: list[list[str]] = []
    # Tarjan's strongly connected components: any of more than one module is a circle.
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                component.append(other)
                if other == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    assert circles == []


def test_every_module_can_be_read_in_one_sitting():
    long = {relative: lines for relative, path in sources()
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert long == {}


def test_families_are_found_by_key_through_the_registry():
    from awaw_desktop.core import family

    assert family.all_keys()[0] == family.DEFAULT_FAMILY == "awaw"
    for key in family.all_keys():
        found = family.get(key)
        assert found.key == key and found.title
        assert isinstance(found, family.GameFamily)
        assert family.REGISTRY[key].rules == f"awaw_desktop.core.{key}.family"
        assert family.REGISTRY[key].window == f"awaw_desktop.ui.{key}.family"
    assert family.get("europa").describe(family.get("europa").new_game("Kursk", {}, "Jul I 1943")) == \
        ("Kursk", "Jul I 1943")
    assert family.get("awaw").describe(family.get("awaw").new_game("Barbarossa", {}, "Summer 1941")) == \
        ("Barbarossa", "Summer 1941")
    with pytest.raises(KeyError, match="hearts-of-iron"):
        family.get("hearts-of-iron")


def test_a_familys_rules_load_by_name_without_its_file_format():
    # cli.run loads the default family's rules before Qt: by name, without the family's FAMILY (which would
    # bring the session file and pydantic before the first paint).
    code = ("import sys; from awaw_desktop.core import family; family.load_rules('awaw'); family.load_rules('europa');"
            " print('awaw_desktop.core.awaw.germany' in sys.modules, 'pydantic' in sys.modules,"
            " any(name.startswith('PySide6') for name in sys.modules))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=PACKAGE.parent)
    assert done.stdout.split() == ["True", "False", "False"]


def test_the_family_interfaces_hold_for_the_type_checker():
    """Both families' halves satisfy the written interfaces (``core.family.GameFamily``,
    ``ui.shell.families.WindowFamily`` and ``GameWindow``), checked by mypy as the code is, not only at run time."""
    pytest.importorskip("mypy")
    interfaces = [PACKAGE / "ui" / "shell" / "families.py"] + [PACKAGE / layer / key / "family.py"
                                                             for key in FAMILIES for layer in ("core", "ui")]
    done = subprocess.run([sys.executable, "-m", "mypy", "--follow-imports=silent", "--no-error-summary",
                           *map(str, interfaces)], capture_output=True, text=True, cwd=PACKAGE.parent, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
