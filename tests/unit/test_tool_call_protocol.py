"""The tool call's capability protocol (graph/tool_calls/protocol.py): the order computed from
what each capability declares, failing when the call is built; a before-hook that refuses
skips the dispatch and the after-hooks that need its data; an after-hook's refusal becomes
the call's error; and the one `execute_tool` span per call, recorded in memory, for a call
refused, failed, ok and confirmed."""

from __future__ import annotations

import asyncio
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from opentelemetry import trace
from opentelemetry.sdk.trace import ReadableSpan

from agent_graph.capabilities import CapabilityOrderError
from agent_graph.graph.nodes.tools import request_for, run_one
from agent_graph.graph.services import Services
from agent_graph.graph.state import Context
from agent_graph.graph.tool_calls.call import dispatch, tool_call
from agent_graph.graph.tool_calls.protocol import TOOL_OUTPUT, Dispatch, ToolCall, ToolCapability
from agent_graph.graph.tool_calls.records import ToolError, ToolRequest, ToolResult, ToolRun
from agent_graph.llm.offline.model import OfflineChatModel
from agent_graph.planning.view import TurnView
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.failures import Failure
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills
from tests.traced import recording


def broken(_: dict[str, Any]) -> Any:
    raise SkillCallError("the listing service timed out", Failure.TIMED_OUT)


def tool_run(tmp_path: Path, context: Context, meta: dict[str, Any] | None = None) -> ToolRun:
    tools = {"echo": lambda args: {"said": args}, "broken": broken}
    skills = InMemorySkills(tools, meta=meta)
    services = Services(skills=skills, model=OfflineChatModel(), sessions=SessionStore(tmp_path))
    conversation = TurnView(text="", tools=(), earlier=(), outcomes=())
    return ToolRun(services, context, lambda e: None, failures={}, conversation=conversation)


def dispatched(run: ToolRun) -> list[tuple[str, dict[str, Any]]]:
    skills = run.services.skills
    assert isinstance(skills, InMemorySkills)
    return skills.calls


class Noted(ToolCapability):
    """Notes its name in `log` at each hook it runs."""

    log: list[str]

    def __init__(self, log: list[str]) -> None:
        self.log = log

    async def before(self, request: ToolRequest) -> ToolRequest:
        self.log.append(f"before {self.name}")
        return request

    async def wrap(self, request: ToolRequest, call_next: Dispatch) -> ToolResult:
        self.log.append(f"wrap {self.name}")
        return await call_next(request)

    async def after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        self.log.append(f"after {self.name}")
        return result


class Outer(Noted):
    name = "outer"


class Refuse(Noted):
    name = "refuse"
    runs_after = ("outer",)

    async def before(self, request: ToolRequest) -> ToolRequest:
        await super().before(request)
        return replace(request, refusal=ToolError("no", "refused", Failure.FAILED, "test"))


class ReadsData(Noted):
    name = "reads_data"
    needs = frozenset({TOOL_OUTPUT})


class Looped(Noted):
    name = "looped"
    runs_after = ("reads_data",)


class LoopedBack(Noted):
    name = "reads_data"
    runs_after = ("looped",)


def test_a_capability_after_one_not_present_fails_when_the_call_is_built() -> None:
    with pytest.raises(CapabilityOrderError, match="refuse runs after outer"):
        ToolCall([Refuse([])], dispatch)


def test_capabilities_that_run_after_each_other_fail_when_the_call_is_built() -> None:
    with pytest.raises(CapabilityOrderError, match="no order"):
        ToolCall([Looped([]), LoopedBack([])], dispatch)


def test_the_tools_node_call_orders_its_checks_before_the_dispatch() -> None:
    names = [c.name for c in tool_call().capabilities]
    assert names.index("declined") < names.index("announce") < names.index("check_role")
    assert names.index("redact_result") < names.index("keep_write") < names.index("hand_off")


