"""The orchestration bench's ratio conversation by conversation: each conversation of ours is
paired with the prebuilt one that ran right after it, and their spread is reported."""

from __future__ import annotations

import pytest

from bench import report
from bench.orchestration import Samples, per_conversation_ratios


def samples(name: str, conversations: list[list[tuple[float, float]]]) -> Samples:
    """`conversations`: each one's turns as (time to done, time in dispatch)."""
    kept = Samples(name)
    for turns in conversations:
        kept.conversations.append(len(kept.totals))
        for total, dispatch in turns:
            kept.totals.append(total)
            kept.dispatch.append(dispatch)
            kept.ends.append(total)
    return kept


def test_each_conversation_is_compared_with_its_partner() -> None:
    ours = samples("ours", [[(0.030, 0.010), (0.050, 0.010), (0.040, 0.010)], [(0.060, 0.0)]])
    prebuilt = samples("prebuilt", [[(0.020, 0.010), (0.030, 0.010)], [(0.030, 0.0)]])
    assert ours.per_conversation() == pytest.approx([0.030, 0.060])  # medians: 20/40/30, 60 ms
    spread = per_conversation_ratios(ours, prebuilt)
    assert (spread["min"], spread["max"], spread["median"]) == (2.0, 2.0, 2.0)


def test_the_report_shows_the_spread_or_says_it_was_not_measured() -> None:
    spread = {"median": 1.7, "min": 1.2, "max": 2.3, "iqr": [1.5, 1.9]}
    row = report._per_conversation(spread, 1.3, "ours")
    assert row[1:] == ["1.7 (1.2-2.3, 1.5-1.9)", "<= 1.3: **missed**"]
    assert report._per_conversation({**spread, "median": 1.25}, 1.3, "ours")[2] == "<= 1.3: met"
    assert report._per_conversation(None, 1.3, "ours")[1] == "not measured"
