"""Skills are guests (ATTACKS.md, issue 36): a probe skill, as a process worker, a Node worker and
a stdio MCP server, tries from inside the running server (tokenless, so a loopback caller is the
local admin) to reach the API, another loopback service, the skill workers' ports, to bind port
81, to open a raw packet socket and to look into the agent's /tmp and /dev/shm. It reaches only
the host:port its SKILL.md declares."""

from __future__ import annotations

import http.server
import os
import shutil
import socket
import tempfile
import threading
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest

from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.isolation import sandbox
from agent_graph.skills.isolation.landlock import NET_ABI, abi_version
from agent_graph.skills.registry import SkillRegistry
from tests.servers import ROOT, ServerProcess, free_port_window, start_server
from tests.trust.helpers import FIXTURES, kill_orphan_workers

pytestmark = pytest.mark.skipif(
    abi_version() < NET_ABI or os.geteuid() != 0 or not shutil.which("node"),
    reason="needs Landlock ABI 4, root (namespaces) and node",
)
TOOLS = {"process": "probe_reach", "node": "probe_node_reach", "mcp": "probe_mcp_reach"}
OPEN = {"ok", "ConnectionRefusedError", "ECONNREFUSED"}  # reached the port (listening or not)


@dataclass
class Platform:
    """The running server and the loopback services around it."""

    server: ServerProcess
    declared: int
    undeclared: int
    worker_ports: list[int]
    markers: list[str]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: Any) -> None:
        pass


def _loopback_service() -> http.server.ThreadingHTTPServer:
    service = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Quiet)
    threading.Thread(target=service.serve_forever, daemon=True).start()
    return service


def _skills(folder: Path, declared: int) -> Path:
    skills = folder / "skills"
    for name in ("probe", "probe_node", "probe_mcp"):
        shutil.copytree(FIXTURES / name, skills / name)
        manifest = skills / name / "SKILL.md"
        text = manifest.read_text().replace(
            "\n---\n", f'\noutbound: ["127.0.0.1:{declared}"]\n---\n', 1
        )
        manifest.write_text(text)
    shutil.copy(skills / "probe" / "probe_checks.py", skills / "probe_mcp")
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    return skills


def _markers() -> list[str]:
    """A file in the agent's /tmp and one in its /dev/shm (another user's data, say)."""
    paths = []
    for folder in ("/tmp", "/dev/shm"):
        handle, path = tempfile.mkstemp(prefix="propsearch-marker-", dir=folder)
        os.close(handle)
        paths.append(path)
    return paths


@pytest.fixture(scope="module")
def platform(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Platform]:
    folder = tmp_path_factory.mktemp("skill-network")
    declared, undeclared = _loopback_service(), _loopback_service()
    skills = _skills(folder, declared.server_address[1])
    markers, base = _markers(), free_port_window()
    server = start_server(folder / "memory", base, SKILLS_DIR=str(skills))
    try:
        yield Platform(
            server,
            declared.server_address[1],
            undeclared.server_address[1],
            list(range(base, base + 8)),
            markers,
        )
    finally:
        server.stop()
        kill_orphan_workers(skills)
        for service in (declared, undeclared):
            service.shutdown()
        for path in markers:
            os.unlink(path)


def _probe(platform: Platform, kind: str, params: dict[str, Any]) -> dict[str, Any]:
    reply = httpx.post(
        f"{platform.server.url}/tools/{TOOLS[kind]}", json={"params": params}, timeout=60
    )
    assert reply.status_code == 200, (reply.text, platform.server.log()[-3000:])
    result: dict[str, Any] = reply.json()["result"]
    return result


@pytest.mark.parametrize("kind", list(TOOLS))
def test_a_skill_cannot_reach_the_api_or_other_loopback_services(
    platform: Platform, kind: str
) -> None:
    api = int(platform.server.url.rsplit(":", 1)[1])
    ports = [api, platform.undeclared, *platform.worker_ports]
    result = _probe(platform, kind, {"connect": ports})
    assert set(result["connect"]) == {str(p) for p in ports}
    reached = {port: outcome for port, outcome in result["connect"].items() if outcome in OPEN}
    assert reached == {}, f"{kind} skill reached {reached}"


