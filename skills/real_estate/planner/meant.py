"""The home a message names by what only this skill keeps ("the house I'm watching", "my second
favourite", "the one that got cheaper" of an alert), for the other skills' planners (the
platform's `meant`): they see it as a home shown, so "the monthly payment on the house we're
tracking" is priced by a skill that never sees the watch."""

from __future__ import annotations

from typing import Any

from .alerted import on_screen_alerted
from .parse import normalize
from .plans import Conversation
from .refs import find_reference, resolve
from .saved_named import said_by_position as saved_by_position
from .watched import said_by_position as watched_by_position


def meant_home(conv: Conversation) -> dict[str, Any] | None:
    """The one home the words name by its watch, its place among the saved homes or its alert,
    else None (a home named by its place on screen, or none, is for the other skills to read
    themselves)."""
    shown = on_screen_alerted(conv) if conv.alerted and not conv.last_results else conv
    text = watched_by_position(shown.text, conv.preferences, shown.last_results)
    text = saved_by_position(text, conv.preferences, shown.last_results)
    if text == conv.text:
        return None
    ref = find_reference(normalize(text))
    return resolve(ref, shown.last_results)[0] if ref is not None else None
