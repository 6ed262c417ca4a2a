"""Recognizers of one home the message is about: a card click, a typed address, "the second
one", "the one with 2250 square feet", homes like it, how long it has been listed."""

from __future__ import annotations

import re

from real_estate.domain import DETAILS, DETAILS_BY_ADDRESS, SEARCH

from .criteria_edit import like, refine, tidy
from .ids import ZPID
from .market import asks_days_on_market
from .picked import named_homes
from .plans import Conversation, Plan, ToolRequest, details
from .positions import NOUN, ORD, positions_said
from .refs import all_positions, card_click, find_reference, resolve, shown_at, typed_address

_ABOUT_IT = re.compile(
    r"\b(?:about|know|info\w*|details?|tell)\b|"
    r"\b(?:what|how)(?:'?s| is| was| does)\b(?:(?! (?:else|other|another)\b)[^.?!])*\blike\s*[?.!]*\s*$|"
    r"^\W*(?:is|was) (?:it|this(?: one)?|that(?: one)?|number \w+|#\s?\d+|the \w+ one) an? \w|"
    r"^\W*(?:(?:so|and|ok|okay|remind me),? )?where(?:'?s| is| exactly is)\b"
)
"""Words asking about the home itself ("what's the 2nd one like", "is #4 a condo?", "where's
the new one"), not for homes like it."""
_MOVE_TO = r"(?:go|move|skip|jump|switch|take me|let'?s go)(?: on| back| over)? to|on to|onto"
"""Moving from one home to another ("go to", "move on to", "skip to")."""
_ON_THE_LIST = r"(?: (?:on|in|from|of) (?:the|your|this|my) (?:list|page|results|screen))?"
"""Where the home named sits ("the second house on the list"): still only a home named."""
_JUST_A_HOME = re.compile(
    rf"^\W*(?:(?:and|ok|okay|so|then|now|what about|how about|wait|actually|hmm|oh|no|nah|"
    rf"{_MOVE_TO}),? )*(?:(?:the )?(?:{ORD})|(?:number|#)\s*\d{{1,2}})(?: {NOUN})?{_ON_THE_LIST}\W*$"
)
"""A clause that only names a home ("the second house", "#3", "go to the next house"): no wish
for homes like it, no stop of a watch."""
_LIKED_LOOK = re.compile(
    r"\blike (?:the )?(?:look|looks|feel|sound|style|vibe|layout)s? of\b"
    r"(?!.*\b(?:similar|comparable|more like|(?:ones?|homes?|houses?|others?) like)\b)"
)
"""Saying one likes how a home looks ("I kind of like the look of number 6"): praise of it,
not a wish for homes like it."""
_DESCRIBED = re.compile(
    r"\b(?:the|that|this) (?:one|house|home|place|listing) with (?:the )?(\d[\d,]*(?:\.5)?) "
    r"(bed(?:room)?s?|bath(?:room)?s?|square feet|sq ?ft|sqft)\b"
)


_FEW_AT_AN_END = re.compile(
    r"^\W*(?:(?:ok|okay|so|and|now|then),? )*(?:(?:show|open|pull up|bring up|give|let me see)"
    r"(?: me| us)?(?: up)? |(?:more )?(?:details?|info|information|more) (?:on|about|for|of) |"
    r"tell me about |(?:what|how) about )?(?:the )?(?:last|bottom) (?!one\b)(?:two|three|four|five|[2-5])"
    r"(?: ones?| homes?| houses?| listings?| results?)?(?:,? (?:please|pls|plz|then))?"
    r"(?:\W+(?:more )?(?:details?|info|information)(?: please| pls)?)?\W*$"
)
"""Only the last few homes of the list named ("the bottom two", "show me the last three"):
each one's details ("the first three" stays a search of that many)."""