def test_a_refusing_before_skips_the_dispatch_and_the_hooks_that_need_its_data(
    tmp_path: Path,
) -> None:
    run, log = tool_run(tmp_path, Context()), []
    call = ToolCall([ReadsData(log), Refuse(log), Outer(log)], dispatch)
    request = request_for(run, {"id": "c1", "name": "echo", "args": {}})
    _, result = asyncio.run(call.run(request))
    assert (
        result.error == ToolError("no", "refused", Failure.FAILED, "test") and result.data is None
    )
    assert dispatched(run) == []
    assert log == ["before reads_data", "before outer", "before refuse", "after outer",
                   "after refuse"]  # fmt: skip


def test_a_call_runs_its_befores_then_its_wraps_around_the_dispatch_then_its_afters(
    tmp_path: Path,
) -> None:
    run, log = tool_run(tmp_path, Context()), []
    call = ToolCall([Outer(log), ReadsData(log)], dispatch)
    _, result = asyncio.run(call.run(request_for(run, {"id": "c1", "name": "echo", "args": {}})))
    assert result.data == {"said": {}} and result.error is None
    assert dispatched(run) == [("echo", {})]
    assert log == ["before outer", "before reads_data", "wrap outer", "wrap reads_data",
                   "after outer", "after reads_data"]  # fmt: skip


def test_a_failed_dispatch_is_an_error_the_hooks_needing_data_do_not_read(tmp_path: Path) -> None:
    run, log = tool_run(tmp_path, Context()), []
    call = ToolCall([Outer(log), ReadsData(log)], dispatch)
    _, result = asyncio.run(call.run(request_for(run, {"id": "c1", "name": "broken"})))
    assert result.error == ToolError("the listing service timed out", "failed", Failure.TIMED_OUT)
    assert "after reads_data" not in log and "after outer" in log


def test_a_write_the_caller_may_not_make_is_the_calls_error_and_kept_nowhere(
    tmp_path: Path,
) -> None:
    write = {"type": "memory_write", "key": "note", "value": "x"}
    run = tool_run(tmp_path, Context())  # the tool declares no entry it may write
    skills = run.services.skills
    assert isinstance(skills, InMemorySkills)
    skills._tools["remember"] = lambda args: write
    record = asyncio.run(run_one(request_for(run, {"id": "c1", "name": "remember"})))
    assert record.message.status == "error" and record.write is None
    assert "remember" in str(record.message.content) and "result" not in record.outcome
    assert dispatched(run) == [("remember", {})]


def spans_of(run: ToolRun, *calls: dict[str, Any], confirmed: bool = False) -> list[ReadableSpan]:
    """The `execute_tool` spans the calls leave, each run under a `tools` span."""
    with recording() as recorded:
        with trace.get_tracer("test").start_as_current_span("tools"):
            for call in calls:
                request = replace(request_for(run, call), confirmed=confirmed)
                asyncio.run(run_one(request))
        return [s for s in recorded.finished() if s.name.startswith("execute_tool ")]


def outcome(span: ReadableSpan) -> tuple[str, str]:
    attributes = span.attributes or {}
    return span.name, str(attributes["propsearch.tool.outcome"])


def test_each_call_leaves_one_span_with_its_outcome(tmp_path: Path) -> None:
    run = tool_run(tmp_path, Context(), meta={"echo": {"idempotent": False}})
    run = replace(run, context=Context(maybe_ran=frozenset({"c3"})))
    calls = ({"id": "c1", "name": "echo"}, {"id": "c2", "name": "broken"},
             {"id": "c3", "name": "echo"})  # fmt: skip
    spans = spans_of(run, *calls)
    assert [outcome(s) for s in spans] == [
        ("execute_tool echo", "ok"),
        ("execute_tool broken", "timeout"),
        ("execute_tool echo", "refused"),
    ]
    assert (spans[2].attributes or {})["propsearch.tool.refusal"] == "maybe_ran"
    assert (spans[1].attributes or {})["error.type"] == "SkillCallError"


def test_a_call_after_the_users_yes_is_confirmed(tmp_path: Path) -> None:
    run = tool_run(tmp_path, Context())
    (span,) = spans_of(run, {"id": "c1", "name": "echo"}, confirmed=True)
    assert outcome(span) == ("execute_tool echo", "confirmed")
