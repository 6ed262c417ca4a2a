"""Jobs in the server profile: procrastinate on a real PostgreSQL, two replicas (each its own
runner, worker and connections) over one database. A scheduled tick runs once per deployment,
a manual run once, retried with backoff; records and alerts live in PostgreSQL. One bad value
(a NUL PostgreSQL's text refuses) stops no one's alert, and a run that breaks still ends with an
outcome (the hostile alert_spray fixture)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import psycopg

from agent_graph.config import Settings
from agent_graph.jobs.alerts import AlertDelivery
from agent_graph.jobs.catalog import JobCatalog
from agent_graph.jobs.execute import JobExecutor
from agent_graph.jobs.local import LocalJobRunner
from agent_graph.jobs.postgres_runner import PostgresJobRunner
from agent_graph.jobs.runner import RetryPolicy
from agent_graph.jobs.setup import open_jobs
from agent_graph.memory.preferences import PreferenceEntry, PreferenceStore
from agent_graph.skills.model.manifest import load_skill
from agent_graph.storage.job_store import TABLES, JobStore
from agent_graph.storage.profile import open_storage
from tests.jobs.helpers import FIXTURES, probe_skills_dir, started_pool, until
from tests.jobs.postgres import Databases
from tests.servers import free_port_window


def pg_store(url: str) -> JobStore:
    @contextmanager
    def connection() -> Iterator[Any]:
        with psycopg.connect(url, autocommit=True) as conn, conn.transaction():
            yield conn

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(TABLES)
    return JobStore(connection)


async def test_two_replicas_run_each_scheduled_tick_and_each_run_once(
    postgres_url: Databases, tmp_path: Path
) -> None:
    url = postgres_url.fresh_database()
    store = pg_store(url)
    skills = probe_skills_dir(tmp_path)
    state = tmp_path / "state"  # both replicas' workers log ticks to the same file
    preferences = PreferenceStore(tmp_path / "memory")
    preferences.upsert("ana", "job_probe", PreferenceEntry("SAVED", "search_78704", "78704"))
    catalog = JobCatalog.from_skills([load_skill(skills / "job_probe")])
    runners, pools = [], []
    for _ in range(2):
        pool = await started_pool(skills, state, free_port_window())
        executor = JobExecutor(catalog, {"job_probe": pool}, store, preferences, AlertDelivery())
        runners.append(PostgresJobRunner(executor, RetryPolicy(3, 0.5), url))
        pools.append(pool)
    try:
        await asyncio.gather(*(runner.start() for runner in runners))
        ticks = state / "job_probe" / "ticks.log"
        await until(lambda: ticks.exists() and len(ticks.read_text().split()) >= 3, timeout=30)
        run_id = await runners[0].enqueue("job_probe.ingest", {"fail": 1, "new": 2})
        await until(lambda: store.unread_count("ana") == 1, timeout=30)
        lines = ticks.read_text().split()
        assert len(lines) == len(set(lines)) >= 3  # each tick ran once, on one replica
        attempts = sorted(store.runs(10, run_id), key=lambda r: r["attempt"])
        assert [(r["attempt"], r["outcome"]) for r in attempts] == [(1, "error"), (2, "ok")]
        assert attempts[1]["started_at"] - attempts[0]["finished_at"] >= 0.5
        notify = [r for r in store.runs(200) if r["job"] == "notify"]
        assert len(notify) == 1 and notify[0]["trigger"]["run_id"] == run_id
        assert store.alerts("ana")[0]["title"] == "2 new homes match your 78704 search"
    finally:
        await asyncio.gather(*(runner.close() for runner in runners))
        await asyncio.gather(*(pool.close() for pool in pools))


async def test_the_server_profile_gets_procrastinate_and_the_embedded_one_the_local_runner(
    postgres_url: Databases, tmp_path: Path, free_port_base: int
) -> None:
    url = postgres_url.fresh_database()
    skills = probe_skills_dir(tmp_path)
    pool = await started_pool(skills, tmp_path / "state", free_port_base)
    loaded = {"job_probe": SimpleNamespace(spec=load_skill(skills / "job_probe"), pool=pool)}
    embedded = Settings(memory_root=tmp_path / "memory", skills_dir=skills)
    storage = open_storage(embedded)
    try:
        assert isinstance(open_jobs(embedded, storage, loaded), LocalJobRunner)
        server = Settings(
            memory_root=tmp_path / "memory",
            skills_dir=skills,
            storage="server",
            database_url=url,
            redis_url="redis://127.0.0.1:1/0",  # not used by jobs
        )
        on_pg = dataclasses.replace(storage, jobs=pg_store(url))
        runner = open_jobs(server, on_pg, loaded)
        assert isinstance(runner, PostgresJobRunner)
        await runner.start()
        try:
            run_id = await runner.enqueue("job_probe.ingest", {"new": 4})
            store = on_pg.jobs
            assert store is not None
            await until(lambda: any(r["outcome"] == "ok" for r in store.runs(5, run_id)))
        finally:
            await runner.close()
        assert (
            open_jobs(Settings(memory_root=tmp_path / "m", jobs_on=False), storage, loaded) is None
        )
    finally:
        await pool.close()


async def _spray_runs(
    postgres_url: Databases, tmp: Path, args: dict[str, Any], attempts: int = 1
) -> tuple[JobStore, list[dict[str, Any]]]:
    """Run `alert_spray.price_drop` for alice, bob and cy on procrastinate; its `attempts`,
    once they have an outcome (two: the alerts table is gone under the job)."""
    url = postgres_url.fresh_database()
    store = pg_store(url)
    if attempts > 1:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP TABLE alerts")
    skills = tmp / "skills"
    shutil.copytree(FIXTURES / "alert_spray", skills / "alert_spray")
    preferences = PreferenceStore(tmp / "memory")
    for user in ("alice", "bob", "cy"):
        preferences.upsert(user, "alert_spray", PreferenceEntry("SAVED", "s1", "x"))
    catalog = JobCatalog.from_skills([load_skill(skills / "alert_spray")])
    pool = await started_pool(skills, tmp / "state", free_port_window(), "alert_spray")
    executor = JobExecutor(catalog, {"alert_spray": pool}, store, preferences, AlertDelivery())
    runner = PostgresJobRunner(executor, RetryPolicy(2, 0.2), url)
    try:
        await runner.start()
        run_id = await runner.enqueue("alert_spray.price_drop", args)
        await until(lambda: len([a for a in store.runs(10, run_id) if a["outcome"]]) == attempts)
        return store, sorted(store.runs(10, run_id), key=lambda r: r["attempt"])
    finally:
        await runner.close()
        await pool.close()


async def test_a_nul_in_an_address_stops_no_ones_alert_on_postgresql(
    postgres_url: Databases, tmp_path: Path
) -> None:
    feed = json.dumps("4 Probe St\x00\r\nBcc: thief@ex.org")  # PostgreSQL's text refuses a NUL
    store, (run,) = await _spray_runs(postgres_url, tmp_path, {"address_json": feed})
    assert run["outcome"] == "ok" and run["summary"] == {"alerts": 3}
    for user in ("alice", "bob", "cy"):
        (alert,) = store.alerts(user)
        assert alert["title"] == "Price drop: 4 Probe St Bcc: thief@ex.org"


async def test_a_run_that_breaks_unexpectedly_still_ends_with_an_outcome_on_postgresql(
    postgres_url: Databases, tmp_path: Path
) -> None:
    _, attempts = await _spray_runs(postgres_url, tmp_path, {"address": "5 Probe St"}, attempts=2)
    assert [(a["attempt"], a["outcome"]) for a in attempts] == [(1, "error"), (2, "error")]
    assert 'relation "alerts" does not exist' in attempts[0]["error"]
