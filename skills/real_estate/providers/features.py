"""The features a listing really has, each with its evidence.

A feature comes from a structured column of the dataset (garage spaces, `hasSpa`, `hasView`,
waterfront features) or from a clause of the description that says so. The description is read
without the listing's own street address ("10104 Wading Pool Path ... is a single family home"
has no pool), and a pool only counts when the clause describes the home's own pool: a clause
that speaks of the community's, the neighbourhood's, a park's or a nearby pool gives
`community_pool` instead.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

EVIDENCE_CHARS = 140
_CLAUSES = re.compile(r"(?<=[.!?;])\s+|\s+[-–•|]\s+|\s*\n\s*|\s{3,}")
_POOL = re.compile(r"\bpools?\b(?!\s*(table|cue|house|bath))")
_COMMUNITY = re.compile(
    r"\b(communit(y|ies)|comm|neighbou?rhoods?|subdivision|hoa|amenit(y|ies)|resort[- ]style|"
    r"club ?house|complex|shared|common|nearby|near|close to|walk(ing)? (distance )?to|"
    r"access to|minutes|mins|steps (away|from|to)|parks?|pools|fitness|tennis|trails?|"
    r"swim center|splash pad|playgrounds?|playscapes?|recreation|rec center|golf|lake area|"
    r"public|olympic|across (the street )?from|around the corner|down the street|"
    r"blocks? (away|from))\b"
)
# "plenty of room for a pool", "pool-ready yard": a possibility, not a pool
_NO_POOL = re.compile(
    r"\b(room|space|enough|ready|perfect|ideal|spot|potential|possibilit\w*|plans?|planned|"
    r"waiting)\b for\b[^.!?]{0,40}\bpools?\b|"
    r"\b(add|adding|build|building|put|install|installing)\b[^.!?]{0,12}\bpools?\b|"
    r"\band/or a pool\b|\bpool[- ]?(sized?|ready)\b|\bpool up to you\b"
)
_PRIVATE = re.compile(
    r"\b(private (swimming )?pool|pool is private|own pool|your own|backyard|back yard)\b"
)
SHARED_TYPES = frozenset({"condo", "townhouse", "apartment", "multiple occupancy", "multifamily"})
_FIREPLACE = re.compile(r"\b(fire ?places?|wood[- ]burning|gas logs)\b(?!\s*(pit|ring))")
_WATERFRONT = re.compile(
    r"\b(waterfront|lakefront|water front|on the lake|lake access|boat dock)\b"
)


def clauses(description: str, street: str, *, lower: bool = True) -> list[str]:
    """The description's clauses (lower case unless asked), the listing's own address removed."""
    text = description.lower() if lower else description
    if street:
        text = re.sub(re.escape(street), " ", text, flags=re.IGNORECASE)
    return [c.strip() for c in _CLAUSES.split(text) if c and c.strip()]


def _quote(clause: str, match: re.Match[str]) -> str:
    """The part of a clause around a match, at most EVIDENCE_CHARS long."""
    if len(clause) <= EVIDENCE_CHARS:
        return clause
    start = max(0, min(match.start() - EVIDENCE_CHARS // 2, len(clause) - EVIDENCE_CHARS))
    return ("…" if start else "") + clause[start : start + EVIDENCE_CHARS].strip() + "…"


def _first(parts: list[str], pattern: re.Pattern[str]) -> str | None:
    for clause in parts:
        if match := pattern.search(clause):
            return _quote(clause, match)
    return None


def _pools(parts: list[str], shared_building: bool) -> tuple[str | None, str | None]:
    """(the clause about the home's own pool, the clause about a shared one). In a condo or
    townhouse a pool is shared unless the clause says it is private."""
    own = shared = None
    for clause in parts:
        match = _POOL.search(clause)
        if match is None or _NO_POOL.search(clause):
            continue
        communal = bool(_COMMUNITY.search(clause)) or (
            shared_building and not _PRIVATE.search(clause)
        )
        if communal:
            shared = shared or _quote(clause, match)
        else:
            own = own or _quote(clause, match)
    return own, shared


def _number(text: str | None) -> int:
    try:
        return int(float(text or 0))
    except ValueError:
        return 0


def derive(row: Mapping[str, str], street: str) -> dict[str, str]:
    """{feature: evidence}: "listing data: ..." for a column, else the clause that says so."""
    parts = clauses(row.get("description") or "", street)
    found: dict[str, str] = {}
    own, shared = _pools(parts, (row.get("homeType") or "").lower() in SHARED_TYPES)
    if own:
        found["pool"] = own
    if shared:
        found["community_pool"] = shared
    garage = _number(row.get("garageSpaces"))
    if garage > 0:
        found["garage"] = f"listing data: {garage} garage space{'s' if garage != 1 else ''}"
    elif row.get("hasGarage") == "TRUE":
        found["garage"] = "listing data: has a garage"
    if row.get("hasSpa") == "TRUE":
        found["spa"] = "listing data: has a spa"
    if row.get("hasView") == "TRUE":
        found["view"] = "listing data: has a view"
    if _number(row.get("numOfWaterfrontFeatures")) > 0:
        found["waterfront"] = "listing data: waterfront features"
    elif quote := _first(parts, _WATERFRONT):
        found["waterfront"] = quote
    if quote := _first(parts, _FIREPLACE):
        found["fireplace"] = quote
    return found
