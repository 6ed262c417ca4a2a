"""Saved searches, watches and tour requests in the user's words.

"tell me when a 3-bed house in 78704 under 500k comes up" / "watch this search" / "notify me
about new listings like these" -> save_search (the message's criteria, else the last search's);
"let me know if the second one drops in price" -> watch_home price; "tell me if it sells" /
"goes pending" -> status; "keep an eye on the first one" -> any; "stop watching it" /
"delete my saved search" -> forget_search_criteria (WATCH / SEARCH); "I'd like to see the
second one on Saturday morning" / "can I tour it tomorrow at 2pm" -> request_tour
(tour_request.py). The graph asks to confirm each; a guest is told
to sign in (the role binds none of these tools).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from real_estate.domain import (
    FORGET_CRITERIA,
    SAVE_SEARCH,
    SEARCH,
    SEARCH_PREFIX,
    WATCH_HOME,
    WATCH_PREFIX,
)

from .filled import fill_from_preferences
from .money import money_in
from .parse import normalize, parse
from .refs import COMPARATIVES, all_positions, find_reference, resolve
from .saved import SAVED_LIST, asks_to_save
from .saved_named import saved_zpids
from .tour_request import TIMES, TOUR, tour_requests, tours_of_positions
from .watch_words import (
    CHANGE,
    LIST,
    NEGATED,
    NEW_HOMES,
    PRICE,
    STATUS,
    STOP,
    asks_now,
    search_name,
)
from .wording import DATA_CITIES, criteria_phrase

Call = tuple[str, dict[str, Any]]
Planned = tuple[list[Call], str] | None
NOT_SAVED = ("sort", "limit", "page")
MOST_WATCHED = 5
"""Saved homes watched in one request at most ("watch my saved homes")."""

_NOTIFY = re.compile(
    r"\b(?:(?:tell|let)\s+(?:me|us)|lemme)\s+(?:know\s+)?(?:about\s+(?:any|new)\b|when|if|whenever|"
    r"once|as soon as|the (?:moment|minute|instant))\b|"
    r"\b(?:notify|alert|ping|email|text|inform|message|warn)\s+(?:me|us)\b(?!\s+(?:at|on)\s+\S*[@\d])|"
    r"\bsend (?:me|us) (?:a )?(?:message|email|note|text)\b|\bsend (?:me|us) (?:when|whenever|once|if)\b|\bkeep (?:me|us) (?:posted|updated|informed|in the loop)\b|"
    r"\b(?:want|like|need) to (?:know|hear) (?:when|if|whenever|as soon as)\b"
    r"(?!.*\b(?:was|were|did|had|built)\b)|"
    r"\b(?:want|like) to (?:hear|know) about it\b|\bkeep an eye on\b|\bwatch\b|\bfollow\b|"
    r"\b(?:keep )?watching (?:it|this|that|the|#?\d|number)\b|"
    r"\b(?:sav(?:e)?|bookmark|store) (?:(?:this|the|that|my|a) )?se?a?rch\b|\bkeep (?:this |the )?search\b|"
    r"\b(?:save|keep|store) (?:it|this|that|these|those)(?: ones?)? as (?:a |my |our )?(?:saved )?search\b|"
    r"\b(?:save|keep) (?:these|this|the|my) (?:search )?(?:settings|filters|criteria)\b|"
    r"\bsearch alerts?\b|(?<!\blose )(?<!\blosing )(?<!\blost )\btrack\b|\bgive (?:me|us) a (?:shout|heads[- ]up|call|ring|buzz)\b|"
    r"\bhit (?:me|us) up\b|\bdrop (?:me|us) a line\b|\bkeep an eye out\b|"
    r"\bkeep (?:looking|searching|hunting)\b.*\bfor (?:me|us)\b|\bkeep tabs on\b|"
    r"\bmonitor (?:it|this|that|the|these|those|my|#?\d|number)\b|"
    r"\b(?:matches|listings)\b.*\b(?:every (?:day|week|morning)|each (?:day|week)|daily|weekly)\b|"
    r"\bsubscribe\b|\b(?:set(?: up)?|put|create|add|want|like) (?:an? )?(?:\w+ )?(?:alerts?|notifications?)\b|"
    r"\ban alert for\b|\b(?:price |status )?alerts? (?:on|for) (?:it|this|that|the|#|number|\d)|"
    r"\b(?:want|like|get|send (?:me|us)|receive|daily|weekly) (?:\w+ )?updates?\b|\b(?:get|be) notified\b|\bflag\b.*\bfor (?:price|any|changes)\b|"
    r"\breceive\b.*\b(?:new|e-?mails?|inbox|notifications?)\b|"
    r"\b(?:get|send|sent|receive)\b.*\b(?:by|per|via|through|in|to|on) (?:my |our |an? )?(?:e-?mail|inbox)\b"
)
"""...and a learner's "receive new houses of this search by email": new homes sent, a watch."""
_IT = re.compile(r"\b(?:it|this(?: one| home| house| place)?|that(?: one)?)\b")
_COUNT_TO = re.compile(
    r"\b(bed|bath)(?:room)?s?\b(?:\s+[a-z]+){0,4}?\s+to\s+(\d{1,2})\b(?![\d,.%k])"
)
"""A count changed by naming it first: "the bedrooms on my saved search to 2"."""
_RUN_SAVED = re.compile(
    r"\b(?:show|run|see|find|list|give)\b.*\b(?:match(?:es|ing)?|from|for|in|of) my saved search\b|"
    r"\b(?:run|rerun|re-run|redo|repeat|load|open)(?: up)? (?:my|our|the) saved search\b|"
    r"\b(?:anything|any(?: new)? (?:homes|houses|listings|matches|results)|what'?s new|whats new|"
    r"new (?:homes|houses|listings|matches))\b.*\b(?:on|for|in|from|with|of) (?:my|our|the) saved "
    r"search\b|\bcheck (?:on |in on )?(?:my|our|the) saved search\b"
)
_RUN_CHANGED = re.compile(
    r"\bsaved search\W+(?:but|with|except|only|minus|plus|and|in|for(?! (?:me|us)\b))\b"
)
"""The saved search run with a change said after it ("... but in pflugerville"): a search."""
_REMEMBERED = re.compile(
    r"\bwhat you (?:remember|know)\b|\bwhat (?:i|we)(?: have|'ve)? (?:told|gave|given|said to|"
    r"mentioned to) (?:you|u)\b|\b(?:my|our) (?:saved |usual |normal |default )?"
    r"(?:preferences|prefs|criteria|settings)\b"
)


