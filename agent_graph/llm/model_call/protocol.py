"""Capabilities around one model call, declared and ordered as every call's are
(agent_graph/capabilities.py): `ModelCall` computes their order once, when it is built.

Per call: the before-hooks in order (one that answers ends them and skips the call), the
wrap-hooks nested around the call (the first outermost), the after-hooks in order (one that
needs a model response is skipped when a before-hook answered)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

from agent_graph.capabilities import CapabilityOrderError as CapabilityOrderError
from agent_graph.capabilities import Declared, ordered, with_hook
from agent_graph.llm.model_call.records import ModelRequest, ModelResponse

Ctx = TypeVar("Ctx", contravariant=True)

MODEL_RESPONSE = "model response"
"""A need of an after-hook that rewrites what the model said (not a before-hook's answer)."""

Call = Callable[[ModelRequest], Awaitable[ModelResponse]]


class Capability(Declared, Generic[Ctx]):
    """One concern of the model call; a subclass overrides the hooks it has. `Ctx` is what a
    run hands every hook besides the records (the caller's services and stream)."""

    async def before(self, ctx: Ctx, request: ModelRequest) -> ModelRequest:
        """The request, shaped; one with `answer` set ends the before-hooks, with no call."""
        return request

    async def wrap(self, ctx: Ctx, request: ModelRequest, call_next: Call) -> ModelResponse:
        """The response of `call_next` (the inner hooks and the call), perhaps called again."""
        return await call_next(request)

    async def after(
        self, ctx: Ctx, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        """The response, rewritten."""
        return response


class ModelCall(Generic[Ctx]):
    """The model call of `call` (the innermost step: the client) behind `capabilities`."""

    def __init__(
        self,
        capabilities: Sequence[Capability[Ctx]],
        call: Callable[[Ctx, ModelRequest], Awaitable[ModelResponse]],
    ) -> None:
        self.capabilities = ordered(capabilities)
        self._befores = with_hook(self.capabilities, Capability, "before")
        self._wraps = with_hook(self.capabilities, Capability, "wrap")
        self._afters = with_hook(self.capabilities, Capability, "after")
        self._call = call

    async def run(self, ctx: Ctx, request: ModelRequest) -> tuple[ModelRequest, ModelResponse]:
        """The request as the before-hooks left it, and the response the after-hooks made."""
        for capability in self._befores:
            request = await capability.before(ctx, request)
            if request.answer is not None:
                response = ModelResponse(request.answer, from_model=False)
                return request, await self._after(ctx, request, response)
        return request, await self._after(ctx, request, await self.call(ctx, request))

    async def call(self, ctx: Ctx, request: ModelRequest) -> ModelResponse:
        """One model call of `request` through the wrap-hooks (an after-hook's second call too)."""

        async def innermost(request: ModelRequest) -> ModelResponse:
            return await self._call(ctx, request)

        call_next: Call = innermost
        for capability in reversed(self._wraps):
            call_next = _wrapped(capability, ctx, call_next)
        return await call_next(request)

    async def _after(
        self, ctx: Ctx, request: ModelRequest, response: ModelResponse
    ) -> ModelResponse:
        for capability in self._afters:
            if response.from_model or MODEL_RESPONSE not in capability.needs:
                response = await capability.after(ctx, request, response)
        return response


def _wrapped(capability: Capability[Ctx], ctx: Ctx, call_next: Call) -> Call:
    async def wrapped(request: ModelRequest) -> ModelResponse:
        return await capability.wrap(ctx, request, call_next)

    return wrapped
