"""How people phrase a search: numbers in words, refinements, paging, new searches, questions.

The words for types, features, sorts and landmarks are the skill's one vocabulary
(`real_estate.domain`). Patterns are lower-case regex fragments; callers add word boundaries.
"""

from __future__ import annotations

from real_estate.domain import FEATURE_WORDS, TYPE_WORDS

WORD_NUMBERS: dict[str, int] = {
    word: n
    for n, word in enumerate(
        [
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "nine",
            "ten",
            "eleven",
            "twelve",
        ],
        start=1,
    )
}


MODIFIERS: list[tuple[str, str]] = [
    (
        "cheaper",
        r"cheaper|less expensive|more affordable|lower[- ]priced|for less|not as expensive|"
        r"(?:less|lower|smaller) (?:price|cost)s?|"
        r"lower (?:the )?(?:price|budget)|too (?:expensive|pricey|pricy)|(?:a (?:tad|bit|little) )?"
        r"over (?:our |my |the )?budget|out of (?:our|my) (?:price range|budget)",
    ),
    (
        "pricier",
        r"more expensive|pricier|higher[- ]priced|nicer|fancier|more upscale|upscale|luxury|"
        r"luxurious|higher (?:the )?budget|raise (?:the )?budget",
    ),
    (
        "bigger",
        r"bigger|larger|more space|more room|roomier|more square (?:feet|footage)|"
        r"(?:too|a (?:bit|tad|little)|kind of|kinda|rather|pretty) (?:small|tiny|cramped)",
    ),
    ("more_beds", r"more bed(?:room)?s?|(?:extra|additional|another) bed(?:room)?"),
    ("fewer_beds", r"(?:fewer|less) bed(?:room)?s?"),
    ("more_baths", r"more bath(?:room)?s?|(?:extra|additional|another) bath(?:room)?"),
    (
        "similar",
        r"similar|comparable|resembl(?:es|ing)|more like|in the same (?:vein|style|spirit)|"
        r"along (?:the same|those|these|similar) lines|(?:in )?the same ballpark as|"
        r"(?:its|their) (?:cousins|siblings|twins|look-?alikes)|"
        r"(?:twins|look-?alikes|siblings|cousins) of|(?:the )?same (?:vibe|feel) as|"
        r"(?<!\btell me )(?<!\btell us )more of (?:that|this)(?: (?:kind|sort|style|type))?(?! (?:one|home|house|place)\b)|"
        r"(?:others|ones|homes|houses|places) in (?:this|that|the same|its) price (?:range|bracket)|"
        r"(?<!\bi )(?<!\bi really )(?<!\bwe )(?<!\bi'd )(?<!\bwe'd )(?<!\bwould )(?<!\bi would )"
        r"(?<!\byou )(?<!\byou really )(?<!\bu )"
        r"like (?:this|that|it(?! a lot|'s| is\b| was\b)|him\b|her\b|the |#|number |"
        r"\d{1,2}\b(?!\s*(?:k\b|%|[,.]\d|bed|bd|br\b|bath|ba\b|sq|mi|stor|car\b|acre|floor|year|"
        r"min|hour|day|week|month|people|kid|dog|more|homes?|houses?|of\b)))|"
        r"(?:the )?same (?:kind|sort|style|type|thing)(?: of (?:home|house|place))? as "
        r"(?=this|that|it\b|the |#|number |\d{1,2}\b(?!\s*(?:k\b|%|bed|bath)))",
    ),
]


def _dropped_count(room: str) -> str:
    """A count of rooms no longer asked ("forget the bedrooms", "any number of baths", "drop the
    bedroom requirement"); not one lowered ("drop the bedrooms to 2")."""
    return (
        rf"(?:any number of|however many|whatever number of) {room}s?|"
        rf"(?:drop|remove|forget|ignore|scrap|scratch|lose|never ?mind|skip|get rid of|ditch)"
        rf"(?: about)? "
        rf"(?:the |my |our )?(?:number of {room}s|{room}s|{room} "
        r"(?:count|requirement|minimum|filter|limit|thing|part|rule))"
        r"(?!\s+(?:down\s+)?to\b)"
    )


DROPS: list[tuple[str, str]] = [
    ("property_type", r"any (?:property )?type|all (?:property )?types|any kind|all kinds"),
    ("location", r"anywhere|any (?:city|area|location|zip)|all areas|everywhere"),
    (
        "price",
        r"any price|no budget|(?:forget|drop|remove|ignore|no)(?: about)? (?:the |my )?"
        r"(?:budget|price (?:limit|cap|range)|price)|(?:forget|drop|remove|ignore|lift|take off) "
        r"(?:the |my )?(?:limit|cap|max(?:imum)?) (?:of|on|for) (?:the )?price",
    ),
    ("sqft_min", r"any size|(?:drop|remove|forget) (?:the )?(?:size|square footage)"),
    ("beds_min", _dropped_count("bed(?:room)?")),
    ("baths_min", _dropped_count("bath(?:room)?")),
    (
        "features",
        r"no (?:special )?requirements|any features|(?:drop|remove|forget) (?:the |all )?"
        r"(?:features|requirements|amenities)",
    ),
]

