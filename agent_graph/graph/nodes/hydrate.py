"""hydrate: load the session and memory, and build the model's context for this turn, at the
start of the agent node's first step of a turn (nodes/agent.py), in a span of its own."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

from langchain_core.messages import (
    BaseMessage,
    HumanMessage,
    RemoveMessage,
    SystemMessage,
    ToolMessage,
)
from langgraph.graph.message import REMOVE_ALL_MESSAGES, add_messages
from langgraph.runtime import Runtime

from agent_graph.events import AlertsEvent
from agent_graph.graph import history
from agent_graph.graph.context_block import context_block, described_state
from agent_graph.graph.history_fold import folded
from agent_graph.graph.past_blocks import known_in, with_past_blocks
from agent_graph.graph.services import MemoryGateway, Services
from agent_graph.graph.state import AgentState, Context
from agent_graph.graph.thread import session_id_of
from agent_graph.llm.client import shown_wait
from agent_graph.memory.preferences import Remembered
from agent_graph.memory.scoring import summarize_result, with_top_items
from agent_graph.planning.facts import tool_owners
from agent_graph.planning.reading import calls_by_id, payload_of
from agent_graph.planning.view import last_of_each_tool
from agent_graph.security.roles import role_line
from agent_graph.security.sanitizer import wrap_recalled
from agent_graph.telemetry.graph_spans import step_span

log = logging.getLogger(__name__)

VERBATIM_EXCHANGES = 5


def _incoming(state: AgentState) -> HumanMessage:
    for message in reversed(state.get("messages") or []):
        if isinstance(message, HumanMessage):
            return message
    raise ValueError("a turn needs a user message")


def _clock(timezone: str) -> str:
    now = datetime.now(ZoneInfo(timezone))
    return f"Current date: {now:%A, %-d %B %Y}. User timezone: {timezone}."


STABLE_SECTIONS = ("identity", "system")
"""Then the sections that change seldom (clock: a new day; role), the history, and last this
turn's context block (context_block.TURN_SECTIONS, recalled for the message, and the conversation
state) before the user's message: each part changes less often than the next, so a prefix
cache keeps everything before the part that changed."""


def stable_prompt(services: Services) -> SystemMessage:
    """The first message of every prompt, the same all session long: with the tool schemas the
    template puts after it, the prefix a server caches (date, role, memory and state follow)."""
    parts = (services.skills.identity, services.skills.system_prompt)
    return SystemMessage("\n\n".join(p for p in parts if p))


@dataclass
class Conversation:
    """A session as the next turn's prompt starts: everything before its context block."""

    prompt: list[BaseMessage]
    """Stable prompt, the sections before the history (clock, role), then the history."""
    recent: list[BaseMessage]
    """The last exchanges, as the model reads them."""
    sections: dict[str, str]
    exchanges: int
    """How many exchanges the session holds (older ones are recalled, not replayed)."""
    shown_before: list[tuple[str, dict[str, Any]]]
    """The last structured result of each tool in the exchanges not replayed."""
    alerted: list[dict[str, Any]] = field(default_factory=list)
    """The alerts the session opened with (its first exchange keeps them): their items are
    still what the person's words can name."""


async def conversation(services: Services, ctx: Context, session_id: str) -> Conversation:
    """The prompt of the session's next turn up to its context block. The background read
    after a turn (graph/read_ahead.py) sends the same, so the next turn finds it cached."""
    store = services.session_store(ctx.persist)
    record = await asyncio.to_thread(store.load, ctx.user_id, session_id)
    groups = history.exchanges(history.load(record.messages) if record else [])
    kept, summary = _replayed(services, groups)
    recent: list[BaseMessage] = history.as_read(
        history.close_dangling_tool_calls([m for group in kept for m in group]),
        services.profile.short_unread_results,
    )
    sections: dict[str, str] = {
        "identity": services.skills.identity,
        "system": services.skills.system_prompt,
        "clock": _clock(ctx.timezone),
        "role": role_line(ctx.role),
    }
    prompt: list[BaseMessage] = [stable_prompt(services)]
    prompt += [
        SystemMessage(content=text)
        for name, text in sections.items()
        if text and name not in STABLE_SECTIONS
    ]
    prompt += [summary] if summary is not None else []
    prompt += with_past_blocks(recent) if services.profile.replays_turns else recent
    dropped = [m for group in groups[: len(groups) - len(kept)] for m in group]
    turns = record.turns if record else []
    alerted: list[dict[str, Any]] = next((t["alerts"] for t in turns if t.get("alerts")), [])
    return Conversation(prompt, recent, sections, len(groups), last_of_each_tool(dropped), alerted)


