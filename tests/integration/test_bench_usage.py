"""The bench's API load part reports each turn's prompt and completion tokens when the model
reports usage (issue 13 item 6): the real API on a scripted OpenAI-compatible model."""

from __future__ import annotations

import pytest

from bench import api_load, report
from tests.openai_server import FakeOpenAI


def test_the_api_bench_reports_tokens_per_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # The scripted model makes the first message's search every turn; the planners' checks,
    # which would correct it on the refinements, are off: this reads token counts only.
    plan = {"location": "Austin", "beds_min": 3, "price_max": 500_000}
    fake = FakeOpenAI({"search_properties": plan})
    monkeypatch.setenv("PLANNER_CHECKS", "false")
    monkeypatch.setenv("BENCH_AGENT_MODEL", "openai/test-model")
    monkeypatch.setenv("LLM_API_BASE", fake.base_url)
    monkeypatch.setenv("LLM_API_KEY", "test-key-123456")
    try:
        result = api_load.run([1], seconds=60, conversations=1)
    finally:
        fake.close()
    level = result["levels"][0]
    assert level["turns"] == len(api_load.CONVERSATION) and level["errors"] == 0
    tokens = level["tokens_per_turn"]
    assert tokens["prompt_tokens"] > 100 and tokens["completion_tokens"] == 14  # 2 calls x 7
    table = "\n".join(report.api_level_tables(result))
    assert f"{tokens['prompt_tokens']}/14" in table
