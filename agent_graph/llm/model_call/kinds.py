"""What a kind of model needs around its call, as capabilities its profile supplies
(`ModelProfile.capabilities`): no step asks which kind runs."""

from __future__ import annotations

import dataclasses
from typing import ClassVar

from agent_graph.llm.message_order import provider_safe
from agent_graph.llm.model_call.protocol import Call, Capability
from agent_graph.llm.model_call.records import ModelRequest, ModelResponse

PLAN = "plan"
"""The turn's plan in `ModelRequest.facts` (the caller makes it only when a capability needs it)."""

FOLLOWS_PLAN = "the model follows the plan"
"""The model is the skills' planners: a suggestion or their wording would only repeat it."""


class BindFacts(Capability[object]):
    """The offline model (the skills' planners) gets the turn's facts, its plan included, as data
    bound to its call; it reads the graph's own message order."""

    name = "bind_facts"
    needs: ClassVar[frozenset[str]] = frozenset({PLAN})
    provides: ClassVar[frozenset[str]] = frozenset({FOLLOWS_PLAN})

    async def wrap(self, ctx: object, request: ModelRequest, call_next: Call) -> ModelResponse:
        bound = request.model.bind(facts=request.facts)
        return await call_next(dataclasses.replace(request, model=bound))


class ProviderOrder(Capability[object]):
    """A provider's model reads the messages in an order every provider takes
    (llm/message_order.py); system messages merged unless the model replays turns."""

    name = "provider_order"

    def __init__(self, merge_system: bool) -> None:
        self.merge_system = merge_system

    async def wrap(self, ctx: object, request: ModelRequest, call_next: Call) -> ModelResponse:
        safe = provider_safe(request.prompt, self.merge_system)
        return await call_next(dataclasses.replace(request, messages=tuple(safe), suggested=None))
