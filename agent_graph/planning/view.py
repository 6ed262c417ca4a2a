"""The planners' view of a turn (docs/protocol.md, "Skill planners")."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from agent_graph.planning.reading import Reading, results_in


def planner_turn(reading: Reading, tools: Iterable[str]) -> dict[str, Any]:
    """The planners' view of this turn (docs/protocol.md, "Skill planners"), with `tools` the
    names offered; the offline model and a real model's suggestions read it alike."""
    outcomes: list[dict[str, Any]] = []
    for outcome in reading.this_turn_results:
        if outcome.ok:
            outcomes.append({"tool": outcome.name, "ok": True, "result": outcome.payload})
        else:
            outcomes.append({"tool": outcome.name, "ok": False, "error": outcome.text})
    return {
        "text": reading.user_text,
        "timezone": reading.timezone,
        "tools": sorted(tools),
        "earlier": results_in(reading.earlier),
        "outcomes": outcomes,
        "preferences": dict(reading.preferences),
    }
