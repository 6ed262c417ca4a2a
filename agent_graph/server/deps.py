"""FastAPI dependencies shared by the route modules: the runtime, the caller and their role."""

from __future__ import annotations

import math
from typing import Annotated, Any

from fastapi import Depends, HTTPException, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from pydantic import BaseModel, Field

from agent_graph.accounts.identity import (
    CSRF_HEADER,
    SESSION_COOKIE,
    CrossSiteRefused,
    Identities,
)
from agent_graph.accounts.identity import Request as Credentials
from agent_graph.app.runtime import AppRuntime
from agent_graph.security.auth import PUBLIC_GUEST, BadCredentials, Principal
from agent_graph.security.ids import SESSION_ID

UNAUTHORIZED = "a valid bearer token is required (Authorization: Bearer <token>)"


class ErrorAnswer(BaseModel):
    """Every refusal: a readable sentence, or FastAPI's list of field errors on a 422."""

    detail: str | list[dict[str, Any]]


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorAnswer, "description": description}
    for status, description in (
        (401, "A bearer token is required"),
        (403, "Not allowed for this caller"),
        (404, "Not found"),
        (409, "Conflicts with the current state (nothing to confirm, already undone)"),
        (413, "Message or body too large"),
        (415, "The body is not JSON"),
        (422, "Invalid input"),
        (429, "Too many guest requests"),
        (502, "The model failed to answer"),
    )
}
"""Documented on every router, so the schema fuzzing checks error bodies too."""


def get_runtime(request: Request) -> AppRuntime:
    runtime: AppRuntime = request.app.state.runtime
    return runtime


Runtime = Annotated[AppRuntime, Depends(get_runtime)]
SessionId = Annotated[str, Field(pattern=SESSION_ID.pattern)]
Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(HTTPBearer(auto_error=False))]


def optional_principal(request: Request, runtime: Runtime, _documented: Bearer) -> Principal | None:
    """The caller (operator token, API key or session cookie: accounts/identity.py), or None
    when sign-in is on and they sent nothing that names anyone; an unknown token or another
    scheme (Basic, Token) is 401 everywhere, never a silent guest, and a cross-site write
    signed in by cookie is 403. With no sign-in configured every caller is the single local
    user, admin of their machine (the Host check keeps that machine-local). `_documented`
    only declares the bearer scheme in the schema. A sync function: FastAPI runs it on a
    thread, so the session or key lookup never blocks the event loop."""
    return resolve_caller(runtime.identities, runtime.settings.default_user, credentials(request))


def credentials(request: Request) -> Credentials:
    headers = request.headers
    return Credentials(
        method=request.method,
        authorization=headers.get("authorization"),
        session_cookie=request.cookies.get(SESSION_COOKIE),
        csrf_header=headers.get(CSRF_HEADER),
        origin=headers.get("origin"),
        host=headers.get("host", ""),
    )


def resolve_caller(identities: Identities, local_user: str, sent: Credentials) -> Principal | None:
    """`optional_principal` for any caller (the /mcp endpoint too), HTTPException on refusal."""
    if not identities.enabled:
        return Principal(user=local_user, role="admin", via="local")
    try:
        return identities.resolve(sent)
    except BadCredentials as exc:
        raise HTTPException(401, str(exc), headers={"WWW-Authenticate": "Bearer"}) from None
    except CrossSiteRefused as exc:
        raise HTTPException(403, str(exc)) from None


MaybeCaller = Annotated[Principal | None, Depends(optional_principal)]


def current_principal(principal: MaybeCaller) -> Principal:
    if principal is None:
        raise HTTPException(401, UNAUTHORIZED, headers={"WWW-Authenticate": "Bearer"})
    return principal


Caller = Annotated[Principal, Depends(current_principal)]


def current_user(caller: Caller) -> str:
    return caller.user


User = Annotated[str, Depends(current_user)]


async def public_guest(request: Request, runtime: Runtime, _checked: MaybeCaller) -> Principal:
    """Unauthenticated guests, rate-limited per client IP (the socket peer, or the address a
    proxy named in FORWARDED_ALLOW_IPS forwards). A token sent here is still checked: a bad
    one is 401, as everywhere, rather than a guest."""
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


async def caller_or_guest(request: Request, runtime: Runtime, caller: MaybeCaller) -> Principal:
    """The signed-in caller, else a rate-limited guest (for routes open to both)."""
    return caller if caller is not None else await public_guest(request, runtime, caller)


CallerOrGuest = Annotated[Principal, Depends(caller_or_guest)]
