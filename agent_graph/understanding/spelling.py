"""A slip of the keyboard read as the word meant, before a message is ranked or a planner reads
it: MiniLM reads "detials" as another word, and a typo alone could take a message away from
every intent or a recognizer.

`respelt`: a word of five letters or more that no example uses, one swap of neighbouring
letters from one that does. `spelt`: a slip of a word a skill declares (intents.yaml
`spelling:`), nearest it; a word people use (the embedder's whole words) is never read again.
"""

from __future__ import annotations

import difflib
import functools
import json
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

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


@dataclass(frozen=True)
class Spelling:
    """The words a skill declares (intents.yaml): `spelling:`, the words a slip is read as,
    and `as_written:`, everyday words a slip of one of those would otherwise be taken for
    ("horse" beside "house", "price" beside "prices"), read as themselves."""

    words: frozenset[str] = frozenset()
    as_written: frozenset[str] = frozenset()

    def __or__(self, other: Spelling) -> Spelling:
        return Spelling(self.words | other.words, self.as_written | other.as_written)

    def __bool__(self) -> bool:
        return bool(self.words)


def spelt(message: str, spelling: Spelling) -> str:
    """`message` with each word that is not declared but a slip of a declared word, nearer it
    than any other, read as it: a letter dropped, added, doubled, struck for another or two
    swapped ("paymnt", "morniing", "moumtain", "eastenr"), or two letters dropped from a word
    of eight or more ("motage"); a word of four letters only by two neighbouring letters
    swapped ("thsi", "mroe"). A slip keeps the word's first letter (so "match" never becomes
    "watch"), unless it is that swap ("hsow"). A word people use is its own (`whole_words`),
    and so is a word that begins with a declared one ("payments", "afforded") and a word the
    skill keeps as written."""

    def read(match: re.Match[str]) -> str:
        said = match.group(0)
        known = _declared_as(said.lower(), spelling)
        if known is None:
            return said
        return known.capitalize() if said[0].isupper() else known

    return _SLIPPED.sub(read, message) if spelling else message


@functools.cache
def whole_words() -> frozenset[str]:
    """The words of four letters or more the bundled embedder's vocabulary holds whole
    (memory/assets/tokenizer.json, 30,522 pieces): words people use, never read as a slip of a
    declared one ("major" is no "manor", "driving" no "dripping", "charge" no "change")."""
    from agent_graph.memory.embeddings import DEFAULT_TOKENIZER_PATH

    vocab = json.loads(DEFAULT_TOKENIZER_PATH.read_text(encoding="utf-8"))["model"]["vocab"]
    return frozenset(piece for piece in vocab if _WHOLE.fullmatch(piece))


_WHOLE = re.compile(r"[a-z]{4,}")


@functools.lru_cache(maxsize=4096)
def _declared_as(word: str, spelling: Spelling) -> str | None:
    """The declared word `word` is nearest a slip of, else None: none near, or two as near and
    as alike (kept: a turn reads its message's words for several planners and parts)."""
    words = spelling.words
    if word in words or word in spelling.as_written or word in whole_words():
        return None
    if any(map(word.startswith, words)):
        return None
    near: dict[int, list[str]] = {}
    for known in words:
        if (slips := _slips_to(word, known)) is not None:
            near.setdefault(slips, []).append(known)
    nearest = sorted(near[min(near)], key=lambda known: -_alike(word, known)) if near else []
    if len(nearest) > 1 and _alike(word, nearest[0]) == _alike(word, nearest[1]):
        return None
    return nearest[0] if nearest else None


def _alike(word: str, known: str) -> float:
    """How alike two words are, by their longest common letters (difflib's ratio): of two
    declared words as many slips away, the more alike is the likelier meant."""
    return difflib.SequenceMatcher(None, word, known).ratio()


def _slips_to(word: str, known: str) -> int | None:
    """How many slips `word` is from `known`, when it may be read as it: the first letter
    kept, or two neighbouring letters swapped; None when it may not."""
    if len(word) == len(known) and word in _swaps(known):
        return 1
    allowed = _allowed(word, known)
    if word[0] != known[0] or abs(len(known) - len(word)) > allowed:
        return None
    slips = _slips(word, known)
    if slips > allowed or (slips == 2 and _alike(word, known) < 0.8):
        return None  # two slips only where the letters mostly line up ("compair", "motage")
    return slips


def _allowed(word: str, known: str) -> int:
    """How many slips a word may be from a declared one: none under five letters, two from
    one of seven or more."""
    if len(known) < 5:
        return 0
    return 2 if len(known) >= 7 and len(word) >= 6 else 1


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
