"""`propsearch jobs list` and `propsearch jobs run SKILL.JOB [--file PATH] [--confirm]`: the
operator's side of the jobs skills declare, against a running server's admin routes."""

from __future__ import annotations

import argparse
import base64
import json
import sys
import time
from pathlib import Path
from typing import Any, TextIO

import httpx

POLL_S = 0.5
EXIT_CODES = {"ok": 0, "error": 1, "needs_confirmation": 2}


def add_parser(sub: Any) -> None:
    jobs = sub.add_parser("jobs", help="list and run the skills' background jobs (admins)")
    jobs.add_argument("--url", default="http://127.0.0.1:8000", help="server URL")
    jobs.add_argument("--token", default=None, help="an admin's bearer token or API key")
    action = jobs.add_subparsers(dest="action", required=True)
    action.add_parser("list", help="the declared jobs and their latest runs")
    run = action.add_parser("run", help="run a job now and wait for its outcome")
    run.add_argument("job", help="skill.job, as `jobs list` shows it")
    run.add_argument("--file", type=Path, help="a file for the job (copied to the skill's inbox)")
    run.add_argument("--confirm", action="store_true", help="confirm a change the job asked about")
    run.add_argument("--args", default="{}", help="more args, as a JSON object")
    run.add_argument("--timeout", type=float, default=600.0, help="seconds to wait for it")


def _client(args: argparse.Namespace) -> httpx.Client:
    headers = {"Authorization": f"Bearer {args.token}"} if args.token else {}
    return httpx.Client(base_url=args.url, headers=headers, timeout=httpx.Timeout(60, connect=5))


def list_jobs(client: httpx.Client, out: TextIO) -> int:
    jobs = client.get("/jobs").raise_for_status().json()["jobs"]
    runs = client.get("/jobs/runs", params={"limit": 200}).raise_for_status().json()["runs"]
    for job in jobs:
        when = job["schedule"] or ("after " + ", ".join(job["after"]) if job["after"] else "")
        latest = next((r for r in runs if f"{r['skill']}.{r['job']}" == job["job"]), None)
        last = f"last: {latest['outcome'] or 'running'}" if latest else "never run"
        out.write(f"{job['job']:40} {when or 'manual':24} {last}\n")
    return 0


def run_job(client: httpx.Client, args: argparse.Namespace, out: TextIO) -> int:
    extra = json.loads(args.args)
    if args.confirm:
        extra["confirm"] = True
    body: dict[str, Any] = {"args": extra}
    if args.file is not None:
        content = base64.b64encode(args.file.read_bytes()).decode()
        body["file"] = {"name": args.file.name, "content_base64": content}
    response = client.post(f"/jobs/{args.job}/runs", json=body)
    if response.status_code >= 400:
        out.write(f"refused ({response.status_code}): {_detail(response)}\n")
        return 1
    run_id = response.json()["run_id"]
    out.write(f"{args.job}: run {run_id}\n")
    return _wait(client, run_id, args.timeout, out)


def _detail(response: httpx.Response) -> str:
    """What the server said of a refusal: its JSON `detail`, else the start of its body."""
    try:
        return str(response.json().get("detail"))
    except (ValueError, AttributeError):
        return response.text[:200] or response.reason_phrase


def _wait(client: httpx.Client, run_id: str, timeout: float, out: TextIO) -> int:
    """Follow the run's attempts until one ends it (ok, needs_confirmation, or the last error)."""
    deadline = time.monotonic() + timeout
    shown: set[int] = set()
    while time.monotonic() < deadline:
        runs = client.get("/jobs/runs", params={"run_id": run_id}).raise_for_status().json()
        for attempt in sorted(runs["runs"], key=lambda r: r["attempt"]):
            if attempt["outcome"] is None or attempt["attempt"] in shown:
                continue
            shown.add(attempt["attempt"])
            detail = attempt["error"] or json.dumps(attempt["summary"])
            out.write(f"  attempt {attempt['attempt']}: {attempt['outcome']} {detail}\n")
            if attempt["outcome"] != "error":
                message = (attempt["summary"] or {}).get("needs_confirmation")
                if message:
                    out.write(f"  {message}\n  run it again with --confirm to go ahead\n")
                return EXIT_CODES[attempt["outcome"]]
        time.sleep(POLL_S)
    out.write("  still running (or retrying): see `propsearch jobs list`\n")
    return 1


def main(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    with _client(args) as client:
        try:
            if args.action == "list":
                return list_jobs(client, out)
            return run_job(client, args, out)
        except httpx.HTTPStatusError as exc:
            out.write(f"refused ({exc.response.status_code}): {exc.response.text}\n")
            return 1
