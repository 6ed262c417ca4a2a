"""`docker-compose up` of compose.yaml: the agent starts and every bundled skill answers a call
(mcp_time included: its MCP server runs inside the agent's container on the image's venv, never
on the host's `.venv` in the mounted skills folder). Needs `make images` and the agent image
(`scripts/docker/build-images.sh --agent`). Everything the stack started is removed after."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_graph.skills.backends.docker import LABEL_MANAGED
from agent_graph.skills.backends.docker_state import LABEL_SCOPE
from agent_graph.skills.model.manifest import load_skill
from tests.docker.conftest import ROOT, SKILLS_DIR, _unavailable
from tests.servers import free_port

AGENT_IMAGE = "propsearch/agent:latest"
TOKEN = "compose-test-token-0123456789"
ONE_CALL = {
    "current_time": ("get_current_time", {"timezone": "UTC"}),
    "mcp_time": ("mcp_time_get_current_time", {"timezone": "UTC"}),
    "real_estate": ("search_properties", {"location": "Austin", "limit": 1}),
    "mortgage": ("mortgage_payment", {"price": 400000, "rate_percent": 6.5}),
}
"""One call per bundled skill; a skill added to skills/ must be added here."""
READY_S = 240


def _bundled() -> set[str]:
    return {p.parent.name for p in SKILLS_DIR.glob("*/SKILL.md")}


def _images_present(docker_client: Any) -> None:
    import docker

    wanted = [AGENT_IMAGE]
    wanted += [img for n in _bundled() if (img := load_skill(SKILLS_DIR / n).image)]
    for image in wanted:
        try:
            docker_client.images.get(image)
        except docker.errors.ImageNotFound:
            _unavailable(f"image {image} is not built (build-images.sh --agent)")


class Stack:
    """compose.yaml as a project of its own, on a free port, with a memory folder in tmp."""

    def __init__(self, tmp: Path) -> None:
        binary = shutil.which("docker-compose")
        if binary is None:
            _unavailable("docker-compose is not installed")
        self.binary = str(binary)
        self.port = free_port()
        self.project = f"propsearch-test-{os.getpid()}"
        memory = tmp / "memory"
        memory.mkdir()
        os.chown(memory, 10001, 10001)  # the agent runs as uid 10001
        tokens = tmp / "tokens.json"
        tokens.write_text(json.dumps({TOKEN: {"user": "tester", "role": "user"}}))
        tokens.chmod(0o644)  # a compose secret, read by the agent's uid 10001
        override = tmp / "compose.test.yaml"
        override.write_text(f"services:\n  agent:\n    volumes:\n      - {memory}:/app/memory\n")
        self.files = ["-f", str(ROOT / "compose.yaml"), "-f", str(override)]
        self.env = {
            **os.environ,
            "DOCKER_GID": str(os.stat("/var/run/docker.sock").st_gid),
            "API_TOKENS": str(tokens),
            "AGENT_PORT": str(self.port),
            "AGENT_MODEL": "offline",
            "SKILL_DOCKER_SCOPE": self.project,  # real_estate's state volume is the test's own
        }

    def compose(self, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [self.binary, "-p", self.project, *self.files, *args],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=timeout,
        )

    def logs(self) -> str:
        return self.compose("logs", "--no-color", "--tail", "80", "agent").stdout


@pytest.fixture
def stack(tmp_path: Path, docker_client: Any) -> Iterator[Stack]:
    _images_present(docker_client)
    managed = {"label": f"{LABEL_MANAGED}=1"}
    before = {c.id for c in docker_client.containers.list(all=True, filters=managed)}
    stack = Stack(tmp_path)
    try:
        yield stack
    finally:
        stack.compose("down", "-v", "--remove-orphans", "-t", "20")
        for container in docker_client.containers.list(all=True, filters=managed):
            if container.id not in before:  # skill containers the stack's agent started
                container.remove(force=True)
        for volume in docker_client.volumes.list(
            filters={"label": f"{LABEL_SCOPE}={stack.project}"}
        ):
            volume.remove(force=True)  # the state volumes they made (`down -v` knows none)


def _call_until_answered(client: httpx.Client, tool: str, params: dict[str, Any]) -> None:
    """The pools start their workers after the API answers /health: retry while the call
    fails on the server's side (a worker not up yet), never on a refused call."""
    deadline = time.monotonic() + READY_S
    while True:
        reply = client.post(f"/tools/{tool}", json={"params": params})
        if reply.status_code < 500 or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert reply.status_code == 200, f"{tool}: {reply.status_code} {reply.text[:300]}"
    assert reply.json()["result"], f"{tool} answered nothing"


def test_compose_up_answers_with_every_bundled_skill(stack: Stack) -> None:
    up = stack.compose("up", "-d", "--no-build", "agent")
    assert up.returncode == 0, up.stderr
    headers = {"Authorization": f"Bearer {TOKEN}"}
    url = f"http://127.0.0.1:{stack.port}"
    with httpx.Client(base_url=url, headers=headers, timeout=60) as client:
        deadline = time.monotonic() + READY_S
        while not _healthy(client):
            assert time.monotonic() < deadline, f"the agent never got healthy:\n{stack.logs()}"
            time.sleep(2)
        loaded = set(client.get("/skills").json()["skills"])
        assert loaded == _bundled(), f"loaded {sorted(loaded)}:\n{stack.logs()}"
        assert set(ONE_CALL) == loaded, "every bundled skill needs a call in ONE_CALL"
        for tool, params in ONE_CALL.values():
            _call_until_answered(client, tool, params)


def _healthy(client: httpx.Client) -> bool:
    try:
        return client.get("/health").status_code == 200
    except httpx.HTTPError:
        return False
