"""The before-hooks of a tool call: a call the user declined, its start on the stream, and the
checks that may stop it before its skill (role, maybe-ran, arguments). A refusal's text is
what the model reads."""

from __future__ import annotations

import asyncio
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from agent_graph.graph.tool_calls.outcomes import DECLINED, step_of
from agent_graph.graph.tool_calls.protocol import ToolCapability
from agent_graph.graph.tool_calls.records import ToolError, ToolRequest
from agent_graph.security.roles import REFUSED, tool_allowed
from agent_graph.skills.model.arguments import checked_arguments, invalid_message
from agent_graph.skills.model.failures import Failure

MAYBE_RAN = (
    "{tool} may already have run: the server running this turn stopped during the call, so it "
    "was not repeated. Check its effect before calling it again."
)


def refused(request: ToolRequest, text: str, failure: Failure, reason: str) -> ToolRequest:
    """`request`, stopped before its skill for `reason`; the model reads `text` (redacted)."""
    safe = request.run.services.sanitizer.redact(text)
    return replace(request, refusal=ToolError(safe, "refused", failure, reason))


class Declined(ToolCapability):
    """A call whose confirmation the user declined is never dispatched."""

    name = "declined"

    async def before(self, request: ToolRequest) -> ToolRequest:
        if request.declined is None:
            return request
        text = DECLINED.format(question=request.declined)
        refusal = ToolError(text, "refused", Failure.DECLINED, "declined")
        return replace(request, refusal=refusal)


class Announce(ToolCapability):
    """The call's step starts on the stream, with its arguments as the user may see them."""

    name = "announce"
    runs_after = ("declined",)

    async def before(self, request: ToolRequest) -> ToolRequest:
        request.run.emit(step_of(request, "start", args=request.safe_args))
        return request


class CheckRole(ToolCapability):
    """Defense in depth: the agent never binds a tool the role may not use."""

    name = "check_role"
    runs_after = ("announce",)

    async def before(self, request: ToolRequest) -> ToolRequest:
        role = request.run.context.role
        if tool_allowed(role, request.meta):
            return request
        text = REFUSED.format(tool=request.name, role=role)
        return refused(request, text, Failure.NOT_ALLOWED, "role")


class CheckMaybeRan(ToolCapability):
    """A call that may have run on a replica that died runs again only when idempotent."""

    name = "check_maybe_ran"
    runs_after = ("check_role",)

    async def before(self, request: ToolRequest) -> ToolRequest:
        if request.call_id in request.run.context.maybe_ran and not request.meta.idempotent:
            text = MAYBE_RAN.format(tool=request.name)
            return refused(request, text, Failure.MAYBE_RAN, "maybe_ran")
        return request


class CheckArguments(ToolCapability):
    """The schema's check (harmless mismatches coerced), then once per tool the planners'
    (an IPC call, off the event loop); last, as the costliest check. A call the turn's plan
    makes is the planners' own reading of the message: they are not asked to check it."""

    name = "check_arguments"
    runs_after = ("check_maybe_ran",)

    async def before(self, request: ToolRequest) -> ToolRequest:
        run, name = request.run, request.name
        args, problems = checked_arguments(run.services.skills.tools, name, request.args)
        failure = Failure.INVALID
        checked = run.services.checks and not run.failures.get(name)
        if checked and not problems and not planned(run.conversation.facts.plan, name, args):
            turn = run.conversation.with_call(name, args)
            problems = await asyncio.to_thread(run.services.planners.corrections, turn)
            failure = Failure.CORRECTED
        if problems:
            text = invalid_message(name, problems, run.failures.get(name, 0))
            return refused(request, text, failure, "arguments")
        return replace(request, args=args)


def planned(plan: Mapping[str, Any] | None, name: str, args: dict[str, Any]) -> bool:
    """The turn's plan (AgentState.plan) makes this very call: the same tool, the same
    arguments."""
    calls = (plan or {}).get("calls") or ()
    return any(c.get("name") == name and c.get("args") == args for c in calls)
