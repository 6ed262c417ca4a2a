"""Which declared intents a message is nearest to: k nearest examples by MiniLM similarity,
and a second ranking by a linear classifier over the same vectors (learned.py).

The examples are embedded once, on first use (or by `warm()` at start-up), the classifier trained
on them then, and both kept for the process; a message is embedded once per turn (the last few
are kept, since a turn asks for its intents at several steps). Each intent is scored by the mean
similarity of its `NEAREST` closest examples to the message, so one lucky example counts less
than a cluster of them.
"""

from __future__ import annotations

import functools
import hashlib
import logging
import operator
import re
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import regex

from agent_graph.understanding.intents import Intent
from agent_graph.understanding.learned import LinearRanking
from agent_graph.understanding.spelling import Spelling, respelt, spelt, vocabulary

log = logging.getLogger(__name__)

NEAREST = 2
"""Examples per intent whose similarities are averaged into its score."""
SHAPE_TIMEOUT_S = 0.05
"""How long one skill's shapes may search a message. A shape is the skill's own pattern, run in
the core's process: one that backtracks without end (`(a+)+$` on thirty letters) must not stall
every turn of the server."""
KEPT_MESSAGES = 16
MAX_MESSAGE_CHARS = 1000
"""A longer message is read by its start: MiniLM sees 256 tokens at most anyway."""

Embed = Callable[[list[str]], Sequence[Sequence[float]]]
Matrix = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Embedded:
    """The examples' vectors, one per row, and the classifier trained on them."""

    examples: Matrix
    learned: LinearRanking


@dataclass(frozen=True)
class Ranked:
    """One intent's score for a message (cosine similarity, -1..1)."""

    skill: str
    name: str
    score: float
    sure: float | None = None
    """The intent's own least score to be taken as the wish (intents.yaml), if it sets one."""


def default_embed(texts: list[str]) -> Sequence[Sequence[float]]:
    """The bundled MiniLM (agent_graph/memory/embeddings.py), loaded on first use."""
    from agent_graph.memory.embeddings import embed  # onnxruntime loads only when needed

    return embed(texts)


_SHARED: dict[str, Embedded] = {}
"""Example matrices and their classifier by a digest of the examples: every matcher of a process shares them."""
_SHARED_LOCK = threading.Lock()


