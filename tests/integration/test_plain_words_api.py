"""Messages that need words, not tools, through the real API (offline model, real workers):
a greeting reaches the skill that declares it, a new conversation opens with its unseen alerts,
and bad input (empty, too long, another language, emoji only, an id or an ordinal that names no
home) gets a clear answer and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tests.servers import answer_text, last_data, started_tools, stream_turn

SEARCH = "3 bedroom houses in 78745 under $450k"


def _snapshot(client: TestClient) -> dict[str, Any]:
    """What a turn could change: the remembered entries and the conversations."""
    return {
        "memory": client.get("/memory/preferences").json(),
        "sessions": client.get("/sessions").json(),
    }


def _shown(client: TestClient) -> tuple[str, list[dict[str, Any]]]:
    """A conversation with ten homes on screen: its id and the homes."""
    events = stream_turn(client, SEARCH)
    items = last_data(events)["items"]
    assert len(items) == 10, f"{SEARCH!r} showed {len(items)} homes"
    return str(events[0]["session_id"]), items


def test_a_greeting_is_answered_by_the_skill_that_declares_it(app_client: TestClient) -> None:
    events = stream_turn(app_client, "hi there")
    assert started_tools(events) == []
    text = answer_text(events)
    assert text.startswith("Hi! I'm PropSearch"), text
    assert "Which area" in text  # one question back, never the tools' descriptions
    assert "zpid" not in text and "e.g" not in text


def test_thanks_is_answered_in_words(app_client: TestClient) -> None:
    events = stream_turn(app_client, "thank you so much!")
    assert started_tools(events) == []
    assert answer_text(events).startswith("You're welcome"), answer_text(events)


def _store_alert(client: TestClient, user: str, key: str, title: str) -> None:
    store = client.app.state.runtime.storage.jobs  # type: ignore[attr-defined]
    alert = {"user": user, "key": key, "kind": "price_drop", "title": title, "body": "-5%"}
    assert store.add_alert("real_estate", "test", alert, None) is not None


def test_a_greeting_in_a_new_conversation_says_the_unseen_alerts_first(
    app_client: TestClient,
) -> None:
    user = app_client.get("/me").json()["user"]
    _store_alert(app_client, user, "greeting-test:drop", "Price drop: 12 Greeting Ln")
    events = stream_turn(app_client, "hello")
    text = answer_text(events)
    assert started_tools(events) == []
    assert "Price drop: 12 Greeting Ln" in text, text
    assert text.index("Price drop") < text.index("Hi! I'm PropSearch"), text


@pytest.mark.parametrize(
    ("message", "detail"),
    [("", "message is empty"), ("   ", "message is empty"), ("x" * 10_000, "longer than")],
    ids=["empty", "blank", "10,000 characters"],
)
def test_an_empty_or_huge_message_is_refused_clearly_and_changes_nothing(
    app_client: TestClient, message: str, detail: str
) -> None:
    before = _snapshot(app_client)
    response = app_client.post("/chat/stream", json={"message": message})
    assert response.status_code in (413, 422), response.text
    assert detail in response.json()["detail"], response.text
    assert _snapshot(app_client) == before


WORDS_ONLY = [
    ("busco una casa con tres habitaciones en Austin", "only answer in English"),
    ("Я ищу дом с тремя спальнями", "only answer in English"),
    ("🏠🏠🏠❓", "only read words"),
    ("👍", "only read words"),
]


@pytest.mark.parametrize(
    ("message", "said"), WORDS_ONLY, ids=["spanish", "russian", "emoji", "thumb"]
)
def test_a_message_it_cannot_read_is_answered_in_english_and_nothing_runs(
    app_client: TestClient, message: str, said: str
) -> None:
    memory = app_client.get("/memory/preferences").json()
    events = stream_turn(app_client, message)
    assert started_tools(events) == []
    assert said in answer_text(events), answer_text(events)
    assert app_client.get("/memory/preferences").json() == memory


def test_an_ordinal_past_the_end_of_the_results_says_how_many_there_are(
    app_client: TestClient,
) -> None:
    session, _items = _shown(app_client)
    memory = app_client.get("/memory/preferences").json()
    events = stream_turn(app_client, "tell me about the twelfth one", session)
    assert started_tools(events) == []
    assert "10" in answer_text(events) or "ten" in answer_text(events), answer_text(events)
    assert app_client.get("/memory/preferences").json() == memory


@pytest.mark.parametrize(
    "message",
    ["show me home 99999999", "watch home 99999999 for price drops", "book a tour of 99999999"],
)
def test_an_id_of_no_home_says_so_and_saves_nothing(app_client: TestClient, message: str) -> None:
    session, _items = _shown(app_client)
    memory = app_client.get("/memory/preferences").json()
    events = stream_turn(app_client, message, session)
    text = answer_text(events)
    assert not {"watch_home", "request_tour", "save_search"} & set(started_tools(events)), text
    assert "99999999" not in text or "no home" in text.lower()
    assert any(w in text for w in ("couldn't find", "isn't among", "no home")), text
    assert app_client.get("/memory/preferences").json() == memory
