"""AgentState: what flows through the graph during one turn, and Context: per-run knobs."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Annotated, Any, TypedDict, cast, get_origin, get_type_hints

from langchain_core.messages import AnyMessage
from langgraph.graph.message import add_messages


def extend_or_reset(old: list[Any] | None, new: list[Any] | None) -> list[Any]:
    """Append new items; `None` resets the list (hydrate starts every turn clean)."""
    if new is None:
        return []
    return [*(old or []), *new]


@dataclass
class Context:
    """Per-run knobs passed as `context=` and read through Runtime[Context] in the nodes."""

    user_id: str = "local"
    session_id: str | None = None
    """The session (= thread) of this turn; None: the run's thread_id (agent_graph/graph/thread.py)."""
    timezone: str = "UTC"
    role: str = "user"
    """guest | user | admin: which tools the agent may bind and call (agent_graph/security/roles.py)."""
    persist: bool = True
    """False for public guest turns: no session file, no memory reads or writes."""
    maybe_ran: frozenset[str] = frozenset()
    """Ids of tool calls that may have run on a replica that died mid-turn: this turn resumes
    after them, so only those of idempotent tools run again (agent_graph/turns/takeover.py)."""


class AgentState(TypedDict, total=False):
    messages: Annotated[list[AnyMessage], add_messages]
    """The model's whole input: context system messages, recent history, this turn. add_messages."""

    history_len: int
    """How many messages of `messages` were loaded from the session (context excluded). Last wins."""

    iterations: int
    """Tool rounds taken this turn; routing stops calling tools at MAX_TOOL_ITERATIONS. Last wins."""

    results: Annotated[list[dict[str, Any]], extend_or_reset]
    """Data-event payloads of this turn (`type` = the tool's renderer), for the session turn."""

    memory_writes: Annotated[list[dict[str, Any]], extend_or_reset]
    """Preference writes requested by tools this turn; post_process applies them."""

    tool_outcomes: Annotated[list[dict[str, Any]], extend_or_reset]
    """One record per tool call this turn (name, args, result or error), for L3 scoring."""

    awaiting_yes: list[dict[str, Any]]
    """The memory writes of the last tools round that wait for the user's yes (a change of a
    remembered entry, or a new one after tool output), each with its call's outcome; the
    confirm_writes node asks for them and empties it. Last wins."""

    usage: list[dict[str, Any]]
    """Token usage of the agent step's model calls (agent_graph/llm/usage.py): each step's
    update carries its own, which the turn's runner adds up (a turn's first step also writes
    hydrate's update, so a list added to would keep the last turn's). Last wins."""

    offered: list[str]
    """The skills whose tools this turn's model calls were offered (graph/tool_choice.py; empty:
    all). Stored with the user's message: a session's choice only grows. Last wins."""

    heard: list[str]
    """The skills whose planners may read this turn's message (graph/tool_offer.py), as the
    agent node chose them; the tools node's checks read it. Last wins."""

    plan: dict[str, Any] | None
    """The skills' planners' plan for this turn's message (planning/suggestion.py, {} when none
    plans), made once at the turn's first model call and read by its later steps and the tools
    node instead of asking the planners again; hydrate clears it (None: not made yet). Last
    wins."""

    remembered: dict[str, list[dict[str, str]]]
    """The user's L1 entries (`{"entry_type", "key", "value"}`) by the skill that wrote them,
    as hydrate read them: what the planners get as data (planning/view.py, Facts). Last wins."""

    shown_before: list[tuple[str, dict[str, Any]]]
    """The last structured result of each tool from the session's exchanges the prompt no
    longer replays (hydrate; planning/view.py `Facts.shown_before`). Last wins."""

    opening_alerts: list[str]
    """The titles of the unseen alerts a new conversation opened with (hydrate), which its
    answer mentions first; empty on every other turn. Last wins."""

    alerted: list[dict[str, Any]]
    """The alerts the session opened with (each one's `skill`, `kind`, `title`, `body` and
    `items`), on its first turn and every later one (the first exchange keeps them): each
    planner reads its own skill's, whose items a person's words may name by what the alert
    said of them. Last wins."""

    context: dict[str, str]
    """The hydrated context sections by name (debug view). Last wins."""

    hints: list[str]
    """Three follow-up suggestions made by post_process (the agent's last step). Last wins."""

    title: str | None
    """Session title, set on the first exchange. Last wins."""


def _reducers() -> dict[str, Callable[[Any, Any], Any]]:
    hints = get_type_hints(AgentState, include_extras=True)
    return {
        key: hint.__metadata__[0] for key, hint in hints.items() if get_origin(hint) is Annotated
    }


REDUCERS = _reducers()
"""The reducer of each AgentState key that has one (the rest: last wins)."""


def applied(state: AgentState, update: Mapping[str, Any]) -> AgentState:
    """The state `update` leads to, each key through its reducer as LangGraph applies it: what
    a later part of the same node's step reads (the agent's post-processing)."""
    after: dict[str, Any] = dict(state)
    for key, value in update.items():
        reducer = REDUCERS.get(key)
        after[key] = reducer(after.get(key) or [], value) if reducer else value
    return cast(AgentState, after)
