"""TurnScope: what every capability of the agent node's model call is handed besides the
request (pydantic-ai's run context): the services, the state, the stream, the step cap."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from langchain_core.messages import AIMessage

from agent_graph.events import Emit, TokenEvent
from agent_graph.graph.services import Services
from agent_graph.graph.state import AgentState
from agent_graph.llm.answer_filters import WORDS_ONLY_GRAMMAR
from agent_graph.llm.client import ModelClient
from agent_graph.llm.model_call.protocol import ModelCall
from agent_graph.llm.model_call.records import ModelRequest, ModelResponse


@dataclass(frozen=True)
class StepCap:
    """The turn's tool-round cap: the one reading of `max_tool_iterations`, which every step
    asks."""

    rounds: int

    def reached(self, iteration: int) -> bool:
        """Whether a call after `iteration` tool rounds may no longer call tools."""
        return iteration >= self.rounds


@dataclass(frozen=True)
class TurnScope:
    """One run of the agent node."""

    services: Services
    state: AgentState
    role: str
    emit: Emit
    client: ModelClient
    cap: StepCap
    model_call: ModelCall[TurnScope]

    def say(self, text: str) -> AIMessage:
        """An answer given without a model call, streamed as one token."""
        self.emit(TokenEvent(content=text))
        return AIMessage(text)

    async def call(self, request: ModelRequest) -> ModelResponse:
        """Another model call of `request` through the wrap-hooks (an after-hook's)."""
        return await self.model_call.call(self, request)

    def words_only(self, request: ModelRequest) -> Any:
        """The model for a call that must answer in words. The local model keeps the tools in
        its prompt, told to call none (`tool_choice: none`) and held to a grammar in which no
        call can be written as text: its start is then the cached one of every other call,
        where without tools the server reads the whole conversation again (108 s after two
        turns, measured). Other models get no tools (not every provider takes `none`)."""
        model = self.services.model
        if request.tools and self.services.profile.words_only_grammar:
            words = {"grammar": WORDS_ONLY_GRAMMAR}
            return model.bind_tools(list(request.tools), tool_choice="none", extra_body=words)
        return model

    def in_words(self, request: ModelRequest) -> ModelRequest:
        """`request` made a call for words only: its model `words_only`, no tools offered, no
        suggested call."""
        return replace(request, model=self.words_only(request), offering=False, suggested=None)


async def call_client(scope: TurnScope, request: ModelRequest) -> ModelResponse:
    """The model call itself, innermost of the wrap-hooks: the client, its usage recorded."""
    message, usage = await scope.client.call(request.model, request.prompt, scope.emit)
    return ModelResponse(message, usages=(usage,))
