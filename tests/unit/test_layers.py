"""Layers import downward only: server -> app -> turns -> graph -> llm / planning -> skills, memory, storage ->
security -> config.

Read from the source's import statements (no module is imported), so a new file is checked
without editing this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "agent_graph"
BELOW_GRAPH = ("llm", "planning", "skills", "memory", "storage", "security")


def imported_layers(layer: str) -> dict[str, set[str]]:
    """For each file of `layer`, the agent_graph packages it imports."""
    found: dict[str, set[str]] = {}
    for path in sorted((PACKAGE / layer).rglob("*.py")):
        names: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                names.add(node.module)
            elif isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
        found[str(path.relative_to(PACKAGE))] = {
            name.split(".")[1] for name in names if name.startswith("agent_graph.")
        }
    return found


@pytest.mark.parametrize("layer", BELOW_GRAPH)
def test_nothing_below_the_graph_imports_the_graph_or_the_server(layer: str) -> None:
    offences = {
        path: sorted(layers & {"graph", "server"})
        for path, layers in imported_layers(layer).items()
        if layers & {"graph", "server"}
    }
    assert offences == {}


def test_planning_builds_on_neither_the_graph_nor_the_model() -> None:
    offences = {
        path: sorted(layers & {"graph", "llm", "server"})
        for path, layers in imported_layers("planning").items()
        if layers & {"graph", "llm", "server"}
    }
    assert offences == {}


def test_the_graph_never_imports_the_server() -> None:
    assert {p: ls for p, ls in imported_layers("graph").items() if "server" in ls} == {}


def test_security_builds_on_nothing_but_the_configuration() -> None:
    """security sits under skills, memory and storage: it imports none of them (nor above)."""
    above = {"skills", "memory", "storage", "llm", "planning", "graph", "server"}
    offences = {
        path: sorted(layers & above)
        for path, layers in imported_layers("security").items()
        if layers & above
    }
    assert offences == {}


def test_the_configuration_is_the_bottom_layer() -> None:
    tree = ast.parse((PACKAGE / "config.py").read_text())
    packages = {
        node.module.split(".")[1]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("agent_graph.")
    }
    assert not packages & {p.name for p in PACKAGE.iterdir() if p.is_dir()}


def test_the_turn_engine_knows_no_http_and_no_app() -> None:
    """agent_graph/turns runs turns; the server serves them and the app composes them: the
    engine imports neither, nor any web framework."""
    offences = {
        path: sorted(layers & {"server", "app"})
        for path, layers in imported_layers("turns").items()
        if layers & {"server", "app"}
    }
    assert offences == {}
    for path in (PACKAGE / "turns").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom | ast.Import):
                names = [node.module or ""] if isinstance(node, ast.ImportFrom) else []
                names += (
                    [alias.name for alias in node.names] if isinstance(node, ast.Import) else []
                )
                assert not any(n.split(".")[0] in ("fastapi", "starlette") for n in names), path
