"""Skill-side agent modules (`planner.py` or `planner/` in a skill folder), each in a confined
process of its own (planner_process.py), never imported by the agent.

A planner is plain Python shipped with a skill, importing nothing from `agent_graph`. It may
define `PRIORITY` (lower is asked first, default 50) and any of these plain-data functions
(docs/protocol.md, "Skill planners"):

- `plan(turn) -> {"calls": [{"name", "args"}], "note": str, "no_tools": bool} | None` (the
  offline model's calls; a real model's suggested first call, graph/suggestion.py)
- `answer(turn) -> str | None` (the offline model's answer; with SKILL_ANSWERS, a real model's
  turn that made the planned calls ends with it)
- `state_lines(results) -> list[str]` (the reflect node's conversation-state block)
- `hints(results) -> list[str] | None` (deterministic follow-up hints)
- `refuse(text) -> str | None` (every model: a message the skill declines whatever the model
  would do, e.g. fair housing; the string is the whole answer and no model or tool runs)
- `check(turn) -> list[str] | None` (every model: corrections of a call the model made, read
  against the user's own words; the first call of a tool in a turn that gets one is not run)

A planner that fails to start, raises, hangs or returns the wrong shape is logged and skipped: a
skill author's bug never crashes a turn, and skill code never runs with the agent's rights.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agent_graph.skills.planner_host import planner_file
from agent_graph.skills.planner_process import PlannerFailure, PlannerProcess
from agent_graph.skills.registry import discover
from agent_graph.telemetry.planner_calls import planner_call

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Planner:
    """One running planner and the skill folder it came from."""

    folder: str
    priority: int
    process: PlannerProcess

    def ask(self, function: str, argument: Any) -> Any:
        """Call one of the planner's functions; a missing function or a failure gives None.
        Traced as `planner.{function} {folder}` (telemetry/planner_calls.py)."""
        if function not in self.process.greeting.get("functions", ()):
            return None  # nothing asked: no span
        return planner_call(self.folder, function, lambda: self.process.call(function, argument))


@dataclass
class Planners:
    """Every loaded planner, in PRIORITY order (ties by folder name)."""

    items: list[Planner] = field(default_factory=list)

    @classmethod
    def from_folders(cls, folders: Iterable[Path]) -> Planners:
        """Start every folder's planner at once, then keep those that greet."""
        started = []
        for folder in folders:
            path = planner_file(folder)
            if path is not None:
                process = PlannerProcess(folder, path)
                process.spawn()
                started.append(process)
        found = []
        for process in started:
            try:
                greeting = process.await_greeting()
            except (PlannerFailure, ValueError, OSError) as exc:
                log.error("skipping the planner of %s: %s", process.name, exc)
                process.close()
                continue
            found.append(Planner(process.name, greeting["priority"], process))
        return cls(sorted(found, key=lambda p: (p.priority, p.folder)))

    @classmethod
    def from_skills_dir(cls, skills_dir: Path) -> Planners:
        """The planners of every valid skill folder (the same discovery as the registry)."""
        return cls.from_folders(spec.folder for spec in discover(skills_dir))

    def close(self) -> None:
        for planner in self.items:
            planner.process.close()

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
            no_tools = not calls and plan.get("no_tools") is True
            return {"calls": calls, "note": str(plan.get("note") or ""), "no_tools": no_tools}
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

    def refusal(self, text: str) -> str | None:
        """The first planner's refusal of this user message; None when every planner lets it be."""
        for planner in self.items:
            found = planner.ask("refuse", text)
            if isinstance(found, str) and found.strip():
                return found.strip()
        return None

    def corrections(self, turn: dict[str, Any]) -> list[str]:
        """Every planner's corrections of `turn["call"]`, in PRIORITY order."""
        found: list[str] = []
        for planner in self.items:
            said = planner.ask("check", turn)
            if isinstance(said, list):
                found.extend(str(line) for line in said if str(line).strip())
        return found

    def hints(self, results: list[dict[str, Any]]) -> list[str] | None:
        """The first three hints a planner offers for these results; None when none does."""
        for planner in self.items:
            found = planner.ask("hints", results)
            if isinstance(found, list) and len(found) >= 3:
                return [str(hint) for hint in found[:3]]
        return None
