"""Answers of a planner function that depends on its argument alone (`state_lines`, `hints`),
kept so the same results are not sent to a planner twice: a turn's block asks for the lines of
the results the last turn's block (or the read ahead) asked for, and a turn that shows what an
earlier one showed (or nothing, as every turn without a tool) gets its hints without asking."""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

KEPT = 256
"""Answers kept, the least recently used dropped first."""


class AnswerCache:
    """Answers by (skill, argument); thread-safe. A failed call (None) is not kept."""

    def __init__(self, size: int = KEPT) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[str, bytes], tuple[str, ...]] = OrderedDict()
        self._lock = threading.Lock()

    def lines(
        self, skill: str, argument: Any, ask: Callable[[], list[str] | None]
    ) -> tuple[str, ...] | None:
        """The kept answer for `argument`, else `ask()`'s, kept when it is a list."""
        key = _key(skill, argument)
        if (kept := self._kept_at(key)) is not None:
            return kept
        found = ask()
        if not isinstance(found, list):
            return None
        answer = tuple(str(line) for line in found)
        with self._lock:
            self._kept[key] = answer
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)
        return answer

    def kept(self, skill: str, argument: Any) -> tuple[str, ...] | None:
        """The kept answer for `argument`, None when there is none (nothing is asked)."""
        return self._kept_at(_key(skill, argument))

    def _kept_at(self, key: tuple[str, bytes]) -> tuple[str, ...] | None:
        with self._lock:
            if key in self._kept:
                self._kept.move_to_end(key)
                return self._kept[key]
        return None


def _key(skill: str, argument: Any) -> tuple[str, bytes]:
    """(skill, digest of `argument`): a list of results is digested result by result, each
    result once (they are the tool messages' own dicts, read again at every step of a turn)."""
    if isinstance(argument, list) and all(isinstance(item, dict) for item in argument):
        digest = hashlib.sha256(b"".join(map(_DIGESTS.of, argument))).digest()
        return (skill, digest)
    return (skill, _digest(argument))


def _digest(value: Any) -> bytes:
    text = json.dumps(value, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).digest()


class _Digests:
    """The digest of each recently seen result, by identity; the result itself is held so its
    id is not reused while it is here. Results are never changed once a tool returned them."""

    def __init__(self, size: int = KEPT * 4) -> None:
        self.size = size
        self._seen: OrderedDict[int, tuple[dict[str, Any], bytes]] = OrderedDict()
        self._lock = threading.Lock()

    def of(self, result: dict[str, Any]) -> bytes:
        with self._lock:
            if (seen := self._seen.get(id(result))) is not None and seen[0] is result:
                self._seen.move_to_end(id(result))
                return seen[1]
        digest = _digest(result)
        with self._lock:
            self._seen[id(result)] = (result, digest)
            while len(self._seen) > self.size:
                self._seen.popitem(last=False)
        return digest


_DIGESTS = _Digests()
