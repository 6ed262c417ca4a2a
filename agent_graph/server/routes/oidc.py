"""Single sign-on's round trip (`/auth/oidc/start` -> the provider -> `/auth/oidc/callback`):
the browser keeps the round trip's `state` in a cookie, so a callback begun in another browser
(or never begun) is refused; after it, the person lands on a path of this site only. The
callback is a page the browser opens, so a refusal is a redirect to the sign-in page with its
outcome (`/?sso=failed`, `refused` for an account waiting for approval or disabled, `busy`
after too many attempts), which the web UI words; the reason goes to the log, never a JSON
body on screen."""

from __future__ import annotations

import asyncio
import logging
import re
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse

from agent_graph.accounts.credentials import NewSession
from agent_graph.accounts.identity import SESSION_COOKIE
from agent_graph.accounts.oidc import ROUND_TRIP_S, SingleSignOn, SsoFailed
from agent_graph.accounts.service import Refused
from agent_graph.app.runtime import AppRuntime
from agent_graph.server.account_models import address, refusal, services
from agent_graph.server.deps import ERRORS, Runtime
from agent_graph.server.session_cookies import secure, set_session

log = logging.getLogger(__name__)
router = APIRouter(prefix="/auth/oidc", tags=["accounts"], responses=ERRORS)
STATE_COOKIE = "propsearch_oidc_state"
NO_SSO = "single sign-on is not configured here (OIDC_ISSUER, OIDC_CLIENT_ID, PUBLIC_URL)"
LOCAL_PATH = re.compile(r"^/(?![/\\])[\x21-\x7e]*$")


def safe_next(path: str | None) -> str:
    """Where to land after signing in: a path of this site, else `/` (no open redirect)."""
    return path if path and LOCAL_PATH.fullmatch(path) else "/"


def _sso(runtime: AppRuntime) -> SingleSignOn:
    sso = services(runtime).sso
    if sso is None:
        raise HTTPException(404, NO_SSO)
    return sso


def _refused(exc: SsoFailed | HTTPException) -> RedirectResponse:
    """The sign-in page, told how single sign-on ended (a forged callback leaves the person's
    own round trip, and its state cookie, as it was)."""
    status = exc.status_code if isinstance(exc, HTTPException) else 400
    outcome = {403: "refused", 429: "busy"}.get(status, "failed")
    log.info("single sign-on refused (%s): %s", outcome, getattr(exc, "detail", exc))
    return RedirectResponse(f"/?sso={outcome}", status_code=303)


def _sign_in(
    runtime: AppRuntime, subject: str, claims: dict[str, Any], role: str, request: Request
) -> NewSession:
    """The subject's account signed in: a new session (a cookie sent along is ended)."""
    accounts = services(runtime).accounts
    try:
        account = accounts.sso(subject, claims, role, address(request))
    except Refused as exc:
        raise refusal(exc) from None
    if old := request.cookies.get(SESSION_COOKIE):
        accounts.sessions.end(old)
    return accounts.sessions.start(account.id)


@router.get("/start", status_code=302, response_class=RedirectResponse)
async def start(request: Request, runtime: Runtime, next: str | None = None) -> RedirectResponse:
    """Off to the provider (authorization code, PKCE S256, state and nonce)."""
    try:
        url, state = await _sso(runtime).start(safe_next(next))
    except SsoFailed as exc:
        raise HTTPException(502, str(exc)) from None
    response = RedirectResponse(url, status_code=302)
    response.set_cookie(
        STATE_COOKIE,
        state,
        max_age=int(ROUND_TRIP_S),
        path="/auth/oidc",
        httponly=True,
        samesite="lax",
        secure=secure(request, runtime),
    )
    return response


@router.get("/callback", status_code=302, response_class=RedirectResponse)
async def callback(
    request: Request, runtime: Runtime, state: str = "", code: str = "", error: str = ""
) -> RedirectResponse:
    """Back from the provider: the ID token checked, the account found or made, signed in; a
    refusal lands on the sign-in page with its outcome (see above)."""
    sso = _sso(runtime)
    try:
        if error or not code:
            raise SsoFailed(f"the provider answered {error or 'no code'!r}")
        claims, next_path = await sso.finish(state, code, request.cookies.get(STATE_COOKIE))
        subject = f"{sso.client.issuer}|{claims['sub']}"
        role = sso.role(claims)
        session = await asyncio.to_thread(_sign_in, runtime, subject, claims, role, request)
    except (SsoFailed, HTTPException) as exc:
        return _refused(exc)
    response = RedirectResponse(safe_next(next_path), status_code=302)
    set_session(response, request, runtime, session)
    response.delete_cookie(STATE_COOKIE, path="/auth/oidc")
    return response
