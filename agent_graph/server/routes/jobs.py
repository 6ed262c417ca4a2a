"""Admins' job routes (docs/jobs.md): `GET /jobs` (what is declared), `GET /jobs/runs` (the run
records), `POST /jobs/{skill}.{job}/runs` (run one now, with args and optionally a file, base64 in the
JSON body as every POST body is JSON: the skill's backend puts it into the skill's inbox, where
its workers read it, and the args name it), and a run's chain: `GET /jobs/runs?triggered_by=…`
(the runs it started) and `GET /jobs/runs/{run_id}/alerts` (the alerts it raised)."""

from __future__ import annotations

import asyncio
import base64
import binascii
from typing import Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, Field

from agent_graph.jobs.runner import JobRunner
from agent_graph.server.deps import ERRORS, Caller, Runtime
from agent_graph.skills.backends.pool import ContainerPool
from agent_graph.skills.isolation.state import FileRefused
from agent_graph.skills.registry import LoadedSkill

router = APIRouter(tags=["jobs"], responses=ERRORS)

NOT_ADMIN = "Jobs are for admins."
OFF = "Jobs are off (JOBS=off)."


class JobInfo(BaseModel):
    job: str
    skill: str
    schedule: str | None
    manual: bool
    after: list[str]
    entries: list[str]


class JobsAnswer(BaseModel):
    jobs: list[JobInfo]


class JobRun(BaseModel):
    """One attempt of one run; `outcome` is null while it runs."""

    run_id: str
    attempt: int
    skill: str
    job: str
    args: dict[str, Any]
    trigger: dict[str, Any] | None
    started_at: float
    finished_at: float | None
    outcome: str | None
    summary: dict[str, Any] | None
    error: str | None


class RunsAnswer(BaseModel):
    runs: list[JobRun]


class RaisedAlert(BaseModel):
    """An alert a run raised, and the user it is for."""

    user: str
    skill: str
    kind: str
    title: str
    body: str
    items: list[dict[str, Any]]


class RaisedAlertsAnswer(BaseModel):
    alerts: list[RaisedAlert]


class RunStarted(BaseModel):
    job: str
    run_id: str


def _runner(runtime: Runtime, caller: Caller) -> JobRunner:
    if caller.role != "admin":
        raise HTTPException(403, NOT_ADMIN)
    if runtime.jobs is None:
        raise HTTPException(404, OFF)
    return runtime.jobs


@router.get("/jobs")
async def list_jobs(runtime: Runtime, caller: Caller) -> JobsAnswer:
    runner = _runner(runtime, caller)
    return JobsAnswer(jobs=[JobInfo.model_validate(job) for job in runner.catalog.public()])


@router.get("/jobs/runs")
async def list_runs(
    runtime: Runtime,
    caller: Caller,
    run_id: str | None = Query(default=None, max_length=200),
    triggered_by: str | None = Query(default=None, max_length=200),
    limit: int = Query(default=50, ge=1, le=500),
) -> RunsAnswer:
    """Attempts, newest first: one run's (`run_id`), or those of the runs a run started
    (`triggered_by`, oldest first), or the latest `limit`."""
    _runner(runtime, caller)
    store = runtime.storage.jobs
    assert store is not None
    if triggered_by is not None:
        runs = await asyncio.to_thread(store.runs_triggered_by, triggered_by)
    else:
        runs = await asyncio.to_thread(store.runs, limit, run_id)
    return RunsAnswer(runs=[JobRun(**run) for run in runs])


@router.get("/jobs/runs/{run_id}/alerts")
async def run_alerts(run_id: str, runtime: Runtime, caller: Caller) -> RaisedAlertsAnswer:
    """The alerts a run raised (each stored once: an alert raised before is not listed again)."""
    _runner(runtime, caller)
    assert runtime.storage.jobs is not None
    alerts = await asyncio.to_thread(runtime.storage.jobs.run_alerts, run_id[:200])
    return RaisedAlertsAnswer(alerts=[RaisedAlert(**alert) for alert in alerts])


class UploadedFile(BaseModel):
    """A file for the job, copied into the skill's `inbox/`; the args then name it (`file`)."""

    name: str = Field(min_length=1, max_length=200)
    content_base64: str


class RunRequest(BaseModel):
    """The run's args (as the job documents them) and, optionally, a file it reads."""

    args: dict[str, Any] = Field(default_factory=dict)
    file: UploadedFile | None = None


async def _with_file(skill: LoadedSkill | None, name: str, request: RunRequest) -> dict[str, Any]:
    """The run's args; a file goes through the skill's backend into its state's inbox (its
    path, `inbox/…`, in `file`)."""
    args = dict(request.args)
    if request.file is None:
        return args
    if not (skill and skill.spec.state and isinstance(skill.pool, ContainerPool)):
        raise HTTPException(422, f"skill {name} keeps no state (state: true): it takes no files")
    try:
        encoded = request.file.content_base64
        content = await asyncio.to_thread(base64.b64decode, encoded, None, True)
    except binascii.Error as exc:
        raise HTTPException(422, f"file.content_base64 is not base64: {exc}") from None
    try:
        backend = skill.pool.backend
        args["file"] = await backend.receive_file(skill.spec, request.file.name, content)
    except FileRefused as exc:
        raise HTTPException(409, f"the file cannot reach skill {skill.spec.name}: {exc}") from None
    return args


@router.post("/jobs/{name}/runs", status_code=202)
async def run_job(
    name: str, runtime: Runtime, caller: Caller, request: RunRequest | None = None
) -> RunStarted:
    """Run `name` (`skill.job`) now; its progress is in `GET /jobs/runs?run_id=…`."""
    runner = _runner(runtime, caller)
    job = runner.catalog.get(name)
    if job is None:
        raise HTTPException(404, f"no job {name}; GET /jobs lists them")
    body = request or RunRequest()
    args = await _with_file(runtime.registry.skills.get(job.skill), job.skill, body)
    return RunStarted(job=name, run_id=await runner.enqueue(name, args))
