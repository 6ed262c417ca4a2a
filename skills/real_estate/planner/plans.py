"""What the planner reads (a `Conversation`) and what it decides (a `Plan` of tool calls)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from real_estate.domain import DETAILS

from .parse import Parsed, normalize, parse

SURE = 0.5
"""The least similarity at which the nearest intent is taken as the message's wish, unless the
intent sets its own `sure` (intents.yaml, chosen by tests/understanding/calibrate.py)."""
MARGIN = 0.02
"""...and by how much it must lead the next one of this skill."""


@dataclass(frozen=True)
class Ranking:
    """This skill's intents nearest to one part of the message, as the platform ranked them
    (the same as `Conversation.intents`, `elsewhere` and `sure` for the whole message)."""

    text: str
    intents: list[tuple[str, float]] = field(default_factory=list)
    elsewhere: float = 0.0
    sure: dict[str, float] = field(default_factory=dict)
    learned: list[tuple[str, float]] = field(default_factory=list)
    learned_elsewhere: float = 0.0


def words_of(text: str) -> str:
    """A text by its words alone, so a clause is found among the parts the platform ranked
    whatever its case, spacing and punctuation."""
    return " ".join(re.findall(r"[\w'#$]+", normalize(text)))


@dataclass
class Conversation:
    """What the offline model extracted from the message history."""

    text: str
    last_criteria: dict[str, Any] | None = None
    last_results: list[dict[str, Any]] = field(default_factory=list)
    focused: dict[str, Any] | None = None
    compared: list[dict[str, Any]] = field(default_factory=list)
    """The homes of the last comparison, while no search has come after it."""
    preferences: dict[str, str] = field(default_factory=dict)
    last_total: int | None = None
    timezone: str = "UTC"
    """The user's time zone: tour times said in words become dates there."""
    intents: list[tuple[str, float]] = field(default_factory=list)
    """This skill's intents nearest to the message, best first (intents.yaml; the platform
    ranks them). Empty when the platform ranked none: the words alone decide."""
    elsewhere: float = 0.0
    """How near the message is to another skill's best intent."""
    sure: dict[str, float] = field(default_factory=dict)
    """Intent name -> its own least score to be taken as the wish (else SURE)."""
    learned: list[tuple[str, float]] = field(default_factory=list)
    """This skill's intents by the probability the platform's classifier gives them (its second
    ranking, over the same examples), best first."""
    learned_elsewhere: float = 0.0
    """The classifier's probability of another skill's most likely intent."""
    alerted: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """The homes of the alerts the conversation opened with, each with its alert's kind
    ("new_match", "price_drop"), in their order: the homes on screen when no search is."""
    parts: tuple[Ranking, ...] = ()
    """The parts of the message the platform ranked on their own (the two sides of each cut
    at a joining word or a punctuation mark): a clause's wish is arbitrated by its own."""

    def ranked_as(self, part: str) -> Conversation:
        """This conversation with the intents the platform ranked for `part` of the message;
        none when it ranked no such part (the words alone decide)."""
        key = words_of(part)
        found = next((r for r in self.parts if words_of(r.text) == key), Ranking(part))
        return replace(
            self,
            intents=found.intents,
            elsewhere=found.elsewhere,
            sure=found.sure,
            learned=found.learned,
            learned_elsewhere=found.learned_elsewhere,
        )

    def read_as(self, reading: Callable[[str], str]) -> Conversation:
        """The message and each ranked part of it read by `reading` (the same words alike)."""
        parts = tuple(replace(r, text=reading(r.text)) for r in self.parts)
        return replace(self, text=reading(self.text), parts=parts)

    @cached_property
    def parsed(self) -> Parsed:
        return parse(self.text.strip())

    @cached_property
    def norm(self) -> str:
        return normalize(self.text)

    @property
    def intent(self) -> str | None:
        """The wish the message is surely nearest to among this skill's intents, else None."""
        if not self.intents:
            return None
        name, score = self.intents[0]
        runner_up = self.intents[1][1] if len(self.intents) > 1 else 0.0
        if (
            score < self.sure.get(name, SURE)
            or score - runner_up < MARGIN
            or score < self.elsewhere
        ):
            return None
        return name

    def is_about(self, *names: str) -> bool:
        return self.intent in names

    @property
    def elsewhere_first(self) -> bool:
        """Another skill's intent is nearer than any of this skill's."""
        best = self.intents[0][1] if self.intents else 0.0
        return self.elsewhere > max(best, SURE)


@dataclass
class ToolRequest:
    name: str
    args: dict[str, Any]


@dataclass
class Plan:
    """Tool calls to make now, and a sentence to put before the answer (or instead of it)."""

    calls: list[ToolRequest]
    note: str = ""
    no_tools: bool = False
    """The message needs no tool, only words (a concept, a greeting)."""


def details(zpid: str) -> ToolRequest:
    return ToolRequest(DETAILS, {"zpid": zpid})


def planned(found: tuple[list[tuple[str, dict[str, Any]]], str]) -> Plan:
    """A Plan from (calls as (name, args), note)."""
    calls, note = found
    return Plan([ToolRequest(name, args) for name, args in calls], note)
