"""No function in agent_graph/ or in the skills' own code (skills/, their venvs and built
dependencies aside) is longer than 60 lines (its `def` line to its last line, its docstring and
comments included): a longer one is split into named parts.

Read from the source (nothing is imported), so a new file is checked without editing this test.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "agent_graph"
SKILLS = ROOT / "skills"
MAX_LINES = 60
NOT_OURS = frozenset({"node_modules", "__pycache__"})
"""Folders under skills/ holding others' code (with the hidden ones: .venv, .venv-*)."""


def long_functions(source: str, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """(name, lines) of each function or method in `source` longer than `limit`."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            lines = (node.end_lineno or node.lineno) - node.lineno + 1
            if lines > limit:
                found.append((node.name, lines))
    return found


def sources(root: Path) -> list[Path]:
    """The Python files below `root` that are the project's own."""
    return [
        path
        for path in sorted(root.rglob("*.py"))
        if not any(
            part in NOT_OURS or part.startswith(".") for part in path.relative_to(root).parts
        )
    ]


def offences_in(root: Path) -> dict[str, list[tuple[str, int]]]:
    return {
        str(path.relative_to(root)): found
        for path in sources(root)
        if (found := long_functions(path.read_text(encoding="utf-8")))
    }


def test_no_function_in_the_core_is_over_60_lines() -> None:
    assert offences_in(PACKAGE) == {}


def test_no_function_in_the_skills_own_code_is_over_60_lines() -> None:
    assert offences_in(SKILLS) == {}


def test_the_skills_walk_reads_their_code_and_skips_their_venvs() -> None:
    found = {str(path.relative_to(SKILLS)) for path in sources(SKILLS)}
    assert "skill_runtime.py" in found and "real_estate/planner/replies.py" in found
    assert not [name for name in found if ".venv" in name or "node_modules" in name]


def test_the_walk_finds_a_long_method_and_passes_a_short_one() -> None:
    body = "\n".join(f"        x{i} = {i}" for i in range(MAX_LINES))
    source = f"class A:\n    async def long(self):\n{body}\n\n    def short(self):\n        pass\n"
    assert long_functions(source) == [("long", MAX_LINES + 1)]
