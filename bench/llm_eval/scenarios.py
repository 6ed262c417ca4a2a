"""The eval's conversations and their checks. Checks read what the product shows (data events,
steps, saved preferences through the API), never the model's wording."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import httpx

from bench.llm_eval.checks import (
    REMEMBERED_BUDGET,
    Conversation,
    Failed,
    Outcome,
    check,
    detail_zpid,
    listings,
    meets_search,
    searched_within,
)
from bench.llm_eval.features import FEATURES
from bench.llm_eval.product import Product


def search(
    c: Conversation,
    o: Outcome,
    message: str = "Find houses in Austin with at least 3 bedrooms under $500,000.",
) -> None:
    turn = c.send(o, message, new_session=True)
    c.shown = listings(turn)
    meets_search(c.shown)
    searched_within(turn)


def second_one(c: Conversation, o: Outcome) -> None:
    check(len(c.shown) >= 2, "no earlier search with two results")
    turn = c.send(o, "Tell me more about the second one.")
    zpid = detail_zpid(turn)
    check(zpid == str(c.shown[1]["zpid"]), f"showed {zpid}, not the second listing")


def card_click(c: Conversation, o: Outcome) -> None:
    check(len(c.shown) >= 3, "no earlier search with three results")
    card = c.shown[2]
    # Exactly what the web UI sends when a card is clicked (web/src/App.tsx detailRequest).
    turn = c.send(o, f"Show me the details for {card['address']} (zpid: {card['zpid']})")
    zpid = detail_zpid(turn)
    check(zpid == str(card["zpid"]), f"showed {zpid}, not the clicked {card['zpid']}")


def closer_downtown(c: Conversation, o: Outcome) -> None:
    check(bool(c.shown), "no earlier search to refine")
    turn = c.send(o, "Same but closer to downtown.")
    items = listings(turn)
    meets_search(items)
    searched_within(turn)
    check(all(i.get("distance_miles") is not None for i in items), "not measured from downtown")


def _amounts(text: str) -> set[int]:
    found = set()
    for number, suffix in re.findall(r"(\d[\d,.]*)\s*(k|K|thousand)?", text):
        try:
            value = float(number.replace(",", ""))
        except ValueError:
            continue
        found.add(int(value * 1000 if suffix else value))
    return found


def budget_memory(c: Conversation, o: Outcome) -> None:
    c.send_confirming(o, "Please remember that my budget is at most $400,000.", new_session=True)
    saved = c.product.get("/memory/preferences")["preferences"]
    values = [str(e.get("value")) for entries in saved.values() for e in entries]
    check(any(REMEMBERED_BUDGET in _amounts(v) for v in values), f"no saved budget: {values}")
    items = listings(c.send(o, "Show me houses in Austin.", new_session=True))
    over = [i["price"] for i in items if (i.get("price") or 0) > REMEMBERED_BUDGET]
    check(not over, f"the new session ignored the saved budget: {over[:3]}")


def _is_time_tool(name: str) -> bool:
    return name == "get_current_time" or name.endswith("_get_current_time")


def time_question(
    c: Conversation, o: Outcome, message: str = "What time is it in Tokyo right now?"
) -> None:
    turn = c.send(o, message, new_session=True)
    # Either time skill will do: current_time's tool or the MCP server's (namespaced) one.
    ran = [e for e in turn.of("step") if e.get("status") == "end"]
    check(any(_is_time_tool(e["name"]) for e in ran), "the time tool did not run")
    zones = [str(e.get("args")) for e in turn.tool_calls if _is_time_tool(e["name"])]
    check(any("Tokyo" in z for z in zones), f"asked for the wrong zone: {zones}")


def no_tool(c: Conversation, o: Outcome, message: str = "What does HOA stand for?") -> None:
    turn = c.send(o, message, new_session=True)
    check(not turn.tool_calls, f"called {[e['name'] for e in turn.tool_calls]}")
    check(bool(turn.text.strip()), "no answer")


def tool_error(
    c: Conversation,
    o: Outcome,
    message: str = "Show me the details for the listing with zpid 99999999.",
) -> None:
    turn = c.send(o, message, new_session=True)
    errors = [e for e in turn.of("step") if e.get("status") == "error"]
    check(bool(errors), "the tool did not fail as planned")
    check(bool(turn.text.strip()), "no answer after the tool error")


MISSION: list[tuple[str, bool, Callable[[Conversation, Outcome], None]]] = [
    ("no tool needed", True, no_tool),
    ("time question", True, time_question),
    ("tool error recovered", True, tool_error),
    ("search with stated constraints", True, search),
    ('"the second one"', False, second_one),
    ("card click (detail request)", True, card_click),
    ('"same but closer to downtown"', False, closer_downtown),
    ("budget remembered across sessions", False, budget_memory),
]
"""The mission's eight, in this order so that a time budget cuts the slowest first: the one-turn
scenarios of their own sessions, then the search conversation (search, "the second one", card
click, "closer to downtown" in one session), the three-session memory scenario last."""
SCENARIOS = MISSION + FEATURES
"""The mission's eight, then the sixteen feature scenarios (features.py): the original set."""


def run_all(
    product: Product,
    chosen: list[tuple[str, bool, Callable[[Conversation, Outcome], None]]],
    only: list[str] | None = None,
    report: Callable[[Outcome], None] = lambda outcome: None,
    deadline: float = float("inf"),
) -> list[Outcome]:
    """Run the `chosen` scenarios in order. `deadline` (time.monotonic()) is a hard limit: a scenario
    not started before it, or whose turn is still running at it, is reported as not run, so a
    starved machine cannot stretch CI past its limit."""
    product.deadline = deadline
    conversation = Conversation(product)
    outcomes = []
    for name, explicit, scenario in chosen:
        if only and not any(word in scenario.__name__ for word in only):
            continue
        outcome = Outcome(name, explicit)
        if time.monotonic() > deadline:
            outcome.ran, outcome.reason = False, "not run: the eval's time budget was spent"
            outcomes.append(outcome)
            report(outcome)
            continue
        try:
            scenario(conversation, outcome)
            outcome.passed = True
        except Failed as exc:
            outcome.reason = str(exc)[:90]
        except httpx.TimeoutException as exc:
            outcome.reason = f"{type(exc).__name__}: {exc}"[:90]
            if time.monotonic() >= deadline:
                outcome.ran, outcome.reason = False, "cut off: the eval's time budget was spent"
        except Exception as exc:  # the product broke (HTTP error etc.): a failure, not a crash
            outcome.reason = f"{type(exc).__name__}: {exc}"[:90]
        outcomes.append(outcome)
        report(outcome)
    return outcomes
