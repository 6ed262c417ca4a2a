"""The job probe skill (tests/fixtures/skills/job_probe), or another fixture skill, started for
real, and waiting helpers."""

from __future__ import annotations

import asyncio
import shutil
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from agent_graph.skills.backends.pool import ContainerPool
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.model.manifest import load_skill

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "skills"
PROBE = FIXTURES / "job_probe"


def probe_skills_dir(tmp: Path, schedule: str | None = None) -> Path:
    """A skills folder holding only the job probe (its tick schedule replaced when given)."""
    folder = tmp / "skills" / "job_probe"
    shutil.copytree(PROBE, folder)
    if schedule is not None:
        manifest = folder / "SKILL.md"
        text = manifest.read_text().replace('"* * * * * */2"', f'"{schedule}"')
        manifest.write_text(text)
    return folder.parent


async def started_pool(
    skills_dir: Path, state: Path, port_base: int, skill: str = "job_probe"
) -> ContainerPool:
    pool = ContainerPool(
        load_skill(skills_dir / skill),
        ProcessBackend(state=state),
        PortAllocator(port_base),
    )
    await pool.start()
    return pool


async def until(predicate: Callable[[], Any], timeout: float = 20.0) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        value = await asyncio.to_thread(predicate)
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.1)
