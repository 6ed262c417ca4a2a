"""What the model sees: the skill's system prompt and its OpenAI function schemas (GET /schema)."""

from __future__ import annotations

from typing import Any

from criteria import DEFAULT_LIMIT, MAX_LIMIT
from memory_write import ENTRY_KINDS, ENTRY_TYPES, PREFERENCE_KEYS
from real_estate import domain
from real_estate.domain import ACCOUNT_CONTACT, FEATURES, LANDMARKS, PROPERTY_TYPES, SORTS
from tour_times import ANY_TIME
from watches import WATCH_WHAT

SYSTEM_PROMPT = """\
Home search tools (real_estate skill):
- search_properties finds listings. Pass only what the user asked for or what their saved \
preferences say; leave everything else out. Use `near` for places like "downtown" or "close to \
UT" and `location` only for a city or a 5-digit ZIP. Prices: "under $500k", "up to", "at most" or a budget -> price_max; only "over" / "at least" -> price_min.
- Always cite the total: "I found 37 homes; here are the 10 best matches." Leave `sort` out \
unless the user asks for an order (cheapest, newest, biggest, closest). Listings with \
`flags: ["price_implausible"]` have a price far from their own Zestimate: mention it when you \
show one. Mention the key facts (price, beds/baths, sqft, address) and, for `near` searches, the distance. If total is 0, say \
which criterion is most likely too strict and offer to relax it; never invent alternatives.
- "Same but ..." refines the current search: reuse the current criteria and change only what the \
user changed. "More" / "next page" means the same criteria with page + 1.
- "The second one", "that house": resolve it from the numbered results in the context and call \
get_property_details with its zpid.
- When the user states a lasting preference ("my budget is $450k", "I only want houses", \
"never show me condos"), call save_search_criteria (PREFERENCE) and also apply it to the \
search; "never show me condos" is DECISION exclude_property_type. \
Do not save one-off filters ("3 beds under 400k" is a search, not a preference) unless the \
user says so ("remember", "my budget is", "always", "never"). "Forget my budget" -> \
forget_search_criteria for each remembered budget key.
- Saved homes are remembered as SAVED entries home_<zpid>. "Save the second one" -> save_home; \
"remove it" -> remove_saved_home; "show my saved homes" -> get_saved_homes with those zpids; \
"compare the first two" -> compare_properties.
- Saved searches (save_search) and watches (watch_home) are SEARCH search_<slug> and WATCH \
watch_<zpid> entries; "stop watching it" -> forget_search_criteria with entry_type WATCH and key \
watch_<zpid> (SEARCH and its key for a search). Guests must sign in to save a search, watch a \
home or request a tour.
- Fair housing: never filter, rank or describe homes or areas by race, colour, religion, \
national origin, sex, familial status or disability, nor say who lives where ("a neighborhood \
without kids", "a white area", "away from group homes"). Call no tool: decline politely and \
say what you can search by (price, size, type, features, school ratings, distance to places, \
what the listing says). Lawful wishes stay fine: near parks, good schools, a quiet street.
"""


def _p(kind: str, description: str, **extra: Any) -> dict[str, Any]:
    return {"type": kind, "description": description, **extra}


def _list_of(values: tuple[str, ...], description: str) -> dict[str, Any]:
    return _p("array", description, items={"type": "string", "enum": list(values)})


