"""Memory through the real API: preferences survive a restart, episodes, L3 hygiene, endpoints."""

from __future__ import annotations

from pathlib import Path

import httpx
from fastapi.testclient import TestClient

from agent_graph.memory.chroma import open_client
from agent_graph.memory.embeddings import default_embedding_function
from agent_graph.memory.semantic import SemanticMemory
from tests.servers import free_port_window, sse_events, start_server, stream_turn


def _turn(url: str, message: str, session_id: str | None = None) -> list[dict]:
    body = {"message": message, **({"session_id": session_id} if session_id else {})}
    with httpx.stream("POST", f"{url}/chat/stream", json=body, timeout=60) as response:
        assert response.status_code == 200
        return sse_events(response.iter_lines())


def test_preferences_are_recalled_after_a_restart_in_a_new_session(tmp_path: Path) -> None:
    memory_root = tmp_path / "memory"
    server = start_server(memory_root, free_port_window())
    try:
        first = _turn(
            server.url, "We're looking in Pflugerville, budget $400k, remember we need 3 bedrooms"
        )
        saved = [
            e["args"]["key"]
            for e in first
            if e["type"] == "step"
            and e["status"] == "start"
            and e["name"] == "save_search_criteria"
        ]
        assert sorted(saved) == ["beds_min", "budget_max", "location"]
    finally:
        server.stop()
    prefs = (memory_root / "users/local/skills/real_estate/preferences.md").read_text()
    assert "[PREFERENCE] budget_max: $400,000" in prefs

    server = start_server(memory_root, free_port_window())
    try:
        events = _turn(server.url, "show me what's available")
        listed = httpx.get(f"{server.url}/memory/preferences").json()["preferences"]["real_estate"]
    finally:
        server.stop()
    assert events[0]["session_id"] != first[0]["session_id"]
    items = next(e for e in events if e["type"] == "data")["data"]["items"]
    assert items
    for item in items:
        assert item["city"] == "Pflugerville" and item["price"] <= 400_000 and item["beds"] >= 3
    text = "".join(e["content"] for e in events if e["type"] == "token")
    assert "Using your saved budget of $400,000" in text and "Pflugerville" in text
    assert {"entry_type": "PREFERENCE", "key": "location", "value": "Pflugerville"} in listed


def test_an_early_exchange_comes_back_by_similarity(app_client: TestClient) -> None:
    session = stream_turn(app_client, "show me homes with a swimming pool in 78748")[0][
        "session_id"
    ]
    fillers = [
        "what time is it?",
        "condos in 78704",
        "3 bedroom houses in 78745",
        "what's the date?",
        "townhouses in Austin",
        "homes in Del Valle",
        "houses in 78753 under 300k",
        "what time is it now?",
        "homes near the domain",
        "two bedroom condos near downtown",
    ]
    for message in fillers:
        stream_turn(app_client, message, session)
    stream_turn(app_client, "what about the one with the pool from earlier?", session)
    context = app_client.get(f"/debug/sessions/{session}/context").json()
    episodes = context["sections"].get("episodes", "")
    assert "swimming pool in 78748" in episodes
    verbatim = [m["content"] for m in context["messages"] if m["type"] == "human"]
    assert verbatim[:-1] == fillers[-5:]


def test_errors_and_empty_results_never_reach_l3(app_client: TestClient) -> None:
    stream_turn(app_client, "Show me the details for 1 Nowhere Rd (zpid: 999999999)")
    stream_turn(app_client, "5 bedroom condo in Pflugerville under $100k with a pool")
    stream_turn(app_client, "find me a 3-bed house in Austin under $500k")
    memory = SemanticMemory(open_client(app_client.memory_root), default_embedding_function())  # type: ignore[attr-defined]
    hits = memory.search(
        "local", "property details zpid 999999999 condo Pflugerville", n=50, max_distance=2.0
    )
    summaries = [h.summary for h in hits]
    assert not any("999999999" in s for s in summaries)
    assert not any("Pflugerville" in s and "100000" in s for s in summaries)
    assert any("search_properties" in s and "500000" in s for s in summaries)


def test_forget_a_preference(app_client: TestClient) -> None:
    stream_turn(app_client, "never show me condos")
    listed = app_client.get("/memory/preferences").json()["preferences"]["real_estate"]
    assert {"entry_type": "DECISION", "key": "exclude_property_type", "value": "condo"} in listed
    assert (
        app_client.delete("/memory/preferences/real_estate/exclude_property_type").status_code
        == 204
    )
    assert (
        app_client.delete("/memory/preferences/real_estate/exclude_property_type").status_code
        == 404
    )
    assert 400 <= app_client.delete("/memory/preferences/real_estate/..%2Fx").status_code < 500
    assert app_client.delete("/memory/preferences/bad.skill!/key").status_code in (404, 422)
    keys = [
        e["key"]
        for e in app_client.get("/memory/preferences").json()["preferences"].get("real_estate", [])
    ]
    assert "exclude_property_type" not in keys


def test_deleting_a_session_deletes_its_episodes_only(app_client: TestClient) -> None:
    from agent_graph.memory.episodes import EpisodeMemory

    kept = stream_turn(app_client, "homes with a pool in 78748")[0]["session_id"]
    gone = stream_turn(app_client, "condos in 78704")[0]["session_id"]
    stream_turn(app_client, "what time is it?", gone)
    episodes = EpisodeMemory(open_client(app_client.memory_root), default_embedding_function())  # type: ignore[attr-defined]
    assert episodes.count("local", gone) == 2 and episodes.count("local", kept) == 1
    assert app_client.delete(f"/sessions/{gone}").status_code == 204
    assert episodes.count("local", gone) == 0
    assert episodes.count("local", kept) == 1
