"""Per-skill worker logs under MEMORY_ROOT/logs/skills/<skill>.log, bounded in size.

Every worker's stdout and stderr is piped here (one line at a time, prefixed with the worker's
pid), so a skill author can read why a worker failed. When a file passes `max_bytes` it is moved
to `<skill>.log.1` (replacing the previous one) and a new file starts: at most twice the limit.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections import deque
from collections.abc import Callable
from pathlib import Path

MAX_LOG_BYTES = 1_000_000
TAIL_LINES = 20


class SkillLogs:
    """Appends worker output to one bounded file per skill and keeps its last lines in memory."""

    def __init__(
        self,
        folder: Path | None,
        max_bytes: int = MAX_LOG_BYTES,
        redact: Callable[[str], str] = str,
    ) -> None:
        self.folder = folder
        self.max_bytes = max_bytes
        self.redact = redact
        """Scrubs known secrets from each line before it is kept (a skill may print its key)."""
        self._tails: dict[str, deque[str]] = {}

    def path(self, skill: str) -> Path | None:
        return self.folder / f"{skill}.log" if self.folder else None

    def tail(self, skill: str, worker: str | None = None, lines: int = TAIL_LINES) -> list[str]:
        """The last lines written by `skill` (only those of `worker` when given)."""
        kept = list(self._tails.get(skill, ()))
        if worker is not None:
            kept = [line for line in kept if line.startswith(f"[{worker}] ")]
        return kept[-lines:]

    def write(self, skill: str, worker: str, line: str) -> None:
        text = self.redact(f"[{worker}] {line.rstrip()}")
        self._tails.setdefault(skill, deque(maxlen=200)).append(text)
        path = self.path(skill)
        if path is None:
            return
        with contextlib.suppress(OSError):  # a full disk must not break the skill
            path.parent.mkdir(parents=True, exist_ok=True)
            if path.is_file() and path.stat().st_size > self.max_bytes:
                os.replace(path, path.with_name(path.name + ".1"))
            with path.open("a", encoding="utf-8", errors="replace") as out:
                out.write(text + "\n")

    async def drain(self, skill: str, worker: str, stream: asyncio.StreamReader) -> None:
        """Copy a worker's output stream into the log until the worker closes it."""
        while True:
            try:
                raw = await stream.readline()
            except (ValueError, asyncio.LimitOverrunError):  # an over-long line: keep a cut
                raw = (await stream.read(4096)) + b"\n"
            if not raw:
                return
            await asyncio.to_thread(self.write, skill, worker, raw.decode(errors="replace"))