_SEARCH_PARAMS: dict[str, Any] = {
    "location": _p(
        "string",
        "City name (e.g. Austin, Pflugerville) or a 5-digit ZIP; a landmark such as 'downtown' "
        "searches its city, nearest first.",
    ),
    "beds_min": _p("integer", "Minimum bedrooms.", minimum=0, maximum=20),
    "beds_max": _p("integer", "Maximum bedrooms ('3 to 4 bedrooms').", minimum=0, maximum=20),
    "baths_min": _p("number", "Minimum bathrooms.", minimum=0, maximum=20),
    "baths_max": _p("number", "Maximum bathrooms.", minimum=0, maximum=20),
    "price_min": _p(
        "integer",
        "Lowest price in US dollars: only for 'over', 'at least', 'from'. Never the budget.",
        minimum=0,
    ),
    "price_max": _p(
        "integer",
        "Highest price in US dollars: the budget; 'under', 'below', 'up to', 'at most'.",
        minimum=0,
    ),
    "sqft_min": _p("integer", "Minimum living area in square feet.", minimum=0),
    "property_type": _p("string", "Only this kind of property.", enum=list(PROPERTY_TYPES)),
    "exclude_types": _list_of(PROPERTY_TYPES, "Kinds never to show (the user said 'no condos')."),
    "features": _list_of(
        FEATURES,
        "Required features; every one must be present. pool = the home's own pool; "
        "community_pool = a neighbourhood or HOA pool.",
    ),
    "near": _p(
        "string",
        "Landmark to measure distance from ('downtown' = city center); adds distance_miles.",
        enum=list(LANDMARKS),
    ),
    "radius_miles": _p("number", "With near: maximum distance in miles.", minimum=0.1, maximum=100),
    "school_rating_min": _p(
        "number",
        "Minimum average rating (1-10) of the home's schools: 'good schools' = 7, 'great' = 8.",
        minimum=0,
        maximum=10,
    ),
    "garage_spaces_min": _p("integer", "Minimum garage spaces ('2-car garage' = 2).", minimum=0),
    "stories_min": _p("integer", "Minimum stories ('two-story' = 2).", minimum=1),
    "stories_max": _p("integer", "Maximum stories ('single story' = 1).", minimum=1),
    "lot_size_min": _p(
        "integer", "Minimum lot in sqft (acre = 43560; 'big yard' = 10000).", minimum=0
    ),
    "year_built_min": _p("integer", "Built in this year or later ('after 2010' = 2011)."),
    "no_hoa": _p("boolean", "true: only homes without an HOA."),
    "price_dropped_within_days": _p(
        "integer",
        "Only homes whose price dropped within this many days ('dropped in price this week' = 7).",
        minimum=1,
    ),
    "days_on_market_max": _p(
        "integer",
        "Only homes on the market at most this many days ('new this week' = 7).",
        minimum=0,
    ),
    "like_zpid": _p(
        "string",
        "Homes like this listing ('homes like the second one'): ranked by likeness of "
        "description, price, size, rooms and place; the listing itself is left out.",
    ),
    "wishes": _p(
        "array",
        "What the user wants the listing to say, in their words, one short phrase each "
        "('big backyard', 'updated kitchen', 'walk to a park'): ranks by the descriptions, "
        "each result's mentions quote them. Not for facts another parameter covers.",
        items={"type": "string"},
        maxItems=5,
    ),
    "sort": _p(
        "string",
        "relevance = best match first (default without near: fit to the criteria, value "
        "against the Zestimate, recency), price = cheapest first, "
        "price_desc = most expensive first, "
        "newest = most recent listing date first, size = largest first, "
        "distance = closest first (default with near).",
        enum=list(SORTS),
    ),
    "limit": _p(
        "integer", f"Results per page (default {DEFAULT_LIMIT}).", minimum=1, maximum=MAX_LIMIT
    ),
    "page": _p("integer", "1-based page number.", minimum=1),
}


def _function(
    name: str,
    description: str,
    properties: dict[str, Any],
    required: list[str],
    meta: dict[str, Any],
) -> dict[str, Any]:
    """An OpenAI function definition plus its `x-propsearch` metadata (docs/protocol.md)."""
    parameters = {
        "type": "object",
        "properties": properties,
        "required": required,
        "additionalProperties": False,
    }
    return {
        "type": "function",
        "function": {"name": name, "description": description, "parameters": parameters},
        "x-propsearch": meta,
    }


