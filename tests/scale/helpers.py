"""Talking to replicas and reading what they stored (straight from PostgreSQL)."""

from __future__ import annotations

from typing import Any

import httpx
import psycopg

from tests.servers import sse_events


def turn(
    url: str, text: str, session: str | None = None, path: str = "/chat/stream"
) -> list[dict[str, Any]]:
    body = {"message": text, **({"session_id": session} if session else {})}
    with httpx.stream("POST", f"{url}{path}", json=body, timeout=120) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def errors(events: list[dict[str, Any]]) -> list[str]:
    return [e["message"] for e in events if e["type"] == "error"]


def data(events: list[dict[str, Any]]) -> dict[str, Any]:
    return next(e["data"] for e in events if e["type"] == "data")


def text(events: list[dict[str, Any]]) -> str:
    return "".join(e["content"] for e in events if e["type"] == "token")


def stored(database_url: str, session: str) -> dict[str, Any]:
    """The session row as PostgreSQL holds it."""
    with psycopg.connect(database_url) as conn:
        row = conn.execute(
            "SELECT title, messages, turns FROM sessions WHERE id = %s", (session,)
        ).fetchone()
    assert row is not None, f"no session {session}"
    return {"title": row[0], "messages": row[1], "turns": row[2]}


def assert_whole(record: dict[str, Any]) -> None:
    """Every exchange complete: one human message per turn, in order, every tool call answered."""
    humans = [m["data"]["content"] for m in record["messages"] if m["type"] == "human"]
    assert humans == [t["user"] for t in record["turns"]]
    answered = {m["data"]["tool_call_id"] for m in record["messages"] if m["type"] == "tool"}
    for message in record["messages"]:
        for call in message["data"].get("tool_calls") or []:
            assert call["id"] in answered


def confirm(url: str, session: str, confirm_id: str, approve: bool) -> list[dict[str, Any]]:
    """Answer a paused turn's `confirm` event (the resume request)."""
    body = {"session_id": session, "confirm": {"id": confirm_id, "approve": approve}}
    with httpx.stream("POST", f"{url}/chat/stream", json=body, timeout=120) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def said(url: str, text: str, session: str | None = None) -> list[dict[str, Any]]:
    """A turn whose change to a remembered entry is approved when the server asks (changing an
    entry that is already there waits for a yes)."""
    events = turn(url, text, session)
    if len(events) >= 2 and events[-2]["type"] == "confirm":
        events = events[:-1] + confirm(url, events[0]["session_id"], events[-2]["id"], True)
    return events


def preference(url: str, key: str) -> str | None:
    """The value of one real_estate L1 entry as a replica lists it, or None."""
    entries = httpx.get(f"{url}/memory/preferences").json()["preferences"].get("real_estate", [])
    return next((e["value"] for e in entries if e["key"] == key), None)