def plan_watch(
    text: str,
    shown: list[dict[str, Any]],
    focused: dict[str, Any] | None,
    last_criteria: Mapping[str, Any] | None,
    preferences: Mapping[str, str],
    timezone: str = "UTC",
    intent: str | None = None,
) -> Planned:
    """(tool calls, note) for a watch, saved-search, stop or tour request; None otherwise.
    `intent` is the wish the message is surely nearest to (intents.yaml), if any."""
    norm = normalize(text)
    if (asked := _saved_search_asked(text, norm, preferences)) is not None:
        return asked
    asks_kept = LIST.search(norm)  # "which houses am I tracking": a question, near a stop
    asks_of_it = _ASKS.search(norm)  # "what's going on with the house I'm watching": no stop
    stop = STOP.search(norm) or (  # "keep the new one in my favourites": a save, near a stop
        intent in _STOPS
        and not (_asks_to_watch(norm) or asks_kept or asks_of_it or asks_to_save(norm))
        and not _searches_elsewhere(norm)  # "shift the search over to kyle"
    )
    listing = intent == "list_saved_searches" and not (  # words first
        _NOTIFY.search(norm) or _REMEMBERED.search(norm)  # "search with my preferences"
    )
    listing = listing and (find_reference(norm) is None or bool(_QUESTION.match(norm)))
    if (asks_kept or listing) and not stop:
        return [], listed(preferences, [*shown, *([focused] if focused else [])])
    if stop:
        return _stop(norm, shown, focused, preferences, intent == "stop_saved_search")
    pointed = find_reference(norm) or _IT.search(norm) or focused
    saved = saved_zpids(preferences) if SAVED_LIST.search(norm) else []
    if (tour := _tour(text, norm, shown, focused, saved, timezone, intent)) is not None:
        return tour
    if asks_now(norm):
        return None
    future = re.search(  # not "since when is it for sale" nor "when was it sold": their past
        r"(?<!since )\b(?:if|when(?! (?:was|were|did|had)\b)|whenever|once|as soon as|in case|"
        r"the (?:moment|minute|instant))\b",
        norm,
    )
    changes = future and (PRICE.search(norm) or STATUS.search(norm)) and pointed
    if not (
        _NOTIFY.search(norm) or changes or (future and intent in ("watch_home", "save_search"))
    ):
        return None
    if saved and not find_reference(norm):  # "tell me if any of my saved homes get cheaper"
        return [
            (WATCH_HOME, {"zpid": z, "watch": _watched(norm)}) for z in saved[:MOST_WATCHED]
        ], ""
    if _points_at_home(norm, focused, intent):
        return _watch_homes(norm, shown, focused)
    return _save_search(text, last_criteria)


