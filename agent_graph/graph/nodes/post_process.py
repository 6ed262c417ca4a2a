"""post_process: persist the exchange, apply memory writes, remember results, hints and title;
the last part of the agent's step that answers (nodes/agent.py), not a LangGraph step of its
own."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage
from langchain_core.runnables.config import ensure_config, var_child_runnable_config
from langgraph.constants import TAG_NOSTREAM
from langgraph.runtime import Runtime

from agent_graph.graph import history
from agent_graph.graph.context_block import final_block
from agent_graph.graph.followups import fallback_title, hint_results, make_hints, make_title
from agent_graph.graph.past_blocks import TURN_CONTEXT, stored_block
from agent_graph.graph.read_ahead import read_ahead_after_turn
from agent_graph.graph.services import Services, SessionStorage
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.thread import session_id_of
from agent_graph.graph.tool_choice import OFFERED
from agent_graph.storage.sessions import SessionRecord

log = logging.getLogger(__name__)


POST_PROCESSED = "title"
"""The key only a post-processed step's update has: the exchange is stored then."""


@dataclass(frozen=True)
class Answered:
    """The agent's answer, told to the turn's runner (a `custom` stream item, never an SSE
    event) before the turn is post-processed: the rest of the answer its filters held back is
    shown then, not after the session is written and the hints are made."""

    message: AIMessage | BaseMessage


@contextmanager
def unstreamed() -> Iterator[None]:
    """Model calls made inside (hints, a title, memory's scores) tagged so that none of their
    tokens reaches the user's stream: they run inside the agent's step, whose model tokens are
    the answer."""
    config = ensure_config()
    token = var_child_runnable_config.set(
        {**config, "tags": [*config.get("tags", []), TAG_NOSTREAM]}
    )
    try:
        yield
    finally:
        var_child_runnable_config.reset(token)


def make_post_process(services: Services) -> Any:
    llm = services.model if services.profile.secondary_calls else None
    # Everything stored here (turns, title, episodes, change log, recalls) is redacted at rest:
    # a user may paste a key, a model may echo one into its answer or a tool's arguments.
    redact = services.sanitizer.redact_value

    async def remember(
        ctx: Context, session_id: str, state: AgentState, index: int, question: str, answer: str
    ) -> None:
        memory = services.memory
        if memory is None or not ctx.persist:
            return
        steps = (
            memory.apply_writes(
                ctx.user_id,
                redact(state.get("memory_writes") or []),
                question,
            ),
            memory.remember_results(ctx.user_id, redact(state.get("tool_outcomes") or [])),
            memory.save_episode(ctx.user_id, session_id, index, question, answer),
        )
        for outcome in await asyncio.gather(*steps, return_exceptions=True):
            if isinstance(outcome, BaseException):
                log.error("a memory write failed: %s", services.sanitizer.redact(repr(outcome)))

    async def post_process(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        ctx = runtime.context or Context()
        session_id = session_id_of(runtime)
        turn = history.current_turn(state.get("messages") or [])
        question = redact(
            str(turn[0].content) if turn and isinstance(turn[0], HumanMessage) else ""
        )
        answer = redact(history.final_answer(turn))
        results = redact(state.get("results") or [])
        outcomes = redact(state.get("tool_outcomes") or [])
        store = services.session_store(ctx.persist)
        hints, title = await asyncio.gather(
            make_hints(llm, question, answer, hint_results(results, outcomes), services.planners),
            new_title(store, ctx.user_id, session_id, llm, question),
        )
        hints = redact(hints)
        exchange = Exchange(
            messages=redact(history.dump(stored_turn(services, state, turn))),
            turn={
                "user": question,
                "assistant": answer,
                "data": results[-1] if results else None,
                "hints": hints,
                # the opening alerts stay in the session: later turns may name their items
                **({"alerts": redact(state.get("alerted"))} if state.get("opening_alerts") else {}),
            },
            title=redact(title),
        )
        where = (store, ctx.user_id, session_id)
        record = await asyncio.to_thread(add_exchange, *where, exchange, redact)
        await remember(ctx, session_id, state, len(record.turns) - 1, question, answer)
        read_ahead_after_turn(services, ctx, session_id)  # with the preferences just saved
        return {"hints": hints, "title": record.title}

    return post_process


async def new_title(
    store: SessionStorage, user: str, session_id: str, llm: Any, question: str
) -> str | None:
    """The title the session gets if this is its first exchange (`add_exchange` decides):
    without a model the rule's, at no cost; with one, the model's, asked only when the stored
    session has no exchange yet (None when it has)."""
    if llm is None:
        return fallback_title(question)
    found = await asyncio.to_thread(store.load, user, session_id)
    return None if found is not None and found.turns else await make_title(llm, question)


@dataclass(frozen=True)
class Exchange:
    """One turn as the session stores it."""

    messages: list[dict[str, Any]]
    turn: dict[str, Any]
    title: str | None
    """The session's title if it has no exchange yet."""


def add_exchange(
    store: SessionStorage,
    user: str,
    session_id: str,
    exchange: Exchange,
    redact: Callable[[str], str],
) -> SessionRecord:
    """The stored session with `exchange` added, saved: one thread hop for the read and the
    write (the file store appends it). The title kept is redacted again, as every turn's is
    (an interrupted first turn titles its session with the user's words as they came)."""
    record = store.load(user, session_id) or SessionRecord(id=session_id, user=user)
    if not record.turns and exchange.title is not None:
        record.title = exchange.title
    record.title = redact(record.title)
    record.messages.extend(exchange.messages)
    record.turns.append(exchange.turn)
    store.save(record)
    return record


def stored_turn(
    services: Services, state: AgentState, turn: list[BaseMessage]
) -> list[BaseMessage]:
    """The turn as stored: its user message keeps the skills it was offered and, for a model
    that replays turns, the context block it was answered with (graph/past_blocks.py)."""
    if not turn or not isinstance(turn[0], HumanMessage):
        return turn
    kept: dict[str, Any] = {OFFERED: state.get("offered")}
    if services.profile.replays_turns:
        kept[TURN_CONTEXT] = stored_block(final_block(state.get("messages") or []))
    return [history.with_kwargs(turn[0], **kept), *turn[1:]]
