"""User and session ids: what may name a folder, a key or a thread (no path can escape)."""

from __future__ import annotations

import re

SESSION_ID = re.compile(r"^[A-Za-z0-9_-]{1,64}$")
USER_ID = re.compile(r"^[A-Za-z0-9_.@-]{1,64}$")


class InvalidIdError(ValueError):
    """A session or user id that could escape its folder or is otherwise malformed."""


def validate_session_id(session_id: str) -> str:
    if not isinstance(session_id, str) or not SESSION_ID.fullmatch(session_id):
        raise InvalidIdError("session id must be 1-64 characters of A-Z a-z 0-9 _ -")
    return session_id


def validate_user_id(user_id: str) -> str:
    if not isinstance(user_id, str) or not USER_ID.fullmatch(user_id) or user_id in {".", ".."}:
        raise InvalidIdError("user id must be 1-64 characters of A-Z a-z 0-9 _ . @ -")
    return user_id
