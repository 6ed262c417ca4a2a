"""Phrasings nobody tuned the planners for (the eval's paraphrase set, bench/llm_eval/
paraphrases.py, and more of the same kind): how people name a price ceiling. Each case was read
wrongly before: a "can't go over" read as a floor, a monthly amount saved as the home budget."""

from __future__ import annotations

import pytest

from agent_graph.planning.host import load_planner, planner_file
from tests.skill_env import SKILLS_DIR

ESTATE = load_planner(planner_file(SKILLS_DIR / "real_estate"), "real_estate_phrasings")
assert ESTATE is not None
TOOLS = ["search_properties", "save_search_criteria", "mortgage_payment", "mortgage_affordability"]


@pytest.mark.parametrize(
    "text",
    [
        "I can spend $3,000 a month on a mortgage",
        "houses in Austin, I can pay 2,800 per month",
        "condo in 78704, $2,000/mo max",
    ],
)
def test_a_monthly_amount_is_never_a_home_price(text: str) -> None:
    plan = ESTATE.plan({"text": text, "tools": TOOLS, "earlier": [], "preferences": {}})
    calls = plan["calls"] if plan else []
    assert not [c for c in calls if c["name"] == "save_search_criteria"], calls
    for call in calls:
        assert "price_max" not in call["args"] and "price_min" not in call["args"], call


@pytest.mark.parametrize(
    "text",
    [
        "house in Austin, can't go over 500 grand",
        "3 bed in Austin, we cannot go above $500k",
        "Austin homes, I won't spend more than 500,000",
        "single family in Austin, don't want to pay over 500k",
    ],
)
def test_a_negated_floor_is_a_ceiling(text: str) -> None:
    plan = ESTATE.plan({"text": text, "tools": TOOLS, "earlier": [], "preferences": {}})
    assert plan is not None
    search = next(c for c in plan["calls"] if c["name"] == "search_properties")
    assert search["args"].get("price_max") == 500_000 and "price_min" not in search["args"]
