"""PropSearch HTTP API: lifespan wiring, routes, SSE, and the built web UI at /."""

from __future__ import annotations

import asyncio
import json
import logging
import math
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, Request, Response
from fastapi.responses import HTMLResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from langchain_core.messages import messages_from_dict
from pydantic import BaseModel, Field
from sse_starlette.sse import EventSourceResponse

from agent_graph.config import Settings, get_settings, langgraph_quiet_env
from agent_graph.security.auth import PUBLIC_GUEST, Principal
from agent_graph.security.request_guard import RequestGuard
from agent_graph.server.runtime import AppRuntime
from agent_graph.storage.sessions import SESSION_ID, InvalidIdError, SessionRecord, new_session_id

langgraph_quiet_env()
log = logging.getLogger("propsearch.api")

NO_UI = (
    "<!doctype html><title>PropSearch</title><h1>PropSearch API is running</h1>"
    "<p>The web UI is not built yet: run <code>make web</code>.</p>"
)


class ChatRequest(BaseModel):
    session_id: str | None = Field(default=None, pattern=SESSION_ID.pattern)
    message: str = Field(min_length=1)


def get_runtime(request: Request) -> AppRuntime:
    runtime: AppRuntime = request.app.state.runtime
    return runtime


Runtime = Annotated[AppRuntime, Depends(get_runtime)]
SessionId = Annotated[str, Field(pattern=SESSION_ID.pattern)]


Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(HTTPBearer(auto_error=False))]
UNAUTHORIZED = "a valid bearer token is required (Authorization: Bearer <token>)"


def optional_principal(runtime: Runtime, credentials: Bearer) -> Principal | None:
    """The caller, or None when tokens are configured and none (or an unknown one) was sent.
    With no tokens configured every caller is the single local user, admin of their machine."""
    if not runtime.tokens.enabled:
        return Principal(user=runtime.settings.default_user, role="admin")
    return runtime.tokens.lookup(credentials.credentials) if credentials else None


def current_principal(
    principal: Annotated[Principal | None, Depends(optional_principal)],
) -> Principal:
    if principal is None:
        raise HTTPException(401, UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})
    return principal


Caller = Annotated[Principal, Depends(current_principal)]


def current_user(caller: Caller) -> str:
    return caller.user


User = Annotated[str, Depends(current_user)]


async def public_guest(request: Request, runtime: Runtime) -> Principal:
    """Unauthenticated guests, rate-limited per client IP (the socket peer, or the forwarded
    address when uvicorn runs with --proxy-headers behind a trusted balancer)."""
    client = request.client.host if request.client else "unknown"
    wait = await runtime.public_limiter.check(client)
    if wait is not None:
        raise HTTPException(
            429,
            "too many guest requests; sign in or try again later",
            headers={"Retry-After": str(math.ceil(wait))},
        )
    return PUBLIC_GUEST


Guest = Annotated[Principal, Depends(public_guest)]


def _check_message(runtime: AppRuntime, body: ChatRequest) -> str:
    limit = runtime.settings.max_message_chars
    if len(body.message) > limit:
        raise HTTPException(status_code=413, detail=f"message is longer than {limit} characters")
    if not body.message.strip():
        raise HTTPException(status_code=422, detail="message is empty")
    return body.session_id or new_session_id()


def _public_session(runtime: AppRuntime, body: ChatRequest) -> str:
    """Guests continue only sessions the server issued them; any other id starts a new one."""
    _check_message(runtime, body)
    known = body.session_id and runtime.scratch.exists(PUBLIC_GUEST.user, body.session_id)
    return body.session_id if known and body.session_id else new_session_id()


def _sse(runtime: AppRuntime, who: Principal, session_id: str, text: str) -> EventSourceResponse:
    async def events() -> AsyncIterator[dict[str, str]]:
        async for event in runtime.runner.events(who.user, session_id, text, who.role, who.persist):
            yield {"data": json.dumps(event)}

    return EventSourceResponse(events(), ping=15)


async def _answer(
    runtime: AppRuntime, who: Principal, session_id: str, text: str
) -> dict[str, Any]:
    answer = await runtime.runner.collect(who.user, session_id, text, who.role, who.persist)
    if "error" in answer:
        raise HTTPException(status_code=502, detail=answer["error"])
    return answer


def _load(runtime: AppRuntime, user: str, session_id: str) -> SessionRecord:
    try:
        record = runtime.sessions.load(user, session_id)
    except InvalidIdError as exc:
        raise HTTPException(status_code=422, detail=str(exc)) from exc
    if record is None:
        raise HTTPException(status_code=404, detail=f"no session {session_id}")
    return record


