"""Before-hooks of the model call: the context block after a tool round, the tools offered, a
refusal, the turn's plan, the skills' own answer, the model bound, the planned calls followed,
the conversation compacted, the planners' suggestion."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage

from agent_graph.events import StepEvent, TokenEvent
from agent_graph.graph.agent_steps.overflow import summarizer
from agent_graph.graph.agent_steps.scope import TurnScope
from agent_graph.graph.context_block import refreshed_block
from agent_graph.graph.history import skills_worded
from agent_graph.graph.tool_offer import offered_tools
from agent_graph.llm.model_call.protocol import Capability
from agent_graph.llm.model_call.records import ModelRequest
from agent_graph.memory.compaction import compact, estimate_tokens
from agent_graph.planning.planners import Planners, Refusal
from agent_graph.planning.suggestion import (
    plan_at_start,
    planned_message,
    refusal_and_plan,
    rest_of_plan,
    skills_answer,
    suggested,
    with_suggestion,
)
from agent_graph.planning.view import Facts

Step = Capability[TurnScope]


class Reflect(Step):
    """After a tool round, the turn's context block rebuilt with what the round left (the
    conversation state its results change, graph/context_block.py), replacing the last by its
    id, before any other hook reads the conversation; the agent node keeps it (`kept`)."""

    name = "reflect"

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        if not request.iteration:
            return request
        block = await refreshed_block(ctx.services, request.messages, ctx.state)
        if block is None:
            return request
        if any(m.id == block.id for m in request.messages):  # where the last one was
            messages = tuple(block if m.id == block.id else m for m in request.messages)
        else:  # a first block (hydrate had nothing to say) goes last, as the state adds it
            messages = (*request.messages, block)
        return replace(request, messages=messages, kept=(*request.kept, block))


class OfferTools(Step):
    """The tools the role allows; with a tool choice, only the relevant skills' tools. The
    skills that hear the message are chosen apart (graph/tool_offer.py)."""

    name = "offer_tools"

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        offer = await offered_tools(ctx.services, ctx.role, list(request.messages))
        facts = replace(request.facts, heard=frozenset(offer.heard))
        return replace(
            request, tools=tuple(offer.tools), offered=frozenset(offer.skills), facts=facts
        )


class Refuse(Step):
    """A refusal of the user's new message by a skill that hears it (its tools are offered and
    the message is about them: planners' `refuse`), before any model: a step names the skill,
    its text is the answer. The turn's plan is asked in the same round trip to each planner
    (`plans`: `PlanTurn` would ask for it), and kept when nothing refuses."""

    name = "refuse"
    runs_after = ("offer_tools",)

    def __init__(self, plans: bool) -> None:
        self.plans = plans

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        if request.iteration:
            return request
        messages = reversed(request.messages)
        latest = next((m for m in messages if isinstance(m, HumanMessage)), None)
        if latest is None:
            return request
        planning = self.plans and bool(request.tools) and request.facts.plan is None
        tools = request.names if planning else None
        args = (ctx.services.planners, str(latest.content), list(request.messages), tools)
        refusal, plan = await asyncio.to_thread(refusal_and_plan, *args, request.facts)
        if refusal is not None:
            ctx.emit(refusal_step(refusal))
            # Nothing was offered to a model: the session's choice stays.
            return replace(request, answer=ctx.say(refusal.text), offered=None)
        if planning:
            return replace(request, facts=replace(request.facts, plan=plan or {}))
        return request


def refusal_step(refusal: Refusal) -> StepEvent:
    """The step that shows whose refusal the answer is: the skill by the name a person reads
    in its label, by its id in `skill`."""
    label = f"{refusal.title or refusal.skill} declined this request"
    skill = refusal.skill
    return StepEvent(id=f"refusal-{skill}", name="refusal", label=label, status="end", skill=skill)


class PlanTurn(Step):
    """The planners' plan for the message, made once, at the turn's first call, and kept (the
    agent node stores it in the state) for the capabilities that need it (`kinds.PLAN`), the
    suggestion, the skills' answer and the tools node's corrections: none asks the planners
    again. `wanted`: something of this call reads the plan. `Refuse` asks for it with the
    refusal at the turn's first call; this asks only when it did not."""

    name = "plan_turn"
    runs_after = ("offer_tools", "refuse")

    def __init__(self, wanted: bool) -> None:
        self.wanted = wanted

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        if request.facts.plan is not None or not request.tools or not self.wanted:
            return request
        args = (ctx.services.planners, list(request.messages), request.names, request.facts)
        plan = await asyncio.to_thread(plan_at_start, *args)
        return replace(request, facts=replace(request.facts, plan=plan or {}))


