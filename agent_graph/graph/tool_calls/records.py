"""Typed records of one tool call: the request its capabilities hand on and the result they
make, never mutated but replaced (`dataclasses.replace`), and what a call leaves behind (the
model's message, the turn's outcome, a card's data, a memory write)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any, Literal

from langchain_core.messages import ToolMessage

from agent_graph.events import Emit
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.planning.view import TurnView
from agent_graph.skills.model.failures import Failure
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
    confirmed: bool = False
    """It runs after the user's yes, which was for it (its tool asks first or writes memory)."""
    declined: str | None = None
    """The question of its confirmation the user said no to: it is not run."""
    refusal: ToolError | None = None
    """Why a before-hook stopped it: nothing after the before-hooks runs but the after-hooks
    that need no result."""
    started_ns: int = field(default_factory=time.time_ns)

    @property
    def skill(self) -> str | None:
        return self.run.services.skills.skill_for(self.name)

    @property
    def safe_args(self) -> dict[str, Any]:
        """The arguments as shown to the user and stored: secrets redacted."""
        redacted: dict[str, Any] = self.run.services.sanitizer.redact_value(self.args)
        return redacted


ErrorKind = Literal["refused", "failed", "unexpected"]
"""refused: stopped before its skill (`ToolError.reason` says why); failed: the skill, or what
its result asked for, said no; unexpected: anything else went wrong (its text names no detail)."""


@dataclass(frozen=True)
class ToolError:
    """What the model reads of a call that did not give its data (`text`), and what kind of
    failure it was (`failure`: the person reads only that, in words, never `text`)."""

    text: str
    kind: ErrorKind
    failure: Failure
    reason: str = ""
    """What stopped a refused call: role, maybe_ran, arguments, declined."""


@dataclass(frozen=True)
class ToolResult:
    """A call's outcome: the skill's data, or an error."""

    data: object = None
    error: ToolError | None = None
    write: dict[str, Any] | None = None
    """The memory write the data asks for, owned by the tool's skill."""

    @property
    def ran(self) -> bool:
        """The skill gave its data (no error)."""
        return self.error is None


@dataclass
class ToolRecord:
    """What one call leaves: the model's message and the outcome the turn keeps."""

    message: ToolMessage
    outcome: dict[str, Any]
    data: dict[str, Any] | None = None
    """The card's data, when the result renders as one."""
    write: dict[str, Any] | None = None
    """The memory write the result requests, owned by the tool's skill."""
