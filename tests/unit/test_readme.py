"""The README is the front door: short, and every link in it leads somewhere in the repository.

The docs/ pages are checked by the strict MkDocs build (`make docs-check`); GitHub renders the
README from the repository, so its links are checked here against the files themselves, with
anchors resolved the way GitHub names headings. Web links are not fetched (no network in tests).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
MAX_LINES = 150
LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
FENCE = re.compile(r"^```.*?^```", re.M | re.S)


def links(markdown: str) -> list[str]:
    """Link and image targets of a Markdown text, outside fenced code blocks."""
    return LINK.findall(FENCE.sub("", markdown))


def github_anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(page: Path) -> set[str]:
    """The anchors of every heading of a Markdown page."""
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", page.read_text()), re.M)
    return {github_anchor(h) for h in headings}


def broken(markdown: str, base: Path) -> list[str]:
    """Targets that name no file or folder under `base`, or a heading their page lacks."""
    bad = []
    for target in links(markdown):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        page = (base / path).resolve() if path else README
        if not page.exists() or (anchor and page.suffix == ".md" and anchor not in anchors(page)):
            bad.append(target)
    return bad


def test_readme_is_at_most_150_lines() -> None:
    assert len(README.read_text().splitlines()) <= MAX_LINES


def test_every_readme_link_resolves() -> None:
    text = README.read_text()
    assert len(links(text)) >= 10, "the README should link its docs pages"
    assert broken(text, ROOT) == []


def test_readme_shows_the_screenshot_and_the_two_commands() -> None:
    text = README.read_text()
    assert "docs/screenshot.png" in links(text)
    assert "make run" in text
    assert "make test" in text


def test_a_missing_page_or_heading_is_reported(tmp_path: Path) -> None:
    (tmp_path / "page.md").write_text("# Scaling out\n\n## Turns are runs\n")
    text = (
        "[ok](page.md) [ok](page.md#turns-are-runs) [web](https://example.org/x)\n"
        '[gone](missing.md "with a title") [no heading](page.md#nowhere)\n'
        "```md\n[in code](ignored.md)\n```\n"
    )
    assert broken(text, tmp_path) == ["missing.md", "page.md#nowhere"]
