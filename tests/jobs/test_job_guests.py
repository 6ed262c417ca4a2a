"""A skill's jobs stay guests (issue 46): the hostile `alert_spray` skill (tests/fixtures/skills)
run by the embedded runner as the app wires it (open_jobs, settings), delivering to a real
webhook receiver and a real SMTP server. A job reaches only the users it was given, at most so
many per run and per user; one bad value (a CR/LF in an address) stops nobody's alert; a run
that breaks unexpectedly still ends with an outcome."""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from agent_graph.config import Settings
from agent_graph.jobs.local import LocalJobRunner
from agent_graph.jobs.setup import open_jobs
from agent_graph.memory.preferences import PreferenceEntry
from agent_graph.skills.backends.pool import ContainerPool
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.model.manifest import load_skill
from agent_graph.storage.job_store import JobStore
from agent_graph.storage.profile import open_storage
from tests.jobs.helpers import FIXTURES, until
from tests.jobs.receivers import SECRET, Inbox, WebhookReceiver, smtp_server, webhook_receiver

USERS = ("alice", "bob", "cy")
EMAILS = "alice=alice@ex.org,bob=bob@ex.org,cy=cy@ex.org,local=local@ex.org"
FEED_ADDRESS = "1 Probe St\r\nBcc: thief@ex.org"


@dataclass
class Rig:
    runner: LocalJobRunner
    store: JobStore
    hook: WebhookReceiver
    inbox: Inbox
    memory: Path

    async def run(self, job: str, args: dict[str, Any]) -> list[dict[str, Any]]:
        """Run `alert_spray.<job>`; its attempts once the last has an outcome."""
        run_id = await self.runner.enqueue(f"alert_spray.{job}", args)
        await until(lambda: self._done(run_id))
        return sorted(self.store.runs(10, run_id), key=lambda r: r["attempt"])

    def _done(self, run_id: str) -> bool:
        attempts = self.store.runs(10, run_id)
        return bool(attempts) and all(a["outcome"] for a in attempts) and not self.runner._tasks

    def alerts(self, user: str) -> list[dict[str, Any]]:
        return self.store.alerts(user)

    def mailed_to(self) -> list[str]:
        return sorted(str(m["X-RcptTo"]) for m in self.inbox.messages)


@asynccontextmanager
async def rig(tmp: Path, port_base: int, **settings: Any) -> AsyncIterator[Rig]:
    skills = tmp / "skills"
    shutil.copytree(FIXTURES / "alert_spray", skills / "alert_spray")
    spec = load_skill(skills / "alert_spray")
    pool = ContainerPool(spec, ProcessBackend(state=tmp / "state"), PortAllocator(port_base))
    await pool.start()
    with webhook_receiver() as hook, smtp_server() as (inbox, smtp):
        config = Settings(
            memory_root=tmp / "memory",
            skills_dir=skills,
            job_retry_s=0.2,
            alert_webhook_url=hook.url,
            alert_webhook_secret=SECRET,
            smtp_host=smtp.host,
            smtp_port=smtp.port,
            **{"alert_emails": EMAILS, **settings},
        )
        storage = open_storage(config)
        for user in USERS:  # each keeps a SAVED entry with the skill: its jobs' users
            storage.preferences.upsert(user, "alert_spray", PreferenceEntry("SAVED", "s1", "x"))
        runner = open_jobs(config, storage, {"alert_spray": SimpleNamespace(spec=spec, pool=pool)})
        assert isinstance(runner, LocalJobRunner) and storage.jobs is not None
        try:
            yield Rig(runner, storage.jobs, hook, inbox, tmp / "memory")
        finally:
            await runner.close()
            await pool.close()


async def test_a_job_given_no_users_alerts_nobody(tmp_path: Path, free_port_base: int) -> None:
    async with rig(tmp_path, free_port_base) as spray:
        (run,) = await spray.run("spray", {})
        assert run["outcome"] == "ok"
        for user in ("alice", "bob", "local"):
            assert spray.alerts(user) == []
        assert spray.hook.requests == [] and spray.inbox.messages == []
        assert run["summary"] == {"given": 0, "alerts": 0, "alerts_refused": 3}


async def test_alerts_are_bounded_per_run_and_per_user(tmp_path: Path, free_port_base: int) -> None:
    limits = {"job_alerts_per_run": 5, "job_alerts_per_user": 3}
    async with rig(tmp_path, free_port_base, **limits) as spray:
        (run,) = await spray.run("flood", {"count": 10})
        counts = sorted(len(spray.alerts(user)) for user in USERS)
        assert counts == [0, 2, 3]  # three for the first, two for the next: five in all
        assert run["summary"] == {"alerts": 5, "alerts_over_limit": 25}
        assert len(spray.hook.accepted()) == 5 and len(spray.inbox.messages) == 5


async def test_a_cr_lf_in_an_address_stops_no_ones_alert(
    tmp_path: Path, free_port_base: int
) -> None:
    async with rig(tmp_path, free_port_base) as spray:
        (run,) = await spray.run("price_drop", {"address": FEED_ADDRESS})
        assert run["outcome"] == "ok" and run["summary"] == {"alerts": 3}
        for user in USERS:
            (alert,) = spray.alerts(user)
            assert alert["title"] == "Price drop: 1 Probe St Bcc: thief@ex.org"
            assert alert["body"] == "1 Probe St Bcc: thief@ex.org now costs less"
            assert alert["items"] == [{"title": "1 Probe St Bcc: thief@ex.org"}]
        assert spray.mailed_to() == ["alice@ex.org", "bob@ex.org", "cy@ex.org"]  # not the thief
        assert all(m["Bcc"] is None for m in spray.inbox.messages)
        assert len(spray.hook.accepted()) == 3


async def test_a_failed_delivery_is_counted_and_the_others_still_go(
    tmp_path: Path, free_port_base: int
) -> None:
    emails = EMAILS.replace("bob=bob@ex.org", "bob=bob@ex.org\r\nBcc: thief@ex.org")
    async with rig(tmp_path, free_port_base, alert_emails=emails) as spray:
        (run,) = await spray.run("price_drop", {"address": "2 Probe St"})
        assert run["outcome"] == "ok"
        assert run["summary"] == {"alerts": 3, "deliveries_failed": 1}
        assert [len(spray.alerts(user)) for user in USERS] == [1, 1, 1]  # bob's bell has it
        assert spray.mailed_to() == ["alice@ex.org", "cy@ex.org"]
        assert len(spray.hook.accepted()) == 3


async def test_a_run_that_breaks_unexpectedly_still_ends_with_an_outcome(
    tmp_path: Path, free_port_base: int
) -> None:
    async with rig(tmp_path, free_port_base, job_attempts=2) as spray:
        spray.store.unread_count("alice")  # the store has made its tables
        with sqlite3.connect(spray.memory / "jobs" / "jobs.sqlite3") as db:
            db.execute("DROP TABLE alerts")  # the store fails under the job, mid-run
        attempts = await spray.run("price_drop", {"address": "3 Probe St"})
        assert [(a["attempt"], a["outcome"]) for a in attempts] == [(1, "error"), (2, "error")]
        assert "no such table: alerts" in attempts[0]["error"]
