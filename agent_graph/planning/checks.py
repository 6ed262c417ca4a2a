"""Whether a call repeats a problem the planners' checks already reported this turn."""

from __future__ import annotations

from typing import Any

from agent_graph.planning.planners import Planners
from agent_graph.planning.view import TurnView
from agent_graph.security.sanitizer import escape_data


def corrected_again(
    planners: Planners, view: TurnView, call: dict[str, Any], earlier: list[str]
) -> bool:
    """The planners' checks find in `call` a problem they already reported this turn."""
    turn = view.with_call(call["name"], call.get("args") or {})
    problems = [escape_data(p) for p in planners.corrections(turn)]
    return any(problem in text for problem in problems for text in earlier)
