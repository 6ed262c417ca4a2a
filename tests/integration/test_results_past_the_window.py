"""Results still on the person's screen after the prompt stopped replaying them: a search asked
more than VERBATIM_EXCHANGES exchanges ago is still what "the third one" points into, through
the real API (offline model, the real skill workers and planners)."""

from __future__ import annotations

from fastapi.testclient import TestClient

from agent_graph.graph.nodes.hydrate import VERBATIM_EXCHANGES
from tests.servers import answer_text, last_data, started_tools, stream_turn


def test_the_third_one_after_more_exchanges_than_the_prompt_replays(
    app_client: TestClient,
) -> None:
    first = stream_turn(app_client, "3 bedroom houses in 78745")
    session = first[0]["session_id"]
    shown = last_data(first)["items"]
    for _ in range(VERBATIM_EXCHANGES + 1):  # words-only turns push the search out of the replay
        stream_turn(app_client, "what is an escrow account", session)

    third = stream_turn(app_client, "tell me more about the third one", session)
    assert started_tools(third) == ["get_property_details"]
    assert last_data(third)["items"][0]["zpid"] == shown[2]["zpid"]

    stream_turn(app_client, "what is an escrow account", session)
    twelfth = stream_turn(app_client, "show me the twelfth one", session)
    assert started_tools(twelfth) == []
    assert f"only {len(shown)} results" in answer_text(twelfth)
