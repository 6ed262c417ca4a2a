"""Chat turns: `POST /chat` (one JSON answer), `/chat/stream` (SSE) and their public guest twins."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from fastapi import APIRouter, HTTPException
from pydantic import BaseModel, Field, model_validator
from sse_starlette.sse import EventSourceResponse

from agent_graph.app.runtime import AppRuntime
from agent_graph.events import (
    ConfirmEvent,
    DataEvent,
    ErrorEvent,
    Event,
    HintsEvent,
    TokenEvent,
    event_json,
)
from agent_graph.security.auth import PUBLIC_GUEST, Principal
from agent_graph.security.ids import SESSION_ID
from agent_graph.server.deps import ERRORS, Caller, Guest, Runtime
from agent_graph.storage.sessions import new_session_id
from agent_graph.turn_request import TurnRequest
from agent_graph.turns.replies import typed_answer
from agent_graph.turns.runs import RemoteRun, Run

router = APIRouter(tags=["chat"], responses=ERRORS)
HEARTBEAT_S = 5
SSE: dict[int | str, dict[str, Any]] = {
    200: {"content": {"text/event-stream": {}}, "description": "SSE events (docs/protocol.md)"}
}


class ConfirmAnswer(BaseModel):
    """The answer to a paused turn's `confirm` event."""

    id: str = Field(min_length=1, max_length=100)
    approve: bool


class ChatRequest(BaseModel):
    """A new message, or (with `confirm`, no message) the answer to a paused turn's question."""

    session_id: str | None = Field(default=None, pattern=SESSION_ID.pattern)
    message: str | None = None
    """Checked by `_check_message`: an empty or blank one is "message is empty"."""
    confirm: ConfirmAnswer | None = None

    @model_validator(mode="after")
    def _message_or_confirm(self) -> ChatRequest:
        if self.confirm is None and self.message is None:
            raise ValueError("Field required: message (or confirm, with session_id)")
        if self.confirm is not None and (self.message is not None or not self.session_id):
            raise ValueError("send either a message, or a confirm with its session_id")
        return self


class ChatAnswer(BaseModel):
    """A whole turn: the answer text, the last data-event payload, three hints, and the question
    a paused turn waits on (`confirm`: id, question, tool, args; only when it pauses)."""

    session_id: str
    message: str
    data: dict[str, Any] | None = None
    hints: list[str]
    confirm: dict[str, Any] | None = None


def _check_message(runtime: AppRuntime, body: ChatRequest) -> str:
    if body.confirm is not None and body.session_id:
        return body.session_id
    assert body.message is not None  # the model's validator guarantees one or the other
    limit = runtime.settings.max_message_chars
    if len(body.message) > limit:
        raise HTTPException(status_code=413, detail=f"message is longer than {limit} characters")
    if not body.message.strip():
        raise HTTPException(status_code=422, detail="message is empty")
    return body.session_id or new_session_id()


def _public_session(runtime: AppRuntime, body: ChatRequest) -> str:
    """Guests continue only sessions the server issued them; any other id starts a new one."""
    if body.confirm is not None:
        raise HTTPException(422, "guests have nothing to confirm")
    _check_message(runtime, body)
    known = body.session_id and runtime.scratch.exists(PUBLIC_GUEST.user, body.session_id)
    return body.session_id if known and body.session_id else new_session_id()


async def _confirm(
    runtime: AppRuntime, who: Principal, session_id: str, body: ChatRequest
) -> dict[str, Any] | None:
    """The confirm answer as the runner takes it, a yes or a no typed while the session waits
    for one included; 409 when the session waits for no such one. When the shared storage is
    down the turn itself reports that as an error event."""
    try:
        if body.confirm is None:
            return await typed_answer(runtime.runner, who.user, session_id, body.message)
        waiting = await runtime.runner.pending_confirmation(who.user, session_id)
    except Exception as exc:
        if runtime.runner.outage(exc) is None:
            raise
        return None if body.confirm is None else body.confirm.model_dump()
    if waiting != body.confirm.id:
        raise HTTPException(409, "this conversation is not waiting for that confirmation")
    return body.confirm.model_dump()


async def _sse(
    runtime: AppRuntime, who: Principal, session_id: str, body: ChatRequest
) -> EventSourceResponse:
    confirm = await _confirm(runtime, who, session_id, body)
    message = None if confirm else body.message
    request = TurnRequest(who.user, session_id, message, who.role, who.persist, confirm)
    run = runtime.runs.start(request)
    return run_stream(run)


def run_stream(run: Run | RemoteRun, after: int = 0) -> EventSourceResponse:
    """A run's events from number `after` on, each with its `id:` (`<run>:<number>`); closing
    the stream leaves the run going. A comment line every few seconds keeps proxies and
    clients aware the connection lives while nothing else is sent."""

    async def events() -> AsyncIterator[dict[str, str]]:
        async for number, event in run.follow(after):
            yield {"id": f"{run.id}:{number}", "data": event_json(event)}

    return EventSourceResponse(events(), ping=HEARTBEAT_S)


async def collect(events: AsyncIterator[Event], session_id: str) -> dict[str, Any]:
    """A turn's events as one answer: the text, the last data, hints, an error, a confirm."""
    answer: dict[str, Any] = {"session_id": session_id, "message": "", "data": None, "hints": []}
    tokens: list[str] = []
    async for event in events:
        match event:
            case TokenEvent():
                tokens.append(event.content)
            case DataEvent():
                answer["data"] = event.data
            case HintsEvent():
                answer["hints"] = event.hints
            case ErrorEvent():
                answer["error"] = event.message
            case ConfirmEvent():
                answer["confirm"] = event.model_dump(exclude={"type"}, exclude_unset=True)
    answer["message"] = "".join(tokens)
    return answer


async def _answer(
    runtime: AppRuntime, who: Principal, session_id: str, body: ChatRequest
) -> ChatAnswer:
    confirm = await _confirm(runtime, who, session_id, body)
    message = None if confirm else body.message
    request = TurnRequest(who.user, session_id, message, who.role, who.persist, confirm)
    turn = runtime.runs.events(request)
    answer = await collect(turn, session_id)
    if "error" in answer:
        raise HTTPException(status_code=502, detail=answer["error"])
    return ChatAnswer(**answer)


@router.post("/chat", response_model_exclude_unset=True)
async def chat(body: ChatRequest, runtime: Runtime, caller: Caller) -> ChatAnswer:
    return await _answer(runtime, caller, _check_message(runtime, body), body)


@router.post("/chat/stream", response_class=EventSourceResponse, responses=SSE)
async def chat_stream(body: ChatRequest, runtime: Runtime, caller: Caller) -> EventSourceResponse:
    return await _sse(runtime, caller, _check_message(runtime, body), body)


@router.post("/chat/public", response_model_exclude_unset=True)
async def chat_public(body: ChatRequest, runtime: Runtime, guest: Guest) -> ChatAnswer:
    return await _answer(
        runtime, guest, await asyncio.to_thread(_public_session, runtime, body), body
    )


@router.post("/chat/public/stream", response_class=EventSourceResponse, responses=SSE)
async def chat_public_stream(
    body: ChatRequest, runtime: Runtime, guest: Guest
) -> EventSourceResponse:
    return await _sse(runtime, guest, await asyncio.to_thread(_public_session, runtime, body), body)