def _tour(
    text: str,
    norm: str,
    shown: list[dict[str, Any]],
    focused: dict[str, Any] | None,
    saved: list[str],
    timezone: str,
    intent: str | None,
) -> Planned:
    """(tool calls, note) for a visit of a home (`saved`: the saved homes the message names);
    None when the message asks for none."""
    shows_home = re.search(r"\bshow\b", norm) and find_reference(norm)  # "show me #3 on friday"
    seen = re.search(r"\b(?:see|book|view|check out)\b", norm) or shows_home
    touring = TOUR.search(norm) or (TIMES.search(norm) and seen)
    pointed = find_reference(norm) or _IT.search(norm) or focused
    watch_words = _NOTIFY.search(norm) and not TIMES.search(norm)  # a day said is a visit
    looks = re.search(r"\b(?:see|look at)\b", norm)
    only_looks = looks and not (touring or TIMES.search(norm))  # "I want see #4": its details
    asks_a_fact = _ASKS_A_FACT.search(norm) and not touring  # "what's the address of #3"
    by_intent = intent == "request_tour" and not (
        watch_words or only_looks or asks_to_save(norm) or asks_a_fact
    )
    if not (by_intent or (touring and (pointed or saved))):
        return None
    if saved and not find_reference(norm):  # "visit both of my saved homes on saturday"
        return tour_requests(text, norm, saved, timezone)
    if several := tours_of_positions(text, norm, shown, timezone):
        return several  # "visit 2 and 4 on sunday"
    listing, why = _target(norm, shown, focused)
    if listing is None:
        return [], why
    return tour_requests(text, norm, [str(listing["zpid"])], timezone)


_STOPS = ("stop_watching", "stop_saved_search")
_ASKS_A_FACT = re.compile(
    r"^\W*(?:what(?:'s| is| are)?(?! time| day)|whats|where|which|how (?:many|much|big|old|far))\b"
)
"""A question of a home's facts, which the nearness of a visit alone does not make one."""
_QUESTION = re.compile(
    r"^\W*(?:is|are|am|do|does|did|has|have|what|which|how|when|where|why|who)\b"
)
"""A question: one naming a home by its position may still ask what is watched ("is number 2
the one you're watching?"); a wish naming one ("open number 1") is about that home."""
_ASKS = re.compile(r"^\W*(?:what|what'?s|whats|how|when|where|why|who|has|does|did)\b")
"""A question, which the nearness of a stop alone does not make one."""


def _saved_search_asked(text: str, norm: str, preferences: Mapping[str, str]) -> Planned:
    """The saved search changed, run again, or saved from what is remembered; else None."""
    if (change := CHANGE.search(norm)) and (
        change.group("whose") == "saved" or _saved_criteria(preferences) is not None
    ):
        return _change_search(text, preferences)
    run_as_saved = _RUN_SAVED.search(norm) and not _RUN_CHANGED.search(norm)
    if run_as_saved and (saved := _saved_criteria(preferences)):
        return [(SEARCH, saved)], ""  # "show me everything that matches my saved search"
    if _REMEMBERED.search(norm) and re.search(r"\bsave\b|\bwatch\b|\balert\b|\bnotify\b", norm):
        return _save_search("", _remembered(preferences))
    if _REMEMBERED.search(norm) and _SEARCHED.search(norm):  # "search with my preferences"
        criteria, note = fill_from_preferences({}, preferences)
        return ([(SEARCH, criteria)], note) if criteria else None
    return None


