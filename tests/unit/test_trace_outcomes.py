"""Spans and metrics of turns run in process through the real graph, run hub and tool-call capabilities,
recorded in memory (tests/traced.py): a taken-over run continues its trace, refused and
confirmed calls have their `execute_tool` span, planner calls are spanned, and the turn
metrics are recorded with metrics alone (no tracing)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan

from agent_graph.events import Event
from agent_graph.graph.builder import build_graph
from agent_graph.graph.nodes.tools import request_for, run_one
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.graph.tool_calls.records import ToolRun
from agent_graph.planning.planners import Planners
from agent_graph.planning.view import Facts, TurnView
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.leases import RunLease
from agent_graph.storage.sessions import SessionStore
from agent_graph.telemetry.setup import LOG_FORMAT, _with_trace_ids
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import Retake, TurnRunner
from agent_graph.turns.runs import RunHub
from agent_graph.turns.takeover import standing_text
from tests.fakes import InMemorySkills, ScriptedChatModel
from tests.traced import recording

RUN = "invoke_agent propsearch"


class _Died(BaseException):
    """What a SIGKILL looks like from inside: nothing after it runs."""


def _calls(round_: int, *names: str) -> AIMessage:
    calls = [
        {"name": n, "args": {}, "id": f"call_{round_}_{n}", "type": "tool_call"} for n in names
    ]
    return AIMessage("Working on it. ", tool_calls=calls)


def _script(*rounds: tuple[str, ...]) -> Any:
    """A model that makes `rounds` of calls, one round per tool result seen, then answers."""

    def respond(messages: list[BaseMessage]) -> AIMessage:
        done = len([m for m in messages if isinstance(m, AIMessage) and m.tool_calls])
        if done < len(rounds):
            return _calls(done, *rounds[done])
        results = [m for m in messages if isinstance(m, ToolMessage)]
        return AIMessage(" | ".join(f"{m.name}:{m.status}" for m in results))

    return respond


def _graph(skills: InMemorySkills, respond: Any, tmp_path: Path, saver: Any) -> Any:
    model = ScriptedChatModel(respond=respond)
    return build_graph(Services(skills=skills, model=model, sessions=SessionStore(tmp_path)), saver)


def _named(spans: list[ReadableSpan], name: str) -> list[ReadableSpan]:
    return [s for s in spans if s.name == name]


def _parent_name(spans: list[ReadableSpan], span: ReadableSpan) -> str:
    assert span.parent is not None
    return next(s.name for s in spans if s.context.span_id == span.parent.span_id)


async def _drain(hub: RunHub, request: TurnRequest) -> list[Event]:
    return [event async for event in hub.events(request)]


async def test_a_run_taken_over_by_another_replica_continues_its_trace(tmp_path: Path) -> None:
    """Replica A dies in a tool call; replica B (its own graph and hub, the same checkpoints,
    as a shared database) takes the run over: B's spans are in the trace whose id is the run
    id, as A's are, and the call that may have run is a refused span there."""
    rang: list[int] = []

    def ring(_: dict[str, Any]) -> dict[str, Any]:
        rang.append(1)
        if len(rang) == 1:
            raise _Died
        return {"rang": len(rang)}

    with recording() as recorded:
        taken_before = recorded.count("propsearch.runs.taken_over")
        skills = InMemorySkills({"ring": ring, "look": lambda p: {"seen": 1}})
        skills._meta = {"ring": {"idempotent": False}}
        saver = InMemorySaver()
        replica_a = TurnRunner(_graph(skills, _script(("ring", "look")), tmp_path, saver),
                               Sanitizer(), durability="sync")  # fmt: skip
        request = TurnRequest("alice", "s1", "ring and look", persist=False)
        run = RunHub(replica_a).start(request)
        with pytest.raises(_Died):
            assert run.task is not None
            await run.task
        replica_b = TurnRunner(_graph(skills, _script(("ring", "look")), tmp_path, saver),
                               Sanitizer(), durability="sync")  # fmt: skip
        hub_b = RunHub(replica_b)
        retake = Retake("replica-a", True, *standing_text(run.events))
        await hub_b.adopt(RunLease(run.id, request, "replica-b", started=True), run.events, retake)
        taken = hub_b.of_session("alice", "s1")[0]
        assert taken.task is not None
        await taken.task
        spans = recorded.finished()
        assert recorded.count("propsearch.runs.taken_over") == taken_before + 1

    trace_id = int(run.id, 16)
    (continued,) = [
        s for s in _named(spans, RUN) if (s.attributes or {}).get("propsearch.run.taken_over")
    ]
    assert continued.context.trace_id == trace_id and continued.parent is None
    assert (continued.attributes or {})["propsearch.run.id"] == run.id
    assert (continued.attributes or {})["propsearch.turn.outcome"] == "ok"
    in_trace = [s for s in spans if s.context.trace_id == trace_id]
    names = {s.name for s in in_trace}
    assert {"hydrate", "agent", "tools", "execute_tool ring", "execute_tool look"} <= names
    assert len({s.context.trace_id for s in spans}) == 1  # A's finished spans are there too
    rings = _named(in_trace, "execute_tool ring")
    outcomes = sorted(str((s.attributes or {})["propsearch.tool.outcome"]) for s in rings)
    assert outcomes == ["cancelled", "refused"]  # A's (here it ends; SIGKILLed, it never would)
    (refused,) = [s for s in rings if (s.attributes or {})["propsearch.tool.outcome"] == "refused"]
    attrs = refused.attributes or {}
    assert attrs["propsearch.tool.refusal"] == "maybe_ran"
    assert _parent_name(in_trace, refused) == "tools"
    looked = _named(in_trace, "execute_tool look")
    assert {(s.attributes or {})["propsearch.tool.outcome"] for s in looked} <= {"ok", "cancelled"}