class IntentMatcher:
    """Ranks the intents of every skill for a message; thread-safe."""

    def __init__(
        self,
        intents: Sequence[Intent],
        embed: Embed = default_embed,
        names: Mapping[str, Sequence[str]] | None = None,
        spelling: Mapping[str, Spelling] | None = None,
        shapes: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.intents = list(intents)
        self._spelling = dict(spelling or {})
        """Each skill's `spelling:` words (intents.yaml): its planner reads a slip as one."""
        self._every_spelling = functools.reduce(operator.or_, self._spelling.values(), Spelling())
        self._names = {
            skill: re.compile(r"\b(?:" + "|".join(_said_as(n) for n in said) + r")\b", re.I)
            for skill, said in (names or {}).items()
            if said
        }
        """Each skill's declared names (intents.yaml `names:`), as one pattern."""
        self._shapes = {
            skill: regex.compile("|".join(f"(?:{s})" for s in said), regex.I)
            for skill, said in (shapes or {}).items()
            if said
        }
        """Each skill's declared shapes (intents.yaml `shapes:`), as one pattern."""
        self._embed = embed
        self._owner = np.asarray(
            [i for i, intent in enumerate(self.intents) for _ in intent.examples], dtype=np.int64
        )
        self._texts = [e for intent in self.intents for e in intent.examples]
        self._vocabulary = vocabulary(self._texts)
        labelled = "\n".join(f"{n}\t{t}" for n, t in zip(self._owner, self._texts, strict=True))
        self._digest = hashlib.sha256(labelled.encode()).hexdigest()
        self._messages: OrderedDict[str, Matrix] = OrderedDict()
        self._lock = threading.Lock()

    def warm(self) -> threading.Thread:
        """Embed the examples in the background now, so the first turn need not wait."""
        thread = threading.Thread(target=self._examples, name="intents-warm", daemon=True)
        thread.start()
        return thread

    def rank(self, text: str) -> list[Ranked]:
        """Every intent with its score for `text`, best first; [] with no intents or no text."""
        message = self._said(text)
        if not self.intents or not message:
            return []
        similarity = self._examples().examples @ self._message(message)
        scores = []
        for index, intent in enumerate(self.intents):
            own = np.sort(similarity[self._owner == index])[::-1][:NEAREST]
            score = round(float(own.mean()), 4)
            scores.append(Ranked(intent.skill, intent.name, score, intent.sure))
        return sorted(scores, key=lambda r: -r.score)

    def named(self, text: str) -> set[str]:
        """The skills one of whose declared names `text` says, as whole words."""
        return {skill for skill, pattern in self._names.items() if pattern.search(text)}

    def shaped(self, text: str) -> set[str]:
        """The skills one of whose declared shapes `text` holds; a skill whose shapes search
        longer than SHAPE_TIMEOUT_S is not heard by them (logged)."""
        found = set()
        for skill, pattern in self._shapes.items():
            try:
                if pattern.search(text, timeout=SHAPE_TIMEOUT_S):
                    found.add(skill)
            except TimeoutError:
                log.warning(
                    "the shapes of %s searched a message too long: not heard by them", skill
                )
        return found

    def spelt(self, text: str) -> str:
        """`text` with a slip of a word some skill declares read as that word ("time in denvr"
        -> "time in denver"): how the hearing scores a message beside its raw words."""
        return spelt(text, self._every_spelling)

    def spelt_for(self, skill: str, text: str) -> str:
        """`text` as `skill`'s planner reads it: a slip of a word it declares read as that."""
        return spelt(text, self._spelling.get(skill, Spelling()))

    def learned(self, text: str) -> list[Ranked]:
        """Every intent with the classifier's probability for `text`, best first."""
        message = self._said(text)
        if not self.intents or not message:
            return []
        chances = self._examples().learned.probabilities(self._message(message))
        ranked = [
            Ranked(intent.skill, intent.name, round(float(p), 4), intent.sure)
            for intent, p in zip(self.intents, chances, strict=True)
        ]
        return sorted(ranked, key=lambda r: -r.score)

    def understood(
        self, turn: dict[str, Any], skill: str, parts: Sequence[str] = ()
    ) -> dict[str, Any]:
        """`turn` with the intents one skill's planner sees (`for_planner`), and the same for
        each of the message's `parts` (`part_intents`: a planner reading a message as several
        wishes ranks each by its own), each with the classifier's ranking beside it (`learned`,
        `learned_elsewhere`); the embedder failing (logged), the planners read the words alone.
        Its text is the message with the skill's declared `spelling` words spelt right."""
        text = str(turn.get("text", ""))
        if (read := self.spelt_for(skill, text)) != text:
            turn = {**turn, "text": read}  # its own words spelt as it declares them
        try:
            said = self._both(text, skill)
            by_part = [{"text": part, **self._both(part, skill)} for part in parts]
        except (RuntimeError, OSError, ValueError) as exc:
            log.error("intents not ranked: %s", exc)
            return turn
        return {**turn, **said, **({"part_intents": by_part} if parts else {})}

    def _both(self, text: str, skill: str) -> dict[str, object]:
        """Both rankings of `text`, as `skill`'s planner sees them."""
        learned = for_planner(self.learned(text), skill, LEARNED_KEYS)
        return {**for_planner(self.rank(text), skill), **learned}

    def _said(self, text: str) -> str:
        """The message as it is ranked: its start, a word misspelt by a swap read as the
        examples' own, and a slip of a word a skill declares as that word (spelling.py)."""
        said = respelt(text.strip()[:MAX_MESSAGE_CHARS], self._vocabulary)
        return spelt(said, self._every_spelling)

    def _examples(self) -> Embedded:
        with _SHARED_LOCK:
            found = _SHARED.get(self._digest)
            if found is None:
                found = _SHARED[self._digest] = self._trained()
            return found

    def _trained(self) -> Embedded:
        examples = _matrix(self._embed(self._texts))
        started = time.perf_counter()
        learned = LinearRanking.trained(examples, self._owner, len(self.intents))
        log.info(
            "embedded %d intent examples; their classifier trained in %.2f s",
            len(self._texts),
            time.perf_counter() - started,
        )
        return Embedded(examples, learned)

    def _message(self, message: str) -> Matrix:
        with self._lock:
            if message in self._messages:
                self._messages.move_to_end(message)
                return self._messages[message]
        vector: Matrix = _matrix(self._embed([message]))[0]
        with self._lock:
            self._messages[message] = vector
            while len(self._messages) > KEPT_MESSAGES:
                self._messages.popitem(last=False)
        return vector


def _said_as(name: str) -> str:
    """A declared name as a pattern: its words in order, with any spaces or dashes between."""
    return r"[\s-]+".join(re.escape(word) for word in name.split())


def _matrix(rows: Sequence[Sequence[float]]) -> Matrix:
    matrix = np.asarray(rows, dtype=np.float32)
    norms = np.clip(np.linalg.norm(matrix, axis=-1, keepdims=True), 1e-12, None)
    return np.asarray(matrix / norms, dtype=np.float32)


SHOWN = 6
"""A skill's best intents handed to its planner."""


NEAREST_KEYS = ("intents", "intent_elsewhere")
LEARNED_KEYS = ("learned", "learned_elsewhere")
"""The turn's keys for each ranking: the planner's own intents, and another skill's best."""


def for_planner(
    ranked: Sequence[Ranked], skill: str, keys: tuple[str, str] = NEAREST_KEYS
) -> dict[str, object]:
    """The part of a message's ranking one skill's planner sees (planning/view.py: each sees
    its own): its own best intents, and how near the best intent of any other skill is."""
    own = [
        {"name": r.name, "score": r.score, **({"sure": r.sure} if r.sure is not None else {})}
        for r in ranked
        if r.skill == skill
    ][:SHOWN]
    elsewhere = max((r.score for r in ranked if r.skill != skill), default=0.0)
    return {keys[0]: own, keys[1]: elsewhere}
