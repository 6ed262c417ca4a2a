"""`POST /tools/{tool}`: a client (the web UI's heart, compare button) calls one tool directly."""

from __future__ import annotations

import math
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from pydantic import BaseModel, Field

from agent_graph.security.auth import PUBLIC_GUEST
from agent_graph.server.deps import ERRORS, MaybeCaller, Runtime
from agent_graph.server.direct_calls import DirectCallError, call_tool
from agent_graph.server.routes.memory_changes import ChangeEntry

router = APIRouter(tags=["tools"], responses=ERRORS)


class ToolCall(BaseModel):
    params: dict[str, Any] = Field(default_factory=dict)


class ToolAnswer(BaseModel):
    """The tool's result, and the change it made to remembered entries, if any."""

    result: Any
    change: ChangeEntry | None = None


@router.post("/tools/{tool}", response_model_exclude_unset=True)
async def direct_tool_call(
    tool: str, body: ToolCall, request: Request, runtime: Runtime, caller: MaybeCaller
) -> ToolAnswer:
    """A caller without a valid token is a guest: guest tools run, anything that would save
    gets 403."""
    if caller is None:  # rate-limited per IP like /chat/public
        wait = await runtime.public_limiter.check(
            request.client.host if request.client else "unknown"
        )
        if wait is not None:
            headers = {"Retry-After": str(math.ceil(wait))}
            raise HTTPException(429, "too many guest requests; sign in or try again later", headers)
    try:
        answer = await call_tool(
            runtime.registry,
            runtime.memory,
            runtime.sanitizer,
            caller or PUBLIC_GUEST,
            tool,
            body.params,
        )
    except DirectCallError as exc:
        raise HTTPException(exc.status, exc.detail) from None
    return ToolAnswer(**answer)
