"""The chain of small interceptors around one tool's dispatch, after the manner of
`ToolNode.wrap_tool_call`: each checks or changes the request, or the result, and calls the next.
A refusal raises SkillCallError; its text becomes the model's error message."""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from agent_graph.graph.tool_calls.records import ToolRequest
from agent_graph.security.roles import REFUSED, tool_allowed
from agent_graph.skills.arguments import checked_arguments, invalid_message
from agent_graph.skills.pool import SkillCallError

MAYBE_RAN = (
    "{tool} may already have run: the server running this turn stopped during the call, so it "
    "was not repeated. Check its effect before calling it again."
)

Handler = Callable[[ToolRequest], Awaitable[Any]]
Interceptor = Callable[[ToolRequest, Handler], Awaitable[Any]]


async def check_role(request: ToolRequest, call_next: Handler) -> Any:
    """Defense in depth: the agent never binds a tool the role may not use."""
    role = request.run.context.role
    if not tool_allowed(role, request.meta):
        raise SkillCallError(REFUSED.format(tool=request.name, role=role))
    return await call_next(request)


async def check_maybe_ran(request: ToolRequest, call_next: Handler) -> Any:
    """A call that may have run on a replica that died runs again only when idempotent."""
    if request.call_id in request.run.context.maybe_ran and not request.meta.idempotent:
        raise SkillCallError(MAYBE_RAN.format(tool=request.name))
    return await call_next(request)


async def check_arguments(request: ToolRequest, call_next: Handler) -> Any:
    """The schema's check (harmless mismatches coerced), then once per tool the planners'."""
    run, name = request.run, request.name
    args, problems = checked_arguments(run.services.skills.tools, name, request.args)
    if run.services.checks and not problems and not run.failures.get(name):
        turn = run.conversation.with_call(name, args)
        problems = await asyncio.to_thread(run.services.planners.corrections, turn)
    if problems:
        raise SkillCallError(invalid_message(name, problems, run.failures.get(name, 0)))
    return await call_next(dataclasses.replace(request, args=args))


async def redact_result(request: ToolRequest, call_next: Handler) -> Any:
    """Secrets in a result never reach the model, the stream or the state."""
    return request.run.services.sanitizer.redact_value(await call_next(request))


async def dispatch(request: ToolRequest) -> Any:
    """The call itself, on the skill's pool."""
    return await request.run.services.skills.dispatch(request.name, request.args)


INTERCEPTORS: tuple[Interceptor, ...] = (
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
