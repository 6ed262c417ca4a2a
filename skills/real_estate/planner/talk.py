"""The product's own words when no tool is needed: greetings, thanks, what it can do, a term
explained, a message it cannot read. Short, in PropSearch's voice, with at most one question
back; never a tool's description."""

from __future__ import annotations

import re

ASK_AREA = "Which area should I look in, and what kind of home?"
GREETING = f"Hi! I'm PropSearch: I find homes for sale and help you weigh them. {ASK_AREA}"
THANKS = "You're welcome! Tell me whenever you want to look at more homes."
GOODBYE = "Goodbye! Your saved homes and searches will be here when you come back."
ABOUT = (
    "I'm PropSearch, a home-search assistant. I can search homes for sale by area, price, "
    "size and features, show a home's details, compare homes, estimate monthly payments, save "
    f"homes and searches, watch prices and request tours. {ASK_AREA}"
)
NOTHING_TO_PAGE = "There's no search to page through yet. What kind of home should I look for?"
NOT_SHOWN = (
    "I can only watch or book a tour of a home I've shown you, and that one isn't among them. "
    "Search for it first, or open it from the results."
)
VAGUE_SEARCH = f"Happy to help you find one! {ASK_AREA}"
UNCLEAR = f"I'm not sure what you'd like me to do. {ASK_AREA}"
REPLIES = {"greeting": GREETING, "thanks": THANKS, "goodbye": GOODBYE, "about_assistant": ABOUT}

_GREETING = (
    r"(?:hi|hello|hey|howdy|yo|hiya|greetings|good (?:morning|afternoon|evening))"
    r"(?: there| again| everyone)?"
)
_THANKS = (
    r"(?:thanks|thank you|thx|thanx|tnx|ty|cheers)(?: (?:so|very) much)?(?: a lot)?|"
    r"you(?:'re| are) (?:very |so |really |too )?(?:kind|sweet|helpful|great|awesome|the best)|"
    r"(?:i |we )?(?:really )?appreciate (?:it|that|the help)|much appreciated"
)
_GOODBYE = r"(?:bye|goodbye|bye bye|see you(?: later)?|see ya|later|take care)"
_ABOUT = r"(?:who are you|what can you do)"
_FILLER = r"(?:hmm+|um+|uh+|oh|ok(?:ay)?|alright|all right|great|cool|perfect|awesome|nice|got it|sounds good)"
_ITEM = rf"(?:{_GREETING}|{_THANKS}|{_GOODBYE}|{_ABOUT})"
_SMALL_TALK = re.compile(rf"^\W*(?:{_FILLER}\W+)*{_ITEM}(?:\W+(?:{_ITEM}|{_FILLER}))*\W*$")
"""A message that is only small talk: greetings, thanks, goodbyes, "what can you do", with
fillers around them ("hmm ok thx bye")."""
_KINDS = (("goodbye", _GOODBYE), ("thanks", _THANKS), ("about_assistant", _ABOUT))
"""Which kind a message of several is answered as: a goodbye ends it, then thanks."""


def small_talk_kind(norm: str) -> str | None:
    """The kind of a message that is only a greeting, thanks or goodbye, by its words alone."""
    if _SMALL_TALK.match(norm) is None:
        return None
    for kind, words in _KINDS:
        if re.search(rf"(?:^|\W){words}(?:\W|$)", norm):
            return kind
    return "greeting"


MAX_CHARS = 2000
TOO_LONG = (
    f"That message is too long for me to read (over {MAX_CHARS:,} characters), so I did "
    "nothing with it. What are you looking for, in a sentence or two?"
)
EMPTY = "I didn't catch anything there. What kind of home are you looking for, and where?"
NO_WORDS = "I can only read words, not emoji alone. What kind of home are you looking for?"
OTHER_LANGUAGE = (
    "I can only answer in English, so I'll reply in English: I didn't act on that message. "
    "Could you tell me in English what you're looking for?"
)
_FOREIGN_WORDS = re.compile(
    r"\b(?:busco|una|casas?|quiero|tengo|tienen?|hay|con|por favor|dónde|cuánto|habitaciones|"
    r"piscina|jard[ií]n|cerca|je|cherche|maisons?|avez|vous|avec|piscine|bonjour|merci|ich|"
    r"suche|haus|häuser|wohnung|gibt|mit|garten|danke|bitte|olá|obrigad[oa]|procuro|voglio|"
    r"cerco|grazie|hola|gracias|dormitorios|precio|zimmer|chambres)\b|[¿¡]"
)
"""Words (and marks) of the languages people most often write to us in instead of English."""
_ENGLISH = re.compile(r"\b(?:the|a|i|you|home|house|homes|in|with|what|show|me|and|is)\b")


