"""The relevance bench (bench/relevance) runs on the shipped data and keeps the floors the issue
sets: 30+ labelled queries, the feature "pool" at least 95% precise on the hand-judged sample."""

from __future__ import annotations

from bench.relevance import run


def test_the_labelled_queries_run_and_pool_stays_precise() -> None:
    result = run()
    assert result["queries"] >= 30
    assert set(result["by_kind"]) == {"feature", "wish", "school", "similar", "combined"}
    assert result["pool_feature_precision"]["precision"] >= 0.95
    assert result["pool_feature_precision"]["still_flagged"] >= 35  # the sample still applies
    assert all(q["returned"] == 10 for q in result["per_query"]), "every query finds 10 homes"
    assert result["precision_at_10"] >= 0.85  # today 0.956: a drop this large is a regression
