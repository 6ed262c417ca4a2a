"""Turns traced into a real Arize Phoenix (make traces-env), read back through Phoenix's own
REST API: span names, parent-child structure and attributes of a search, a follow-up, a
confirmation (approved and declined), a refusal, a tool error, an MCP call, a CLI turn and a
LangGraph Studio run; no message text in any span by default; log lines name their span."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pexpect
import pytest
from mcp.client.client import Client
from mcp.client.streamable_http import streamable_http_client

from tests.integration.test_langgraph_dev import run_langgraph_dev
from tests.servers import (
    ROOT,
    ServerProcess,
    free_port,
    free_port_window,
    sse_events,
    start_server,
    wait_ok,
)
from tests.skill_env import ensure_skill_envs

PHOENIX = ROOT / ".venv-traces" / "bin" / "phoenix"
SEARCH = "find me a 3-bed house in Austin under $500k"

pytestmark = pytest.mark.skipif(
    not PHOENIX.exists() and os.environ.get("CI") != "true",
    reason="Phoenix is not installed (make traces-env)",
)


@pytest.fixture(scope="module")
def phoenix(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real Phoenix on free ports, its data in a temporary folder."""
    folder: Path = tmp_path_factory.mktemp("phoenix")
    port = free_port()
    env = {
        **os.environ,
        "PHOENIX_PORT": str(port),
        "PHOENIX_GRPC_PORT": str(free_port()),
        "PHOENIX_HOST": "127.0.0.1",
        "PHOENIX_WORKING_DIR": str(folder),
        "PHOENIX_TELEMETRY_ENABLED": "false",
    }
    with (folder / "phoenix.log").open("wb") as log:
        process = subprocess.Popen([str(PHOENIX), "serve"], env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}"
    try:
        assert wait_ok(f"{url}/healthz", 240, process), (folder / "phoenix.log").read_text()
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


