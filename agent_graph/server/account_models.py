"""The JSON shapes of the accounts routes (docs/accounts.md), and the way their refusals become
HTTP answers."""

from __future__ import annotations

import math
from typing import Annotated, Literal

from fastapi import HTTPException, Request
from pydantic import AfterValidator, BaseModel, Field

from agent_graph.accounts.service import Refused
from agent_graph.accounts.setup import AccountServices
from agent_graph.app.runtime import AppRuntime

ACCOUNTS_OFF = "accounts are off on this server (the operator sets ACCOUNTS=on)"
RoleName = Literal["guest", "user", "agent", "admin"]
NOT_TEXT = "must be plain text (no NUL characters, no lone surrogates)"


def _plain_text(value: str) -> str:
    """Text the stores keep as it is: encodable as UTF-8, without NUL (PostgreSQL refuses it)."""
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError(NOT_TEXT) from None
    if "\x00" in value:
        raise ValueError(NOT_TEXT)
    return value


Text = Annotated[str, AfterValidator(_plain_text), Field(max_length=1024)]
Password = Annotated[str, AfterValidator(_plain_text), Field(min_length=1, max_length=1024)]
Email = Annotated[str, AfterValidator(_plain_text), Field(min_length=3, max_length=254)]


class User(BaseModel):
    """A person's account; `status` is active, pending (waiting for approval) or disabled."""

    id: str
    email: str
    name: str
    role: RoleName
    status: Literal["active", "pending", "disabled"]
    created_at: float
    sso: bool
    """Whether the account signs in through the single sign-on provider."""


class SignedIn(BaseModel):
    """The account and, when a session started, the CSRF token the page sends back as
    X-CSRF-Token (also in the `propsearch_csrf` cookie)."""

    user: User
    csrf_token: str | None


def services(runtime: AppRuntime) -> AccountServices:
    if runtime.accounts is None:
        raise HTTPException(404, ACCOUNTS_OFF)
    return runtime.accounts


def refusal(exc: Refused) -> HTTPException:
    headers = None
    if exc.retry_after is not None:
        headers = {"Retry-After": str(math.ceil(exc.retry_after))}
    return HTTPException(exc.status, str(exc), headers=headers)


def address(request: Request) -> str:
    """The client as the guest limit sees it (a trusted proxy's forwarded address, or the peer)."""
    return request.client.host if request.client else "unknown"
