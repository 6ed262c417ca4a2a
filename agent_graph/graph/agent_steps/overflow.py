"""A call over the model's context window: the conversation compacted to its last exchange and
the call made once more (a wrap-hook), and the summary compaction asks for."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from langchain_core.messages import BaseMessage, HumanMessage
from langgraph.constants import TAG_NOSTREAM

from agent_graph.graph.agent_steps.scope import TurnScope
from agent_graph.graph.services import Services
from agent_graph.llm.model_call.protocol import Call, Capability
from agent_graph.llm.model_call.records import ModelRequest, ModelResponse
from agent_graph.memory.compaction import compact, is_context_overflow

SUMMARIZE_PROMPT = (
    "Summarise the conversation above in a few sentences for your own later reference: the "
    "user's goals, criteria, results shown and decisions. Plain text only."
)


class CompactOnOverflow(Capability[TurnScope]):
    """On a context overflow, compact to the last exchange and call once more (without the
    suggestion, which was made for the whole conversation)."""

    name = "compact_on_overflow"

    async def wrap(self, ctx: TurnScope, request: ModelRequest, call_next: Call) -> ModelResponse:
        try:
            return await call_next(request)
        except Exception as exc:
            if not is_context_overflow(exc):
                raise
        compacted = await compact(request.messages, summarizer(ctx.services), keep_last=2)
        return await call_next(replace(request, messages=tuple(compacted), suggested=None))


def summarizer(services: Services) -> Callable[[list[BaseMessage]], Awaitable[str]]:
    """What compaction asks for a summary: the model when secondary calls are on, else ""
    (compact() then writes its deterministic one)."""

    async def summarize(messages: list[BaseMessage]) -> str:
        if not services.profile.secondary_calls:
            return ""
        # Tagged so its tokens never reach the user's stream (it runs inside the agent node).
        model = services.model.with_config(tags=[TAG_NOSTREAM])
        answer = await model.ainvoke([*messages, HumanMessage(SUMMARIZE_PROMPT)])
        return str(answer.content)

    return summarize
