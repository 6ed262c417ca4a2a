"""TurnRequest: a turn's inputs as one frozen value, from the route that takes them to the turn
that runs them, and in the run lease another replica takes a dead one's run over from."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class TurnRequest:
    """Who asks what of which session, and how the turn may act on it."""

    user: str
    session_id: str
    message: str | None = None
    """The user's words; None when the turn answers a paused confirmation instead."""
    role: str = "user"
    """The caller's role (security/roles.py): which tools the turn may offer."""
    persist: bool = True
    """False for public guests: nothing is kept on disk."""
    confirm: Mapping[str, Any] | None = None
    """{"id", "approve"}: the answer to the session's paused confirmation."""

    def stored(self) -> dict[str, Any]:
        """What a run lease keeps beside its user and session (JSON)."""
        confirm = dict(self.confirm) if self.confirm is not None else None
        return {
            "message": self.message,
            "role": self.role,
            "persist": self.persist,
            "confirm": confirm,
        }

    @classmethod
    def restored(cls, user: str, session_id: str, stored: Mapping[str, Any]) -> TurnRequest:
        """The request a lease kept (`stored`), for the replica that takes its run over."""
        confirm = stored.get("confirm")
        return cls(
            user,
            session_id,
            stored.get("message"),
            str(stored.get("role") or "user"),
            bool(stored.get("persist", True)),
            dict(confirm) if isinstance(confirm, Mapping) else None,
        )