_IN_VIEW = re.compile(
    r"\b(?:this|that) (?:one|house|home|place|listing|property|condo|townhouse|townhome)\b|"
    r"\b(?:does|did|has|is|was) (?:it|this|that)\b|\b(?:it|this|that) (?:has|have|got|comes?|costs?)\b|"
    r"\bthe (?:one|house|home|place) (?:we'?re|were|we are|i'?m|im|i am) looking at\b|"
    r"^\W*(?:is|was) there (?:a|an)\b|\b(?:here|on it|for it|of it|of this|for this)\s*\W*$|"
    r"^\W*(?:how|what|whats|what's|is|are|does|do)\b.*\bthe (?:lot|yard|backyard|garage|kitchen|"
    r"roof|hoa|(?:property )?tax(?:es)?|schools?|price|size|square footage|pool|layout|floor ?plan)\b"
)
"""The home in view, named as the subject of a question."""
_ASKED = re.compile(
    r"\?\s*$|^\W*(?:does|did|do|has|have|is|was|how (?:many|much|big|old|are|is|far|long)|what|whats|which|"
    r"when)\b|"
    r"\bor not\b|\b(?:tell|let) (?:me|us) (?:know )?(?:if|whether)\b|"
    r"\b(?:does|did|has|is) (?:it|this|that)\b|"
    r"\b(?:curious|wonder(?:ing)?|want to know|wanna know|not sure) (?:if|whether)\b"
)
_FACT = re.compile(
    r"\bhow (?:many|much|big|old|large)\b|\b(?:bed(?:room)?s?|bath(?:room)?s?|garage|pool|hoa|"
    r"yard|garden|schools?|size|far|distance|commute|sq ?ft|square|built|year|roof|basement|fireplace|tax(?:es)?|lot|"
    r"kitchen|floors?|levels?|parking|patio|porch|deck|view|ac|heating|solar|fence|air|"
    r"air conditioning|heat|laundry|washer|dryer|pets?|dogs?|cats?|furnished|storage|closets?|"
    r"appliances|light|sun|sunny|sunlight|noise|quiet|carport|attic|balcony|hvac|near|close|parks?|"
    r"(?<=the )price|cost|costs|worth|stories|storeys|(?:single|one|two|multi|[12])[- ]?stor(?:y|ey)|waterfront|lake ?front|"
    r"sold|sell|available|availability|pending|under contract|on the market)\b"
)
"""A fact a home's details hold."""
_NOT_ITS_FACTS = re.compile(
    r"\b(?:other|others|ones|homes|houses|places|listings|instead|cheaper|bigger|similar|like|"
    r"payments?|monthly|mortgage|afford|down|(?<!tax )rate|loan|interest|tour|visit|see it|save|watch|"
    r"compare|versus|vs|search|show|find|look for|else|anything|something|"
    r"any(?! (?:good |nice |decent )?(?:schools?|parks?|shops|stores|restaurants|bus|transit)\b"
    r"| chance\b)|"
    r"(?:house|home|one|place|listing|condo) with)\b"
)
"""Words of another wish: homes other than this one, its payment, a visit, keeping it."""
_FEATURE = (
    r"garage|carport|parking|pool|hoa(?: fees?| dues)?|(?:property )?tax(?:es)?|(?:back ?)?yard|garden|fireplace|basement|attic|balcony|"
    r"patio|porch|deck|fence|view|pets?|dogs?|cats?|washer(?: (?:and|&) dryer)?|dryer|laundry|"
    r"central air|a/?c|air conditioning|heating|solar(?: panels)?|storage|furnished|"
    r"appliances|(?:walk[- ]in )?closets?|school rating|schools?|lot size|square footage|"
    r"sq ?ft|year built|floor ?plan|photos?|pictures?|pics|images|flood(?: zone| plain| risk)?|"
    r"beds?|baths?|bed(?:room)?s|bath(?:room)?s|foundation(?: issues| problems)?|utilit(?:y|ies)"
    r"(?: bills?| costs?)?|mls(?: number| #| no)?"
)
_BARE_FACT = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|also|oh),? )*(?:what about |how about )?"
    r"(?P<lead>any |is there (?:an? )?|are there (?:any )?|got (?:an? )?|has (?:it )?(?:got )?(?:an? )?|"
    r"what(?:'?s| is| are| were) (?:the |its )|"
    r"does it (?:have|come with) (?:an? )?|what about the |how about the |"
    r"(?:tell|give|show) (?:me|us) (?:about )?the )?"
    rf"(?:{_FEATURE})(?:(?:\s*/\s*|,? (?:(?:and|or|&) )?(?:a |an |the )?)(?:{_FEATURE}))*"
    r"(?P<tail> (?:included|allowed|ok|okay|fine|permitted|on site|there|here|too|"
    r"(?:on|with|at|for) (?:it|this|that)(?: one| house| home| place)?))?\s*(?P<q>\?)?[\s?!.]*$"
)
"""A fact asked with no subject named ("any garage?", "pets allowed?", "washer and dryer
included?", "any pool with this one"): with a home open, a question about that home."""
_BARE_COUNT = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|also|oh|hmm),? )*how (?:old|big|large|many (?:stories|storeys|"
    r"floors|levels|bed(?:room)?s|bath(?:room)?s|rooms|garage spaces|parking spaces|acres))"
    r"(?: (?:is it|does it have|are there|has it got))?[\s?!.]*$"
)
"""A count or size asked with no subject named ("how many stories?", "how old"): with a home
open, a question about that home."""
_RUNDOWN = re.compile(
    r"\b(?:walk|talk|run|take) (?:me|us) through (?:it|this|that|the (?:house|home|place|listing))"
    r"(?: one| house| home| place| listing)?\b|"
    r"^\W*(?:does|did|has|is|was) the (?:place|house|home|property|condo|unit)\b(?=.*\b(?:have|has|got|come with|include))"
)
"""The open home explained ("walk me through this one") or asked of as "the place": its
details, not a visit (a walk through it on a day is one) nor a save."""
_PETS_OR_PHOTOS = re.compile(
    r"\b(?:pets?|dogs?|cats?)\b.*\b(?:allowed|ok|okay|fine|welcome|permitted)\b|"
    r"\bpet[- ]friendly\b|\b(?:bring|have|keep) (?:a|an|our|my) "
    r"(?:dogs?|cats?|pets?)\b|\b(?:show|see|view|send|get)\b(?:\s+\w+){0,3} (?:photos|pictures|pics|images)\b|"
    r"^\W*(?:(?:any|some|more|other|the) )+(?:photos|pictures|pics|images)\b"
)
"""Whether pets are welcome, or its photos: the open home's details show what the listing says."""
_SURROUNDINGS = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|also|but|then),? )*"
    r"(?:how|hows|how's|what|whats|what's|which|is|are|any|tell (?:me|us) (?:more )?about)\b"
    r"[^.?!]*\b(?:neighbou?r ?hood|flood(?: zone| plain)?|walk ?score|area|location|surroundings|street|block|schools?|school district|"
    r"commute|downtown|nearby|around (?:it|here|there|this)|safe|walkable)\b"
)
"""A question about where the open home is ("hows the neighborhood", "is it a good area", "how
far is downtown"): the facts its details hold about its place, never who lives there."""
_WHO_LIVES = re.compile(
    r"\b(?:people|folks|crowd|neighbou?rs|residents|families|kids|children|retirees|"
    r"demographics?|who|kind of (?:people|neighbou?rs)|diverse|diversity|mix|makeup|make-up|"
    r"cultur(?:e|al|ally)|background|communit(?:y|ies)|fit in|like (?:us|me|ours)|vibe)\b"
)
"""Who lives around it, or whether we would fit in among them: no fact of its place (fair
housing: said so by the intent's words)."""
_FROM_ITS_LISTING = re.compile(
    r"\b(?:does|do|did|would) (?:the|its|this|that) (?:listing|description|ad|write-?up) "
    r"(?:say|mention|show|tell|list|note)\b|\bwhat (?:does|do) (?:the|its) (?:listing|description) "
    r"say\b|\banything in (?:the|its) (?:listing|description)\b|"
    r"\b(?:any|more|some) info(?:rmation)? (?:on|about|regarding)\b.*\b(?:this|that) "
    r"(?:one|house|home|place|listing|property)\b"
)
"""What its listing says of something ("does the listing say anything about solar panels",
"any info on the roof age for this house"): the open home's details, no search."""
_PEOPLE = (
    r"(?:(?:listing|seller'?s?|sellers'|selling|buyer'?s?) )?"
    r"(?:agents?|agency|realtors?|brokers?|brokerage|sellers?|owners?|builders?|developers?)"
)
_ITS_PEOPLE = re.compile(
    rf"\b(?:who(?:'?s| is| are| was)?|whose|how (?:do|can|could|would) (?:i|we) (?:reach|contact|call|"
    rf"get in touch with|get hold of))\b[^.?!]*\b{_PEOPLE}\b|"
    rf"\b{_PEOPLE}(?:'s)? (?:contact|phone|number|email|name|info\w*|details)\b|"
    r"\bwho(?:'?s| is)? (?:selling|listed|listing|built|owns|represents|marketing)\b|"
    rf"^\W*(?:and |so |ok |also )?(?:the )?{_PEOPLE}\s*\?"
)
"""Who sells, lists or built it, or how to reach them ("who's the listing agent", "realtor
contact?", "who built it"): the open home's listing names them when its details do."""
_OF_IT = re.compile(
    r"^\W*(?:(?:and|so|ok|okay|also|but|oh|hmm|then),? )*(?:is|does|did|has|was|will|would|can|could) "
    r"(?:it|this|that|this one|that one|the (?:house|home|place|property|seller|owner|price))\b"
)
"""A question whose subject is the open home, its seller or its price ("is it fenced", "does it
need work", "is the seller motivated"): what its listing says, whatever the fact."""
_AN_OPINION = re.compile(
    r"\b(?:good|bad|great|smart|wise|fair) (?:deal|investment|buy|idea|choice|fit|price|value)|"
    r"\b(?:overpriced|underpriced|worth it|recommend|you think|your (?:opinion|take)|for us|for me)\b"
)
"""An opinion asked of it: words, not its details."""
_ANOTHER_SEARCH = frozenset({"location", "near", "price_max", "price_min", "beds_min"})
_OTHER_HOMES = re.compile(
    r"\b(?:homes|houses|condos|townhomes|townhouses|apartments|places|listings|properties)\b"
)


