"""The embedded profile's runner, in this process: the same contract as the PostgreSQL one
(schedules in UTC, retries with backoff, `after:` chaining, every attempt recorded), for the
single process the embedded profile is. A run queued when the process stops is not resumed."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from datetime import UTC, datetime
from typing import Any

from croniter import croniter

from agent_graph.jobs.catalog import DeclaredJob, JobCatalog
from agent_graph.jobs.execute import JobExecutor, JobFailed
from agent_graph.jobs.runner import RetryPolicy, new_run_id

log = logging.getLogger(__name__)


class LocalJobRunner:
    def __init__(self, executor: JobExecutor, retry: RetryPolicy) -> None:
        self.executor = executor
        self.catalog: JobCatalog = executor.catalog
        self.retry = retry
        self._tasks: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        for job in self.catalog.scheduled():
            self._background(self._schedule(job))

    async def enqueue(
        self, key: str, args: dict[str, Any], trigger: dict[str, Any] | None = None
    ) -> str:
        if self.catalog.get(key) is None:
            raise KeyError(key)
        run_id = new_run_id()
        self._background(self._run(key, run_id, args, trigger))
        return run_id

    async def _run(
        self, key: str, run_id: str, args: dict[str, Any], trigger: dict[str, Any] | None
    ) -> None:
        for attempt in range(1, self.retry.attempts + 1):
            try:
                await self.executor.attempt(key, run_id, attempt, args, trigger, self.enqueue)
                return
            except JobFailed as exc:
                log.warning("job %s run %s attempt %d failed: %s", key, run_id, attempt, exc)
            except Exception:  # the store itself failing: logged, retried, never a lost task
                log.exception("job %s run %s attempt %d broke", key, run_id, attempt)
            if attempt < self.retry.attempts:
                await asyncio.sleep(self.retry.wait(attempt))
        log.error("job %s run %s: gave up after %d attempts", key, run_id, self.retry.attempts)

    async def _schedule(self, job: DeclaredJob) -> None:
        """Enqueue `job` at each time its schedule names (UTC), for as long as the app runs."""
        assert job.spec.schedule
        times = croniter(job.spec.schedule, datetime.now(UTC))
        while True:
            due = times.get_next(float)
            await asyncio.sleep(max(due - time.time(), 0))
            await self.enqueue(job.key, {})

    def _background(self, coro: Any) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await asyncio.gather(*self._tasks, return_exceptions=True)
