"""No function in agent_graph/ is longer than 60 lines (its `def` line to its last line, its
docstring and comments included): a longer one is split into named parts.

Read from the source (nothing is imported), so a new file is checked without editing this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "agent_graph"
MAX_LINES = 60


def long_functions(source: str, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """(name, lines) of each function or method in `source` longer than `limit`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > limit:
                found.append((node.name, lines))
    return found


def test_no_function_in_the_core_is_over_60_lines() -> None:
    offences = {
        str(path.relative_to(PACKAGE)): found
        for path in sorted(PACKAGE.rglob("*.py"))
        if (found := long_functions(path.read_text(encoding="utf-8")))
    }
    assert offences == {}


def test_the_walk_finds_a_long_method_and_passes_a_short_one() -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_LINES))
    source = f"class A:\n    async def long(self):\n{body}\n\n    def short(self):\n        pass\n"
    assert long_functions(source) == [("long", MAX_LINES + 1)]