def test_a_call_the_role_may_not_make_leaves_a_refused_span(tmp_path: Path) -> None:
    skills = InMemorySkills({"echo": lambda args: args})
    services = Services(skills=skills, model=ScriptedChatModel(respond=_script()),
                        sessions=SessionStore(tmp_path))  # fmt: skip
    run = ToolRun(services, Context(role="guest"), lambda e: None, failures={}, conversation={})
    with recording() as recorded:
        before = recorded.count("gen_ai.execute_tool.duration", propsearch__tool__outcome="refused")
        tracer = trace.get_tracer("test")
        with tracer.start_as_current_span("tools"):
            record = asyncio.run(
                run_one(request_for(run, {"id": "c1", "name": "echo", "args": {}}))
            )
        spans = recorded.finished()
        after = recorded.count("gen_ai.execute_tool.duration", propsearch__tool__outcome="refused")
    assert record.message.status == "error" and skills.calls == []
    (span,) = _named(spans, "execute_tool echo")
    attrs = span.attributes or {}
    assert (
        attrs["propsearch.tool.outcome"] == "refused" and attrs["propsearch.tool.refusal"] == "role"
    )
    assert attrs["propsearch.skill"] == "fake" and _parent_name(spans, span) == "tools"
    assert after == before + 1


async def test_a_declined_call_is_refused_and_the_approved_one_confirmed(tmp_path: Path) -> None:
    """forget asks first; look beside it does not. After a yes, forget is `confirmed` and look
    `ok`; after a no, forget is `refused` (declined) and look `ok`."""
    skills = InMemorySkills(
        {"forget": lambda p: {"forgot": 1}, "look": lambda p: {"seen": 1}},
        meta={"forget": {"confirm": "Forget it?"}},
    )
    graph = _graph(skills, _script(("forget", "look")), tmp_path, InMemorySaver())
    hub = RunHub(TurnRunner(graph, Sanitizer()))
    outcomes: dict[bool, list[tuple[str, str]]] = {}
    with recording() as recorded:
        for approve in (True, False):
            session = f"s-{approve}"
            asked = await _drain(hub, TurnRequest("alice", session, "forget it"))
            confirm = next(e for e in asked if e.type == "confirm")
            recorded.spans.clear()
            answer = {"id": confirm.id, "approve": approve}
            await _drain(hub, TurnRequest("alice", session, None, confirm=answer))
            outcomes[approve] = [
                (s.name.split()[-1], str((s.attributes or {})["propsearch.tool.outcome"]))
                + ((str((s.attributes or {})["propsearch.tool.refusal"]),) if "propsearch.tool.refusal" in (s.attributes or {}) else ())
                for s in sorted(recorded.finished(), key=lambda s: s.start_time or 0)
                if s.name.startswith("execute_tool ")
            ]  # fmt: skip
    assert sorted(outcomes[True]) == [("forget", "confirmed"), ("look", "ok")]
    assert ("forget", "refused", "declined") in outcomes[False]
    assert ("look", "ok") in outcomes[False]


