"""As root, a skill with a state folder (run as `nobody`) replaces its `inbox` with a link to a
root-owned folder outside and plants another link beside it (ATTACKS.md, review three). Its
next worker start (state_dir, hand_over) and an operator's upload must leave that folder as it
was: before, it became nobody:nogroup 0700 and received the upload."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pwd
import shutil
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from agent_graph.skills.backends.pool import ContainerPool, SkillCallError
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.isolation.sandbox import available
from agent_graph.skills.isolation.state import INBOX, state_root
from agent_graph.skills.registry import SkillRegistry
from tests.servers import ROOT, free_port_window
from tests.trust.helpers import FIXTURES

pytestmark = pytest.mark.skipif(
    not available() or os.geteuid() != 0, reason="needs Landlock and root (SKILL_USER)"
)


@pytest.fixture
def folders() -> Iterator[tuple[Path, Path, Path]]:
    """A readable skills folder, a private data dir and the victim: a root folder, 0755."""
    skills = Path(tempfile.mkdtemp(prefix="propsearch-links-skills-"))
    data = Path(tempfile.mkdtemp(prefix="propsearch-links-data-", dir="/var/tmp"))
    victim = Path(tempfile.mkdtemp(prefix="propsearch-links-victim-", dir="/var/tmp"))
    try:
        shutil.copytree(FIXTURES / "state_links", skills / "state_links")
        shutil.copy(ROOT / "skills" / "skill_runtime.py", skills / "skill_runtime.py")
        for path in [skills, *skills.rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        victim.chmod(0o755)
        yield skills, data, victim
    finally:
        for folder in (skills, data, victim):
            shutil.rmtree(folder)


async def test_a_planted_inbox_link_moves_nothing_outside_and_uploads_stay_in(
    folders: tuple[Path, Path, Path],
) -> None:
    skills, data, victim = folders
    backend = ProcessBackend(state=state_root(data))
    registry = SkillRegistry(skills, lambda: backend, PortAllocator(free_port_window()))
    try:
        await registry.start()
        assert "state_links" in registry.names, registry.failed
        planted = await registry.dispatch("plant_links", {"target": str(victim)})
        assert "elsewhere" in planted["planted"]  # the skill did plant its links
        with contextlib.suppress(SkillCallError):  # its zygote dies, the reply may not come
            zygote = (await registry.dispatch("restart", {}))["zygote"]
            while Path(f"/proc/{zygote}/status").exists():  # gone: its port refuses, not resets
                await asyncio.sleep(0.02)
        # the next worker starts through state_dir and hand_over
        seen = await registry.dispatch("look", {})
        pool = registry.skills["state_links"].pool
        assert isinstance(pool, ContainerPool)
        path = await backend.receive_file(pool.spec, "update.csv", b"zpid,price\n1,2\n")
    finally:
        await registry.close()
    info = victim.stat()
    assert (stat.S_IMODE(info.st_mode), info.st_uid, info.st_gid) == (0o755, 0, 0)
    assert list(victim.iterdir()) == []
    assert seen == {"inbox_is_link": False, "inbox": []}
    inbox = state_root(data) / "state_links" / INBOX
    assert not inbox.is_symlink() and inbox.stat().st_uid == pwd.getpwnam("nobody").pw_uid
    assert (inbox.parent / path).read_bytes() == b"zpid,price\n1,2\n"
