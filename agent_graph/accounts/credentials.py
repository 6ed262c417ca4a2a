"""Browser sessions and API keys: made for an account, resolved on every request to the
account's current role and status (a disabled account's cookie and keys fail at once)."""

from __future__ import annotations

import time
import uuid
from dataclasses import dataclass

from agent_graph.accounts.store import AccountStore, Holder
from agent_graph.accounts.tokens import API_KEY_PREFIX, digest, new_secret

TOUCH_EVERY_S = 60.0
"""A session's last use is written at most this often (not a write per request)."""
PREFIX_CHARS = 8


@dataclass(frozen=True)
class NewSession:
    """What the browser gets: the session cookie and the CSRF token (both shown once)."""

    token: str
    csrf: str


@dataclass(frozen=True)
class Expiry:
    idle_s: float
    max_s: float


class SessionKeeper:
    """Sign-in sessions: idle and absolute expiry, ended one at a time or all at once."""

    def __init__(self, store: AccountStore, expiry: Expiry) -> None:
        self._store = store
        self._expiry = expiry

    def start(self, user_id: str) -> NewSession:
        session = NewSession(new_secret(), new_secret())
        self._store.add_session(digest(session.token), user_id, digest(session.csrf), time.time())
        return session

    def holder(self, token: str) -> Holder | None:
        """The live session's account, or None (unknown, expired: then it is removed)."""
        key = digest(token)
        found = self._store.session(key)
        if found is None:
            return None
        now = time.time()
        seen = found.seen_at or found.created_at
        if now - seen > self._expiry.idle_s or now - found.created_at > self._expiry.max_s:
            self._store.end_session(key)
            return None
        if now - seen > TOUCH_EVERY_S:
            self._store.touch_session(key, now)
        return found

    def end(self, token: str) -> None:
        self._store.end_session(digest(token))

    def end_all(self, user_id: str, keep: str | None = None) -> int:
        """End every session of the account (but `keep`, the caller's own, when given)."""
        return self._store.end_sessions(user_id, digest(keep) if keep else None)


class KeyRing:
    """Per-user API keys: stored as digests, shown once, revoked by their owner."""

    def __init__(self, store: AccountStore) -> None:
        self._store = store

    def create(self, user_id: str, name: str) -> dict[str, object]:
        key = new_secret(API_KEY_PREFIX)
        key_id, now = uuid.uuid4().hex[:16], time.time()
        prefix = key[: len(API_KEY_PREFIX) + PREFIX_CHARS]
        self._store.add_key(key_id, user_id, name, digest(key), prefix, now)
        made = {"id": key_id, "name": name, "prefix": prefix, "created_at": now}
        return {**made, "last_used_at": None, "key": key}

    def holder(self, key: str) -> Holder | None:
        found = self._store.key(digest(key))
        if found is not None and (
            found.seen_at is None or time.time() - found.seen_at > TOUCH_EVERY_S
        ):
            self._store.touch_key(found.secret_hash, time.time())
        return found

    def list(self, user_id: str) -> list[dict[str, object]]:
        return self._store.keys(user_id)

    def revoke(self, user_id: str, key_id: str) -> bool:
        return self._store.revoke_key(user_id, key_id)
