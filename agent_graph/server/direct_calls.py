"""Direct tool calls from a client (`POST /tools/{tool}`): role-checked, validated and confirmed
like the graph's calls; memory writes go through the same gate (memory/write_policy.py), are
applied at once and recorded as changes. No FastAPI here: errors carry an HTTP status."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from agent_graph.graph.services import MemoryGateway, SkillGateway
from agent_graph.graph.tool_calls.confirm import question_for
from agent_graph.memory.write_policy import (
    WriteRefusedError,
    destructive_question,
    is_write,
    may_remember,
    owned_write,
)
from agent_graph.planning.facts import tool_owners
from agent_graph.planning.planners import Planners
from agent_graph.planning.view import Facts, TurnView
from agent_graph.security.auth import Principal
from agent_graph.security.confirm_tokens import ConfirmTokens
from agent_graph.security.roles import tool_allowed
from agent_graph.security.sanitizer import Sanitizer
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.skills.model.arguments import INVALID, checked_arguments, parameter_names
from agent_graph.skills.model.metadata import ToolMeta
from agent_graph.storage.handoffs import (
    HandoffInbox,
    HandoffRefusedError,
    checked_handoff,
    is_handoff,
)
from agent_graph.telemetry.tool_calls import tool_span

SIGN_IN = "Sign in to save: as a guest you can search and look, but nothing is kept for you."
APP_MESSAGE = "{tool} (from {source})"
UNKNOWN = "{tool} has no argument named {names}; it takes: {known}."
NO_INBOX = "This server keeps no handoff inbox, so the request could not be passed on."


class DirectCallError(Exception):
    """A refused or failed direct call: `status` and a readable `detail`."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail


class ConfirmationNeededError(DirectCallError):
    """409: the call deletes or changes something; send it again with `confirm`."""

    def __init__(self, question: str, token: str) -> None:
        super().__init__(409, question)
        self.token = token


@dataclass
class DirectCall:
    """One client's call of one tool, with the confirmation token it sent back (if any)."""

    who: Principal
    tool: str
    params: dict[str, Any]
    confirm: str | None = None
    source: str = "the app"
    """Where the call came from, as the change log says it ("the app", "an MCP client")."""


async def call_tool(
    skills: SkillGateway,
    memory: MemoryGateway,
    sanitizer: Sanitizer,
    tokens: ConfirmTokens,
    call: DirectCall,
    handoffs: HandoffInbox | None = None,
    planners: Planners | None = None,
) -> dict[str, Any]:
    """{"result", "change"?}: run one tool for the caller; its memory write, if any, is applied
    now. A `confirm` tool, or a write that deletes or changes an entry, needs a token first,
    asked in the words the chat asks it (the tool's planner; its template when it has none)."""
    who, tool = call.who, call.tool
    skill = skills.skill_for(tool)
    if skill is None:
        raise DirectCallError(404, f"unknown tool {tool!r}")
    meta = skills.meta(tool)
    if not tool_allowed(who.role, meta):
        raise DirectCallError(403, SIGN_IN)
    known = parameter_names(skills.tools, tool)
    unknown = sorted(set(call.params) - set(known)) if known is not None else []
    if unknown:  # a client's typo is an error, not a silently ignored argument
        names, takes = ", ".join(unknown), ", ".join(known or [])
        raise DirectCallError(422, UNKNOWN.format(tool=tool, names=names, known=takes))
    params, problems = checked_arguments(skills.tools, tool, call.params)
    if problems:
        raise DirectCallError(422, INVALID.format(tool=tool, problems="; ".join(problems[:5])))
    confirmed = await tokens.redeem(call.confirm, who.user, tool, params)
    if meta.confirm and not confirmed:
        args = sanitizer.redact_value(params)
        worded = planners and await _worded(planners, skills, memory, who, tool, args)
        question = sanitizer.redact(worded) if worded else question_for(meta.confirm, args)
        raise ConfirmationNeededError(question, tokens.issue(who.user, tool, params))
    try:
        result = sanitizer.redact_value(await _spanned(skills, tool, skill, params))
    except SkillCallError as exc:
        raise DirectCallError(_status_of(exc), sanitizer.redact(str(exc))) from None
    answer: dict[str, Any] = {"result": result}
    if is_handoff(result):
        await _hand_off(handoffs, who, meta, skill, result)
    if not is_write(result):
        return answer
    try:
        write = owned_write(meta, skill, result, who.role, who.persist)
    except WriteRefusedError as exc:
        guest = not may_remember(who.role, who.persist)
        raise DirectCallError(403, SIGN_IN if guest else str(exc)) from None
    change = destructive_question(write, await memory.current_value(who.user, write))
    if change and not confirmed:
        raise ConfirmationNeededError(change, tokens.issue(who.user, tool, params))
    changes = await memory.apply_writes(
        who.user, [write], APP_MESSAGE.format(tool=tool, source=call.source)
    )
    if changes:
        answer["change"] = changes[0]
    return answer


async def _worded(
    planners: Planners,
    skills: SkillGateway,
    memory: MemoryGateway,
    who: Principal,
    tool: str,
    args: dict[str, Any],
) -> str | None:
    """The question the tool's planner asks in the chat for this call, asked of a turn with no
    conversation (a direct call has none) but the caller's remembered entries, as the chat's."""
    entries = (await memory.remembered(who.user)).entries if who.persist else {}
    turn = TurnView("", (), (), (), Facts(entries=entries, owners=tool_owners(skills)))
    return await asyncio.to_thread(planners.question, turn.with_call(tool, args))


async def _hand_off(
    handoffs: HandoffInbox | None,
    who: Principal,
    meta: ToolMeta,
    skill: str,
    result: dict[str, Any],
) -> None:
    """Keep a handoff result for the agents, from a tool that declares handoffs and within the
    fields' limits (422 otherwise); guests are asked to sign in first."""
    if not may_remember(who.role, who.persist):
        raise DirectCallError(403, SIGN_IN)
    if handoffs is None:
        raise DirectCallError(503, NO_INBOX)
    try:
        checked_handoff(meta.tool, meta.handoff, result)
    except HandoffRefusedError as exc:
        raise DirectCallError(422, str(exc)) from None
    await handoffs.receive(who.user, skill, result)


def _status_of(exc: SkillCallError) -> int:
    """The skill's own status when it is a client's error the caller can act on, else 502."""
    return exc.status if exc.status in (400, 404, 409, 422) else 502


async def _spanned(skills: SkillGateway, tool: str, skill: str, params: dict[str, Any]) -> Any:
    """The call on its skill, under its `execute_tool` span."""
    async with tool_span(tool, skill, params, skills.about(tool)):
        return await skills.dispatch(tool, params)
