"""What the planners' checks read, and whether a call repeats a problem they already reported."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage

from agent_graph.planning.reading import read, results_in
from agent_graph.security.sanitizer import escape_data
from agent_graph.skills.planners import Planners


def conversation_for_checks(messages: Sequence[BaseMessage]) -> dict[str, Any]:
    """What a planner's `check` reads besides the call: the user's words of this turn, earlier
    turns' and this turn's structured results and the remembered preferences (never tool
    text)."""
    found = read(messages)
    return {
        "text": found.user_text,
        "earlier": results_in(found.earlier),
        "this_turn": [o.payload for o in found.this_turn_results if isinstance(o.payload, dict)],
        "preferences": dict(found.preferences),
    }


def corrected_again(
    planners: Planners, conversation: dict[str, Any], call: dict[str, Any], earlier: list[str]
) -> bool:
    """The planners' checks find in `call` a problem they already reported this turn."""
    turn = {**conversation, "call": {"name": call["name"], "args": call.get("args") or {}}}
    problems = [escape_data(p) for p in planners.corrections(turn)]
    return any(problem in text for problem in problems for text in earlier)
