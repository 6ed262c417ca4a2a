"""The MCP server's tools: every skill tool the caller's role may use, called through the same
checks as `POST /tools/{tool}` (role, arguments, redaction, confirmations, change log), and
`ask_propsearch`, a whole turn. A confirmation is asked with MCP elicitation where the
protocol lets the server ask (2026-07-28: an `input_required` result the client answers and
retries); a client that cannot be asked is refused with a clear message, never let through."""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import mcp_types as types
from mcp_types.version import MODERN_PROTOCOL_VERSIONS

from agent_graph.app.runtime import AppRuntime
from agent_graph.security.auth import PUBLIC_GUEST, Principal
from agent_graph.security.ids import SESSION_ID
from agent_graph.security.roles import allowed_tools
from agent_graph.server.direct_calls import (
    ConfirmationNeededError,
    DirectCall,
    DirectCallError,
    call_tool,
)
from agent_graph.server.mcp_serving import widget
from agent_graph.skills.model.metadata import NO_CARD
from agent_graph.storage.sessions import new_session_id
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.text import TurnText

ASK = "ask_propsearch"
ASK_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "message": {"type": "string", "minLength": 1, "description": "What the user asks."},
        "session_id": {
            "type": "string",
            "pattern": SESSION_ID.pattern,
            "description": "The session_id a previous answer returned, to continue that "
            'conversation ("the second one"); leave it out to start a new one.',
        },
    },
    "required": ["message"],
    "additionalProperties": False,
}
ASK_DESCRIPTION = (
    "Ask PropSearch in plain words: it answers with its skills and remembers what the user "
    "told it. Returns its answer, its results as a table, and a session_id for follow-ups. "
    "Its skills:\n{skills}"
)
CONFIRM_KEY = "confirm"
APPROVE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"approve": {"type": "boolean", "title": "Go ahead", "default": False}},
    "required": ["approve"],
}
CANNOT_ASK = (
    "{question} This changes what PropSearch keeps for you, so it needs your own yes, and this "
    "MCP client cannot ask you (it does not support elicitation on MCP 2026-07-28). Nothing "
    "was changed; do it in PropSearch's web UI."
)
DECLINED = "You said no: nothing was changed."
SOURCE = "an MCP client"


@dataclass
class McpCall:
    """One MCP request's caller and the server's live services."""

    runtime: AppRuntime
    who: Principal
    can_ask: bool
    """The client can be asked for a confirmation (elicitation, 2026-07-28 protocol)."""


def can_ask(protocol_version: str, capabilities: types.ClientCapabilities | None) -> bool:
    return protocol_version in MODERN_PROTOCOL_VERSIONS and bool(
        capabilities is not None and capabilities.elicitation is not None
    )


def list_tools(call: McpCall) -> list[types.Tool]:
    registry = call.runtime.registry
    drawn = widget.cards(call.runtime.settings.web_dist)  # read once per tools/list
    tools = []
    for spec in allowed_tools(call.who.role, registry.tools, registry.meta):
        function = spec["function"]
        meta = registry.meta(function["name"])
        tools.append(
            types.Tool(
                name=function["name"],
                description=function.get("description", ""),
                input_schema=function.get("parameters") or {"type": "object"},
                annotations=types.ToolAnnotations(
                    title=meta.progress_label.rstrip("…."),
                    destructive_hint=bool(meta.confirm) or None,
                    idempotent_hint=meta.idempotent,
                ),
                _meta=widget.tool_meta(meta.renders, registry, drawn),
            )
        )
    described = [s.spec.description for s in registry.skills.values() if s.spec.description]
    ask = types.Tool(
        name=ASK,
        description=ASK_DESCRIPTION.format(skills="\n".join(f"- {d}" for d in described)),
        input_schema=ASK_SCHEMA,
        _meta={"ui": {"resourceUri": widget.RESULTS_URI}},
    )
    return [ask, *tools]


