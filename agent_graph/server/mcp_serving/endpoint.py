"""`/mcp`: PropSearch as an MCP server over Streamable HTTP, stateless (no session kept between
requests, so any replica behind the balancer answers any request). The caller is resolved
here, before the SDK sees the request, exactly as on every other route (server/deps.py): an
operator token, an API key or a session cookie; a rate-limited guest without one; 401 for a
bearer value that names nobody."""

from __future__ import annotations

import json
import math
from collections.abc import MutableMapping
from contextlib import AbstractAsyncContextManager
from typing import Any

import anyio
import mcp_types as types
from fastapi import HTTPException
from mcp.server.context import ServerRequestContext
from mcp.server.lowlevel.server import Server
from mcp.server.streamable_http_manager import StreamableHTTPSessionManager
from mcp.shared.exceptions import MCPError
from mcp_types.jsonrpc import INTERNAL_ERROR, INVALID_PARAMS
from starlette.requests import Request

from agent_graph.app.runtime import AppRuntime
from agent_graph.security.auth import PUBLIC_GUEST, Principal
from agent_graph.server.deps import credentials, resolve_caller
from agent_graph.server.mcp_serving import tools, widget

SCOPE_KEY = "propsearch.mcp"
GUEST_LIMIT = "too many guest requests; sign in or try again later"
INSTRUCTIONS = (
    "For a request in words use ask_propsearch (pass its session_id back for follow-ups); the "
    "other tools are PropSearch's skills, to call directly."
)


class McpEndpoint:
    """The ASGI app mounted at `/mcp`; `lifespan()` must be entered while the API runs."""

    def __init__(self, version: str) -> None:
        self.server: Server[Any] = Server(
            "propsearch",
            version=version,
            instructions=INSTRUCTIONS,
            on_list_tools=_list_tools,
            on_call_tool=_call_tool,
            on_list_resources=_list_resources,
            on_read_resource=_read_resource,
        )
        self.manager = StreamableHTTPSessionManager(app=self.server, stateless=True)

    def lifespan(self) -> AbstractAsyncContextManager[None]:
        return self.manager.run()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        runtime: AppRuntime = scope["app"].state.runtime
        who = await _caller(runtime, scope, send)
        if who is None:
            return
        scope[SCOPE_KEY] = (runtime, who)
        if scope.get("method") != "GET" or who != PUBLIC_GUEST:
            await self.manager.handle_request(scope, receive, send)
            return
        address = (scope.get("client") or ("unknown",))[0]
        wait = await runtime.public_limiter.check(address)
        if wait is not None:
            await _refuse(send, 429, GUEST_LIMIT, [(b"retry-after", str(math.ceil(wait)).encode())])
            return
        await _for_at_most(runtime.settings.guest_stream_s, self.manager, scope, receive, send)


async def _caller(runtime: AppRuntime, scope: dict[str, Any], send: Any) -> Principal | None:
    """The signed-in caller, the local admin when no sign-in is configured, else a guest;
    None after answering 401 or 403. (A guest's tool calls are rate-limited, not the
    handshake.) The lookup runs on a thread, as the routes' does."""
    sent = credentials(Request(scope))
    try:
        principal = await anyio.to_thread.run_sync(
            resolve_caller, runtime.identities, runtime.settings.default_user, sent
        )
    except HTTPException as exc:
        extra = [(b"www-authenticate", b"Bearer")] if exc.status_code == 401 else []
        await _refuse(send, exc.status_code, str(exc.detail), extra)
        return None
    return PUBLIC_GUEST if principal is None else principal


async def _for_at_most(
    seconds: float, manager: StreamableHTTPSessionManager, scope: Any, receive: Any, send: Any
) -> None:
    """Serve an anonymous stream for `seconds` at most, then end its response."""
    state = {"started": False, "ended": False}

    async def tracked(message: MutableMapping[str, Any]) -> None:
        state["started"] = state["started"] or message["type"] == "http.response.start"
        if message["type"] == "http.response.body" and not message.get("more_body", False):
            state["ended"] = True
        await send(message)

    with anyio.move_on_after(seconds):
        await manager.handle_request(scope, receive, tracked)
    if state["started"] and not state["ended"]:
        await send({"type": "http.response.body", "body": b"", "more_body": False})


async def _refuse(send: Any, status: int, detail: str, headers: list[tuple[bytes, bytes]]) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json"), *headers],
        }
    )
    await send({"type": "http.response.body", "body": json.dumps({"detail": detail}).encode()})


def _call_of(ctx: ServerRequestContext[Any, Any]) -> tools.McpCall:
    if ctx.request is None:  # only over HTTP, where McpEndpoint put the caller in the scope
        raise RuntimeError("PropSearch's MCP tools are served over HTTP only")
    runtime, who = ctx.request.scope[SCOPE_KEY]
    can_ask = tools.can_ask(ctx.protocol_version, ctx.session.client_capabilities)
    return tools.McpCall(runtime, who, can_ask)


async def _list_tools(
    ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
) -> types.ListToolsResult:
    return types.ListToolsResult(tools=tools.list_tools(_call_of(ctx)))


async def _call_tool(
    ctx: ServerRequestContext[Any, Any], params: types.CallToolRequestParams
) -> types.CallToolResult | types.InputRequiredResult:
    call = _call_of(ctx)
    if call.who == PUBLIC_GUEST and ctx.request is not None:
        address = ctx.request.client.host if ctx.request.client else "unknown"
        wait = await call.runtime.public_limiter.check(address)
        if wait is not None:
            return tools.refused(f"{GUEST_LIMIT} (in {math.ceil(wait)} s)")
    return await tools.run_tool(call, params)


async def _list_resources(
    ctx: ServerRequestContext[Any, Any], params: types.PaginatedRequestParams | None
) -> types.ListResourcesResult:
    return types.ListResourcesResult(resources=widget.resources(_call_of(ctx).runtime.registry))


async def _read_resource(
    ctx: ServerRequestContext[Any, Any], params: types.ReadResourceRequestParams
) -> types.ReadResourceResult:
    runtime = _call_of(ctx).runtime
    try:
        found = widget.read(str(params.uri), runtime.settings.web_dist, runtime.registry)
    except OSError as exc:
        raise MCPError(INTERNAL_ERROR, str(exc)) from None
    if found is None:
        raise MCPError(INVALID_PARAMS, f"no resource {params.uri!r}; see resources/list")
    return found
