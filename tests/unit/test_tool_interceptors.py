"""The tools node's checks and redaction around one dispatch: what each lets through or stops."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from agent_graph.graph.nodes.tools import request_for, run_one
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.graph.tool_calls.records import ToolRun
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.planning.view import TurnView
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills

SECRET = "s3cret-" + "a" * 20


def tool_run(tmp_path: Path, context: Context, meta: dict[str, Any] | None = None) -> ToolRun:
    skills = InMemorySkills({"echo": lambda args: {"said": args, "token": SECRET}}, meta=meta)
    services = Services(
        skills=skills,
        model=OfflineChatModel(),
        sessions=SessionStore(tmp_path),
        sanitizer=Sanitizer([SECRET]),
    )
    events: list[dict[str, Any]] = []
    conversation = TurnView(text="", tools=(), earlier=(), outcomes=())
    return ToolRun(services, context, events.append, failures={}, conversation=conversation)


def skills_of(run: ToolRun) -> InMemorySkills:
    skills = run.services.skills
    assert isinstance(skills, InMemorySkills)
    return skills


def test_a_call_that_may_have_run_is_not_dispatched_again(tmp_path: Path) -> None:
    run = tool_run(
        tmp_path, Context(maybe_ran=frozenset({"c1"})), meta={"echo": {"idempotent": False}}
    )
    record = asyncio.run(run_one(request_for(run, {"id": "c1", "name": "echo", "args": {}})))
    assert record.message.status == "error"
    assert "may already have run" in str(record.message.content)
    assert skills_of(run).calls == []


def test_a_result_is_redacted_before_the_model_or_the_state_sees_it(tmp_path: Path) -> None:
    run = tool_run(tmp_path, Context())
    record = asyncio.run(run_one(request_for(run, {"id": "c1", "name": "echo", "args": {"q": 1}})))
    assert skills_of(run).calls == [("echo", {"q": 1})]
    assert SECRET not in str(record.outcome["result"])
    assert SECRET not in str(record.message.content)
    assert record.outcome["args"] == {"q": 1}
