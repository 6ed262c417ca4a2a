"""The admin page's API (`/admin/...`, role `admin`): people, their roles and status,
invitations, signing someone out everywhere, and the sign-in audit (docs/accounts.md)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, BackgroundTasks, HTTPException, Query
from pydantic import BaseModel

from agent_graph.accounts.admin import Administration
from agent_graph.accounts.service import Refused
from agent_graph.app.runtime import AppRuntime
from agent_graph.security.auth import PUBLIC_USER, Principal
from agent_graph.server.account_models import Email, RoleName, Text, User, refusal, services
from agent_graph.server.deps import ERRORS, Caller, Runtime

router = APIRouter(prefix="/admin", tags=["accounts"], responses=ERRORS)
ADMINS_ONLY = "only an admin manages accounts"


class UserChange(BaseModel):
    """What to change; `status` active approves a pending account or enables a disabled one."""

    role: RoleName | None = None
    status: str | None = None
    name: Text | None = None


class InvitationForm(BaseModel):
    email: Email
    role: RoleName = "user"
    user_id: Text | None = None
    """Keep an existing data namespace (e.g. an operator token's user: docs/accounts.md)."""


class Invitation(BaseModel):
    id: str
    email: str
    role: str
    user_id: str | None
    created_at: float
    expires_at: float
    used_at: float | None


class NewInvitation(Invitation):
    link: str | None
    """The sign-up link (shown once; null without PUBLIC_URL: send `token` yourself)."""
    token: str
    emailed: bool


class AuthEvent(BaseModel):
    at: float
    kind: str
    user_id: str | None
    email: str | None
    address: str | None
    ok: bool
    detail: str


class Users(BaseModel):
    users: list[User]


class Invitations(BaseModel):
    invitations: list[Invitation]


class AuthEvents(BaseModel):
    """Newest first."""

    events: list[AuthEvent]


def _admin(runtime: AppRuntime, caller: Principal) -> Administration:
    found = services(runtime)
    if caller.role != "admin":
        raise HTTPException(403, ADMINS_ONLY)
    return found.admin


@router.get("/users")
def list_users(runtime: Runtime, caller: Caller) -> Users:
    return Users(users=[User.model_validate(user) for user in _admin(runtime, caller).users()])


@router.patch("/users/{user_id}")
def change_user(user_id: str, change: UserChange, runtime: Runtime, caller: Caller) -> User:
    """Disabling ends the person's sessions, and their keys fail, at once."""
    changes: dict[str, Any] = change.model_dump(exclude_none=True)
    if changes.get("status") not in (None, "active", "disabled"):
        raise HTTPException(422, "status must be active or disabled")
    try:
        return User.model_validate(_admin(runtime, caller).update(caller.user, user_id, changes))
    except Refused as exc:
        raise refusal(exc) from None


@router.delete("/users/{user_id}/sessions", status_code=204)
def sign_out_user(user_id: str, runtime: Runtime, caller: Caller) -> None:
    try:
        _admin(runtime, caller).sign_out_everywhere(caller.user, user_id)
    except Refused as exc:
        raise refusal(exc) from None


@router.get("/invitations")
def list_invitations(runtime: Runtime, caller: Caller) -> Invitations:
    found = _admin(runtime, caller).invitations()
    return Invitations(invitations=[Invitation.model_validate(i) for i in found])


@router.post("/invitations", status_code=201)
def invite(
    form: InvitationForm, runtime: Runtime, caller: Caller, later: BackgroundTasks
) -> NewInvitation:
    admin = _admin(runtime, caller)
    try:
        made, token = admin.invite(caller.user, form.email, form.role, form.user_id, PUBLIC_USER)
    except Refused as exc:
        raise refusal(exc) from None
    mailer = services(runtime).mailer
    link = mailer.link("invitation", token)
    ttl = admin.accounts.policy.invitation_ttl_s
    emailed = mailer.smtp is not None and link is not None
    if emailed:
        later.add_task(mailer.invitation, made["email"], token, made["role"], ttl)
    return NewInvitation.model_validate({**made, "link": link, "token": token, "emailed": emailed})


@router.delete("/invitations/{invitation_id}", status_code=204)
def drop_invitation(invitation_id: str, runtime: Runtime, caller: Caller) -> None:
    try:
        _admin(runtime, caller).drop_invitation(invitation_id)
    except Refused as exc:
        raise refusal(exc) from None


@router.get("/audit")
def audit(
    runtime: Runtime, caller: Caller, limit: int = Query(default=100, ge=1, le=1000)
) -> AuthEvents:
    found = _admin(runtime, caller).audit(limit)
    return AuthEvents(events=[AuthEvent.model_validate(e) for e in found])
