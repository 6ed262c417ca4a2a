"""English as people write it when it is not their first language, rewritten into the forms
the recognizers read: "I want see" -> "I want to see", "please you save" -> "please save",
"how much cost" -> "what is the price of", "is having a pool" -> "has a pool", "house two" ->
"number two", "nr. 2" -> "number 2", "more cheap" -> "cheaper", "become cheaper" -> "gets cheaper", "next houses" ->
"next page", "the one and the two" -> "number one and number two", "and after save" -> "and then
save"; and, as anyone writes it, "let me know the second the price moves" (the moment), "first" meaning "before anything else" after the home it
follows ("compare it with the sixth first") dropped, so it is not read as a position.

Each rule is a construction (a missing "to" or auxiliary, a verb used for another), never one
sentence; the rest of the message is kept as written.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .positions import ORD

_VERBS = (
    r"see|save|visit|know|find|buy|look|go|check|compare|book|schedule|keep|watch|remember|"
    r"forget|get|have|move|live|make"
)
_NUMBERS = r"one|two|three|four|five|six|seven|eight|nine|ten"
_BEFORE_A_POSITION = (
    r"compare|save|unsave|open|show|see|pin|heart|bookmark|book|tour|visit|watch|track|drop|"
    r"remove|delete|keep|prefer|pick|choose|take|check|view|like|love|about|on|of|to|after|"
    r"before|below|above|with|and|or|than|for|then|is|vs|versus|abt|bout|whats|what's|mean|if|"
    r"from|tell|give|want|not"
)
_SUPERLATIVE = (
    r"cheapest|priciest|most expensive|least expensive|biggest|largest|smallest|newest|oldest|"
    r"closest|nearest"
)
_NEXT_TO = r"(?:right |just |immediately |directly )?(?:after|below|under|beneath|underneath|following|before|above|preceding)"
_YOU_VERBS = r"save|show|tell|send|give|find|book|notify|inform|remember|keep|forget|compare"
_AGAIN_VERBS = r"save|unsave|watch|track|open|show me|see|remove|delete|pick|choose|take|tour|visit"


_GERUND_VERBS = (
    r"follow|watch|track|send|notify|alert|email|e-mail|message|text|tell|monitor|inform|ping|"
    r"check|look|search"
)


def _ing(verb: str) -> str:
    """The verb's -ing form ("follow": "following", "message": "messaging")."""
    verb = verb.lower()
    return (verb[:-1] if verb.endswith("e") and not verb.endswith("ee") else verb) + "ing"


def _gerund(match: re.Match[str]) -> str:
    """ "stop to follow" as "stop following": the verb as its -ing form."""
    return f"{match.group(1)} {_ing(match.group(2))}"


def _said_again(match: re.Match[str]) -> str:
    """ "save the two" as "save number two" when "number two" was said before it (a bare
    number word elsewhere may be a count: "save the two" of two homes)."""
    before = match.string[: match.start()]
    if re.search(rf"\bnumber {match.group(2)}\b", before):
        return f"{match.group(1)} number {match.group(2)}"
    return match.group(0)


