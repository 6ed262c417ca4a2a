"""Positions in the results said in other words ("house 4", "the top result", "the one at the
bottom", "the fith one"), rewritten as the forms the references read (refs.py): "number 4",
"the first result", "the last one", "the fifth one"."""

from __future__ import annotations

import difflib
import re

from .parse import NUMW

ORDINALS: dict[str, int] = {
    word: n
    for n, word in enumerate(
        [
            "first",
            "second",
            "third",
            "fourth",
            "fifth",
            "sixth",
            "seventh",
            "eighth",
            "ninth",
            "tenth",
            "eleventh",
            "twelfth",
            "thirteenth",
            "fourteenth",
            "fifteenth",
            "sixteenth",
            "seventeenth",
            "eighteenth",
            "nineteenth",
            "twentieth",
        ],
        start=1,
    )
}
ORD = (
    r"\d{1,2}(?:st|nd|rd|th)|second[- ](?:to[- ])?last|next[- ]to[- ]last|penultimate|last|"
    + "|".join(ORDINALS)
)
NOUN = r"(?:one|listing|home|house|property|place|result|option|condo|townhouse|townhome|apartment|lot|pick|choice|entry)"
_ORDINAL_NOUN = rf"(?=\s+{NOUN}\b)"
_NOT_AMOUNT = (
    r"(?!\s*(?:k\b|%|,\d|\.\d|bed|bd|br\b|bath|ba\b|sq|mile|mi\b|stor|car\b|garage|acre|floor|"
    r"year|min|block|hour|day|week|month|people|kid|dog|me\b))"
)
"""What follows a number that counts something ("house 2 story"), not a position."""
_ONE_HOME_VERBS = (
    r"save|add|put|keep|bookmark|star|favou?rite|unsave|un-save|remove|delete|watch|track|"
    r"details?|info|open|tour|viewing|showing|visit|pull up|bring up|check out|look at|"
    r"keep an eye|keep tabs|monitor|take|cross|strike|book|see|expand"
)
"""Wishes about one home that may name it by a bare number ("add 3 to my list")."""
_COURTESY_AT_END = r"(?:[,\s]+(?:please|pls|plz|thanks|thank you|thx|ty|then|again|for me|for us))+\s*(?=[.!?]*\s*$)"
"""Courtesy words that close a message, left out where a position is read."""
_SOUNDS_LIKE_COUNT = {
    "too": "two", "won": "one", "tree": "three", "fore": "four", "fiv": "five", "sevn": "seven",
    "ate": "eight", "nien": "nine", "to": "two", "for": "four",
}  # fmt: skip
_SOUNDS_LIKE = re.compile(
    r"\bnumber (too|won|tree|fore|fiv|sevn|ate|nien|(?:to|for)(?=\s*(?:$|[?.!,;:]|(?:and|or|also|"
    r"then|too|please|pls|plz|is|has|looks?|seems?|was|this|tomorrow|today|in person|for (?:me|us)"
    r")\b)))\b"
)
"""A position dictated as it sounds ("number too", "number for"): "to" and "for" only where
they end what names the home ("the number to call" stays)."""
_UP_OR_DOWN = (
    r"(?:(?:that'?s |that is |which is |sitting |all the way |right |way )*(?:up |down )?)"
)
"""How far up or down the list a home is said to sit ("the one all the way at the bottom")."""
_POSITION_WORDS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(pattern), said)
    for pattern, said in (
        (_COURTESY_AT_END, ""),  # "eighth please", "more on 4 pls": the position said alone
        (r"\b(back and|and so) fourth\b", r"\1 forth"),  # an idiom spelling reads as "fourth"
        (r"\b(\d{1,2})-(st|nd|rd|th)\b", r"\1\2"),  # "the 4-th one"
        (rf"\b(\d{{1,2}}(?:st|nd|rd|th)) 1\b{_NOT_AMOUNT}", r"\1 one"),  # "the 4th 1" typed
        (
            r"(?:\bthe )?\b(?:second|2nd|next) from (?:the )?(?:last|bottom|end)\b",
            "the second to last",
        ),
        (r"(?:\bthe )?\b(?:second|2nd|next)[- ]to[- ]last\b", "the second to last"),
        (r"\bthe (?:one|home|house|listing) (?:before|above) (?:the )?last\b", "second to last"),
        (
            r"(?:\bthe )?\b(?:very )?(?:top|1st) (one|result|listing|home|house|pick|match|option)\b",
            r"the first \1",
        ),
        (
            r"(?:\bthe )?\b(?:very )?(?:bottom|final) (one|result|listing|home|house|pick|match|option)\b",
            r"the last \1",
        ),
        (
            rf"\bthe (?:one|home|house|listing) {_UP_OR_DOWN}(?:at|on) (?:the )?(?:very )?top\b",
            "the first one",
        ),
        (
            rf"\bthe (?:one|home|house|listing) {_UP_OR_DOWN}(?:at|on) the (?:very )?(?:bottom|end)\b",
            "the last one",
        ),
        (rf"\b({ORD}) (?:one )?from the top\b", r"the \1"),
        (  # "the house that's fourth", "the listing which is 2nd on the list"
            rf"\b(?:the )?(?:one|home|house|listing|place) (?:that'?s|that is|which is|thats) (?:the )?"
            rf"({ORD})\b",
            r"the \1 one",
        ),
        (  # "go to 7", "and 8", "what about 3?": moving on to a home by its bare number
            rf"^(\W*(?:(?:ok|okay|so|then|now),? )*(?:(?:go|move|skip|jump|switch)(?: on| back| over)?"
            rf" to|on to|what about|how about|and)) (?!one\b)({NUMW})\s*[.!?]?\s*$",
            r"\1 number \2",
        ),
        (rf"\b(?:number|no\.?|#)\s*({'|'.join(ORDINALS)})\b", r"the \1"),  # "number eighth"
        (
            rf"\b(?:the one )?(?:in |at )?(?:the )?(?:house|home|item|spot|slot|position|entry|"
            rf"ranked|numbered)\s+(?:no\.?\s*|number\s+|#\s*)?({NUMW})\b{_NOT_AMOUNT}",
            r"number \1",
        ),
        (rf"\bthe ({NUMW}) (?:one|listing|house|home)\b", r"number \1"),  # "the 2 one"
        (  # "keep watching the 3 for me", "the 2 is how big?": a bare digit as a learner says it
            r"(?<!compare )(?<!between )(?<!both )\bthe (\d{1,2})\b"
            r"(?=\s*(?:[?.!,]|$|for (?:me|us)\b|is\b|has\b|have\b|very\b|too\b|please\b|"
            r"this (?:weekend|week)\b|tomorrow\b|today\b|in person\b))",
            r"number \1",
        ),
        (  # "add 3 to my favorites", "unsave 5": a number right after a wish about one home
            rf"\b({_ONE_HOME_VERBS})(?: for| of| on)?(?: both)? (?!one\b)({NUMW})\b{_NOT_AMOUNT}"
            r"(?!\s*(?:more|homes?|houses?|results?|listings?|options?|properties|condos?|of\b))",
            r"\1 number \2",
        ),
        (  # "similar to 3", "homes like 7", "same thing as 3": a home's likeness by its number
            r"\b((?:similar|comparable)(?: (?:stuff|ones|homes|houses|places))?(?: to)?|"
            r"(?:ones?|homes?|houses?|places|more|others|anything|something|stuff) like|"
            r"same (?:thing|kind|sort|style|type)(?: of (?:home|house|place))? as)"
            rf" (?!one\b)({NUMW})\b{_NOT_AMOUNT}"
            r"(?!\s*(?:more|homes?|houses?|results?|listings?|options?|properties|condos?|of\b))",
            r"\1 number \2",
        ),
        (  # "save no 4", "open no 2": "No. 4" written without its dot
            rf"\b({_ONE_HOME_VERBS}) no (\d{{1,2}})\b{_NOT_AMOUNT}",
            r"\1 number \2",
        ),
        (  # "watch the price of 3", "the price on 4": a home's price named by its bare number
            rf"\b((?:price|cost|value|status) (?:of|on|for)) (\d{{1,2}})\b{_NOT_AMOUNT}"
            r"(?!\s*(?:more|homes?|houses?|results?|listings?|options?|properties|condos?|of\b))",
            r"\1 number \2",
        ),
        (  # "info 4th pls", "details second": a home's facts asked by its position alone
            rf"\b(info|details?|specs?|stats|facts)\s+(?:the\s+)?((?:{ORD})(?: one)?)\b(?!\s*(?:of|and)\b)",
            r"\1 on the \2",
        ),
        (  # "set up a visit to 4", "a tour of 6 on sunday": a bare number after a visit's noun
            rf"\b((?:tours?|visits?|showings?|viewings?|walk ?throughs?) (?:to|of|for)) (?:the )?"
            rf"({NUMW})\b{_NOT_AMOUNT}(?!\s*(?:pm|am|o'?clock|:\d|of\b|homes?|houses?|places?))",
            r"\1 number \2",
        ),
        (  # "tell me if 7 is near a school", "does 6 have a yard": a bare number as the subject
            r"\b(if|whether|does|did|do|is|has|was) (\d{1,2}) (?=(?:has|have|got|is|comes?|allows?|"
            r"includes?|gets?|sells?|goes|went|was|built)\b)",
            r"\1 number \2 ",
        ),
        (  # "ping me if 7 or 8 drop in price": two bare numbers as the subject
            r"\b(if|whether) (\d{1,2}) (or|and|&) (\d{1,2}) (?=(?:drops?|gets?|gos?|goes|sells?|"
            r"has|have|are|come|comes)\b)",
            r"\1 number \2 \3 number \4 ",
        ),
        (rf"\b(number {NUMW},?) (and|&) ({NUMW})\b{_NOT_AMOUNT}", r"\1 \2 number \3"),  # "1 and 3"
        (rf"^\s*(?:the )?({ORD})\s*[.!?]?\s*$", r"the \1"),  # "2nd" alone
        (  # "tell me about 2", "more on 3": a question about a home, ending with its number
            rf"\b((?:tell|more|info\w*|details?|specs?|stats|facts|lowdown|rundown|scoop|dirt|"
            rf"know|what|whats|how|"
            rf"learn)\b(?:\s+\w+){{0,3}}?"
            rf"\s+(?:about|on|regarding|for|of|in)) ({NUMW})((?:,? (?:and|&|plus) {NUMW})?)\s*[.!?]?\s*$",
            r"\1 number \2\3",
        ),
        (  # "what's the deal with 3", "what's going on with 4?": a home asked after, by number
            rf"\b((?:deal|story|situation|going on|up) with) ({NUMW})\s*[.!?]?\s*$",
            r"\1 number \2",
        ),
        (
            rf"\b(number {NUMW},?) (and|&|plus) ({NUMW})\s*[.!?]?\s*$",
            r"\1 \2 number \3",
        ),  # "4 and 6"
        (  # "3 or 9, which is better": two bare numbers set against each other, said first
            r"^\W*(\d{1,2}) (or|vs\.?|versus) (\d{1,2})\b(?=\s*[,?!.:-]|\s+which\b)",
            r"number \1 \2 number \3",
        ),
        (  # "1 or 2 better for family", "is 5 or 6 closer", "is better the 2 or the 4?"
            rf"(^\W*|\bis |\bwhich(?: one)?(?: is)?,? |\bbetween |\b(?:better|best|good|nicer),? )"
            rf"(?:the )?(\d{{1,2}}) (or|vs\.?|versus) (?:the |number )?(\d{{1,2}})\b{_NOT_AMOUNT}(?!\s*(?:more|homes?|houses?|results?|listings?|options?|"
            r"percent|pct|points?|yrs?|years?|of)\b)",
            r"\1number \2 \3 number \4",
        ),
    )
)
"""Other ways of saying a position, rewritten as the forms the references read."""


