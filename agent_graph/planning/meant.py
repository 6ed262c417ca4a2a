"""What one skill's words name, shown to the other planners: a skill's planner may say which of
its items the message means by what only that skill keeps (`meant(turn)`: "the house I'm
watching", "the one that dropped" are its own entries and alerts), as results of a kind it
owns; the other planners that read that kind (SKILL.md `planner_reads`) see them as the last
earlier results of this turn, so "the monthly payment on the house I'm watching" is priced by
a skill that never sees the watch."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from agent_graph.planning.planner import SkillTurns

MEANT = "meant"
"""The planner function: `meant(turn) -> [result, ...] | None`, asked with its `plan` turn."""


@dataclass(frozen=True)
class WithMeant:
    """A turn whose `plan` parts show each planner the results the others said were meant."""

    turns: SkillTurns
    meant: tuple[tuple[str, dict[str, Any]], ...]
    """(the skill that named it, the result), in the planners' order."""

    def for_plan(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None:
        turn = self.turns.for_plan(skill, reads)
        shown = [r for named_by, r in self.meant if named_by != skill and r.get("type") in reads]
        if turn is None or not shown:
            return turn
        return {**turn, "earlier": [*turn.get("earlier", []), *shown]}

    def for_answer(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None:
        return self.turns.for_answer(skill, reads)

    def for_check(self, skill: str, reads: frozenset[str]) -> dict[str, Any] | None:
        return self.turns.for_check(skill, reads)


def with_meant(said: Mapping[str, Any], turns: SkillTurns) -> SkillTurns:
    """`turns`, with what each planner that was asked `meant` named (`said`, its answer by
    skill, in the planners' order) shown to the others; the same turns when none names
    anything."""
    meant = [
        (skill, result)
        for skill, answer in said.items()
        if isinstance(answer, list)
        for result in answer
        if isinstance(result, dict) and "type" in result
    ]
    return WithMeant(turns, tuple(meant)) if meant else turns