_MOVED_TO = re.compile(
    r"\b(?:shift|move|switch|change|take|point|swap)\b.*\b(?:to|into|towards?)\b"
)


def _searches_elsewhere(norm: str) -> bool:
    """ "shift the search over to kyle": the search moved to a place, whatever stopping its
    words are near (a stop says so in its own words: "remove my saved search for kyle")."""
    return bool(_MOVED_TO.search(norm)) and "location" in parse(norm).criteria


_SEARCHED = re.compile(
    r"\b(?:search(?:es|ing)? (?:with|on|by|using|for)|look(?:ing)? (?:for|around|up)|find|run|"
    r"hunt|browse|(?:show|give|get) (?:me |us )?(?:some |the )?(?:homes|houses|places|listings))\b"
)
"""A search asked for with what is remembered ("find homes on my usual criteria")."""


def _asks_to_watch(norm: str) -> bool:
    """ "watch it", "I'd like updates on the 3rd": words that ask to watch, and say nothing
    that turns the wish around, are no stop whatever stopping they are near."""
    return bool(_NOTIFY.search(norm)) and not NEGATED.search(norm)


def _watch_homes(norm: str, shown: list[dict[str, Any]], focused: dict[str, Any] | None) -> Planned:
    """A watch of each home the words name ("watch 4 and 6", "tell me if the 2nd or the 3rd
    gets cheaper"), else of the one they point at."""
    watched = _watched(norm)
    several = [shown[p - 1] for p in all_positions(norm, len(shown)) if 1 <= p <= len(shown)]
    if len(several) > 1:
        return [(WATCH_HOME, {"zpid": str(home["zpid"]), "watch": watched}) for home in several], ""
    listing, why = _target(norm, shown, focused)
    if listing is None:
        return [], why
    return [(WATCH_HOME, {"zpid": str(listing["zpid"]), "watch": watched})], ""


def asks_watch_or_tour(text: str) -> bool:
    """The message asks to watch a home or to tour one."""
    norm = normalize(text)
    return bool(_NOTIFY.search(norm) or TOUR.search(norm))


_ONE_COMPARED = re.compile(rf"\bthe (?:{'|'.join(COMPARATIVES)}) (?:one|home|house|place)\b")


def _points_at_home(norm: str, focused: dict[str, Any] | None, intent: str | None) -> bool:
    """A watch of one home ("the second one", "it"), not of a search for new ones."""
    if intent == "watch_home" or find_reference(norm) is not None:
        return True
    if NEW_HOMES.search(norm):
        return False
    if _IT.search(norm) is not None or _ONE_COMPARED.search(norm) is not None:
        return True  # "watch the bigger one" with none named: asked back which
    changes = PRICE.search(norm) or STATUS.search(norm)
    return intent != "save_search" and bool(focused is not None and changes)


def _watched(norm: str) -> str:
    price, status = PRICE.search(norm), STATUS.search(norm)
    if (price and status) or re.search(r"\bany (?:change|update)", norm):
        return "any"
    return "price" if price else "status" if status else "any"


def _remembered(preferences: Mapping[str, str]) -> dict[str, Any]:
    """The criteria the user's remembered preferences make ("save a search with what you
    remember about me")."""
    criteria: dict[str, Any] = {}
    if location := preferences.get("location"):
        criteria["location"] = location
    if kind := preferences.get("property_type"):
        criteria["property_type"] = kind.split(",")[0].strip()
    for key, name in (("budget_max", "price_max"), ("budget_min", "price_min")):
        if amount := money_in(preferences.get(key, "")):
            criteria[name] = amount
    if beds := preferences.get("beds_min", "").strip():
        criteria["beds_min"] = int(beds) if beds.isdigit() else beds
    return criteria


def _saved_criteria(preferences: Mapping[str, str]) -> dict[str, Any] | None:
    """The criteria of the user's one saved search, None when there is not exactly one."""
    searches = [k for k in preferences if k.startswith(SEARCH_PREFIX)]
    if len(searches) != 1:
        return None
    try:
        saved = json.loads(preferences[searches[0]])
    except ValueError:
        return None
    return saved if isinstance(saved, dict) else None


