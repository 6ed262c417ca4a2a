"""Typed records of one tool call: the request the interceptors pass along, and what a call
leaves behind (the model's message, the turn's outcome, a card's data, a memory write)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.messages import ToolMessage

from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.llm.client import Emit
from agent_graph.planning.view import TurnView
from agent_graph.skills.model.metadata import ToolMeta


@dataclass(frozen=True)
class ToolRun:
    """What every call of one tools round shares."""

    services: Services
    context: Context
    emit: Emit
    failures: dict[str, int]
    """Refusals of each tool this turn: a planner's check grounds a tool's call once."""
    conversation: TurnView
    """The turn as the planners' checks read it (planning/view.py, `for_check`)."""


@dataclass(frozen=True)
class ToolRequest:
    """One call as the model (or a correction) made it."""

    run: ToolRun
    call_id: str
    name: str
    args: dict[str, Any]
    meta: ToolMeta
    corrected: bool = False
    """The planners' arguments replaced the model's (the correction was not taken in)."""

    @property
    def skill(self) -> str | None:
        return self.run.services.skills.skill_for(self.name)

    @property
    def safe_args(self) -> dict[str, Any]:
        """The arguments as shown to the user and stored: secrets redacted."""
        redacted: dict[str, Any] = self.run.services.sanitizer.redact_value(self.args)
        return redacted


@dataclass
class ToolRecord:
    """What one call leaves: the model's message and the outcome the turn keeps."""

    message: ToolMessage
    outcome: dict[str, Any]
    data: dict[str, Any] | None = None
    """The card's data, when the result renders as one."""
    write: dict[str, Any] | None = None
    """The memory write the result requests, owned by the tool's skill."""
