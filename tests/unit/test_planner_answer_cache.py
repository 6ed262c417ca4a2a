"""The planners' kept answers (planning/cache.py): the same results, read again or loaded anew,
are answered from what was kept; other results are asked."""

from __future__ import annotations

import copy
from typing import Any

from agent_graph.planning.cache import AnswerCache


def results(price: int) -> list[dict[str, Any]]:
    return [{"type": "listings", "results": [{"id": "a1", "price": price, "beds": 3}]}]


def test_the_same_results_are_not_asked_again_even_as_new_objects() -> None:
    cache, asked = AnswerCache(), []
    shown = results(400_000)

    def ask() -> list[str]:
        asked.append(1)
        return ["3 homes on screen"]

    assert cache.lines("homes", shown, ask) == ("3 homes on screen",)
    assert cache.lines("homes", shown, ask) == ("3 homes on screen",)
    assert cache.kept("homes", copy.deepcopy(shown)) == ("3 homes on screen",)  # loaded anew
    assert len(asked) == 1


def test_other_results_another_skill_or_a_failed_answer_are_asked() -> None:
    cache = AnswerCache()
    cache.lines("homes", results(400_000), lambda: ["kept"])
    assert cache.kept("homes", results(410_000)) is None
    assert cache.kept("loans", results(400_000)) is None
    assert cache.lines("homes", results(420_000), lambda: None) is None
    assert cache.kept("homes", results(420_000)) is None
    assert cache.kept("homes", {"not": "a list"}) is None