_PLACE = rf"(?:in\s+)?(?:\d{{5}}|{'|'.join(DATA_CITIES)})\b"
_LEFT_BEHIND = re.compile(
    rf"\b(?:not|instead of|rather than|in place of|no longer)\s+{_PLACE}|"
    rf"\bfrom\s+{_PLACE}(?=\s+(?:to|into)\b)"
)
"""A place the change leaves behind ("should be in manor not 78745", "to Pflugerville instead
of 78745", "from 78745 to del valle"): not the saved search's new place."""


def _change_search(text: str, preferences: Mapping[str, str]) -> Planned:
    """ "change my saved search to 4 bedrooms": the saved search with what the message says."""
    searches = [k for k in preferences if k.startswith(SEARCH_PREFIX)]
    if len(searches) != 1:
        return [], "Which saved search should I change? " + (
            f"You have {', '.join(searches)}." if searches else "You have none yet."
        )
    try:
        saved = json.loads(preferences[searches[0]])
    except ValueError:
        return [], "I couldn't read that saved search; say what it should look for."
    name, text = search_name(text)  # "rename it to south side": no place
    said = _LEFT_BEHIND.sub(" ", normalize(text))  # "in manor not 78745": manor
    changed = {k: v for k, v in parse(said).criteria.items() if k not in NOT_SAVED}
    for counted, count in _COUNT_TO.findall(normalize(text)):
        changed.setdefault(f"{counted}s_min", int(count))
    return [(SAVE_SEARCH, _named({"criteria": {**saved, **changed}}, name))], ""


def _named(args: dict[str, Any], name: str) -> dict[str, Any]:
    """save_search's arguments with the name the person gave the search, if any."""
    return {**args, "name": name} if name else args


def _target(norm: str, shown: list[dict[str, Any]], focused: dict[str, Any] | None) -> Any:
    ref = find_reference(norm)
    if ref is not None:
        return resolve(ref, shown)
    if focused is not None:
        return focused, ""
    if len(shown) == 1:
        return shown[0], ""
    return None, 'Which one? Say "the second one" or open a home\'s details first.'


def _save_search(text: str, last_criteria: Mapping[str, Any] | None) -> Planned:
    """A saved search for what the message names, on top of the last search unless it names a
    place of its own; refused when it would match anything."""
    name, text = search_name(text)
    said = {k: v for k, v in parse(text).criteria.items() if k not in NOT_SAVED}
    last = {k: v for k, v in (last_criteria or {}).items() if k not in NOT_SAVED}
    criteria = said if "location" in said or "near" in said else {**last, **said}
    if set(criteria) <= {"property_type"}:
        return [], (
            'Which homes should I watch for? Search first and say "watch this search", or say '
            'e.g. "tell me when a 3-bed house in 78704 under $500k comes up".'
        )
    return [(SAVE_SEARCH, _named({"criteria": criteria}, name))], ""


_A_SEARCH = (
    r"\bsearch(?:es)?\b|\bmatch(?:es)?\b|"
    r"\bnew (?:listings?|homes?|houses?|ones|condos?|townhouses?|places|properties)\b"
)
"""A stop of a saved search, not of a watch; a stop naming neither stops the one kind kept."""
_A_WATCH = r"\bwatch(?:es)?\b|\bprice (?:alerts?|watch(?:es)?|drop alerts?)\b"
"""A watch named beside a search ("cancel the search and the price watch"): both stopped."""
_EVERY_ALERT = re.compile(
    r"\b(?:all|every|each)(?: (?:of )?(?:my|our|the|these|those))? (?:alerts?|notifications?|"
    r"emails?)\b|\b(?:stop|cancel|end|kill|delete|remove|(?:turn|switch) off|"
    r"unsubscribe(?: (?:me|us))? from)\s+(?:it\s+)?(?:all|everything|both(?: of them)?)\W*$"
)
"""Every alert stopped ("kill all alerts", "all of my notifications"): each search and watch."""
_EMAILS = re.compile(r"\be-?mail\w*|\binbox\b")
"""The emails of new listings: a stop of them that names no home stops the saved search."""
_A_HOME = re.compile(
    r"\b(?:\w*watch\w*|\w*track\w*|monitor\w*|tabs|eye|it|(?:this|that|the) one|"
    r"(?:this|that|the) (?:house|home|place|listing|property|condo|townhouse))\b"
)
"""A stop about a watched home: "stop watching", "the one I'm tracking", "that house"."""