# No example id: a small model copies it instead of reading the results' zpid column.
_ZPID = _p("string", "The zpid of a home shown in a result (its zpid column).")
_ZPIDS = _p("array", "The zpids of homes shown in results.", items={"type": "string"})
SAVED_ENTRIES = {"SAVED": {f"{domain.HOME_PREFIX}*": "label"}}
"""Saved homes: one entry per home, its value the skill's own "address · price" line."""
WATCH_ENTRIES: dict[str, Any] = {
    "SEARCH": {f"{domain.SEARCH_PREFIX}*": {"criteria": domain.SEARCH}},
    "WATCH": {f"{domain.WATCH_PREFIX}*": {"enum": list(WATCH_WHAT)}},
}
"""Saved searches (the core checks the criteria against search_properties' schema) and watches."""
FORGETTABLE: dict[str, Any] = {**ENTRY_KINDS, **WATCH_ENTRIES}
_LISTING_COLUMNS = ["zpid", "address", "price", "beds", "baths", "sqft", "property_type"]
_LISTINGS_FOR_MODEL = {
    "rows": "items",
    "columns": [*_LISTING_COLUMNS, "features", "mentions", "distance_miles", "similarity"],
    "fields": ["total", "page", "criteria", "like", "wishes_unmatched", "saved", "missing"],
}
"""What the model reads of a page of listings: a numbered table (docs/protocol.md)."""
_NO_HOME = {"not_found": "Couldn't find that home."}
"""A failed step's words for a person when the zpid names no listing (the core's are generic)."""
_DETAIL_META = {
    "guest": True,
    "label": "Fetching details…",
    "renders": "detail",
    "remember": True,
    "summary": "{items.0.address}",
    "failed": _NO_HOME,
    "for_model": {
        "rows": "items",
        "columns": [
            *_LISTING_COLUMNS,
            *("year_built", "lot_size", "hoa_fee", "zestimate", "features", "facts"),
            "description",
        ],
    },
}