@pytest.fixture(scope="module")
def server(phoenix: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ensure_skill_envs()
    running = start_server(
        tmp_path_factory.mktemp("traced") / "memory",
        free_port_window(),
        OTEL_EXPORTER_OTLP_ENDPOINT=phoenix,
        OTEL_METRICS_EXPORTER="none",
        OTEL_BSP_SCHEDULE_DELAY="100",
        TRACE_VIEWER_URL=phoenix,
    )
    yield running
    running.stop()


def turn(server: ServerProcess, body: dict[str, Any]) -> list[dict[str, Any]]:
    with httpx.stream("POST", f"{server.url}/chat/stream", json=body, timeout=120) as response:
        assert response.status_code == 200
        return sse_events(response.iter_lines())


def spans_of(phoenix: str, session: str, roots: int) -> list[dict[str, Any]]:
    """Every span of the session's traces, once its `roots` runs have all arrived (export is
    asynchronous; a missing span makes the structure checks below fail)."""
    found: list[dict[str, Any]] = []
    for _ in range(300):
        spans = httpx.get(f"{phoenix}/v1/projects/default/spans", params={"limit": 1000}).json()
        mine = {
            s["context"]["trace_id"]
            for s in spans["data"]
            if s["attributes"].get("session.id") == session and not s.get("parent_id")
        }
        found = [s for s in spans["data"] if s["context"]["trace_id"] in mine]
        if len(mine) >= roots and all(s.get("end_time") for s in found):
            break
        time.sleep(0.2)
    return found


def by_name(spans: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [s for s in spans if s["name"] == name]


def parent(spans: list[dict[str, Any]], span: dict[str, Any]) -> dict[str, Any]:
    return next(s for s in spans if s["context"]["span_id"] == span["parent_id"])


def test_a_search_and_its_follow_up_are_traced_in_the_genai_conventions(
    server: ServerProcess, phoenix: str
) -> None:
    first = turn(server, {"message": SEARCH})
    session = first[0]["session_id"]
    turn(server, {"message": "show me more on the second one", "session_id": session})
    spans = spans_of(phoenix, session, roots=2)

    runs = by_name(spans, "invoke_agent propsearch")
    assert len(runs) == 2 and len({r["context"]["trace_id"] for r in runs}) == 2
    for run in runs:
        attrs = run["attributes"]
        assert attrs["gen_ai.conversation.id"] == session and attrs["session.id"] == session
        assert run["span_kind"] == "AGENT"  # Phoenix reads openinference.span.kind
        assert attrs["propsearch.turn.outcome"] == "ok" and attrs["propsearch.role"] == "admin"
        assert attrs["user.id"] not in ("", "local") and len(attrs["user.id"]) == 16
    assert {parent(spans, s)["name"] for s in by_name(spans, "agent")} == {
        "invoke_agent propsearch"
    }
    for step in ("hydrate", "post_process"):  # parts of the agent's step, not nodes
        assert {parent(spans, s)["name"] for s in by_name(spans, step)} == {"agent"}
    chats = [s for s in spans if s["name"].startswith("chat ")]
    assert chats and {parent(spans, s)["name"] for s in chats} == {"agent"}
    chat = chats[0]["attributes"]
    assert chat["gen_ai.operation.name"] == "chat" and chat["gen_ai.provider.name"]
    assert chats[0]["span_kind"] == "LLM" and chat["session.id"] == session
    tools = [s for s in spans if s["name"].startswith("execute_tool ")]
    assert tools and {parent(spans, s)["name"] for s in tools} == {"tools"}
    search = by_name(spans, "execute_tool search_properties")[0]["attributes"]
    assert search["propsearch.skill"] == "real_estate"
    assert search["propsearch.tool.outcome"] == "ok" and search["gen_ai.tool.name"]
    assert search["propsearch.tool.arguments.bytes"] > 0
    recalls = [s for s in spans if s["name"].startswith("recall ")]
    assert "recall L3" in {s["name"] for s in recalls}  # L2: only past the last 5 exchanges
    assert all(isinstance(s["attributes"]["propsearch.memory.items"], int) for s in recalls)
    assert {parent(spans, s)["name"] for s in recalls} == {"hydrate"}
    for run in runs:
        assert run["attributes"]["propsearch.turn.queue_wait_s"] >= 0
    planned = [s for s in spans if s["name"].startswith("planner.")]
    refusals = [s for s in planned if s["attributes"]["propsearch.planner.hook"] == "refuse"]
    assert {s["name"] for s in refusals} >= {"planner.refuse real_estate"}
    assert {s["attributes"]["propsearch.planner.outcome"] for s in refusals} == {"none"}
    assert {parent(spans, s)["name"] for s in refusals} == {"agent"}
    assert refusals[0]["span_kind"] == "GUARDRAIL"
    plans = [s for s in planned if s["attributes"]["propsearch.planner.hook"] == "plan"]
    assert "planned" in {s["attributes"]["propsearch.planner.outcome"] for s in plans}


def test_spans_carry_sizes_and_ids_but_no_text_by_default(
    server: ServerProcess, phoenix: str
) -> None:
    words = "a quiet 2-bed condo in Round Rock near the lake"
    session = turn(server, {"message": words})[0]["session_id"]
    spans = spans_of(phoenix, session, roots=1)
    assert spans
    for span in spans:
        attrs = span["attributes"]
        assert "input.value" not in attrs and "gen_ai.input.messages" not in attrs
        assert not any("Round Rock" in str(value) for value in attrs.values())
    run = by_name(spans, "invoke_agent propsearch")[0]["attributes"]
    assert run["propsearch.input.chars"] == len(words)


def test_a_confirmation_continues_with_the_approved_call_traced(
    server: ServerProcess, phoenix: str
) -> None:
    session = turn(server, {"message": "my budget is $450k"})[0]["session_id"]
    asked = turn(server, {"message": "forget my budget", "session_id": session})
    confirm = next(e for e in asked if e["type"] == "confirm")
    answer = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
    turn(server, answer)
    spans = spans_of(phoenix, session, roots=3)

    outcomes = [r["attributes"]["propsearch.turn.outcome"] for r in spans if not r["parent_id"]]
    assert sorted(outcomes) == ["ok", "ok", "paused"]
    approved = by_name(spans, f"execute_tool {confirm['tool']}")
    assert [s["attributes"]["propsearch.tool.outcome"] for s in approved] == ["confirmed"]


def test_a_declined_confirmation_is_a_refused_tool_span(
    server: ServerProcess, phoenix: str
) -> None:
    session = turn(server, {"message": "my budget is $450k"})[0]["session_id"]
    asked = turn(server, {"message": "forget my budget", "session_id": session})
    confirm = next(e for e in asked if e["type"] == "confirm")
    turn(server, {"session_id": session, "confirm": {"id": confirm["id"], "approve": False}})
    spans = spans_of(phoenix, session, roots=3)
    (declined,) = by_name(spans, f"execute_tool {confirm['tool']}")
    assert declined["attributes"]["propsearch.tool.outcome"] == "refused"
    assert declined["attributes"]["propsearch.tool.refusal"] == "declined"
    assert parent(spans, declined)["name"] == "tools"


def test_a_message_a_planner_refuses_shows_which_one(server: ServerProcess, phoenix: str) -> None:
    session = turn(server, {"message": "find me a neighborhood without kids"})[0]["session_id"]
    spans = spans_of(phoenix, session, roots=1)
    (refused,) = [
        s
        for s in by_name(spans, "planner.refuse real_estate")
        if s["attributes"]["propsearch.planner.outcome"] == "refused"
    ]
    assert refused["attributes"]["propsearch.skill"] == "real_estate"
    assert not [s for s in spans if s["name"].startswith("execute_tool ")]


def test_a_failing_tool_call_is_an_error_span(server: ServerProcess, phoenix: str) -> None:
    body = {"params": {"zpid": "1"}}  # no such home: the skill answers 404
    failed = httpx.post(f"{server.url}/tools/get_property_details", json=body, timeout=60)
    assert failed.status_code == 404
    spans: list[dict[str, Any]] = []
    for _ in range(300):
        found = httpx.get(f"{phoenix}/v1/projects/default/spans", params={"limit": 1000}).json()
        named = by_name(found["data"], "execute_tool get_property_details")
        spans = [s for s in named if s["attributes"]["propsearch.tool.outcome"] != "ok"]
        if spans:
            break
        time.sleep(0.2)
    (span,) = spans
    assert span["status_code"] == "ERROR" and span["attributes"]["error.type"] == "SkillCallError"
    assert span["attributes"]["propsearch.tool.outcome"] == "error"
    assert span["attributes"]["propsearch.skill"] == "real_estate"


def test_an_mcp_turn_is_one_trace(server: ServerProcess, phoenix: str) -> None:
    async def ask() -> str:
        async with Client(streamable_http_client(f"{server.url}/mcp")) as client:
            done = await client.call_tool("ask_propsearch", {"message": SEARCH})
            return str(done.structured_content["session_id"])

    session = asyncio.run(ask())
    spans = spans_of(phoenix, session, roots=1)
    assert {"invoke_agent propsearch", "agent", "execute_tool search_properties"} <= {
        s["name"] for s in spans
    }
    assert len({s["context"]["trace_id"] for s in spans}) == 1


def test_a_cli_turn_is_one_trace(server: ServerProcess, phoenix: str) -> None:
    before = {s["id"] for s in httpx.get(f"{server.url}/sessions").json()["sessions"]}
    cli = pexpect.spawn(
        sys.executable,
        ["-m", "agent_graph.cli", "chat", "--url", server.url],
        cwd=str(ROOT),
        encoding="utf-8",
        timeout=60,
    )
    cli.expect(r"\[Y/n\]|you> ")
    if "Y/n" in str(cli.after):
        cli.sendline("n")
        cli.expect("you> ")
    cli.sendline("what time is it?")
    cli.expect("you> ")
    cli.sendline("quit")
    cli.expect(pexpect.EOF)
    cli.close()
    after = httpx.get(f"{server.url}/sessions").json()["sessions"]
    (session,) = [s["id"] for s in after if s["id"] not in before]
    spans = spans_of(phoenix, session, roots=1)
    (run,) = by_name(spans, "invoke_agent propsearch")
    assert run["attributes"]["propsearch.turn.outcome"] == "ok"
    assert "execute_tool get_current_time" in {s["name"] for s in spans}


def test_log_lines_carry_the_trace_and_span_ids(server: ServerProcess) -> None:
    """While tracing, every log line ends with the ids (`-` outside a span; inside one, its
    ids: tests/unit/test_trace_outcomes.py); nothing in a plain turn logs, so the ids are
    checked there."""
    lines = server.log().splitlines()
    suffixed = [line for line in lines if re.search(r"\[trace_id=(-|[0-9a-f]{32}) span_id=", line)]
    assert suffixed and any("skill" in line for line in suffixed)


def test_a_langgraph_studio_run_is_one_trace(
    phoenix: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    folder = tmp_path_factory.mktemp("studio")
    with run_langgraph_dev(folder, OTEL_EXPORTER_OTLP_ENDPOINT=phoenix,
                           OTEL_METRICS_EXPORTER="none", OTEL_BSP_SCHEDULE_DELAY="100") as dev:  # fmt: skip
        client = httpx.Client(base_url=dev.url, timeout=120)
        thread = client.post("/threads", json={}).json()["thread_id"]
        body = {
            "assistant_id": "agent",
            "input": {"messages": [{"role": "user", "content": SEARCH}]},
        }
        assert client.post(f"/threads/{thread}/runs/wait", json=body).status_code == 200
        spans = spans_of(phoenix, thread, roots=1)
    (run,) = by_name(spans, "invoke_agent propsearch")
    assert run["span_kind"] == "AGENT" and not run.get("parent_id")
    assert run["attributes"]["gen_ai.conversation.id"] == thread
    assert {"hydrate", "agent", "execute_tool search_properties"} <= {s["name"] for s in spans}
    assert len({s["context"]["trace_id"] for s in spans}) == 1
