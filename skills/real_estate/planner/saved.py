"""Saved homes, comparison and forgetting in the user's words.

"save the second one" / "save it" -> save_home; "remove it" / "remove the second one" /
"remove all my saved homes" -> remove_saved_home (the graph asks to confirm); "show my saved
homes" -> get_saved_homes; "compare the first two" / "compare 1 and 3" / "compare my saved
homes" -> compare_properties; "forget my budget" -> forget_search_criteria (forget.py).
"it" / "this one" is the property in focus (the last details shown), else the only result.
Saved homes are the SAVED preferences keyed home_<zpid>.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from real_estate.domain import (
    COMPARE,
    DETAILS,
    GET_SAVED_HOMES,
    REMOVE_SAVED_HOME,
    SAVE_HOME,
)

from .forget import forget
from .parse import normalize, parse
from .picked import CHEAPEST_N, FIRST_N, LAST_N, MAX_COMPARED, SUPERLATIVE, picked
from .positions import NOUN, ORD, positions_said
from .refs import ORDINALS, Reference, all_positions, find_reference, resolve
from .saved_named import SAVED_WORDS, nth_saved, saved_zpids

_SHOW = re.compile(
    r"\b(?:show|list|see|view|open|what are|which are|what'?s (?:on|in)|display|give me|pull up|bring up|"
    rf"go over|remind me|look at)\b.*\b{SAVED_WORDS}\b|"
    r"\b(?:what|which)\b.*\b(?:have|did) (?:i|we) (?:saved|shortlisted|bookmarked|save|favou?rite|"
    r"like|keep|kept)\b|"
    r"\b(?:homes|houses|ones|places) (?:i|we) (?:liked|saved|favou?rited|bookmarked)\b|"
    rf"\b(?:what|which)\b.*\b(?:are|is|'s) (?:in|on) (?:my|our|the) {SAVED_WORDS}\b|"
    r"^\W*(?:did|have) (?:i|we) (?:already )?(?:save|saved|favou?rite|favou?rited|bookmark|bookmarked)\b|"
    rf"^\s*(?:(?:my|our|the) )?{SAVED_WORDS}(?: homes| houses| properties| listings| ones)?"
    r"(?: please| pls| plz)?\s*[?.!]*$"
)
_DOWN_TO = r"(?:\s+(?:it|that|this|them|the \w+(?: \w+)?))?(?:\s+down)?\s+to\s+\$?\d"
"""What is dropped to an amount or a count ("drop it to 2 beds") is lowered, not removed."""
_INTRANSITIVE = r"(?:\s+(?:yet|again|ever|at all|recently|lately|any ?more|soon))*\s*[?.!]*\s*$"
"""A "drop" with nothing after it ("did the 2nd ever drop?") is the price going down, not a
home taken off the list: a removal names what it drops."""
_REMOVE = re.compile(
    rf"\b(?:remove|delete|unsave|un-?save|un-?favou?rite|un-?star|un-?heart|un-?bookmark|(?<!price )drop(?!s?(?:ped)? in price)(?!{_DOWN_TO})(?!{_INTRANSITIVE})|get rid of|clear)\b(?!\s+(?:the\s+)?filter)|"
    rf"\b(?:take|cross|strike)\b.*\boff (?:of )?(?:the |my |our )?{SAVED_WORDS}|"
    r"\b(?:take|cross|strike) (?:it|this|that|them|the \w+|number \w+|#\s?\d+)(?: one)? off\b"
    r"(?! (?:the )?(?:price|asking))"
)
"""A removal, or a home taken (crossed, struck) off the list ("take the third off my list")."""
_LET_GO = re.compile(
    r"\b(?:forget(?: about)?|scratch|ditch|toss|scrap|nix|lose interest in|"
    r"(?:not|no longer) (?:interested in|into|keen on)|(?:gone|went) off|"
    r"changed (?:my|our) minds? (?:about|on))\b"
)
"""Letting a home go ("forget the first one", "we're no longer keen on #3"): a removal when the
home it names is saved."""
_UNSAVE = re.compile(r"\bun-?(?:save|favou?rite|star|heart|bookmark)\b")
_EVERY = re.compile(r"\b(?:all|both|every(?: one|thing)?|each)\b")
_REMOVE_ALL = re.compile(rf"\b(?:all|both|every|each|everything)\b.*\b{SAVED_WORDS}\b|\bclear\b")
_THE_LIST_GONE = re.compile(
    r"\b(?:remove|delete|clear(?: out)?|empty|wipe|get rid of|ditch|scrap|toss|trash|dump|"
    r"forget(?: about)?|lose|reset) (?:(?:my|our|the) )?"
    rf"{SAVED_WORDS}(?<!favorite)(?<!favourite)(?<!fave)(?<!fav)"
    r"(?: (?:homes|houses|places|ones|properties|listings|list))?"
    r"(?!\s*(?:search|home|house|place|one|property|listing)\b)"
)
"""The saved list itself done away with ("get rid of our favourites", "delete my saved list"):
every saved home removed."""
_ASKED_TO = (
    r"\s*(?:(?:ok(?:ay)?|so|right|now),?\s+)?"
    r"(?:please\s+|pls\s+|plz\s+|(?:can|could|would|will) (?:you|u|ya)\s+(?:please\s+)?|"
    r"(?:can|could|may) (?:i|we)\s+|(?:i|we)(?: want|'d like|'d love| would (?:like|love)| need) to\s+|"
    r"(?:i|we) wanna\s+|let'?s\s+|let us\s+|go ahead and\s+|"
    r"(?:i think |maybe )?(?:i|we)(?: should| could| might as well| will|'ll| better| must)\s+)?"
)
"""How a wish to keep a home opens: "please", "could u", "we'd love to", "let's", "we should"."""
_ADDED_END = r"(?:\s+(?:too|as well|also|instead|then|please|pls))*\W*$"
"""How "add #4" may end and still be all the wish: "add #4 too", "add #4 instead"."""
_SAVE = re.compile(
    rf"(?:[,;.!:]|\b(?:and|so|then) ){_ASKED_TO}(?:save|sav|saving|bookmark|favou?rite)\b|"
    rf"^{_ASKED_TO}(?:save|sav|saving|shortlist|bookmark|stash|pin|hang on to|hold on ?to|"
    r"favou?rite|fave|fav|heart|star|"
    r"keep(?= (?:number|no\.?|#)\s?\d| the \w+ one\W*$| (?:this|that) (?:one|home|house|place)\W*$)|"
    rf"add(?= (?:number |no\.? ?|#)\d+{_ADDED_END}| the \w+ one{_ADDED_END}|"
    rf" (?:it|this one|that one){_ADDED_END}|"
    r" the (?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|"
    rf"tenth|last){_ADDED_END}))"
    r"\b|\b(?:add|put|keep|stash|pop|stick)\b.*\b(?:saved|favou?rites?|favs|faves|shortlist|"
    r"keepers|wish ?list|(?:my|our) (?:list|picks))\b|"
    r"(?<!\bis )(?<!\bwas )\b(?:it|this|that)(?: one| home| house| place)? (?:in|on|to|into) "
    r"(?:my |our |the )"
    r"(?:favou?rites?|favs|faves|saved(?: homes)?|shortlist|list|keepers)\b|"
    r"\b(?:mark|flag|tag)\b.*\bas (?:a |my |our )?(?:favou?rite|fave|keeper|saved)\b|"
    r"\b(?:is|'s) (?:a|my|our) keeper\b|\b(?:don'?t|do not|never) lose (?=this|that|it\b)|"
    r"\bkeep (?:it|this|that)(?: one| home| house| place)? (?:somewhere|for later|in my list|"
    r"for me|for (?:to )?(?:see|look at|view|check)(?: it| on it)? (?:later|again))\b|"
    r"\bfind it again\b|\bremember (?:this|that) (?:one|home|house|place|listing|property)"
    r"(?: for (?:later|me|us))?\W*$|"
    r"\b(?:it|this one|that one) kept (?:somewhere|safe|for later)\b|"
    r"\b(?:hang|hold) on ?to (?:(?:this|that|the \w+) (?:one|home|house|place)|number|#)|"
    r"\b(?:keep|remember) (?:the \w+(?: one| home| house| place)?|number \w+|#\s?\d+) "
    r"(?:for (?:later|me|us)|in mind|on (?:my|our|the) list)\b|"
    r"\b(?:(?:don'?t|do not|never) (?:want to |wanna |let (?:me|us) )|(?:shame|pity|sad|awful) to |"
    r"(?:hate|afraid|worried|scared) (?:i'?ll |we'?ll |to )?)(?:lose|forget)(?: track of| sight of| about)?"
    r"(?= (?:the \w+|number|no\.?|#|\d))"
)
"""A home kept for later: asked for ("save #2", "put it on my list"), or a fear of losing it
("it'd be a shame to lose track of number 5", "don't let me forget about the third")."""
_COMPARE = re.compile(
    r"\bcompare\b|\bside[- ]by[- ]side\b|\bversus\b|\bvs\.?\b|\bnext to each other\b|"
    r"\bhead[- ]to[- ]head\b|\bagainst (?:each other|one another)\b|(?<=\d) v\.?(?= #?\d)|"
    r"\bline (?:\S+ ){0,4}up (?:against|with|next to|beside)\b"
)
_COMPARATIVE = r"better|nicer|smarter|bigger|larger|smaller|cheaper|newer|older|roomier|worse"
_WEIGH = re.compile(
    r"\bstack up\b|\bdiffer\b|\bdifference between\b|\btorn between\b|\bwhich is better\b|"
    r"\b(?:what'?s|whats|what is|what are) (?:the |their )?(?:main |big |real )?differences?\b|"
    r"\bline (?:\S+ ){0,4}?up\b|\bagainst\b|\bweigh(?:ing)? up\b|\bpros and cons\b|"
    r"\bcompar(?:ison|ing|ed)\b|\bdifferences?\b|\bhow (?:is|are) (?:it |they )?different\b|"
    r"\bwhich (?:one |of (?:them|the two|these|those) )?(?:(?:is|looks|seems) )?(?:the )?(?:more )?"
    rf"(?:{_COMPARATIVE}|best|good|nice)\b|"
    r"\bwhich (?:one |of (?:them|the two|these|those) )?(?:has|have|gets?|got|offers?) (?:the |a )?"
    rf"(?:more|most|less|fewer|{_COMPARATIVE})\b|"
    r"\b(?:which|what|between)\b.*\b(?:is|are|looks?|seems?) (?:the )?(?:more )?(?:better|best)\b|"
    r"\b(?:decide|choose|pick) between\b|"
    rf"\b(?:more )?(?:{_COMPARATIVE}) than\b|"
    r"\bwhich (?:one )?(?:do |would |should |can )?(?:you|u) (?:recommend|suggest|prefer|pick|choose)\b|"
    rf"\bwhich of (?=(?:the |number |#)?(?:\d|{'|'.join(ORDINALS)}))|"
    r"\bbetween\b.+\band\b.+\b(?:which|what'?s|what is)\b|\bdifferent (?:from|than|to)\b|"
    r"\bwhich (?:one |of (?:them|the two|these|those) )?(?:(?:is|'s) )?(?:costs?|goes for|"
    r"sells? for|priced|comes in)(?: a bit| a little| much)? (?:less|more|lower|higher)\b|"
    r"\b(?:put|place|set|stand)\b.{1,30}\b(?:next to|beside|alongside)\b|"
    r"\bwhich (?:one )?(?:should|shall|do|would|to) (?:(?:i|we) )?(?:pick|choose|go for|take)\b"
)
"""Words that compare homes only when the message names two of them."""
_EITHER = re.compile(
    rf"(?:\bthe )?(?:\b(?:{ORD})|\bnumber \w+|#\s?\d+|\bthis(?= (?:one |{NOUN} )?or\b))"
    rf"(?: {NOUN})? (?:or|vs\.?|versus) (?:the )?(?:(?:{ORD})|number \w+|#\s?\d+)\b"
)
"""Two homes named to choose between ("1 or 2 better for family", "first or last one?"): a
comparison, unless another wish (a save, a removal) is said."""
_CLOSER = re.compile(r"\bclos(?:er|est)\b|\bnear(?:er|est)?\b|\bdistance\b")
_IT = re.compile(
    r"\b(?:it|this(?! (?:week|month|year|weekend|morning|afternoon|evening)\b)"
    r"(?: one| home| house| property| place)?|that(?: one)?)\b"
)
_AND_THIS = re.compile(
    r"\b(?:this|it)(?: one)? (?:and|&|plus) (?:also )?(?:the|number|#)|"
    r"\b(?:the|number|#)\s?\w+(?: one)? (?:and|&|plus) (?:also )?this\b"
)
"""The open home named beside another ("save this and the next one")."""
Call = tuple[str, dict[str, Any]]
Shown = list[dict[str, Any]]
Focused = dict[str, Any] | None
Planned = tuple[list[Call], str] | None


SAVED_LIST = re.compile(
    rf"\b(?:my|our|the) {SAVED_WORDS}|\b(?:on|from|in) (?:my|our) (?:list|picks)\b|"
    r"\b(?:homes?|houses?|ones|places) (?:i'?ve |we'?ve |i |we )(?:saved|bookmarked|favou?rited)\b"
)
"""The saved homes named as a list ("my saved homes", "our favourites", "the homes on my
list", "the ones we saved")."""


_LEFT = re.compile(
    r"\b(?:what'?s|what is|whats) (?:still )?left\b|\bwhat (?:remains|is remaining)\b|"
    r"\bwhat (?:i|we) (?:still )?(?:have|got)(?: left)?\b|"
    r"\bthe (?:rest|remaining(?: ones| homes)?)\b|\b(?:ones|homes) (?:left|remaining)\b"
)
"""What is left of a list ("and show me what's left", "list the rest")."""


def the_rest_saved(text: str, tools_before: list[str]) -> str:
    """A clause asking for what is left after a saved home was removed ("remove the first one
    and show me what's left"): the saved homes' list."""
    if REMOVE_SAVED_HOME in tools_before and _LEFT.search(normalize(text)):
        return "show my saved homes"
    return text


def asks_to_save(norm: str) -> bool:
    """The words ask to keep a home ("I'd love to hang on to that one")."""
    return _SAVE.search(norm) is not None


def plan_saved(
    text: str,
    shown: list[dict[str, Any]],
    focused: dict[str, Any] | None,
    preferences: Mapping[str, str],
    near: str | None = None,
    intent: str | None = None,
) -> tuple[list[Call], str] | None:
    """(tool calls, note) for a saved-homes, compare or forget request; None otherwise.
    `intent` is the wish the message is surely nearest to (intents.yaml), if any: the
    recognizer it names is asked first and acts even without its trigger words."""
    norm = normalize(text)
    readers: tuple[Callable[..., Planned], ...] = (forget, _compare, _show, _remove, _save)
    named = _BY_INTENT.get(intent or "")
    if named is not _save and _SAVE.match(norm):  # "please save #2": the words say it
        named = None
    if named is _show and (_REMOVE.search(norm) or find_reference(norm)):  # "unsave #1", "open #1"
        named = None
    if named is _save and _SHOW.search(norm) and not _SAVE.search(norm):  # "show my faves"
        named = None
    if named is _show and not _OF_THE_LIST.search(norm):  # "what houses can I get": no list
        named = None
    if named is not None and (found := named(norm, shown, focused, preferences, near, True)):
        return found
    for reader in readers:
        found = reader(norm, shown, focused, preferences, near)
        if found is not None:
            return found
    return None


_OF_THE_LIST = re.compile(
    rf"\b{SAVED_WORDS}|\b(?:sav(?:e|ed|ing)?|kept|keep\w*|lik(?:e|ed)|lov(?:e|ed)|picks?|"
    r"picked|list|collection|chose|chosen|aside|earmark\w*|stash\w*|held|marked|flagged)\b|"
    r"\b(?:which|what)(?: ones| homes| houses| places)? (?:did|have) (?:i|we)\b"
)
"""Words that name the saved list or what was kept ("which ones did I put aside"): the list
is asked for by its intent only with them."""
_OPEN = re.compile(
    r"\b(?:open|tell me about|more (?:on|about)|details?|info|what about|describe|pull up|"
    r"bring up|show|see|look at|view)\b"
)
"""Asking to see one home's details, said of a saved one."""


def _show(
    norm: str,
    shown: Shown,
    focused: Focused,
    prefs: Mapping[str, str],
    near: str | None,
    asked: bool = False,
) -> Planned:
    if not (asked or _SHOW.search(norm) or _OPEN.search(norm)) or _COMPARE.search(norm):
        return None
    if (nth := nth_saved(norm, prefs)) is not None:  # "open my first saved home"
        return [(DETAILS, {"zpid": nth})], ""
    if not (asked or _SHOW.search(norm)):
        return None
    zpids = saved_zpids(prefs)
    if not zpids:
        return [], 'You haven\'t saved any homes yet. Say "save the first one" on any result.'
    return [(GET_SAVED_HOMES, {"zpids": zpids})], ""


def _target(norm: str, shown: Shown, focused: Focused) -> tuple[dict[str, Any] | None, str]:
    """(listing, why-not) the message points at: a numbered result, or "it" / "this one"."""
    ref = find_reference(norm)
    if ref is None and (most := SUPERLATIVE.search(norm)):  # "save the cheapest"
        ref = Reference(superlative=most.group("s"))
    if ref is not None:
        return resolve(ref, shown)
    if focused is not None:
        return focused, ""
    if len(shown) == 1:
        return shown[0], ""
    return None, 'Which one? Say "the second one" or open a home\'s details first.'


def _save(
    norm: str,
    shown: Shown,
    focused: Focused,
    prefs: Mapping[str, str],
    near: str | None,
    asked: bool = False,
) -> Planned:
    if not (asked or _SAVE.search(norm)) or re.search(
        r"\bsearch\b|\bpreferences?\b|\bbudget\b|\bas (?:my|our) (?:default|usual|area|location|"
        r"city|town|max(?:imum)?|(?:home )?type)\b",
        norm,
    ):
        return None
    several = [shown[p - 1] for p in all_positions(norm, len(shown)) if 1 <= p <= len(shown)]
    if any(rx.search(norm) for rx in (FIRST_N, LAST_N, CHEAPEST_N, SUPERLATIVE)):
        several = picked(norm, shown)  # "the first three", "the cheapest and the 4th"
    if len(several) > 1:  # "save the 1st and the 6th"
        return [(SAVE_HOME, {"zpid": str(home["zpid"])}) for home in several], ""
    listing, why = _target(norm, shown, focused)
    if listing is None:
        return [], why
    if focused is not None and listing is not focused and _AND_THIS.search(norm):
        return [(SAVE_HOME, {"zpid": str(h["zpid"])}) for h in (focused, listing)], ""  # "this and"
    return [(SAVE_HOME, {"zpid": str(listing["zpid"])})], ""


def _remove(
    norm: str,
    shown: Shown,
    focused: Focused,
    prefs: Mapping[str, str],
    near: str | None,
    asked: bool = False,
) -> Planned:
    let_go = bool(_LET_GO.search(norm)) and find_reference(norm) is not None
    whole_list = bool(_THE_LIST_GONE.search(norm)) and find_reference(norm) is None
    if not (asked or _REMOVE.search(norm) or let_go or whole_list):
        return None
    zpids = saved_zpids(prefs)
    if (nth := nth_saved(norm, prefs)) is not None:  # "remove my second favourite"
        return [(REMOVE_SAVED_HOME, {"zpid": nth})], ""
    unsaving = _UNSAVE.search(norm)  # "unsave both": the saved ones, named by the verb
    mentions_saved = re.search(rf"\b{SAVED_WORDS}\b", norm) or unsaving
    every = _REMOVE_ALL.search(norm) or (unsaving and _EVERY.search(norm)) or whole_list
    if mentions_saved and every:
        if not zpids:
            return [], "You have no saved homes to remove."
        return [(REMOVE_SAVED_HOME, {"zpid": z}) for z in zpids], ""
    if not (mentions_saved or _IT.search(norm) or find_reference(norm)):
        return None
    listing, why = _target(norm, shown, focused)
    if listing is None:
        return [], why
    if str(listing["zpid"]) not in zpids and let_go and not (asked or _REMOVE.search(norm)):
        return None  # "forget the first one", not saved: not a removal
    if str(listing["zpid"]) not in zpids:
        return [], "That home isn't in your saved homes, so there is nothing to remove."
    return [(REMOVE_SAVED_HOME, {"zpid": str(listing["zpid"])})], ""


def _compare(
    norm: str,
    shown: Shown,
    focused: Focused,
    prefs: Mapping[str, str],
    near: str | None,
    asked: bool = False,
) -> Planned:
    either = _EITHER.search(positions_said(norm)) and not (
        _SAVE.search(norm) or _REMOVE.search(norm)
    )
    if not (asked or _COMPARE.search(norm) or _WEIGH.search(norm) or either):
        return None
    of_saved = re.search(rf"\b{SAVED_WORDS}\b", norm) is not None
    if not shown and not of_saved and all_positions(positions_said(norm)):
        return [], resolve(Reference(position=1), shown)[1]  # "the 1st or the 2nd?": none shown
    pool = [{"zpid": z} for z in saved_zpids(prefs)] if of_saved else shown
    chosen = picked(positions_said(norm), pool)
    beside = _beside_saved(norm, shown, pool) if of_saved else []
    before = _before_saved(norm, shown, pool) if of_saved else None
    if before is not None:  # "compare #2 with my first favourite", "#2 vs my saved homes"
        chosen = [*before[0], *(before[1] or pool)]
    elif beside:  # "compare my favourites with #2"
        chosen = [*pool, *beside]
    elif of_saved and len(chosen) < 2:  # "stack my favourites up", "compare my two favourites"
        chosen = pool[:MAX_COMPARED]
    named_one = len(chosen) == 1 and str(chosen[0].get("zpid")) != str((focused or {}).get("zpid"))
    if focused is not None and named_one and (_IT.search(norm) or _COMPARE.search(norm)):
        chosen = [focused, *chosen]  # "this one vs #4", "compare with the next one"
    if len(chosen) < 2 and not (asked or _COMPARE.search(norm)):
        return None
    if len(chosen) < 2:
        return [], 'Tell me which homes to compare, e.g. "compare the first two" (2 to 5 homes).'
    args: dict[str, Any] = {"zpids": [str(item["zpid"]) for item in chosen[:MAX_COMPARED]]}
    landmark = parse(norm).criteria.get("near") if _CLOSER.search(norm) else None
    if near or landmark:
        args["near"] = landmark or near
    return [(COMPARE, args)], ""


_BESIDE_SAVED = re.compile(
    rf"\b{SAVED_WORDS}(?: homes| houses| ones| places)?\b.*?"
    r"\b(?:with|to|against|and|vs\.?|versus|beside)\b(?P<other>.*)$"
)
"""The saved homes set beside another ("compare my favourites with #2")."""


def _beside_saved(norm: str, shown: Shown, saved: Shown) -> Shown:
    """The shown homes named after the saved ones ("my saved homes vs number 2"), not saved."""
    beside = _BESIDE_SAVED.search(norm)
    if beside is None:
        return []
    kept = {str(home["zpid"]) for home in saved}
    named = picked(positions_said(beside.group("other")), shown)
    return [home for home in named if str(home["zpid"]) not in kept]


_BEFORE_SAVED = re.compile(
    r"^(?P<other>.*?)\b(?:with|to|against|and|or|vs\.?|versus|beside)\b"
    rf"(?P<saved>.*\b{SAVED_WORDS}\b.*)$"
)
"""A shown home set beside the saved ones, named first ("compare #2 with my favourites")."""


def _before_saved(norm: str, shown: Shown, saved: Shown) -> tuple[Shown, Shown] | None:
    """(the shown homes named before the saved ones, not saved; the saved homes the words name
    by their place in the saved list), or None when no shown home is named first."""
    first = _BEFORE_SAVED.search(norm)
    if first is None:
        return None
    kept = {str(home["zpid"]) for home in saved}
    named = picked(positions_said(first.group("other")), shown)
    named = [home for home in named if str(home["zpid"]) not in kept]
    if not named:
        return None
    return named, picked(positions_said(first.group("saved")), saved)


_BY_INTENT: dict[str, Callable[..., Planned]] = {
    "forget_preference": forget,
    "list_saved_homes": _show,
    "remove_saved_home": _remove,
    "save_home": _save,
}
