"""The server profile's runner: procrastinate on the deployment's PostgreSQL. Every replica runs
a procrastinate worker; a job is a row that exactly one worker takes (SELECT … FOR UPDATE SKIP
LOCKED), and a schedule's tick is deferred once per deployment (a unique row per task,
periodic id and tick), however many replicas run. A failed attempt is retried with backoff by
procrastinate's retry strategy; a replica that dies leaves the row to another one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import procrastinate
import psycopg
from procrastinate.exceptions import JobRetry

from agent_graph.jobs.catalog import JobCatalog
from agent_graph.jobs.execute import JobExecutor, JobFailed
from agent_graph.jobs.runner import RetryPolicy, new_run_id

log = logging.getLogger(__name__)

TASK = "propsearch_job"
QUEUE = "propsearch_jobs"
SCHEMA_LOCK_KEY = 7_314_038
"""Serialises procrastinate's schema creation across replicas starting together."""


class Backoff(procrastinate.BaseRetryStrategy):
    """RetryPolicy's waits (float seconds, doubling), as procrastinate's retry decisions."""

    def __init__(self, policy: RetryPolicy) -> None:
        self.policy = policy

    def get_retry_decision(
        self, *, exception: BaseException, job: procrastinate.jobs.Job
    ) -> procrastinate.RetryDecision | None:
        attempt = job.attempts + 1
        if not isinstance(exception, JobFailed) or attempt >= self.policy.attempts:
            return None
        due = datetime.now(UTC) + timedelta(seconds=self.policy.wait(attempt))
        return procrastinate.RetryDecision(retry_at=due)


def _ensure_schema(url: str) -> None:
    """procrastinate's tables, created by the first replica (its schema script is not
    idempotent, hence the check under an advisory lock)."""
    with psycopg.connect(url) as conn, conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK_KEY,))
        row = conn.execute("SELECT to_regclass('procrastinate_jobs')").fetchone()
        if row and row[0] is None:
            conn.execute(procrastinate.schema.SchemaManager.get_schema())


class PostgresJobRunner:
    def __init__(self, executor: JobExecutor, retry: RetryPolicy, database_url: str) -> None:
        self.executor = executor
        self.catalog: JobCatalog = executor.catalog
        self.url = database_url
        self.app = procrastinate.App(connector=procrastinate.PsycopgConnector(conninfo=self.url))
        self._task = self.app.task(name=TASK, queue=QUEUE, pass_context=True, retry=Backoff(retry))(
            self._run
        )
        for job in self.catalog.scheduled():
            assert job.spec.schedule
            periodic: Any = self.app.periodic(
                cron=job.spec.schedule, periodic_id=job.key, task_kwargs={"key": job.key}
            )
            periodic(self._task)
        self._worker: asyncio.Task[None] | None = None

    async def _run(
        self,
        context: procrastinate.JobContext,
        key: str,
        run_id: str | None = None,
        args: dict[str, Any] | None = None,
        trigger: dict[str, Any] | None = None,
        timestamp: int | None = None,
    ) -> None:
        assert context.job is not None
        run = run_id or f"{key}@{timestamp}"  # a tick's run: the same id on every attempt
        attempt = context.job.attempts + 1
        try:
            await self.executor.attempt(key, run, attempt, args or {}, trigger, self.enqueue)
        except JobFailed as exc:
            log.warning("job %s run %s attempt %d failed: %s", key, run, attempt, exc)
            raise
        except Exception as exc:  # the store itself failing: retried as a failed attempt
            log.exception("job %s run %s attempt %d broke", key, run, attempt)
            raise JobFailed(f"unexpected {type(exc).__name__}: {exc}") from exc

    async def start(self) -> None:
        await asyncio.to_thread(_ensure_schema, self.url)
        await self.app.open_async()
        self._worker = asyncio.ensure_future(
            self.app.run_worker_async(
                queues=[QUEUE],
                install_signal_handlers=False,
                concurrency=2,
                delete_jobs="successful",  # the run records are ours (job_runs): keep the queue small
            )
        )

    async def enqueue(
        self, key: str, args: dict[str, Any], trigger: dict[str, Any] | None = None
    ) -> str:
        if self.catalog.get(key) is None:
            raise KeyError(key)
        run_id = new_run_id()
        await self._task.defer_async(key=key, run_id=run_id, args=args, trigger=trigger)
        return run_id

    async def close(self) -> None:
        if self._worker is not None:
            self._worker.cancel()
            with contextlib.suppress(asyncio.CancelledError, JobRetry):
                await self._worker
        await self.app.close_async()
