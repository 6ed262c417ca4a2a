"""The chain of small interceptors around one tool's dispatch, after the manner of
`ToolNode.wrap_tool_call`: each checks or changes the request, or the result, and calls the next.
A refusal raises CallRefused (a SkillCallError); its text becomes the model's error message."""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from agent_graph.graph.tool_calls.records import ToolRequest
from agent_graph.security.roles import REFUSED, tool_allowed
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.arguments import checked_arguments, invalid_message
from agent_graph.telemetry.attributes import in_approved_round
from agent_graph.telemetry.tool_calls import confirmed_call, refused_call

MAYBE_RAN = (
    "{tool} may already have run: the server running this turn stopped during the call, so it "
    "was not repeated. Check its effect before calling it again."
)


class CallRefused(SkillCallError):
    """A call stopped before its skill; `reason` says which check stopped it."""

    def __init__(self, message: str, reason: str) -> None:
        super().__init__(message)
        self.reason = reason


Handler = Callable[[ToolRequest], Awaitable[Any]]
Interceptor = Callable[[ToolRequest, Handler], Awaitable[Any]]


async def trace_call(request: ToolRequest, call_next: Handler) -> Any:
    """Telemetry: a call refused before its skill still leaves an `execute_tool` span (outcome
    `refused`, with why); in the round the user said yes to, a call that asks first or writes
    memory (what the yes was for) is `confirmed`."""
    started = time.time_ns()
    asks = bool(request.meta.confirm or request.meta.writes)
    token = confirmed_call.set(in_approved_round(request.run) and asks)
    try:
        return await call_next(request)
    except CallRefused as refusal:
        refused_call(request.name, request.skill, request.args, refusal.reason, started)
        raise
    finally:
        confirmed_call.reset(token)


async def check_role(request: ToolRequest, call_next: Handler) -> Any:
    """Defense in depth: the agent never binds a tool the role may not use."""
    role = request.run.context.role
    if not tool_allowed(role, request.meta):
        raise CallRefused(REFUSED.format(tool=request.name, role=role), "role")
    return await call_next(request)


async def check_maybe_ran(request: ToolRequest, call_next: Handler) -> Any:
    """A call that may have run on a replica that died runs again only when idempotent."""
    if request.call_id in request.run.context.maybe_ran and not request.meta.idempotent:
        raise CallRefused(MAYBE_RAN.format(tool=request.name), "maybe_ran")
    return await call_next(request)


async def check_arguments(request: ToolRequest, call_next: Handler) -> Any:
    """The schema's check (harmless mismatches coerced), then once per tool the planners'."""
    run, name = request.run, request.name
    args, problems = checked_arguments(run.services.skills.tools, name, request.args)
    if run.services.checks and not problems and not run.failures.get(name):
        turn = run.conversation.with_call(name, args)
        problems = await asyncio.to_thread(run.services.planners.corrections, turn)
    if problems:
        message = invalid_message(name, problems, run.failures.get(name, 0))
        raise CallRefused(message, "arguments")
    return await call_next(dataclasses.replace(request, args=args))


async def redact_result(request: ToolRequest, call_next: Handler) -> Any:
    """Secrets in a result never reach the model, the stream or the state."""
    return request.run.services.sanitizer.redact_value(await call_next(request))


async def dispatch(request: ToolRequest) -> Any:
    """The call itself, on the skill's pool."""
    return await request.run.services.skills.dispatch(request.name, request.args)


INTERCEPTORS: tuple[Interceptor, ...] = (
    trace_call,
    check_role,
    check_maybe_ran,
    check_arguments,
    redact_result,
)


def chain(interceptors: Sequence[Interceptor], handler: Handler) -> Handler:
    """`handler` wrapped by `interceptors`, the first outermost."""
    for interceptor in reversed(interceptors):
        handler = _around(interceptor, handler)
    return handler


def _around(interceptor: Interceptor, call_next: Handler) -> Handler:
    async def handle(request: ToolRequest) -> Any:
        return await interceptor(request, call_next)

    return handle
