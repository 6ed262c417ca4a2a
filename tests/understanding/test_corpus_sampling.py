"""The corpus's samples and the reports built from them (bench/understanding.py, the sample
make eval-llm runs): every capability in every sample, sizes that follow the time budget."""

from __future__ import annotations

import time
from collections import Counter

import pytest

from bench.llm_eval.corpus import CORPUS_S, MIN_S, CorpusRun, run_sample
from bench.understanding import markdown, sample_for, summary
from tests.understanding.cases import CAPABILITIES, load_part, spoken, stratified
from tests.understanding.scoring import Got, Report, score


def test_a_sample_has_every_capability_in_proportion() -> None:
    cases = load_part("learn")
    sample = stratified(cases, 60)
    counts = Counter(c.capability for c in sample)
    assert set(counts) == set(CAPABILITIES)
    assert 50 <= len(sample) <= 70
    in_part = Counter(c.capability for c in cases)
    ranked = in_part.most_common()
    most, fewest = ranked[0][0], ranked[-1][0]
    assert counts[most] > counts[fewest], (in_part, counts)  # e.g. 112 payment cases against 20
    assert len(set(map(id, sample))) == len(sample), "no case twice"
    assert len({c.voice for c in sample}) >= 5, "spread through each file, not its first cases"
    first = {c.capability for c in sample[: len(CAPABILITIES)]}
    assert first == set(CAPABILITIES), "the capabilities take turns: a cut leaves out a few of each"


def test_a_sample_as_large_as_the_part_is_the_part() -> None:
    cases = load_part("learn")
    assert stratified(cases, len(cases) + 5) == cases


def test_the_sample_follows_the_time_budget() -> None:
    assert sample_for(600, "local") < sample_for(900, "local") < sample_for(600, "offline")
    assert 30 <= sample_for(600, "local") <= 60, "about 10 minutes at 5-15 s a turn"
    assert sample_for(0, "local") == len(CAPABILITIES), "never fewer than one per capability"


def test_no_sample_runs_without_the_time_for_it() -> None:
    run = run_sample("offline", time.monotonic() + MIN_S / 2)
    assert run.result is None
    assert "Not run" in run.section() and "left of the budget" in run.section()


def test_a_sample_that_fails_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("USER_TIMEZONE", "Mars/Olympus_Mons")  # the product refuses to start
    run = run_sample("offline", time.monotonic() + CORPUS_S)
    assert run.result is None and run.why.startswith("failed:"), run.why
    assert "Not run: failed:" in run.section()


def test_the_report_shows_each_part_per_capability_and_voice() -> None:
    cases = [c for c in load_part("learn") if c.capability == "smalltalk"][:6]
    report = Report([score(c, Got([]), {}) for c in cases])
    report.outcomes.append(score(cases[0], Got([{"name": "search_properties", "args": {}}]), {}))
    result = {"model": "offline", "commit": "abc", "sample": 7, "seconds": 1.0,
              "parts": {"learn": summary(report)}}  # fmt: skip
    text = markdown(result)
    assert "| **overall** | 6/7 (85.7%) |" in text
    assert "| smalltalk | 6/7 (85.7%) |" in text and "| *per voice* |" in text
    assert "about 7" in text
    assert "Understanding corpus (sample)" in CorpusRun(result).section()


def test_a_message_may_say_a_shown_homes_address_and_only_that() -> None:
    refs = {"$address2": "1612 Westmoor Dr, Austin, TX 78723"}
    said = spoken("Show me the details for $address2 under $450k or $5", refs)
    assert said == "Show me the details for 1612 Westmoor Dr, Austin, TX 78723 under $450k or $5"
