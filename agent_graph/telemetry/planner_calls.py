"""`planner.{hook} {skill}` spans: one per call of a skill's planner (plan, check, refuse,
answer, state_lines, hints), made where the agent asks it (planning/planner.py), so the
planners themselves and their callers know nothing of tracing."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from opentelemetry import trace
from opentelemetry.trace import Status, StatusCode

from agent_graph.telemetry import setup
from agent_graph.telemetry.attributes import KIND, turn_attributes

tracer = trace.get_tracer("propsearch.planners")
T = TypeVar("T")

GUARDS = frozenset({"refuse", "check"})
"""Hooks that may stop the agent: OpenInference's GUARDRAIL kind; the others are CHAIN."""
SAID = {"refuse": "refused", "check": "corrected", "plan": "planned"}
"""A hook's outcome when the planner said something (`answered` for the other hooks)."""


def outcome_of(hook: str, found: Any) -> str:
    """`none` when the planner let it be (None, empty), else what its saying means for `hook`."""
    if found is None or found == [] or (isinstance(found, str) and not found.strip()):
        return "none"
    return SAID.get(hook, "answered")


def planner_call(skill: str, hook: str, call: Callable[[], T]) -> T:
    """`call()` (one planner function) under its span while tracing: the skill, the hook and
    the outcome (`refused`, `corrected`, `planned`, `answered`, `none`; `failed` is marked by
    `planner_failed` from inside)."""
    if not setup.active():
        return call()
    attributes = {
        KIND: "GUARDRAIL" if hook in GUARDS else "CHAIN",
        "propsearch.skill": skill,
        "propsearch.planner.hook": hook,
        **turn_attributes(),
    }
    with tracer.start_as_current_span(f"planner.{hook} {skill}", attributes=attributes) as span:
        found = call()
        if "propsearch.planner.outcome" not in (getattr(span, "attributes", None) or {}):
            span.set_attribute("propsearch.planner.outcome", outcome_of(hook, found))
        return found


def planner_failed(kind: str) -> None:
    """Mark the current planner span failed (the planner raised, hung, died or was switched
    off): its caller sees None, as from a planner that had nothing to say."""
    span = trace.get_current_span()
    span.set_attribute("propsearch.planner.outcome", "failed")
    span.set_attribute("error.type", kind)
    span.set_status(Status(StatusCode.ERROR, kind))
