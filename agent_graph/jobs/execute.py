"""One attempt of one job: the users' entries it reads, `POST /job` through the skill's pool (a
fresh process, as a tool call), then what the result carries: a summary, alerts, a request for
confirmation. Every attempt is recorded and ends with an outcome, whatever breaks; a failed
one raises JobFailed for the runner to retry."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any, Protocol

from agent_graph.jobs.alerts import (
    AlertDelivery,
    AlertLimits,
    AlertTally,
    alert_source,
    checked_alert,
    clean_text,
)
from agent_graph.jobs.catalog import DeclaredJob, JobCatalog
from agent_graph.memory.preferences import PreferenceBackend
from agent_graph.skills.backends.pool import SkillCallError
from agent_graph.storage.job_store import JobStore

log = logging.getLogger(__name__)


class JobFailed(Exception):
    """An attempt that failed (the worker's error, a timeout, a malformed result)."""


class JobPool(Protocol):
    async def run_job(self, body: dict[str, Any]) -> Any: ...


class Enqueue(Protocol):
    async def __call__(
        self, key: str, args: dict[str, Any], trigger: dict[str, Any] | None = None
    ) -> str: ...


@dataclass
class JobExecutor:
    catalog: JobCatalog
    pools: dict[str, JobPool]
    store: JobStore
    preferences: PreferenceBackend
    delivery: AlertDelivery
    limits: AlertLimits = field(default_factory=AlertLimits)

    async def attempt(
        self,
        key: str,
        run_id: str,
        attempt: int,
        args: dict[str, Any],
        trigger: dict[str, Any] | None,
        enqueue: Enqueue,
    ) -> dict[str, Any]:
        """Run `key` once; its result. Every attempt that started ends with an outcome: one
        that failed, expectedly or not, is recorded as an error and raises JobFailed (to be
        retried); a cancelled one (the app stopping) as an interrupted error."""
        job = self.catalog.get(key)
        if job is None:
            raise JobFailed(f"no job {key!r} here")
        await asyncio.to_thread(
            self.store.run_started, run_id, attempt, job.skill, job.spec.name, args, trigger
        )
        try:
            return await self._run(job, run_id, attempt, args, trigger, enqueue)
        except (SkillCallError, JobFailed, KeyError) as exc:
            await self._failed(run_id, attempt, str(exc))
            raise JobFailed(str(exc)) from None
        except asyncio.CancelledError:
            await self._failed(run_id, attempt, "interrupted: the app stopped during the attempt")
            raise
        except Exception as exc:
            log.exception("job %s run %s attempt %d broke", key, run_id, attempt)
            message = f"unexpected {type(exc).__name__}: {exc}"
            await self._failed(run_id, attempt, message)
            raise JobFailed(message) from exc

    async def _failed(self, run_id: str, attempt: int, error: str) -> None:
        await asyncio.to_thread(
            self.store.run_finished, run_id, attempt, "error", None, clean_text(error)[:2000]
        )

    async def _run(
        self,
        job: DeclaredJob,
        run_id: str,
        attempt: int,
        args: dict[str, Any],
        trigger: dict[str, Any] | None,
        enqueue: Enqueue,
    ) -> dict[str, Any]:
        """The attempt itself: the call, its outcome recorded, its followers enqueued."""
        users = await asyncio.to_thread(self._users, job)
        body = {"job": job.spec.name, "run_id": run_id, "args": args, "trigger": trigger}
        result = await self.pools[job.skill].run_job({**body, "users": users})
        if not isinstance(result, dict):
            raise JobFailed(f"{job.key} returned {type(result).__name__}, not an object")
        outcome = "needs_confirmation" if result.get("needs_confirmation") else "ok"
        given = result.get("summary")
        summary = dict(given) if isinstance(given, dict) else {}
        if outcome == "needs_confirmation":
            summary["needs_confirmation"] = str(result["needs_confirmation"])
        else:
            summary.update(await self._alerts(job, run_id, result.get("alerts"), users))
        await asyncio.to_thread(self.store.run_finished, run_id, attempt, outcome, summary)
        if outcome == "ok":
            for follower in self.catalog.followers(job.key):
                trigger_of = {"job": job.key, "run_id": run_id, "result": result}
                await enqueue(follower.key, {}, trigger_of)
        return result

    def _users(self, job: DeclaredJob) -> list[dict[str, Any]]:
        """Per user, the entries of the types the job reads (none asked: no users)."""
        if not job.spec.entries:
            return []
        users = []
        for user in self.preferences.users(job.skill):
            entries = [
                {"type": e.entry_type, "key": e.key, "value": e.value}
                for e in self.preferences.load(user, job.skill)
                if e.entry_type in job.spec.entries
            ]
            if entries:
                users.append({"user": user, "entries": entries})
        return users

    async def _alerts(
        self, job: DeclaredJob, run_id: str, raw: Any, users: list[dict[str, Any]]
    ) -> dict[str, int]:
        """Store the result's alerts for the users the job was given, within the limits (each
        (user, key) once), and deliver the new ones; the counts for the run's summary."""
        given = {u["user"]: u["entries"] for u in users}
        tally = AlertTally(self.limits)
        for item in raw if isinstance(raw, list) else []:
            alert = checked_alert(item, set(given))
            if alert is None:
                tally.refused += 1
            elif tally.admit(alert["user"]):
                source = alert_source(alert["key"], given.get(alert["user"], []))
                stored = await asyncio.to_thread(
                    self.store.add_alert, job.skill, run_id, alert, source
                )
                if stored is not None:
                    tally.alerts += 1
                    new = {**alert, "id": stored, "skill": job.skill}
                    tally.deliveries_failed += await self.delivery.deliver(new)
        if tally.refused or tally.over_limit:
            log.warning(
                "job %s: %d alerts refused (malformed, or not for a user it was given), "
                "%d over the limits",
                job.key,
                tally.refused,
                tally.over_limit,
            )
        return tally.summary()
