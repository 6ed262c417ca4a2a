"""One running skill planner and how it is asked: one function, or several in one round trip
(a `batch`, planning/host.py, whose answers are those of the questions asked apart); what the
planners are asked with (a turn or the results, cut per skill: planning/view.py); and a plan
as the agent reads it."""

from __future__ import annotations

import functools
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from agent_graph.planning.process import MAX_FAILURES, PlannerProcess
from agent_graph.telemetry.planner_calls import planner_call

log = logging.getLogger(__name__)


class SkillTurns(Protocol):
    """A turn cut per skill (planning/view.py, TurnView): None when that skill is not asked."""

    def for_plan(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None: ...

    def for_answer(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None: ...

    def for_check(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None: ...


class SkillResults(Protocol):
    """The conversation's results cut per skill (planning/view.py, ResultsView)."""

    def for_state(self, skill: str, reads: frozenset[str]) -> list[dict[str, Any]] | None: ...


def normalised(plan: dict[str, Any], tools: frozenset[str]) -> dict[str, Any]:
    """A planner's plan as the agent reads it, its calls only to `tools` (its own offered)."""
    calls = [
        {"name": str(c["name"]), "args": dict(c.get("args") or {})}
        for c in plan.get("calls") or []
        if isinstance(c, dict) and isinstance(c.get("name"), str) and c["name"] in tools
    ]
    no_tools = not calls and plan.get("no_tools") is True
    return {"calls": calls, "note": str(plan.get("note") or ""), "no_tools": no_tools}


def read_plan(skill: str, plan: Any, turn: dict[str, Any] | None) -> dict[str, Any] | None:
    """A planner's answer to `plan` normalised, or None (no plan, or not a dict: logged)."""
    if plan is None or turn is None:
        return None
    if not isinstance(plan, dict):
        log.error("planner of %s returned a plan that is not a dict", skill)
        return None
    return normalised(plan, frozenset(turn["tools"]))


@dataclass(frozen=True)
class Planner:
    """One running planner and the skill it came from."""

    skill: str
    priority: int
    process: PlannerProcess
    reads: frozenset[str] = frozenset()
    """Kinds of other skills' results its planner may read (SKILL.md `planner_reads`)."""

    def has(self, function: str) -> bool:
        return function in self.process.greeting.get("functions", ())

    def ask(self, function: str, argument: Any) -> Any:
        """Call one of the planner's functions; a missing function or a failure gives None.
        Traced as `planner.{function} {skill}` (telemetry/planner_calls.py)."""
        if not self.has(function):
            return None  # nothing asked: no span
        return planner_call(self.skill, function, lambda: self.process.call(function, argument))

    def said(self, function: str, argument: Any) -> tuple[bool, Any]:
        """`ask`, and whether the planner answered at all (False: it lacks the function, or
        the call failed), so that an answer of None can be kept apart from a failure."""
        if not self.has(function):
            return False, None
        replies: list[dict[str, Any]] = []

        def call() -> Any:
            replies.extend(self.process.replies([(function, argument)]))
            return self.process.answer_of(function, replies[0])

        found = planner_call(self.skill, function, call)
        return "ok" in replies[0], found

    @property
    def switched_off(self) -> bool:
        """Its process failed too often in a row and is asked nothing more (process.py)."""
        return self.process.failures >= MAX_FAILURES

    def ask_many(self, asks: Mapping[str, Any]) -> dict[str, Any]:
        """`ask` of each function with its argument, all in one round trip (a `batch`): each
        answer as asked alone, under a span of its own (opened once the batch is answered, so
        its time is not the round trip's); a function it lacks is left out."""
        asked = [(function, argument) for function, argument in asks.items() if self.has(function)]
        if len(asked) < 2:
            return {function: self.ask(function, argument) for function, argument in asked}
        replies = self.process.replies(asked)
        return {
            function: planner_call(
                self.skill, function, functools.partial(self.process.answer_of, function, reply)
            )
            for (function, _), reply in zip(asked, replies, strict=True)
        }


def offered_hints(planner: Planner, results: list[dict[str, Any]]) -> list[str] | None:
    """The planner's hints for `results` as kept: [] when it offers none (or not three), None
    when it did not answer (a failure is not kept)."""
    answered, found = planner.said("hints", results)
    if not answered:
        return None
    return [str(hint) for hint in found] if isinstance(found, list) and len(found) >= 3 else []
