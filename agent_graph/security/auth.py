"""Users and roles: operator-issued bearer tokens from API_TOKENS_FILE, checked in constant time
(people's accounts, sessions and API keys resolve to the same Principal: accounts/identity.py).

The file is a JSON object mapping each token to
``{"user": id, "role": "guest"|"user"|"agent"|"admin"}``; an agent is a user who also reads the
handoff inbox (GET /handoffs).
With no file the single local user (DEFAULT_USER) is the admin of their own machine.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, get_args

from agent_graph.security.ids import InvalidIdError, validate_user_id

Role = Literal["guest", "user", "agent", "admin"]
ROLES: tuple[Role, ...] = get_args(Role)
MIN_TOKEN_CHARS = 16
PUBLIC_USER = "guest"
"""The namespace of unauthenticated /chat/public turns (kept in RAM only, never on disk)."""


BAD_TOKEN = "this bearer token is not valid; sign in again or send no token to continue as a guest"
BAD_SCHEME = "only bearer tokens are accepted (Authorization: Bearer <token>)"


class TokensFileError(ValueError):
    """API_TOKENS_FILE is unreadable or malformed; the message says which entry and why."""


class BadCredentials(ValueError):
    """An Authorization header that names nobody: an unknown token or a scheme other than
    Bearer. Always a 401, never a silent guest; the message says which."""


@dataclass(frozen=True)
class Principal:
    """Who is calling: the user id that namespaces their data, their role, and whether their
    turns are kept (sessions, memory); public guests keep nothing on disk."""

    user: str
    role: Role
    persist: bool = True
    via: str = field(default="token", compare=False)
    """How they came in: `token` (API_TOKENS_FILE), `key`, `session`, `local` or `public`."""


PUBLIC_GUEST = Principal(user=PUBLIC_USER, role="guest", persist=False, via="public")


class TokenTable:
    """Token -> Principal. Lookups hash the candidate and compare every digest in constant time."""

    def __init__(self, entries: dict[str, Principal]) -> None:
        self._entries = [(_digest(token), who) for token, who in entries.items()]

    @property
    def enabled(self) -> bool:
        return bool(self._entries)

    def lookup(self, token: str) -> Principal | None:
        candidate = _digest(token)
        found: Principal | None = None
        for digest, who in self._entries:  # no early exit: timing is independent of the match
            if hmac.compare_digest(digest, candidate):
                found = who
        return found


def authenticate(tokens: TokenTable, authorization: str | None) -> Principal | None:
    """Who an `Authorization` header names; None when no header was sent (a guest, where the
    route takes guests). BadCredentials for an unknown token, an empty one or another scheme."""
    if authorization is None:
        return None
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise BadCredentials(BAD_SCHEME)
    principal = tokens.lookup(token.strip())
    if principal is None:
        raise BadCredentials(BAD_TOKEN)
    return principal


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).digest()


def load_tokens(path: Path | None) -> TokenTable:
    """Read and validate the tokens file; an empty table when no file is configured."""
    if path is None:
        return TokenTable({})
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise TokensFileError(f"API_TOKENS_FILE {path}: not readable JSON ({exc})") from None
    if not isinstance(data, dict) or not data:
        raise TokensFileError(f"API_TOKENS_FILE {path}: expected a non-empty JSON object")
    entries: dict[str, Principal] = {}
    for number, (token, spec) in enumerate(data.items(), start=1):
        where = f"API_TOKENS_FILE {path}, entry {number}"  # never echo the token itself
        if len(token) < MIN_TOKEN_CHARS or token != token.strip():
            raise TokensFileError(f"{where}: tokens need {MIN_TOKEN_CHARS}+ characters, no spaces")
        if not isinstance(spec, dict) or set(spec) - {"user", "role"}:
            raise TokensFileError(f'{where}: expected {{"user": id, "role": one of {ROLES}}}')
        role = spec.get("role", "user")
        if role not in ROLES:
            raise TokensFileError(f"{where}: role must be one of {ROLES}, got {role!r}")
        try:
            user = validate_user_id(str(spec.get("user", "")))
        except InvalidIdError as exc:
            raise TokensFileError(f"{where}: {exc}") from None
        if user == PUBLIC_USER:
            raise TokensFileError(f"{where}: user id {PUBLIC_USER!r} is reserved for /chat/public")
        entries[token] = Principal(user=user, role=role)
    return TokenTable(entries)


def token_values(path: Path | None) -> list[str]:
    """The raw tokens, for the sanitizer (they must never appear in any output)."""
    if path is None:
        return []
    data = json.loads(path.read_text(encoding="utf-8"))
    return [str(token) for token in data] if isinstance(data, dict) else []
