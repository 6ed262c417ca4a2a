"""The operator's and the user's side against a real server (uvicorn, the job probe skill, the
embedded profile): `propsearch jobs` over the admin routes, a file handed to a job through its
inbox, a run needing confirmation, alerts read back per user, and a bad schedule stopping the
server at start-up."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from agent_graph.memory.preferences import PreferenceEntry, PreferenceStore
from tests.jobs.helpers import probe_skills_dir
from tests.servers import ROOT, ServerProcess, free_port_window, start_server

TOKENS = {
    "admin-token-0123456789": {"user": "ops", "role": "admin"},
    "ana-token-0123456789": {"user": "ana", "role": "user"},
    "guest-token-0123456789": {"user": "visitor", "role": "guest"},
}

ADMIN = "admin-token-0123456789"
UPLOAD_LIMIT = 300_000
"""The admin's job-run body limit here (JOB_UPLOAD_MAX_BYTES); every other body: 64 KB."""


@dataclass
class Served:
    server: ServerProcess
    folder: Path

    def get(self, path: str, token: str, **params: object) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"}
        return httpx.get(f"{self.server.url}{path}", headers=headers, params=params, timeout=30)

    def cli(self, *args: str, options_first: bool = False) -> subprocess.CompletedProcess[str]:
        """`propsearch jobs ACTION … --url U --token T` as docs/jobs.md writes it (or with the
        options before the action)."""
        return self.cli_as(["--token", ADMIN], *args, options_first=options_first)

    def cli_as(
        self,
        token: list[str],
        *args: str,
        environ: dict[str, str] | None = None,
        options_first: bool = False,
    ) -> subprocess.CompletedProcess[str]:
        """`propsearch jobs` with `token` (its token options) and `environ` (a copy of ours
        without PROPSEARCH_TOKEN, else the variables given)."""
        options = ["--url", self.server.url, *token]
        given = [*options, *args] if options_first else [*args, *options]
        env = {k: v for k, v in os.environ.items() if k != "PROPSEARCH_TOKEN"}
        return subprocess.run(
            [sys.executable, "-m", "agent_graph.cli", "jobs", *given],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            env={**env, **(environ or {})},
        )


def _tokens(folder: Path) -> Path:
    path = folder / "tokens.json"
    path.write_text(json.dumps(TOKENS))
    path.chmod(0o600)
    return path


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    folder = tmp_path_factory.mktemp("jobs-api")
    memory = folder / "memory"
    PreferenceStore(memory).upsert("ana", "job_probe", PreferenceEntry("SAVED", "s_1", "78704"))
    server = start_server(
        memory,
        free_port_window(),
        SKILLS_DIR=str(probe_skills_dir(folder)),
        API_TOKENS_FILE=str(_tokens(folder)),
        JOB_RETRY_S="0.2",
        JOB_UPLOAD_MAX_BYTES=str(UPLOAD_LIMIT),
    )
    yield Served(server, folder)
    server.stop()


def test_jobs_are_for_admins(served: Served) -> None:
    assert served.get("/jobs", "ana-token-0123456789").status_code == 403
    answer = served.get("/jobs", "admin-token-0123456789")
    assert answer.status_code == 200
    jobs = {job["job"]: job for job in answer.json()["jobs"]}
    assert sorted(jobs) == ["job_probe.ingest", "job_probe.notify", "job_probe.tick"]
    assert jobs["job_probe.notify"]["after"] == ["job_probe.ingest"]


def test_an_operator_runs_a_job_with_a_file_confirms_it_and_the_user_sees_the_alert(
    served: Served,
) -> None:
    update = served.folder / "update.csv"
    update.write_text("zpid,price\n1,2\n")
    asked = served.cli("run", "job_probe.ingest", "--file", str(update))
    assert asked.returncode == 2, asked.stdout + asked.stderr
    assert "run it again with --confirm" in asked.stdout
    done = served.cli("run", "job_probe.ingest", "--file", str(update), "--confirm")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "chars 15" in done.stdout  # the job read the file from its inbox
    # the whole chain, waited for: the job that runs after it and the alert it raised
    after = done.stdout.split("then job_probe.notify: run ", 1)[1]
    assert "attempt 1: ok, users 1" in after
    assert (
        "raised 1 alert(s):\n    for ana: 1 new homes match your 78704 search (1 Probe St)" in after
    )
    assert "{" not in done.stdout  # words, not JSON

    alerts = served.get("/alerts", "ana-token-0123456789").json()
    assert alerts["unread"] == 1
    assert alerts["alerts"][0]["title"] == "1 new homes match your 78704 search"
    assert served.get("/alerts", "guest-token-0123456789").json() == {"alerts": [], "unread": 0}
    headers = {"Authorization": "Bearer ana-token-0123456789"}
    read = httpx.post(f"{served.server.url}/alerts/read", json={"all": True}, headers=headers)
    assert read.json() == {"read": 1}
    assert served.get("/alerts", "ana-token-0123456789").json()["unread"] == 0

    for options_first in (False, True):
        listed = served.cli("list", options_first=options_first)
        assert listed.returncode == 0, listed.stderr
        assert "job_probe.ingest" in listed.stdout and "last: ok" in listed.stdout