_NOT_ONE = rf"(?!one\b)(?:{NUMW})"
"""A number that may be a position; "one" is a noun ("this one") more often than not."""
_LISTED_AFTER = re.compile(
    rf"\b(and|also|plus|&)((?: also)?) the ({_NOT_ONE})\b"
    r"(?=\s*(?:[?.!,]|$|too\b|as well\b|also\b|please\b|pls\b|plz\b))",
    re.IGNORECASE,
)
"""A bare number after "and (also) the" at the end of a wish ("..., and also the six")."""
_LISTED_BEFORE = re.compile(
    rf"(?<![\d$.,])\b({_NOT_ONE})\b{_NOT_AMOUNT}(?=,? (?:and|&|plus|or)(?: also)? number\b)",
    re.IGNORECASE,
)
"""A bare number listed before a position ("show me five and also number six")."""
_NUMBER_LIST = re.compile(
    rf"\bnumber ({NUMW})((?:,\s*(?:number )?(?:{NUMW})\b)+),?\s+(and|&|plus)\s+"
    rf"(?:number )?({NUMW})\b{_NOT_AMOUNT}"
)
"""A list of positions after the first is named ("add number 1, 4 and 6")."""
_SHOWN_PAIR = re.compile(
    r"\b(show(?: me| us)?|open(?: up)?|see|view|give me|pull up|bring up|look at|check out|"
    r"tell (?:me|us) (?:more )?about|details?(?: (?:of|on|for|about))?|"
    r"info(?: (?:on|about|for))?|more (?:on|about)) "
    rf"(?:the )?((?:one|{_NOT_ONE}))(,? (?:and also|and|also|plus|&)|,) (?:the )?({_NOT_ONE})\b"
    rf"{_NOT_AMOUNT}(?=\s*(?:details?|info|too|as well|please|pls|plz)?\s*[.!?]*\s*$)",
    re.IGNORECASE,
)
"""Two bare numbers after a verb of showing, ending the wish ("show 7 also 8", "give me 5 and
6 details", "tell me about one and two": "one" is a position when another number follows it):
two homes shown, not a count of homes."""


