"""What the real_estate skill puts in every prompt, measured in characters: its identity, its
system prompt and its tool schemas as the local model reads them (llm/lean_tools.py), and the
conversation state a follow-up reads after a search of ten homes. A small model reads about 4
characters a token at 15-70 tokens a second, so each of these is seconds of a first answer."""

from __future__ import annotations

import importlib
import json
from typing import Any

from tools import SYSTEM_PROMPT, TOOLS

from agent_graph.llm.lean_tools import lean_tools
from agent_graph.planning.host import load_planner, planner_file
from tests.skills.real_estate_fakes import SKILL_DIR

FIXED_PROMPT_CHARS = 12_000
"""Identity, system prompt and lean schemas: 13,617 characters before they said each thing once
(the first call's fixed part, with the mortgage skill's two tools: 3,936 tokens before, 3,435
after; 11,963 characters now)."""
STATE_CHARS = 280
"""The conversation state after a search of ten homes with 9-digit zpids: 256 characters (170
tokens); 690 (329) when each home was named by zpid and street, with an instruction the prompt
no longer needed, and the criteria held their defaults (page size, order) as spaced JSON."""

_PLANNER = load_planner(planner_file(SKILL_DIR), "real_estate_planner_state")
assert _PLANNER is not None
state_lines = importlib.import_module(f"{_PLANNER.__name__}.state").state_lines


def _fixed_prompt() -> str:
    identity = (SKILL_DIR / "AGENT.md").read_text().strip()
    lean = lean_tools([{"type": "function", "function": t["function"]} for t in TOOLS])
    schemas = [json.dumps(t["function"], separators=(",", ":")) for t in lean]
    return "\n\n".join([identity, SYSTEM_PROMPT, *schemas])


def test_the_fixed_prompt_fits_its_budget() -> None:
    assert len(_fixed_prompt()) <= FIXED_PROMPT_CHARS, len(_fixed_prompt())


def test_the_fair_housing_rule_is_said_once() -> None:
    """Once in full, in the system prompt (the planners decline such requests for every model)."""
    assert _fixed_prompt().lower().count("familial status") == 1
    assert "familial status" in SYSTEM_PROMPT


def _listings(count: int) -> dict[str, Any]:
    items = [
        {"zpid": str(120_000_000 + 7_919 * n), "address": f"{4500 + n} Shoal Creek Blvd, Austin"}
        for n in range(count)
    ]
    criteria = {"beds_min": 3, "location": "Austin", "price_max": 500_000, "page": 1}
    criteria |= {"limit": 10, "sort": "relevance"}  # as the skill returns them
    return {"type": "listings", "criteria": criteria, "items": items, "total": 37}


def test_the_state_numbers_the_homes_shown_by_zpid_in_few_characters() -> None:
    search = _listings(10)
    lines = state_lines([search])
    refs = lines[1].split(": ", 1)[1].split("; ")
    assert refs == [f"{n}={item['zpid']}" for n, item in enumerate(search["items"], 1)]
    assert '"price_max":500000' in lines[0], "the criteria a refinement starts from"
    assert "Shoal Creek" not in "\n".join(lines), "the answer listed the streets already"
    assert len("\n".join(lines)) <= STATE_CHARS, len("\n".join(lines))


def test_a_search_without_results_says_so_and_a_detail_is_focused() -> None:
    empty = {**_listings(0), "total": 0}
    detail = {"type": "detail", "items": [{"zpid": "42", "address": "1 Elm St, Austin"}]}
    lines = state_lines([empty, detail])
    assert lines[1].endswith("(no results)")
    assert lines[2] == "Focused property: zpid 42 - 1 Elm St, Austin"


def test_the_criteria_leave_out_only_the_settings_at_their_default() -> None:
    near = {**_listings(1), "criteria": {"near": "downtown", "sort": "distance", "limit": 20}}
    cheapest = {**_listings(1), "criteria": {"location": "Austin", "sort": "price", "limit": 10}}
    assert state_lines([near])[0] == 'Current search criteria: {"limit":20,"near":"downtown"}'
    assert (
        state_lines([cheapest])[0]
        == 'Current search criteria: {"location":"Austin","sort":"price"}'
    )
    first_page = state_lines([_listings(1)])[0]
    assert '"page":1' in first_page and '"sort"' not in first_page, "'more' asks for page 2"