async def run_tool(
    call: McpCall, params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    """A `tools/call`: `ask_propsearch` or a skill tool, with its confirmation if it needs one."""
    arguments = params.arguments or {}
    state = _state(params.request_state)
    answer = _answer(params.input_responses)
    if params.name == ASK:
        return await _ask(call, arguments, state, answer)
    direct = DirectCall(call.who, params.name, arguments, state.get("token"), SOURCE)
    if state and answer is not True:
        return _text(DECLINED)
    runtime = call.runtime
    try:
        result = await call_tool(
            runtime.registry,
            runtime.memory,
            runtime.sanitizer,
            runtime.confirm_tokens,
            direct,
            handoffs=runtime.handoffs,
            planners=runtime.planners,
        )
    except ConfirmationNeededError as exc:
        if not call.can_ask:
            return _text(CANNOT_ASK.format(question=exc.detail), error=True)
        return _ask_user(exc.detail, {"token": exc.token})
    except DirectCallError as exc:
        return _text(exc.detail, error=True)
    value, meta = result["result"], runtime.registry.meta(params.name)
    text = meta.model_text(value)
    structured = value if isinstance(value, dict) else {"result": value}
    if isinstance(value, dict) and meta.renders != NO_CARD:  # as the web UI's `data` event
        structured = {**value, "type": meta.renders}
    if "change" in result:
        structured = {**structured, "change": result["change"]}
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=structured
    )


async def _ask(
    call: McpCall, arguments: dict[str, Any], state: dict[str, Any], answer: bool | None
) -> types.CallToolResult | types.InputRequiredResult:
    runtime, who = call.runtime, call.who
    message = arguments.get("message")
    limit = runtime.settings.max_message_chars
    if not isinstance(message, str) or not message.strip():
        return _text("message is required: what the user asks, in words", error=True)
    if len(message) > limit:
        return _text(f"message is longer than {limit} characters", error=True)
    session_id = _session(runtime, who, arguments.get("session_id"))
    if session_id is None:
        return _text(f"session_id must match {SESSION_ID.pattern}", error=True)
    turn = TurnRequest(who.user, session_id, message, who.role, who.persist)
    if state.get("confirm") and state.get("session_id") == session_id:
        # the user answered this session's question: resume the paused turn with it
        confirm = {"id": state["confirm"], "approve": answer is True}
        turn = replace(turn, message=None, confirm=confirm)
    folded = TurnText(runtime.registry)
    parts = [folded.feed(event) async for event in runtime.runs.events(turn)]
    if folded.error is not None:
        return _text(folded.error, error=True)
    if folded.confirm is not None:
        question = folded.confirm.question
        if call.can_ask:
            return _ask_user(question, {"session_id": session_id, "confirm": folded.confirm.id})
        parts = [*parts, " ", CANNOT_ASK.format(question="").strip()]
    text = "".join(parts).strip() + folded.end()
    structured = {"session_id": session_id, "answer": text, "data": folded.data}
    return types.CallToolResult(
        content=[types.TextContent(text=text)], structured_content=structured
    )


def _session(runtime: AppRuntime, who: Principal, named: Any) -> str | None:
    """The caller's session to continue, a new one, or None for an invalid id. Sessions are
    per user, so another user's id is a new session here; a guest continues only sessions the
    server issued to guests (as on /chat/public)."""
    if named is None:
        return new_session_id()
    if not isinstance(named, str) or not SESSION_ID.match(named):
        return None
    if who == PUBLIC_GUEST and not runtime.scratch.exists(PUBLIC_GUEST.user, named):
        return new_session_id()
    return named


def _ask_user(question: str, state: dict[str, Any]) -> types.InputRequiredResult:
    request = types.ElicitRequest(
        params=types.ElicitRequestFormParams(message=question, requested_schema=APPROVE_SCHEMA)
    )
    return types.InputRequiredResult(
        input_requests={CONFIRM_KEY: request}, request_state=json.dumps(state)
    )


def _state(raw: str | None) -> dict[str, Any]:
    """What a retried call carries back (the confirmation it answers); {} when none or bad.
    Nothing in it is trusted beyond that: a token is checked against the call it was issued
    for, a confirmation id against the one the session waits for."""
    try:
        value = json.loads(raw) if raw else {}
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _answer(responses: types.InputResponses | None) -> bool | None:
    """The user's yes (True) or no (False) to the confirmation, None when not answered."""
    response = (responses or {}).get(CONFIRM_KEY)
    if not isinstance(response, types.ElicitResult):
        return None
    return response.action == "accept" and bool((response.content or {}).get("approve"))


def refused(reason: str) -> types.CallToolResult:
    """A call that did not run, and why."""
    return _text(reason, error=True)


def _text(text: str, error: bool = False) -> types.CallToolResult:
    return types.CallToolResult(content=[types.TextContent(text=text)], is_error=error)
