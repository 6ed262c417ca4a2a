"""Grounding: a search call a model made, read against what the user actually said.

Small models fill parameters nobody asked for (every feature of the enum, the budget as a
floor). A correction names the argument and what the user's words support; the core returns it
as a tool error once, and the model may retry or overrule (docs/protocol.md, `check`).
Only clear contradictions are corrected: a feature the user's words, the current search and the
saved preferences never name; a budget the user gave as a ceiling sent as a floor; a bound the
planner's own search for the message keeps (KEPT) left out of the call: stated in the message,
kept from the search it refines, or the saved budget; a details call for a zpid the
conversation never showed (small models copy the example id of a schema); a search for a
question about words ("Is a townhouse the same thing as a condo?"); a preference saved
from a message that only searches ("Houses in Austin up to 600 thousand?" saved as the budget
instead of searched: small models take a stated bound for something to remember).
"""

from __future__ import annotations

from typing import Any

from real_estate.domain import FEATURE_WORDS, SEARCH

from .conversation import Conversation, Plan, plan_for
from .money import money_in
from .parse import parse
from .prefs import kinds_in, preference_writes

LASTING_KINDS = ("PREFERENCE", "DECISION")
"""The entries a message must ask for to be saved; a saved home, search or watch is its own
request (planner/saved.py)."""
STATED = {
    "beds_min": "the user asked for at least {value} bedrooms",
    "price_max": "the user said at most ${value:,}",
}
KEPT = ("price_max", "price_min", "beds_min", "beds_max", "near", "exclude_types", "page")
"""Bounds a search must keep when the planner's own search for the message has them: stated in
the message, kept from the current search the message refines ("same but closer to
downtown", "show me more"), or filled from the saved budget. A place or a home type left out
only widens a search the user can see and narrow; these change which homes are right."""


def corrections(conv: Conversation, args: dict[str, Any]) -> list[str]:
    plan = plan_for(conv)
    if plan is not None and plan.no_tools:
        return [
            "the user asks what words mean, not for homes: answer in your own words, without "
            f"calling {SEARCH}"
        ]
    said = parse(conv.text).criteria
    found: list[str] = []
    allowed = {
        *said.get("features", []),
        *((conv.last_criteria or {}).get("features") or []),
        *kinds_in(conv.preferences.get("features", ""), FEATURE_WORDS),
    }
    extra = [f for f in args.get("features") or [] if f not in allowed]
    if extra:
        found.append(
            f"features: the user did not ask for {', '.join(extra)}; leave "
            f"{'it' if len(extra) == 1 else 'them'} out (features only lists what they asked for)"
        )
    ceiling = said.get("price_max")
    floored = bool(ceiling) and "price_min" not in said and args.get("price_min") == ceiling
    if floored:
        found.append(
            f"price_min: the user said at most ${ceiling:,}: that is price_max, not price_min"
        )
    planned = _planned_search(plan)
    for key in KEPT:
        value = planned.get(key)
        if value in (None, []) or key in args or (floored and key == "price_max"):
            continue
        found.append(f"{key}: {_why(key, value, said, conv)}; add {key}: {value!r}")
    return found


def _planned_search(found: Plan | None) -> dict[str, Any]:
    calls = [c for c in (found.calls if found else []) if c.name == SEARCH]
    return dict(calls[-1].args) if calls else {}


def _why(key: str, value: Any, said: dict[str, Any], conv: Conversation) -> str:
    """Where the planner's value comes from, in the words of the correction."""
    if key in said and key in STATED:
        return STATED[key].format(value=value)
    if key in said:
        return f"the user's message asks for {key} {value!r}"
    if key == "page":
        return "the user asked for more results of the current search"
    if (conv.last_criteria or {}).get(key) == value:
        return f"the current search has {key} {value!r} and this message does not change it"
    if key == "price_max" and money_in(conv.preferences.get("budget_max", "")) == value:
        return f"the user's saved budget is at most ${value:,}"
    return f"the user's words and saved preferences give {key} {value!r}"


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


def unasked_save(text: str, args: dict[str, Any], saved: dict[str, str]) -> list[str]:
    """A lasting preference or decision the user's words do not ask to keep (prefs.py reads
    which ones a message does: "remember", "my budget is", "from now on", "never show me")."""
    if args.get("entry_type") not in LASTING_KINDS:
        return []
    key = str(args.get("key") or "")
    if key in {w.key for w in preference_writes(text, saved)}:
        return []
    return [
        f"key: the user's words do not ask to remember {key or 'anything'}; they say what to "
        f"look for now: call {SEARCH} with them instead"
    ]