def _public_messages(record: SessionRecord) -> list[dict[str, Any]]:
    out = []
    for message in messages_from_dict(record.messages):
        item: dict[str, Any] = {"role": message.type, "content": message.content}
        for attr in ("tool_calls", "tool_call_id", "name", "status"):
            value = getattr(message, attr, None)
            if value:
                item[attr] = value
        out.append(item)
    return out


def create_app(settings: Settings | None = None) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        config = settings or get_settings()
        logging.basicConfig(level=config.log_level.upper())
        if config.log_level.upper() != "DEBUG":  # no log line per pool health poll
            logging.getLogger("httpx").setLevel(logging.WARNING)
        runtime = await AppRuntime.start(config)
        app.state.runtime = runtime
        try:
            yield
        finally:
            await runtime.close()

    config = settings or get_settings()
    app = FastAPI(title="PropSearch", version="0.1.0", lifespan=lifespan)
    app.add_middleware(RequestGuard, max_bytes=config.max_body_bytes)

    @app.post("/chat")
    async def chat(body: ChatRequest, runtime: Runtime, caller: Caller) -> dict[str, Any]:
        return await _answer(runtime, caller, _check_message(runtime, body), body.message)

    @app.post("/chat/stream")
    async def chat_stream(
        body: ChatRequest, runtime: Runtime, caller: Caller
    ) -> EventSourceResponse:
        return _sse(runtime, caller, _check_message(runtime, body), body.message)

    @app.post("/chat/public")
    async def chat_public(body: ChatRequest, runtime: Runtime, guest: Guest) -> dict[str, Any]:
        return await _answer(runtime, guest, _public_session(runtime, body), body.message)

    @app.post("/chat/public/stream")
    async def chat_public_stream(
        body: ChatRequest, runtime: Runtime, guest: Guest
    ) -> EventSourceResponse:
        return _sse(runtime, guest, _public_session(runtime, body), body.message)

    @app.get("/skills")
    async def skills(runtime: Runtime, caller: Caller) -> dict[str, list[str]]:
        return {"skills": runtime.registry.names}

    @app.get("/health")
    async def health(
        runtime: Runtime, caller: Annotated[Principal | None, Depends(optional_principal)]
    ) -> dict[str, Any]:
        """Liveness for everyone; model and skill pool status for admins."""
        if caller is None or caller.role != "admin":
            return {"status": "ok"}
        return {"status": "ok", "model": runtime.model_name, "skills": runtime.registry.status()}

    @app.get("/sessions")
    async def list_sessions(runtime: Runtime, user: User) -> dict[str, Any]:
        return {"sessions": await asyncio.to_thread(runtime.sessions.list, user)}

    @app.get("/sessions/{session_id}")
    async def get_session(session_id: SessionId, runtime: Runtime, user: User) -> dict[str, Any]:
        record = await asyncio.to_thread(_load, runtime, user, session_id)
        return {
            "id": record.id,
            "title": record.title,
            "messages": _public_messages(record),
            "turns": record.turns,
        }

    @app.get("/sessions/{session_id}/title")
    async def session_title(session_id: SessionId, runtime: Runtime, user: User) -> dict[str, str]:
        record = await asyncio.to_thread(_load, runtime, user, session_id)
        return {"title": record.title}

    @app.get("/debug/sessions/{session_id}/context")
    async def session_context(
        session_id: SessionId, runtime: Runtime, user: User
    ) -> dict[str, Any]:
        context = runtime.runner.last_context.get((user, session_id))
        if context is None:
            raise HTTPException(status_code=404, detail="no turn of this session ran since start")
        return context

    @app.delete("/sessions/{session_id}", status_code=204)
    async def delete_session(session_id: SessionId, runtime: Runtime, user: User) -> Response:
        await asyncio.to_thread(_load, runtime, user, session_id)
        await asyncio.to_thread(runtime.sessions.delete, user, session_id)
        await runtime.memory.forget_session(user, session_id)
        return Response(status_code=204)

    @app.get("/memory/preferences")
    async def preferences(runtime: Runtime, user: User) -> dict[str, Any]:
        return {"preferences": await runtime.memory.list_preferences(user)}

    @app.delete("/memory/preferences/{skill}/{key}", status_code=204)
    async def forget_preference(skill: str, key: str, runtime: Runtime, user: User) -> Response:
        try:
            found = await runtime.memory.forget_preference(user, skill, key)
        except ValueError as exc:
            raise HTTPException(status_code=422, detail=str(exc)) from exc
        if not found:
            raise HTTPException(status_code=404, detail=f"no remembered {key!r} for {skill}")
        return Response(status_code=204)

    dist = config.web_dist
    if (dist / "index.html").is_file():
        app.mount("/", StaticFiles(directory=dist, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse)
        async def no_ui() -> str:
            return NO_UI

    return app


app = create_app()
