"""The eval's time budget is a hard limit (CI must end within 90 minutes): a turn still
streaming at the deadline is cut off, later scenarios are not started, and the pass threshold
scales to the scenarios that ran. Against the real API on a scripted model that never answers
in time."""

from __future__ import annotations

import time
from pathlib import Path

from bench.llm_eval.__main__ import required
from bench.llm_eval.product import Product
from bench.llm_eval.scenarios import SCENARIOS, run_all
from tests.openai_server import FakeOpenAI


def test_a_turn_running_at_the_deadline_is_cut_off_and_the_rest_not_run(tmp_path: Path) -> None:
    fake = FakeOpenAI({})
    fake.delay_s = 60  # longer than the budget below
    product = Product.start(
        tmp_path / "memory",
        AGENT_MODEL="openai/test-model",
        LLM_API_BASE=fake.base_url,
        LLM_API_KEY="test-key-123456",
    )
    try:
        started = time.monotonic()
        outcomes = run_all(product, SCENARIOS, deadline=started + 5)
        elapsed = time.monotonic() - started
    finally:
        product.stop()
        fake.close()
    assert elapsed < 20, f"the budget of 5 s took {elapsed:.0f} s"
    assert len(outcomes) == len(SCENARIOS)
    assert not any(o.ran or o.passed for o in outcomes)
    assert outcomes[0].reason.startswith("cut off"), outcomes[0].reason
    assert all(o.reason.startswith("not run") for o in outcomes[1:])


def test_the_threshold_scales_to_the_scenarios_that_ran() -> None:
    assert required(4, ran=8, total=8) == 4
    assert required(4, ran=5, total=8) == 3  # 2.5 rounded up
    assert required(4, ran=2, total=8) == 1
    assert required(4, ran=0, total=8) == 1, "a run that got nothing done fails"
