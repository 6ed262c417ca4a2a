"""Who is calling, whichever way they came in: an operator token (API_TOKENS_FILE), a
person's API key, or the web UI's session cookie. Every route, /mcp and /v1 ask here, so they
all check the same identity (docs/accounts.md).

Cookies are sent by the browser on its own, so a state-changing request that a cookie
authenticates must also prove it came from this site's pages: its `Origin` (when the browser
sends one) is this site, and its `X-CSRF-Token` header is the token issued with the session
(a double-submit token bound to the session: only its digest is stored with it)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import cast
from urllib.parse import urlsplit

from agent_graph.accounts.credentials import KeyRing, SessionKeeper
from agent_graph.accounts.store import Holder
from agent_graph.accounts.tokens import API_KEY_PREFIX, digest
from agent_graph.security.auth import (
    BAD_SCHEME,
    BadCredentials,
    Principal,
    Role,
    TokenTable,
    authenticate,
)

SESSION_COOKIE = "propsearch_session"
CSRF_COOKIE = "propsearch_csrf"
CSRF_HEADER = "x-csrf-token"
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
KEY_REFUSED = "this API key is not valid (revoked, or its account is disabled or waiting)"
CROSS_SITE = "refused: this request came from another site (Origin {origin!r})"
NO_CSRF = "refused: a request signed in by cookie needs the X-CSRF-Token header of its session"


class CrossSiteRefused(PermissionError):
    """A cookie-authenticated write without this site's Origin or the session's CSRF token."""


@dataclass(frozen=True)
class Request:
    """What identifies a caller, as any route or the /mcp endpoint reads it."""

    method: str
    authorization: str | None = None
    session_cookie: str | None = None
    csrf_header: str | None = None
    origin: str | None = None
    host: str = ""


class Identities:
    """Token table, sessions and keys: one resolution for every way in."""

    def __init__(
        self,
        tokens: TokenTable,
        sessions: SessionKeeper | None = None,
        keys: KeyRing | None = None,
        site: str | None = None,
    ) -> None:
        self.tokens = tokens
        self.sessions = sessions
        self.keys = keys
        self._site = urlsplit(site).netloc.lower() if site else None

    @property
    def enabled(self) -> bool:
        """Whether anyone must say who they are (else the single local user is the admin)."""
        return self.tokens.enabled or self.sessions is not None

    def resolve(self, request: Request) -> Principal | None:
        """The caller; None when they sent nothing that names a live account (a guest).
        BadCredentials for a bad bearer value; CrossSiteRefused for a cross-site write."""
        if request.authorization is not None:
            return self._bearer(request.authorization)
        if self.sessions is None or not request.session_cookie:
            return None
        holder = self.sessions.holder(request.session_cookie)
        if holder is None or holder.status != "active":
            return None
        if request.method.upper() not in SAFE_METHODS:
            self._check_same_site(request, holder)
        return _principal(holder, "session")

    def _bearer(self, authorization: str) -> Principal:
        scheme, _, value = authorization.strip().partition(" ")
        value = value.strip()
        if scheme.lower() != "bearer" or not value:
            raise BadCredentials(BAD_SCHEME)
        if value.startswith(API_KEY_PREFIX) and self.keys is not None:
            holder = self.keys.holder(value)
            if holder is None or holder.status != "active":
                raise BadCredentials(KEY_REFUSED)
            return _principal(holder, "key")
        principal = authenticate(self.tokens, authorization)
        assert principal is not None  # a header was sent
        return principal

    def check_origin(self, request: Request) -> None:
        """A browser's `Origin`, when it sends one, must be this site (CrossSiteRefused)."""
        if request.origin is not None:
            origin = urlsplit(request.origin).netloc.lower()
            if origin not in {request.host.lower(), self._site}:
                raise CrossSiteRefused(CROSS_SITE.format(origin=request.origin))

    def _check_same_site(self, request: Request, holder: Holder) -> None:
        self.check_origin(request)
        sent = digest(request.csrf_header or "")
        if not request.csrf_header or not hmac.compare_digest(sent, holder.secret_hash):
            raise CrossSiteRefused(NO_CSRF)


def _principal(holder: Holder, via: str) -> Principal:
    return Principal(user=holder.user_id, role=cast(Role, holder.role), via=via)
