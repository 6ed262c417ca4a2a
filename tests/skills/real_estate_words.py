"""The real_estate planner loaded once for the tests of how it reads people's words, the small
readers of its plans those tests share, and the homes and memories they put before it."""

from __future__ import annotations

import importlib
import json
from types import ModuleType
from typing import Any

from agent_graph.planning.host import load_planner, planner_file
from agent_graph.understanding.intents import declared
from agent_graph.understanding.spelling import spelt
from tests.skills.real_estate_fakes import SKILL_DIR

_LOADED = load_planner(planner_file(SKILL_DIR), "real_estate_words")
assert _LOADED is not None
PACKAGE: ModuleType = _LOADED
_MORTGAGE = load_planner(planner_file(SKILL_DIR.parent / "mortgage"), "mortgage_words")
assert _MORTGAGE is not None
MORTGAGE: ModuleType = _MORTGAGE


def module(name: str) -> ModuleType:
    """One module of the loaded planner package, e.g. "clauses" or "spelling"."""
    return importlib.import_module(f"{PACKAGE.__name__}.{name}")


conversation = module("conversation")
Conversation = conversation.Conversation


SPELLING = declared([("real_estate", SKILL_DIR)]).spelling["real_estate"]
"""The words the skill declares under `spelling:`: the platform hands its planner a message
with a slip of one of them spelt right."""


def heard(text: str) -> str:
    """`text` as the platform hands it to the planner (understanding/spelling.py `spelt`)."""
    return spelt(text, SPELLING)


def calls(text: str, **context: Any) -> list[tuple[str, dict[str, Any]]]:
    """The tool calls planned for `text` in `context` (results on screen, preferences, ...), the
    text handed over as the platform hands it (`heard`)."""
    found = conversation.plan_for(Conversation(text=heard(text), **context))
    assert found is not None, text
    return [(c.name, c.args) for c in found.calls]


def named(text: str, **context: Any) -> list[tuple[str, str]]:
    """Each planned call with the home it names ("" when it names none)."""
    return [(name, args.get("zpid", "")) for name, args in calls(text, **context)]


def searched(text: str, **context: Any) -> dict[str, Any]:
    """The criteria of the one search planned for `text`."""
    found = calls(text, **context)
    assert [name for name, _ in found] == ["search_properties"], (text, found)
    return found[0][1]


def details(zpid: str) -> list[tuple[str, dict[str, Any]]]:
    return [("get_property_details", {"zpid": zpid})]


def kept(key: str, value: str) -> tuple[str, dict[str, str]]:
    """A preference remembered: key and value as the planner saves them."""
    return ("save_search_criteria", {"entry_type": "PREFERENCE", "key": key, "value": value})


def _five(zpid: str, street: str, price: int) -> list[dict[str, Any]]:
    return [
        {"zpid": f"{zpid}{n}", "address": f"{n}00 {street}, Austin, TX 78745", "price": price + n}
        for n in range(1, 6)
    ]


# Five homes in 78745 (901-905), the screen most of these tests read.
SHOWN = _five("90", "Oak Cv", 410_000)
ON_SCREEN = {"last_results": SHOWN, "last_criteria": {"location": "78745"}}
IN_VIEW = {**ON_SCREEN, "focused": SHOWN[3]}
KEPT = {**ON_SCREEN, "preferences": {"home_905": "saved"}}
STRICT = {
    "last_results": SHOWN,
    "last_criteria": {
        "location": "78745",
        "beds_min": 3,
        "beds_max": 4,
        "baths_min": 2,
        "sqft_min": 1800,
        "features": ["garage"],
        "price_max": 450000,
    },
}
WATCHING = {
    **ON_SCREEN,
    "preferences": {
        "search_78745": json.dumps({"location": "78745", "beds_min": 3}),
        "watch_902": "price",
    },
}

# Five homes named z1-z5, in two streets.
ELM_COVE = _five("z", "Elm Cv", 350_000)
ON_ELM_COVE = {"last_results": ELM_COVE, "last_criteria": {"location": "78745"}}
OAK_LANE = _five("z", "Oak Ln", 300_000)
ON_OAK_LANE = {"last_results": OAK_LANE, "last_criteria": {"location": "78745"}}

# Five homes 101-105 with two saved, a price watch and a saved search.
FIG_TRAIL = [
    {"zpid": str(100 + n), "address": f"{n} Fig Trl", "price": 400_000} for n in range(1, 6)
]
ON_FIG_TRAIL = {
    "last_results": FIG_TRAIL,
    "last_criteria": {"location": "78745"},
    "preferences": {
        "home_101": "saved",
        "home_103": "saved",
        "watch_102": "price",
        "search_78745_house": '{"location": "78745", "property_type": "house", "beds_min": 3}',
    },
}

# Five homes z1-z5 at prices that differ, found by a 3-bed house search.
ELM_STREET = [
    {"zpid": f"z{n}", "address": f"{n}00 Elm St, Austin, TX 78745", "price": p}
    for n, p in enumerate((350_000, 269_900, 424_000, 310_000, 515_000), start=1)
]
ELM_STREET_SEARCH = {"location": "78745", "beds_min": 3, "property_type": "house"}
ON_ELM_STREET = {"last_results": ELM_STREET, "last_criteria": ELM_STREET_SEARCH}
SAVED_ELM_STREET_SEARCH = {"search_78745": json.dumps(ELM_STREET_SEARCH)}

# Seven homes 71-77 with prices and sizes, for homes named by most, least or a neighbour.
_PRICES = [410_000, 298_000, 505_000, 389_000, 450_000, 372_000, 415_000]
_SIZES = [1_500, 1_250, 2_600, 1_700, 1_900, 1_450, 1_600]
ELM_DRIVE = [
    {"zpid": f"7{n}", "address": f"{n}0 Elm Dr, Austin, TX 78745", "price": p, "sqft": s}
    for n, (p, s) in enumerate(zip(_PRICES, _SIZES, strict=True), start=1)
]
ON_ELM_DRIVE = {"last_results": ELM_DRIVE, "last_criteria": {"location": "78745"}}

# Preferences the person saved before.
AUSTIN_HOUSE = {"budget_max": "$500,000", "location": "Austin", "property_type": "house"}
AUSTIN_CONDO = {"budget_max": "$500,000", "location": "Austin", "property_type": "condo"}
AUSTIN_BUDGET = {"budget_max": "$500,000", "location": "Austin"}
MANCHACA_CONDO = {"budget_max": "$475,000", "location": "Manchaca", "property_type": "condo"}
