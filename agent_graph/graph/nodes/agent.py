"""agent: the chat model bound to the tools the role allows, called once between small steps
(graph/agent_steps/): `BEFORE` may answer without a call or shape the call, `AFTER` rewrites
the answer. A call over the context window compacts the conversation and is made once more."""

from __future__ import annotations

from typing import Any

from langgraph.runtime import Runtime

from agent_graph.graph.agent_steps import after, before
from agent_graph.graph.agent_steps.turn import ModelTurn, Step
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.llm.client import ModelClient
from agent_graph.memory.compaction import compact, is_context_overflow
from agent_graph.planning.facts import facts_of

BEFORE: tuple[Step, ...] = (
    before.offer_tools,
    before.refuse,
    before.plan_turn,
    before.answer_from_skills,
    before.bind,
    before.compact_long,
    before.suggest,
)
AFTER: tuple[Step, ...] = (
    after.read_text_calls,
    after.drop_repeats,
    after.stop_at_cap,
    after.replace_unrun_call_text,
    after.drop_echo,
)


async def call_model(turn: ModelTurn) -> None:
    """The one model call; on a context overflow, compact to the last exchange and retry."""
    try:
        turn.response = await turn.call(turn.model, turn.suggested or turn.messages)
    except Exception as exc:
        if not is_context_overflow(exc):
            raise
        summarize = before.summarizer(turn.services)
        turn.messages = await compact(turn.messages, summarize, keep_last=2)
        turn.response = await turn.call(turn.model, turn.messages)


async def run_steps(turn: ModelTurn) -> None:
    """The before-steps (stopping at the first that answers), the call, the after-steps."""
    for step in BEFORE:
        await step(turn)
        if turn.response is not None:
            return
    await call_model(turn)
    for step in AFTER:
        await step(turn)


def make_agent(services: Services) -> Any:
    async def agent(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        context = runtime.context or Context()
        turn = ModelTurn(
            services=services,
            client=ModelClient(services.llm_timeout_s, services.warming),
            state=state,
            role=context.role,
            emit=runtime.stream_writer,
            messages=list(state.get("messages") or []),
            facts=facts_of(services, state, context),
        )
        await run_steps(turn)
        update: dict[str, Any] = {
            "messages": [turn.answer()],
            "usage": [u for u in turn.usages if u],
        }
        if turn.offered is not None:
            update["offered"] = sorted(turn.offered)
        update["heard"] = sorted(turn.facts.heard)
        update["plan"] = None if turn.facts.plan is None else dict(turn.facts.plan)
        return update

    return agent
