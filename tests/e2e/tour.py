"""What the browser tour checks on every screen: nothing internal in the visible text (ids,
entry keys, JSON, tool descriptions), a document that never scrolls (only the chat and the
panels do), no serious axe violation; and a screenshot for a person to look at."""

from __future__ import annotations

import json
import re
import subprocess
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tests.e2e.axe import axe_violations

ROOT = Path(__file__).resolve().parents[2]
OUTPUT = Path(__file__).resolve().parent / "output" / "tour"
SKILLS = ROOT / "skills"

ZPID = re.compile(r"(?<![\d.,$])\d{8,}(?![\d,])")
ENTRY_KEY = re.compile(r"\b(?:search|home|watch)_[A-Za-z0-9]\w*")
JSON_FRAGMENT = re.compile(r"\{\s*\"")
SHORTEST_DESCRIPTION = 25
"""Shorter description sentences ("The zpid.") could match ordinary words."""

# The real_estate skill's schemas, read with its own interpreter (its modules import its deps).
_SCHEMA_DUMP = "import json, tools; print(json.dumps(tools.TOOLS))"
_DESCRIPTION_LITERAL = re.compile(r"\"description\":\s*\"([^\"]+)\"")


def _descriptions_in(schema: Any) -> list[str]:
    if isinstance(schema, dict):
        found = [schema["description"]] if isinstance(schema.get("description"), str) else []
        return found + [d for value in schema.values() for d in _descriptions_in(value)]
    if isinstance(schema, list):
        return [d for value in schema for d in _descriptions_in(value)]
    return []


def _skill_descriptions(skill: Path) -> list[str]:
    python = skill / ".venv" / "bin" / "python"
    if (skill / "tools.py").is_file() and python.is_file():
        dumped = subprocess.run(
            [str(python), "-c", _SCHEMA_DUMP],
            cwd=skill,
            env={"PYTHONPATH": f"{skill}:{SKILLS}"},  # its modules, then skill_runtime.py
            capture_output=True,
            text=True,
            check=True,
        )
        return _descriptions_in(json.loads(dumped.stdout))
    sources = [p for p in (skill / "server.py", skill / "tools.py") if p.is_file()]
    return [m for p in sources for m in _DESCRIPTION_LITERAL.findall(p.read_text())]


@cache
def tool_sentences() -> tuple[str, ...]:
    """Every sentence of every skill's tool and parameter descriptions long enough to be
    recognised (a step line or an answer that shows one shows the model's words)."""
    sentences: set[str] = set()
    for skill in sorted(p for p in SKILLS.iterdir() if p.is_dir()):
        for description in _skill_descriptions(skill):
            for sentence in re.split(r"(?<=[.;:])\s+", description):
                if len(sentence.strip()) >= SHORTEST_DESCRIPTION:
                    sentences.add(sentence.strip())
    return tuple(sorted(sentences))


def internal_strings(text: str) -> list[str]:
    """The lines of `text` showing what a person should never read: zpids, entry keys, JSON,
    tool descriptions (each line once, as it reads on screen)."""
    lines = []
    for line in text.splitlines():
        found = ZPID.search(line) or ENTRY_KEY.search(line) or JSON_FRAGMENT.search(line)
        if found or any(s in line for s in tool_sentences()):
            lines.append(line.strip()[:160])
    return list(dict.fromkeys(lines))


# The document's own size: it must equal the viewport (only inner panels scroll).
PAGE_SIZE = """() => ({
  scroll: Math.max(document.documentElement.scrollHeight, document.body.scrollHeight),
  viewport: window.innerHeight,
  scrolled: window.scrollY,
  header: document.querySelector("main header")?.getBoundingClientRect().top ?? null,
})"""


@dataclass
class Tour:
    """One walk at one window size: what each step's checks found, kept to the end so one run
    reports every screen, and the screenshots under OUTPUT/<size>/."""

    page: Any
    size: str
    leaks: dict[str, list[str]] = field(default_factory=dict)
    layout: dict[str, dict[str, Any]] = field(default_factory=dict)
    violations: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    steps: int = 0
    output: Path = OUTPUT
    """Where the screenshots go (one folder per window size under it)."""

    def check(self, step: str) -> None:
        """(a) nothing internal visible, (b) the document does not scroll, axe; a screenshot."""
        self.page.wait_for_timeout(300)  # let a transition (the drawer, a scroll) settle
        self.steps += 1
        name = f"{self.steps:02d}-{step}"
        text = self.page.evaluate("() => document.body.innerText")
        if found := internal_strings(text):
            self.leaks[name] = found
        size = self.page.evaluate(PAGE_SIZE)
        header_shown = size["header"] is not None and size["header"] >= 0
        if size["scroll"] != size["viewport"] or size["scrolled"] != 0 or not header_shown:
            self.layout[name] = size
        if found_violations := axe_violations(self.page):
            self.violations[name] = found_violations
        folder = self.output / self.size
        folder.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(folder / f"{name}.png"))

    def report(self) -> dict[str, Any]:
        """What every step found; written beside the screenshots as findings.json."""
        findings = {"leaks": self.leaks, "layout": self.layout, "axe": self.violations}
        (self.output / self.size / "findings.json").write_text(json.dumps(findings, indent=2))
        return findings
