"""As root, a skill with a state folder runs as SKILL_USER (`nobody`), not as root (ATTACKS.md,
issue 36): the agent lets that user pass through the private data dir to the state folders (an
ACL `user:nobody:--x`, agent_graph/skills/isolation/state.py) and hands the skill its own folder. The probe
skill, given `state: true`, reads and writes its folder and can neither list the data dir nor
read another skill's folder (owned by the same user: Landlock keeps it out)."""

from __future__ import annotations

import os
import pwd
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.isolation.sandbox import available
from agent_graph.skills.isolation.state import state_dir, state_root
from agent_graph.skills.registry import SkillRegistry
from tests.servers import ROOT, free_port_window
from tests.trust.helpers import FIXTURES

pytestmark = pytest.mark.skipif(
    not available() or os.geteuid() != 0, reason="needs Landlock and root (SKILL_USER)"
)


@pytest.fixture
def folders() -> Iterator[tuple[Path, Path]]:
    """A skills folder everyone may read and a private data dir (0700, root), neither below
    pytest's own 0700 folder nor in /tmp (each worker has a /tmp of its own)."""
    skills = Path(tempfile.mkdtemp(prefix="propsearch-state-skills-"))
    data = Path(tempfile.mkdtemp(prefix="propsearch-state-data-", dir="/var/tmp"))
    try:
        shutil.copytree(FIXTURES / "probe", skills / "probe")
        manifest = skills / "probe" / "SKILL.md"
        manifest.write_text(manifest.read_text().replace("\n---\n", "\nstate: true\n---\n", 1))
        shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
        for path in [skills, *skills.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        yield skills, data
    finally:
        shutil.rmtree(skills)
        shutil.rmtree(data)


def _neighbour(data: Path, user: pwd.struct_passwd) -> Path:
    """Another skill's state folder with a file in it, as its worker (`nobody` too) left it."""
    folder = state_dir(state_root(data), "neighbour", (user.pw_uid, user.pw_gid))
    secret = folder / "secret.txt"
    secret.write_text("the neighbour's data")
    os.chown(secret, user.pw_uid, user.pw_gid)
    return secret


async def test_as_root_a_skill_with_a_state_folder_runs_as_the_skill_user(
    folders: tuple[Path, Path],
) -> None:
    skills, data = folders
    nobody = pwd.getpwnam("nobody")
    secret = _neighbour(data, nobody)
    state = state_root(data) / "probe"
    registry = SkillRegistry(
        skills,
        lambda: ProcessBackend(state=state_root(data)),
        PortAllocator(free_port_window()),
    )
    try:
        await registry.start()
        assert "probe" in registry.names, registry.failed
        own = str(state / "notes.txt")
        result = await registry.dispatch(
            "probe_reach",
            {"write": [own], "read": [own, str(secret)], "list": [str(state), str(data)]},
        )
    finally:
        await registry.close()
    assert result["uid"] == nobody.pw_uid, "a skill with a state folder ran as root"
    assert result["write"] == {own: "ok"}
    assert result["read"] == {own: "ok", str(secret): "PermissionError"}
    assert result["list"] == {str(state): "ok", str(data): "PermissionError"}
    assert stat.S_IMODE(data.stat().st_mode) & 0o007 == 0  # other users: still nothing
    assert stat.S_IMODE(state.stat().st_mode) == 0o700 and state.stat().st_uid == nobody.pw_uid
