"""The saved preferences said back in the product's words ("what budget did I give you")."""

from __future__ import annotations

import re
from collections.abc import Mapping

from .wording import join_words, type_name

_SAID_AS = {
    "budget_max": "a budget of at most {}",
    "budget_min": "a budget of at least {}",
    "location": "homes in {}",
    "property_type": "only {}",
    "beds_min": "at least {} bedrooms",
    "baths_min": "at least {} bathrooms",
    "features": "{}",
    "exclude_property_type": "never {}",
}
NOTHING_REMEMBERED = (
    "You haven't told me any preferences yet. Tell me a budget, an area or a kind of home and "
    "I'll remember it."
)


def recalled(preferences: Mapping[str, str]) -> str:
    """The saved preferences in the product's words: "You told me: a budget of at most
    $450,000; homes in Round Rock." (keys it does not know are left out)."""
    said = [
        _SAID_AS[key].format(_value(key, value))
        for key, value in preferences.items()
        if key in _SAID_AS
    ]
    return f"You told me: {'; '.join(said)}." if said else NOTHING_REMEMBERED


def _value(key: str, value: str) -> str:
    """A remembered value as a person says it: kinds of home in the plural ("condos or
    townhouses", never "house homes"), anything else as kept."""
    if key not in _KINDS:
        return value
    kinds = [type_name(kind.strip()) for kind in value.split(",") if kind.strip()]
    return join_words(kinds, _KINDS[key])


_KINDS = {"property_type": "or", "exclude_property_type": "or"}
"""The keys that hold kinds of home, and the word that joins several."""


_ASKED_IF_KEPT = re.compile(
    r"^\W*(?:so |and |ok |just checking\W+|quick question\W+)?(?:is|are|do|does|did|have|has|you)\b"
    r"(?!\s+(?:there|it|this|that|the)\b)"
    r"(?=.*\b(?:still|saved|on file|(?:got|have|put) (?:me|us) down|as (?:my|our)|remember\w*)\b)"
    r"(?=.*\b(?:my|our|me|us)\b)(?!.*\b(?:show|find|list|give me|look for|search for)\b)"
)
_PREFERENCE_NOUN = (
    r"budget|max(?:imum)?|price range|area|location|town|city|zip|(?:home |property )?type|"
    r"bed(?:room)?s?|bath(?:room)?s?|preferences?|criteria"
)


def asks_if_kept(norm: str, preferences: Mapping[str, str]) -> bool:
    """A yes/no question whether a preference is still kept ("is our max still 500k?", "do
    you have me down for houses?"): said back, nothing saved or searched."""
    if not _ASKED_IF_KEPT.search(norm):
        return False
    values = [v.lower() for k, v in preferences.items() if k in _SAID_AS and v]
    named = "|".join([_PREFERENCE_NOUN, *(rf"{re.escape(v)}(?:e?s)?" for v in values)])
    return bool(re.search(rf"\b(?:{named})\b", norm))


_ASKED_TO_SEE = re.compile(
    r"^\W*(?:(?:can|could|would) (?:you|u) |please |pls )?(?:show|list|tell|give|remind)(?: me| us)?"
    r"(?: of)?\b|^\W*(?:what(?:'s| is| are)|whats|which are)\b"
)
_KEPT_AS_A_WHOLE = re.compile(
    r"\b(?:my|our) (?:saved |current |search |stored )?(?:preferences|prefs|criteria|settings|"
    r"profile)\b"
)


def asks_to_see_kept(norm: str) -> bool:
    """Asked to see the preferences as a whole ("show me my preferences", "what's in our
    profile"): said back, nothing forgotten nor searched."""
    homes = re.search(r"\b(?:homes|houses|places|listings|search\w*|find|look\w*)\b", norm)
    return bool(_ASKED_TO_SEE.search(norm) and _KEPT_AS_A_WHOLE.search(norm)) and not homes
