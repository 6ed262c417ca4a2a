"""Answers that restate the instructions: lines copied from the system prompt are dropped.

Small models sometimes repeat a rule of their instructions back to the user ("Never invent
facts…", "Current date: …") instead of answering. A line of the answer whose text,
ignoring case, spacing and list or emphasis markers, is a piece of the instruction text at least
MIN_CHARS long restates it. Only the instruction sections count (identity, skill prompts, role),
never the conversation-state block or memory: an answer may legitimately repeat results.

Applied twice with the same rule: to the streamed tokens (EchoFilter holds a line back only
while it still reads like the instructions, so ordinary text streams at once) and to the answer
the graph keeps (without_echo), so the saved session and later turns never see the echo.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping

MIN_CHARS = 24
INSTRUCTION_SECTIONS = ("identity", "system", "role")
"""Sections of hydrate's `context` that are instructions rather than data."""

_MARKERS = re.compile(r"^[\s>#*+`-]*(?:\d+[.)]\s+)?")


def _norm(line: str) -> str:
    text = _MARKERS.sub("", line).replace("*", "").replace("`", "")
    return " ".join(text.lower().split())


def instruction_text(context: Mapping[str, object]) -> str:
    """The instruction sections of hydrate's `context`, normalised into one searchable string."""
    return _normalised(tuple(str(context.get(name) or "") for name in INSTRUCTION_SECTIONS))


@functools.lru_cache(maxsize=16)
def _normalised(sections: tuple[str, ...]) -> str:
    """Kept: the instructions change with the skills and the role, not from call to call."""
    lines = (line for text in sections for line in text.splitlines())
    return " ".join(n for n in map(_norm, lines) if n)


def is_echo(line: str, corpus: str) -> bool:
    text = _norm(line)
    return bool(corpus) and len(text) >= MIN_CHARS and text in corpus


def without_echo(answer: str, corpus: str) -> str:
    """`answer` without its lines that restate the instructions (unchanged if nothing else
    would be left: an answer is never emptied)."""
    lines = answer.splitlines(keepends=True)
    kept = [line for line in lines if not is_echo(line, corpus)]
    if len(kept) == len(lines) or not "".join(kept).strip():
        return answer
    return "".join(kept).strip("\n")


class EchoFilter:
    """Streamed text in, the same text out minus whole lines that restate the instructions.

    A line is held back only while what has arrived of it is still a piece of the instructions;
    as soon as it differs it is passed on, and the rest of the line streams through."""

    def __init__(self, corpus: str = "") -> None:
        self.corpus = corpus
        self._held = ""
        self._passing = False

    def feed(self, text: str) -> str:
        out = []
        for part in text.splitlines(keepends=True):
            if self._passing or not self.corpus:
                out.append(part)
            else:
                self._held += part
                if _norm(self._held) not in self.corpus:
                    out.append(self._held)
                    self._held, self._passing = "", True
            if part.endswith(("\n", "\r")):
                out.append(self.flush())
                self._passing = False
        return "".join(out)

    def flush(self) -> str:
        """The held part of the current line, unless it restates the instructions."""
        held, self._held = self._held, ""
        return "" if is_echo(held, self.corpus) else held
