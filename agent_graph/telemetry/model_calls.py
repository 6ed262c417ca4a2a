"""One chat model call as the GenAI conventions describe it: request, usage, finish reasons."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import BaseMessage
from langchain_core.outputs import ChatGeneration, LLMResult
from opentelemetry.trace import Span
from opentelemetry.util.types import AttributeValue

from agent_graph.telemetry import instruments
from agent_graph.telemetry.attributes import KIND, content, size

ESTIMATED = "usage_estimated"
"""`response_metadata` flag of a model that counts its tokens itself (the offline model): its
counts go on its trace's chat span, not into the turn's `usage` event (no provider said them)."""

REQUEST_PARAMETERS = ("temperature", "max_tokens", "top_p", "top_k", "seed", "stop")


@dataclass
class ModelCall:
    """What is known of a model call from its start, and what its end adds."""

    model: str
    provider: str
    parameters: dict[str, AttributeValue]
    started_at: float = field(default_factory=time.perf_counter)
    first_token_at: float | None = None

    @classmethod
    def begin(
        cls, serialized: dict[str, Any], metadata: dict[str, Any], params: dict[str, Any] | None
    ) -> ModelCall:
        """From the callback's arguments: the model named by its parameters, else LangSmith's
        metadata, else its class (a model of this process, e.g. the offline one)."""
        params = params or {}
        model = str(params.get("model") or params.get("model_name") or "")
        model = model or str(metadata.get("ls_model_name") or "")
        model = model or str((serialized.get("id") or ["unknown"])[-1])
        provider = str(metadata.get("ls_provider") or "")
        if not provider:
            provider = model.split("/", 1)[0] if "/" in model else "propsearch"
        chosen = {p: params[p] for p in REQUEST_PARAMETERS if params.get(p) is not None}
        kept: dict[str, AttributeValue] = {
            k: v if isinstance(v, int | float | str) else str(v) for k, v in chosen.items()
        }
        return cls(model, provider, kept)

    @property
    def span_name(self) -> str:
        return f"chat {self.model}"

    def metric_attributes(self) -> dict[str, AttributeValue]:
        return {
            "gen_ai.operation.name": "chat",
            "gen_ai.provider.name": self.provider,
            "gen_ai.request.model": self.model,
        }

    def request_attributes(self) -> dict[str, AttributeValue]:
        attributes = {**self.metric_attributes(), KIND: "LLM", "llm.model_name": self.model}
        attributes["llm.provider"] = self.provider
        for name, value in self.parameters.items():
            attributes[f"gen_ai.request.{name}"] = value
        return attributes

    def elapsed_s(self) -> float:
        return time.perf_counter() - self.started_at

    def record_input(self, span: Span, messages: list[list[BaseMessage]]) -> None:
        """Sizes always; the messages themselves only when content capture is on."""
        flat = [m for batch in messages for m in batch]
        span.set_attribute("propsearch.input.messages", len(flat))
        span.set_attribute("propsearch.input.chars", sum(size(str(m.content)) for m in flat))
        listed = [{"role": m.type, "content": str(m.content)} for m in flat]
        if (text := content.text(listed)) is not None:
            span.set_attribute("gen_ai.input.messages", text)
            span.set_attribute("input.value", text)

    def record_output(self, span: Span, response: LLMResult) -> None:
        """Usage, finish reasons and time to first token on the span; the two GenAI metrics."""
        generations = [g for batch in response.generations for g in batch]
        message = getattr(generations[0], "message", None) if generations else None
        usage = dict(getattr(message, "usage_metadata", None) or {})
        reasons = [_finish_reason(g) for g in generations]
        attributes: dict[str, AttributeValue] = {
            "gen_ai.response.finish_reasons": [r for r in reasons if r],
            "propsearch.output.chars": sum(size(g.text) for g in generations),
        }
        tokens = _token_attributes(usage)
        attributes.update(tokens)
        if tokens and message is not None and message.response_metadata.get(ESTIMATED):
            attributes["propsearch.usage.estimated"] = True  # counted, not a provider's figure
        if self.first_token_at is not None:
            first = self.first_token_at - self.started_at
            attributes["gen_ai.response.time_to_first_chunk"] = round(first, 6)
        if (text := content.text([g.text for g in generations])) is not None:
            attributes["gen_ai.output.messages"] = attributes["output.value"] = text
        span.set_attributes(attributes)
        self._record_metrics(usage)

    def _record_metrics(self, usage: dict[str, Any]) -> None:
        labels = self.metric_attributes()
        instruments.operation_duration().record(self.elapsed_s(), labels)
        for kind, key in (("input", "input_tokens"), ("output", "output_tokens")):
            if isinstance(usage.get(key), int):
                instruments.token_usage().record(usage[key], {**labels, "gen_ai.token.type": kind})


def _finish_reason(generation: Any) -> str:
    info = getattr(generation, "generation_info", None) or {}
    if isinstance(generation, ChatGeneration):
        info = {**generation.message.response_metadata, **info}
    return str(info.get("finish_reason") or info.get("done_reason") or "")


def _token_attributes(usage: dict[str, Any]) -> dict[str, AttributeValue]:
    """`usage_metadata` as GenAI and OpenInference token counts (cached input included)."""
    input_tokens, output_tokens = usage.get("input_tokens"), usage.get("output_tokens")
    if not isinstance(input_tokens, int) or not isinstance(output_tokens, int):
        return {}
    cached = (usage.get("input_token_details") or {}).get("cache_read")
    attributes: dict[str, AttributeValue] = {
        "gen_ai.usage.input_tokens": input_tokens,
        "gen_ai.usage.output_tokens": output_tokens,
        "llm.token_count.prompt": input_tokens,
        "llm.token_count.completion": output_tokens,
        "llm.token_count.total": input_tokens + output_tokens,
    }
    if isinstance(cached, int):
        attributes["gen_ai.usage.cache_read.input_tokens"] = cached
        attributes["llm.token_count.prompt_details.cache_read"] = cached
    return attributes
