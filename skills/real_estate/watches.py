"""Saved searches and watches: save_search / watch_home request L1 memory writes the core
persists (SEARCH search_<slug> = the search criteria as compact JSON, checked by the core
against search_properties' schema; WATCH watch_<zpid> = price | status | any). The matching job
(matching.py) reads them back."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from criteria import parse_criteria
from planner.wording import criteria_phrase
from real_estate.domain import SEARCH_PREFIX, WATCH_PREFIX
from saved_homes import zpid_of
from skill_runtime import ToolError

SEARCH, WATCH = "SEARCH", "WATCH"
WATCH_WHAT = ("price", "status", "any")
NOT_SAVED = ("sort", "limit", "page")
"""Criteria that shape a page of results, not which homes match: never part of a saved search."""
MAX_SLUG = 40
MAX_NAME_CHARS = 40
MAX_NAME_WORDS = 6
_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 '&_-]*$")
"""What a saved search's name may hold (an allowlist): letters, digits, spaces, ' & - _ (the web
UI renames a search by its key's words, `78745_house_3bd`)."""
BAD_NAME = (
    "name must be a short name for the search: at most {words} words and {chars} characters of "
    "letters, digits, spaces and ' & - _ (like '78704 houses'); got {name!r}. Nothing was saved."
)
NO_LISTING = "There is no listing with zpid {zpid} to watch: {reason}"

Search = Callable[[Any], dict[str, Any]]
Details = Callable[[str], dict[str, Any]]


def saved_criteria(raw: Any) -> dict[str, Any]:
    """The criteria of a search as a SEARCH entry keeps them: validated and normalised like a
    search's, without sort / limit / page."""
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except ValueError:
            raise ToolError("criteria must be an object of search_properties parameters") from None
    if not isinstance(raw, dict):
        raise ToolError("criteria must be an object of search_properties parameters")
    criteria = parse_criteria({k: v for k, v in raw.items() if k not in NOT_SAVED}).echo()
    kept = {k: v for k, v in criteria.items() if k not in NOT_SAVED}
    if not kept:
        raise ToolError("criteria must narrow the search (a place, a price, a size...)")
    return kept


def slug_of(criteria: dict[str, Any]) -> str:
    """A short readable key part: "78704_house_3bd_under_500k"."""
    parts: list[str] = []
    for name in ("location", "near", "property_type"):
        if criteria.get(name):
            parts.append(str(criteria[name]))
    if criteria.get("beds_min"):
        parts.append(f"{criteria['beds_min']}bd")
    if criteria.get("price_max"):
        parts.append(f"under_{round(criteria['price_max'] / 1000)}k")
    parts.extend(str(f) for f in criteria.get("features") or [])
    slug = re.sub(r"[^a-z0-9]+", "_", "_".join(parts).lower()).strip("_")[:MAX_SLUG].strip("_")
    return slug or "homes"


def search_name(raw: Any) -> str | None:
    """A saved search's name when it is a short one of the allowed characters, None when none
    is given; a ToolError otherwise (never slugged into a key: the key is read back)."""
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    text = raw.strip() if isinstance(raw, str) else ""
    if (
        not _NAME.fullmatch(text)
        or len(text) > MAX_NAME_CHARS
        or len(text.split()) > MAX_NAME_WORDS
    ):
        shown = str(raw)[:60]
        raise ToolError(BAD_NAME.format(words=MAX_NAME_WORDS, chars=MAX_NAME_CHARS, name=shown))
    return text


def save_search(params: dict[str, Any], search: Search) -> dict[str, Any]:
    """Check the search runs (a known place...) and ask the core to keep it; `total` is how
    many homes match now."""
    unknown = sorted(set(params) - {"criteria", "name"})
    if unknown:
        raise ToolError(f"unknown parameter(s) {unknown}; expected criteria (and name)")
    criteria = saved_criteria(params.get("criteria"))
    found = search(parse_criteria({**criteria, "limit": 1}))
    name = search_name(params.get("name"))
    slug = slug_of({"location": name} if name else criteria)
    return {
        "type": "memory_write",
        "entry_type": SEARCH,
        "key": f"{SEARCH_PREFIX}{slug}",
        "value": json.dumps(criteria, sort_keys=True, separators=(",", ":")),
        "criteria": criteria,
        "words": criteria_phrase(criteria, 2),
        "total": found.get("total", 0),
    }


def watch_home(params: dict[str, Any], details: Details) -> dict[str, Any]:
    """Look the home up (a watch on a listing that does not exist is refused) and ask the core
    to keep the watch."""
    unknown = sorted(set(params) - {"zpid", "watch"})
    if unknown:
        raise ToolError(f"unknown parameter(s) {unknown}; expected zpid and watch")
    zpid = zpid_of(params.get("zpid"))
    what = str(params.get("watch") or "any").strip().lower()
    if what not in WATCH_WHAT:
        raise ToolError(f"watch must be one of {', '.join(WATCH_WHAT)}, got {what!r}")
    try:
        listing = details(zpid)["items"][0]
    except ToolError as exc:
        if exc.status == 404:
            raise ToolError(NO_LISTING.format(zpid=zpid, reason=exc), 404) from None
        raise
    return {
        "type": "memory_write",
        "entry_type": WATCH,
        "key": f"{WATCH_PREFIX}{zpid}",
        "value": what,
        "zpid": zpid,
        "address": listing.get("address"),
        "price": listing.get("price"),
    }