def test_a_run_with_nothing_after_it_ends_with_its_own_outcome(served: Served) -> None:
    ticked = served.cli("run", "job_probe.tick", "--timeout", "60", options_first=True)
    assert ticked.returncode == 0, ticked.stdout + ticked.stderr
    assert "attempt 1: ok, ticked True" in ticked.stdout
    assert "then " not in ticked.stdout and "raised" not in ticked.stdout


def test_the_cli_says_when_the_server_is_not_there(tmp_path: Path) -> None:
    command = [sys.executable, "-m", "agent_graph.cli", "jobs", "list"]
    url = f"http://127.0.0.1:{free_port_window()}"
    answer = subprocess.run(
        [*command, "--url", url, "--token", "t"], cwd=ROOT, capture_output=True, text=True
    )
    assert answer.returncode == 1
    assert answer.stdout == f"cannot reach {url} (ConnectError): is the server running?\n"


def test_the_cli_reads_the_admin_token_from_the_environment_or_a_file(served: Served) -> None:
    assert "refused (401)" in served.cli_as([], "list").stdout  # no token anywhere
    from_env = served.cli_as([], "list", environ={"PROPSEARCH_TOKEN": ADMIN})
    assert from_env.returncode == 0 and "job_probe.ingest" in from_env.stdout
    token_file = served.folder / "admin-token"
    token_file.write_text(ADMIN + "\n")
    from_file = served.cli_as(["--token-file", str(token_file)], "list")
    assert from_file.returncode == 0 and "job_probe.ingest" in from_file.stdout
    missing = served.cli_as(["--token-file", str(served.folder / "nowhere")], "list")
    assert missing.returncode == 1 and "cannot read the token file" in missing.stdout


def _upload(served: Served, token: str | None, body: bytes, path: str = "") -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    url = f"{served.server.url}{path or '/jobs/job_probe.ingest/runs'}"
    return httpx.post(url, content=body, headers=headers, timeout=30)


def _file_body(size: int) -> bytes:
    """A run request whose JSON body is `size` bytes, its file's base64 padding it out."""
    head, tail = b'{"args": {}, "file": {"name": "big.csv", "content_base64": "', b'"}}'
    return head + b"QUJD" * ((size - len(head) - len(tail)) // 4) + tail


def test_an_admins_upload_has_its_own_limit_and_no_one_else_gets_it(served: Served) -> None:
    admin, ana = "admin-token-0123456789", "ana-token-0123456789"
    fits = _upload(served, admin, _file_body(UPLOAD_LIMIT - 100))  # past the 64 KB of others
    assert fits.status_code == 202, fits.text
    over = _upload(served, admin, _file_body(UPLOAD_LIMIT + 100))
    assert over.status_code == 413
    assert over.json()["detail"] == (
        f"request body is larger than {UPLOAD_LIMIT} bytes (JOB_UPLOAD_MAX_BYTES)"
    )

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted while it is read
        body = _file_body(UPLOAD_LIMIT + 100)
        yield from (body[i : i + 16_384] for i in range(0, len(body), 16_384))

    headers = {"Authorization": f"Bearer {admin}", "Content-Type": "application/json"}
    url = f"{served.server.url}/jobs/job_probe.ingest/runs"
    streamed = httpx.post(url, content=chunks(), headers=headers, timeout=30)
    assert streamed.status_code == 413 and "JOB_UPLOAD_MAX_BYTES" in streamed.text

    big = served.folder / "big.csv"
    big.write_bytes(b"x" * UPLOAD_LIMIT)  # a third larger once base64
    refused_cli = served.cli("run", "job_probe.ingest", "--file", str(big))
    assert refused_cli.returncode == 1
    assert "refused (413)" in refused_cli.stdout and "JOB_UPLOAD_MAX_BYTES" in refused_cli.stdout

    for token in (ana, None, "not-a-token-0123456789"):  # refused before it is read whole
        refused = _upload(served, token, _file_body(100_000))
        assert refused.status_code == 413, token
        assert refused.json()["detail"] == (
            "request body is larger than 65536 bytes; only admins may send more here"
        )
    assert _upload(served, ana, _file_body(1_000)).status_code == 403
    elsewhere = _upload(served, admin, _file_body(100_000), "/tools/job_probe_x")
    assert elsewhere.status_code == 413  # no other route gets the larger limit
    assert elsewhere.json()["detail"] == "request body is larger than 65536 bytes"


def test_a_bad_schedule_stops_the_server_at_start_up(tmp_path: Path) -> None:
    skills = probe_skills_dir(tmp_path, schedule="every tuesday")
    with pytest.raises(RuntimeError, match="exited early") as failed:
        start_server(tmp_path / "memory", free_port_window(), SKILLS_DIR=str(skills))
    assert "not a valid cron expression" in str(failed.value)
