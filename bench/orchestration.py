"""Orchestration overhead per turn: our full graph vs LangGraph's prebuilt agent vs a minimal
hand-written tool loop. Same OfflineChatModel, same tools, same skill pools (real workers).

"Overhead" is the turn's wall time minus the time spent inside skill dispatch in that turn.
Before every turn the pools are given time to refill, so each dispatch is a warm pooled call.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import statistics
import tempfile
import time
import uuid
from collections.abc import Awaitable, Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage
from langchain_core.tools import StructuredTool

from agent_graph.app import Overrides, open_app
from agent_graph.app.composition import make_registry
from agent_graph.events import DoneEvent, ErrorEvent
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.planning.facts import tool_owners
from agent_graph.planning.planners import Planners
from agent_graph.planning.view import Facts
from agent_graph.security.sanitizer import wrap_external
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.metadata import ToolMeta
from agent_graph.skills.registry import SkillRegistry
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import TurnRunner
from bench.common import CONVERSATION, REPO, bench_settings, ratio, spread, stats_ms

MAX_TOOL_ROUNDS = 6

Turn = Callable[[str, str], Awaitable[float | None]]
"""One turn (session, message); may return the perf_counter time the client saw `done`."""


class TimedSkills:
    """The registry as a SkillGateway, adding up the time spent in dispatch."""

    def __init__(self, registry: SkillRegistry) -> None:
        self.registry = registry
        self.spent = 0.0

    @property
    def tools(self) -> list[dict[str, Any]]:
        return self.registry.tools

    @property
    def system_prompt(self) -> str:
        return self.registry.system_prompt

    @property
    def identity(self) -> str:
        return self.registry.identity

    def skill_for(self, tool: str) -> str | None:
        return self.registry.skill_for(tool)

    def meta(self, tool: str) -> ToolMeta:
        return self.registry.meta(tool)

    async def ensure_started(self) -> None:
        await self.registry.ensure_started()

    def about(self, tool: str) -> dict[str, Any]:
        return self.registry.about(tool)

    async def dispatch(self, tool: str, params: dict[str, Any]) -> Any:
        started = time.perf_counter()
        try:
            return await self.registry.dispatch(tool, params)
        finally:
            self.spent += time.perf_counter() - started

    async def wrapped(self, tool: str, params: dict[str, Any]) -> tuple[str, str]:
        """The tool result as every variant hands it to the model: labelled external data."""
        try:
            result = await self.dispatch(tool, params)
        except SkillCallError as exc:
            return f"Error: {exc}", "error"
        source = f"{self.skill_for(tool)}.{tool}"
        return wrap_external(source, json.dumps(result)), "success"


async def wait_warm(registry: SkillRegistry, timeout_s: float = 15.0) -> None:
    """Until every pool is full again (recycled workers replaced), bounded."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if all(s.pool.ready_count >= s.pool.size for s in registry.skills.values()):
            return
        await asyncio.sleep(0.005)


def langchain_tools(gateway: TimedSkills) -> list[StructuredTool]:
    """Each skill tool as a LangChain tool that dispatches through the same pool."""

    def make(function: dict[str, Any]) -> StructuredTool:
        name = function["name"]

        async def run(**params: Any) -> str:
            content, _status = await gateway.wrapped(name, params)
            return content

        return StructuredTool.from_function(
            coroutine=run,
            name=name,
            description=function.get("description", name),
            args_schema=function.get("parameters", {"type": "object", "properties": {}}),
        )

    return [make(t["function"]) for t in gateway.tools]


class BaselineModel(OfflineChatModel):
    """The offline model as the baselines call it: with the facts our agent node binds to each
    call (which skill owns which tool), so its planners plan the same calls. Without them no
    planner sees its tools and a baseline turn calls nothing (a baseline that dispatches
    nothing is refused by `measure`). Every skill hears every message here: the baselines
    have no relevance choice, and the bench's conversations are the bench's own."""

    facts: Facts = Facts()

    def respond(self, messages: list[BaseMessage], facts: Facts | None = None) -> AIMessage:
        return super().respond(messages, facts or self.facts)


def baseline_model(planners: Planners, gateway: TimedSkills) -> BaselineModel:
    owners = tool_owners(gateway)
    heard = frozenset(owners.values())
    return BaselineModel(planners=planners, facts=Facts(owners=owners, heard=heard))


def prebuilt_agent(model: OfflineChatModel, gateway: TimedSkills) -> tuple[str, Any]:
    try:
        from langchain.agents import create_agent

        return "langchain.agents.create_agent", create_agent(model, langchain_tools(gateway))
    except ImportError:
        from langgraph.prebuilt import create_react_agent

        return "langgraph.prebuilt.create_react_agent", create_react_agent(
            model, langchain_tools(gateway)
        )


