"""What the planners' checks read: a call is checked against the user's words of this turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from langchain_core.messages import BaseMessage

from agent_graph.planning.reading import read, results_in


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
