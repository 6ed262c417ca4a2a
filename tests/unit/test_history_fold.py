"""The replayed history's start moves seldom and in steps (graph/history_fold.py)."""

from __future__ import annotations

import itertools

from langchain_core.messages import AIMessage, HumanMessage

from agent_graph.graph.history_fold import fold_point, folded
from agent_graph.memory.compaction import SUMMARY_PREFIX


def _starts(sizes: list[int], budget: int, most: int) -> list[int]:
    """The start each turn's prompt would use as the history grows one exchange at a time."""
    return [fold_point(sizes[:n], budget, most) for n in range(1, len(sizes) + 1)]


def test_nothing_is_folded_while_the_history_fits() -> None:
    assert _starts([100] * 5, budget=1000, most=5) == [0, 0, 0, 0, 0]


def test_past_the_count_the_start_jumps_to_keep_half_then_stays() -> None:
    starts = _starts([10] * 12, budget=10_000, most=5)
    assert starts == [0, 0, 0, 0, 0, 4, 4, 4, 4, 8, 8, 8]
    # a prompt's prefix changes only where the start moves: 2 of 12 turns, not every turn
    assert sum(a != b for a, b in itertools.pairwise(starts)) == 2


def test_past_the_token_budget_the_start_moves_to_half_the_budget() -> None:
    starts = _starts([400] * 8, budget=1000, most=10)
    for n, start in enumerate(starts, 1):
        assert sum([400] * (n - start)) <= 1000, "what is replayed fits the budget"
    assert starts == [0, 0, 2, 2, 4, 4, 6, 6]


def test_an_exchange_larger_than_the_budget_is_kept_alone() -> None:
    assert fold_point([100, 5000], budget=1000, most=5) == 1
    assert fold_point([100, 5000, 100], budget=1000, most=5) == 2


def test_the_start_is_the_same_whoever_computes_it() -> None:
    sizes = [300, 900, 50, 700, 200, 650, 80]
    assert [fold_point(sizes[:n], 1200, 5) for n in range(1, 8)] == _starts(sizes, 1200, 5)


def test_folded_exchanges_become_one_summary_of_what_was_asked_and_run() -> None:
    groups = [
        [HumanMessage(f"question {i}"), AIMessage(f"answer {i} " + "x" * 400)] for i in range(4)
    ]
    start, summary = folded(groups, groups, budget=250, most=5)
    assert start > 0 and summary is not None
    assert summary.text.startswith(SUMMARY_PREFIX) and "question 0" in summary.text
    assert folded(groups[:1], groups[:1], budget=250, most=5) == (0, None)
