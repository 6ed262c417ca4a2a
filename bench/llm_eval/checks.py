"""What the eval's checks read: the product's data events, steps and saved preferences,
never the model's wording; and the conversation the scenarios share."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bench.llm_eval.product import Product, Turn

BUDGET = 500_000
BEDS = 3
REMEMBERED_BUDGET = 400_000
MAX_TOOL_CALLS = 4
"""More tool calls than this for one message counts as a runaway loop."""


class Failed(AssertionError):
    """A check on what the product showed did not hold; the message says which."""


@dataclass
class Outcome:
    name: str
    explicit: bool
    """Needs only constraints stated in the message (the issue's aim: all of these pass)."""
    ran: bool = True
    """False when the time budget ran out before it started or while it ran."""
    passed: bool = False
    reason: str = ""
    turns: list[Turn] = field(default_factory=list)


def check(condition: bool, reason: str) -> None:
    if not condition:
        raise Failed(reason)


def settled(turn: Turn) -> None:
    """Every turn: no error event, `done` last, at most MAX_TOOL_CALLS tool calls."""
    check(not turn.of("error"), f"error event: {turn.of('error')[:1]}")
    check(bool(turn.events) and turn.events[-1]["type"] == "done", "the stream did not end")
    check(len(turn.tool_calls) <= MAX_TOOL_CALLS, f"{len(turn.tool_calls)} tool calls")


def listings(turn: Turn) -> list[dict[str, Any]]:
    found = [d for d in turn.data if d.get("type") == "listings"]
    check(bool(found), "no listings shown")
    items: list[dict[str, Any]] = found[-1].get("items") or []
    check(bool(items), "an empty result")
    return items


def searched_within(turn: Turn, budget: int = BUDGET) -> None:
    """The search the product ran (its echoed `criteria`) holds the stated constraints, so a
    result that meets them only by chance (e.g. `price_min` for "under") does not pass."""
    criteria = [d for d in turn.data if d.get("type") == "listings"][-1].get("criteria") or {}
    check(0 < (criteria.get("price_max") or 0) <= budget, f"searched with {criteria}")
    check((criteria.get("beds_min") or 0) >= BEDS, f"searched with {criteria}")
    check(criteria.get("property_type") == "house", f"searched with {criteria}")


def detail_zpid(turn: Turn) -> str:
    found = [d for d in turn.data if d.get("type") == "detail" and d.get("items")]
    check(bool(found), "no property detail shown")
    return str(found[-1]["items"][0].get("zpid"))


def meets_search(items: list[dict[str, Any]], budget: int = BUDGET) -> None:
    for item in items:
        check(item.get("city") == "Austin", f"{item.get('address')} is not in Austin")
        check((item.get("beds") or 0) >= BEDS, f"{item.get('address')} has {item.get('beds')} bd")
        check((item.get("price") or 0) <= budget, f"{item.get('address')} costs {item['price']}")
        check(item.get("property_type") == "house", f"{item.get('address')} is not a house")


@dataclass
class Conversation:
    """State shared by the scenarios of one session (the search they refer back to)."""

    product: Product
    session_id: str | None = None
    shown: list[dict[str, Any]] = field(default_factory=list)
    focused: dict[str, Any] | None = None
    """The home whose detail is on screen (the paraphrase set's follow-ups are about it)."""

    def send(self, outcome: Outcome, message: str, new_session: bool = False) -> Turn:
        """One message, in this conversation's session or in a new one that the conversation
        then goes on in (its later scenarios refer back to it)."""
        turn = self.product.send(message, None if new_session else self.session_id)
        outcome.turns.append(turn)
        self.session_id = turn.session_id
        settled(turn)
        return turn

    def send_confirming(self, outcome: Outcome, message: str, new_session: bool = False) -> Turn:
        """A message asking to save something: when the turn pauses on a question (a new entry
        proposed after tool output asks first), the user says yes, as they asked for it."""
        turn = self.send(outcome, message, new_session)
        asked = turn.of("confirm")
        return self.approve(outcome, str(asked[-1]["id"])) if asked else turn

    def approve(self, outcome: Outcome, confirm_id: str) -> Turn:
        """Say yes to the question the session's turn paused on (the UI's Confirm button)."""
        turn = self.product.send(None, self.session_id, approve=confirm_id)
        outcome.turns.append(turn)
        settled(turn)
        return turn
