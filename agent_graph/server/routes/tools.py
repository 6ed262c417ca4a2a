"""`POST /tools/{tool}`: a client (the web UI's heart, compare button) calls one tool directly."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field

from agent_graph.server.deps import ERRORS, CallerOrGuest, Runtime
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
    tool: str, body: ToolCall, runtime: Runtime, who: CallerOrGuest
) -> ToolAnswer:
    """A caller without a valid token is a guest (rate-limited per IP like /chat/public):
    guest tools run, anything that would save gets 403."""
    try:
        answer = await call_tool(
            runtime.registry, runtime.memory, runtime.sanitizer, who, tool, body.params
        )
    except DirectCallError as exc:
        raise HTTPException(exc.status, exc.detail) from None
    return ToolAnswer(**answer)
