"""RateLimiter: a sliding window per key, with the wait until the next allowed hit."""

from __future__ import annotations

from agent_graph.security.rate_limit import RateLimiter
from agent_graph.security.request_guard import is_json_type


def test_allows_the_limit_then_says_how_long_to_wait() -> None:
    now = [100.0]
    limiter = RateLimiter(2, 10.0, clock=lambda: now[0])
    assert limiter.hit("a") is None and limiter.hit("a") is None
    assert limiter.hit("a") == 10.0
    assert limiter.hit("b") is None  # keys are independent
    now[0] = 105.0
    assert limiter.hit("a") == 5.0
    now[0] = 110.0
    assert limiter.hit("a") is None


def test_json_content_types() -> None:
    assert is_json_type("application/json; charset=utf-8") and is_json_type("")
    assert is_json_type("application/merge-patch+json")
    assert not is_json_type("text/plain") and not is_json_type("multipart/form-data; boundary=x")
