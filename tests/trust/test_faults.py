"""Faults through the real API: each leaves the session on disk consistent and the next turn
working. Skill crash/hang, model timeout/failure, two turns at once on one session."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from agent_graph.skills.model.failures import SHOWN, Failure
from agent_graph.storage.session_file import parsed
from agent_graph.turns.runner import FAILURE_MESSAGE, TIMEOUT_MESSAGE
from tests.openai_server import FakeOpenAI
from tests.servers import stream_turn
from tests.trust.helpers import Clock, app_client, clock_skills


def _session(root: Path, session_id: str) -> dict:
    data: dict = parsed((root / "users/local/sessions" / f"{session_id}.json").read_text())[0]
    return data


def _types(events: list[dict]) -> list[str]:
    return [e["type"] for e in events]


def _until_pool_full(client: TestClient, skill: str = "trick_clock") -> None:
    deadline = time.monotonic() + 15
    while client.get("/health").json()["skills"][skill]["ready"] < 2:
        assert time.monotonic() < deadline, "pool did not refill"
        time.sleep(0.1)


@pytest.fixture(scope="module")
def clock(tmp_path_factory: pytest.TempPathFactory) -> Clock:
    return clock_skills(tmp_path_factory.mktemp("clock"))


@pytest.fixture(scope="module")
def client(clock: Clock) -> Iterator[TestClient]:
    root = clock.skills_dir.parent / "memory"
    with app_client(root, skills_dir=clock.skills_dir) as client:
        client.memory_root = root  # type: ignore[attr-defined]
        yield client
    clock.set("ok")


@pytest.mark.parametrize(
    ("mode", "error", "failure"),
    [
        ("crash", "worker stopped answering", Failure.CRASHED),
        ("hang", "timed out after 2s", Failure.TIMED_OUT),
    ],
)
def test_a_crashing_or_hanging_skill_is_a_tool_error_and_the_pool_refills(
    client: TestClient, clock: Clock, mode: str, error: str, failure: Failure
) -> None:
    first = stream_turn(client, "what time is it?")
    session = first[0]["session_id"]
    clock.set(mode)
    events = stream_turn(client, "and what time is it now?", session)
    clock.set("ok")
    step = [e for e in events if e["type"] == "step" and e["status"] == "error"]
    assert step and step[0]["summary"] == SHOWN[failure]  # the person's words, not the error
    assert _types(events)[-1] == "done" and "error" not in _types(events)
    _until_pool_full(client)
    third = stream_turn(client, "what time is it?", session)
    assert "9:41 AM" in "".join(e["content"] for e in third if e["type"] == "token")
    stored = _session(client.memory_root, session)  # type: ignore[attr-defined]
    assert [m["type"] for m in stored["messages"]] == ["human", "ai", "tool", "ai"] * 3
    assert stored["messages"][6]["data"]["status"] == "error"
    assert error in stored["messages"][6]["data"]["content"]  # the model read the error


def test_two_turns_at_once_on_one_session_are_serialised_and_both_kept(
    client: TestClient, clock: Clock
) -> None:
    session = stream_turn(client, "what time is it?")[0]["session_id"]
    clock.set("sleep:0.5")
    results: dict[str, list[dict]] = {}

    def turn(text: str) -> None:
        results[text] = stream_turn(client, text, session)

    threads = [threading.Thread(target=turn, args=(t,)) for t in ("time now A?", "time now B?")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    clock.set("ok")
    assert all(_types(r)[-1] == "done" and "error" not in _types(r) for r in results.values())
    stored = _session(client.memory_root, session)  # type: ignore[attr-defined]
    assert [m["type"] for m in stored["messages"]] == ["human", "ai", "tool", "ai"] * 3
    order = [t["user"] for t in stored["turns"]][1:]
    assert sorted(order) == ["time now A?", "time now B?"]
    humans = [m["data"]["content"] for m in stored["messages"] if m["type"] == "human"][1:]
    assert humans == order  # each exchange is contiguous, in the order the turns ran


@pytest.fixture
def fake_model() -> Iterator[FakeOpenAI]:
    fake = FakeOpenAI({"get_current_time": {}})
    yield fake
    fake.close()


@pytest.mark.parametrize(
    ("fault", "message"),
    [("slow", TIMEOUT_MESSAGE), ("error", FAILURE_MESSAGE.split("(")[0])],
)
def test_a_slow_or_failing_model_is_an_error_event_and_changes_nothing(
    tmp_path: Path, fake_model: FakeOpenAI, fault: str, message: str
) -> None:
    clock = clock_skills(tmp_path)
    root = tmp_path / "memory"
    settings = {
        "skills_dir": clock.skills_dir,
        "agent_model": "openai/test-model",
        "llm_api_base": fake_model.base_url,
        "llm_api_key": "test-key-123456",
        "llm_timeout_s": 3.0,  # the first LiteLLM call alone takes about a second
    }
    with app_client(root, **settings) as client:
        first = stream_turn(client, "what time is it?")
        assert "error" not in _types(first), first
        session = first[0]["session_id"]
        before = (root / "users/local/sessions" / f"{session}.json").read_bytes()
        if fault == "slow":
            fake_model.delay_s = 4.0
        else:
            fake_model.fail_status = 500
        events = stream_turn(client, "again?", session)
        assert _types(events)[-1] == "done"
        errors = [e["message"] for e in events if e["type"] == "error"]
        assert len(errors) == 1 and errors[0].startswith(message)
        assert (root / "users/local/sessions" / f"{session}.json").read_bytes() == before
        fake_model.delay_s, fake_model.fail_status = 0.0, None
        third = stream_turn(client, "and now?", session)
        assert "error" not in _types(third)
    stored = parsed((root / "users/local/sessions" / f"{session}.json").read_text())[0]
    assert [t["user"] for t in stored["turns"]] == ["what time is it?", "and now?"]
