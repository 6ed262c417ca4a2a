"""The words of saved searches and watches that the planner reads before a wish to watch:
a stop ("quit emailing me new listings", "I'm done with the saved search"), a change of the
saved search ("add a pool to my saved search") and asking what is kept ("show me my watches",
"what am I getting alerts for"); what a watch waits for (new homes, a price, a status), and a
question put as "tell me if" that waits for nothing ("tell me if the 3rd has a pool")."""

from __future__ import annotations

import re

_ENDING = r"(?:stop|quit|cancel|end|kill|disable|pause|(?:turn|switch|shut) off)"
_ALERTS = r"(?:alerts?|notifications?|e-?mails?|mails|updates?|news)"
STOP = re.compile(
    rf"\b{_ENDING}\s+(?:watching|tracking|alerting|notifying|sending|monitoring|following|"
    r"emailing|texting|messaging|pinging|"
    r"keeping (?:tabs|an eye) on|"
    rf"(?:the |my |those |these )?(?:\w+ ){{0,2}}{_ALERTS})\b|"
    r"\bno more (?:\w+ ){0,2}(?:alerts?|notifications|emails|updates|news|listings|matches)\b|"
    r"\bno more (?:send|sending|tell|telling|notify|notifying|email|emailing) (?:me|us)\b|"
    rf"\b{_ENDING}\s+(?:all\s+)?(?:the |my |our |those |these )?(?:price )?watch(?:es|list)?\b|"
    r"\bunwatch\b|\bunsubscribe\b|"
    rf"^\W*(?:please |pls |just )?{_ENDING}\s+(?:it\s+)?(?:all|everything|both(?: of them)?)"
    r"(?: please| pls)?\W*$|"
    r"\b(?:don'?t|do not|no need to) (?:watch|notify|alert|track|e-?mail|text|message|ping)\b|"
    rf"\b(?:don'?t|do not|no need to|never) (?:send|forward) (?:me|us)\b.*\b(?:{_ALERTS}|"
    r"listings|matches)\b|"
    r"\b(?:no longer|no more|don'?t|do not|not) (?:want|need|care|wish) to (?:watch|track|follow|"
    r"monitor|keep (?:an eye|tabs) on)\b|"
    rf"\b(?:don'?t|do not|no longer|no more) (?:need|want)\b.*\b{_ALERTS}\b|"
    rf"\b(?:delete|remove|cancel|forget|drop|get rid of|scrap|ditch|(?:i'?m|we'?re|i am|we are) "
    rf"done with|{_ENDING})\b.*\b(?:saved )?search(?:es)?\b|"
    r"\b(?:delete|remove|cancel|forget)\b.*\b(?:watch(?:es)?|alerts?)\b"
)
CHANGE = re.compile(
    r"\b(?:change|update|edit|rename|raise|lower|increase|decrease|make|set|bump|tweak|adjust|"
    r"modify|add|include|switch|move|shift|put)\b.*(?:\b(?P<whose>saved|my|our) (?:search|"
    r"(?:new[- ]listings? |listing |search )?alert)|\bthe (?:new[- ]listings? |listing |search )?"
    r"alert(?= to \w))\b|"
    r"\b(?:saved|my|our) (?:search|alert) (?:should|must|needs? to|to|is)(?: only| just| also)? "
    r"(?:be|have|include|allow|for|cover)\b|"
    r"\b(?:my|our) (?:saved )?(?:search|alert)\W+(?:make|change|set|update|switch) it\b|"
    r"\b(?:change|update|edit|make|set|switch|move)\b.*\bsearch (?:you'?re|you are) "
    r"(?:watching|running|tracking|keeping)\b"
)
"""A change of the saved search ("lower the max on my alert", "set the alert to 2 baths"); "my
search" or "the alert" means it only when one is saved."""
_NAMED = re.compile(
    r"\b(?:re)?name (?:it|this|that|(?:the|this|that|my|our) (?:saved )?(?:search|alert))"
    r"(?: to| as)?|\bcall (?:it|this|that|(?:the|this|that|my|our) (?:saved )?(?:search|alert))"
    r"(?: something like)?",
    re.IGNORECASE,
)
_NAME = re.compile(r"""\s*[:"'“‘]?\s*(?P<name>\w[\w '&-]{0,38}?)\s*["'”’]?\s*(?:please|pls)?\W*$""")
"""The name itself: the rest of the words, in quotes or not, without a closing "please"."""


