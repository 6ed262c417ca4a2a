"""ModelTurn: what one run of the agent node works on, handed from step to step."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from langchain_core.messages import AIMessage, BaseMessage

from agent_graph.events import TokenEvent
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState
from agent_graph.llm.answer_filters import WORDS_ONLY_GRAMMAR
from agent_graph.llm.client import Emit, ModelClient
from agent_graph.llm.message_order import provider_safe
from agent_graph.planning.view import Facts


@dataclass
class ModelTurn:
    """One agent step: the conversation, the tools offered and, once called, the answer."""

    services: Services
    client: ModelClient
    state: AgentState
    role: str
    emit: Emit
    messages: list[BaseMessage]
    """The conversation (compacted when over the budget)."""
    facts: Facts = field(default_factory=Facts)
    """What the planners get from the state besides the messages (planning/facts.py)."""
    suggested: list[BaseMessage] | None = None
    """`messages` with the planners' suggested call added, read by the model instead of them;
    None when nothing is suggested."""
    tools: list[dict[str, Any]] = field(default_factory=list)
    offered: set[str] | None = None
    """The skills whose tools were offered (graph/tool_choice.py); None before tools are chosen."""
    offering: bool = False
    """The model may call tools in this call."""
    capped: bool = False
    model: Any = None
    response: AIMessage | None = None
    """The answer: the model's, or one a step gave without a model call."""
    usages: list[dict[str, Any] | None] = field(default_factory=list)

    @property
    def iterations(self) -> int:
        return self.state.get("iterations", 0)

    @property
    def names(self) -> list[str]:
        return [t["function"]["name"] for t in self.tools]

    def answer(self) -> AIMessage:
        assert self.response is not None
        return self.response

    async def call(self, model: Any, messages: list[BaseMessage]) -> AIMessage:
        """One model call of `messages` in the order the model takes them; usage recorded. The
        offline model (the planners) gets the turn's facts as data beside the messages."""
        if self.services.profile.is_planners:
            model = model.bind(facts=self.facts)
        response, usage = await self.client.call(model, self.for_model(messages), self.emit)
        self.usages.append(usage)
        return response

    def for_model(self, messages: list[BaseMessage]) -> list[BaseMessage]:
        """The offline model reads the graph's own order; others a provider-safe one."""
        profile = self.services.profile
        if profile.is_planners:
            return messages
        return provider_safe(messages, not profile.replays_turns)  # see provider_safe

    def words_only(self) -> Any:
        """The model for a call that must answer in words. The local model keeps the tools in
        its prompt, told to call none (`tool_choice: none`) and held to a grammar in which no
        call can be written as text: its start is then the cached one of every other call,
        where without tools the server reads the whole conversation again (108 s after two
        turns, measured). Other models get no tools (not every provider takes `none`)."""
        model = self.services.model
        if self.tools and self.services.profile.words_only_grammar:
            words = {"grammar": WORDS_ONLY_GRAMMAR}
            return model.bind_tools(self.tools, tool_choice="none", extra_body=words)
        return model

    def say(self, text: str) -> AIMessage:
        """An answer given without a model call, streamed as one token."""
        self.emit(TokenEvent(content=text).as_dict())
        return AIMessage(text)


Step = Callable[[ModelTurn], Awaitable[None]]
"""A before-step may set `response` (the node then ends without a model call); an after-step
rewrites it."""
