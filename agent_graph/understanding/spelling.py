"""A misspelt word read as the word of the skills' own examples it swaps two neighbouring letters
of ("detials" -> "details"), before a message is ranked against those examples: MiniLM reads a
swapped word as another one, and a typo alone could take a message away from every intent.

Only words of five letters or more that no example uses are read again, and only by one swap of
neighbouring letters, so an everyday word is never turned into another one."""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Iterator

_WORD = re.compile(r"[A-Za-z]{5,}")


def vocabulary(examples: Iterable[str]) -> frozenset[str]:
    """The lower-case words of five letters or more the examples use."""
    return frozenset(word.lower() for example in examples for word in _WORD.findall(example))


def respelt(message: str, known: frozenset[str]) -> str:
    """`message` with each unknown word that is one swap away from a known word read as it."""

    def read(match: re.Match[str]) -> str:
        word = match.group(0).lower()
        if word in known:
            return match.group(0)
        return next((swapped for swapped in _swaps(word) if swapped in known), match.group(0))

    return _WORD.sub(read, message)


def _swaps(word: str) -> Iterator[str]:
    for i in range(len(word) - 1):
        if word[i] != word[i + 1]:
            yield word[:i] + word[i + 1] + word[i] + word[i + 2 :]


_SLIPPED = re.compile(r"[A-Za-z]{4,}")


def spelt(message: str, words: frozenset[str]) -> str:
    """`message` with each word that is none of `words` but one slip away from exactly one of
    them read as it: a letter dropped, added, doubled, struck for another or two swapped
    ("paymnt", "morniing", "moumtain", "eastenr"), or two letters dropped from a word of eight
    or more ("motage"). A skill declares the words (intents.yaml `spelling:`); a word that
    begins with one of them is its own ("payments", "afforded")."""

    def read(match: re.Match[str]) -> str:
        said = match.group(0)
        known = _declared_as(said.lower(), words)
        if known is None:
            return said
        return known.capitalize() if said[0].isupper() else known

    return _SLIPPED.sub(read, message) if words else message


@functools.lru_cache(maxsize=4096)
def _declared_as(word: str, words: frozenset[str]) -> str | None:
    """The one declared word `word` is a slip of, else None (kept: a turn reads its message's
    words for several planners and parts)."""
    if word in words or any(word.startswith(known) for known in words):
        return None
    near = [
        known
        for known in words
        if abs(len(known) - len(word)) <= (allowed := _allowed(word, known))
        and _slips(word, known) <= allowed
    ]
    return near[0] if len(near) == 1 else None


def _allowed(word: str, known: str) -> int:
    """How many slips a word may be from a declared one: none under five letters."""
    if len(known) < 5:
        return 0
    return 2 if len(known) >= 8 and len(word) >= 6 else 1


def _slips(a: str, b: str) -> int:
    """The edit distance of two words, a swap of neighbouring letters counted as one."""
    if abs(len(a) - len(b)) > 2:
        return 3
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = a[i - 1] != b[j - 1]
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]