def positions_listed(text: str) -> str:
    """`text` with a number listed beside a position written as a position too ("show me five
    and also the six" -> "show me number five and also number six"), and two bare numbers shown
    at once ("open up 8 and 10"): one wish for each, as the clauses read them; the text itself
    when it lists none."""
    text = _SHOWN_PAIR.sub(r"\1 number \2\3 number \4", text)
    said = _LISTED_AFTER.sub(r"\1\2 number \3", text)
    return _LISTED_BEFORE.sub(r"number \1", said) if said != text else text


def _numbers_listed(match: re.Match[str]) -> str:
    rest = re.findall(NUMW, match.group(2))
    listed = ", ".join(f"number {n}" for n in [match.group(1), *rest])
    return f"{listed} {match.group(3)} number {match.group(4)}"


def _ordinal_typos(norm: str) -> str:
    """ "the fith one", "number nineth": a word that is near an ordinal, where an ordinal goes
    (after "the" or "number", or before "one", "house"...), read as that ordinal."""

    def fixed(match: re.Match[str]) -> str:
        word = match.group("w")
        if word in ORDINALS or re.fullmatch(NUMW, word):
            return match.group(0)
        near = [
            o for o in difflib.get_close_matches(word, ORDINALS, n=1, cutoff=0.8) if o[0] == word[0]
        ]
        return match.group(0).replace(word, near[0]) if near else match.group(0)

    before = re.sub(r"\b(?:the|number|no) (?P<w>[a-z]{4,12})\b", fixed, norm)
    return re.sub(rf"\b(?P<w>[a-z]{{4,12}}){_ORDINAL_NOUN}", fixed, before)


def positions_said(norm: str) -> str:
    """`norm` with positions said in other words ("house 4", "the fith one", "number too",
    "second from the bottom", "2nd" alone) written as the references read them ("number 4", "the fifth one")."""
    norm = _SOUNDS_LIKE.sub(
        lambda m: f"number {_SOUNDS_LIKE_COUNT[m.group(1)]}", _ordinal_typos(norm)
    )
    for pattern, said in _POSITION_WORDS:
        norm = pattern.sub(said, norm)
    return _NUMBER_LIST.sub(_numbers_listed, norm)
