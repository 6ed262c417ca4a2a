"""Skill-side agent modules (`planner.py` or `planner/` in a skill folder), loaded by file path.

A planner is plain Python shipped with a skill, importing nothing from `agent_graph`. It may
define `PRIORITY` (lower is asked first, default 50) and any of these plain-data functions
(docs/protocol.md, "Skill planners"):

- `plan(turn) -> {"calls": [{"name", "args"}], "note": str} | None` (offline model only)
- `answer(turn) -> str | None` (offline model only)
- `state_lines(results) -> list[str]` (the reflect node's conversation-state block)
- `hints(results) -> list[str] | None` (deterministic follow-up hints)

A planner that fails to import, raises or returns the wrong shape is logged and skipped: a
skill author's bug never crashes a turn.
"""

from __future__ import annotations

import hashlib
import importlib.util
import logging
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from agent_graph.skills.registry import discover

log = logging.getLogger(__name__)

DEFAULT_PRIORITY = 50
MODULE_PREFIX = "propsearch_planner_"


def planner_path(folder: Path) -> Path | None:
    """The planner file of a skill folder: `planner/__init__.py`, else `planner.py`, else None."""
    package = folder / "planner" / "__init__.py"
    if package.is_file():
        return package
    single = folder / "planner.py"
    return single if single.is_file() else None


def load_module(folder: Path) -> ModuleType | None:
    """Import a folder's planner by path, once per path (a package keeps its relative imports)."""
    path = planner_path(folder)
    if path is None:
        return None
    resolved = path.resolve()
    digest = hashlib.sha1(str(resolved).encode()).hexdigest()[:10]
    name = f"{MODULE_PREFIX}{folder.name}_{digest}"
    if name in sys.modules:
        return sys.modules[name]
    search = [str(resolved.parent)] if resolved.name == "__init__.py" else None
    spec = importlib.util.spec_from_file_location(name, resolved, submodule_search_locations=search)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


@dataclass(frozen=True)
class Planner:
    """One loaded planner and the skill folder it came from."""

    folder: str
    priority: int
    module: ModuleType

    def ask(self, function: str, argument: Any) -> Any:
        """Call one of the planner's functions; a missing function or an exception gives None."""
        target = getattr(self.module, function, None)
        if not callable(target):
            return None
        try:
            return target(argument)
        except Exception:
            log.exception("planner of %s failed in %s()", self.folder, function)
            return None


@dataclass
class Planners:
    """Every loaded planner, in PRIORITY order (ties by folder name)."""

    items: list[Planner] = field(default_factory=list)

    @classmethod
    def from_folders(cls, folders: Iterable[Path]) -> Planners:
        found = []
        for folder in folders:
            try:
                module = load_module(folder)
            except Exception:
                log.exception("skipping the planner of %s", folder.name)
                continue
            if module is None:
                continue
            priority = getattr(module, "PRIORITY", DEFAULT_PRIORITY)
            if not isinstance(priority, int):
                priority = DEFAULT_PRIORITY
            found.append(Planner(folder.name, priority, module))
        return cls(sorted(found, key=lambda p: (p.priority, p.folder)))

    @classmethod
    def from_skills_dir(cls, skills_dir: Path) -> Planners:
        """The planners of every valid skill folder (the same discovery as the registry)."""
        return cls.from_folders(spec.folder for spec in discover(skills_dir))

    def plan(self, turn: dict[str, Any]) -> dict[str, Any] | None:
        """The first plan any planner makes for this turn, normalised; None when none does."""
        for planner in self.items:
            plan = planner.ask("plan", turn)
            if plan is None:
                continue
            if not isinstance(plan, dict):
                log.error("planner of %s returned a plan that is not a dict", planner.folder)
                continue
            calls = [
                {"name": str(c["name"]), "args": dict(c.get("args") or {})}
                for c in plan.get("calls") or []
                if isinstance(c, dict) and isinstance(c.get("name"), str)
            ]
            return {"calls": calls, "note": str(plan.get("note") or "")}
        return None

    def answers(self, turn: dict[str, Any]) -> list[str]:
        """Every planner's answer for this turn's outcomes, in PRIORITY order."""
        found = (p.ask("answer", turn) for p in self.items)
        return [text for text in found if isinstance(text, str) and text]

    def state_lines(self, results: list[dict[str, Any]]) -> list[str]:
        lines: list[str] = []
        for planner in self.items:
            found = planner.ask("state_lines", results)
            if isinstance(found, list):
                lines.extend(str(line) for line in found)
        return lines

    def hints(self, results: list[dict[str, Any]]) -> list[str] | None:
        """The first three hints a planner offers for these results; None when none does."""
        for planner in self.items:
            found = planner.ask("hints", results)
            if isinstance(found, list) and len(found) >= 3:
                return [str(hint) for hint in found[:3]]
        return None
