"""Token usage (and cost when LiteLLM knows the model's price) of chat-model calls."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


def usage_record(message: Any) -> dict[str, Any] | None:
    """{prompt_tokens, completion_tokens[, cost]} of one model answer, None when not reported."""
    meta = getattr(message, "usage_metadata", None)
    if not meta:
        return None
    record: dict[str, Any] = {
        "prompt_tokens": int(meta.get("input_tokens", 0)),
        "completion_tokens": int(meta.get("output_tokens", 0)),
    }
    cost = (getattr(message, "response_metadata", None) or {}).get("response_cost")
    if isinstance(cost, int | float):
        record["cost"] = float(cost)
    return record


@dataclass
class TurnUsage:
    """The sum over one turn's agent calls (secondary calls for hints and titles excluded)."""

    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None

    def add(self, records: list[dict[str, Any]] | None) -> None:
        for record in records or []:
            self.calls += 1
            self.prompt_tokens += record.get("prompt_tokens", 0)
            self.completion_tokens += record.get("completion_tokens", 0)
            if "cost" in record:
                self.cost = (self.cost or 0.0) + record["cost"]

    def event(self) -> dict[str, Any]:
        """The `usage` SSE event (cost null when the price is unknown, e.g. the local model)."""
        return {
            "type": "usage",
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "cost": self.cost,
        }
