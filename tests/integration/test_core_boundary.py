"""The core knows no skill: `agent_graph/`, `api.py` and `graph.py` never name a skill's tools
or the flagship's domain words, in code, comments or docstrings alike.

Tool names come from the skills' own `/schema`, fetched from real workers, so a new skill's
tools are checked without editing this test.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from agent_graph.skills.backends.ports import PortAllocator
from agent_graph.skills.backends.process import ProcessBackend
from agent_graph.skills.registry import SkillRegistry
from tests.servers import free_port_window

ROOT = Path(__file__).resolve().parents[2]
CORE = [*sorted((ROOT / "agent_graph").rglob("*.py")), ROOT / "api.py", ROOT / "graph.py"]
DOMAIN_WORDS = [
    r"zpids?",
    r"listings?",
    r"(?<![@\"'])propert(?:y|ies)",  # `@property` is Python, `"properties"` JSON Schema
    r"austin",
    r"real[ _]estate",
    r"home ?search",
    r"(?<!\.)homes?\b(?! ?(?:dir|directory|page|folder|path))",  # not Path.home()
    r"bed(?:room)?s?",
    r"bath(?:room)?s?",
    r"sqft",
    r"zillow",
    r"realty ?api",
    r"mortgage",
]


async def _tool_names() -> set[str]:
    registry = SkillRegistry(ROOT / "skills", ProcessBackend, PortAllocator(free_port_window()))
    try:
        await registry.start()
        return {str(t["function"]["name"]) for t in registry.tools}
    finally:
        await registry.close()


def _offences(pattern: re.Pattern[str]) -> list[str]:
    found = []
    for path in CORE:
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if match := pattern.search(line):
                found.append(
                    f"{path.relative_to(ROOT)}:{number}: {match.group(0)!r}: {line.strip()}"
                )
    return found


def test_the_core_names_no_domain_word() -> None:
    pattern = re.compile(r"\b(?:" + "|".join(DOMAIN_WORDS) + r")\b", re.IGNORECASE)
    assert _offences(pattern) == []


@pytest.mark.timeout(120)
async def test_the_core_names_no_skill_tool() -> None:
    names = await _tool_names()
    assert len(names) >= 2, names  # the skills really started
    pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, sorted(names))) + r")\b")
    assert _offences(pattern) == []


def test_the_check_would_catch_an_offence() -> None:
    pattern = re.compile(r"\b(?:" + "|".join(DOMAIN_WORDS) + r")\b", re.IGNORECASE)
    for text in ("zpid 1", "3 bedrooms", "Austin, TX", "a property", "home search", "listings"):
        assert pattern.search(text), text
    for text in ("@property", "the home directory", "embedding"):
        assert not pattern.search(text), text
