"""Free-text wishes ("a big backyard", "updated kitchen", "quiet cul-de-sac") matched against what
each listing's description says, by meaning (MiniLM), and explained per result.

A wish's match with a clause is their cosine similarity plus LEXICAL x the share of the wish's
own words the clause contains (word starts: "updated" finds "updates"), so a clause that says
the words beats one that is merely about the same topic. A wish's match with a home is that of
its closest clause: below LOW it counts 0, from HIGH on 1, linear between; a home's wish score is
the mean over the wishes. A clause at MENTION
or above is quoted in the result's `mentions`. The thresholds come from reading the scores of
clauses that do and don't say what a wish asks (bench/relevance has the measured precision).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from wishes.embedder import embed
from wishes.index import WishIndex

LOW, HIGH, MENTION, LEXICAL = 0.35, 0.80, 0.55, 0.15
MENTION_CHARS = 90
_COMMON = frozenset(
    [
        "a",
        "an",
        "the",
        "to",
        "of",
        "and",
        "or",
        "in",
        "on",
        "at",
        "with",
        "for",
        "near",
        "close",
        "walk",
        "walking",
        "distance",
        "home",
        "house",
        "homes",
        "houses",
        "some",
        "lots",
        "lot",
        "plenty",
    ]
)


@dataclass(frozen=True)
class Match:
    score: float  # 0..1
    mentions: tuple[str, ...]


@lru_cache(maxsize=64)
def _wish_vectors(wishes: tuple[str, ...]) -> np.ndarray:
    return embed(list(wishes))


def _quote(clause: str) -> str:
    return clause if len(clause) <= MENTION_CHARS else clause[: MENTION_CHARS - 1].rstrip() + "…"


@lru_cache(maxsize=2)
def _lowered(index: WishIndex) -> tuple[str, ...]:
    return tuple(" " + re.sub(r"[^a-z0-9]+", " ", c.lower()) for c in index.clauses)


def _said(index: WishIndex, wish: str) -> np.ndarray:
    """Per clause, the share of the wish's own words it contains (0 when it has none to find)."""
    stems = [w[:6] for w in re.findall(r"[a-z0-9]+", wish.lower()) if w not in _COMMON]
    found = np.zeros(len(index.clauses), dtype=np.float32)
    for stem in stems:
        needle = " " + stem
        found += np.fromiter((needle in c for c in _lowered(index)), np.float32, len(found))
    return found / len(stems) if stems else found


def match(index: WishIndex, wishes: tuple[str, ...], homes: list[int]) -> dict[int, Match]:
    """Each of `homes` (indices into the index) scored against the wishes, with its mentions."""
    wanted = _wish_vectors(wishes)
    similarity = index.vectors @ wanted.T  # (clauses, wishes)
    for column, wish in enumerate(wishes):
        similarity[:, column] += LEXICAL * _said(index, wish)
    found: dict[int, Match] = {}
    for home in homes:
        start, stop = int(index.starts[home]), int(index.starts[home + 1])
        rows = similarity[start:stop]
        best, where = rows.max(axis=0), rows.argmax(axis=0)
        score = float(np.clip((best - LOW) / (HIGH - LOW), 0.0, 1.0).mean())
        quoted = [
            _quote(index.clauses[start + int(i)])
            for i, s in zip(where, best, strict=True)
            if s >= MENTION
        ]
        found[home] = Match(score, tuple(dict.fromkeys(quoted)))
    return found
