"""The yes/no before a forget names the entry in words, through the real API and the skill's
planner (offline model): a watched home by its address, a saved search by its criteria, never
an entry key or a zpid (issue 47, item 1)."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from tests.servers import last_data, sse_events, started_tools, stream_turn

KEYS = re.compile(r"\b(search|watch|home)_\w+|\b\d{6,}\b")


def _yes(client: TestClient, session: str, events: list[dict]) -> None:
    body = {"session_id": session, "confirm": {"id": events[-2]["id"], "approve": True}}
    with client.stream("POST", "/chat/stream", json=body) as response:
        assert response.status_code == 200
        sse_events(response.iter_lines())


def _question(events: list[dict]) -> str:
    assert events[-2]["type"] == "confirm", [e["type"] for e in events]
    return str(events[-2]["question"])


def test_forgetting_a_watch_and_a_saved_search_is_asked_in_words(app_client: TestClient) -> None:
    searched = stream_turn(app_client, "3 bedroom houses in 78745")
    session = searched[0]["session_id"]
    first = last_data(searched)["items"][0]
    _yes(app_client, session, stream_turn(app_client, "keep an eye on the first one", session))
    _yes(app_client, session, stream_turn(app_client, "save this search", session))

    watch = _question(stream_turn(app_client, "stop watching the first one", session))
    assert watch == f"Stop watching {first['address']}?"
    search = _question(stream_turn(app_client, "delete my saved search", session))
    assert search.startswith("Forget your saved search for houses in 78745 with 3+ bedrooms")
    assert not KEYS.search(watch + search)


def _asked_directly(client: TestClient, tool: str, args: dict) -> str:
    """The question `POST /tools/{tool}` asks first (MCP and API clients), the call unsent."""
    asked = client.post(f"/tools/{tool}", json={"params": args})
    assert asked.status_code == 409, asked.text
    return str(asked.json()["detail"])


def test_a_direct_call_is_asked_in_the_chats_words(app_client: TestClient) -> None:
    """The same call, through the chat and through `POST /tools` with a real worker: the same
    question by the skill's planner (a direct call has no conversation, so the home is "this
    home" where the chat names the one it showed), never the template's raw words."""
    searched = stream_turn(app_client, "3 bedroom houses in 78745")
    session = searched[0]["session_id"]
    second = last_data(searched)["items"][1]
    _yes(app_client, session, stream_turn(app_client, "save this search", session))

    forget = stream_turn(app_client, "delete my saved search", session)[-2]
    assert forget["type"] == "confirm"
    direct = _asked_directly(app_client, "forget_search_criteria", forget["args"])
    assert direct == forget["question"]

    tour = stream_turn(app_client, "I'd like to see the second one on Saturday morning", session)
    assert tour[-2]["type"] == "confirm" and second["address"] in tour[-2]["question"]
    direct = _asked_directly(app_client, "request_tour", tour[-2]["args"])
    assert direct == tour[-2]["question"].replace(second["address"], "this home")
    assert "Saturday morning" not in direct and not KEYS.search(direct)


def _watched(client: TestClient) -> list[str]:
    prefs = client.get("/memory/preferences").json()["preferences"].get("real_estate", [])
    return [p["key"] for p in prefs if p["entry_type"] == "WATCH"]


def test_a_typed_yes_or_no_answers_the_question_a_new_message_drops_it(
    app_client: TestClient,
) -> None:
    """Typed in the chat box instead of a click: "no thanks" leaves the watch unmade, "yes
    please" makes it, and a message that is more than a yes ("sure, and what about Buda?")
    is a new one, which drops the question (as any new message does)."""
    searched = stream_turn(app_client, "3 bedroom houses in 78745")
    session = searched[0]["session_id"]
    third = last_data(searched)["items"][2]
    before = _watched(app_client)

    _question(stream_turn(app_client, "let me know if the third one gets cheaper", session))
    declined = stream_turn(app_client, "no thanks", session)
    assert "confirm" not in [e["type"] for e in declined] and _watched(app_client) == before

    _question(stream_turn(app_client, "let me know if the third one gets cheaper", session))
    approved = stream_turn(app_client, "yes please", session)
    assert "watch_home" in started_tools(approved)
    assert [k for k in _watched(app_client) if k not in before] == [f"watch_{third['zpid']}"]

    _question(stream_turn(app_client, "I'd like to see the third one on Saturday", session))
    moved_on = stream_turn(app_client, "sure, and what about Buda?", session)
    assert "request_tour" not in started_tools(moved_on)
    answered = {"session_id": session, "confirm": {"id": "any", "approve": True}}
    assert app_client.post("/chat/stream", json=answered).status_code == 409