@pytest.mark.parametrize("kind", list(TOOLS))
def test_a_skill_reaches_the_host_it_declares(platform: Platform, kind: str) -> None:
    result = _probe(platform, kind, {"connect": [platform.declared]})
    assert result["connect"] == {str(platform.declared): "ok"}


@pytest.mark.parametrize("kind", list(TOOLS))
def test_a_skill_cannot_bind_a_low_port_nor_open_a_raw_socket(
    platform: Platform, kind: str
) -> None:
    result = _probe(platform, kind, {"bind": [81]})
    assert result["bind"]["81"] in ("PermissionError", "EACCES"), result
    if kind != "node":  # Node has no raw sockets of its own
        assert result["raw"] == "PermissionError", result


@pytest.mark.parametrize("kind", list(TOOLS))
def test_a_skill_has_its_own_tmp_and_dev_shm(platform: Platform, kind: str) -> None:
    result = _probe(platform, kind, {"peek": platform.markers})
    assert set(result["peek"].values()) <= {"FileNotFoundError", "ENOENT"}, result


@pytest.mark.skipif(abi_version() < 6, reason="Landlock scoping needs ABI 6")
@pytest.mark.parametrize("kind", ["process", "mcp"])
def test_a_skill_cannot_connect_to_the_agents_abstract_unix_sockets(
    platform: Platform, kind: str
) -> None:
    """An abstract Unix socket has no file to protect it: Landlock's scope (ABI 6) and, for a
    worker in a network namespace of its own, the namespace keep skills from the agent's."""
    name = f"propsearch-agent-{uuid.uuid4().hex}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as listener:
        listener.bind("\0" + name)
        listener.listen(8)
        result = _probe(platform, kind, {"unix": [name]})
    assert result["unix"][name] in ("PermissionError", "ConnectionRefusedError"), result


@pytest.mark.parametrize("tokens", [False, True])
async def test_without_network_confinement_only_bundled_skills_start_tokenless(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, tokens: bool
) -> None:
    """A kernel without Landlock ABI 4 (the kernel is the edge faked here): a third-party process
    skill that declares an `outbound` host (no network namespace for it) is refused while the
    API takes callers without tokens, and says why; bundled skills start."""
    monkeypatch.setattr(sandbox, "abi_version", lambda: 3)
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "probe", skills / "probe")
    manifest = skills / "probe" / "SKILL.md"
    manifest.write_text(
        manifest.read_text().replace("\n---\n", '\noutbound: ["example.com:443"]\n---\n', 1)
    )
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    (skills / "current_time").symlink_to(ROOT / "skills" / "current_time")
    ports = PortAllocator(free_port_window())
    registry = SkillRegistry(skills, ProcessBackend, ports, tokens=tokens)
    try:
        await registry.start()
        assert "current_time" in registry.names
        if tokens:
            assert "probe" in registry.names
        else:
            assert "probe" not in registry.names
            assert "Set API_TOKENS_FILE" in registry.failed["probe"]
    finally:
        await registry.close()


async def test_without_network_rules_a_skill_that_declares_no_host_starts_in_its_own_namespace(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same kernel (faked): a third-party process skill that declares no `outbound` host
    starts tokenless, in a network namespace of its own (tests/trust/test_skill_netns.py shows
    what it can reach there: nothing)."""
    monkeypatch.setattr(sandbox, "abi_version", lambda: 3)
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "probe", skills / "probe")
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    registry = SkillRegistry(skills, ProcessBackend, PortAllocator(free_port_window()))
    try:
        await registry.start()
        assert "probe" in registry.names, registry.failed
        result = await registry.dispatch("probe_reach", {"udp": [9]})
        # no UDP socket (seccomp), and were there one, no route: not even loopback
        assert result["udp"] in ({"9": "PermissionError"}, {"9": "OSError"})
    finally:
        await registry.close()
