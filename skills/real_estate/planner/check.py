"""Grounding: a search call a model made, read against what the user actually said.

Small models fill parameters nobody asked for (every feature of the enum, the budget as a
floor). A correction names the argument and what the user's words support; the core returns it
as a tool error once, and the model may retry or overrule (docs/protocol.md, `check`).
Only clear contradictions are corrected: a feature the user's words, the current search and the
saved preferences never name; a budget the user gave as a ceiling sent as a floor; a bound the
user stated in this message left out of the search; a saved budget left out of a search whose
message names no price; a details call for a zpid the conversation never showed (small models
copy the example id of a schema).
"""

from __future__ import annotations

from typing import Any

from .conversation import Conversation
from .money import money_in
from .parse import parse
from .prefs import kinds_in
from .words import FEATURES

SEARCH = "search_properties"
DETAILS = "get_property_details"
STATED = {
    "beds_min": "the user asked for at least {value} bedrooms",
    "price_max": "the user said at most ${value:,}",
}
"""Numeric bounds a search must keep when the user's own message states them (a place or a
home type left out only widens a search the user can see and narrow)."""


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
    budget = money_in(conv.preferences.get("budget_max", ""))
    priced = {"price_min", "price_max"} & ({*said} | {*args})
    if budget and not priced:
        found.append(
            f"price_max: the user's saved budget is at most ${budget:,}; add price_max: {budget}"
        )
    for key, words in STATED.items():
        value = said.get(key)
        if value is not None and key not in args and not (key == "price_max" and found):
            found.append(f"{key}: {words.format(value=value)}; add {key}: {value!r}")
    return found


def unknown_zpid(text: str, zpid: str, earlier: list[dict[str, Any]]) -> list[str]:
    """A details call for a zpid neither the user's words nor any result so far contain."""
    shown = [
        item
        for result in earlier
        if result.get("type") in ("listings", "detail", "comparison")
        for item in result.get("items") or []
        if isinstance(item, dict)
    ]
    if not zpid or zpid in text or any(str(i.get("zpid")) == zpid for i in shown):
        return []
    if not shown:
        return [f"zpid: {zpid} was never shown; search first, or ask which home the user means"]
    listed = "; ".join(
        f"{n} = {i.get('zpid')} ({i.get('address')})" for n, i in enumerate(shown[-10:], 1)
    )
    return [f"zpid: {zpid} is not among the homes shown; they are: {listed}"]
