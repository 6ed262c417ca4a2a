"""The turn's context block: built by hydrate, rebuilt after a tool round before the model
reads it (the agent's `reflect` hook; no LLM; the planners are asked only for results they have
not described yet).

The block holds the saved preferences and the conversation state (lines from the skills'
planners, `state_lines`, plus the memory writes made in this conversation), then what is
recalled for this message (similar past results, older turns of the session). It sits after
the history, right before the user's message, and keeps one message id so each rebuild
replaces the last. Its first part is known before the message arrives: the background read
after a turn (graph/read_ahead.py) reads it too, so a follow-up reads only what was recalled
for it and the message itself. With a model that replays turns (the local model) past blocks
stay where they were read and a block says only what changed of what is known ahead
(graph/past_blocks.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import Mapping, Sequence
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage, SystemMessage

from agent_graph.graph.past_blocks import KNOWN
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState
from agent_graph.planning.facts import tool_owners
from agent_graph.planning.planners import Planners
from agent_graph.planning.reading import tool_results
from agent_graph.planning.view import ResultsView, results_view
from agent_graph.security.sanitizer import wrap_recalled

CONTEXT_BLOCK_ID = "propsearch-context-block"


def describe_state(
    messages: Sequence[BaseMessage], planners: Planners, owners: Mapping[str, str]
) -> str:
    """What the skills say the model should know about the conversation so far (each planner
    of the results it may read, `owners` the skill of each tool): asks the planners."""
    view = results_view(messages, owners)
    return _state_text(planners.state_lines(view), view)


async def described_state(
    messages: Sequence[BaseMessage],
    planners: Planners,
    owners: Mapping[str, str],
    before: Sequence[tuple[str, dict[str, Any]]] = (),
) -> str:
    """`describe_state`, read on the event loop when every planner's answer for these results
    is kept (a turn's block reads the results the last turn's block asked about), else in a
    thread, where the planners are asked; `before`: results shown in exchanges no longer
    replayed (`AgentState.shown_before`)."""
    view = results_view(messages, owners, before)
    lines = planners.kept_state_lines(view)
    if lines is None:
        lines = await asyncio.to_thread(planners.state_lines, view)
    return _state_text(lines, view)


def _state_text(lines: list[str], view: ResultsView) -> str:
    saved = [
        f"[{r.get('entry_type')}] {r.get('key')}: {r.get('value')}"
        for _tool, r in view.results
        if r.get("type") == "memory_write"
    ]
    if saved:
        lines = [*lines, "Preferences saved in this conversation: " + "; ".join(saved)]
    if not lines:
        return ""
    return "Conversation state:\n" + wrap_recalled("conversation state", "\n".join(lines))


KNOWN_AHEAD = ("preferences",)
"""Context sections that may change from one turn to the next but are known before its message
(a preference saved): they open the block, with the conversation state."""
RECALLED = ("semantic", "episodes", "alerts")
"""Context sections recalled for the message (and a new session's unseen alerts): they close
the block."""
TURN_SECTIONS = KNOWN_AHEAD + RECALLED
"""They go in the block after the history, never before it, where a change would make the
model read the whole conversation again."""


NONE_NOW = {
    "preferences": "What the user asked you to remember: nothing now.",
    "state": "Conversation state: nothing now.",
}
"""What a block says of a known-ahead section an earlier block said and that is gone."""


def ahead_sections(
    state: str, sections: dict[str, str], before: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The sections known ahead (preferences, then `state`, describe_state's text), by name;
    with `before` (what the blocks the prompt replays say, past_blocks.known_in), only those
    that changed since ("" for one gone)."""
    now = {name: sections.get(name) or "" for name in KNOWN_AHEAD}
    now["state"] = state
    if before is None:
        return {name: text for name, text in now.items() if text}
    return {name: text for name, text in now.items() if text != before.get(name, "")}


def known_ahead(
    state: str, sections: dict[str, str], before: Mapping[str, str] | None = None
) -> str:
    """The block's first part: what is known of the next turn before its message arrives (see
    ahead_sections)."""
    parts = ahead_sections(state, sections, before)
    return "\n\n".join(text or NONE_NOW[name] for name, text in parts.items())


def context_block(
    state: str, sections: dict[str, str], before: Mapping[str, str] | None = None
) -> SystemMessage | None:
    """The block for this turn: preferences and conversation state (with `before`, what changed
    of them), then what was recalled."""
    parts = [known_ahead(state, sections, before)]
    parts += [sections[name] for name in RECALLED if sections.get(name)]
    text = "\n\n".join(p for p in parts if p)
    known = {KNOWN: ahead_sections(state, sections, before)}
    return (
        SystemMessage(content=text, id=CONTEXT_BLOCK_ID, additional_kwargs=known) if text else None
    )


def final_block(messages: Sequence[BaseMessage]) -> SystemMessage | None:
    """The turn's block, as its calls read it (None without one)."""
    block = next((m for m in messages if m.id == CONTEXT_BLOCK_ID), None)
    return block if isinstance(block, SystemMessage) else None


def round_results(messages: Sequence[BaseMessage]) -> bool:
    """Whether the last tool round (the messages after the last AI message) left a structured
    result (planning/reading.py `tool_results`)."""
    last_call = max((i for i, m in enumerate(messages) if isinstance(m, AIMessage)), default=-1)
    return bool(tool_results(messages[last_call + 1 :]))


async def refreshed_block(
    services: Services, messages: Sequence[BaseMessage], state: AgentState
) -> SystemMessage | None:
    """The turn's block rebuilt after a tool round (the model call's `reflect` hook), to replace
    the last by its id; None when it stays: the round left no structured result (only
    refusals, errors or plain text came back), or the model replays turns, whose block stays
    as the turn began: it sits before this turn's calls and results, so a rebuild would make
    every round read them again (the model reads the results themselves; the next turn's
    block holds them)."""
    if services.profile.replays_turns or not round_results(messages):
        return None
    owners = tool_owners(services.skills)
    before = state.get("shown_before") or ()
    described = await described_state(messages, services.planners, owners, before)
    return context_block(described, state.get("context") or {})