def _replayed(
    services: Services, groups: list[list[BaseMessage]]
) -> tuple[list[list[BaseMessage]], SystemMessage | None]:
    """The exchanges the prompt replays and a summary of the earlier ones: the last
    VERBATIM_EXCHANGES, or, under a history token budget (the local model), a start that moves
    seldom (graph/history_fold.py) so the prompt keeps the prefix the server holds."""
    budget = services.profile.history_token_budget
    if not budget:
        return groups[-VERBATIM_EXCHANGES:], None
    shown = [history.as_read(g, services.profile.short_unread_results) for g in groups]
    if services.profile.replays_turns:
        shown = [with_past_blocks(g) for g in shown]
    start, summary = folded(groups, shown, budget, VERBATIM_EXCHANGES)
    return groups[start:], summary


def starts_turn(state: AgentState) -> bool:
    """Whether the agent's step is a turn's first: the user's message is the last one (every
    later step follows a tool round, whose results come last)."""
    messages = state.get("messages") or []
    return bool(messages) and isinstance(messages[-1], HumanMessage)


@dataclass(frozen=True)
class TurnContext:
    """What hydrate built, told to the turn's runner (a `custom` stream item, never an SSE
    event) before the first model call streams: the answer's filters read the instructions."""

    sections: Mapping[str, str]
    messages: tuple[BaseMessage, ...]


@dataclass(frozen=True)
class Hydrated:
    """hydrate's update of the state, and the state as the turn's first model call reads it."""

    update: dict[str, Any]
    state: AgentState


def with_step(hydrated: Hydrated, step: dict[str, Any]) -> dict[str, Any]:
    """One update for the agent's first step: hydrate's, then the model call's (its messages
    added to hydrate's by the state's own reducer, a kept one replacing hydrate's of its id)."""
    built = add_messages(list[Any](hydrated.state["messages"]), step.get("messages", []))
    return {**hydrated.update, **step, "messages": [hydrated.update["messages"][0], *built]}


def make_hydrate(services: Services) -> Any:
    async def hydrate(state: AgentState, runtime: Runtime[Context]) -> Hydrated:
        """The session, the memory recalled for the message and the skills' description of
        the conversation, read side by side (files, the embedding, the planners)."""
        with step_span("hydrate"):
            update = await _hydrated(state, runtime)
        messages = tuple(update["messages"][1:])  # after the RemoveMessage of the last turn's
        runtime.stream_writer(TurnContext(update["context"], messages))
        return Hydrated(update, cast(AgentState, {**state, **update, "messages": list(messages)}))

    async def _hydrated(state: AgentState, runtime: Runtime[Context]) -> dict[str, Any]:
        ctx = runtime.context or Context()
        session_id = session_id_of(runtime)
        incoming = _incoming(state)
        reading = services.background_reads.yield_to((ctx.user_id, session_id))
        await services.skills.ensure_started()
        recall = Recall(services, ctx, str(incoming.content))
        known, early = await asyncio.gather(
            conversation(services, ctx, session_id), recall.before_history()
        )
        owners = tool_owners(services.skills)
        described, (recalled, remembered) = await asyncio.gather(
            described_state(known.recent, services.planners, owners, known.shown_before),
            recall.with_history(early, session_id, known),
        )
        sections = {**known.sections, **recalled}
        opening: list[dict[str, Any]] = []
        if not known.exchanges and ctx.persist:
            opening = await _opening_alerts(services, ctx, runtime.stream_writer, sections)
        messages: list[Any] = [RemoveMessage(id=REMOVE_ALL_MESSAGES), *known.prompt]
        before = known_in(known.recent) if services.profile.replays_turns else None
        block = context_block(described, sections, before)
        if block is not None:
            messages.append(block)
        messages.append(incoming)
        if reading is not None:
            await _read_through(reading, runtime.stream_writer)
        return {
            "messages": messages,
            "history_len": len(known.recent),
            "iterations": 0,
            "results": None,
            "memory_writes": None,
            "tool_outcomes": None,
            "awaiting_yes": [],
            "offered": [],
            "heard": [],
            "plan": None,
            "remembered": remembered,
            "opening_alerts": [str(alert["title"]) for alert in opening],
            "alerted": opening or known.alerted,
            "shown_before": known.shown_before,
            "context": {k: v for k, v in sections.items() if v},
            "hints": [],
        }

    return hydrate


READING_STEP = "read-ahead"


