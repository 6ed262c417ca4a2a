"""Token usage (and cost when LiteLLM knows the model's price) of chat-model calls."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from agent_graph.events import CallUsage, UsageEvent
from agent_graph.telemetry.model_calls import ESTIMATED


def usage_record(message: Any, seconds: float | None = None) -> dict[str, Any] | None:
    """{prompt_tokens, cached_tokens, completion_tokens[, seconds][, cost]} of one model answer,
    None when not reported. cached_tokens: prompt tokens the server took from its prefix cache
    (llama-server and most hosted providers say; 0 when unknown)."""
    meta = getattr(message, "usage_metadata", None)
    if not meta or (getattr(message, "response_metadata", None) or {}).get(ESTIMATED):
        return None
    details = meta.get("input_token_details") or {}
    record: dict[str, Any] = {
        "prompt_tokens": int(meta.get("input_tokens", 0)),
        "cached_tokens": int(details.get("cache_read") or 0),
        "completion_tokens": int(meta.get("output_tokens", 0)),
    }
    if seconds is not None:
        record["seconds"] = round(seconds, 2)
    cost = (getattr(message, "response_metadata", None) or {}).get("response_cost")
    if isinstance(cost, int | float):
        record["cost"] = float(cost)
    return record


@dataclass
class TurnUsage:
    """One turn's agent calls, each and summed (secondary calls for hints and titles excluded:
    on the local model those use the rules)."""

    calls: int = 0
    prompt_tokens: int = 0
    cached_tokens: int = 0
    completion_tokens: int = 0
    cost: float | None = None
    per_call: list[dict[str, Any]] = field(default_factory=list)

    def add(self, records: list[dict[str, Any]] | None) -> None:
        for record in records or []:
            self.calls += 1
            self.per_call.append(record)
            self.prompt_tokens += record.get("prompt_tokens", 0)
            self.cached_tokens += record.get("cached_tokens", 0)
            self.completion_tokens += record.get("completion_tokens", 0)
            if "cost" in record:
                self.cost = (self.cost or 0.0) + record["cost"]

    def event(self) -> UsageEvent:
        """The `usage` SSE event (cost null when the price is unknown, e.g. the local model)."""
        return UsageEvent(
            calls=self.calls,
            prompt_tokens=self.prompt_tokens,
            cached_tokens=self.cached_tokens,
            completion_tokens=self.completion_tokens,
            cost=self.cost,
            per_call=[CallUsage(**record) for record in self.per_call],
        )
