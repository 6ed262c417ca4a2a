"""`/mcp` and `/v1/chat/completions` through nginx with two stateless replicas (server profile):
the official `mcp` client and the openai SDK, follow-ups and confirmations served by whichever
replica the balancer picks, the conversation kept in PostgreSQL."""

from __future__ import annotations

import asyncio
from typing import Any

import mcp_types as types
import openai
from mcp.client.client import Client

from tests.scale.conftest import Cluster
from tests.scale.helpers import assert_whole, stored


def test_an_mcp_conversation_and_a_confirmation_across_replicas(cluster: Cluster) -> None:
    asked: list[str] = []

    async def approve(ctx: Any, params: types.ElicitRequestParams) -> types.ElicitResult:
        asked.append(params.message)
        return types.ElicitResult(action="accept", content={"approve": True})

    async def scenario() -> list[types.CallToolResult]:
        async with Client(f"{cluster.url}/mcp", elicitation_callback=approve) as client:
            listed = {t.name for t in (await client.list_tools()).tools}
            assert "ask_propsearch" in listed
            first = await client.call_tool(
                "ask_propsearch", {"message": "3 bedroom houses in 78745"}
            )
            session = first.structured_content["session_id"]
            follow = await client.call_tool(
                "ask_propsearch",
                {"message": "tell me more about the second one", "session_id": session},
            )
            saved = await client.call_tool(
                "save_home", {"zpid": follow.structured_content["data"]["items"][0]["zpid"]}
            )
            removed = await client.call_tool(
                "remove_saved_home", {"zpid": follow.structured_content["data"]["items"][0]["zpid"]}
            )
        return [first, follow, saved, removed]

    first, follow, saved, removed = asyncio.run(scenario())
    listings = first.structured_content["data"]["items"]
    assert follow.structured_content["data"]["items"][0]["zpid"] == listings[1]["zpid"]
    record = stored(cluster.database_url, first.structured_content["session_id"])
    assert len(record["turns"]) == 2
    assert_whole(record)
    assert not saved.is_error and not removed.is_error, removed.content
    assert asked and "Remove this home" in asked[0]  # the confirmation reached the user, then ran


def test_openai_follow_ups_across_replicas(cluster: Cluster) -> None:
    client = openai.OpenAI(base_url=f"{cluster.url}/v1", api_key="unused", max_retries=0)
    said = [{"role": "user", "content": "condos in Austin"}]
    first = client.chat.completions.create(model="propsearch", messages=said, user="replicas-1")
    said += [
        {"role": "assistant", "content": first.choices[0].message.content or ""},
        {"role": "user", "content": "tell me more about the first one"},
    ]
    stream = client.chat.completions.create(
        model="propsearch", messages=said, user="replicas-1", stream=True
    )
    detail = "".join(c.choices[0].delta.content or "" for c in stream if c.choices)
    assert "| 1 |" in detail
    session = (first.model_extra or {})["session_id"]
    assert [t["user"] for t in stored(cluster.database_url, session)["turns"]] == [
        "condos in Austin",
        "tell me more about the first one",
    ]
