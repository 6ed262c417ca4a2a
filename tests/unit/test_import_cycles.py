"""No module imports itself back: the imports of the core and of every bundled skill (its folder
is its import root: `updates.read` is skills/<name>/updates/read.py) form no cycle. Every import counts, `if TYPE_CHECKING:` and function-level ones too: a cycle
hidden behind a late import is still two modules that cannot be read (or moved) one at a time.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SKILLS = sorted(path.parent for path in (ROOT / "skills").glob("*/SKILL.md"))
PACKAGES = [(ROOT / "agent_graph", ROOT), *((folder, folder) for folder in SKILLS)]
"""Each package with the folder its module names start from."""


def _module_name(path: Path, base: Path) -> str:
    parts = list(path.relative_to(base).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    return (node for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom))


def _targets(node: ast.Import | ast.ImportFrom, module: str, is_package: bool) -> list[str]:
    """The modules an import statement names, absolute (`from . import x` names `pkg.x` too)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = node.module or ""
    if node.level:
        package = module.split(".") if is_package else module.split(".")[:-1]
        anchor = package[: len(package) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def import_graph(package: Path, base: Path | None = None) -> dict[str, set[str]]:
    """Module -> the modules of the same package it imports, named from `base` (by default the
    package's parent); a virtual environment inside the package is not its code."""
    base = base or package.parent
    paths = (p for p in package.rglob("*.py") if ".venv" not in p.relative_to(package).parts)
    files = {_module_name(path, base): path for path in paths}
    graph: dict[str, set[str]] = {}
    for module, path in files.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py"
        named = (t for node in _imports(tree) for t in _targets(node, module, is_package))
        graph[module] = {t for t in named if t in files and t != module}
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as the modules along it, or None (a depth-first search)."""
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> list[str] | None:
        if module in path:
            return [*path[path.index(module) :], module]
        if module in done:
            return None
        for target in sorted(graph[module]):
            if cycle := visit(target, [*path, module]):
                return cycle
        done.add(module)
        return None

    for module in sorted(graph):
        if cycle := visit(module, []):
            return cycle
    return None


def test_find_cycle_reports_a_two_module_circle() -> None:
    graph = {"a": {"b"}, "b": {"a"}, "c": set()}
    assert find_cycle(graph) == ["a", "b", "a"]


def test_relative_imports_resolve_to_sibling_modules(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "parse.py").write_text("from .facts import take\n")
    (package / "facts.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .parse import Words\n"
    )
    graph = import_graph(package)
    assert graph["pkg.parse"] == {"pkg.facts"}
    assert find_cycle(graph) == ["pkg.facts", "pkg.parse", "pkg.facts"]


@pytest.mark.parametrize(("package", "base"), PACKAGES, ids=lambda p: p.name)
def test_package_has_no_import_cycle(package: Path, base: Path) -> None:
    graph = import_graph(package, base)
    assert graph, "the walk found the package's modules"
    assert find_cycle(graph) is None


def test_a_skills_folder_is_its_import_root() -> None:
    """The flagship skill's bare imports (`from updates import store`) are edges of its graph."""
    folder = ROOT / "skills" / "real_estate"
    assert "updates.store" in import_graph(folder, folder)["updates.apply"]
