"""The current_time skill's planner (docs/protocol.md, "Skill planners"): time and date questions.

Asked before the other planners, so "what time is it?" never reads as anything else.
"""

from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Any
from zoneinfo import available_timezones

PRIORITY = 10
TOOL = "get_current_time"
INTENT = "current_time"
"""Its intent's name in intents.yaml."""
_TIME_QUESTION = re.compile(
    r"\b(w(?:h)?at(?:'s|s| is)? the time|w(?:h)?at time|(?:current|local) (?:\w+ ){0,2}time|time is it|"
    r"time (?:right )?now|which hour|what hour|how late is it|"
    r"what(?:'s| is)? (?:the |today'?s )?date|what day (?:of the week )?is|"
    r"time difference|difference in time|hours? (?:ahead|behind))\b|"
    r"^\W*(?:the )?time (?:in|at)\b",
    re.IGNORECASE,
)
SURE = 0.5
"""A message this near the skill's own intent (intents.yaml, ranked by the platform) asks the
time in words the pattern misses ("tokyo time pls", "is it late in Sydney")."""
PLACED_SURE = 0.3
"""...or this near, nearer than any other skill's intent, when it names a place with a zone."""
_TIME_WORDS = re.compile(
    r"\b(?:time|hour|clock|date|day|weekend|tomorrow|late|early|morning|afternoon|"
    r"evening|night|lunch ?time|bed ?time|dinner ?time|day ?time|night ?time)\b",
    re.IGNORECASE,
)
"""One of them must be said too: a message near the intent without them ("what's the weather
today") is not a time question."""
_CLOCK = re.compile(
    r"\b\d{1,2}(?::\d\d)\b|\b\d{1,2}\s*(?:am|pm|a\.m\.|p\.m\.)|"
    r"\b\d{1,2}\s*(?:o'?clock\s*)?(?:in the (?:morning|afternoon|evening)|at night)\b|"
    r"\b(?:it'?s|it is|at|is) (?:noon|midnight)\b|\b\d{1,2} o'?clock\b(?! (?:here|now)\b)",
    re.IGNORECASE,
)
"""A clock time in the question ("3pm", "8 in the evening", "when it is noon", "9 o'clock
Tokyo time") makes it a conversion, which is not this skill's."""
_PLACE = re.compile(r"\b(?:in|at|for)\s+((?:[A-Z][\w'.-]*)(?:\s+[A-Z][\w'.-]*){0,2})")
ALIASES = {
    "austin": "America/Chicago", "dallas": "America/Chicago", "houston": "America/Chicago",
    "san antonio": "America/Chicago", "san francisco": "America/Los_Angeles",
    "seattle": "America/Los_Angeles", "miami": "America/New_York", "boston": "America/New_York",
    "washington": "America/New_York", "atlanta": "America/New_York", "mumbai": "Asia/Kolkata",
    "delhi": "Asia/Kolkata", "new delhi": "Asia/Kolkata", "bangalore": "Asia/Kolkata",
    "beijing": "Asia/Shanghai", "hong kong": "Asia/Hong_Kong", "la": "America/Los_Angeles",
    "nyc": "America/New_York", "sf": "America/Los_Angeles", "uk": "Europe/London",
    "munich": "Europe/Berlin", "frankfurt": "Europe/Berlin", "hamburg": "Europe/Berlin",
    "barcelona": "Europe/Madrid", "milan": "Europe/Rome", "florence": "Europe/Rome",
    "venice": "Europe/Rome", "manchester": "Europe/London", "edinburgh": "Europe/London",
    "geneva": "Europe/Zurich", "osaka": "Asia/Tokyo", "kyoto": "Asia/Tokyo",
    "shenzhen": "Asia/Shanghai", "abu dhabi": "Asia/Dubai", "tel aviv": "Asia/Jerusalem",
    "ottawa": "America/Toronto", "san diego": "America/Los_Angeles",
    "las vegas": "America/Los_Angeles", "philadelphia": "America/New_York",
    "orlando": "America/New_York", "nashville": "America/Chicago",
    "new orleans": "America/Chicago", "salt lake city": "America/Denver",
}  # fmt: skip
"""Places people name that are not in a time zone's name."""
ZONE_WORDS = {
    "eastern": "America/New_York", "pacific": "America/Los_Angeles",
    "central time": "America/Chicago", "mountain time": "America/Denver",
    "est": "America/New_York", "edt": "America/New_York", "cst": "America/Chicago",
    "cdt": "America/Chicago", "mst": "America/Denver", "mdt": "America/Denver",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "utc": "UTC", "gmt": "GMT",
    "east coast": "America/New_York", "west coast": "America/Los_Angeles",
}  # fmt: skip
"""Zones people name by their common name or letters ("eastern", "PST", "UTC", "the east
coast"), before the zone names' last parts (Canada/Eastern, US/Pacific are old aliases nobody
means); "central" and "mountain" only with "time" or as a time question's last word
(`_LAST_ZONE`), since they are common words."""
_LAST_ZONE = re.compile(r"\b(central|mountain)\W*$", re.IGNORECASE)
"""'current time central', 'what time is it in mountain': the zone said last, "time" left out."""


