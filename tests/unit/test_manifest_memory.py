"""SKILL.md `memory`: a skill that needs more room than the docker backend's default says so."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.skills.model.manifest import ManifestError, load_skill, memory_bytes
from tests.skill_env import SKILLS_DIR


def _skill(tmp_path: Path, extra: str) -> Path:
    (tmp_path / "SKILL.md").write_text(f"---\nname: roomy\nimage: x\n{extra}---\n")
    return tmp_path


def test_memory_is_read_and_defaults_to_the_backends() -> None:
    assert load_skill(SKILLS_DIR / "real_estate").memory == "1024m"
    assert load_skill(SKILLS_DIR / "current_time").memory is None


@pytest.mark.parametrize("value", ["512", "5g", "0m", "lots", "12345m"])
def test_a_malformed_memory_is_a_clear_error(tmp_path: Path, value: str) -> None:
    with pytest.raises(ManifestError, match="'memory' must be like 512m"):
        load_skill(_skill(tmp_path, f"memory: {value}\n"))


def test_a_well_formed_memory_is_kept(tmp_path: Path) -> None:
    assert load_skill(_skill(tmp_path, "memory: 1g\n")).memory == "1g"


def test_a_local_workers_cap_is_its_memory_else_a_gigabyte(tmp_path: Path) -> None:
    """What the launcher sets as RLIMIT_DATA (docs/skill-isolation.md, "Memory")."""
    assert memory_bytes(load_skill(SKILLS_DIR / "real_estate")) == 1024 << 20
    assert memory_bytes(load_skill(SKILLS_DIR / "current_time")) == 1 << 30
    assert memory_bytes(load_skill(_skill(tmp_path, "memory: 2g\n"))) == 2 << 30
