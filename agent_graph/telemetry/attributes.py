"""Attribute names and values shared by the spans: GenAI conventions plus OpenInference keys."""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from agent_graph.security.pseudonyms import Pseudonyms
from agent_graph.security.sanitizer import Sanitizer

AGENT_NAME = "propsearch"
KIND = "openinference.span.kind"
"""OpenInference's span kind (AGENT, CHAIN, LLM, TOOL, RETRIEVER): Phoenix's views need it."""


@dataclass(frozen=True)
class TurnIds:
    """Who and where a turn runs, copied onto its spans (Phoenix groups by session and user)."""

    session_id: str
    user_hash: str
    approved: bool = False
    """The turn resumes after the user's yes: the calls of its first tools round (the round
    that waited for it) are `confirmed`."""
    rounds: list[object] = field(default_factory=list, compare=False)
    """The first tools round seen in this turn (see `in_approved_round`)."""

    def attributes(self) -> dict[str, str]:
        return {
            "gen_ai.conversation.id": self.session_id,
            "session.id": self.session_id,
            "user.id": self.user_hash,
        }


current_turn: ContextVar[TurnIds | None] = ContextVar("current_turn", default=None)
"""The running turn's ids; the graph's tasks inherit it."""


def in_approved_round(round_marker: object) -> bool:
    """Whether a call of this tools round (any object its calls share) runs after a yes: the
    first round of a turn resumed with an approval is the one that asked."""
    turn = current_turn.get()
    if turn is None or not turn.approved:
        return False
    if not turn.rounds:
        turn.rounds.append(round_marker)
    return turn.rounds[0] is round_marker


user_ids = Pseudonyms()
"""Keyed by the deployment's secret once telemetry is configured (setup.configure)."""


def hashed_user(user: str) -> str:
    """A stable pseudonym for a user id, keyed by the deployment's secret: spans never carry
    the id itself, and it cannot be recomputed from the id without the secret."""
    return user_ids.user(user)


def turn_attributes() -> dict[str, str]:
    turn = current_turn.get()
    return turn.attributes() if turn else {}


class Content:
    """Opt-in content: prompts, answers and arguments go into spans only when `capture` is on,
    and always through the same redaction as stored turns."""

    def __init__(self) -> None:
        self.capture = False
        self.sanitizer = Sanitizer()

    def text(self, value: Any) -> str | None:
        """`value` as redacted JSON text, or None while capture is off."""
        if not self.capture:
            return None
        plain = value if isinstance(value, str) else json.dumps(value, default=str)
        return self.sanitizer.redact(plain)


content = Content()
"""The process's content policy (set up with the exporters, see setup.configure)."""


def size(value: Any) -> int:
    """How large a value is as JSON (what spans carry instead of the value itself)."""
    return len(value) if isinstance(value, str) else len(json.dumps(value, default=str))