_REGIONS = {"Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian"}
_REGIONS |= {"Pacific"}
"""The IANA areas whose zones are places: Canada/Mountain, US/Central, Brazil/West and the like
are old aliases whose last part is a common word, as are Australia/South and the like."""
_COMPASS = {"North", "South", "East", "West"}

REGIONS_WITH_ONE_ZONE = {
    "california": "America/Los_Angeles", "oregon": "America/Los_Angeles",
    "nevada": "America/Los_Angeles",
    "arizona": "America/Phoenix", "colorado": "America/Denver", "utah": "America/Denver",
    "texas": "America/Chicago", "illinois": "America/Chicago", "minnesota": "America/Chicago",
    "florida": "America/New_York", "massachusetts": "America/New_York",
    "hawaii": "Pacific/Honolulu",
    "england": "Europe/London", "scotland": "Europe/London", "ireland": "Europe/Dublin",
    "france": "Europe/Paris", "germany": "Europe/Berlin", "spain": "Europe/Madrid",
    "italy": "Europe/Rome", "portugal": "Europe/Lisbon", "netherlands": "Europe/Amsterdam",
    "holland": "Europe/Amsterdam", "belgium": "Europe/Brussels", "switzerland": "Europe/Zurich",
    "austria": "Europe/Vienna", "poland": "Europe/Warsaw", "sweden": "Europe/Stockholm",
    "norway": "Europe/Oslo", "denmark": "Europe/Copenhagen", "finland": "Europe/Helsinki",
    "greece": "Europe/Athens", "turkey": "Europe/Istanbul", "israel": "Asia/Jerusalem",
    "egypt": "Africa/Cairo", "south africa": "Africa/Johannesburg", "cape town":
    "Africa/Johannesburg", "nigeria": "Africa/Lagos", "kenya": "Africa/Nairobi",
    "india": "Asia/Kolkata", "china": "Asia/Shanghai", "japan": "Asia/Tokyo",
    "south korea": "Asia/Seoul", "taiwan": "Asia/Taipei",
    "philippines": "Asia/Manila", "thailand": "Asia/Bangkok", "vietnam": "Asia/Ho_Chi_Minh",
    "uae": "Asia/Dubai", "new zealand": "Pacific/Auckland", "argentina":
    "America/Argentina/Buenos_Aires", "colombia": "America/Bogota", "peru": "America/Lima",
}  # fmt: skip
"""Countries and states people name that keep one time zone (not the US, Canada, Australia
or Russia, which span several)."""


@lru_cache(maxsize=1)
def _zones_by_city() -> dict[str, str]:
    """ "tokyo" -> "Asia/Tokyo", "new york" -> "America/New_York" (the IANA names' last part)."""
    found: dict[str, str] = ALIASES | ZONE_WORDS | REGIONS_WITH_ONE_ZONE
    for zone in sorted(available_timezones()):
        if zone.split("/", 1)[0] in _REGIONS and zone.rsplit("/", 1)[1] not in _COMPASS:
            found.setdefault(zone.rsplit("/", 1)[1].replace("_", " ").lower(), zone)
    return found