def names_only_a_home(text: str) -> bool:
    """The message only names a home ("and the third one?", "#4"): no wish but its details,
    whichever intent its few words are nearest to."""
    return bool(_JUST_A_HOME.match(positions_said(text.lower().strip())))


def clicked_card(conv: Conversation) -> Plan | None:
    """The web UI's card click `Show me the details for {address} (zpid: {zpid})`."""
    zpid = card_click(conv.text)
    return Plan([details(zpid)]) if zpid else None


def street_address(conv: Conversation) -> Plan | None:
    """A typed address: the shown home there by its zpid (the web UI's card click, `Tell me
    more about {address}`), else details by address."""
    address = typed_address(conv.text)
    if address is None:
        return None
    shown = [*conv.last_results, *([conv.focused] if conv.focused else [])]
    if zpid := shown_at(address, shown):
        return Plan([ToolRequest(DETAILS, {"zpid": zpid})])
    return Plan([ToolRequest(DETAILS_BY_ADDRESS, {"address": address})])


def time_on_market(conv: Conversation) -> Plan | None:
    """How long the open home, or a shown one the message names ("has the 4th been for sale
    long?"), has been listed, or how its price went: its details say."""
    ref = find_reference(conv.text)
    if ref is not None:
        if not (conv.last_results and asks_days_on_market(conv.text)):
            return None
        listing, _ = resolve(ref, conv.last_results)
        return Plan([details(str(listing["zpid"]))]) if listing else None
    if conv.focused is None:
        return None
    by_intent = conv.intent == "time_on_market" and "location" not in conv.parsed.criteria
    if asks_days_on_market(conv.text) or by_intent:  # not "how's the market in 78745"
        return Plan([details(str(conv.focused["zpid"]))])
    return None


