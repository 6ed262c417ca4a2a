"""What both runners share: enqueue a job (now, by an operator, after another job), retry a
failed attempt with backoff, and the run id that ties the attempts of one run together."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any, Protocol

from agent_graph.jobs.catalog import JobCatalog


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 4
    """Attempts per run, the first included."""
    base_s: float = 30.0
    """The wait before the second attempt; it doubles for each one after."""

    def wait(self, attempt: int) -> float:
        """Seconds to wait after failed attempt number `attempt` (1-based)."""
        return float(self.base_s * 2 ** (attempt - 1))


def new_run_id() -> str:
    return uuid.uuid4().hex


class JobRunner(Protocol):
    """The embedded runner (local.py) or the PostgreSQL one (postgres_runner.py)."""

    catalog: JobCatalog

    async def start(self) -> None: ...
    async def enqueue(
        self, key: str, args: dict[str, Any], trigger: dict[str, Any] | None = None
    ) -> str: ...
    async def close(self) -> None: ...
