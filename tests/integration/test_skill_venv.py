"""Per-skill dependencies: a Python skill's workers run on its own .venv (make skills-env)."""

from __future__ import annotations

import sys
from pathlib import Path

import psutil
import pytest

from agent_graph.config import get_settings
from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend, skill_argv
from agent_graph.skills.registry import SkillRegistry
from tests.servers import free_port_window
from tests.skill_env import SKILLS_DIR, ensure_skill_envs


def test_python_means_the_skill_venv_when_there_is_one(tmp_path: Path) -> None:
    assert skill_argv(tmp_path, ("python", "server.py")) == [sys.executable, "server.py"]
    venv_python = tmp_path / ".venv" / "bin" / "python"
    venv_python.parent.mkdir(parents=True)
    venv_python.touch()
    assert skill_argv(tmp_path, ("python3", "-m", "x")) == [str(venv_python), "-m", "x"]
    assert skill_argv(tmp_path, ("node", "dist/server.js")) == ["node", "dist/server.js"]


def _touch_python(venv: Path) -> Path:
    python = venv / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.touch()
    return python


def test_in_an_image_the_skill_runs_on_the_venv_the_image_built(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A skills folder mounted from the host carries the host's `.venv` (made for another
    machine): under SKILL_VENVS_DIR it is never used, the image's venv for that skill is."""
    folder = tmp_path / "skills" / "mcp_time"
    _touch_python(folder / ".venv")
    venvs = tmp_path / "skill-venvs"
    monkeypatch.setenv("SKILL_VENVS_DIR", str(venvs))
    get_settings.cache_clear()
    try:
        assert skill_argv(folder, ("python", "-m", "x")) == [sys.executable, "-m", "x"]
        image_python = _touch_python(venvs / "mcp_time")
        assert skill_argv(folder, ("python", "-m", "x")) == [str(image_python), "-m", "x"]
    finally:
        monkeypatch.delenv("SKILL_VENVS_DIR")
        get_settings.cache_clear()


async def test_real_estate_workers_run_on_its_venv_with_its_requirements() -> None:
    ensure_skill_envs()
    venv_python = SKILLS_DIR / "real_estate" / ".venv" / "bin" / "python"
    registry = SkillRegistry(
        SKILLS_DIR, ProcessBackend, PortAllocator(free_port_window()), only={"real_estate"}
    )
    await registry.start()
    try:
        workers = [
            p for p in psutil.Process().children() if p.cwd() == str(SKILLS_DIR / "real_estate")
        ]
        assert len(workers) >= 2  # module-scoped apps of other tests may run theirs too
        assert {p.cmdline()[0] for p in workers} == {str(venv_python)}
        result = await registry.dispatch("search_properties", {"location": "Austin", "limit": 1})
        assert result["type"] == "listings"
    finally:
        await registry.close()
    site = next((SKILLS_DIR / "real_estate" / ".venv" / "lib").glob("python*/site-packages"))
    assert (site / "scourgify").is_dir()  # installed from the skill's requirements.txt
