"""One tool call behind capabilities, on the model call's shape (agent_graph/capabilities.py):
the before-hooks in order (one that refuses, `ToolRequest.refusal`, ends them and skips the
dispatch), the wrap-hooks nested around the dispatch (the first outermost), the after-hooks in
order (one that needs the skill's data, `TOOL_OUTPUT`, is skipped once the call has an error).
An exception of the dispatch or of an after-hook becomes the result's error (`failure`)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace

from agent_graph.capabilities import Declared, ordered, with_hook
from agent_graph.graph.tool_calls.records import ToolError, ToolRequest, ToolResult
from agent_graph.memory.write_policy import WriteRefusedError
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.failures import Failure

TOOL_OUTPUT = "tool output"
"""A need of an after-hook that reads the skill's data (not run for an error)."""

UNEXPECTED_ERROR = "{tool} failed unexpectedly ({kind}). Try again or choose another approach."

Dispatch = Callable[[ToolRequest], Awaitable[ToolResult]]


class ToolCapability(Declared):
    """One concern of the tool call; a subclass overrides the hooks it has."""

    async def before(self, request: ToolRequest) -> ToolRequest:
        """The request, checked or changed; one with `refusal` set is not dispatched."""
        return request

    async def wrap(self, request: ToolRequest, call_next: Dispatch) -> ToolResult:
        """The result of `call_next` (the inner hooks and the dispatch)."""
        return await call_next(request)

    async def after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        """The result, carried on."""
        return result


def failure(request: ToolRequest, exc: Exception) -> ToolError:
    """The error the model reads for `exc`: a skill's or a write's refusal in its own (redacted)
    words, anything else named by its kind only."""
    if isinstance(exc, SkillCallError | WriteRefusedError):
        kind = exc.failure if isinstance(exc, SkillCallError) else Failure.NOT_SAVED
        return ToolError(request.run.services.sanitizer.redact(str(exc)), "failed", kind)
    text = UNEXPECTED_ERROR.format(tool=request.name, kind=type(exc).__name__)
    return ToolError(text, "unexpected", Failure.UNEXPECTED)


class ToolCall:
    """The dispatch of `dispatch` (the innermost step: the skill) behind `capabilities`, in
    their declared order, computed once here."""

    def __init__(self, capabilities: Sequence[ToolCapability], dispatch: Dispatch) -> None:
        self.capabilities = ordered(capabilities)
        self._befores = with_hook(self.capabilities, ToolCapability, "before")
        self._wraps = with_hook(self.capabilities, ToolCapability, "wrap")
        self._afters = with_hook(self.capabilities, ToolCapability, "after")
        self._dispatch = dispatch

    async def run(self, request: ToolRequest) -> tuple[ToolRequest, ToolResult]:
        """The request as the before-hooks left it, and the result the after-hooks made."""
        for capability in self._befores:
            request = await capability.before(request)
            if request.refusal is not None:
                return request, await self._after(request, ToolResult(error=request.refusal))
        try:
            result = await self._wrapped(request)
        except Exception as exc:
            result = ToolResult(error=failure(request, exc))
        return request, await self._after(request, result)

    async def _wrapped(self, request: ToolRequest) -> ToolResult:
        call_next = self._dispatch
        for capability in reversed(self._wraps):
            call_next = _around(capability, call_next)
        return await call_next(request)

    async def _after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        for capability in self._afters:
            if result.ran or TOOL_OUTPUT not in capability.needs:
                try:
                    result = await capability.after(request, result)
                except Exception as exc:
                    result = replace(result, error=failure(request, exc), write=None)
        return result


def _around(capability: ToolCapability, call_next: Dispatch) -> Dispatch:
    async def wrapped(request: ToolRequest) -> ToolResult:
        return await capability.wrap(request, call_next)

    return wrapped
