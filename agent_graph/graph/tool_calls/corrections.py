"""A call refused with a planner's correction and sent again unchanged, or changed but corrected
the same way again, did not take the correction in: it runs as the planners would make it for
the user's message, and the model is told so (it may still send another call); with no such
plan it runs as sent, the model overruling the correction."""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage

from agent_graph.graph.tool_calls.records import ToolRun
from agent_graph.graph.tool_guard import call_key, refusals_this_turn, refused_this_turn
from agent_graph.planning.checks import corrected_again
from agent_graph.planning.suggestion import planned_call


def as_corrected(
    run: ToolRun,
    messages: Sequence[BaseMessage],
    calls: list[dict[str, Any]],
    said: dict[str, list[str]],
    refused: set[str],
) -> list[dict[str, Any]]:
    """Each call that did not take in a correction made this turn (sent again unchanged, or
    corrected the same way again: `said` holds each tool's refusals, `refused` the keys of
    the calls refused), with the planners' arguments."""
    services = run.services
    fixed = []
    for call in calls:
        name = call["name"]
        if call_key(call) in refused or (
            name in said and corrected_again(services.planners, run.conversation, call, said[name])
        ):
            planned = planned_call(services.planners, list(messages), name, run.conversation.facts)
            if planned and planned != call.get("args"):
                call = {**call, "args": planned, "corrected": True}
        fixed.append(call)
    return fixed


async def taken_in(
    run: ToolRun, messages: Sequence[BaseMessage], calls: list[dict[str, Any]]
) -> list[dict[str, Any]]:
    """`calls`, each that did not take in this turn's correction as the planners make it (the
    planners' checks on; an IPC call, off the event loop)."""
    said, refused = refusals_this_turn(messages), refused_this_turn(messages)
    if not run.services.checks or not (said or refused):  # nothing to take in
        return calls
    return await asyncio.to_thread(as_corrected, run, messages, calls, said, refused)