def search_name(text: str) -> tuple[str, str]:
    """The name a saved search is given at the end of the words ("rename my saved search to
    south side", "save this and call it 'our plan B'"), and the words without it ("" and the
    words when none is given)."""
    for said in _NAMED.finditer(text):
        if found := _NAME.match(text, said.end()):
            return found.group("name").strip(), text[: said.start()]
    return "", text


LIST = re.compile(
    r"\b(?:show|list|see|what are|which are|what|which)\b.*\b(?:saved search(?:es)?|my search(?:es)?|"
    r"watch(?:es|ing)|search alerts|(?:tracking|monitoring|keeping tabs on)(?= for (?:me|us)\b|\W*$))\b|"
    r"\b(?:show|list|see|what are|which are|what|which)\b.*\b(?:my|our) (?:price )?watch(?:list)?\b|"
    r"\b(?:what|which)\b.*\b(?:(?:alerts?|search(?:es)?) (?:do|have) (?:i|we)|getting (?:\w+ )?(?:alerts?|updates|notifications|emails))\b|"
    r"\b(?:what|which|anything)\b.*\b(?:(?:asked|told|ask|had|have) (?:you|u) to (?:watch|track|"
    r"monitor|follow|keep (?:an eye|tabs) on)|keeping (?:an eye|tabs) on)(?= for (?:me|us)\b|\W*$)"
)
NEW_HOMES = re.compile(
    r"\b(?:this|the|that|my) search\b|\bnew (?:homes?|houses?|listings?|ones?|condos?)\b|"
    r"\bas (?:a |my |our )?(?:saved )?search\b|"
    r"\bcomes? (?:up|on the market|on)\b|\bhits? the market\b|\b(?:get|gets|is|are) listed\b|"
    r"\blike (?:these|those|this)\b|\bsearch alerts?\b|\bmatch(?:es|ing)?\b|"
    r"\b(?:anything|something) (?:new|fresh)\b|\b(?:pops?|shows?) up\b"
)
PRICE = re.compile(
    r"\bprice\b|\bdrops?\b|\breduc(?:ed|es|tion)\b|\bcheaper\b|\b(?:goes|go|comes|come) down\b|"
    r"\bcut\b|\bmarked down\b|\blowered\b|\bslid(?:es?|ing)?\b|\bknocks? (?:\w+ ){0,2}off\b|"
    r"\bless (?:expensive|pricey)\b|\bmore affordable\b|\bcosts?\b|\basking\b"
)
"""A price said changing: "drops", "slides", "knock some off", "less expensive", what it costs."""
STATUS = re.compile(
    r"\bsells?\b|\bsold\b|\bpending\b|\bunder contract\b|\boff (?:the )?market\b|\bstatus\b|"
    r"\bgone\b|\bdelisted\b"
)
_ASKS_NOW = re.compile(
    r"\b(?:tell|let|show|check|see)\b.*?\b(?:if|whether)\b.*?\b(?:has|have|got|is having|"
    r"are having|allows?|includes?|comes? with|(?:is|are) (?:near|close to|in|on|by|within|"
    r"walking distance))\b"
)
"""A question put as "tell me if" about what a home has or where it is now ("can you tell me
if the 3rd has a pool", "let me know if number 2 is near a park"): its details, no watch."""
_CHANGING = re.compile(r"\bchanges?\b|\bupdates?\b|\bnews\b")
NEGATED = re.compile(
    r"\b(?:no|not|never|none|nothing|anymore|longer|done|enough|without|quit|stop|cannot|"
    r"(?:do|does|did|wo|ca|is|are|was|were|have|should|would)n'?t)\b|n't\b"
)
"""Words that turn a wish around ("no longer", "don't", "I'm done with"): a message near the
stopping of a watch that asks to watch in words, yet says none of these, asks to watch."""


def asks_now(norm: str) -> bool:
    """The words ask what a home has or where it is now, with no change of its price or status
    and no new homes to wait for: a question, not a watch."""
    if not _ASKS_NOW.search(norm):
        return False
    return not (
        PRICE.search(norm) or STATUS.search(norm) or _CHANGING.search(norm)
        or NEW_HOMES.search(norm)
    )  # fmt: skip
