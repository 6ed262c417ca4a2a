"""The real_estate skill's one vocabulary: its tool names, the property types, features and
sorts its tools take, the Austin landmarks, and the words people use for each.

Used alike by the tools (criteria.py, tools.py), the providers and the planner, which all import
it as `real_estate.domain` (skills/ is on the path of the workers and of the planner's process).
Word patterns are lower-case regex fragments; callers add word boundaries. Lists are ordered so a
longer phrase wins over its parts ("mobile home" before "home", "town house" before "house").
Standard library only.
"""

from __future__ import annotations

import re

SEARCH = "search_properties"
DETAILS = "get_property_details"
DETAILS_BY_ADDRESS = "get_property_details_by_address"
SAVE_CRITERIA = "save_search_criteria"
FORGET_CRITERIA = "forget_search_criteria"
SAVE_HOME = "save_home"
REMOVE_SAVED_HOME = "remove_saved_home"
GET_SAVED_HOMES = "get_saved_homes"
COMPARE = "compare_properties"
SAVE_SEARCH = "save_search"
WATCH_HOME = "watch_home"
REQUEST_TOUR = "request_tour"
ACCOUNT_CONTACT = "my PropSearch account"
"""A tour request's contact when the buyer names none: the agent reaches them through the product."""
NEW_MATCH, PRICE_DROP, PRICE_CHANGE = "new_match", "price_drop", "price_change"
"""The kinds of alert the skill's jobs raise (matching.py), which its planner reads back."""
HOME_PREFIX, WATCH_PREFIX, SEARCH_PREFIX = "home_", "watch_", "search_"
"""How the keys of what a person keeps start: a saved home is home_<zpid>, a watch
watch_<zpid>, a saved search search_<its criteria in words> (the tools write them, the planner
and the alert job read them back)."""
ENTRY_WORDS = {
    "budget_max": "budget",
    "budget_min": "lowest price",
    "location": "area",
    "property_type": "home type",
    "beds_min": "fewest bedrooms",
    "baths_min": "fewest bathrooms",
    "features": "must-haves",
    "exclude_property_type": "excluded home types",
}
"""Each remembered key as a person says it: step lines and answers never show the key."""

TOOL_NAMES = (
    SEARCH,
    DETAILS,
    DETAILS_BY_ADDRESS,
    SAVE_CRITERIA,
    FORGET_CRITERIA,
    SAVE_HOME,
    REMOVE_SAVED_HOME,
    GET_SAVED_HOMES,
    COMPARE,
    SAVE_SEARCH,
    WATCH_HOME,
    REQUEST_TOUR,
)

PROPERTY_TYPES = (
    "house",
    "condo",
    "townhouse",
    "multi_family",
    "apartment",
    "land",
    "mobile",
    "other",
)
FEATURES = ("pool", "community_pool", "garage", "view", "spa", "waterfront", "fireplace")
SORTS = ("relevance", "price", "price_desc", "newest", "size", "distance")

CITY = "Austin"
"""The city every landmark is in (a search "location" that names a landmark searches it)."""

# canonical name -> (lat, lng); downtown is the Congress Ave / 6th St area.
LANDMARKS: dict[str, tuple[float, float]] = {
    "downtown": (30.2672, -97.7431),
    "ut austin": (30.2849, -97.7341),
    "capitol": (30.2747, -97.7404),
    "zilker park": (30.2669, -97.7729),
    "the domain": (30.4020, -97.7253),
    "airport": (30.1975, -97.6664),
    "lady bird lake": (30.2637, -97.7560),
}

LANDMARK_DISPLAY: dict[str, str] = {
    "downtown": "downtown Austin",
    "ut austin": "UT Austin",
    "capitol": "the Texas Capitol",
    "zilker park": "Zilker Park",
    "the domain": "The Domain",
    "airport": "the Austin airport",
    "lady bird lake": "Lady Bird Lake",
}
"""How a landmark reads in a sentence."""

LANDMARK_WORDS: list[tuple[str, str]] = [
    (
        "ut austin",
        r"(?<!\w)(?:ut[- ]austin|university of texas(?: at austin)?|the university|u\.t\.?|ut|"
        r"ut campus|campus)(?!\w)",
    ),
    ("downtown", r"(?<!\w)(?:downtown|city cent(?:er|re)|the cbd|cbd)(?!\w)"),
    ("capitol", r"(?<!\w)(?:(?:the )?(?:state )?capitol|capitol building|state capital)(?!\w)"),
    ("zilker park", r"(?<!\w)zilker(?: park)?(?!\w)"),
    ("the domain", r"(?<!\w)(?:the )?domain(?: northside)?(?!\w)"),
    ("airport", r"(?<!\w)(?:the )?(?:airport|abia|bergstrom)(?!\w)"),
    ("lady bird lake", r"(?<!\w)(?:lady ?bird(?: lake)?|town lake)(?!\w)"),
]