async def hand_loop(
    model: OfflineChatModel, gateway: TimedSkills, messages: list[BaseMessage]
) -> list[BaseMessage]:
    """The smallest honest agent loop: model, tool calls through the pool, model again."""
    bound = model.bind_tools(gateway.tools)
    for _ in range(MAX_TOOL_ROUNDS):
        chunks = [chunk async for chunk in bound.astream(messages)]  # tokens, as the others
        response = AIMessage(**sum(chunks[1:], chunks[0]).model_dump(exclude={"type"}))
        messages.append(response)
        if not isinstance(response, AIMessage) or not response.tool_calls:
            return messages
        answers = await asyncio.gather(
            *(gateway.wrapped(c["name"], c.get("args") or {}) for c in response.tool_calls)
        )
        for call, (content, status) in zip(response.tool_calls, answers, strict=True):
            messages.append(
                ToolMessage(content, tool_call_id=call["id"], name=call["name"], status=status)
            )
    messages.append(await model.ainvoke(messages))
    return messages


class Samples:
    """One variant's turns: wall time to `done`, to the stream's end, and the dispatch in it."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.totals: list[float] = []
        self.ends: list[float] = []
        self.dispatch: list[float] = []
        self.conversations: list[int] = []
        """Where each conversation's turns begin in the lists above."""

    def row(self) -> dict[str, Any]:
        if not any(self.dispatch):
            raise RuntimeError(
                f"{self.name}: no turn called a skill, so its overhead means nothing"
            )
        overheads = self.overheads()
        return {
            "variant": self.name,
            "turn": stats_ms(self.totals),
            "dispatch": stats_ms(self.dispatch),
            "overhead_excl_skill": stats_ms(overheads),
            "to_stream_end": stats_ms(self.ends),
        }

    def overheads(self) -> list[float]:
        return [t - d for t, d in zip(self.totals, self.dispatch, strict=True)]

    def per_conversation(self) -> list[float]:
        """The median overhead of each conversation, in the order they ran."""
        overheads, bounds = self.overheads(), [*self.conversations, len(self.totals)]
        return [statistics.median(overheads[a:b]) for a, b in itertools.pairwise(bounds)]


def per_conversation_ratios(ours: Samples, theirs: Samples) -> dict[str, Any]:
    """ours / theirs conversation by conversation: each pair ran back to back, under the same
    load, so their spread shows how much one run's median ratio can be trusted."""
    pairs = zip(ours.per_conversation(), theirs.per_conversation(), strict=True)
    return spread([a / b for a, b in pairs])


async def conversation(
    turn: Turn, samples: Samples, gateway: TimedSkills, registry: SkillRegistry
) -> None:
    session = uuid.uuid4().hex
    samples.conversations.append(len(samples.totals))
    for message in CONVERSATION:
        await wait_warm(registry)
        gateway.spent = 0.0
        started = time.perf_counter()
        done_at = await turn(session, message)
        ended = time.perf_counter()
        samples.ends.append(ended - started)
        samples.totals.append((done_at or ended) - started)
        samples.dispatch.append(gateway.spent)


async def measure(
    variants: list[tuple[str, Turn]],
    gateway: TimedSkills,
    registry: SkillRegistry,
    conversations: int,
) -> list[Samples]:
    """Each variant's samples; the variants take turns, a conversation each, so a change in
    the machine's load falls on all of them alike."""
    samples = [Samples(name) for name, _turn in variants]
    for _ in range(conversations):
        for (_name, turn), kept in zip(variants, samples, strict=True):
            await conversation(turn, kept, gateway, registry)
    return samples


async def profile_turns(turn: Turn, registry: SkillRegistry) -> list[str]:
    """pyinstrument (async-aware sampling) over one conversation of the full graph."""
    try:
        from pyinstrument import Profiler
    except ImportError:
        return ["pyinstrument is not installed (make install adds it): profile skipped"]
    profiler = Profiler(interval=0.0005, async_mode="enabled")
    session = uuid.uuid4().hex
    for message in CONVERSATION:
        await wait_warm(registry)
        profiler.start()
        await turn(session, message)
        profiler.stop()
    text = profiler.output_text(unicode=False, color=False, show_all=False)
    return [line.rstrip() for line in text.splitlines() if line.strip()][:80]


def graph_turn(turns: TurnRunner) -> Turn:
    """One turn through TurnRunner.events, exactly what POST /chat/stream consumes."""

    async def turn(session: str, message: str) -> float | None:
        done_at = None
        async for event in turns.events(TurnRequest("local", session, message)):
            if isinstance(event, ErrorEvent):
                raise RuntimeError(event.message)
            if isinstance(event, DoneEvent):
                done_at = time.perf_counter()
        return done_at

    return turn


