"""One attempt of one job: the users' entries it reads, `POST /job` through the skill's pool (a
fresh process, as a tool call), then what the result carries: a summary, alerts, a request for
confirmation. Every attempt is recorded; a failed one raises JobFailed for the runner to retry."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Any, Protocol

from agent_graph.jobs.alerts import AlertDelivery, alert_source, checked_alert
from agent_graph.jobs.catalog import DeclaredJob, JobCatalog
from agent_graph.memory.preferences import PreferenceBackend
from agent_graph.skills.pool import SkillCallError
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

    async def attempt(
        self,
        key: str,
        run_id: str,
        attempt: int,
        args: dict[str, Any],
        trigger: dict[str, Any] | None,
        enqueue: Enqueue,
    ) -> dict[str, Any]:
        """Run `key` once; its result (JobFailed when it failed: recorded, to be retried)."""
        job = self.catalog.get(key)
        if job is None:
            raise JobFailed(f"no job {key!r} here")
        await asyncio.to_thread(
            self.store.run_started, run_id, attempt, job.skill, job.spec.name, args, trigger
        )
        try:
            users = await asyncio.to_thread(self._users, job)
            body = {"job": job.spec.name, "run_id": run_id, "args": args, "trigger": trigger}
            result = await self.pools[job.skill].run_job({**body, "users": users})
            if not isinstance(result, dict):
                raise JobFailed(f"{key} returned {type(result).__name__}, not an object")
        except (SkillCallError, JobFailed, KeyError) as exc:
            await asyncio.to_thread(
                self.store.run_finished, run_id, attempt, "error", None, str(exc)
            )
            raise JobFailed(str(exc)) from None
        outcome = "needs_confirmation" if result.get("needs_confirmation") else "ok"
        summary = (
            dict(result.get("summary") or {}) if isinstance(result.get("summary"), dict) else {}
        )
        if outcome == "needs_confirmation":
            summary["needs_confirmation"] = str(result["needs_confirmation"])
        else:
            summary["alerts"] = await self._alerts(job, run_id, result.get("alerts"), users)
        await asyncio.to_thread(self.store.run_finished, run_id, attempt, outcome, summary)
        if outcome == "ok":
            for follower in self.catalog.followers(key):
                trigger_of = {"job": key, "run_id": run_id, "result": result}
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
    ) -> int:
        """Store the result's alerts (each (user, key) once) and deliver the new ones."""
        given = {u["user"]: u["entries"] for u in users}
        allowed = set(given) if job.spec.entries else None
        new = 0
        for item in raw if isinstance(raw, list) else []:
            alert = checked_alert(item, allowed)
            if alert is None:
                log.warning("job %s: an alert was refused (malformed or not its user's)", job.key)
                continue
            source = alert_source(alert["key"], given.get(alert["user"], []))
            stored = await asyncio.to_thread(self.store.add_alert, job.skill, run_id, alert, source)
            if stored is not None:
                new += 1
                await self.delivery.deliver({**alert, "id": stored, "skill": job.skill})
        return new
