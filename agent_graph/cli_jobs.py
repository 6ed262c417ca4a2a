"""`propsearch jobs list` and `propsearch jobs run SKILL.JOB [--file PATH] [--confirm]`: the
operator's side of the jobs skills declare, against a running server's admin routes. `--url`
and `--token` go before or after the action; `run` follows the chain it starts (the jobs that
run after it) and shows the alerts each raised.

The admin token comes from `--token-file PATH` or the PROPSEARCH_TOKEN environment variable;
`--token` still works but puts the token on the command line, where `ps` shows it to every
user of the machine."""

from __future__ import annotations

import argparse
import base64
import json
import os
import sys
from pathlib import Path
from typing import Any, TextIO

import httpx

from agent_graph.cli_job_chain import Chain

TOKEN_VARIABLE = "PROPSEARCH_TOKEN"


def _connection_options(parser: argparse.ArgumentParser, with_defaults: bool) -> None:
    """--url, --token-file and --token; on the actions without defaults, so that one given
    before the action is not reset by the action's parser."""

    def default(value: str | None) -> str | None:
        return value if with_defaults else argparse.SUPPRESS

    parser.add_argument("--url", default=default("http://127.0.0.1:8000"), help="server URL")
    token = parser.add_mutually_exclusive_group()
    token.add_argument(
        "--token-file",
        type=Path,
        default=default(None),
        help=f"a file holding an admin's token (else ${TOKEN_VARIABLE})",
    )
    token.add_argument(
        "--token",
        default=default(None),
        help="an admin's token or API key (visible in `ps`: prefer --token-file)",
    )


def add_parser(sub: Any) -> None:
    jobs = sub.add_parser("jobs", help="list and run the skills' background jobs (admins)")
    _connection_options(jobs, with_defaults=True)
    shared = argparse.ArgumentParser(add_help=False)
    _connection_options(shared, with_defaults=False)
    action = jobs.add_subparsers(dest="action", required=True)
    action.add_parser("list", parents=[shared], help="the declared jobs and their latest runs")
    run = action.add_parser(
        "run", parents=[shared], help="run a job now and wait for it and the jobs after it"
    )
    run.add_argument("job", help="skill.job, as `jobs list` shows it")
    run.add_argument("--file", type=Path, help="a file for the job (copied to the skill's inbox)")
    run.add_argument("--confirm", action="store_true", help="confirm a change the job asked about")
    run.add_argument("--args", default="{}", help="more args, as a JSON object")
    run.add_argument("--timeout", type=float, default=600.0, help="seconds to wait for it")


class TokenFileError(ValueError):
    """`--token-file` names no readable file, or an empty one."""


def admin_token(args: argparse.Namespace) -> str | None:
    """`--token`, else the first line of `--token-file`, else PROPSEARCH_TOKEN; None: no token."""
    if args.token:
        return str(args.token)
    if args.token_file is not None:
        try:
            lines = args.token_file.read_text().strip().splitlines()
        except OSError as exc:
            raise TokenFileError(f"cannot read the token file {args.token_file}: {exc}") from None
        if not lines:
            raise TokenFileError(f"the token file {args.token_file} is empty")
        return str(lines[0]).strip()
    return os.environ.get(TOKEN_VARIABLE) or None


def _client(token: str | None, url: str) -> httpx.Client:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return httpx.Client(base_url=url, headers=headers, timeout=httpx.Timeout(60, connect=5))


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
    return Chain(client, out, args.timeout).follow(args.job, run_id)


def _detail(response: httpx.Response) -> str:
    """What the server said of a refusal: its JSON `detail`, else the start of its body."""
    try:
        return str(response.json().get("detail"))
    except (ValueError, AttributeError):
        return response.text[:200] or response.reason_phrase


def main(args: argparse.Namespace, out: TextIO = sys.stdout) -> int:
    try:
        token = admin_token(args)
    except TokenFileError as exc:
        out.write(f"{exc}\n")
        return 1
    with _client(token, args.url) as client:
        try:
            if args.action == "list":
                return list_jobs(client, out)
            return run_job(client, args, out)
        except httpx.HTTPStatusError as exc:
            out.write(f"refused ({exc.response.status_code}): {_detail(exc.response)}\n")
            return 1
        except httpx.TransportError as exc:
            out.write(f"cannot reach {args.url} ({type(exc).__name__}): is the server running?\n")
            return 1
