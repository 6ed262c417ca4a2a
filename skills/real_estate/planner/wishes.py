"""Reads what people wish a listing said ("a big backyard", "updated kitchen", "walk to a park")
for the search's `wishes`, from the words no other extractor understood.

A general word (kitchen, yard, street, trees, light) is a wish only with a describing word
before it ("updated kitchen", "quiet street"); a distinctive one is a wish on its own ("home
office", "cul-de-sac", "workshop"). Places one walks to ("walk to the park", "near trails") are
wishes too: the descriptions say them.
"""

from __future__ import annotations

import re
from typing import Any

from .reading import Words

_DESCRIBING = (
    r"big|large|huge|spacious|roomy|quiet|peaceful|updated|renovated|remodel(?:l)?ed|modern|"
    r"open|gourmet|chef'?s|private|fenced|shaded|mature|high|vaulted|tall|new|natural|bright|"
    r"sunny|covered|screened|dedicated|separate|wooded|tree[- ]lined|walkable|cozy|lots of|"
    r"plenty of|great|beautiful|lush|flat|corner|oversized|extra|walk[- ]in|hardwood|"
    r"stainless|granite|quartz|tons of|lovely"
)
_GENERAL = (
    r"back ?yards?|yards?|gardens?|kitchens?|islands?|streets?|trees?|light|ceilings?|windows?|"
    r"floor ?plans?|floors?|flooring|closets?|bath(?:room)?s?|lots?|layouts?|living (?:room|area)s?|"
    r"storage|counter ?tops?|appliances|neighbou?rhoods?"
)
_DISTINCT = (
    r"home office|office|study|cul[- ]de[- ]sac|workshop|guest house|casita|"
    r"mother[- ]in[- ]law (?:suite|plan|quarters)|in[- ]law suite|game room|media room|"
    r"bonus room|greenbelt|hardwoods|porch|deck|patio|balcony|pantry|sunroom|wine cellar|"
    r"outdoor kitchen|solar panels|basement|loft"
)
PLACES = r"parks?|trails?|greenbelt|shops|shopping|restaurants|lake|creek|schools?|the river"
_WISH = re.compile(
    rf"\b(?:(?:{_DESCRIBING})[ ,]+(?:and )?){{1,2}}(?:{_GENERAL}|{_DISTINCT})\b|"
    rf"\b(?:{_DISTINCT})\b|"
    rf"\b(?:walk(?:ing)?(?: distance)?|walkable|close|near|next|backs? (?:up )?on)(?: to)? "
    rf"(?:an? |the )?(?:{PLACES})\b"
)


def take_wishes(words: Words, c: dict[str, Any]) -> None:
    """Add the message's wishes to `c["wishes"]` (after the rest of the parser has read it)."""
    found = [" ".join(m.group().replace(",", " ").split()) for m in words.take(_WISH.pattern)]
    if found:
        c["wishes"] = list(dict.fromkeys([*c.get("wishes", []), *found]))[:5]
