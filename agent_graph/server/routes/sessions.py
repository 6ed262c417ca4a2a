"""A user's sessions: list, read, title, delete, and the debug view of the last context."""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Response
from langchain_core.messages import messages_from_dict
from pydantic import BaseModel

from agent_graph.app.runtime import AppRuntime
from agent_graph.security.ids import InvalidIdError
from agent_graph.server.deps import ERRORS, Runtime, SessionId, User
from agent_graph.storage.sessions import SessionRecord

router = APIRouter(tags=["sessions"], responses=ERRORS)


class SessionSummary(BaseModel):
    id: str
    title: str | None = None
    updated_at: float | str | None = None


class SessionList(BaseModel):
    """Most recent first."""

    sessions: list[SessionSummary]


class SessionMessage(BaseModel):
    """One stored message as a client sees it; tool fields only on tool calls and results."""

    role: str
    content: str | list[Any]
    tool_calls: list[dict[str, Any]] | None = None
    tool_call_id: str | None = None
    name: str | None = None
    status: str | None = None


class SessionTurn(BaseModel):
    """One exchange: the user's words, the answer, its last data payload and hints."""

    user: str
    assistant: str
    data: dict[str, Any] | None = None
    hints: list[str] | None = None


class PendingConfirm(BaseModel):
    """A destructive tool call the session's last turn paused on (the `confirm` event), with
    the user's words of that turn; answered with POST /chat/stream `{"confirm": ...}`."""

    id: str
    question: str
    tool: str | None = None
    args: dict[str, Any] = {}
    message: str = ""


class RunInfo(BaseModel):
    """The turn going on now (or queued) on this session, to rejoin (GET .../stream)."""

    id: str
    status: str
    message: str
    """The user's words that started it (the turn is not in `turns` yet)."""
    events: int
    """How many events it has sent so far."""


class SessionDetail(BaseModel):
    id: str
    title: str | None = None
    messages: list[SessionMessage]
    turns: list[SessionTurn]
    pending_confirm: PendingConfirm | None = None
    """Only present while a turn waits for a yes/no, so a reloaded page can ask again."""
    run: RunInfo | None = None
    """Only present while a turn runs (or waits its turn) on this session."""


class SessionTitle(BaseModel):
    title: str | None = None


class ContextMessage(BaseModel):
    type: str
    content: str


class CallTokens(BaseModel):
    """One model call of the turn."""

    prompt_tokens: int
    cached_tokens: int = 0
    completion_tokens: int
    seconds: float | None = None
    cost: float | None = None


class TurnTokens(BaseModel):
    """The turn's `usage` event: model calls, tokens (cached: read from the server's prefix
    cache), and cost (null when the price is unknown); `per_call` the same per call."""

    type: str = "usage"
    calls: int
    prompt_tokens: int
    cached_tokens: int = 0
    completion_tokens: int
    cost: float | None
    per_call: list[CallTokens] = []


class SessionContext(BaseModel):
    """The context sections and messages the model saw on this session's last turn."""

    sections: dict[str, str]
    messages: list[ContextMessage]
    usage: TurnTokens | None = None
    """Token use of that turn, when the model reported it (the offline model does not)."""


def _load(runtime: AppRuntime, user: str, session_id: str) -> SessionRecord:
    try:
        record = runtime.sessions.load(user, session_id)
    except InvalidIdError as exc:
        raise HTTPException(status_code=422, detail=str(exc)) from exc
    if record is None:
        raise HTTPException(status_code=404, detail=f"no session {session_id}")
    return record


def _public_messages(record: SessionRecord) -> list[SessionMessage]:
    out = []
    for message in messages_from_dict(record.messages):
        item: dict[str, Any] = {"role": message.type, "content": message.content}
        for attr in ("tool_calls", "tool_call_id", "name", "status"):
            value = getattr(message, attr, None)
            if value:
                item[attr] = value
        out.append(SessionMessage(**item))
    return out


@router.get("/sessions")
async def list_sessions(runtime: Runtime, user: User) -> SessionList:
    listed = await asyncio.to_thread(runtime.sessions.list, user)
    return SessionList(sessions=[SessionSummary(**item) for item in listed])


@router.get("/sessions/{session_id}", response_model_exclude_unset=True)
async def get_session(session_id: SessionId, runtime: Runtime, user: User) -> SessionDetail:
    pending = await runtime.runner.pending_confirm(user, session_id)
    current = await runtime.runs.current(user, session_id)
    try:
        record = await asyncio.to_thread(_load, runtime, user, session_id)
    except HTTPException as missing:
        if (pending is None and current is None) or missing.status_code != 404:
            raise
        # Its first turn runs, or paused a moment ago: the session is not listed yet.
        detail = SessionDetail(id=session_id, messages=[], turns=[])
    else:
        detail = SessionDetail(
            id=record.id,
            title=record.title,
            messages=_public_messages(record),
            turns=[SessionTurn(**turn) for turn in record.turns],
        )
    if pending is not None:
        confirm = pending.confirm.model_dump(exclude={"type"})
        detail.pending_confirm = PendingConfirm(**confirm, message=pending.message)
    if current is not None:
        detail.run = RunInfo(
            id=current.id,
            status=current.status,
            message=current.message,
            events=current.count,
        )
    return detail


@router.get("/sessions/{session_id}/title")
async def session_title(session_id: SessionId, runtime: Runtime, user: User) -> SessionTitle:
    record = await asyncio.to_thread(_load, runtime, user, session_id)
    return SessionTitle(title=record.title)


@router.get("/debug/sessions/{session_id}/context", response_model_exclude_unset=True)
async def session_context(session_id: SessionId, runtime: Runtime, user: User) -> SessionContext:
    context = runtime.runner.last_context.get((user, session_id))
    if context is None:
        raise HTTPException(status_code=404, detail="no turn of this session ran since start")
    if "usage" in context:  # the turn's `usage` event, as the stream sent it
        context = {**context, "usage": context["usage"].as_dict()}
    return SessionContext(**context)


@router.delete("/sessions/{session_id}", status_code=204)
async def delete_session(session_id: SessionId, runtime: Runtime, user: User) -> Response:
    await asyncio.to_thread(_load, runtime, user, session_id)
    await asyncio.to_thread(runtime.sessions.delete, user, session_id)
    await runtime.runner.forget(user, session_id)
    await runtime.memory.forget_session(user, session_id)
    return Response(status_code=204)