async def _read_through(reading: asyncio.Task[None], emit: Any) -> None:
    """Wait, shown as a step, for the read of this conversation begun while the user read the
    last answer (graph/read_ahead.py): the turn's first call then starts from what it read. A
    turn that is stopped leaves the read to finish for the next one; a read that failed only
    leaves more for the call to read."""
    labels = ("Catching up with the conversation…", "Caught up with the conversation")
    finished = asyncio.gather(reading, return_exceptions=True)
    await shown_wait(emit, READING_STEP, labels, finished)


Early = tuple[Remembered | None, list[str]]
"""The L1 entries and the L3 lines, read before the session's history is known."""


@dataclass
class Recall:
    """What memory holds for the message: preferences (L1) and similar past results (L3),
    read while the session is loaded; then older exchanges of this session (L2), and a past
    result the prompt replays anyway (this session's own search) dropped from L3's lines."""

    services: Services
    ctx: Context
    query: str

    @property
    def memory(self) -> MemoryGateway | None:
        return self.services.memory if self.ctx.persist else None

    async def before_history(self) -> Early:
        if self.memory is None:
            return None, []
        try:
            remembered, semantic = await asyncio.gather(
                self.memory.remembered(self.ctx.user_id),
                self.memory.semantic_recall(
                    self.ctx.user_id, self.query, self.services.profile.recalled_results
                ),
            )
            return remembered, semantic
        except Exception:
            log.exception("memory recall failed; continuing without it")
            return None, []

    async def with_history(
        self, early: Early, session_id: str, known: Conversation
    ) -> tuple[dict[str, str], dict[str, list[dict[str, str]]]]:
        """The context sections, and the L1 entries as data (for the planners)."""
        remembered, semantic = early
        if self.memory is None or remembered is None:
            return {}, {}
        sections = preferences_section(remembered.text)
        if semantic:
            replayed = _replayed_results(known.recent)
            top = self.services.profile.recalled_top_items
            semantic = [with_top_items(line, top) for line in semantic if line not in replayed]
        if semantic:
            sections["semantic"] = "Useful results from earlier conversations:\n" + wrap_recalled(
                "earlier results", "\n".join(f"- {s}" for s in semantic)
            )
        episodes = await self._episodes(session_id, known.exchanges - VERBATIM_EXCHANGES)
        if episodes:
            sections["episodes"] = "Earlier in this conversation (retrieved):\n" + wrap_recalled(
                "earlier turns", "\n".join(f"- {e}" for e in episodes)
            )
        return sections, remembered.entries

    async def _episodes(self, session_id: str, older_than: int) -> list[str]:
        if self.memory is None or older_than <= 0:
            return []
        try:
            return await self.memory.episode_recall(
                self.ctx.user_id, session_id, self.query, older_than
            )
        except Exception:
            log.exception("episode recall failed; continuing without it")
            return []


def _replayed_results(messages: list[BaseMessage]) -> set[str]:
    """L3's line for each result in `messages` (memory/scoring.py summarize_result)."""
    calls = calls_by_id(messages)
    return {
        summarize_result(call["name"], call.get("args") or {}, payload_of(message))
        for message in messages
        if isinstance(message, ToolMessage) and (call := calls.get(message.tool_call_id))
    }


def preferences_section(prefs: str) -> dict[str, str]:
    """The context section of the user's saved preferences (L1), none without any."""
    if not prefs:
        return {}
    return {
        "preferences": "What the user asked you to remember:\n"
        + wrap_recalled("preferences", prefs)
    }


ALERTS_NOTE = (
    "Since the user's last conversation the skills found (open your answer by telling the user "
    "in one short sentence, then answer the message):\n"
)
MAX_OPENING_ALERTS = 5
OPENING_ALERT_KEYS = ("skill", "kind", "title", "body", "items")
"""What the state keeps of an opening alert: no user, key or id."""


async def _opening_alerts(
    services: Services, ctx: Context, emit: Any, sections: dict[str, str]
) -> list[dict[str, Any]]:
    """A new session opens with the user's unseen alerts: an `alerts` event for the client, a
    short note for the model (in `sections`) and the alerts themselves for the planners (their
    titles said first, their items named by what the alert says of them); from then on they
    count as read."""
    if services.take_alerts is None:
        return []
    try:
        alerts = await asyncio.to_thread(services.take_alerts, ctx.user_id)
    except Exception:
        log.exception("alerts could not be read; the conversation opens without them")
        return []
    if not alerts:
        return []
    emit(AlertsEvent(alerts=alerts))
    lines = "\n".join(f"- {a['title']}" + (f" ({a['body']})" if a["body"] else "") for a in alerts)
    sections["alerts"] = ALERTS_NOTE + wrap_recalled("alerts", lines)
    return [{k: alert.get(k) for k in OPENING_ALERT_KEYS} for alert in alerts]
