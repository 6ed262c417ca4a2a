"""A turn's events as the text a client without PropSearch's cards shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agent_graph.events import (
    ConfirmEvent,
    DataEvent,
    ErrorEvent,
    Event,
    StepEvent,
    TokenEvent,
    UsageEvent,
)
from agent_graph.graph.services import SkillGateway


@dataclass
class TurnText:
    """Folds a turn's events (docs/protocol.md) into what a text-only client shows (an OpenAI
    client, an MCP host): the answer's tokens, a confirmation question, and the turn's last
    result as a Markdown table in the compact view its skill declares (`for_model`)."""

    skills: SkillGateway
    ask: str = "\n\n{question}"
    """How the question of a turn paused for a confirmation reads ({question})."""
    confirm: ConfirmEvent | None = None
    """The `confirm` event the turn paused at, if it did."""
    data: dict[str, Any] | None = None
    """The turn's last result as the web UI would show it (`type` names its card)."""
    error: str | None = None
    usage: dict[str, int] = field(
        default_factory=lambda: {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    )
    _tool: str = ""
    _table: str = ""

    def feed(self, event: Event) -> str:
        """The text this event adds to the answer now ('' for none)."""
        match event:
            case TokenEvent():
                return event.content
            case StepEvent(status="end"):
                self._tool = event.name
            case DataEvent():
                self.data = event.data
                self._table = self._markdown(event.data) or self._table
            case ConfirmEvent():
                self.confirm = event
                return self.ask.format(question=event.question)
            case ErrorEvent():
                self.error = event.message
            case UsageEvent():
                self.usage = {
                    "prompt_tokens": event.prompt_tokens,
                    "completion_tokens": event.completion_tokens,
                    "total_tokens": event.prompt_tokens + event.completion_tokens,
                }
        return ""

    def _markdown(self, data: dict[str, Any]) -> str | None:
        """The result as its skill's compact view renders it, when the last tool has a skill."""
        if not self._tool or not self.skills.skill_for(self._tool):
            return None
        return self.skills.meta(self._tool).for_model.markdown(data)

    def end(self) -> str:
        """What follows the answer: the result table, if the turn showed one."""
        return f"\n\n{self._table}" if self._table else ""
