"""The model call's capability protocol (llm/model_call/): the order computed from what each
capability declares, failing when the graph is built; a before-hook that answers; a wrap-hook
that retries; and the agent node's own capability list for each kind of model."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any, ClassVar

import pytest
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage, ToolMessage

from agent_graph.graph.agent_steps.capabilities import agent_call
from agent_graph.graph.agent_steps.overflow import CompactOnOverflow
from agent_graph.graph.agent_steps.scope import StepCap, TurnScope
from agent_graph.graph.services import Services
from agent_graph.llm.client import ModelClient
from agent_graph.llm.model_call.protocol import (
    MODEL_RESPONSE,
    Capability,
    CapabilityOrderError,
    ModelCall,
)
from agent_graph.llm.model_call.records import ModelRequest, ModelResponse
from agent_graph.llm.profile import ModelProfile
from agent_graph.planning.view import Facts
from agent_graph.storage.sessions import SessionStore
from tests.fakes import InMemorySkills, ScriptedChatModel

Log = list[str]


class Noted(Capability[Log]):
    """Notes its name in the run's log at each hook it runs."""

    async def before(self, ctx: Log, request: ModelRequest) -> ModelRequest:
        ctx.append(f"before {self.name}")
        return request

    async def after(
        self, ctx: Log, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        ctx.append(f"after {self.name}")
        return response


class Offer(Noted):
    name = "offer"


class Plan(Noted):
    name = "plan"
    runs_after = ("offer",)


class Bind(Noted):
    name = "bind"
    runs_after = ("offer", "plan")


class Answers(Noted):
    """Answers in words at its before-hook: no model call."""

    name = "answers"
    runs_after = ("offer",)

    async def before(self, ctx: Log, request: ModelRequest) -> ModelRequest:
        ctx.append(f"before {self.name}")
        return replace(request, answer=AIMessage("answered without a model"))


class Rewrites(Noted):
    """Rewrites what the model said: it needs a model response."""

    name = "rewrites"
    needs: ClassVar[frozenset[str]] = frozenset({MODEL_RESPONSE})


async def model(ctx: Log, request: ModelRequest) -> ModelResponse:
    ctx.append("model")
    return ModelResponse(AIMessage(f"read {len(request.prompt)} messages"))


def request_of(*messages: BaseMessage) -> ModelRequest:
    return ModelRequest(messages=messages, facts=Facts(), iteration=0)


async def test_capabilities_run_in_their_declared_order_whatever_the_list_order() -> None:
    log: Log = []
    call = ModelCall([Bind(), Plan(), Offer()], model)
    _, response = await call.run(log, request_of(HumanMessage("hi")))
    assert log == [
        "before offer",
        "before plan",
        "before bind",
        "model",
        "after offer",
        "after plan",
        "after bind",
    ]
    assert response.message.content == "read 1 messages"


def test_a_missing_dependency_fails_when_the_call_is_built() -> None:
    with pytest.raises(CapabilityOrderError, match="bind runs after plan, which is not present"):
        ModelCall([Offer(), Bind()], model)


def test_an_order_no_list_can_meet_fails_when_the_call_is_built() -> None:
    class First(Noted):
        name = "first"
        runs_after = ("second",)

    class Second(Noted):
        name = "second"
        runs_after = ("first",)

    with pytest.raises(CapabilityOrderError, match="no order runs each of first, second"):
        ModelCall([Offer(), First(), Second()], model)


def test_two_capabilities_of_one_name_fail_when_the_call_is_built() -> None:
    with pytest.raises(CapabilityOrderError, match="names repeat"):
        ModelCall([Offer(), Offer()], model)


async def test_a_before_that_answers_skips_the_call_and_the_afters_that_need_a_response() -> None:
    log: Log = []
    call = ModelCall([Offer(), Answers(), Plan(), Rewrites()], model)
    request, response = await call.run(log, request_of(HumanMessage("hi")))
    assert log == ["before offer", "before answers", "after offer", "after answers", "after plan"]
    assert response.message.content == "answered without a model"
    assert not response.from_model
    assert request.answer is response.message


async def test_without_an_answer_the_afters_that_need_a_response_run() -> None:
    log: Log = []
    await ModelCall([Offer(), Rewrites()], model).run(log, request_of(HumanMessage("hi")))
    assert log == ["before offer", "before rewrites", "model", "after offer", "after rewrites"]


def scope_for(tmp_path: Path) -> TurnScope:
    services = Services(
        skills=InMemorySkills({}),
        model=ScriptedChatModel(respond=lambda m: AIMessage("unused")),
        sessions=SessionStore(tmp_path),
    )
    events: list[dict[str, Any]] = []
    client = ModelClient(services.llm_timeout_s)
    call = agent_call(services)
    return TurnScope(services, {}, "user", events.append, client, StepCap(6), call)


def long_conversation() -> tuple[BaseMessage, ...]:
    messages: list[BaseMessage] = [SystemMessage("You help.")]
    for n in range(4):
        call = {"name": "lookup", "args": {"n": n}, "id": f"c{n}", "type": "tool_call"}
        messages += [
            HumanMessage(f"question {n}"),
            AIMessage("", tool_calls=[call]),
            ToolMessage(f"result {n}", tool_call_id=f"c{n}"),
            AIMessage(f"answer {n}"),
        ]
    return (*messages, HumanMessage("and now?"))


class ContextWindowExceededError(Exception):
    """What LiteLLM raises for a prompt over the model's window (matched by its name)."""


async def test_a_call_over_the_context_window_is_compacted_and_made_once_more(
    tmp_path: Path,
) -> None:
    read: list[list[BaseMessage]] = []

    async def small_window(ctx: TurnScope, request: ModelRequest) -> ModelResponse:
        read.append(request.prompt)
        if len(request.prompt) > 6:
            raise ContextWindowExceededError("maximum context length exceeded")
        return ModelResponse(AIMessage("short answer"))

    messages = long_conversation()
    suggested = (*messages, SystemMessage("Suggested: lookup"))
    request = replace(request_of(*messages), suggested=suggested)
    call = ModelCall([CompactOnOverflow()], small_window)
    _, response = await call.run(scope_for(tmp_path), request)
    assert response.message.content == "short answer"
    first, retry = read
    assert first == list(suggested)
    assert any("Summary of earlier conversation" in str(m.content) for m in retry)
    assert "Suggested: lookup" not in [m.content for m in retry]
    assert retry[-1].content == "and now?"


async def test_an_error_that_is_no_overflow_is_not_retried(tmp_path: Path) -> None:
    read: list[list[BaseMessage]] = []

    async def failing(ctx: TurnScope, request: ModelRequest) -> ModelResponse:
        read.append(request.prompt)
        raise ConnectionError("the provider is down")

    call = ModelCall([CompactOnOverflow()], failing)
    with pytest.raises(ConnectionError):
        await call.run(scope_for(tmp_path), request_of(*long_conversation()))
    assert len(read) == 1


@pytest.mark.parametrize("kind", ["offline", "local", "hosted"])
def test_the_agent_call_meets_every_declared_order(tmp_path: Path, kind: str) -> None:
    services = scope_for(tmp_path).services
    services.model_profile = ModelProfile(kind=kind)  # type: ignore[arg-type]
    built = agent_call(services).capabilities
    names = [c.name for c in built]
    for at, capability in enumerate(built):
        assert set(capability.runs_after) <= set(names[:at]), capability.name
    assert {c.name for c in services.profile.capabilities()} <= set(names)


def test_the_planners_model_gets_its_facts_bound_and_no_suggestion(tmp_path: Path) -> None:
    services = scope_for(tmp_path).services
    services.model_profile = ModelProfile(kind="offline")
    names = [c.name for c in agent_call(services).capabilities]
    assert "bind_facts" in names and "suggest" not in names
    services.model_profile = ModelProfile(kind="hosted")
    names = [c.name for c in agent_call(services).capabilities]
    assert "provider_order" in names and "suggest" in names and "bind_facts" not in names
