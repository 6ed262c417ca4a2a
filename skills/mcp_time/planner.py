"""Offline planner of the mcp_time skill (contract C2): time conversions between places.

"Convert 3pm New York time to Tokyo", "what is 9:30 in London in Sydney time?". Questions
without a clock time ("what time is it in Tokyo?") are left to the current_time skill.
Places are matched against the IANA zone names (Tokyo -> Asia/Tokyo), so no city list is kept.
"""

from __future__ import annotations

import re
from datetime import datetime
from functools import cache
from typing import Any
from zoneinfo import available_timezones

PRIORITY = 20  # before the home-search planner, which would read "New York" as a place to search
TOOL = "mcp_time_convert_time"

_REGIONS = {"Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe", "Indian"}
_REGIONS |= {"Pacific"}
"""Not US/Central & co: "central" is a common word."""
_COMPASS = {"North", "South", "East", "West"}
"""Australia/South and the like: old aliases whose name is a common word."""
_CLOCK = re.compile(r"\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?=\W|$)")
_CONVERT = re.compile(
    r"\bconvert\b|\bin [a-z ]+ time\b|\bto [a-z ]+ time\b|\b(?:when|if) it(?:'?s| is)\b|"
    r"\bis what(?: time)?\b|\bwhat time (?:is (?:it|that) )?in\b|\bwhat(?: time)?(?: is|'s|s) \d|"
    r"\d\s*(?:am|pm) [a-z ]+ time\b|\bwhat(?: is|'s|s) that (?:in|for)\b"
)
_MINE = r"(?:for me|here|my time|my local time|local time|where i am|on my (?:end|side))\b"
_TO_MINE = re.compile(rf"\b{_MINE}")
_CLOCK_MINE = re.compile(rf"\d\s*(?:am|pm|a\.m\.|p\.m\.)?\s+{_MINE}")
"""'3pm tokyo time for me', 'what is 9am london time here': one place's clock asked in the
user's own zone; but '6pm here', '8am my time' say the clock is the user's own."""
ALIASES = {
    "austin": "America/Chicago", "dallas": "America/Chicago", "houston": "America/Chicago",
    "san francisco": "America/Los_Angeles", "seattle": "America/Los_Angeles",
    "boston": "America/New_York", "miami": "America/New_York", "mumbai": "Asia/Kolkata",
    "delhi": "Asia/Kolkata", "beijing": "Asia/Shanghai",
    "munich": "Europe/Berlin", "frankfurt": "Europe/Berlin", "hamburg": "Europe/Berlin",
    "barcelona": "Europe/Madrid", "milan": "Europe/Rome", "florence": "Europe/Rome",
    "venice": "Europe/Rome", "manchester": "Europe/London", "edinburgh": "Europe/London",
    "geneva": "Europe/Zurich", "osaka": "Asia/Tokyo", "kyoto": "Asia/Tokyo",
    "shenzhen": "Asia/Shanghai", "abu dhabi": "Asia/Dubai", "tel aviv": "Asia/Jerusalem",
    "ottawa": "America/Toronto", "san diego": "America/Los_Angeles",
    "las vegas": "America/Los_Angeles", "philadelphia": "America/New_York",
    "orlando": "America/New_York", "nashville": "America/Chicago",
    "new orleans": "America/Chicago", "salt lake city": "America/Denver",
    "eastern": "America/New_York", "pacific": "America/Los_Angeles",
    "central time": "America/Chicago", "mountain time": "America/Denver",
    "est": "America/New_York", "edt": "America/New_York", "cst": "America/Chicago",
    "cdt": "America/Chicago", "mst": "America/Denver", "mdt": "America/Denver",
    "pst": "America/Los_Angeles", "pdt": "America/Los_Angeles", "utc": "UTC", "gmt": "GMT",
    "east coast": "America/New_York", "west coast": "America/Los_Angeles",
    "bst": "Europe/London", "cet": "Europe/Paris", "cest": "Europe/Paris",
    "ist": "Asia/Kolkata", "jst": "Asia/Tokyo", "aest": "Australia/Sydney",
}  # fmt: skip
"""Places people name that are not in a time zone's name, and zones named by their common
name or letters ("10am pacific", "PST", "4pm BST"); "central" and "mountain" only with "time"
or as the message's last word ("10 am eastern is what in central")."""
_SHORT_ZONES = {
    "central": "America/Chicago", "mountain": "America/Denver", "pt": "America/Los_Angeles",
    "mt": "America/Denver", "ct": "America/Chicago", "et": "America/New_York",
}  # fmt: skip
"""Zones said by a common word or two letters, read only right after a clock time ("8pm
central", "8am PT") or as the message's last word ("... in central", "in ET")."""
_SHORT = "|".join(_SHORT_ZONES)
_LAST_ZONE = re.compile(rf"(?:\b(?:in|to)|\d|\d\s*[ap]m)\s+({_SHORT})\W*$|\b(central|mountain)\W*$")
_ZONE_AFTER_CLOCK = re.compile(rf"\d\s*(?:[ap]m)?\s+({_SHORT})\b")
_FROM = re.compile(r"\bfrom\W*$")
"""The place a conversion names after "from" is its source ("convert 2pm from Sydney to ...")."""
_PART_OF_DAY = re.compile(
    r"\b(\d{1,2}(?::\d{2})?)\s*(?:o'?clock\s*)?"
    r"(?:in the (morning)|in the (?:afternoon|evening)|at night|tonight)\b"
)
_NOON = re.compile(r"\b(noon|midday|midnight)\b")

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