async def run(conversations: int, profile: bool = True) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="bench-orch-") as tmp:
        # one set of warm workers and planners, shared by every variant
        registry = make_registry(bench_settings(Path(tmp) / "skills"))
        await registry.start()
        planners = Planners.from_skills_dir(REPO / "skills")
        try:
            return await _run(conversations, profile, Path(tmp), registry, planners)
        finally:
            await registry.close()
            await asyncio.to_thread(planners.close)


async def _run(
    conversations: int,
    profile: bool,
    folder: Path,
    registry: SkillRegistry,
    planners: Planners,
) -> dict[str, Any]:
    """Every variant measured: ours are apps as the API opens them (open_app), each with its
    own memory folder, over the same model, planners and timed workers."""
    model = OfflineChatModel(planners=planners)
    gateway = TimedSkills(registry)
    shared = Overrides(
        model=lambda _: model,
        wrap_skills=lambda _: gateway,
        registry=registry,
        planners=planners,
    )
    async with contextlib.AsyncExitStack() as apps:

        async def app(name: str, overrides: Overrides) -> TurnRunner:
            opened = open_app(bench_settings(folder / name), overrides)
            return (await apps.enter_async_context(opened)).runner

        in_turn = replace(shared, write_behind=False, sessions_behind=False)
        full = await app("before", in_turn)  # memory and session files written in the turn
        served = await app("served", shared)  # the API's: both written behind the turn
        served_before = await app("session-in-turn", replace(shared, sessions_behind=False))
        plain = await app("plain", replace(shared, memory=False))
        ours = (full, served, served_before, plain)
        return await _measured(conversations, profile, ours, planners, gateway)


async def _measured(
    conversations: int,
    profile: bool,
    ours: tuple[TurnRunner, TurnRunner, TurnRunner, TurnRunner],
    planners: Planners,
    gateway: TimedSkills,
) -> dict[str, Any]:
    """Our four apps' turns against the prebuilt agent's and a hand loop's, interleaved."""
    full, served, served_before, plain = ours
    registry = gateway.registry
    baseline = baseline_model(planners, gateway)
    label, prebuilt = prebuilt_agent(baseline, gateway)
    histories: dict[str, list[BaseMessage]] = {}

    async def prebuilt_turn(session: str, message: str) -> float | None:
        messages = [*histories.get(session, []), HumanMessage(message)]
        final: dict[str, Any] = {}
        async for mode, chunk in prebuilt.astream(
            {"messages": messages}, stream_mode=["messages", "values"]
        ):
            if mode == "values":
                final = chunk
        histories[session] = list(final["messages"])
        return None

    async def loop_turn(session: str, message: str) -> float | None:
        messages = [*histories.get(session, []), HumanMessage(message)]
        histories[session] = await hand_loop(baseline, gateway, messages)
        return None

    variants: list[tuple[str, Turn]] = [
        ("ours: full graph, memory writes in the turn (before)", graph_turn(full)),
        ("ours: full graph, write-behind memory (after)", graph_turn(served)),
        ("ours: write-behind memory, session file saved in the turn", graph_turn(served_before)),
        ("ours: graph without memory layer", graph_turn(plain)),
        (f"prebuilt: {label}", prebuilt_turn),
        ("hand-written tool loop", loop_turn),
    ]
    for _name, turn in variants:  # warm-up: imports, first compile paths, caches
        await turn(uuid.uuid4().hex, CONVERSATION[0])
    samples = await measure(variants, gateway, registry, conversations)
    rows = [kept.row() for kept in samples]
    _before_s, served_s, saved_in_turn_s, plain_s, prebuilt_s, _loop_s = samples
    key = "overhead_excl_skill"
    before, after, saved_in_turn, no_memory, prebuilt_row, loop_row = (
        r[key]["median_ms"] for r in rows
    )
    result: dict[str, Any] = {
        "variants": rows,
        "ratios": {
            "ours_over_prebuilt_overhead_median": ratio(after, prebuilt_row),
            "ours_over_hand_loop_overhead_median": ratio(after, loop_row),
            "ours_no_memory_over_prebuilt_overhead_median": ratio(no_memory, prebuilt_row),
            "before_over_after_overhead_median": ratio(before, after),
            "before_over_after_overhead_p99": ratio(rows[0][key]["p99_ms"], rows[1][key]["p99_ms"]),
            "ours_over_prebuilt_per_conversation": per_conversation_ratios(served_s, prebuilt_s),
            "ours_no_memory_over_prebuilt_per_conversation": per_conversation_ratios(
                plain_s, prebuilt_s
            ),
            "session_in_turn_over_behind_overhead_median": ratio(saved_in_turn, after),
            "session_in_turn_over_prebuilt_per_conversation": per_conversation_ratios(
                saved_in_turn_s, prebuilt_s
            ),
        },
    }
    if profile:
        result["profile_full_graph"] = await profile_turns(graph_turn(served), registry)
    return result
