"""Jobs on the embedded profile: the in-process runner over a real skill worker (the job probe),
SQLite run records and alerts, retries with backoff, `after:` chaining, schedules, state."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from agent_graph.config import Settings
from agent_graph.jobs.alerts import AlertDelivery, current_alerts
from agent_graph.jobs.catalog import JobCatalog, JobConfigError
from agent_graph.jobs.execute import JobExecutor
from agent_graph.jobs.local import LocalJobRunner
from agent_graph.jobs.runner import RetryPolicy
from agent_graph.jobs.setup import check_schedules
from agent_graph.memory.preferences import PreferenceEntry, PreferenceStore
from agent_graph.skills.backends.pool import ContainerPool, SkillCallError
from agent_graph.skills.model.manifest import load_skill
from agent_graph.storage.job_store import JobStore, sqlite_job_store
from tests.jobs.helpers import probe_skills_dir, started_pool, until

RETRY = RetryPolicy(attempts=3, base_s=0.3)


@dataclass
class Rig:
    runner: LocalJobRunner
    store: JobStore
    preferences: PreferenceStore
    pool: ContainerPool
    state: Path


@pytest.fixture
async def rig(tmp_path: Path, free_port_base: int) -> AsyncIterator[Rig]:
    skills = probe_skills_dir(tmp_path)
    state = tmp_path / "state"
    pool = await started_pool(skills, state, free_port_base)
    preferences = PreferenceStore(tmp_path / "memory")
    for user, value in (("ana", "78704"), ("ben", "78745")):
        preferences.upsert(user, "job_probe", PreferenceEntry("SAVED", f"search_{value}", value))
    preferences.upsert("ana", "job_probe", PreferenceEntry("PREFERENCE", "budget", "500k"))
    store = sqlite_job_store(tmp_path / "memory" / "jobs" / "jobs.sqlite3")
    catalog = JobCatalog.from_skills([load_skill(skills / "job_probe")])
    executor = JobExecutor(catalog, {"job_probe": pool}, store, preferences, AlertDelivery())
    runner = LocalJobRunner(executor, RETRY)
    yield Rig(runner, store, preferences, pool, state / "job_probe")
    await runner.close()
    await pool.close()


def finished(store: JobStore, job: str) -> list[dict]:  # type: ignore[type-arg]
    return [r for r in store.runs(100) if r["job"] == job and r["finished_at"] is not None]


async def test_a_failed_attempt_is_retried_with_backoff_and_every_attempt_recorded(
    rig: Rig,
) -> None:
    run_id = await rig.runner.enqueue("job_probe.ingest", {"fail": 2})
    await until(lambda: any(r["outcome"] == "ok" for r in rig.store.runs(10, run_id)))
    attempts = sorted(rig.store.runs(10, run_id), key=lambda r: r["attempt"])
    assert [(r["attempt"], r["outcome"]) for r in attempts] == [
        (1, "error"),
        (2, "error"),
        (3, "ok"),
    ]
    assert "failing attempt 1 on purpose" in attempts[0]["error"]
    assert attempts[2]["summary"]["attempts"] == 3  # the skill counted them in its state folder
    first_wait = attempts[1]["started_at"] - attempts[0]["finished_at"]
    second_wait = attempts[2]["started_at"] - attempts[1]["finished_at"]
    assert first_wait >= 0.3 and second_wait >= 0.6  # doubling


async def test_a_run_that_keeps_failing_stops_after_the_configured_attempts(rig: Rig) -> None:
    run_id = await rig.runner.enqueue("job_probe.ingest", {"fail": 9})
    await until(lambda: len([r for r in rig.store.runs(10, run_id) if r["outcome"]]) == 3)
    await until(lambda: not rig.runner._tasks, timeout=5)
    assert {r["outcome"] for r in rig.store.runs(10, run_id)} == {"error"}
    assert finished(rig.store, "notify") == []  # nothing chained after a failure


async def test_after_chaining_hands_the_result_and_entries_and_alerts_once(rig: Rig) -> None:
    await rig.runner.enqueue("job_probe.ingest", {"new": 3})
    await until(lambda: finished(rig.store, "notify"))
    notify = finished(rig.store, "notify")[0]
    assert notify["trigger"]["job"] == "job_probe.ingest"
    assert notify["summary"] == {"users": 2, "alerts": 2, "alerts_refused": 1}  # the guest's
    ana = current_alerts(rig.store, rig.preferences, "ana")
    assert [a["title"] for a in ana] == ["3 new homes match your 78704 search"]
    assert ana[0]["items"] == [{"id": "h1", "address": "1 Probe St"}]
    assert ana[0]["source"] == {"type": "SAVED", "key": "search_78704"}
    assert current_alerts(rig.store, rig.preferences, "guest") == []  # never for guests

    await rig.runner.enqueue("job_probe.ingest", {"new": 5})  # the same keys again
    await until(lambda: len(finished(rig.store, "notify")) == 2)
    assert finished(rig.store, "notify")[0]["summary"]["alerts"] == 0
    assert rig.store.unread_count("ana") == 1 and rig.store.unread_count("ben") == 1


async def test_a_deleted_source_entry_takes_its_unread_alert_with_it(rig: Rig) -> None:
    await rig.runner.enqueue("job_probe.ingest", {})
    await until(lambda: rig.store.unread_count("ben") == 1)
    rig.preferences.forget("ben", "job_probe", "search_78745")
    assert current_alerts(rig.store, rig.preferences, "ben") == []
    assert rig.store.unread_count("ben") == 0


async def test_mark_read_counts_and_scopes_to_the_user(rig: Rig) -> None:
    await rig.runner.enqueue("job_probe.ingest", {})
    await until(lambda: rig.store.unread_count("ana") and rig.store.unread_count("ben"))
    ben_id = rig.store.alerts("ben")[0]["id"]
    assert rig.store.mark_read("ana", [ben_id]) == 0  # not ana's
    assert rig.store.mark_read("ana") == 1
    assert rig.store.unread_count("ana") == 0 and rig.store.unread_count("ben") == 1


async def test_a_job_asking_for_confirmation_does_nothing_and_says_so(rig: Rig) -> None:
    (rig.state / "inbox" / "update.csv").write_text("a,b\n1,2\n")
    run_id = await rig.runner.enqueue("job_probe.ingest", {"file": "inbox/update.csv"})
    await until(lambda: any(r["outcome"] for r in rig.store.runs(10, run_id)))
    record = rig.store.runs(10, run_id)[0]
    assert record["outcome"] == "needs_confirmation"
    assert "confirm" in record["summary"]["needs_confirmation"]
    confirmed = await rig.runner.enqueue(
        "job_probe.ingest", {"file": "inbox/update.csv", "confirm": True}
    )
    await until(lambda: any(r["outcome"] == "ok" for r in rig.store.runs(10, confirmed)))
    assert rig.store.runs(10, confirmed)[0]["summary"]["chars"] == 8


async def test_a_scheduled_job_runs_on_its_schedule(rig: Rig) -> None:
    await rig.runner.start()
    ticks = rig.state / "ticks.log"
    await until(lambda: ticks.exists() and len(ticks.read_text().split()) >= 2, timeout=10)
    # the second tick is written before its run is recorded as finished
    await until(lambda: len(finished(rig.store, "tick")) >= 2, timeout=10)
    runs = finished(rig.store, "tick")
    assert len({r["run_id"] for r in runs}) == len(runs) >= 2


async def test_the_state_folder_is_the_skills_own_and_nothing_else_is_writable(rig: Rig) -> None:
    mine = await rig.pool.call("job_probe_state", {"path": "mine.txt"})
    assert mine["written"] and (rig.state / "mine.txt").read_text() == "written"
    other = rig.state.parent / "other_skill"
    other.mkdir()
    for path in ("../other_skill/x.txt", str(other / "y.txt")):
        theirs = await rig.pool.call("job_probe_state", {"path": path})
        assert theirs["written"] is False and theirs["state"] == str(rig.state)
    assert list(other.iterdir()) == []


def test_a_schedule_that_does_not_parse_fails_at_start_up(tmp_path: Path) -> None:
    skills = probe_skills_dir(tmp_path, schedule="61 * * * *")
    with pytest.raises(JobConfigError, match="not a valid cron"):
        check_schedules(Settings(skills_dir=skills, memory_root=tmp_path / "m"))


def test_a_job_behind_an_unset_setting_does_not_exist(tmp_path: Path) -> None:
    skills = probe_skills_dir(tmp_path)
    catalog = JobCatalog.from_skills([load_skill(skills / "job_probe")])
    assert sorted(catalog.jobs) == ["job_probe.ingest", "job_probe.notify", "job_probe.tick"]
    (skills / "job_probe" / ".env").write_text("JOB_PROBE_FEED_URL=http://127.0.0.1:1/feed\n")
    catalog = JobCatalog.from_skills([load_skill(skills / "job_probe")])
    assert "job_probe.feed" in catalog.jobs
    assert [j.key for j in catalog.followers("job_probe.ingest")] == ["job_probe.notify"]


async def test_a_job_the_skill_does_not_serve_is_a_readable_error(rig: Rig) -> None:
    with pytest.raises(SkillCallError, match="unknown job 'nope'"):
        await rig.pool.run_job({"job": "nope", "run_id": "r", "args": {}, "users": []})
    with pytest.raises(SkillCallError, match="malformed request"):
        await rig.pool.run_job({"run_id": "r"})
    assert (await rig.pool.call("job_probe_state", {}))["written"]  # the worker lives on
