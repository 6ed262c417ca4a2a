"""Every package and top-level module of `agent_graph/` sits on a declared floor and imports only
from the floors below it: no upward import, no import between neighbours on one floor, hence no
cycle. Inside `skills/`, the rooms are ordered the same way.

Read from the source's import statements (no module is imported), so a new file is checked
without editing this test; a new package must be given its floor here.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "agent_graph"

FLOORS: tuple[tuple[str, ...], ...] = (
    ("__init__", "cli"),
    ("cli_jobs", "cli_serve"),
    ("cli_job_chain", "cli_text"),
    ("server",),
    ("app",),
    ("turns",),
    ("graph", "jobs"),
    ("llm",),
    ("planning",),
    ("understanding", "storage"),
    ("memory",),
    ("skills", "accounts"),
    ("telemetry", "delivery"),
    ("security", "events", "turn_request", "capabilities"),
    ("config",),
    ("secret_settings", "webhook_keys"),
)
"""Top to bottom: entry points, the HTTP edge, the app that composes everything (open_app), the
turn engine, the graph and the job runner, the model, planning,
then the services they build on, down to the configuration."""

SKILL_ROOMS: tuple[tuple[str, ...], ...] = (
    ("registry",),
    ("backends",),
    ("isolation", "model"),
)
"""`agent_graph/skills/`: the registry composes the backends, which run workers confined by
isolation and described by the skill model."""


def unit_of(path: Path, root: Path) -> str:
    """The package (folder) or top-level module (file stem) of `root` that `path` belongs to."""
    parts = path.relative_to(root).parts
    return parts[0] if len(parts) > 1 else Path(parts[0]).stem


def imported_units(root: Path, dotted: str) -> dict[str, set[tuple[str, str]]]:
    """For each unit of `root` (the package `dotted`), the (unit, file) pairs of the other units
    its files import."""
    found: dict[str, set[tuple[str, str]]] = {}
    for path in sorted(root.rglob("*.py")):
        unit = unit_of(path, root)
        found.setdefault(unit, set())
        for name in imported_names(path):
            if not name.startswith(dotted + "."):
                continue
            target = name[len(dotted) + 1 :].split(".")[0]
            if target != unit and ((root / target).is_dir() or (root / f"{target}.py").is_file()):
                found[unit].add((target, str(path.relative_to(root))))
    return found


def imported_names(path: Path) -> set[str]:
    """Every module an import statement of `path` names (for `from a import b`: a and a.b)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def upward_imports(
    floors: Sequence[Sequence[str]], imports: dict[str, set[tuple[str, str]]]
) -> list[str]:
    """Each import of a unit on the same floor or above, as `file: unit -> target`."""
    level = {unit: depth for depth, floor in enumerate(floors) for unit in floor}
    return sorted(
        f"{where}: {unit} -> {target}"
        for unit, targets in imports.items()
        for target, where in targets
        if level[target] <= level[unit]
    )


def test_every_unit_of_the_core_has_a_floor() -> None:
    declared = {unit for floor in FLOORS for unit in floor}
    assert set(imported_units(PACKAGE, "agent_graph")) == declared


def test_the_core_imports_only_downward() -> None:
    assert upward_imports(FLOORS, imported_units(PACKAGE, "agent_graph")) == []


def test_every_room_of_the_skills_package_has_a_floor() -> None:
    declared = {unit for floor in SKILL_ROOMS for unit in floor}
    units = set(imported_units(PACKAGE / "skills", "agent_graph.skills")) - {"__init__"}
    assert units == declared


def test_the_skills_rooms_import_only_downward() -> None:
    imports = imported_units(PACKAGE / "skills", "agent_graph.skills")
    imports.pop("__init__", None)
    assert upward_imports(SKILL_ROOMS, imports) == []


@pytest.mark.parametrize(
    ("floors", "imports"),
    [
        ([("a",), ("b",)], {"a": set(), "b": {("a", "b/x.py")}}),
        ([("a", "b")], {"a": {("b", "a/x.py")}, "b": set()}),
    ],
)
def test_an_upward_or_sideways_import_is_reported(
    floors: list[tuple[str, ...]], imports: dict[str, set[tuple[str, str]]]
) -> None:
    """The check itself: a lower unit importing a higher one, or a neighbour on its floor, is
    named with its file."""
    assert len(upward_imports(floors, imports)) == 1


def test_the_turn_engine_knows_no_web_framework() -> None:
    """agent_graph/turns runs turns; the server serves them over HTTP (the floors keep it from
    importing the server or the app): none of its files imports FastAPI or Starlette."""
    offences = sorted(
        str(path.relative_to(PACKAGE))
        for path in (PACKAGE / "turns").rglob("*.py")
        if {name.split(".")[0] for name in imported_names(path)} & {"fastapi", "starlette"}
    )
    assert offences == []
