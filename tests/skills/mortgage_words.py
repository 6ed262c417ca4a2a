"""The mortgage planner loaded once as the core loads it, the turns its tests hand it, the
listings and the estimate they put on screen, and a reader of its one planned call."""

from __future__ import annotations

from typing import Any

from agent_graph.planning.host import load_planner, planner_file
from tests.skill_env import SKILLS_DIR

TOOLS = ["search_properties", "mortgage_payment", "mortgage_affordability"]
LISTINGS = {
    "type": "listings",
    "items": [
        {"zpid": "1", "address": "1 Oak St, Austin, TX", "price": 350_000, "hoa_fee": None},
        {
            "zpid": "2",
            "address": "2 Elm St, Austin, TX",
            "price": 425_000,
            "hoa_fee": 45,
            "tax_rate_percent": 2.21,
        },
        {"zpid": "3", "address": "3 Ash St, Austin, TX", "price": 480_000},
    ],
}
ESTIMATE = {
    "type": "mortgage",
    "kind": "payment",
    "price": 425_000,
    "label": "2 Elm St",
    "down_payment_percent": 20,
    "rate_percent": 6.5,
    "term_years": 30,
    "tax_rate_percent": 2.21,
    "estimates": ["insurance"],
    "monthly": {"total": 2200},
}

_FILE = planner_file(SKILLS_DIR / "mortgage")
assert _FILE is not None
planner = load_planner(_FILE, "mortgage_planner")


def turn(text: str, earlier: list[dict[str, Any]] | None = None, **extra: Any) -> dict[str, Any]:
    return {"text": text, "timezone": "UTC", "tools": TOOLS, "earlier": earlier or [], **extra}


def args_of(text: str, earlier: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The arguments of the one call planned for `text`, after `earlier` (the listings if None)."""
    plan = planner.plan(turn(text, [LISTINGS] if earlier is None else earlier))
    assert plan is not None and len(plan["calls"]) == 1, (text, plan)
    return dict(plan["calls"][0]["args"])


def subset(args: dict[str, Any], wanted: dict[str, Any]) -> dict[str, Any]:
    return {key: args.get(key) for key in wanted}


# A turn where the home search, its preferences and both mortgage tools are offered.
OFFERED_TOOLS = [
    "search_properties",
    "save_search_criteria",
    "mortgage_payment",
    "mortgage_affordability",
]


def offered_turn(text: str, earlier: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"text": text, "tools": OFFERED_TOOLS, "earlier": earlier or [], "preferences": {}}


def payment_of(text: str, earlier: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The arguments of the payment planned for `text` in an offered turn, None if none."""
    plan = planner.plan(offered_turn(text, earlier))
    if plan is None or not plan["calls"]:
        return None
    call = plan["calls"][0]
    assert call["name"] == "mortgage_payment", plan
    return dict(call["args"])
