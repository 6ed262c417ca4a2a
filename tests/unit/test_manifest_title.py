"""SKILL.md `title`: the skill's name as a person reads it (a refusal's step says it), never its
id; its `name` in words when unset."""

from __future__ import annotations

from pathlib import Path

from agent_graph.skills.model.manifest import load_skill
from tests.skill_env import SKILLS_DIR


def _skill(tmp_path: Path, extra: str = "") -> Path:
    (tmp_path / "SKILL.md").write_text(f"---\nname: open_houses\nimage: x\n{extra}---\n")
    return tmp_path


def test_a_declared_title_is_kept() -> None:
    assert load_skill(SKILLS_DIR / "real_estate").title == "Home search"


def test_without_one_the_name_is_said_in_words(tmp_path: Path) -> None:
    assert load_skill(_skill(tmp_path)).title == "Open houses"
    assert load_skill(_skill(tmp_path, "title: Open house finder\n")).title == "Open house finder"
