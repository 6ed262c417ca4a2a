"""Steps before the model call: the tools offered, a refusal, the turn's plan, the skills' own
answer, the model bound, the conversation compacted, the planners' suggestion."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from langchain_core.messages import BaseMessage, HumanMessage
from langgraph.constants import TAG_NOSTREAM

from agent_graph.events import StepEvent, TokenEvent
from agent_graph.graph.agent_steps.turn import ModelTurn
from agent_graph.graph.history import skills_worded
from agent_graph.graph.services import Services
from agent_graph.graph.tool_offer import offered_tools
from agent_graph.memory.compaction import compact, estimate_tokens
from agent_graph.planning.suggestion import (
    plan_at_start,
    rest_of_plan,
    skills_answer,
    suggested,
    with_suggestion,
)

SUMMARIZE_PROMPT = (
    "Summarise the conversation above in a few sentences for your own later reference: the "
    "user's goals, criteria, results shown and decisions. Plain text only."
)


async def refuse(turn: ModelTurn) -> None:
    """A refusal of the user's new message by a skill that hears it (its tools are offered and
    the message is about them: planners' `refuse`), before any model: a step names the skill,
    its text is the answer."""
    if turn.iterations:
        return
    latest = next((m for m in reversed(turn.messages) if isinstance(m, HumanMessage)), None)
    if latest is None:
        return
    planners, skills = turn.services.planners, turn.facts.heard
    refusal = await asyncio.to_thread(planners.refusal, str(latest.content), skills)
    if refusal is not None:
        turn.emit(refusal_step(refusal.skill))
        turn.response = turn.say(refusal.text)
        turn.offered = None  # nothing was offered to a model: the session's choice stays


def refusal_step(skill: str) -> dict[str, Any]:
    """The step that shows whose refusal the answer is."""
    label = f"The {skill} skill declined this request"
    step = StepEvent(id=f"refusal-{skill}", name="refusal", label=label, status="end", skill=skill)
    return step.as_dict()


async def offer_tools(turn: ModelTurn) -> None:
    """The tools the role allows; with a tool choice, only the relevant skills' tools. The
    skills that hear the message are chosen apart (graph/tool_offer.py)."""
    offer = await offered_tools(turn.services, turn.role, turn.messages)
    turn.tools, turn.offered = offer.tools, offer.skills
    turn.facts = dataclasses.replace(turn.facts, heard=frozenset(offer.heard))


async def plan_turn(turn: ModelTurn) -> None:
    """The planners' plan for the message, made once, at the turn's first call, and kept (the
    agent node stores it in the state) for the offline model to follow, the suggestion, the
    skills' answer and the tools node's corrections: none of them asks the planners again."""
    services = turn.services
    if turn.facts.plan is not None or not turn.tools:
        return
    if not (services.profile.is_planners or services.suggestions or services.profile.skill_answers):
        return
    args = (services.planners, turn.messages, turn.names, turn.facts)
    plan = await asyncio.to_thread(plan_at_start, *args)
    turn.facts = dataclasses.replace(turn.facts, plan=plan or {})


async def answer_from_skills(turn: ModelTurn) -> None:
    """After a tool round, the skills' wording of the results when the planned calls ran."""
    services = turn.services
    if not turn.iterations or not services.profile.skill_answers:
        return
    args = (services.planners, turn.messages, turn.names, turn.facts)
    if worded := await asyncio.to_thread(skills_answer, *args):
        worded = turn.facts.opening(worded)  # a new conversation's unseen alerts come first
        turn.emit(TokenEvent(content=worded).as_dict())
        turn.response = skills_worded(worded)


async def bind(turn: ModelTurn) -> None:
    """The model bound to the tools, or one that must answer in words past the round cap."""
    turn.capped = turn.iterations >= turn.services.max_tool_iterations
    turn.offering = bool(turn.tools) and not turn.capped
    model = turn.services.model
    turn.model = model.bind_tools(turn.tools) if turn.offering else turn.words_only()


async def compact_long(turn: ModelTurn) -> None:
    """A conversation over the token budget is summarised before the call."""
    if estimate_tokens(turn.messages) > turn.services.context_token_budget:
        turn.messages = await compact(turn.messages, summarizer(turn.services))


async def suggest(turn: ModelTurn) -> None:
    """A real model's first call sees the call the planners would make, a later one the
    planned calls it has not made yet; a plan that says the message needs no tool ("what is a
    condo?") makes the first a call for words only."""
    services = turn.services
    if not turn.offering or services.profile.is_planners:
        return
    if not (services.suggestions or services.profile.skill_answers):
        return
    args = (services.planners, turn.messages, turn.names, turn.facts)
    if turn.iterations:  # the planned calls the model has not made yet, if any
        rest = await asyncio.to_thread(rest_of_plan, *args) if services.suggestions else None
        if text := suggested(rest, turn.tools):
            turn.suggested = with_suggestion(turn.messages, text)
        return
    plan = await asyncio.to_thread(plan_at_start, *args)
    if services.profile.skill_answers and plan and plan["no_tools"]:
        turn.model, turn.offering = turn.words_only(), False
    elif services.suggestions and (text := suggested(plan, turn.tools)):
        turn.suggested = with_suggestion(turn.messages, text)


def summarizer(services: Services) -> Callable[[list[BaseMessage]], Awaitable[str]]:
    """What compaction asks for a summary: the model when secondary calls are on, else ""
    (compact() then writes its deterministic one)."""

    async def summarize(messages: list[BaseMessage]) -> str:
        if not services.profile.secondary_calls:
            return ""
        # Tagged so its tokens never reach the user's stream (it runs inside the agent node).
        model = services.model.with_config(tags=[TAG_NOSTREAM])
        answer = await model.ainvoke([*messages, HumanMessage(SUMMARIZE_PROMPT)])
        return str(answer.content)

    return summarize
