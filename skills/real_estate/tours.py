"""request_tour: a tour request handed to a person (an agent). The skill checks the home exists
and shapes the request; the core keeps it in its generic handoff inbox, shows it to the `agent`
role and posts it to the operator's webhook (docs/protocol.md, "Handoffs")."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from real_estate.domain import ACCOUNT_CONTACT
from saved_homes import saved_line, zpid_of
from skill_runtime import ToolError
from tour_times import TourTimeError, resolved

MAX_TIMES_CHARS = 120
MAX_CONTACT_CHARS = 120
_CONTACT = re.compile(r"^[\w.+@\-() /#]+$")

Details = Callable[[str], dict[str, Any]]


def _text(params: dict[str, Any], name: str, limit: int) -> str:
    value = params.get(name)
    text = " ".join(value.split()) if isinstance(value, str) else ""
    if not text:
        raise ToolError(f"{name} is required")
    if len(text) > limit:
        raise ToolError(f"{name} is too long (max {limit} characters)")
    return text


def _zone(params: dict[str, Any]) -> str:
    zone = params.get("timezone") or "UTC"
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        raise ToolError(
            f"timezone must be a time zone name such as America/Chicago, not {zone!r}"
        ) from None
    return str(zone)


def _times(params: dict[str, Any]) -> str:
    """The times the user said as dates and hours in their zone, or "any time that suits the
    agent" when none were said; a time that has passed, or words that name no day or hour, are
    a 400 that asks the user again."""
    said = params.get("times") or ""
    if not isinstance(said, str) or len(" ".join(said.split())) > MAX_TIMES_CHARS:
        raise ToolError(f"times must be words of at most {MAX_TIMES_CHARS} characters")
    try:
        return resolved(said, _zone(params))
    except TourTimeError as exc:
        raise ToolError(str(exc)) from None


def request_tour(params: dict[str, Any], details: Details) -> dict[str, Any]:
    """{"type": "handoff", "kind": "tour", ...} for an existing home."""
    unknown = sorted(set(params) - {"zpid", "times", "contact", "timezone"})
    if unknown:
        raise ToolError(
            f"unknown parameter(s) {unknown}; expected zpid, times, contact and timezone"
        )
    zpid = zpid_of(params.get("zpid"))
    times = _times(params)
    contact = _text(
        {"contact": params.get("contact") or ACCOUNT_CONTACT}, "contact", MAX_CONTACT_CHARS
    )
    if contact != ACCOUNT_CONTACT and not _CONTACT.match(contact):
        raise ToolError("contact must be an email address or a phone number")
    try:
        listing = details(zpid)["items"][0]
    except ToolError as exc:
        if exc.status == 404:
            raise ToolError(f"There is no listing with zpid {zpid} to tour: {exc}", 404) from None
        raise
    return {
        "type": "handoff",
        "kind": "tour",
        "title": f"Tour request for {listing.get('address') or zpid}",
        "summary": f"{saved_line(listing)} — {times}; contact: {contact}",
        "details": {
            "zpid": zpid,
            "address": listing.get("address"),
            "times": times,
            "contact": contact,
            "url": listing.get("url"),
        },
        "zpid": zpid,
        "address": listing.get("address"),
        "times": times,
        "contact": contact,
    }
