"""Run leases: which replica runs each turn, so that another can take over the turns of one
that died (server profile: storage/postgres/run_leases.py; the embedded profile has one
process and none)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from agent_graph.turn_request import TurnRequest


@dataclass
class RunLease:
    """A run as another replica needs it to take it over."""

    run_id: str
    request: TurnRequest
    """What started it."""
    owner: str = ""
    started: bool = False
    """Its turn holds the session and has begun (checkpoints are its own from here)."""
    takeovers: int = 0
    """How many times a replica took it over (this claim included)."""

    @property
    def user(self) -> str:
        return self.request.user

    @property
    def session_id(self) -> str:
        return self.request.session_id


class RunLeases(Protocol):
    def hold(self, lease: RunLease) -> None: ...
    def started(self, run_id: str) -> None: ...
    def renew(self, owner: str) -> int: ...
    def release(self, run_id: str) -> None: ...
    def claim_expired(self, owner: str, limit: int = 4) -> list[tuple[RunLease, str]]: ...
