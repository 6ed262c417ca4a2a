"""Grounding: a search call a model made, read against what the user actually said.

Small models fill parameters nobody asked for (every feature of the enum, the budget as a
floor). A correction names the argument and what the user's words support; the core returns it
as a tool error once, and the model may retry or overrule (docs/protocol.md, `check`).
Only clear contradictions are corrected: a feature the user's words, the current search and the
saved preferences never name; a budget the user gave as a ceiling sent as a floor.
"""

from __future__ import annotations

from typing import Any

from .conversation import Conversation
from .parse import parse
from .prefs import kinds_in
from .words import FEATURES

SEARCH = "search_properties"


def corrections(conv: Conversation, args: dict[str, Any]) -> list[str]:
    said = parse(conv.text).criteria
    found: list[str] = []
    allowed = {
        *said.get("features", []),
        *((conv.last_criteria or {}).get("features") or []),
        *kinds_in(conv.preferences.get("features", ""), FEATURES),
    }
    extra = [f for f in args.get("features") or [] if f not in allowed]
    if extra:
        found.append(
            f"features: the user did not ask for {', '.join(extra)}; leave "
            f"{'it' if len(extra) == 1 else 'them'} out (features only lists what they asked for)"
        )
    ceiling = said.get("price_max")
    if ceiling and "price_min" not in said and args.get("price_min") == ceiling:
        found.append(
            f"price_min: the user said at most ${ceiling:,}: that is price_max, not price_min"
        )
    return found