_KEPT = re.compile(
    r"(?<!n't )(?<!nt )(?<!not )(?<!stop )\b(?:keep|leave|hold on to|carry on with|continue)\b"
    r"(?! (?:me|us) (?:posted|updated|informed))[^,;.]*?(?=\s*(?:[,;.]|\bbut\b|\band\b|$))"
)
"""What the message keeps beside the stop ("keep the saved search but no more price alerts",
"stop the emails but keep watching that house"): not stopped."""


def _stop(
    norm: str,
    shown: list[dict[str, Any]],
    focused: dict[str, Any] | None,
    preferences: Mapping[str, str],
    a_search: bool = False,
) -> Planned:
    norm = _KEPT.sub(" ", norm)
    watches = [k for k in preferences if k.startswith(WATCH_PREFIX)]
    searches = [k for k in preferences if k.startswith(SEARCH_PREFIX)]
    home = find_reference(norm) or _A_HOME.search(norm) or PRICE.search(norm) or STATUS.search(norm)
    emails = _EMAILS.search(norm) and not home  # "stop emailing me": the new listings
    area = re.search(r"\b78\d{3}\b", norm) and not home  # "stop the 78745 alert"
    only_searches = searches and (not watches or emails or area) and find_reference(norm) is None
    if (re.search(_A_SEARCH, norm) and re.search(_A_WATCH, norm)) or _EVERY_ALERT.search(norm):
        kept = [("SEARCH", k) for k in searches] + [("WATCH", k) for k in watches]
        return [(FORGET_CRITERIA, {"entry_type": kind, "key": k}) for kind, k in kept], ""
    names_a_watch = re.search(_A_WATCH, norm) or PRICE.search(norm)  # "the price watch"
    if (a_search and not names_a_watch) or only_searches or re.search(_A_SEARCH, norm):
        if not searches:
            return [], "You have no saved searches, so there is nothing to stop."
        if len(searches) > 1 and not re.search(r"\ball\b|\bevery\b", norm):
            return [], "Which saved search? You have " + ", ".join(searches) + "."
        return [(FORGET_CRITERIA, {"entry_type": "SEARCH", "key": k}) for k in searches], ""
    if re.search(r"\ball\b|\bevery\b", norm):
        keys = watches
    elif len(watches) == 1 and (find_reference(norm) is None or not (shown or focused)):
        keys = watches  # "stop watching it", "the 2nd one" with none shown: the one watched
    else:
        listing, why = _target(norm, shown, focused)
        if listing is None:
            return [], why
        keys = [k for k in watches if k == f"{WATCH_PREFIX}{listing['zpid']}"]
    if not keys:
        return [], "You are not watching that home, so there is nothing to stop."
    return [(FORGET_CRITERIA, {"entry_type": "WATCH", "key": k}) for k in keys], ""


def listed(preferences: Mapping[str, str], shown: list[dict[str, Any]]) -> str:
    """The user's saved searches and watches in words (no tool: they are remembered entries);
    a watched home by its address when it was shown in this conversation."""
    addresses = {str(home.get("zpid")): home.get("address") for home in shown}
    lines = []
    for key, value in preferences.items():
        if key.startswith(SEARCH_PREFIX):
            try:
                criteria = json.loads(value)
            except ValueError:
                continue
            lines.append(f"- saved search: {criteria_phrase(criteria, 2)}")
        elif key.startswith(WATCH_PREFIX):
            what = {"price": "its price", "status": "its status"}.get(value, "any change")
            home = addresses.get(key.removeprefix(WATCH_PREFIX))
            lines.append(f"- watching {home}: {what}" if home else f"- a watched home: {what}")
    if not lines:
        return 'You have no saved searches or watches yet. Say "watch this search" after a search.'
    return "Your saved searches and watches:\n" + "\n".join(lines)
