"""The tools a model call is offered, in one place: the tools the caller's role allows and, with
a tool choice (graph/tool_choice.py), only the chosen skills' ones in the order every choice
keeps. The agent's call, the read ahead (graph/read_ahead.py) and the start-up read
(graph/warm_prefix.py) all offer what `offered_tools` gives, so the prompts they read agree.

Which skills' planners hear the message is chosen apart from what the model is offered
(`heard`): by relevance always, even when the model gets every tool (the offline model,
TOOL_CHOICE=all), and only among the skills whose tools the role is offered."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import BaseMessage

from agent_graph.graph.services import Services
from agent_graph.security.roles import allowed_tools


@dataclass
class ToolOffer:
    tools: list[dict[str, Any]]
    skills: set[str] = field(default_factory=set)
    """The skills chosen (empty: every allowed tool is offered)."""
    heard: set[str] = field(default_factory=set)
    """The skills whose planners may read the message (empty: none)."""


async def offered_tools(
    services: Services,
    role: str,
    messages: Sequence[BaseMessage] = (),
    *,
    message_known: bool = True,
) -> ToolOffer:
    """The tools `role` is offered for a call on `messages`. With `message_known` the choice
    reads the user's latest message (the agent's call); without it the session's choice so far
    stands (a read before the next message is sent; with no messages, every tool in order)."""
    skills, choice = services.skills, services.tool_choice
    tools = allowed_tools(role, skills.tools, skills.meta)
    heard = await heard_skills(services, tools, messages) if message_known else set()
    if choice is None:
        return ToolOffer(tools, heard=heard)
    if message_known:
        chosen = await asyncio.to_thread(choice.choose, tools, messages)
    else:
        chosen = choice.so_far(messages)
    return ToolOffer(choice.offer(tools, chosen), chosen, heard & chosen if chosen else heard)


async def heard_skills(
    services: Services, tools: list[dict[str, Any]], messages: Sequence[BaseMessage]
) -> set[str]:
    """The skills, among those of `tools`, whose planners may read the latest message: read on
    the event loop when its first model call already chose them, else in a thread."""
    if services.relevance is None:
        return set()
    kept = services.relevance.kept_heard(tools, messages)
    if kept is not None:
        return kept
    return await asyncio.to_thread(services.relevance.heard, tools, messages)