PAGING = (  # "what else can you tell me" asks about a home, not for more homes
    r"\b(?:more results|next page|nxt (?:page|pg)|next pg|next (?:\d+|five|ten)|"
    r"next (?:batch|set|bunch|lot|few|ones)|show (?:me )?more|load more|"
    r"(?:the )?following (?:\d+ |five |ten |few )?(?:ones|homes|houses|listings|results|batch|few|"
    r"\d+|five|ten)|any others|any other ones|"
    r"see more|more (?:listings|options|homes|houses|properties|places|please|pls|of them|"
    r"like these)|any more|anymore|keep going|is (?:that|this) (?:all|everything)(?: of them| there is|"
    r" you(?:'ve)? (?:have|got|found))?(?=\s*\?*\s*$)|"
    r"(?:anything|any|more|others?|something) (?:else )?(?:past|beyond|after) (?:these|those)|"
    r"what else(?! (?:can|could|would|do|does|should) (?:you|u|ya|i|we) (?:tell|say|share|"
    r"know|need to know)\b))\b|^\s*(?:more|next)\W*$"
)

REFINE_STRONG = (
    r"\b(?:same|instead|rather|what about|how about|also|too|as well|cheaper|less expensive|"
    r"more expensive|pricier|bigger|larger|closer|nearer|those|these|them|ones|narrow|filter|"
    r"still|keep|but|plus|add|any of|(?:make|move|switch|change|bump|drop|take) it)\b|"
    r"^(?:and|now|ok(?:ay)?|then|so)\b"
)

NEW_SEARCH = (
    r"\b(?:new search|start over|start again|from scratch|search again|different search|"
    r"forget (?:that|those|this|it|everything|the (?:previous|last|old)(?: search)?)|"
    r"clear (?:the )?(?:search|filters)|reset)\b"
)

BROWSE = (
    r"\bwhat(?:'s| is| do you have)? (?:available|on the market|out there|for sale|new|listed)\b|"
    r"\b(?:anything|something|everything) (?:\w+ )?(?:available|on the market|for sale)\b|"
    r"\b(?:any|new|latest|recent) listings\b|"
    r"\bshow (?:me )?(?:some |all |the )?(?:listings|properties|options|everything|"
    r"what you (?:have|got))\b|\bbrowse\b"
)

REAL_ESTATE = (
    r"\b(?:houses?|homes?|condos?|town ?(?:houses?|homes?)|apartments?|propert(?:y|ies)|"
    r"listings?|real estate|for sale|bed(?:room)?s?|bath(?:room)?s?|sq ?ft|square feet|"
    r"price|budget|buy(?:ing)?|market|zillow|neighbou?rhood|zip|hoa|zestimate)\b"
)

_ASIDE = (
    r"(?:(?:[\w']+ ){0,2}questions?\W+(?:but |though |here )?|"
    r"(?:ok(?:ay)?|so|hey|well|honestly|hmm+|um+)\W+)*"
)
"""What a person says before a question ("honest question, ", "dumb question but ", "ok so ")."""
GENERAL_QUESTION = (
    rf"^{_ASIDE}(?:what(?:'s| is| are| does| do)|how (?:does|do|is|are|can)|why\b|explain\b|"
    r"should (?:i|we)\b|what should (?:i|we)\b|who (?:decides|sets|determines|works out)\b|"
    r"how (?:much|many|long|big|soon|often) (?:should|do|would) (?:i|we)\b|"
    r"(?:is|are|does|do) (?:a|an|the)\b)"
)
"""How a question about a concept opens ("what is the difference between a condo and a
townhouse?", "honest question, how do home prices get set", "what should we check when we see
a house"): with no place, price or size and no REQUEST it asks for an answer, not a search."""

TURNED_DOWN = (
    r"done with|(?:tired|sick|fed up) (?:of|with)|gave up on|giving up on|over(?! in\b)|instead of|"
    r"rather than"
)
"""Words that turn something down, a town, a kind or a remembered value ("done with condos",
"tired of austin", "over houses"; "over in kyle" is a place), each reader adding its own
("not", "no more", "anywhere but")."""

REQUEST = (
    r"\b(?:show|find|search|(?<!should i )(?<!should we )(?<!should i be )(?<!should we be )"
    r"look(?:ing)? for|list|give me|get me|i want|(?<!do )i need|i'd like|"
    r"(?:do|did) you have|are there|any (?:houses?|homes?|condos?|townhouses?|listings?)|"
    r"available|for sale|on the market|recommend)\b"
)
"""Words that ask for homes ("what should I be looking for" asks what to look for, and "what do I
need" what it takes, not homes)."""

OTHER_DOMAIN = (
    r"\b(?:weather|forecast|temperature|rain(?:ing)?|time is it|what time|date today|joke|"
    r"news|restaurants?|food|eat|traffic|movies?|music)\b"
)


def canonical_type(kind: str) -> str:
    """A TYPES kind as a property_type ('home' -> 'house')."""
    return "house" if kind == "home" else kind


def type_alternation() -> str:
    return "|".join(rx for _, rx in TYPE_WORDS)


def feature_alternation() -> str:
    return "|".join(rx for _, rx in FEATURE_WORDS)