def similar_homes(conv: Conversation) -> Plan | None:
    """Homes like a shown or open one: a search ranked by likeness to it (like_zpid)."""
    parsed, ref = conv.parsed, find_reference(conv.text)
    by_intent = conv.intent == "similar_homes" and not _ABOUT_IT.search(conv.norm)
    by_intent = by_intent and not _JUST_A_HOME.match(positions_said(conv.norm))
    by_intent = by_intent and asked_of_home_in_view(conv) is None  # "which area is it in"
    asked = "similar" in parsed.modifiers or by_intent
    if not asked or (ref is None and not conv.focused) or _LIKED_LOOK.search(conv.norm):
        return None
    target, why = resolve(ref, conv.last_results) if ref is not None else (conv.focused, "")
    if target is None:
        return Plan([], why)
    if ref is not None:  # "the first one" names the home, not a page size
        parsed.criteria.pop("limit", None)
    if parsed.generic_type:  # "homes like it": its type, not a house
        parsed.criteria.pop("property_type", None)
    return Plan([ToolRequest(SEARCH, tidy(refine(like(target), parsed, [])))])


def referenced_home(conv: Conversation) -> Plan | None:
    """ "the second one", "#3", "the cheapest one", or an id shown: that home's details (of
    each, for "the first and the third", "the bottom two")."""
    if conv.last_results and _FEW_AT_AN_END.search(conv.norm):
        return Plan([details(zpid) for zpid in named_homes(conv.norm, conv.last_results)])
    ref, parsed = find_reference(conv.text), conv.parsed
    several = all_positions(conv.text, len(conv.last_results)) if conv.last_results else []
    if several and not parsed.asks_anything():
        homes = [conv.last_results[p - 1] for p in several if 1 <= p <= len(conv.last_results)]
        if len(homes) == len(several):
            return Plan([details(str(home["zpid"])) for home in homes])
    if ref is None and conv.intent == "home_details" and not parsed.asks_anything():
        if conv.focused is not None:
            return Plan([details(str(conv.focused["zpid"]))])
        if match := ZPID.search(conv.norm):
            return Plan([details(match.group(1) or match.group(2))])
    if ref is None or not (conv.last_results or not parsed.asks_anything() or _picks_unshown(conv)):
        return None
    listing, why = resolve(ref, conv.last_results)
    return Plan([details(str(listing["zpid"]))]) if listing else Plan([], why)


