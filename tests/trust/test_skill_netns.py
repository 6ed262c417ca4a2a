"""Where Landlock has no network rules (a kernel below ABI 4; forced here with
SKILL_LANDLOCK_NETWORK=false), a process worker that declares no `outbound` host runs in an empty
network namespace of its own: the launcher opens its listening socket first and hands it over
(fd 3, LISTEN_FDS), so the pool reaches it and it reaches nothing. The probe skill, as a process
worker (Python), a Node worker and a stdio MCP server, tries the API (tokenless: the local admin),
another loopback TCP service, the workers' ports, a loopback UDP service and an abstract Unix
socket of the agent's (ATTACKS.md)."""

from __future__ import annotations

import os
import shutil
import socket
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_graph.skills.isolation.sandbox import available
from tests.servers import ROOT, ServerProcess, free_port_window, start_server
from tests.trust.helpers import FIXTURES, kill_orphan_workers
from tests.trust.test_skill_network import OPEN, TOOLS, _loopback_service

pytestmark = pytest.mark.skipif(
    not available() or os.geteuid() != 0 or not shutil.which("node"),
    reason="needs Landlock, root (namespaces) and node",
)


@dataclass
class Services:
    """The running server (no Landlock network rules) and the agent's other listeners."""

    server: ServerProcess
    tcp: int
    udp: socket.socket
    unix: str
    worker_ports: list[int]


def _skills(folder: Path) -> Path:
    skills = folder / "skills"
    for name in TOOLS.values():
        name = name.removesuffix("_reach")
        shutil.copytree(FIXTURES / name, skills / name)  # no `outbound`: a namespace each
    shutil.copy(skills / "probe" / "probe_checks.py", skills / "probe_mcp")
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    return skills


@pytest.fixture(scope="module")
def services(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Services]:
    folder = tmp_path_factory.mktemp("skill-netns")
    tcp = _loopback_service()
    udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    udp.bind(("127.0.0.1", 0))
    udp.settimeout(0.5)
    unix = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    name = f"propsearch-agent-{uuid.uuid4().hex}"
    unix.bind("\0" + name)
    unix.listen(8)
    skills, base = _skills(folder), free_port_window()
    server = start_server(
        folder / "memory", base, SKILLS_DIR=str(skills), SKILL_LANDLOCK_NETWORK="false"
    )
    try:
        yield Services(server, tcp.server_address[1], udp, name, list(range(base, base + 8)))
    finally:
        server.stop()
        kill_orphan_workers(skills)
        tcp.shutdown()
        udp.close()
        unix.close()


def _probe(services: Services, kind: str, params: dict[str, Any]) -> dict[str, Any]:
    reply = httpx.post(
        f"{services.server.url}/tools/{TOOLS[kind]}", json={"params": params}, timeout=60
    )
    assert reply.status_code == 200, (reply.text, services.server.log()[-3000:])
    result: dict[str, Any] = reply.json()["result"]
    return result


@pytest.mark.parametrize("kind", list(TOOLS))
def test_without_landlock_network_rules_a_skill_reaches_no_loopback_tcp_service(
    services: Services, kind: str
) -> None:
    api = int(services.server.url.rsplit(":", 1)[1])
    ports = [api, services.tcp, *services.worker_ports]
    result = _probe(services, kind, {"connect": ports})
    assert set(result["connect"]) == {str(p) for p in ports}
    reached = {port: outcome for port, outcome in result["connect"].items() if outcome in OPEN}
    assert reached == {}, f"{kind} skill reached {reached}"


@pytest.mark.parametrize("kind", ["process", "mcp"])
def test_without_landlock_network_rules_a_skill_sends_no_udp_and_reaches_no_unix_socket(
    services: Services, kind: str
) -> None:
    port = services.udp.getsockname()[1]
    result = _probe(services, kind, {"udp": [port], "unix": [services.unix]})
    assert result["udp"][str(port)] != "ok", result
    with pytest.raises(TimeoutError):  # nothing arrived
        services.udp.recvfrom(64)
    assert result["unix"][services.unix] in ("ConnectionRefusedError", "PermissionError"), result
