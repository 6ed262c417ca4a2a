"""PropSearch as an OpenAI "model": the real openai SDK and LiteLLM against a real uvicorn server
(offline model, real skills, bearer tokens), the way Open WebUI and LibreChat call it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import litellm
import openai
import pytest

from tests.servers import ServerProcess, free_port_window, start_server
from tests.skill_env import ensure_skill_envs
from tests.trust.helpers import ALICE, BOB, bearer, write_tokens

ROW = re.compile(r"^\| (\d+) \| (\d+) \| ([^|]+) \|", re.MULTILINE)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ensure_skill_envs()
    folder: Path = tmp_path_factory.mktemp("openai")
    running = start_server(
        folder / "memory",
        free_port_window(),
        API_TOKENS_FILE=str(write_tokens(folder)),
        ALLOWED_HOSTS="127.0.0.1",
    )
    yield running
    running.stop()


def _client(server: ServerProcess, token: str = ALICE) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{server.url}/v1", api_key=token, max_retries=0)


def _rows(text: str) -> list[tuple[str, str, str]]:
    """(number, zpid, address) of each row of a listings table in an answer."""
    return [(m[0], m[1], m[2].strip()) for m in ROW.findall(text)]


def test_models_lists_propsearch_and_needs_a_token(server: ServerProcess) -> None:
    listed = _client(server).models.list()
    assert [m.id for m in listed.data] == ["propsearch"]
    with pytest.raises(openai.AuthenticationError):
        _client(server, "not-a-token").models.list()


def test_a_streamed_search_then_a_follow_up_in_the_same_session(server: ServerProcess) -> None:
    client = _client(server)
    question = "3 bedroom houses in 78745 under $450k"
    chunks = list(
        client.chat.completions.create(
            model="propsearch",
            messages=[{"role": "user", "content": question}],
            stream=True,
            stream_options={"include_usage": True},
            user="openai-sdk-conversation",
        )
    )
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    rows = _rows(text)
    assert len(rows) >= 2, text
    assert "zillow.com/homedetails/" in text  # each row links to its listing
    assert chunks[-1].usage is not None and chunks[-1].choices == []
    finish = [c.choices[0].finish_reason for c in chunks if c.choices]
    assert finish[-1] == "stop" and set(finish[:-1]) == {None}

    # The client sends the whole conversation again, as Open WebUI does; the session carries it.
    follow_up = client.chat.completions.create(
        model="propsearch",
        messages=[
            {"role": "user", "content": question},
            {"role": "assistant", "content": text},
            {"role": "user", "content": "tell me more about the second one"},
        ],
        user="openai-sdk-conversation",
    )
    detail = follow_up.choices[0].message.content or ""
    assert _rows(detail)[0][1] == rows[1][1], detail  # the second home's zpid, shown in detail
    assert follow_up.usage is not None and follow_up.usage.total_tokens >= 0
    session = follow_up.model_extra["session_id"] if follow_up.model_extra else ""
    turns = httpx.get(f"{server.url}/sessions/{session}", headers=bearer(ALICE)).json()["turns"]
    assert [t["user"] for t in turns] == [question, "tell me more about the second one"]


def test_litellm_streams_a_search_and_a_follow_up(server: ServerProcess) -> None:
    said: list[dict[str, str]] = []

    def ask(message: str) -> str:
        said.append({"role": "user", "content": message})
        stream = litellm.completion(
            model="openai/propsearch",
            api_base=f"{server.url}/v1",
            api_key=ALICE,
            messages=said,
            stream=True,
            extra_headers={"X-Session-Id": "litellm-session-1"},
        )
        text = "".join(chunk.choices[0].delta.content or "" for chunk in stream)
        said.append({"role": "assistant", "content": text})
        return text

    homes = _rows(ask("condos in Austin"))
    assert len(homes) >= 2
    detail = _rows(ask("show me more on the second one"))
    assert detail[0][1] == homes[1][1]  # the second condo's zpid, in detail
    turns = httpx.get(f"{server.url}/sessions/litellm-session-1", headers=bearer(ALICE)).json()
    assert [t["user"] for t in turns["turns"]] == [
        "condos in Austin",
        "show me more on the second one",
    ]


def test_a_destructive_change_is_asked_in_words_and_answered_with_yes(
    server: ServerProcess,
) -> None:
    client = _client(server, BOB)
    said: list[dict[str, Any]] = []

    def ask(message: str) -> str:
        said.append({"role": "user", "content": message})
        answer = client.chat.completions.create(model="propsearch", messages=said)
        text = answer.choices[0].message.content or ""
        said.append({"role": "assistant", "content": text})
        return text

    ask("my budget is $450k")
    question = ask("forget my budget")
    assert "Reply **yes**" in question and "Forget your budget ($450,000)?" in question
    prefs = httpx.get(f"{server.url}/memory/preferences", headers=bearer(BOB)).json()
    assert prefs["preferences"]["real_estate"][0]["key"] == "budget_max"  # not yet forgotten
    ask("yes")
    prefs = httpx.get(f"{server.url}/memory/preferences", headers=bearer(BOB)).json()
    assert "budget_max" not in str(prefs["preferences"])


def test_bad_requests_get_clear_errors_and_change_nothing(server: ServerProcess) -> None:
    client = _client(server)
    with pytest.raises(openai.NotFoundError, match="unknown model"):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user", "content": "hi"}])
    with pytest.raises(openai.UnprocessableEntityError, match="last message must be"):
        client.chat.completions.create(
            model="propsearch", messages=[{"role": "assistant", "content": "hi"}]
        )
    with pytest.raises(openai.APIStatusError, match="longer than"):
        client.chat.completions.create(
            model="propsearch", messages=[{"role": "user", "content": "x" * 5000}]
        )
    url = f"{server.url}/v1/chat/completions"
    broken = httpx.post(
        url, content=b"{not json", headers={**bearer(ALICE), "content-type": "application/json"}
    )
    assert broken.status_code == 422
    huge = httpx.post(
        url,
        json={"model": "propsearch", "messages": [{"role": "user", "content": "y" * 2_000_000}]},
        headers=bearer(ALICE),
    )
    assert huge.status_code == 413
    sessions = httpx.get(f"{server.url}/sessions", headers=bearer(ALICE)).json()
    assert all("x" * 100 not in str(s) for s in sessions["sessions"])
