"""The homes of the alerts a conversation opens with ("A new home matches your search",
"Price drop: 12 Oak St"): while no search has shown any, they are the homes on screen, and
people name them by what the alert said of them ("the new one", "the one that dropped",
"the discounted house"), read here as their position among them ("number 2")."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from real_estate.domain import NEW_MATCH, PRICE_DROP

from .plans import Conversation

_THE = r"\b(?:the|that|this)"
_HOME = (
    r"(?:one|home|house|place|listing|property|match)"
    r"(?!s? (?:notifications?|alerts?|e-?mails?|updates?|messages?|pings?|texts?)\b)"
)
"""A home, not a kind of alert ("the new listing notifications" are the saved search's)."""
_NAMED: dict[str, re.Pattern[str]] = {
    NEW_MATCH: re.compile(
        rf"{_THE} (?:brand[- ])?new(?:est|ly listed)? {_HOME}\b"
        rf"|{_THE} {_HOME} that (?:just )?(?:came up|came on|popped up|matched|is new)\b"
        rf"|{_THE} match\b",
        re.IGNORECASE,
    ),
    PRICE_DROP: re.compile(
        rf"{_THE} (?:discounted|reduced|marked[- ]down|price[- ]dropped|cheaper) {_HOME}\b"
        rf"|{_THE} {_HOME}(?: that| which|s)? (?:just )?(?:dropped|got cheaper|went down|"
        rf"was reduced|was marked down|had (?:a|the|its) price (?:drop|cut))"
        rf"(?: (?:in|its) price)?\b"
        rf"|{_THE} {_HOME} with the (?:price )?(?:drop|cut|reduction)\b"
        rf"|{_THE} {_HOME} with (?:the |a )?(?:lower|lowered|reduced|dropped|new|cut) price\b"
        rf"|{_THE} price[- ](?:drop|cut)(?: {_HOME})?\b",
        re.IGNORECASE,
    ),
}


def alerted_homes(alerts: Any) -> list[tuple[str, dict[str, Any]]]:
    """Each home of the opening alerts (the planner's turn `alerts`) with its alert's kind, in
    their order, each home once."""
    found: list[tuple[str, dict[str, Any]]] = []
    for alert in alerts if isinstance(alerts, list) else []:
        items = alert.get("items") if isinstance(alert, dict) else None
        for home in items if isinstance(items, list) else []:
            zpid = str(home.get("zpid") or "") if isinstance(home, dict) else ""
            if zpid and all(str(seen.get("zpid")) != zpid for _, seen in found):
                found.append((str(alert.get("kind") or ""), home))
    return found


def on_screen_alerted(conv: Conversation) -> Conversation:
    """`conv` with the alerted homes on screen and named by their positions."""
    kinds = [kind for kind, _ in conv.alerted]
    shown = replace(conv, last_results=[home for _, home in conv.alerted])
    return shown.read_as(lambda text: said_by_position(text, kinds))


def said_by_position(text: str, kinds: list[str]) -> str:
    """`text` with an alerted home named by its alert ("the one that got cheaper") written as
    its position ("number 2"), and the two alerted homes named together ("save both") as
    both positions."""
    for kind, named in _NAMED.items():
        if kind in kinds:
            text = named.sub(f"number {kinds.index(kind) + 1}", text)
    if not _ENDED.search(text):  # "open the first alert": its home; "stop the first alert" is not
        text = _NTH_ALERT.sub(lambda m: f"number {_ALERT_AT[m.group(1).lower()](len(kinds))}", text)
    if len(kinds) == 2 and not _ALERTS_THEMSELVES.search(text):
        text = _BOTH.sub("number 1 and number 2", text)
    return text


_NTH_ALERT = re.compile(
    r"\b(?:the |that |this )?(first|1st|top|second|2nd|last|bottom) (?:alert|notification|e-?mail|message)\b",
    re.IGNORECASE,
)
"""An alert named by its place among the alerts ("open the first alert"): its home."""
_ALERT_AT = {
    **dict.fromkeys(("first", "1st", "top"), lambda count: 1),
    **dict.fromkeys(("second", "2nd"), lambda count: 2),
    **dict.fromkeys(("last", "bottom"), lambda count: max(count, 1)),
}
_ENDED = re.compile(
    r"\b(?:stop|cancel|unsubscribe|turn off|switch off|pause|kill|end|mute|remove|delete|dismiss|"
    r"no more)\b",
    re.IGNORECASE,
)
"""Words that end an alert rather than name its home."""
_BOTH = re.compile(
    r"\b(?:both(?: of (?:them|those|these|the (?:homes|houses|places|listings)))?|them both|"
    r"the two of them)\b",
    re.IGNORECASE,
)
_ALERTS_THEMSELVES = re.compile(
    r"\b(?:stop|cancel|unsubscribe|turn off|switch off|pause|kill|end|mute|alerts?|e-?mails?|"
    r"notifications?|search(?:es)?|watches)\b",
    re.IGNORECASE,
)
"""Words about the alerts themselves ("cancel both"): both are the search and the watch."""
