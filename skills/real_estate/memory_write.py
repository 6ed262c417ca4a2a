"""save_search_criteria / forget_search_criteria: validate a memory entry and echo it; the core
persists or removes it (L1)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from real_estate.domain import ENTRY_WORDS, FEATURES, PROPERTY_TYPES, SEARCH_PREFIX, WATCH_PREFIX
from skill_runtime import ToolError

ENTRY_KINDS: dict[str, dict[str, Any]] = {
    "PREFERENCE": {
        "budget_max": "money",
        "budget_min": "money",
        "location": "place",
        "property_type": {"enum": list(PROPERTY_TYPES)},
        "beds_min": "number",
        "baths_min": "number",
        "features": {"enum": list(FEATURES), "many": True},
    },
    "DECISION": {"exclude_property_type": {"enum": list(PROPERTY_TYPES), "many": True}},
}
"""Every entry these tools may write, with the kind of its value: declared to the core as
`x-propsearch.writes`, which refuses anything else (docs/protocol.md, "Memory writes")."""
ENTRY_TYPES = tuple(ENTRY_KINDS)
FORGETTABLE_TYPES = (*ENTRY_TYPES, "SEARCH", "WATCH")
"""Saved searches and watches (watches.py) are forgotten like preferences."""
PREFERENCE_KEYS = tuple(key for keys in ENTRY_KINDS.values() for key in keys)
MAX_VALUE_CHARS = 300
_KEY = re.compile(r"^[a-z][a-z0-9_]{0,47}$")
_SLUG_WORDS = (
    (re.compile(r"\b(\d+)bd\b"), r"\1+ bedrooms"),
    (re.compile(r"\bunder (\d+)k\b"), r"under $\1k"),
)

Details = Callable[[str], dict[str, Any]]


def entry_words(entry_type: str, key: str, details: Details) -> str:
    """A remembered entry in words: "budget", "saved search 78745 house 3+ bedrooms under $450k",
    "watch on 2509 Cockburn Dr, Austin, TX 78745" (its zpid's address, looked up)."""
    if entry_type == "WATCH":
        try:
            address = details(key.removeprefix(WATCH_PREFIX))["items"][0].get("address")
        except (ToolError, LookupError):
            address = None
        return f"watch on {address}" if address else "watch on a home no longer listed"
    if entry_type == "SEARCH":
        words = key.removeprefix(SEARCH_PREFIX).replace("_", " ")
        for pattern, said in _SLUG_WORDS:
            words = pattern.sub(said, words)
        return f"saved search {words}"
    return ENTRY_WORDS.get(key, key.replace("_", " "))


def _value_text(key: str, value: Any) -> str:
    if isinstance(value, bool) or value is None:
        raise ToolError("value must be a string (or a number / list of strings)")
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        value = ", ".join(item.strip() for item in value if item.strip())
    if isinstance(value, int | float):
        # budgets read better as money: 450000 -> "$450,000"
        return f"${value:,.0f}" if key.startswith("budget") else f"{value:g}"
    if not isinstance(value, str):
        raise ToolError("value must be a string (or a number / list of strings)")
    return " ".join(value.split())


def memory_write(params: dict[str, Any]) -> dict[str, Any]:
    """{"type": "memory_write", "entry_type", "key", "value"} after validation."""
    unknown = sorted(set(params) - {"entry_type", "key", "value"})
    if unknown:
        raise ToolError(f"unknown parameter(s) {unknown}; expected entry_type, key, value")
    entry_type = str(params.get("entry_type") or "").strip().upper()
    if entry_type not in ENTRY_TYPES:
        raise ToolError(f"entry_type must be one of {', '.join(ENTRY_TYPES)}")
    key = str(params.get("key") or "").strip().lower().replace("-", "_").replace(" ", "_")
    if not _KEY.match(key):
        raise ToolError(
            f"key must be snake_case (e.g. {', '.join(PREFERENCE_KEYS[:3])}), got {key!r}"
        )
    if key not in ENTRY_KINDS[entry_type]:
        known = ", ".join(ENTRY_KINDS[entry_type])
        raise ToolError(f"{entry_type} entries are {known}; {key!r} is not one of them")
    value = _value_text(key, params.get("value"))
    if not value:
        raise ToolError("value must not be empty")
    if len(value) > MAX_VALUE_CHARS:
        raise ToolError(f"value is too long (max {MAX_VALUE_CHARS} characters)")
    words = f"{ENTRY_WORDS.get(key, key.replace('_', ' '))}: {value}"
    return {
        "type": "memory_write",
        "entry_type": entry_type,
        "key": key,
        "value": value,
        "words": words,
    }


def forget_criteria(params: dict[str, Any], details: Details) -> dict[str, Any]:
    """{"type": "memory_write", "op": "delete", "entry_type", "key"}: the core removes the entry."""
    unknown = sorted(set(params) - {"entry_type", "key"})
    if unknown:
        raise ToolError(f"unknown parameter(s) {unknown}; expected key (and entry_type)")
    entry_type = str(params.get("entry_type") or "PREFERENCE").strip().upper()
    if entry_type not in FORGETTABLE_TYPES:
        raise ToolError(f"entry_type must be one of {', '.join(FORGETTABLE_TYPES)}")
    key = str(params.get("key") or "").strip().lower().replace("-", "_").replace(" ", "_")
    if not _KEY.match(key):
        raise ToolError(f"key must be snake_case (e.g. {', '.join(PREFERENCE_KEYS[:3])})")
    return {
        "type": "memory_write",
        "op": "delete",
        "entry_type": entry_type,
        "key": key,
        "value": None,
        "words": entry_words(entry_type, key, details),
    }