async def test_turn_metrics_are_recorded_with_metrics_alone(tmp_path: Path) -> None:
    """No tracing, metrics on: two turns on one session at once; both are timed, the second's
    queue wait is the first's run, the skill call is timed, and no span is made."""

    def slow(_: dict[str, Any]) -> dict[str, Any]:
        import time

        time.sleep(0.3)  # holds the loop: the second turn cannot start meanwhile
        return {"ok": 1}

    skills = InMemorySkills({"slow": slow})
    hub = RunHub(TurnRunner(_graph(skills, _script(("slow",)), tmp_path, None), Sanitizer()))
    with recording(traces=False) as recorded:
        turns_before = recorded.count("propsearch.turn.duration", propsearch__turn__outcome="ok")
        waits_before = [p.sum for _, p in recorded.points("propsearch.turn.queue_wait")]
        tools_before = recorded.count("gen_ai.execute_tool.duration")
        await asyncio.gather(
            _drain(hub, TurnRequest("alice", "q1", "one", persist=False)),
            _drain(hub, TurnRequest("alice", "q1", "two", persist=False)),
        )
        assert recorded.count("propsearch.turn.duration", propsearch__turn__outcome="ok") == (
            turns_before + 2
        )
        ((_, waits),) = recorded.points("propsearch.turn.queue_wait")
        assert waits.count >= 2 and waits.sum - sum(waits_before) >= 0.3
        assert recorded.count("gen_ai.execute_tool.duration") > tools_before
        assert recorded.finished() == []


PLANNER = """
def refuse(text):
    return "Not that, sorry." if "forbidden" in text else None
def check(turn):
    raise RuntimeError("a skill author's bug")
"""


def test_each_planner_call_is_a_span_with_its_skill_hook_and_outcome(tmp_path: Path) -> None:
    folder = tmp_path / "guard"
    folder.mkdir()
    (folder / "SKILL.md").write_text("---\nname: guard\nimage: x\n---\n")
    (folder / "planner.py").write_text(PLANNER)
    planners = Planners.from_skills_dir(tmp_path)
    try:
        with recording() as recorded:
            with trace.get_tracer("test").start_as_current_span("agent"):
                refusal = planners.refusal("something forbidden", {"guard"})
                assert refusal is not None and refusal.text == "Not that, sorry."
                assert planners.refusal("3 beds in Austin", {"guard"}) is None
                facts = Facts(owners={"x": "guard"}, heard=frozenset({"guard"}))
                view = TurnView("x it", ("x",), (), (), facts).with_call("x", {})
                assert planners.corrections(view) == []
                assert planners.hints([]) is None  # no such hook: not asked, no span
            spans = recorded.finished()
    finally:
        planners.close()
    planned = [s for s in spans if s.name.startswith("planner.")]
    assert [s.name for s in planned] == ["planner.refuse guard"] * 2 + ["planner.check guard"]
    outcomes = [(s.attributes or {})["propsearch.planner.outcome"] for s in planned]
    assert outcomes == ["refused", "none", "failed"]
    assert all((s.attributes or {})["propsearch.skill"] == "guard" for s in planned)
    assert (planned[0].attributes or {})["openinference.span.kind"] == "GUARDRAIL"
    assert planned[2].status.is_ok is False
    assert {_parent_name(spans, s) for s in planned} == {"agent"}


def test_a_log_line_inside_a_span_names_its_trace_and_span() -> None:
    make = _with_trace_ids(logging.LogRecord)
    formatter = logging.Formatter(LOG_FORMAT)
    with recording():
        with trace.get_tracer("test").start_as_current_span("tools") as span:
            inside = make("x", logging.WARNING, __file__, 1, "slow skill", None, None)
        outside = make("x", logging.WARNING, __file__, 1, "idle", None, None)
    ids = span.get_span_context()
    assert formatter.format(inside).endswith(
        f"slow skill [trace_id={ids.trace_id:032x} span_id={ids.span_id:016x}]"
    )
    assert formatter.format(outside).endswith("idle [trace_id=- span_id=-]")
