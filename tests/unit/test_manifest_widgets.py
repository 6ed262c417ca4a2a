"""SKILL.md `widgets`: the MCP Apps cards a skill ships, by the `renders` value they show."""

from __future__ import annotations

from pathlib import Path

import pytest

from agent_graph.skills.model.manifest import ManifestError, load_skill
from tests.skill_env import SKILLS_DIR


def _skill(tmp_path: Path, widgets: str) -> Path:
    (tmp_path / "SKILL.md").write_text(f"---\nname: carded\nimage: x\nwidgets:\n{widgets}---\n")
    return tmp_path


def test_the_mortgage_skill_ships_its_card() -> None:
    widgets = load_skill(SKILLS_DIR / "mortgage").widgets
    assert widgets == {"mortgage": (SKILLS_DIR / "mortgage" / "dist/widget/index.html").resolve()}
    assert load_skill(SKILLS_DIR / "current_time").widgets == {}


@pytest.mark.parametrize(
    ("widgets", "message"),
    [
        ("  payment: ../../etc/passwd\n", "inside the skill's folder"),
        ("  payment: /etc/passwd\n", "inside the skill's folder"),
        ("  Bad-Name: card.html\n", "name must match"),
        ("  payment: 3\n", "name must match"),
    ],
)
def test_a_widget_outside_the_folder_or_misnamed_is_a_clear_error(
    tmp_path: Path, widgets: str, message: str
) -> None:
    with pytest.raises(ManifestError, match=message):
        load_skill(_skill(tmp_path, widgets))


def test_widgets_must_be_a_mapping(tmp_path: Path) -> None:
    with pytest.raises(ManifestError, match="'widgets' must map"):
        load_skill(_skill(tmp_path, "  - card.html\n"))