def _zones_named(text: str) -> list[str]:
    """The zones of the places the message names, in order; a misspelt place after "in" is
    read as the nearest known one ("pairs" -> Paris)."""
    lowered = text.lower()
    found: list[tuple[int, int, str]] = []
    for city, zone in _zones_by_city().items():
        if len(city) > 2 or city in ("la", "sf", "uk"):
            matches = re.finditer(rf"\b{re.escape(city)}\b", lowered)
            found += [(m.start(), m.end(), zone) for m in matches]
    if not found:
        found = [hit for m in re.finditer(_SAID_PLACE, lowered) if (hit := _nearest_place(m))]
    return list(dict.fromkeys(_outermost(found)))


_SAID_PLACE = re.compile(r"\b(?:in|at)\s+([a-z]+(?:\s+[a-z]+){0,2})")
"""Up to three words after "in" or "at": a place, perhaps of several words."""


def _nearest_place(said: re.Match[str]) -> tuple[int, int, str] | None:
    """The known place the words after "in" are a slip of, the most words first ("los angelos",
    "new yrok", "salt lake cty"): (start, end, zone); None when none is near enough."""
    words = said.group(1).split()
    for n in range(len(words), 0, -1):
        place = " ".join(words[:n])
        if len(place.replace(" ", "")) < 4:
            continue
        close = difflib.get_close_matches(place, list(_zones_by_city()), 1, 0.8)
        if close:
            return said.start(), said.start(1) + len(place), _zones_by_city()[close[0]]
    return None


def _outermost(found: list[tuple[int, int, str]]) -> list[str]:
    """The zones of the matches (start, end, zone) in order, leaving out a match inside an
    earlier or longer one ("korea" in "south korea")."""
    kept, reached = [], 0
    for start, end, zone in sorted(found, key=lambda m: (m[0], -m[1])):
        if start >= reached:
            kept.append(zone)
            reached = end
    return kept


_TYPOS = re.compile(r"\b(?:tiem|tmie|itme)\b", re.IGNORECASE)
""""time" misspelt, read as "time"."""


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """A call for a time question: in the zone of each place it names ("in Tokyo"), else in
    the user's timezone. None for other messages, for a
    clock time to convert and for a place it cannot place (the model decides)."""
    text = _TYPOS.sub("time", str(turn.get("text", "")))
    text = _LAST_ZONE.sub(r"\1 time", text)
    if TOOL not in (turn.get("tools") or []) or not _asks_time(turn, text):
        return None
    if _CLOCK.search(text):
        return None
    zones = _zones_named(text)
    if not zones and _PLACE.search(text):
        return None
    own = str(turn.get("timezone") or "UTC")
    calls = [{"name": TOOL, "args": {"timezone": zone}} for zone in zones or [own]]
    return {"calls": calls}


def _asks_time(turn: dict[str, Any], text: str) -> bool:
    """A time question by its words, or by the nearest intent with a word of time in it."""
    if _TIME_QUESTION.search(text):
        return True
    intents = [i for i in turn.get("intents") or [] if isinstance(i, dict)]
    near = max((float(i.get("score", 0)) for i in intents if i.get("name") == INTENT), default=0.0)
    elsewhere = float(turn.get("intent_elsewhere") or 0)
    if not _TIME_WORDS.search(text):
        return False
    placed = bool(_zones_named(text))  # "clock check for denver": a place's time, said tersely
    return near >= max(SURE, elsewhere) or (placed and near >= max(PLACED_SURE, elsewhere))


def answer(turn: dict[str, Any]) -> str | None:
    """`It's <time>.` for each successful time result; None when there is none."""
    said = [
        f"It's {outcome['result'].get('human')}."
        for outcome in turn.get("outcomes") or []
        if outcome.get("ok")
        and isinstance(outcome.get("result"), dict)
        and outcome["result"].get("type") == "time"
    ]
    return "\n\n".join(said) or None
