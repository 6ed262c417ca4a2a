"""PropSearch's own MCP server (`/mcp`) through the official `mcp` Python client over Streamable
HTTP, against a real uvicorn server (offline model, real skills, bearer tokens): roles, the text
fallback, a whole turn with follow-ups, confirmations by elicitation or refused, bad input."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import mcp_types as types
import pytest
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from tests.servers import ServerProcess, free_port_window, start_server
from tests.skill_env import ensure_skill_envs
from tests.trust.helpers import ALICE, BOB, bearer, write_tokens

CAROL = "carol-token-0123456789abcdef"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ensure_skill_envs()
    folder: Path = tmp_path_factory.mktemp("mcp-server")
    tokens = {
        ALICE: {"user": "alice", "role": "user"},
        BOB: {"user": "bob", "role": "user"},
        CAROL: {"user": "carol", "role": "user"},
    }
    running = start_server(
        folder / "memory",
        free_port_window(),
        API_TOKENS_FILE=str(write_tokens(folder, tokens)),
        ALLOWED_HOSTS="127.0.0.1",
    )
    yield running
    running.stop()


def _client(
    server: ServerProcess, token: str | None, mode: str = "auto", answer: bool | None = None
) -> Client:
    """An MCP client; `answer` is what its user says to a confirmation (None: it cannot ask)."""

    async def elicit(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        assert answer is not None
        return types.ElicitResult(action="accept", content={"approve": answer})

    headers = bearer(token) if token else {}
    transport = streamable_http_client(
        f"{server.url}/mcp", http_client=create_mcp_http_client(headers=headers)
    )
    return Client(transport, mode=mode, elicitation_callback=elicit if answer is not None else None)  # type: ignore[arg-type]


def run(coroutine: Any) -> Any:
    return asyncio.run(coroutine)


def _saved(server: ServerProcess, token: str) -> list[str]:
    prefs = httpx.get(f"{server.url}/memory/preferences", headers=bearer(token)).json()
    return [
        p["key"] for p in prefs["preferences"].get("real_estate", []) if p["entry_type"] == "SAVED"
    ]


@pytest.mark.parametrize("mode", ["auto", "legacy"])
def test_tools_follow_the_callers_role_and_results_carry_text_and_data(
    server: ServerProcess, mode: str
) -> None:
    async def scenario() -> tuple[dict[str, types.Tool], set[str], types.CallToolResult]:
        async with _client(server, ALICE, mode) as client:
            signed_in = {t.name: t for t in (await client.list_tools()).tools}
            found = await client.call_tool("search_properties", {"location": "78745", "limit": 3})
        async with _client(server, None, mode) as guest:
            as_guest = {t.name for t in (await guest.list_tools()).tools}
        return signed_in, as_guest, found

    signed_in, as_guest, found = run(scenario())
    assert {"ask_propsearch", "search_properties", "save_home", "remove_saved_home"} <= set(
        signed_in
    )
    hints = signed_in["remove_saved_home"].annotations
    assert hints is not None and hints.destructive_hint and hints.idempotent_hint
    assert "search_properties" in as_guest and "save_home" not in as_guest
    assert not found.is_error
    items = found.structured_content["items"]
    assert len(items) == 3
    text = found.content[0].text  # type: ignore[union-attr]
    assert all(item["zpid"] in text for item in items)  # the readable fallback names each home


def test_ask_propsearch_runs_whole_turns_and_follow_ups(server: ServerProcess) -> None:
    async def scenario() -> tuple[types.CallToolResult, types.CallToolResult]:
        async with _client(server, ALICE) as client:
            first = await client.call_tool(
                "ask_propsearch", {"message": "3 bedroom houses in 78745"}
            )
            session = first.structured_content["session_id"]
            more = await client.call_tool(
                "ask_propsearch",
                {"message": "tell me more about the second one", "session_id": session},
            )
        return first, more

    first, more = run(scenario())
    listings = first.structured_content["data"]
    assert listings["type"] == "listings" and "| # | zpid |" in first.content[0].text  # type: ignore[union-attr]
    detail = more.structured_content["data"]
    assert detail["type"] == "detail" and detail["items"][0]["zpid"] == listings["items"][1]["zpid"]
    session = first.structured_content["session_id"]
    turns = httpx.get(f"{server.url}/sessions/{session}", headers=bearer(ALICE)).json()["turns"]
    assert len(turns) == 2  # the conversation is the user's, in the web UI too


def test_another_users_session_id_is_a_new_session_not_theirs(server: ServerProcess) -> None:
    async def scenario() -> types.CallToolResult:
        async with _client(server, ALICE) as alice:
            mine = await alice.call_tool("ask_propsearch", {"message": "condos in Austin"})
        async with _client(server, BOB) as bob:
            return await bob.call_tool(
                "ask_propsearch",
                {"message": "the first one", "session_id": mine.structured_content["session_id"]},
            )

    theirs = run(scenario())
    assert (
        theirs.structured_content["data"] is None
        or theirs.structured_content["data"]["type"] != "detail"
    )
    assert httpx.get(f"{server.url}/sessions", headers=bearer(BOB)).json()["sessions"][0]["title"]
    alice_turns = [
        s["id"]
        for s in httpx.get(f"{server.url}/sessions", headers=bearer(ALICE)).json()["sessions"]
    ]
    assert theirs.structured_content["session_id"] in alice_turns  # same id, but Bob's own
    own = httpx.get(
        f"{server.url}/sessions/{theirs.structured_content['session_id']}", headers=bearer(BOB)
    )
    assert [t["user"] for t in own.json()["turns"]] == ["the first one"]


def test_a_destructive_call_asks_the_user_by_elicitation_or_is_refused(
    server: ServerProcess,
) -> None:
    async def remove(mode: str, answer: bool | None, zpid: str) -> types.CallToolResult:
        async with _client(server, CAROL, mode, answer) as client:
            return await client.call_tool("remove_saved_home", {"zpid": zpid})

    async def save(zpid: str) -> None:
        async with _client(server, CAROL) as client:
            saved = await client.call_tool("save_home", {"zpid": zpid})
            assert not saved.is_error, saved.content

    async def first_zpid() -> str:
        async with _client(server, CAROL) as client:
            found = await client.call_tool("search_properties", {"location": "78745", "limit": 1})
        return str(found.structured_content["items"][0]["zpid"])

    zpid = run(first_zpid())
    run(save(zpid))
    key = f"home_{zpid}"
    assert key in _saved(server, CAROL)

    refused = run(remove("legacy", None, zpid))  # no way to ask the user: refused, kept
    assert refused.is_error and "cannot ask you" in refused.content[0].text  # type: ignore[union-attr]
    assert key in _saved(server, CAROL)
    refused = run(remove("auto", None, zpid))  # modern protocol, but no elicitation support
    assert refused.is_error and key in _saved(server, CAROL)

    declined = run(remove("auto", False, zpid))
    assert not declined.is_error and "nothing was changed" in declined.content[0].text  # type: ignore[union-attr]
    assert key in _saved(server, CAROL)

    removed = run(remove("auto", True, zpid))
    assert not removed.is_error, removed.content
    assert key not in _saved(server, CAROL)
    changes = httpx.get(f"{server.url}/memory/changes", headers=bearer(CAROL)).json()["changes"]
    assert changes[0]["message"] == "remove_saved_home (from an MCP client)"


def test_a_turn_that_pauses_for_a_confirmation_resumes_with_the_users_answer(
    server: ServerProcess,
) -> None:
    async def scenario() -> types.CallToolResult:
        async with _client(server, BOB, answer=True) as client:
            said = await client.call_tool("ask_propsearch", {"message": "my budget is $450k"})
            session = said.structured_content["session_id"]
            return await client.call_tool(
                "ask_propsearch", {"message": "forget my budget", "session_id": session}
            )

    def budget() -> list[str]:
        prefs = httpx.get(f"{server.url}/memory/preferences", headers=bearer(BOB)).json()
        return [p["key"] for p in prefs["preferences"].get("real_estate", [])]

    forgot = run(scenario())
    assert not forgot.is_error, forgot.content
    assert "budget_max" not in budget()


def test_bad_calls_get_clear_errors_and_change_nothing(server: ServerProcess) -> None:
    async def scenario() -> list[types.CallToolResult]:
        async with _client(server, ALICE) as client:
            unknown = await client.call_tool("no_such_tool", {})
            wrong = await client.call_tool("search_properties", {"beds_min": "many"})
            typo = await client.call_tool("search_properties", {"location": "78745", "bedz": 3})
            bad_session = await client.call_tool(
                "ask_propsearch", {"message": "hi", "session_id": "../etc/passwd"}
            )
            empty = await client.call_tool("ask_propsearch", {"message": "  "})
        async with _client(server, None) as guest:
            save = await guest.call_tool("save_home", {"zpid": "29486087"})
        return [unknown, wrong, typo, bad_session, empty, save]

    unknown, wrong, typo, bad_session, empty, save = run(scenario())
    assert typo.is_error and "no argument named bedz" in typo.content[0].text  # type: ignore[union-attr]
    assert unknown.is_error and "unknown tool" in unknown.content[0].text  # type: ignore[union-attr]
    assert wrong.is_error and "beds_min" in wrong.content[0].text  # type: ignore[union-attr]
    assert bad_session.is_error and "session_id" in bad_session.content[0].text  # type: ignore[union-attr]
    assert empty.is_error and "message" in empty.content[0].text  # type: ignore[union-attr]
    assert save.is_error and "Sign in" in save.content[0].text  # type: ignore[union-attr]
    refused = httpx.post(
        f"{server.url}/mcp",
        json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
        headers={**bearer("not-a-token"), "accept": "application/json, text/event-stream"},
    )
    assert refused.status_code == 401 and "not valid" in refused.json()["detail"]
    huge = {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "ask_propsearch", "arguments": {"message": "x" * 200_000}}}  # fmt: skip
    too_big = httpx.post(
        f"{server.url}/mcp",
        json=huge,
        headers={**bearer(ALICE), "accept": "application/json, text/event-stream"},
    )
    assert too_big.status_code == 413


def test_card_tools_link_the_results_widget_and_it_reads_as_one_html_file(
    server: ServerProcess,
) -> None:
    async def scenario() -> tuple[list[types.Tool], types.ReadResourceResult, types.CallToolResult]:
        async with _client(server, ALICE) as client:
            listed = (await client.list_tools()).tools
            uri = next(r.uri for r in (await client.list_resources()).resources)
            html = await client.read_resource(uri)
            found = await client.call_tool("search_properties", {"location": "78745", "limit": 1})
        return listed, html, found

    listed, html, found = run(scenario())
    uris = {t.name: ((t.meta or {}).get("ui") or {}).get("resourceUri") for t in listed}
    assert (
        uris["search_properties"] == uris["get_property_details"] == "ui://propsearch/results.html"
    )
    assert uris["ask_propsearch"] == "ui://propsearch/results.html"
    assert uris["save_home"] is None and uris["get_current_time"] is None  # no card: no widget
    # the mortgage skill ships its own card (SKILL.md `widgets`), served as its own resource
    assert uris["mortgage_payment"] == "ui://propsearch/widgets/mortgage.html"
    page = html.contents[0]
    assert page.mime_type == "text/html;profile=mcp-app"
    text = page.text  # type: ignore[union-attr]
    assert "<script" in text and 'src="http' not in text and "<link" not in text  # self-contained
    assert found.structured_content["type"] == "listings"  # the card the widget picks
