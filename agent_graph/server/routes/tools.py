"""`POST /tools/{tool}`: a client (the web UI's heart, compare button) calls one tool directly."""

import math
from collections.abc import Callable
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request
from pydantic import BaseModel, Field

from agent_graph.security.auth import PUBLIC_GUEST, Principal
from agent_graph.server.direct_calls import DirectCallError, call_tool
from agent_graph.server.runtime import AppRuntime


class ToolCall(BaseModel):
    params: dict[str, Any] = Field(default_factory=dict)


def tools_router(
    runtime_dep: Callable[..., AppRuntime], principal_dep: Callable[..., Principal | None]
) -> APIRouter:
    """The route, given api.py's dependencies (the runtime, the optional caller). A caller
    without a valid token is a guest: guest tools run, anything that would save gets 403.
    No `from __future__ import annotations` here: FastAPI reads the local aliases at def time."""
    router = APIRouter()
    Runtime = Annotated[AppRuntime, Depends(runtime_dep)]
    Caller = Annotated[Principal | None, Depends(principal_dep)]

    @router.post("/tools/{tool}")
    async def direct_tool_call(
        tool: str, body: ToolCall, request: Request, runtime: Runtime, caller: Caller
    ) -> dict[str, Any]:
        if caller is None:  # rate-limited per IP like /chat/public
            wait = runtime.public_limiter.hit(request.client.host if request.client else "unknown")
            if wait is not None:
                headers = {"Retry-After": str(math.ceil(wait))}
                raise HTTPException(
                    429, "too many guest requests; sign in or try again later", headers
                )
        try:
            return await call_tool(
                runtime.registry,
                runtime.memory,
                runtime.sanitizer,
                caller or PUBLIC_GUEST,
                tool,
                body.params,
            )
        except DirectCallError as exc:
            raise HTTPException(exc.status, exc.detail) from None

    return router
