"""The plan of a message whose two parts are two heard skills' wishes (two_skills.py cuts the
message and joins the plans): each heard planner is asked to plan each part, with that part's
intents; and the intents a planner's turn carries (`understood`), for the message and for each
part a cut leaves of it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from agent_graph.planning.planner import Planner, SkillTurns, read_plan
from agent_graph.planning.two_skills import Planned, across_skills, parts
from agent_graph.understanding.matcher import IntentMatcher


def understood(matcher: IntentMatcher, turn: dict[str, Any], skill: str) -> dict[str, Any]:
    """`turn` with the intents `skill`'s planner sees for the message and for each part a
    cut leaves of it (two_skills.py), so a clause is ranked like a whole message."""
    message_parts = parts(str(turn.get("text", "")))[1:]
    return matcher.understood(turn, skill, message_parts)


def both_skills_plan(
    planners: Sequence[Planner], matcher: IntentMatcher, turns: SkillTurns
) -> dict[str, Any] | None:
    """Both skills' calls when the message's two parts are two heard skills' wishes."""
    heard = [(p, t) for p in planners if (t := turns.for_plan(p.skill, p.reads)) is not None]
    if len(heard) < 2:
        return None
    text = str(heard[0][1].get("text", ""))
    asked = HeardPlanners(matcher, heard)
    return across_skills(text, asked.planned, asked.nearness)


@dataclass(frozen=True)
class HeardPlanners:
    """The planners asked to plan this turn, each with its own turn, asked about a part."""

    matcher: IntentMatcher
    heard: list[tuple[Planner, dict[str, Any]]]
    asked: dict[tuple[str, str], Planned | None] = field(default_factory=dict)
    """The plans found, by text and skill left out: the whole message is asked once."""

    def planned(self, text: str, other_than: str = "") -> Planned | None:
        """The first plan with calls for `text` said in place of the message, by a skill other
        than `other_than`."""
        if (text, other_than) not in self.asked:
            self.asked[text, other_than] = self._first(text, other_than)
        return self.asked[text, other_than]

    def _first(self, text: str, other_than: str) -> Planned | None:
        for planner, turn in self.heard:
            if planner.skill == other_than:
                continue
            found = self._asked(planner, {**turn, "text": text})
            if found is not None and found["calls"]:
                return Planned(planner.skill, found)
        return None

    def _asked(self, planner: Planner, turn: dict[str, Any]) -> dict[str, Any] | None:
        """The planner's plan for `turn` with the message's intents, normalised; None if none."""
        turn = understood(self.matcher, turn, planner.skill)
        return read_plan(planner.skill, planner.ask("plan", turn), turn)

    def nearness(self, text: str, skill: str) -> float:
        """The best score of `skill`'s declared intents for `text` (0 when none can be ranked)."""
        try:
            ranked = self.matcher.rank(text)
        except (RuntimeError, OSError, ValueError):
            return 0.0
        return max((r.score for r in ranked if r.skill == skill), default=0.0)
