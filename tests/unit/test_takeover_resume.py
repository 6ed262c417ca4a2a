"""A turn whose replica died mid-step resumes from its last checkpoint on another one
(turns/takeover.py): a tool call that was in flight runs again only if its tool is
idempotent; any other is reported to the model as possibly done, never run twice."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from agent_graph.events import Event, ResumedEvent, SessionEvent, StepEvent, TokenEvent
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.model.failures import SHOWN, Failure
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import Retake, TurnRunner
from agent_graph.turns.takeover import standing_text
from tests.fakes import InMemorySkills, ScriptedChatModel


class _Died(BaseException):
    """What a SIGKILL looks like from inside: nothing after it runs."""


def _ring_and_look(messages: list[BaseMessage]) -> AIMessage:
    results = [m for m in messages if isinstance(m, ToolMessage)]
    if not results:
        calls = [
            {"name": "ring", "args": {}, "id": "call_ring", "type": "tool_call"},
            {"name": "look", "args": {}, "id": "call_look", "type": "tool_call"},
        ]
        return AIMessage("Ringing. ", tool_calls=calls)
    return AIMessage(" | ".join(f"{m.name}:{m.status}:{m.content}" for m in results))


def _runner(
    tmp_path: Path, ring_idempotent: bool | None, dies: bool = True
) -> tuple[TurnRunner, InMemorySkills]:
    rang: list[int] = []

    def ring(_: dict[str, Any]) -> dict[str, Any]:
        rang.append(1)
        if dies and len(rang) == 1:
            raise _Died  # the replica stops in the middle of the call
        return {"rang": len(rang)}

    meta = {} if ring_idempotent is None else {"ring": {"idempotent": ring_idempotent}}
    skills = InMemorySkills({"ring": ring, "look": lambda p: {"seen": 1}}, meta=meta)
    model = ScriptedChatModel(respond=_ring_and_look)
    services = Services(skills=skills, model=model, sessions=SessionStore(tmp_path))
    graph = build_graph(services, checkpointer=InMemorySaver())
    return TurnRunner(graph, Sanitizer(), durability="sync"), skills


async def _died_in_tools(runner: TurnRunner) -> list[Event]:
    seen: list[Event] = []
    with pytest.raises(_Died):
        async for event in runner.events(
            TurnRequest("alice", "s1", "ring and look", persist=False)
        ):
            seen.append(event)
    return seen


async def _resumed(runner: TurnRunner, seen: list[Event]) -> list[Event]:
    retake = Retake("dead-replica", True, *standing_text(seen))
    return [
        e
        async for e in runner.events(
            TurnRequest("alice", "s1", "ring and look", persist=False), retake=retake
        )
    ]


def _answer(events: list[Event]) -> str:
    return "".join(e.content for e in events if e.type == "token")


async def test_a_call_that_may_have_run_is_reported_not_repeated(tmp_path: Path) -> None:
    runner, skills = _runner(tmp_path, ring_idempotent=False)
    seen = await _died_in_tools(runner)
    assert _answer(seen) == "Ringing. "
    events = await _resumed(runner, seen)
    assert events[1] == ResumedEvent(text="Ringing. ")  # that step had finished
    assert [name for name, _ in skills.calls].count("ring") == 1
    ring = [e for e in events if e.type == "step" and e.name == "ring"]
    assert ring[-1].status == "error" and ring[-1].summary == SHOWN[Failure.MAYBE_RAN]
    answer = _answer(events)
    assert "ring:error:" in answer and "was not repeated" in answer
    assert "look:success:" in answer  # the idempotent call beside it ran again
    assert events[-1].type == "done"
    assert not (await runner.graph.aget_state(runner.thread("alice", "s1"))).values  # dropped


async def test_a_writing_tool_is_not_idempotent_by_default_and_a_reader_is(
    tmp_path: Path,
) -> None:
    _, skills = _runner(tmp_path, ring_idempotent=None)
    assert skills.meta("ring").idempotent and skills.meta("look").idempotent
    writer = InMemorySkills({"save": lambda p: p}, meta={"save": {"confirm": "Save {x}?"}})
    assert not writer.meta("save").idempotent
    told = InMemorySkills(
        {"save": lambda p: p}, meta={"save": {"confirm": "?", "idempotent": True}}
    )
    assert told.meta("save").idempotent


async def test_an_idempotent_call_in_flight_runs_again(tmp_path: Path) -> None:
    runner, skills = _runner(tmp_path, ring_idempotent=True)
    events = await _resumed(runner, await _died_in_tools(runner))
    assert [name for name, _ in skills.calls].count("ring") == 2
    assert "ring:success:" in _answer(events) and "look:success:" in _answer(events)


async def test_a_turn_that_died_before_its_first_checkpoint_starts_again(
    tmp_path: Path,
) -> None:
    runner, skills = _runner(tmp_path, ring_idempotent=False, dies=False)
    retake = Retake("dead-replica", True)
    events = [
        e
        async for e in runner.events(
            TurnRequest("alice", "s2", "ring", persist=False), retake=retake
        )
    ]
    assert not [e for e in events if e.type == "resumed"]  # nothing had run: from the message
    assert [name for name, _ in skills.calls].count("ring") == 1
    assert "ring:success:" in _answer(events) and events[-1].type == "done"


def test_the_text_that_stands_is_what_came_before_the_model_call_that_runs_again() -> None:
    events = [
        SessionEvent(session_id="s1"),
        TokenEvent(content="Let me look. "),
        StepEvent(id="c1", name="look", status="start"),
        StepEvent(id="c1", name="look", status="end"),
        TokenEvent(content="Here are"),
    ]
    assert standing_text(events) == ("Let me look. Here are", "Let me look. ")
    assert standing_text([TokenEvent(content="Hi")]) == ("Hi", "")