@cache
def _zones() -> dict[str, str]:
    """'tokyo' -> 'Asia/Tokyo', 'new york' -> 'America/New_York' (city part of each zone)."""
    zones: dict[str, str] = ALIASES | REGIONS_WITH_ONE_ZONE
    for name in sorted(available_timezones()):
        if name.split("/", 1)[0] in _REGIONS and name.rsplit("/", 1)[1] not in _COMPASS:
            zones.setdefault(name.rsplit("/", 1)[1].replace("_", " ").lower(), name)
    return zones


Place = tuple[int, int, str]
"""A place named: where its words start and end in the text, and its zone."""


def _places(text: str) -> list[Place]:
    """The places named in the text with their zones, in order of mention."""
    found: list[Place] = []
    for city, zone in _zones().items():
        for match in re.finditer(rf"\b{re.escape(city)}\b", text):
            found.append((match.start(), match.end(), zone))
    for short in (*_ZONE_AFTER_CLOCK.finditer(text), *_LAST_ZONE.finditer(text)):
        group = 1 if short.group(1) else 2
        found.append((short.start(group), short.end(group), _SHORT_ZONES[short.group(group)]))
    return _outermost(found)


def _outermost(found: list[Place]) -> list[Place]:
    """The matches in order, leaving out a match inside an earlier or longer one ("korea" in
    "south korea")."""
    kept: list[Place] = []
    reached = 0
    for start, end, zone in sorted(found, key=lambda m: (m[0], -m[1])):
        if start >= reached:
            kept.append((start, end, zone))
            reached = end
    return kept


def _sides(text: str, clock_at: tuple[int, int], places: list[Place]) -> tuple[str, str]:
    """Of two places, the source: the one said after "from", else the one said nearest the
    clock time ("what time will it be in Berlin when it's 8pm in Austin": Austin's 8pm)."""
    first, second = places[0], places[1]
    if _FROM.search(text[: second[0]]) and not _FROM.search(text[: first[0]]):
        return second[2], first[2]
    if _FROM.search(text[: first[0]]):
        return first[2], second[2]

    def gap(place: Place) -> int:
        return max(place[0] - clock_at[1], clock_at[0] - place[1], 0)

    source = min((first, second), key=gap)
    return source[2], (second if source is first else first)[2]


def _said_clock(text: str) -> str:
    """A clock time said in words written as a clock ("8 in the evening" -> "8 pm", "noon"
    -> "12 pm")."""
    text = _PART_OF_DAY.sub(lambda m: f"{m.group(1)} {'am' if m.group(2) else 'pm'}", text)
    return _NOON.sub(lambda m: "12 am" if m.group(1) == "midnight" else "12 pm", text)


def _clock(text: str) -> tuple[str, tuple[int, int]] | None:
    """The first clock time as HH:MM (24 hours) and where it is said, or None."""
    for match in _CLOCK.finditer(text):
        hour, minute, half = int(match.group(1)), int(match.group(2) or 0), match.group(3)
        if not half and not match.group(2) and not _OCLOCK.match(text, match.end()):
            continue  # a bare number ("3 bedrooms") is no time; "9 o'clock" is one
        if half:
            hour = hour % 12 + (12 if half.startswith("p") else 0)
        if hour < 24 and minute < 60:
            return f"{hour:02d}:{minute:02d}", match.span()
    return None


_OCLOCK = re.compile(r"\s*o'?clock\b")


def plan(turn: dict[str, Any]) -> dict[str, Any] | None:
    """A convert_time call, or None when the message is no conversion."""
    text = _said_clock(str(turn.get("text", "")).lower())
    if TOOL not in (turn.get("tools") or []) or not _CONVERT.search(text):
        return None
    clock, places = _clock(text), _places(text)
    if clock is None or not places:
        return None
    if len(places) > 1:
        source, target = _sides(text, clock[1], places)
    else:
        source, target = turn["timezone"], places[0][2]
    if len(places) == 1 and _TO_MINE.search(text) and not _CLOCK_MINE.search(text):
        source, target = places[0][2], turn["timezone"]
    args = {"source_timezone": source, "time": clock[0], "target_timezone": target}
    return {"calls": [{"name": TOOL, "args": args}], "note": ""}


def _when(side: dict[str, Any]) -> str:
    moment = datetime.fromisoformat(side["datetime"])
    return f"{moment.strftime('%-I:%M %p')} on {side['day_of_week']} in {side['timezone']}"


def answer(turn: dict[str, Any]) -> str | None:
    """'3:00 PM on Tuesday in America/New_York is 5:00 AM on Wednesday in Asia/Tokyo (+14.0h).'"""
    for outcome in turn.get("outcomes") or []:
        if outcome.get("tool") != TOOL:
            continue
        result = outcome.get("result")
        if not outcome.get("ok") or not isinstance(result, dict):
            return f"The MCP time server could not convert that: {outcome.get('error')}"
        difference = result.get("time_difference", "")
        return f"{_when(result['source'])} is {_when(result['target'])} ({difference})."
    return None
