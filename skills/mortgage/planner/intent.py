"""The skill's intent the platform ranked nearest to a message, when it is sure enough to be
taken as the wish, and when another skill's intent leads ours."""

from __future__ import annotations

from typing import Any

SURE = 0.5
"""The least similarity at which the nearest of the skill's intents (intents.yaml, ranked by the
platform) is taken as the wish, as for the other bundled planners."""
MARGIN = 0.02
LED_BY = 0.15
"""How far another skill's intent must lead ours for a price question that names no amount to
be left to it ("what was the max price I gave you" recalls a preference; it asks no budget)."""


def sure_intent(turn: dict[str, Any]) -> str | None:
    """The skill's intent the message is surely nearest to: sure enough, ahead of the next one
    and of every other skill's best intent."""
    ranked = [i for i in turn.get("intents") or [] if isinstance(i, dict) and "score" in i]
    if not ranked:
        return None
    best, runner_up = (
        float(ranked[0]["score"]),
        float(ranked[1]["score"]) if len(ranked) > 1 else 0.0,
    )
    elsewhere = float(turn.get("intent_elsewhere") or 0.0)
    sure = best >= SURE and best - runner_up >= MARGIN and best >= elsewhere
    return str(ranked[0].get("name")) if sure else None


def led_elsewhere(turn: dict[str, Any]) -> bool:
    """Another skill's intent is nearer than any of ours by LED_BY or more."""
    ours = [float(i["score"]) for i in turn.get("intents") or [] if isinstance(i, dict)]
    return float(turn.get("intent_elsewhere") or 0.0) >= max(ours, default=0.0) + LED_BY
