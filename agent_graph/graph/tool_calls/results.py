"""The after-hooks of a call that gave its data: secrets redacted from it, the memory write it
asks for owned by its skill, a handoff it carries kept in the inbox. A write or a handoff the
call may not make raises WriteRefusedError, which becomes the call's error."""

from __future__ import annotations

from dataclasses import replace

from agent_graph.graph.tool_calls.protocol import TOOL_OUTPUT, ToolCapability
from agent_graph.graph.tool_calls.records import ToolRequest, ToolResult
from agent_graph.memory.write_policy import (
    GUEST,
    WriteRefusedError,
    is_write,
    may_remember,
    owned_write,
)
from agent_graph.storage.handoffs import HandoffRefusedError, checked_handoff, is_handoff

NO_INBOX = "This server keeps no handoff inbox, so the request could not be passed on."


class RedactResult(ToolCapability):
    """Secrets in a result never reach the model, the stream or the state."""

    name = "redact_result"
    needs = frozenset({TOOL_OUTPUT})

    async def after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        return replace(result, data=request.run.services.sanitizer.redact_value(result.data))


class KeepWrite(ToolCapability):
    """The memory write a result asks for, honoured when the tool declared the entry."""

    name = "keep_write"
    runs_after = ("redact_result",)
    needs = frozenset({TOOL_OUTPUT})

    async def after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        data = result.data
        if not is_write(data) or not isinstance(data, dict):
            return result
        context = request.run.context
        owner = str(request.skill)
        write = owned_write(request.meta, owner, data, context.role, context.persist)
        return replace(result, write=write)


class HandOff(ToolCapability):
    """A handoff result (a request for a person) kept in the inbox, from a tool that declares
    handoffs (and so asked first) and within the fields' limits; guests are refused, as a
    memory write would be (the tool is not theirs anyway)."""

    name = "hand_off"
    runs_after = ("keep_write",)
    needs = frozenset({TOOL_OUTPUT})

    async def after(self, request: ToolRequest, result: ToolResult) -> ToolResult:
        inbox, context, data = request.run.services.handoffs, request.run.context, result.data
        if not is_handoff(data) or not isinstance(data, dict):
            return result
        if not may_remember(context.role, context.persist):
            raise WriteRefusedError(GUEST)
        if inbox is None:
            raise WriteRefusedError(NO_INBOX)
        try:
            checked_handoff(request.name, request.meta.handoff, data)
        except HandoffRefusedError as exc:
            raise WriteRefusedError(str(exc)) from None
        safe = request.run.services.sanitizer.redact_value(data)
        await inbox.receive(context.user_id, str(request.skill), safe)
        return result
