"""`POST /tools/{tool}`: a client (the web UI's heart, compare button) calls one tool directly."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from agent_graph.server.deps import ERRORS, CallerOrGuest, Runtime
from agent_graph.server.direct_calls import (
    ConfirmationNeededError,
    DirectCall,
    DirectCallError,
    call_tool,
)
from agent_graph.server.routes.memory_changes import ChangeEntry

router = APIRouter(tags=["tools"], responses=ERRORS)


class ToolCall(BaseModel):
    params: dict[str, Any] = Field(default_factory=dict)
    confirm: str | None = Field(
        default=None, description="The token a 409 answer gave, to go ahead with the change."
    )
    ask: bool = Field(
        default=False,
        description="Answer a needed confirmation 200 with `question` and `confirm` instead of "
        "409 (a client that expects to confirm, e.g. a browser, which logs every 409).",
    )


class ToolAnswer(BaseModel):
    """The tool's result and the change it made to remembered entries, if any; or, for a call
    sent with `ask` that needs a yes first, the `question` and the `confirm` token."""

    result: Any = None
    change: ChangeEntry | None = None
    question: str | None = None
    confirm: str | None = None


@router.post("/tools/{tool}", response_model_exclude_unset=True)
async def direct_tool_call(
    tool: str, body: ToolCall, runtime: Runtime, who: CallerOrGuest
) -> ToolAnswer:
    """A caller without a token is a guest (rate-limited per IP like /chat/public): guest tools
    run, anything that would save gets 403. A call that deletes or changes a remembered entry is
    answered 409 with `{"detail", "confirm"}` (with `ask`: 200 `{"question", "confirm"}`): send it
    again with that `confirm` to go ahead."""
    call = DirectCall(who, tool, body.params, body.confirm)
    try:
        answer = await call_tool(
            runtime.registry,
            runtime.memory,
            runtime.sanitizer,
            runtime.confirm_tokens,
            call,
            handoffs=runtime.handoffs,
            planners=runtime.planners,
        )
    except ConfirmationNeededError as exc:
        if body.ask:
            return ToolAnswer(question=exc.detail, confirm=exc.token)
        return JSONResponse(  # type: ignore[return-value]
            {"detail": exc.detail, "confirm": exc.token}, status_code=409
        )
    except DirectCallError as exc:
        raise HTTPException(exc.status, exc.detail) from None
    return ToolAnswer(**answer)
