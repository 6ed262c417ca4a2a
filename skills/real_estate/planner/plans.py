"""What the planner reads (a `Conversation`) and what it decides (a `Plan` of tool calls)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from real_estate.domain import DETAILS

from .parse import Parsed, normalize, parse

SURE = 0.5
"""The least similarity at which the nearest intent is taken as the message's wish, unless the
intent sets its own `sure` (intents.yaml, chosen by tests/understanding/calibrate.py)."""
MARGIN = 0.02
"""...and by how much it must lead the next one of this skill."""


@dataclass
class Conversation:
    """What the offline model extracted from the message history."""

    text: str
    last_criteria: dict[str, Any] | None = None
    last_results: list[dict[str, Any]] = field(default_factory=list)
    focused: dict[str, Any] | None = None
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
