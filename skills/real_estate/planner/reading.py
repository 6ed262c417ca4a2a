"""The message being read: each extractor blanks the span it understood (parse.py and the
`take_*` readers in facts.py, money.py and wishes.py share it)."""

from __future__ import annotations

import re


class Words:
    """The message being read; spans are blanked once understood."""

    def __init__(self, text: str) -> None:
        self.s = text

    def blank(self, start: int, end: int) -> None:
        self.s = self.s[:start] + " " * (end - start) + self.s[end:]

    def take(self, pattern: str) -> list[re.Match[str]]:
        found = list(re.finditer(pattern, self.s))
        for match in found:
            self.blank(*match.span())
        return found
