"""The records a model call's capabilities hand on: never mutated, replaced
(`dataclasses.replace`) by the hook that changes them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from agent_graph.planning.view import Facts

Usage = dict[str, Any] | None
"""One call's usage record (llm/client.py); None when the provider sent none."""


@dataclass(frozen=True)
class ModelRequest:
    """What one model call is made of, as the before-hooks shape it."""

    messages: tuple[BaseMessage, ...]
    """The conversation (compacted when over the budget)."""
    facts: Facts
    """What the planners get from the state besides the messages (planning/facts.py)."""
    iteration: int
    """Tool rounds already run this turn."""
    tools: tuple[dict[str, Any], ...] = ()
    offered: frozenset[str] | None = None
    """The skills whose tools were offered (graph/tool_choice.py); None: no choice to keep."""
    model: Any = None
    """The chat model bound for this call (tools, or words only)."""
    offering: bool = False
    """The model may call tools in this call."""
    capped: bool = False
    """The turn is at its tool-round cap: no call may run."""
    suggested: tuple[BaseMessage, ...] | None = None
    """`messages` with the planners' suggested call added, read by the model instead of them."""
    answer: AIMessage | None = None
    """An answer a before-hook gave: the model is not called."""
    kept: tuple[BaseMessage, ...] = ()
    """Messages a before-hook rewrote in `messages` that the conversation keeps (a context
    block rebuilt, by its id): the caller stores them with the answer."""

    @property
    def names(self) -> list[str]:
        """The names of the tools offered."""
        return [t["function"]["name"] for t in self.tools]

    @property
    def prompt(self) -> list[BaseMessage]:
        """What the model reads: the suggestion when there is one, else the conversation."""
        return list(self.suggested if self.suggested is not None else self.messages)


@dataclass(frozen=True)
class ModelResponse:
    """What one model call (or a hook's answer in its place) gave."""

    message: AIMessage
    usages: tuple[Usage, ...] = ()
    """One record per model call made for this response."""
    from_model: bool = True
    """False when a before-hook answered without a model call."""
    capped: bool = False
    """The answer ends the turn's tool rounds (an after-hook found only repeats)."""