def unreadable(text: str, norm: str) -> str | None:
    """Why a message cannot be acted on (empty, too long, no words, not English), else None."""
    if not text.strip():
        return EMPTY
    if len(text) > MAX_CHARS:
        return TOO_LONG
    if not re.search(r"[^\W_]", text):
        return NO_WORDS
    letters = [c for c in text if c.isalpha()]
    foreign = sum(not c.isascii() for c in letters) > len(letters) / 3
    theirs = len(_FOREIGN_WORDS.findall(text.lower()))
    if foreign or theirs > len(_ENGLISH.findall(norm)):  # "Gibt es Häuser mit Garten in Austin?"
        return OTHER_LANGUAGE
    return None


GLOSSARY: dict[str, tuple[str, str]] = {
    "hoa": (
        r"\bhoa\b|home ?owners'? association",
        "An HOA (homeowners association) runs a community's shared areas and rules; owners pay "
        "it a monthly or yearly fee.",
    ),
    "escrow": (
        r"\bescrow\b",
        "Escrow is money or documents held by a neutral third party until a sale closes; "
        "later, an escrow account collects your property tax and insurance with each payment.",
    ),
    "pmi": (
        r"\bpmi\b|private mortgage insurance",
        "PMI (private mortgage insurance) protects the lender when you put less than 20% down; "
        "it adds to the monthly payment until you reach about 20% equity.",
    ),
    "contingency": (
        r"\bcontingen",
        "A contingency is a condition in an offer (an inspection, financing or appraisal) that "
        "lets the buyer walk away without losing the deposit if it isn't met.",
    ),
    "closing costs": (
        r"\bclosing costs?\b",
        "Closing costs are the fees paid when a sale completes (lender fees, title insurance, "
        "taxes, recording), typically 2-5% of the price.",
    ),
    "earnest money": (
        r"\bearnest\b|\bgood faith deposit\b",
        "Earnest money is a deposit (often 1-3%) made with an offer to show you're serious; it "
        "goes toward the purchase at closing.",
    ),
    "appraisal": (
        r"\bapprais",
        "An appraisal is a licensed appraiser's estimate of a home's value, which the lender "
        "uses to decide how much it will lend.",
    ),
    "inspection": (
        r"\binspect",
        "A home inspection is a professional check of the home's condition (roof, structure, "
        "plumbing, electrical) before you commit to buy.",
    ),
    "pending": (
        r"\bpending\b|\bunder contract\b",
        "Pending or under contract means the seller accepted an offer and the sale is being "
        "completed; it may still fall through.",
    ),
    "pre-approval": (
        r"\bpre-?approv|\bpre-?qualif",
        "A pre-approval is a lender's written estimate of how much it would lend you, after "
        "checking your income and credit; sellers take offers with one more seriously.",
    ),
    "condo": (
        r"\bcondo(?:minium)?s?\b",
        "A condo is a unit you own inside a larger building or complex; the shared parts are "
        "owned together and run by an HOA.",
    ),
    "townhouse": (
        r"\btown ?(?:house|home)s?\b",
        "A townhouse is a multi-floor home that shares walls with its neighbours; you usually "
        "own the land under it too.",
    ),
    "down payment": (
        r"\bdown ?payment\b",
        "The down payment is the part of the price you pay up front; the loan covers the rest.",
    ),
    "property tax": (
        r"\bproperty tax",
        "Property tax is a yearly tax on the home's assessed value, in Texas around 2% a year.",
    ),
    "title insurance": (
        r"\btitle\b",
        "Title insurance protects you and the lender against claims on the home's ownership "
        "from before you bought it.",
    ),
}


NO_TERM = (
    "That's a question I can't answer well offline; I can explain terms such as HOA, escrow, "
    "PMI, contingency or closing costs, or show you homes. Which area should I look in?"
)


def explained(norm: str) -> str | None:
    """The definitions of the terms a message names, or None when it names none we know."""
    found = [meaning for pattern, meaning in GLOSSARY.values() if re.search(pattern, norm)]
    return " ".join(found[:2]) or None
