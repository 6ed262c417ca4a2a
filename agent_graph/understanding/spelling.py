"""A misspelt word read as the word of the skills' own examples it swaps two neighbouring letters
of ("detials" -> "details"), before a message is ranked against those examples: MiniLM reads a
swapped word as another one, and a typo alone could take a message away from every intent.

Only words of five letters or more that no example uses are read again, and only by one swap of
neighbouring letters, so an everyday word is never turned into another one."""

from __future__ import annotations

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