TOOLS = [
    _function(
        domain.SEARCH,
        "Search homes for sale; every parameter is optional and narrows the search.",
        _SEARCH_PARAMS,
        [],
        {
            "guest": True,
            "label": "Searching listings…",
            "renders": "listings",
            "remember": True,
            "summary": "{total} listings",
            "for_model": _LISTINGS_FOR_MODEL,
        },
    ),
    _function(
        domain.DETAILS,
        "Full details (description, year built, lot size, HOA, Zestimate) of one listing by zpid.",
        {"zpid": _ZPID},
        ["zpid"],
        _DETAIL_META,
    ),
    _function(
        domain.DETAILS_BY_ADDRESS,
        "Full details of the property at a street address the user gave.",
        {"address": _p("string", "One-line address, e.g. '2306 Shoal Creek Blvd, Austin, TX'.")},
        ["address"],
        _DETAIL_META,
    ),
    _function(
        domain.SAVE_CRITERIA,
        "Remember a lasting user preference, decision or observation across sessions.",
        {
            "entry_type": _p(
                "string",
                "PREFERENCE = lasting wish, DECISION = a kind excluded for good.",
                enum=list(ENTRY_TYPES),
            ),
            "key": _p("string", f"snake_case key, e.g. {', '.join(PREFERENCE_KEYS)}."),
            "value": _p("string", "Human-readable value, e.g. '$450,000' or 'house'."),
        },
        ["entry_type", "key", "value"],
        {
            "label": "Saving preference…",
            "renders": "none",
            "summary": "remembered your {words}",
            "writes": ENTRY_KINDS,
            "idempotent": True,  # only a write request, applied once when the turn ends
        },
    ),
    _function(
        domain.FORGET_CRITERIA,
        "Forget a remembered preference (the user said 'forget my budget'). Asks the user first.",
        {
            "key": _p("string", f"The remembered key, e.g. {', '.join(PREFERENCE_KEYS[:3])}."),
            "entry_type": _p(
                "string",
                "Default PREFERENCE; SEARCH for a saved search, WATCH for a watched home.",
                enum=[*ENTRY_TYPES, "SEARCH", "WATCH"],
            ),
        },
        ["key"],
        {
            "label": "Forgetting preference…",
            "renders": "none",
            "summary": "forgot your {words}",
            "confirm": "Forget your saved {key}?",
            "writes": FORGETTABLE,
            "idempotent": True,  # only a write request, applied once when the turn ends
        },
    ),
    _function(
        domain.SAVE_HOME,
        "Save a home to the user's saved homes (shortlist), e.g. 'save the second one'.",
        {"zpid": _ZPID},
        ["zpid"],
        {
            "label": "Saving home…",
            "renders": "none",
            "summary": "saved {value}",
            "failed": _NO_HOME,
            "writes": SAVED_ENTRIES,
            "idempotent": True,  # only a write request, applied once when the turn ends
        },
    ),
    _function(
        domain.REMOVE_SAVED_HOME,
        "Remove one home from the user's saved homes. Asks the user first.",
        {"zpid": _ZPID},
        ["zpid"],
        {
            "label": "Removing saved home…",
            "renders": "none",
            "summary": "removed from your saved homes",
            "confirm": "Remove this home from your saved homes?",
            "writes": SAVED_ENTRIES,
            "idempotent": True,  # only a write request, applied once when the turn ends
        },
    ),
    _function(
        domain.SAVE_SEARCH,
        "Save a search so the user hears about new homes matching it ('tell me when...', "
        "'watch this search'). Pass the search's criteria (search_properties parameters). "
        "Asks the user first.",
        {
            "criteria": _p(
                "object",
                "The search_properties parameters to keep, e.g. {location, beds_min, price_max}.",
                properties=_SEARCH_PARAMS,
                additionalProperties=False,
            ),
            "name": _p("string", "Optional short name for the search, e.g. '78704 houses'."),
        },
        ["criteria"],
        {
            "label": "Saving search…",
            "renders": "none",
            "summary": "saved search: {words}",
            "confirm": "Save this search and tell you when new homes match it?",
            "writes": WATCH_ENTRIES,
        },
    ),
    _function(
        domain.WATCH_HOME,
        "Watch one listing and tell the user when it changes ('let me know if it drops in "
        "price'). Asks the user first.",
        {
            "zpid": _ZPID,
            "watch": _p(
                "string",
                "price = price changes, status = sold / pending / off the market, any = both.",
                enum=list(WATCH_WHAT),
            ),
        },
        ["zpid", "watch"],
        {
            "label": "Watching home…",
            "renders": "none",
            "summary": "watching {address}",
            "failed": _NO_HOME,
            "confirm": "Watch this home and tell you when its {watch} changes?",
            "writes": WATCH_ENTRIES,
        },
    ),
    _function(
        domain.REQUEST_TOUR,
        "Ask an agent to show the user a home ('I'd like to see the second one on Saturday "
        "morning'). Asks the user first; an agent contacts them.",
        {
            "zpid": _ZPID,
            "times": _p(
                "string",
                "When the user would like to visit, in their own words ('saturday morning', "
                "'tomorrow after 5'): the tool dates them, and asks again once passed. "
                f"Left out when none is named: {ANY_TIME}.",
            ),
            "timezone": _p(
                "string", "The user's time zone from the clock line, e.g. 'America/Chicago'."
            ),
            "contact": _p(
                "string",
                "How the agent reaches the user: the email or phone they gave, else "
                f"'{ACCOUNT_CONTACT}'.",
            ),
        },
        ["zpid", "contact"],
        {
            "label": "Requesting a tour…",
            "renders": "none",
            "summary": "tour requested for {address}: {times}",
            "failed": _NO_HOME,
            "confirm": "Send a tour request for this home ({times}) to an agent "
            "(contact: {contact})?",
            "idempotent": False,
            "handoff": True,
        },
    ),
    _function(
        domain.GET_SAVED_HOMES,
        "Show the user's saved homes: pass the zpids of the SAVED home_<zpid> entries remembered.",
        {"zpids": _ZPIDS},
        ["zpids"],
        {
            "label": "Loading saved homes…",
            "renders": "listings",
            "summary": "{total} saved homes",
            "for_model": _LISTINGS_FOR_MODEL,
        },
    ),
    _function(
        domain.COMPARE,
        "Compare 2-5 listings side by side (price, $/sqft, beds, baths, sqft, year built, lot, "
        "HOA, Zestimate, distance to `near`); the best value of each row is marked.",
        {
            "zpids": _ZPIDS,
            "near": _p("string", "Optional landmark for a distance row.", enum=list(LANDMARKS)),
        },
        ["zpids"],
        {
            "guest": True,
            "label": "Comparing homes…",
            "renders": "comparison",
            "summary": "compared {total} homes",
            "failed": {"not_found": "Couldn't find one of those homes."},
            "for_model": {
                "rows": "items",
                "columns": [
                    *_LISTING_COLUMNS,
                    *("price_per_sqft", "year_built", "lot_size", "hoa_fee", "zestimate"),
                    *("price_vs_zestimate", "distance_miles", "features"),
                ],
                "fields": ["total", "near"],
            },
        },
    ),
]

SCHEMA: dict[str, Any] = {"system_prompt": SYSTEM_PROMPT, "tools": TOOLS}