_RULES: tuple[tuple[re.Pattern[str], str | Callable[[re.Match[str]], str]], ...] = tuple(
    (re.compile(pattern, re.IGNORECASE), replacement)
    for pattern, replacement in (
        # "I want see", "we would like visit": the "to" before the verb
        (
            rf"\b(i|we|i'd|we'd|me) (want|wants|would like|like|need|wish) ({_VERBS})\b",
            r"\1 \2 to \3",
        ),
        # "I no want more emails": the "don't" a learner says as "no"
        (r"\b(i|we) no (want|need|like|wish)\b", r"\1 don't \2"),
        # "please not follow more the price", "not send me more alerts": a wish that stops
        (
            r"\b(?:do )?not (?:(follow|watch|track|monitor|send|show|alert|notify)(?: me)?"
            r"(?: (?:more|anymore|any more|no more))(?!\s+(?:than|then|expensive|of|homes?|houses?|"
            r"results?|listings?|condos?|options?|properties|\d))|(?:more|anymore|any more) "
            r"(follow|watch|track|monitor|send|show|alert|notify))\b",
            lambda m: f"stop {_ing(m.group(1) or m.group(2))}",
        ),
        # "I am wanting to see": the want
        (r"\b(i|we) (?:am|are|'m|'re) wanting\b", r"\1 want"),
        # "please to save the 2nd": the "to" where none goes
        (rf"\bplease to (?=(?:{_VERBS}|{_YOU_VERBS}|open|tour)\b)", "please "),
        # "in the weekend", "on weekend": the coming one
        (r"\b(?:in|on|at|over|for) (?:the )?weekend\b", "this weekend"),
        # "please you save", "..., you tell me": the imperative's "you", where a sentence or a
        # request starts ("what you remember" keeps it)
        (rf"(^|\bplease |[,.;!?] )you ({_YOU_VERBS})\b", r"\1\2"),
        # "how much cost the house", "how much is cost", "how much it costs"
        (r"\bhow much (?:is |it |does |does it |do )?costs?\b(?: of)?", "what is the price of"),
        # "is having a pool", "the house is have garage"
        (r"\b(?:is|are) (?:having|have)\b", "has"),
        # "house two", "the house number 4": a position, not a kind of home
        (
            r"\b(?:the )?(?:house|home) (?:number |no\.? |#)?(\d{1,2}|one|two|three|four|five|six|"
            r"seven|eight|nine|ten)\b(?!\s*(?:k\b|%|bed|bd|br\b|bath|ba\b|sq|stor|floor|level|car))",
            r"number \1",
        ),
        # "nr. 2", "n° 3": a position written as German, Dutch or French write a number
        (rf"(?<![\w°º])(?:nr|n[°º])\.? ?(\d{{1,2}}|{_NUMBERS})\b", r"number \1"),
        (r"\b(?:my )?list of (?:likes?|favou?rites?|loves?)\b", "my favorites"),
        # "compare it with the sixth first", "let me see this one first": not the first home
        (
            r"\b(it|them|that|this|these|those|one|second|third|fourth|fifth|sixth|seventh|eighth|"
            r"ninth|tenth|last|\d{1,2}(?:st|nd|rd|th)) first\b(?!\s*(?:one|home|house|place|listing|"
            r"property|condo|few|two|three|four|five|\d))",
            r"\1",
        ),
        # "compare the one and the two": two positions said as bare numbers
        (rf"\bthe ({_NUMBERS}) and the ({_NUMBERS})\b", r"number \1 and number \2"),
        # "... and after save the two", "..., after you watch the five", "compare 1 and 5 after
        # save 5", "condos in 78701 after save search": "after" as "then", before a wish
        (
            rf"(\band|,|\b\d{{1,2}}|\b\d{{5}}|\bit|\bthem|\b(?:{_NUMBERS})) after(?: that)?(?: you| u)? "
            rf"(?=(?:{_VERBS}|{_YOU_VERBS})\b)",
            r"\1 then ",
        ),
        # "compare number one and number two, then save the two": a position said again
        (
            rf"\b({_AGAIN_VERBS}) the ({_NUMBERS})\b(?= *(?:one|house|home)?\s*(?:[,.;!?]|$|and\b|then\b|too\b|also\b|please\b|pls\b))",
            _said_again,
        ),
        # "let me know the second the price moves": the moment, not the second home
        (
            r"\b(know|tell (?:me|us)|ping (?:me|us)|text (?:me|us)) the second\b(?= (?:the|it|its|"
            r"they|this|that|there|anything|something|we|you|i)\b)",
            r"\1 the moment",
        ),
        # "ok first off save #2, and secondly ...", "first save 5 after show ...": the order of
        # wishes, no position
        (
            r"(^\s*|\b(?:ok(?:ay)?|so|well|right),?\s+|[,.;!?]\s+)"
            rf"(?:first off|first of all|firstly|to start with|first(?=,?\s+(?:{_YOU_VERBS}|open)\b)),?\s+",
            r"\1",
        ),
        # "can I to see", "is possible to bring": the "to" where none goes, the "it" left out
        (rf"\b(can|could|may|should|will|would) (i|we|you) to ({_VERBS}|bring)\b", r"\1 \2 \3"),
        (r"(^|[,.;!?] |\band |\bbut )is (?:it )?possible\b", r"\1is it possible"),
        # "stop to follow the price", "quit to send me alerts": the gerund a stop takes
        (rf"\b(stop|stops|quit|finish) to ({_GERUND_VERBS})\b", _gerund),
        # "what is the different between 3 and 5": the noun a learner says as its adjective
        (r"\b(?:the|a|any|big|main) different (?=between\b)", "the difference "),
        (r"\bmore cheap\b", "cheaper"),
        (r"\bmore good\b", "better"),
        (r"\bmore big\b", "bigger"),
        # "become cheaper", "become more low": a price that gets lower
        (r"\bbecomes? (cheaper|lower|less)\b", r"gets \1"),
        (r"\b(?:is|are) on (?:the )?market\b", "has been on the market"),
        # "apartment 2 room", "house with 3 rooms": the rooms a learner counts are bedrooms
        (rf"\b(\d|{_NUMBERS})[ -]?rooms?\b", r"\1 bedroom"),
        (
            r"\bthe next (?:houses|homes|ones|results)\b|\bnext (?:houses|homes|results)\b",
            "next page",
        ),
        # "save third", "open 3rd", "compare first and fourth", "details on sixth": the article
        # a terse writer leaves out before a position, after a verb or a preposition
        (
            rf"(?<!second )(?<!next )\b(?!to last\b)({_BEFORE_A_POSITION}) ({ORD})\b(?![- ](?:time|off|of all|things?|floor|half|"
            r"quarter|hand|glance|impression|step|round|person|mortgage)\b)",
            r"\1 the \2",
        ),
        # "compare cheapest and priciest", "cheapest of bunch", "most expensive?": the article
        # left out before a home named by what it has most or least of
        (
            rf"\b(compare|and|or|vs\.?|versus|with|than|between|against|save|open|show|see) "
            rf"({_SUPERLATIVE})\b",
            r"\1 the \2",
        ),
        (rf"^(\W*)({_SUPERLATIVE})(?= (?:one|of|vs|versus)\b)", r"\1the \2"),
        (rf"^\W*(?:the )?({_SUPERLATIVE})(?: one)?\W*$", r"the \1 one"),
        (rf"\b({_SUPERLATIVE}) of (bunch|lot|list|group)\b", r"\1 of the \2"),
        # "one after second", "next one after 4th", "not first one one below it": the article
        # left out of a home named by its place next to another
        (rf"\b(?:the )?next one ({_NEXT_TO})\b", r"the one \1"),
        (
            rf"(?<!\bthe )(?<!\bno )(?<!\bany )(?<!\bevery )(?<!\bsome )(?<!\bthat )(?<!\bthis )"
            rf"\bone ({_NEXT_TO})\b",
            r"the one \1",
        ),
        # "3rd - year built?", "5th sqft?", "2nd: how many baths": a position said first, then
        # what is asked of it
        (
            r"^(\W*)(\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|"
            r"ninth|tenth)(?=\s*[-:\u2013]|\s+(?:sq ?ft|sqft|square|year|built|garage|pool|yard|"
            r"hoa|price|size|beds?|bedrooms?|baths?|bathrooms?|lot|details|info|specs)\b)",
            r"\1the \2",
        ),
        # "keep eye on", "3000 month", "six and half", "at top of the list": articles left out
        # of set phrases
        (r"\bkeep(ing)? eye\b", r"keep\1 an eye"),
        (r"\b(\d[\d,.]*k?|hundred|thousand|grand|bucks|dollars) (month|year)\b", r"\1 a \2"),
        (r"\band (half|quarter)\b", r"and a \1"),
        (r"\b(at|on|from) (top|bottom|end) of\b", r"\1 the \2 of"),
    )
)


def plain_english(text: str) -> str:
    """`text` with the constructions above rewritten; unchanged when it has none."""
    for pattern, replacement in _RULES:
        text = pattern.sub(replacement, text)
    return text
