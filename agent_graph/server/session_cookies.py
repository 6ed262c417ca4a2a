"""The web UI's cookies: the session (HttpOnly, SameSite=Lax, Secure behind TLS) and its CSRF
token (readable by the page's script, which sends it back as X-CSRF-Token)."""

from __future__ import annotations

from fastapi import Request, Response

from agent_graph.accounts.credentials import NewSession
from agent_graph.accounts.identity import CSRF_COOKIE, SESSION_COOKIE
from agent_graph.app.runtime import AppRuntime


def secure(request: Request, runtime: AppRuntime) -> bool:
    """Cookies only over TLS: PUBLIC_URL is https, or this request came over https."""
    behind_tls = runtime.accounts is not None and runtime.accounts.secure_cookies
    return behind_tls or request.url.scheme == "https"


def set_session(response: Response, request: Request, runtime: AppRuntime, new: NewSession) -> None:
    lifetime = int(runtime.settings.session_max_s)
    common = {
        "max_age": lifetime,
        "path": "/",
        "samesite": "lax",
        "secure": secure(request, runtime),
    }
    response.set_cookie(SESSION_COOKIE, new.token, httponly=True, **common)  # type: ignore[arg-type]
    response.set_cookie(CSRF_COOKIE, new.csrf, httponly=False, **common)  # type: ignore[arg-type]


def clear_session(response: Response, request: Request, runtime: AppRuntime) -> None:
    for name in (SESSION_COOKIE, CSRF_COOKIE):
        response.delete_cookie(
            name,
            path="/",
            samesite="lax",
            secure=secure(request, runtime),
            httponly=name == SESSION_COOKIE,
        )
