"""Signing in and out of a local account: the first admin, sign-up, sign-in, sign-out (here or
everywhere), and password changes and resets (docs/accounts.md)."""

from __future__ import annotations

from fastapi import APIRouter, BackgroundTasks, HTTPException, Request, Response
from pydantic import BaseModel

from agent_graph.accounts.admin import public
from agent_graph.accounts.credentials import NewSession
from agent_graph.accounts.identity import SESSION_COOKIE, CrossSiteRefused
from agent_graph.accounts.service import Refused
from agent_graph.accounts.store import Account
from agent_graph.server.account_models import (
    Email,
    Password,
    SignedIn,
    Text,
    User,
    address,
    refusal,
    services,
)
from agent_graph.server.deps import ERRORS, Caller, MaybeCaller, Runtime, credentials
from agent_graph.server.session_cookies import clear_session, set_session

router = APIRouter(prefix="/auth", tags=["accounts"], responses=ERRORS)
NOT_AN_ACCOUNT = "this caller has no account here (an operator token or the local user)"


class AuthConfig(BaseModel):
    """What the sign-in page offers (public)."""

    accounts: bool
    signup: str
    oidc: bool
    setup_needed: bool


class Me(BaseModel):
    """Who the caller is; `user` is null for operator tokens, the local user and guests."""

    user: User | None
    user_id: str | None
    role: str
    via: str | None


class SignupForm(BaseModel):
    email: Email
    password: Password
    name: Text = ""
    invitation: Text | None = None


class SetupForm(BaseModel):
    code: Text
    email: Email
    password: Password
    name: Text = ""


class SigninForm(BaseModel):
    email: Email
    password: Password


class SignoutForm(BaseModel):
    everywhere: bool = False


class PasswordForm(BaseModel):
    current_password: Password
    new_password: Password


class ResetRequest(BaseModel):
    email: Email


class ResetForm(BaseModel):
    token: Text
    new_password: Password


@router.get("/config")
def auth_config(runtime: Runtime) -> AuthConfig:
    found = runtime.accounts
    return AuthConfig(
        accounts=found is not None,
        signup=runtime.settings.accounts_signup if found else "off",
        oidc=found is not None and found.sso is not None,
        setup_needed=found is not None and found.accounts.setup_needed,
    )


@router.get("/me")
def me(runtime: Runtime, caller: MaybeCaller) -> Me:
    if caller is None:
        return Me(user=None, user_id=None, role="guest", via=None)
    account = None
    if runtime.accounts is not None and caller.via in ("session", "key"):
        account = runtime.accounts.accounts.store.find("id", caller.user)
    user = User.model_validate(public(account)) if account else None
    return Me(user=user, user_id=caller.user, role=caller.role, via=caller.via)


def _same_site(request: Request, runtime: Runtime) -> None:
    """Sign-in forms refuse another site's page (no signing a visitor into an attacker's account)."""
    try:
        runtime.identities.check_origin(credentials(request))
    except CrossSiteRefused as exc:
        raise HTTPException(403, str(exc)) from None


def _signed_in(
    request: Request, response: Response, runtime: Runtime, done: tuple[Account, NewSession | None]
) -> SignedIn:
    account, session = done
    if old := request.cookies.get(SESSION_COOKIE):  # no fixation: a cookie sent along ends
        services(runtime).accounts.sessions.end(old)
    if session is not None:
        set_session(response, request, runtime, session)
    user = User.model_validate(public(account))
    return SignedIn(user=user, csrf_token=session.csrf if session else None)


@router.post("/setup", status_code=201)
def setup(form: SetupForm, request: Request, response: Response, runtime: Runtime) -> SignedIn:
    _same_site(request, runtime)
    fields = form.model_dump(exclude={"code"})
    try:
        done = services(runtime).accounts.setup(form.code, fields, address(request))
    except Refused as exc:
        raise refusal(exc) from None
    return _signed_in(request, response, runtime, done)


@router.post("/signup", status_code=201, responses={202: {"model": SignedIn}})
def signup(form: SignupForm, request: Request, response: Response, runtime: Runtime) -> SignedIn:
    """201 signed in; 202 waiting for an admin's approval (no session)."""
    _same_site(request, runtime)
    fields = form.model_dump(exclude={"invitation"})
    try:
        done = services(runtime).accounts.signup(fields, form.invitation, address(request))
    except Refused as exc:
        raise refusal(exc) from None
    if done[1] is None:
        response.status_code = 202
    return _signed_in(request, response, runtime, done)


@router.post("/signin")
def signin(form: SigninForm, request: Request, response: Response, runtime: Runtime) -> SignedIn:
    _same_site(request, runtime)
    try:
        done = services(runtime).accounts.signin(form.email, form.password, address(request))
    except Refused as exc:
        raise refusal(exc) from None
    return _signed_in(request, response, runtime, done)


@router.post("/signout", status_code=204)
def signout(
    request: Request,
    response: Response,
    runtime: Runtime,
    caller: MaybeCaller,
    form: SignoutForm | None = None,
) -> None:
    """End this session (or, with `everywhere`, every session of the account)."""
    accounts = services(runtime).accounts
    token = request.cookies.get(SESSION_COOKIE)
    if caller is not None and caller.via in ("session", "key") and form and form.everywhere:
        accounts.sessions.end_all(caller.user)
    elif token and caller is not None and caller.via == "session":
        accounts.sessions.end(token)
    if caller is not None and caller.via in ("session", "key"):
        accounts.audit("signout", user_id=caller.user, address=address(request))
    clear_session(response, request, runtime)


@router.post("/password", status_code=204)
def change_password(form: PasswordForm, request: Request, runtime: Runtime, caller: Caller) -> None:
    """A new password; every other session of the account ends."""
    if caller.via not in ("session", "key"):
        raise HTTPException(403, NOT_AN_ACCOUNT)
    keep = request.cookies.get(SESSION_COOKIE) if caller.via == "session" else None
    try:
        services(runtime).accounts.change_password(
            caller.user, form.current_password, form.new_password, keep
        )
    except Refused as exc:
        raise refusal(exc) from None


@router.post("/password-reset", status_code=202)
def request_reset(
    form: ResetRequest, request: Request, runtime: Runtime, later: BackgroundTasks
) -> None:
    """Email a one-time link; the same answer, as fast, whether or not the email has an
    account (the email leaves after the answer)."""
    found = services(runtime)
    made = found.accounts.reset_token(form.email, address(request))
    if made is not None:
        later.add_task(found.mailer.reset, made[0], made[1], found.accounts.policy.reset_ttl_s)


@router.post("/password-reset/confirm", status_code=204)
def confirm_reset(form: ResetForm, runtime: Runtime) -> None:
    try:
        services(runtime).accounts.reset(form.token, form.new_password)
    except Refused as exc:
        raise refusal(exc) from None
