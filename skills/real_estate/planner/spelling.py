"""Misspelled common words ("bedroms", "hosues", "cheepest", "Pflugervile") read as meant.

Only words of five or more letters that are not already known are corrected, only towards the
search vocabulary below, only when they start with the same letter and are close enough
(difflib ratio >= 0.8, or one swapped pair of letters); four-letter words only by one swapped
pair of letters. Everyday words that sit close to a
vocabulary word ("there" ~ "three", "horse" ~ "house") are listed as known and left alone.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache

VOCABULARY = frozenset(
    """
    bedroom bedrooms bathroom bathrooms house houses homes condo condos condominium
    townhouse townhouses townhome townhomes apartment apartments duplex property properties listed
    listing listings garage garages swimming waterfront cheapest cheaper expensive
    affordable newest biggest largest closest nearest bigger larger smaller under below
    between budget maximum minimum million thousand square footage remember always never
    available downtown capitol airport domain zilker search looking interested family single
    austin pflugerville manor driftwood dripping springs manchaca condominiums
    number changes schedule similar compare details second third fourth fifth sixth seventh
    eighth ninth tenth notify favorite favorites showing viewing
    watch watching alert alerts visit remove delete forget payment mortgage afford
    interest bookmark reduced appointment tomorrow saturday sunday monday tuesday wednesday
    thursday friday morning afternoon evening address saved
    monthly market results priciest cancel subscribe searches dollars pending recommend
    eastern mountain pacific better against longest reduction earlier keepers stretch
    forward reference anymore nothing racial families neighbors neighbours marked subscribed
    ethnic smallest religious
    """.split()  # noqa: SIM905
)
KNOWN = frozenset(
    """
    there where these those three other their horse hours mouse users bedrock bathtub about
    above after again alone along among another around before being below bring build built
    could every first great house looks maybe might money month never night place plans
    please point right since small still thing think today under until using value views
    wants water which while would write years young spend spending close closer valle large
    cheap price prices priced newer older change changed seven eight eleven twelve fifteen twenty seventy
    eighty ninety sixty fifty forty thirty nineteen eighteen seventeen sixteen fourteen
    thirteen alter removed deleted forgot visited reduce secondly thirdly
    longer earliest changing becomes noting subscribed cancelled canceled tracked searched
    recommended pricier result talking taking though thought contact chance keeps referenced
    stretched reductions keeper
    ethics ethical
    """.split()  # noqa: SIM905
)
SHORT_VOCABULARY = frozenset(
    {"this", "that", "show", "save", "more", "next", "page", "tour", "home", "pool", "yard"}
    | {"sale", "what", "when", "much"}
)
"""Four-letter words corrected only when two neighbouring letters are swapped ("thsi", "shwo",
"mroe"): a closer check would turn everyday words into them."""
_WORD = re.compile(r"[a-z]{4,}")
SHORT = {
    "hous": "house",
    "hom": "home",
    "cndo": "condo",
    "undr": "under",
    "ovr": "over",
    "savr": "save",
    "sav": "save",
    "shw": "show",
    "abt": "about",
}
"""Misspellings too short for the similarity check, read as meant."""


ACTIONS = frozenset({"watch", "visit", "alert"})
"""Five-letter wishes a four-letter word is read as when it only lacks one of their letters
("wach", "vist")."""


def _dropped_once(word: str, target: str) -> bool:
    return word[0] == target[0] and any(target[:i] + target[i + 1 :] == word for i in range(5))


def _swapped_once(word: str, target: str) -> bool:
    if len(word) != len(target) or sorted(word) != sorted(target):
        return False
    diff = [i for i, (a, b) in enumerate(zip(word, target, strict=True)) if a != b]
    return len(diff) == 2 and diff[1] == diff[0] + 1


@lru_cache(maxsize=4096)
def correct_word(word: str) -> str:
    """The vocabulary word meant by a misspelling, or the word unchanged."""
    if word in VOCABULARY or word in KNOWN or word in SHORT_VOCABULARY or len(word) < 4:
        return word
    if len(word) == 4:
        swapped = (t for t in SHORT_VOCABULARY if _swapped_once(word, t))
        return next(swapped, next((t for t in ACTIONS if _dropped_once(word, t)), word))
    same_start = [v for v in VOCABULARY if v[0] == word[0] and abs(len(v) - len(word)) <= 2]
    for target in same_start:
        if _swapped_once(word, target):
            return target
    close = difflib.get_close_matches(word, same_start, n=1, cutoff=0.8)
    return close[0] if close else word


def correct(text: str) -> str:
    """Lower-case text with misspelled vocabulary words corrected (other words untouched)."""
    text = re.sub(r"\b[a-z]{3,4}\b", lambda m: SHORT.get(m.group(), m.group()), text)
    return _WORD.sub(lambda m: correct_word(m.group()), text)


def respelled(text: str) -> str:
    """`text` with its lower-case misspelled words corrected, the rest as written (case, names,
    addresses): "savr the 2nd and shwo me simlar ones" -> "save the 2nd and show me similar ones"."""
    return re.sub(r"\b[a-z]{3,}\b", lambda m: SHORT.get(m.group()) or correct_word(m.group()), text)
