"""Admins' job routes (docs/jobs.md): `GET /jobs` (what is declared), `GET /jobs/runs` (the run
records), `POST /jobs/{skill}.{job}/runs` (run one now, with args and optionally a file, base64 in the
JSON body as every POST body is JSON: it goes into the skill's inbox and the args name it)."""

from __future__ import annotations

import asyncio
import base64
import binascii
import io
from typing import Any

from fastapi import APIRouter, HTTPException, Query
from pydantic import BaseModel, Field

from agent_graph.jobs.inbox import receive
from agent_graph.jobs.runner import JobRunner
from agent_graph.server.deps import ERRORS, Caller, Runtime
from agent_graph.skills.state import state_root

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
    limit: int = Query(default=50, ge=1, le=500),
) -> RunsAnswer:
    _runner(runtime, caller)
    assert runtime.storage.jobs is not None
    runs = await asyncio.to_thread(runtime.storage.jobs.runs, limit, run_id)
    return RunsAnswer(runs=[JobRun(**run) for run in runs])


class UploadedFile(BaseModel):
    """A file for the job, copied into the skill's `inbox/`; the args then name it (`file`)."""

    name: str = Field(min_length=1, max_length=200)
    content_base64: str


class RunRequest(BaseModel):
    """The run's args (as the job documents them) and, optionally, a file it reads."""

    args: dict[str, Any] = Field(default_factory=dict)
    file: UploadedFile | None = None


def _with_file(runtime: Runtime, skill: str, request: RunRequest) -> dict[str, Any]:
    args = dict(request.args)
    if request.file is not None:
        content = io.BytesIO(base64.b64decode(request.file.content_base64, validate=True))
        root = state_root(runtime.settings.memory_root)
        args["file"] = receive(root, skill, request.file.name, content)
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
    skill = runtime.registry.skills.get(job.skill)
    if body.file is not None and not (skill and skill.spec.state):
        raise HTTPException(
            422, f"skill {job.skill} keeps no state (state: true): it takes no files"
        )
    try:
        args = await asyncio.to_thread(_with_file, runtime, job.skill, body)
    except binascii.Error as exc:
        raise HTTPException(422, f"file.content_base64 is not base64: {exc}") from None
    return RunStarted(job=name, run_id=await runner.enqueue(name, args))