def _picks_unshown(conv: Conversation) -> bool:
    """ "the cheapest one", "which one is biggest" with nothing shown and no search said: one of
    the homes on screen, of which there are none yet (no search of every home by price)."""
    ref = find_reference(conv.text)
    said = set(conv.parsed.criteria) & _ANOTHER_SEARCH
    return ref is not None and ref.superlative is not None and not conv.last_results and not said


def asked_of_home_in_view(conv: Conversation) -> Plan | None:
    """A question about the open home's own facts, in any word order ("does this one have a
    garage", "how many bedrooms have this house?", "this house has a pool or not?"): its
    details say, no search for homes with that."""
    if conv.focused is None or find_reference(conv.text) is not None:
        return None
    norm = conv.norm
    if _RUNDOWN.search(norm) and not _NOT_ITS_FACTS.search(norm):
        return Plan([details(str(conv.focused["zpid"]))])
    if any(asked(conv) for asked in _ASKED_OF_IT):
        return Plan([details(str(conv.focused["zpid"]))])
    if not (_IN_VIEW.search(norm) and _ASKED.search(norm) and _FACT.search(norm)):
        return None
    if _NOT_ITS_FACTS.search(norm):
        return None
    return Plan([details(str(conv.focused["zpid"]))])


def _subjectless(conv: Conversation) -> bool:
    """A fact of the open home asked without naming it ("any garage?", "are pets allowed",
    "show me photos"), the message asking for no other homes."""
    if _ANOTHER_SEARCH & set(conv.parsed.criteria) or _OTHER_HOMES.search(conv.norm):
        return False
    if _BARE_COUNT.match(conv.norm):
        return True
    bare = _BARE_FACT.match(conv.norm)
    if bare is not None and (bare.group("lead") or bare.group("tail") or bare.group("q")):
        return True
    return bool(_PETS_OR_PHOTOS.search(conv.norm)) and not _NOT_ITS_FACTS.search(
        re.sub(r"\b(?:show|see|view|send|get|any)\b", "", conv.norm)
    )


def _from_its_listing(conv: Conversation) -> bool:
    """What its listing says asked, no other homes or criteria named."""
    if _ANOTHER_SEARCH & set(conv.parsed.criteria) or _OTHER_HOMES.search(conv.norm):
        return False
    return bool(_FROM_ITS_LISTING.search(conv.norm))


def _of_it(conv: Conversation) -> bool:
    """A question of the open home itself, no opinion, criteria or other wish in it."""
    if _ANOTHER_SEARCH & set(conv.parsed.criteria) or _OTHER_HOMES.search(conv.norm):
        return False
    if _NOT_ITS_FACTS.search(conv.norm) or _AN_OPINION.search(conv.norm):
        return False
    return bool(_OF_IT.search(conv.norm))


def _of_its_people(conv: Conversation) -> bool:
    """Who lists, sells or built it asked, no other homes or another wish named."""
    if _OTHER_HOMES.search(conv.norm) or _NOT_ITS_FACTS.search(conv.norm):
        return False
    return bool(_ITS_PEOPLE.search(conv.norm))


def _of_its_place(conv: Conversation) -> bool:
    """Its neighbourhood, area or schools asked about, no other homes or criteria named."""
    said = set(conv.parsed.criteria) - {"near"}
    if _ANOTHER_SEARCH & said or conv.parsed.modifiers or _OTHER_HOMES.search(conv.norm):
        return False
    return bool(_SURROUNDINGS.search(conv.norm)) and not _WHO_LIVES.search(conv.norm)


_ASKED_OF_IT = (_subjectless, _of_its_place, _from_its_listing, _of_its_people, _of_it)
"""The readers of a question about the open home that need no fact word in it."""


def described_home(conv: Conversation) -> Plan | None:
    """ "the one with 2250 square feet": the shown home with that many square feet, bedrooms or
    bathrooms; asked back when none or several have it."""
    match = _DESCRIBED.search(conv.norm)
    if match is None or not conv.last_results:
        return None
    unit = match.group(2)
    key = "sqft" if unit.startswith(("sq", "square")) else "beds" if "bed" in unit else "baths"
    value = float(match.group(1).replace(",", ""))
    found = [home for home in conv.last_results if home.get(key) == value]
    if len(found) == 1:
        return Plan([details(str(found[0]["zpid"]))])
    what = f"{match.group(1)} {unit}"
    some = f"{len(found)} of them have" if found else "none of them has"
    return Plan(
        [], f'Which one? {some.capitalize()} {what}; say its number, e.g. "the second one".'
    )
