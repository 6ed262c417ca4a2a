"""Capabilities around one model call: each a small class with a name, the capabilities it must
run after (`runs_after`) and what it needs (`needs`). `ModelCall` computes their order once,
when it is built, and fails there on a missing or contradictory declaration.

Per call: the before-hooks in order (one that answers ends them and skips the call), the
wrap-hooks nested around the call (the first outermost), the after-hooks in order (one that
needs a model response is skipped when a before-hook answered)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import ClassVar, Generic, TypeVar

from agent_graph.llm.model_call.records import ModelRequest, ModelResponse

Ctx = TypeVar("Ctx", contravariant=True)

MODEL_RESPONSE = "model response"
"""A need of an after-hook that rewrites what the model said (not a before-hook's answer)."""

Call = Callable[[ModelRequest], Awaitable[ModelResponse]]


class Capability(Generic[Ctx]):
    """One concern of the model call; a subclass overrides the hooks it has. `Ctx` is what a
    run hands every hook besides the records (the caller's services and stream)."""

    name: ClassVar[str]
    runs_after: ClassVar[tuple[str, ...]] = ()
    """Capabilities that must be present and run before this one."""
    needs: ClassVar[frozenset[str]] = frozenset()
    """What it reads that another part must make (`MODEL_RESPONSE`, or a caller's word such
    as a plan the caller makes only when some capability needs it)."""
    provides: ClassVar[frozenset[str]] = frozenset()
    """What it makes true of the call, for the caller to ask (`provided`)."""

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


class CapabilityOrderError(ValueError):
    """A capability list whose declarations cannot be met."""


def ordered(capabilities: Sequence[Capability[Ctx]]) -> list[Capability[Ctx]]:
    """The capabilities in an order that meets every `runs_after`, the given order kept where
    none decides. Fails on a missing capability, a repeated name or a cycle, naming them."""
    by_name = {c.name: c for c in capabilities}
    if len(by_name) != len(capabilities):
        raise CapabilityOrderError(f"capability names repeat: {[c.name for c in capabilities]}")
    for capability in capabilities:
        if missing := [n for n in capability.runs_after if n not in by_name]:
            raise CapabilityOrderError(
                f"{capability.name} runs after {', '.join(missing)}, which is not present"
            )
    done: list[Capability[Ctx]] = []
    waiting = list(capabilities)
    while waiting:
        placed = {c.name for c in done}
        ready = next((c for c in waiting if placed.issuperset(c.runs_after)), None)
        if ready is None:
            names = ", ".join(c.name for c in waiting)
            raise CapabilityOrderError(f"no order runs each of {names} after what it names")
        done.append(ready)
        waiting.remove(ready)
    return done


def provided(capabilities: Sequence[Capability[Ctx]], word: str) -> bool:
    """Whether any of `capabilities` provides `word`."""
    return any(word in c.provides for c in capabilities)


def overrides(capability: Capability[Ctx], hook: str) -> bool:
    """Whether `capability` has its own `hook` (a hook left as the base's is not run)."""
    return getattr(type(capability), hook) is not getattr(Capability, hook)


class ModelCall(Generic[Ctx]):
    """The model call of `call` (the innermost step: the client) behind `capabilities`."""

    def __init__(
        self,
        capabilities: Sequence[Capability[Ctx]],
        call: Callable[[Ctx, ModelRequest], Awaitable[ModelResponse]],
    ) -> None:
        self.capabilities = ordered(capabilities)
        self._befores = [c for c in self.capabilities if overrides(c, "before")]
        self._wraps = [c for c in self.capabilities if overrides(c, "wrap")]
        self._afters = [c for c in self.capabilities if overrides(c, "after")]
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
