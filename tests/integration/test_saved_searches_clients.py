"""Issue 38 item 7: saved searches, watches and tour requests from every entry point, with the
real MCP SDK client (`/mcp`, confirmations by elicitation) and the real openai SDK client
(`/v1`, confirmations in words), under the same roles; a real uvicorn server (offline model)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import mcp_types as types
import openai
import pytest
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.servers import ServerProcess, free_port_window, start_server
from tests.skill_env import ensure_skill_envs
from tests.trust.helpers import ADA, ALICE, BOB, GINA, bearer, write_tokens


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ensure_skill_envs()
    folder: Path = tmp_path_factory.mktemp("watch-clients")
    running = start_server(
        folder / "memory",
        free_port_window(),
        API_TOKENS_FILE=str(write_tokens(folder)),
        ALLOWED_HOSTS="127.0.0.1",
    )
    yield running
    running.stop()


def _mcp(server: ServerProcess, token: str | None, answer: bool | None = True) -> Client:
    async def elicit(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        return types.ElicitResult(action="accept", content={"approve": answer})

    headers = bearer(token) if token else {}
    transport = streamable_http_client(
        f"{server.url}/mcp", http_client=create_mcp_http_client(headers=headers)
    )
    return Client(transport, elicitation_callback=elicit if answer is not None else None)  # type: ignore[arg-type]


def _entries(server: ServerProcess, token: str, entry_type: str) -> dict[str, str]:
    prefs = httpx.get(f"{server.url}/memory/preferences", headers=bearer(token)).json()
    found = prefs["preferences"].get("real_estate", [])
    return {p["key"]: p["value"] for p in found if p["entry_type"] == entry_type}


def test_mcp_creates_and_lists_saved_searches_watches_and_tours(server: ServerProcess) -> None:
    async def scenario() -> dict[str, Any]:
        out: dict[str, Any] = {}
        async with _mcp(server, ALICE) as client:
            found = await client.call_tool("search_properties", {"location": "78745", "limit": 2})
            zpid = str(found.structured_content["items"][1]["zpid"])  # type: ignore[index]
            out["zpid"] = zpid
            criteria = {"location": "78745", "beds_min": 3}
            out["search"] = await client.call_tool("save_search", {"criteria": criteria})
            out["watch"] = await client.call_tool("watch_home", {"zpid": zpid, "watch": "price"})
            out["ghost"] = await client.call_tool("watch_home", {"zpid": "1", "watch": "any"})
            out["bad"] = await client.call_tool("save_search", {"criteria": {"beds_min": "x"}})
            tour = {"zpid": zpid, "times": "Saturday morning", "contact": "al@example.com"}
            out["tour"] = await client.call_tool("request_tour", tour)
            out["listed"] = await client.call_tool(
                "ask_propsearch", {"message": "show my saved searches"}
            )
        async with _mcp(server, None) as guest:
            out["guest_tools"] = {t.name for t in (await guest.list_tools()).tools}
        return out

    out = asyncio.run(scenario())
    zpid = out["zpid"]
    assert not out["search"].is_error, out["search"].content
    assert not out["watch"].is_error, out["watch"].content
    searches = _entries(server, ALICE, "SEARCH")
    assert json.loads(searches["search_78745_3bd"]) == {"location": "78745", "beds_min": 3}
    assert _entries(server, ALICE, "WATCH") == {f"watch_{zpid}": "price"}
    assert out["ghost"].is_error and "no listing with zpid 1" in out["ghost"].content[0].text
    assert out["bad"].is_error and "beds_min" in out["bad"].content[0].text
    assert not out["tour"].is_error, out["tour"].content
    listed = "".join(getattr(c, "text", "") for c in out["listed"].content)
    assert "homes in 78745 with 3+ bedrooms" in listed and "a watched home: its price" in listed
    assert not {"save_search", "watch_home", "request_tour"} & out["guest_tools"]
    inbox = httpx.get(f"{server.url}/handoffs", headers=bearer(ADA)).json()["handoffs"]
    assert [h["user"] for h in inbox if h["kind"] == "tour"] == ["alice"]


def _openai(server: ServerProcess, token: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{server.url}/v1", api_key=token, max_retries=0)


def test_the_openai_api_asks_in_words_then_keeps_the_search_and_lists_it(
    server: ServerProcess,
) -> None:
    client = _openai(server, BOB)
    said: list[dict[str, Any]] = []

    def ask(message: str) -> str:
        said.append({"role": "user", "content": message})
        answer = client.chat.completions.create(model="propsearch", messages=said)  # type: ignore[arg-type]
        text = answer.choices[0].message.content or ""
        said.append({"role": "assistant", "content": text})
        return text

    ask("3 bedroom houses in 78704 under 700k")
    question = ask("watch this search")
    assert "Reply **yes**" in question and "Save this search" in question
    assert _entries(server, BOB, "SEARCH") == {}  # not before the yes
    ask("yes")
    kept = _entries(server, BOB, "SEARCH")
    assert json.loads(kept["search_78704_house_3bd_under_700k"])["price_max"] == 700000
    assert "houses in 78704 with 3+ bedrooms under $700,000" in ask("show my saved searches")


def test_a_guest_on_the_openai_api_is_told_to_sign_in(server: ServerProcess) -> None:
    client = _openai(server, GINA)
    said = [{"role": "user", "content": "houses in 78704"}]
    first = client.chat.completions.create(model="propsearch", messages=said)  # type: ignore[arg-type]
    said += [
        {"role": "assistant", "content": first.choices[0].message.content or ""},
        {"role": "user", "content": "watch this search"},
    ]
    answer = client.chat.completions.create(model="propsearch", messages=said)  # type: ignore[arg-type]
    assert "Sign in" in (answer.choices[0].message.content or "")
    assert _entries(server, GINA, "SEARCH") == {}
