"""The saved preferences said back in the product's words ("what budget did I give you")."""

from __future__ import annotations

from collections.abc import Mapping

_SAID_AS = {
    "budget_max": "a budget of at most {}",
    "budget_min": "a budget of at least {}",
    "location": "homes in {}",
    "property_type": "{} homes",
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
    said = [_SAID_AS[key].format(value) for key, value in preferences.items() if key in _SAID_AS]
    return f"You told me: {'; '.join(said)}." if said else NOTHING_REMEMBERED
