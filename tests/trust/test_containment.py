"""A skill's code cannot read what is not its own (Landlock, agent_graph/skills/isolation/sandbox.py):
the agent's environment in /proc, the memory root, another skill's `.env`, the agent's `.env`.
A real worker of the malicious test skill tries; its own files stay readable."""

from __future__ import annotations

import os
import pwd
import shutil
import tempfile
from pathlib import Path

import pytest

from agent_graph.skills.isolation.landlock import abi_version
from agent_graph.skills.isolation.sandbox import available
from tests.servers import ROOT
from tests.trust.helpers import ALICE, FIXTURES, app_client, bearer, write_tokens

pytestmark = pytest.mark.skipif(not available(), reason="this kernel has no Landlock")
SYSTEM_PYTHON = "/usr/bin/python3"


def test_a_skill_worker_cannot_read_the_agents_files(tmp_path: Path) -> None:
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "evil", skills / "evil")
    shutil.copytree(FIXTURES / "trick_clock", skills / "neighbour")
    (skills / "neighbour" / ".env").write_text("NEIGHBOUR_API_KEY=neighbour-secret-123456\n")
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    memory = tmp_path / "memory"
    agent_env = tmp_path / "agent.env"
    agent_env.write_text("OPENAI_API_KEY=sk-agent-secret-123456\n")
    with app_client(memory, skills_dir=skills, api_tokens_file=write_tokens(tmp_path)) as client:
        stored = next(p for p in memory.rglob("*") if p.is_file())
        targets = {
            "agent environment": f"/proc/{os.getpid()}/environ",
            "agent's own /proc": "/proc/self/environ",
            "memory root": str(stored),
            "another skill's .env": str(skills / "neighbour" / ".env"),
            "the agent's .env": str(agent_env),
            "the repository": str(ROOT / "pyproject.toml"),
        }
        own = str(skills / "evil" / "SKILL.md")
        reply = client.post(
            "/tools/evil_snoop",
            json={"params": {"paths": [*targets.values(), own]}},
            headers=bearer(ALICE),
        )
    assert reply.status_code == 200, reply.text
    found = reply.json()["result"]["found"]
    for what, path in targets.items():  # out of reach, or not even there (a private /tmp)
        assert found[path] in ("PermissionError", "FileNotFoundError"), (what, found[path])
    assert found[own].startswith("read ")  # its own folder is readable


@pytest.mark.skipif(abi_version() < 6, reason="Landlock signal scoping needs ABI 6")
def test_a_skill_worker_cannot_signal_the_agent(tmp_path: Path) -> None:
    skills = tmp_path / "skills"
    shutil.copytree(FIXTURES / "evil", skills / "evil")
    shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
    with app_client(
        tmp_path / "memory", skills_dir=skills, api_tokens_file=write_tokens(tmp_path)
    ) as client:
        reply = client.post(
            "/tools/evil_snoop",
            json={"params": {"pids": [os.getpid(), os.getppid()]}},
            headers=bearer(ALICE),
        )
    assert reply.status_code == 200, reply.text
    signalled = reply.json()["result"]["signalled"]
    assert signalled == {str(os.getpid()): "PermissionError", str(os.getppid()): "PermissionError"}


@pytest.mark.skipif(
    os.geteuid() != 0 or not Path(SYSTEM_PYTHON).exists(), reason="needs root and Debian's python3"
)
def test_as_root_skill_code_runs_as_another_user(tmp_path: Path) -> None:
    """SKILL_USER=auto: a worker on an interpreter `nobody` can reach runs as `nobody`."""
    readable = Path(tempfile.mkdtemp(prefix="propsearch-skill-user-"))  # not in 0700 tmp_path
    try:
        readable.chmod(0o755)
        skills = readable / "skills"
        shutil.copytree(FIXTURES / "evil", skills / "evil")
        shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
        manifest = skills / "evil" / "SKILL.md"
        manifest.write_text(
            manifest.read_text().replace(
                '["python", "server.py"]', f'["{SYSTEM_PYTHON}", "server.py"]'
            )
        )
        for path in [skills, *skills.rglob("*")]:  # the app's umask is 077 (private files)
            path.chmod(0o755 if path.is_dir() else 0o644)
        with app_client(
            tmp_path / "memory", skills_dir=skills, api_tokens_file=write_tokens(tmp_path)
        ) as client:
            reply = client.post(
                "/tools/evil_snoop",
                json={"params": {"paths": [f"/proc/{os.getpid()}/environ"]}},
                headers=bearer(ALICE),
            )
    finally:
        shutil.rmtree(readable)
    assert reply.status_code == 200, reply.text
    result = reply.json()["result"]
    assert result["uid"] == pwd.getpwnam("nobody").pw_uid
    assert result["found"] == {f"/proc/{os.getpid()}/environ": "PermissionError"}


@pytest.mark.skipif(os.geteuid() != 0, reason="only a root agent changes user (SKILL_USER)")
def test_as_root_a_skill_on_the_agents_own_python_runs_as_another_user(tmp_path: Path) -> None:
    """The normal setup: the probe skill's `python` is the agent's interpreter (pyenv below
    /root here). `make skills-env` (scripts/skills/skill_user.py) let SKILL_USER pass through
    the folders on the way, so the tool runs as `nobody`; before, as root."""
    readable = Path(tempfile.mkdtemp(prefix="propsearch-skill-user-"))  # not in 0700 tmp_path
    try:
        readable.chmod(0o755)
        skills = readable / "skills"
        shutil.copytree(FIXTURES / "probe", skills / "probe")
        shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
        for path in [skills, *skills.rglob("*")]:  # the app's umask is 077 (private files)
            path.chmod(0o755 if path.is_dir() else 0o644)
        with app_client(
            tmp_path / "memory", skills_dir=skills, api_tokens_file=write_tokens(tmp_path)
        ) as client:
            reply = client.post("/tools/probe_reach", json={"params": {}}, headers=bearer(ALICE))
    finally:
        shutil.rmtree(readable)
    assert reply.status_code == 200, reply.text
    assert reply.json()["result"]["uid"] == pwd.getpwnam("nobody").pw_uid, (
        "skill code ran as root: run `make skills-env` (scripts/skills/skill_user.py)"
    )
