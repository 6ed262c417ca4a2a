"""Destructive tool calls pause the graph (LangGraph interrupt) until the user answers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langgraph.checkpoint.memory import InMemorySaver

from agent_graph.events import Event
from agent_graph.graph.builder import build_graph
from agent_graph.graph.services import Services
from agent_graph.graph.tool_calls.confirm import approved, question_for
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.model.failures import SHOWN, Failure
from agent_graph.storage.sessions import SessionStore
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.runner import NOTHING_TO_CONFIRM, TurnRunner
from tests.fakes import InMemorySkills, ScriptedChatModel

META = {"forget": {"confirm": "Forget your {key}?"}}


def _forget_then_answer(messages: list[BaseMessage]) -> AIMessage:
    results = [m for m in messages if isinstance(m, ToolMessage)]
    if not results:
        calls = [
            {"name": "forget", "args": {"key": "budget"}, "id": "call_1", "type": "tool_call"},
            {"name": "look", "args": {}, "id": "call_2", "type": "tool_call"},
        ]
        return AIMessage("", tool_calls=calls)
    return AIMessage(" | ".join(f"{m.name}:{m.status}:{m.content[:60]}" for m in results))


def _runner(tmp_path: Path) -> tuple[TurnRunner, InMemorySkills]:
    skills = InMemorySkills(
        {"forget": lambda p: {"forgot": p["key"]}, "look": lambda p: {"seen": 1}}, meta=META
    )
    model = ScriptedChatModel(respond=_forget_then_answer)
    services = Services(skills=skills, model=model, sessions=SessionStore(tmp_path))
    graph = build_graph(services, checkpointer=InMemorySaver())
    return TurnRunner(graph, Sanitizer(), sessions=services.sessions), skills


async def _events(runner: TurnRunner, **kw: Any) -> list[Event]:
    return [e async for e in runner.events(TurnRequest("alice", "s1", **kw))]


async def test_a_confirm_tool_pauses_before_anything_runs_then_resumes(tmp_path: Path) -> None:
    runner, skills = _runner(tmp_path)
    events = await _events(runner, message="forget my budget")
    assert [e.type for e in events][-2:] == ["confirm", "done"]
    confirm = events[-2]
    assert confirm.question == "Forget your budget?" and confirm.tool == "forget"
    assert confirm.args == {"key": "budget"}
    assert skills.calls == []  # nothing ran, not even the harmless call beside it
    assert await runner.pending_confirmation("alice", "s1") == confirm.id
    assert runner.sessions is not None
    waiting = runner.sessions.load("alice", "s1")  # listed while it waits, with no turn yet
    assert waiting is not None and waiting.title and waiting.turns == []

    resumed = await _events(runner, message=None, confirm={"id": confirm.id, "approve": True})
    assert [name for name, _ in skills.calls] == ["forget", "look"]
    answer = "".join(e.content for e in resumed if e.type == "token")
    assert "forget:success" in answer and "look:success" in answer
    assert await runner.pending_confirmation("alice", "s1") is None
    record = runner.sessions.load("alice", "s1")
    assert record is not None and [t["user"] for t in record.turns] == ["forget my budget"]


async def test_declining_runs_only_the_other_calls_and_says_so(tmp_path: Path) -> None:
    runner, skills = _runner(tmp_path)
    confirm = (await _events(runner, message="forget my budget"))[-2]
    resumed = await _events(runner, message=None, confirm={"id": confirm.id, "approve": False})
    assert [name for name, _ in skills.calls] == ["look"]
    answer = "".join(e.content for e in resumed if e.type == "token")
    assert "forget:error:Cancelled: the user declined (Forget your budget?)" in answer
    steps = [e for e in resumed if e.type == "step" and e.name == "forget"]
    assert steps and steps[0].status == "error"
    assert steps[0].summary == SHOWN[Failure.DECLINED]  # the person's words, not the model's


async def test_a_wrong_id_or_nothing_pending_is_an_error_and_a_new_message_drops_it(
    tmp_path: Path,
) -> None:
    runner, skills = _runner(tmp_path)
    wrong = await _events(runner, message=None, confirm={"id": "nope", "approve": True})
    assert [e.type for e in wrong] == ["session", "error", "done"]
    assert wrong[1].message == NOTHING_TO_CONFIRM
    await _events(runner, message="forget my budget")
    assert await runner.pending_confirmation("alice", "s1") is not None
    again = await _events(runner, message="forget my budget")  # asks again, afresh
    assert again[-2].type == "confirm" and skills.calls == []


def test_resume_values_from_the_api_and_studio_are_read_alike() -> None:
    assert approved({"approve": True}) and approved(True) and approved("yes")
    assert not approved({"approve": False}) and not approved("no") and not approved(None)
    assert question_for("Forget your {key}?", {"key": "budget_max"}) == "Forget your budget_max?"
    assert question_for("Remove {zpid} {missing}?", {"zpid": "1"}) == "Remove 1 {missing}?"