class AnswerFromSkills(Step):
    """After a tool round, the skills' wording of the results when the planned calls ran (and,
    when the profile follows plans, when they failed: the model did not choose them, and a
    small model given a failure it cannot mend goes looking elsewhere)."""

    name = "answer_from_skills"
    runs_after = ("plan_turn",)

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        services = ctx.services
        if not request.iteration or not services.profile.skill_answers:
            return request
        args = (services.planners, list(request.messages), request.names, request.facts)
        failures_too = services.profile.follows_plans  # the plan's calls, not the model's
        if worded := await asyncio.to_thread(skills_answer, *args, failures_too):
            worded = request.facts.opening(worded)  # a new conversation's unseen alerts first
            ctx.emit(TokenEvent(content=worded))
            return replace(request, answer=skills_worded(worded))
        return request


class Bind(Step):
    """The model bound to the tools, or one that must answer in words past the round cap."""

    name = "bind"
    runs_after = ("offer_tools",)

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        capped = ctx.cap.reached(request.iteration)
        offering = bool(request.tools) and not capped
        tools = list(request.tools)
        model = ctx.services.model.bind_tools(tools) if offering else ctx.words_only(request)
        return replace(request, capped=capped, offering=offering, model=model)


class FollowPlan(Step):
    """A turn's first step is what the planners planned for the message, without a model call
    (a profile whose model picks worse calls than the plan it is shown: the local one): their
    calls, or their question back ("Which day suits you?"). A message they planned nothing
    for, or said needs no tool ("what is an HOA?"), is the model's to answer; one that no skill
    hears at all ("", "asdfghjkl", emoji only, "tell me a joke"), in words: nothing of a
    skill's is asked for, and a small model offered every tool calls one anyway."""

    name = "follow_plan"
    runs_after = ("plan_turn", "bind")

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        if request.iteration or not request.offering:
            return request
        if ctx.services.relevance is not None and not request.facts.heard:
            return ctx.in_words(request)
        plan = request.facts.plan
        if not plan or plan["no_tools"]:
            return request
        names = set(request.names)
        if calls := [c for c in plan["calls"] if c["name"] in names]:
            return replace(request, answer=planned_message(calls))
        if plan["note"] and not plan["calls"]:  # a question back (a call not offered: the model's)
            return replace(request, answer=ctx.say(request.facts.opening(plan["note"])))
        return request


class CompactLong(Step):
    """A conversation over the token budget is summarised before the call (after every hook
    that reads the conversation as it was)."""

    name = "compact_long"
    runs_after = ("refuse", "answer_from_skills", "bind")

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        if estimate_tokens(request.messages) <= ctx.services.context_token_budget:
            return request
        compacted = await compact(request.messages, summarizer(ctx.services))
        return replace(request, messages=tuple(compacted))


class Suggest(Step):
    """A real model's first call sees the call the planners would make, a later one the
    planned calls it has not made yet; a plan that says the message needs no tool ("what is a
    condo?") makes the first a call for words only."""

    name = "suggest"
    runs_after = ("bind", "compact_long")

    async def before(self, ctx: TurnScope, request: ModelRequest) -> ModelRequest:
        services = ctx.services
        if not request.offering or not (services.suggestions or services.profile.skill_answers):
            return request
        messages = list(request.messages)
        args = (services.planners, messages, request.names, request.facts)
        tools = list(request.tools)
        if request.iteration:  # the planned calls the model has not made yet, if any
            rest = await read_plan(rest_of_plan, *args) if services.suggestions else None
            if text := suggested(rest, tools):
                return replace(request, suggested=tuple(with_suggestion(messages, text)))
            return request
        plan = await read_plan(plan_at_start, *args)
        if services.profile.skill_answers and plan and plan["no_tools"]:
            return ctx.in_words(request)
        if services.suggestions and (text := suggested(plan, tools)):
            return replace(request, suggested=tuple(with_suggestion(messages, text)))
        return request


PlanRead = Callable[[Planners, list[BaseMessage], list[str], Facts], dict[str, Any] | None]


async def read_plan(
    read: PlanRead, planners: Planners, messages: list[BaseMessage], tools: list[str], facts: Facts
) -> dict[str, Any] | None:
    """`read(...)` of the turn's plan: on the event loop when the turn keeps it (no planner is
    asked), else in a thread."""
    if facts.plan is not None:
        return read(planners, messages, tools, facts)
    return await asyncio.to_thread(read, planners, messages, tools, facts)
