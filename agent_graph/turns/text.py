"""A turn's events as the text a client without PropSearch's cards shows."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agent_graph.graph.services import SkillGateway


@dataclass
class TurnText:
    """Folds a turn's events (docs/protocol.md) into what a text-only client shows (an OpenAI
    client, an MCP host): the answer's tokens, a confirmation question, and the turn's last
    result as a Markdown table in the compact view its skill declares (`for_model`)."""

    skills: SkillGateway
    ask: str = "\n\n{question}"
    """How the question of a turn paused for a confirmation reads ({question})."""
    confirm: dict[str, Any] | None = None
    """The `confirm` event the turn paused at, if it did."""
    data: dict[str, Any] | None = None
    """The turn's last result as the web UI would show it (`type` names its card)."""
    error: str | None = None
    usage: dict[str, int] = field(
        default_factory=lambda: {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0}
    )
    _tool: str = ""
    _table: str = ""

    def feed(self, event: dict[str, Any]) -> str:
        """The text this event adds to the answer now ('' for none)."""
        kind = event.get("type")
        if kind == "token":
            return str(event.get("content", ""))
        if kind == "step" and event.get("status") == "end":
            self._tool = str(event.get("name", ""))
        elif kind == "data":
            self.data = event.get("data")
        if kind == "data" and self._tool and self.skills.skill_for(self._tool):
            view = self.skills.meta(self._tool).for_model
            self._table = view.markdown(event.get("data")) or self._table
        elif kind == "confirm":
            self.confirm = event
            return self.ask.format(question=event.get("question", "Go ahead?"))
        elif kind == "error":
            self.error = str(event.get("message", "the turn failed"))
        elif kind == "usage":
            prompt, completion = event.get("prompt_tokens", 0), event.get("completion_tokens", 0)
            self.usage = {
                "prompt_tokens": prompt,
                "completion_tokens": completion,
                "total_tokens": prompt + completion,
            }
        return ""

    def end(self) -> str:
        """What follows the answer: the result table, if the turn showed one."""
        return f"\n\n{self._table}" if self._table else ""
