"""The reference MCP time server as a skill, in an offline conversation through the API."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.servers import stream_turn


def test_time_conversion_goes_to_the_mcp_server(app_client: TestClient) -> None:
    events = stream_turn(app_client, "Convert 3pm New York time to Tokyo")
    steps = [(e["name"], e["status"]) for e in events if e["type"] == "step"]
    assert steps == [("mcp_time_convert_time", "start"), ("mcp_time_convert_time", "end")]
    text = "".join(e["content"] for e in events if e["type"] == "token")
    assert "3:00 PM on" in text and "in America/New_York is" in text
    assert "in Asia/Tokyo (+14.0h)" in text or "in Asia/Tokyo (+13.0h)" in text  # DST in NY


def test_what_time_is_it_stays_with_current_time(app_client: TestClient) -> None:
    events = stream_turn(app_client, "what time is it?")
    assert [e["name"] for e in events if e["type"] == "step"] == ["get_current_time"] * 2
