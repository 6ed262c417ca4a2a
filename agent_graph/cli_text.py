"""Markdown answers as readable plain text for the terminal, converted line by line as they stream."""

from __future__ import annotations

import re

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
_BULLET = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_IMAGE = re.compile(r"!\[([^\]]*)\]\(([^)\s]+)[^)]*\)")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)[^)]*\)")
_EMPHASIS = (
    re.compile(r"\*\*(.+?)\*\*"),
    re.compile(r"__(.+?)__"),
    re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"),
    re.compile(r"~~(.+?)~~"),
    re.compile(r"`([^`]+)`"),
)


def _link(match: re.Match[str]) -> str:
    text, url = match.group(1), match.group(2)
    return url if text == url else f"{text} ({url})"


def plain_line(line: str) -> str | None:
    """One Markdown line as plain text; None for lines that only carry markup (fences, rules)."""
    if _FENCE.match(line) or _TABLE_RULE.match(line):
        return None
    heading = _HEADING.match(line)
    if heading:
        line = heading.group(1).upper()
    bullet = _BULLET.match(line)
    if bullet:
        line = f"{bullet.group(1)}• {bullet.group(2)}"
    if line.strip().startswith("|") and line.strip().endswith("|"):
        line = "  ".join(cell.strip() for cell in line.strip()[1:-1].split("|"))
    line = _IMAGE.sub(_link, line)
    line = _LINK.sub(_link, line)
    for pattern in _EMPHASIS:
        line = pattern.sub(r"\1", line)
    return line


class PlainTextStream:
    """Feed streamed tokens; get back plain text for every line completed so far."""

    def __init__(self) -> None:
        self._pending = ""

    def feed(self, chunk: str) -> str:
        self._pending += chunk
        *lines, self._pending = self._pending.split("\n")
        return "".join(text + "\n" for text in map(plain_line, lines) if text is not None)

    def flush(self) -> str:
        rest, self._pending = self._pending, ""
        text = plain_line(rest) if rest else None
        return text or ""
