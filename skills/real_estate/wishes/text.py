"""Wishes as the search takes them: short phrases, split and checked (no dependencies)."""

from __future__ import annotations

import re

MAX_WISHES, MAX_WISH_CHARS = 5, 80


def split_wishes(text: str) -> list[str]:
    """ "big backyard, updated kitchen and a home office" -> three wishes."""
    parts = re.split(r"\s*(?:[,;/]|\band\b|\bplus\b)\s*", text)
    return [p.strip(" .") for p in parts if p.strip(" .")]
