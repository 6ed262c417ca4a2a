"""Guards on the model's tool calls within one turn: no identical call twice, none past the cap.

Small models repeat a call they already made (same tool, same arguments) instead of answering
from its result, and some providers still return calls when no tools are bound. Both would
loop; these helpers strip such calls so the turn ends with an answer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, ToolMessage

from agent_graph.skills.model.arguments import INVALID_PREFIX

CAP_ANSWER = (
    "I stopped after {rounds} rounds of tool calls without reaching a final answer. "
    "The results above are what I found; please narrow the request and ask again."
)


def call_key(call: dict[str, Any]) -> str:
    return json.dumps([call.get("name"), call.get("args") or {}], sort_keys=True, default=str)


def _turn_calls(messages: Sequence[BaseMessage]) -> list[tuple[str, bool]]:
    """(key, refused) of each tool call since the last user message. A result is matched to
    the call it answers in the message before it (ids may repeat from one round to the next);
    refused: it got an invalid-arguments error (a schema problem or a planner's correction)."""
    start = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0)
    found: list[tuple[str, bool]] = []
    index: dict[str, int] = {}
    for message in messages[start:]:
        if isinstance(message, AIMessage):
            index = {}
            for call in message.tool_calls:
                index[str(call.get("id"))] = len(found)
                found.append((call_key(dict(call)), False))
        elif (
            isinstance(message, ToolMessage)
            and INVALID_PREFIX in str(message.content)
            and message.tool_call_id in index
        ):
            at = index[message.tool_call_id]
            found[at] = (found[at][0], True)
    return found


def calls_this_turn(messages: Sequence[BaseMessage]) -> set[str]:
    """Keys of the tool calls run since the last user message. A call refused before it ran
    does not count: sent again, it runs (tools.py decides with which arguments)."""
    return {key for key, refused in _turn_calls(messages) if not refused}


def refused_this_turn(messages: Sequence[BaseMessage]) -> set[str]:
    """Keys of the calls refused before they ran since the last user message."""
    return {key for key, refused in _turn_calls(messages) if refused}


def refusals_this_turn(messages: Sequence[BaseMessage]) -> dict[str, list[str]]:
    """Each tool's invalid-arguments errors since the last user message (their texts; how many
    there were is how often its calls were refused)."""
    start = max((i for i, m in enumerate(messages) if isinstance(m, HumanMessage)), default=0)
    texts: dict[str, list[str]] = {}
    for message in messages[start:]:
        if isinstance(message, ToolMessage) and INVALID_PREFIX in str(message.content):
            texts.setdefault(message.name or "", []).append(str(message.content))
    return texts


def with_calls(response: AIMessage, calls: list[dict[str, Any]]) -> AIMessage:
    """A copy of `response` carrying only `calls` (provider-side raw calls dropped with them)."""
    extra = {k: v for k, v in response.additional_kwargs.items() if k != "tool_calls"}
    return response.model_copy(update={"tool_calls": calls, "additional_kwargs": extra})


def without_repeats(response: AIMessage, seen: set[str]) -> AIMessage:
    """Drop calls identical to one already made this turn or earlier in the same response."""
    kept, keys = [], set(seen)
    for call in response.tool_calls:
        key = call_key(dict(call))
        if key not in keys:
            keys.add(key)
            kept.append(dict(call))
    return response if len(kept) == len(response.tool_calls) else with_calls(response, kept)


def without_calls(response: AIMessage, empty_answer: str) -> AIMessage:
    """`response` with no calls to run (past the round cap, a call for words only), and never
    an empty answer: `empty_answer` then."""
    if not response.tool_calls and str(response.content).strip():
        return response
    answered = with_calls(response, [])
    if not str(answered.content).strip():
        answered = answered.model_copy(update={"content": empty_answer})
    return answered
