"""How far MiniLM nearest-examples alone goes: for each case of a corpus part, whether the
intent ranked first (agent_graph/understanding) belongs to the case's capability. Compared in
docs/home-search.md with the offline model's first step (rules + intents, and rules alone).

    .venv/bin/python -m bench.intent_mechanism [--part learn]
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from agent_graph.understanding.intents import load_all
from agent_graph.understanding.matcher import IntentMatcher
from tests.understanding.cases import load_part

SKILLS = Path(__file__).resolve().parents[1] / "skills"
CAPABILITIES: dict[str, tuple[str, ...]] = {
    "search": ("search_homes",),
    "refine": ("refine_search",),
    "paging": ("next_page",),
    "ordinals": ("home_details",),
    "details": ("home_details", "details_by_address", "time_on_market"),
    "similar": ("similar_homes",),
    "saved_homes": ("save_home", "list_saved_homes", "remove_saved_home"),
    "saved_searches": ("save_search", "list_saved_searches", "stop_saved_search"),
    "watches": ("watch_home", "stop_watching"),
    "tours": ("request_tour",),
    "market": ("price_drops", "new_listings", "time_on_market"),
    "mortgage": ("monthly_payment", "affordability", "payment_what_if"),
    "compare": ("compare_homes",),
    "preferences": ("remember_preference", "forget_preference"),
    "time": ("current_time", "convert_time"),
    "smalltalk": ("greeting", "thanks", "goodbye", "about_assistant", "unclear"),
    "fair_housing": ("fair_housing",),
    "terms": ("explain_term",),
}
"""The intents that express each capability (bad_input has none: it is read by rules)."""


def main(part: str) -> None:
    matcher = IntentMatcher(load_all((p.name, p) for p in sorted(SKILLS.iterdir()) if p.is_dir()))
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for case in load_part(part):
        if case.capability not in CAPABILITIES:
            continue
        ranked = matcher.rank(case.say)
        total[case.capability] += 1
        if ranked and ranked[0].name in CAPABILITIES[case.capability]:
            right[case.capability] += 1
    print(f"part {part}: nearest intent names the capability")
    print(f"overall: {sum(right.values())}/{sum(total.values())}")
    for capability in sorted(total):
        print(f"  {capability:<15} {right[capability]:>3}/{total[capability]:<3}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m bench.intent_mechanism")
    parser.add_argument("--part", default="learn")
    main(parser.parse_args().part)