TYPE_WORDS: list[tuple[str, str]] = [
    ("mobile", r"mobile homes?|manufactured(?: homes?)?|trailers?"),
    (
        "multi_family",
        r"multi[- ]?family(?: homes?| houses?| propert(?:y|ies))?|multi[- ]?plex(?:es)?|"
        r"duplex(?:es)?|triplex(?:es)?|fourplex(?:es)?|quadplex(?:es)?",
    ),
    ("townhouse", r"town ?houses?|town ?homes?|row ?houses?"),
    ("condo", r"condos?|condominiums?"),
    ("apartment", r"apartments?|apts?"),
    ("land", r"(?:vacant |empty |raw )?land|(?:vacant|empty|buildable|building) lots?|acreage"),
    (
        "house",
        r"single[- ]family(?: homes?| houses?| residences?)?|houses?|sfh|"
        r"detached(?: homes?| houses?)?",
    ),
    ("home", r"homes?"),
]
"""'home' is the generic word: it means a house only when no other type is named."""

FEATURE_WORDS: list[tuple[str, str]] = [
    (
        "waterfront",
        r"water ?front|lake ?front|river ?front|on the (?:water|lake|river)|lakeside|waterside",
    ),
    ("spa", r"hot ?tubs?|spas?|jacuzzis?|whirlpools?"),
    ("community_pool", r"(?:community|neighbou?rhood|shared|hoa) (?:swimming )?pools?"),
    ("pool", r"(?:swimming |private |own )?pools?"),
    ("fireplace", r"(?:wood[- ]burning |gas )?fire ?places?"),
    ("garage", r"(?:\d[- ]car )?garages?|covered parking"),
    ("view", r"(?:lake|hill country|city|skyline|water|mountain|great|nice) views?|views?"),
]

SORT_WORDS: list[tuple[str, str]] = [
    (
        "price_desc",
        r"most expensive|priciest|highest[- ]priced?|high(?:est)? to low(?:est)?|"
        r"price descending|expensive first",
    ),
    (
        "price",
        r"cheapest|least expensive|lowest[- ]priced?|low(?:est)? to high(?:est)?|"
        r"most affordable|price ascending|(?:sort(?:ed)?|order(?:ed)?) by price|by price|"
        r"cheaper first|cheap|inexpensive|(?<!more )affordable|budget[- ]friendly",
    ),
    (
        "size",
        r"biggest|largest|most (?:space|square (?:feet|footage)|room)|"
        r"(?:sort(?:ed)?|order(?:ed)?) by size|by size|bigger first",
    ),
    (
        "newest",
        r"newest|most recent(?:ly built)?|newer|new construction|recently built|newly built|"
        r"(?:sort(?:ed)?|order(?:ed)?) by (?:age|year)",
    ),
    ("distance", r"closest|nearest|closer|nearer|(?:sort(?:ed)?|order(?:ed)?) by distance"),
]

# Words a tool argument may use that free text does not ("flat", "lot", "sqft"): in a message
# they mean other things ("a big lot").
TYPE_ARGUMENTS = {"flat": "apartment", "flats": "apartment", "lot": "land", "lots": "land"}
FEATURE_ARGUMENTS = {"parking": "garage"}
SORT_ARGUMENTS = {
    "price asc": "price",
    "price desc": "price_desc",
    "date": "newest",
    "recent": "newest",
    "sqft": "size",
    "best": "relevance",
    "best match": "relevance",
    "relevant": "relevance",
    "recommended": "relevance",
}
LANDMARK_ARGUMENTS = {
    "center": "downtown",
    "centre": "downtown",
    "downtown austin": "downtown",
    "texas capitol": "capitol",
    "aus": "airport",
    "austin airport": "airport",
    "austin bergstrom": "airport",
    "austin-bergstrom": "airport",
    "austin-bergstrom international airport": "airport",
}

PROVIDER_TYPES = {
    "singlefamily": "house",
    "singlefamilyresidence": "house",  # RESO PropertySubType spellings
    "singlefamilydetached": "house",
    "manufacturedhome": "mobile",
    "duplex": "multi_family",
    "triplex": "multi_family",
    "quadruplex": "multi_family",
    "unimprovedland": "land",
    "residential": "house",
    "house": "house",
    "condo": "condo",
    "condominium": "condo",
    "cooperative": "condo",
    "townhouse": "townhouse",
    "townhome": "townhouse",
    "multipleoccupancy": "multi_family",
    "multifamily": "multi_family",
    "apartment": "apartment",
    "vacantland": "land",
    "lot": "land",
    "lotland": "land",
    "lotsland": "land",
    "land": "land",
    "mobilemanufactured": "mobile",
    "manufactured": "mobile",
    "mobile": "mobile",
}
"""Providers' spellings of a home type, letters only and lower-cased ("Single Family" ->
"singlefamily"), onto PROPERTY_TYPES."""


def named(value: str, words: list[tuple[str, str]], arguments: dict[str, str]) -> str | None:
    """The canonical name a whole value means by `words` or `arguments`, else None:
    "Single Family" -> "house" by TYPE_WORDS."""
    key = " ".join(value.lower().replace("_", " ").split())
    for name, pattern in words:
        if re.fullmatch(pattern, key):
            return "house" if name == "home" else name
    return arguments.get(key)
