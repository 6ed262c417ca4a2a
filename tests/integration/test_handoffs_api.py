"""Tour requests through the real API (issue 38 item 6): confirmed, kept in the generic handoff
inbox, read and marked handled by the `agent` role only, posted to the operator's webhook as
Standard Webhooks (a real HTTP receiver on 127.0.0.1, checked with docs/jobs.md's snippet);
guests are asked to sign in first. Both ways (issue 47 item 5): the agent answers, the buyer sees
each request's status and answers and is alerted, and the webhook hears each change."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, ClassVar

import pytest
from fastapi.testclient import TestClient

from agent_graph.storage.handoffs import EVENTS
from tests.jobs.receivers import SECRET, documented_verify
from tests.servers import answer_text, last_data, sse_events
from tests.trust.helpers import ALICE, GINA, TOKENS, app_client, bearer, write_tokens

AGENT = "agnes-agent-token-0123456789"


class Receiver(BaseHTTPRequestHandler):
    received: ClassVar[list[tuple[dict[str, str], bytes]]] = []

    def do_POST(self) -> None:
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        Receiver.received.append((dict(self.headers), body))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        return


@pytest.fixture(scope="module")
def receiver() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/hook"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory, receiver: str) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("handoffs")
    tokens = {**TOKENS, AGENT: {"user": "agnes", "role": "agent"}}
    with app_client(
        folder / "memory",
        api_tokens_file=write_tokens(folder, tokens),
        handoff_webhook_url=receiver,
        handoff_webhook_secret=SECRET,
    ) as app:
        yield app


def _home(client: TestClient) -> dict[str, Any]:
    found = client.post(
        "/tools/search_properties", json={"params": {"location": "78704", "limit": 2}}
    )
    return found.json()["result"]["items"][1]


def test_a_confirmed_tour_request_reaches_the_agent_inbox_and_the_webhook(
    client: TestClient,
) -> None:
    home = _home(client)
    params = {"zpid": home["zpid"], "times": "Saturday morning", "contact": "al@example.com"}
    params["timezone"] = "America/Chicago"
    asked = client.post("/tools/request_tour", json={"params": params}, headers=bearer(ALICE))
    assert asked.status_code == 409 and "Send a tour request" in asked.json()["detail"]
    assert client.get("/handoffs", headers=bearer(AGENT)).json()["handoffs"] == []
    sent = client.post(
        "/tools/request_tour",
        json={"params": params, "confirm": asked.json()["confirm"]},
        headers=bearer(ALICE),
    )
    assert sent.status_code == 200 and sent.json()["result"]["type"] == "handoff"

    assert client.get("/handoffs", headers=bearer(ALICE)).status_code == 403
    inbox = client.get("/handoffs", headers=bearer(AGENT)).json()
    assert inbox["open"] == 1
    (handoff,) = inbox["handoffs"]
    assert handoff["user"] == "alice" and handoff["kind"] == "tour"
    assert handoff["skill"] == "real_estate" and home["address"] in handoff["title"]
    said = handoff["details"]["times"]  # the user's words as a date in their zone
    assert said.startswith("Saturday ") and said.endswith(", 9 am–12 pm (America/Chicago)")

    deadline = time.monotonic() + 10
    while not Receiver.received and time.monotonic() < deadline:
        time.sleep(0.05)
    headers, body = Receiver.received[0]
    assert documented_verify()(SECRET, {k.lower(): v for k, v in headers.items()}, body)
    message = json.loads(body)
    assert message["type"] == "handoff.created" and message["data"]["id"] == handoff["id"]

    assert (
        client.post(f"/handoffs/{handoff['id']}/handled", headers=bearer(ALICE)).status_code == 403
    )
    done = client.post(f"/handoffs/{handoff['id']}/handled", headers=bearer(AGENT))
    assert done.status_code == 200 and done.json()["handled_by"] == "agnes"
    assert client.get("/handoffs?open_only=true", headers=bearer(AGENT)).json()["open"] == 0
    assert client.post("/handoffs/nope/handled", headers=bearer(AGENT)).status_code == 404


def _requested(client: TestClient, home: dict[str, Any], times: str) -> dict[str, Any]:
    params = {"zpid": home["zpid"], "times": times, "contact": "al@example.com"}
    asked = client.post("/tools/request_tour", json={"params": params}, headers=bearer(ALICE))
    body = {"params": params, "confirm": asked.json()["confirm"]}
    sent = client.post("/tools/request_tour", json=body, headers=bearer(ALICE))
    assert sent.status_code == 200, sent.text
    inbox = client.get("/handoffs", headers=bearer(AGENT)).json()["handoffs"]
    said = sent.json()["result"]["details"]["times"]
    return next(h for h in inbox if h["details"]["times"] == said)


def _hook(change: str, handoff_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for headers, body in Receiver.received:
            data = json.loads(body)["data"]
            if data.get("change") == change and data["id"] == handoff_id:
                lowered = {k.lower(): v for k, v in headers.items()}
                assert documented_verify()(SECRET, lowered, body)
                assert json.loads(body)["type"] == EVENTS[change]
                return dict(data)
        time.sleep(0.05)
    raise AssertionError(f"the webhook never heard {change} of {handoff_id}")


def test_the_agent_answers_and_the_buyer_sees_it_both_ways(client: TestClient) -> None:
    home = _home(client)
    handoff = _requested(client, home, "Sunday afternoon")
    details = handoff["details"]  # what the agent's inbox shows: the listing and the contact
    assert details["address"] == home["address"] and details["url"] == home["url"]
    assert details["contact"] == "al@example.com"
    mine = client.get("/handoffs/mine", headers=bearer(ALICE)).json()
    waiting = next(h for h in mine["handoffs"] if h["id"] == handoff["id"])
    assert (waiting["handled_at"], waiting["replies"]) == (None, [])
    assert client.get("/handoffs/mine", headers=bearer(AGENT)).json()["handoffs"] == []
    assert _hook("new", handoff["id"])["details"]["contact"] == "al@example.com"

    path = f"/handoffs/{handoff['id']}/reply"
    assert client.post(path, json={"text": "hi"}, headers=bearer(ALICE)).status_code == 403
    assert client.post(path, json={"text": "   "}, headers=bearer(AGENT)).status_code == 422
    assert (
        client.post("/handoffs/nope/reply", json={"text": "x"}, headers=bearer(AGENT)).status_code
        == 404
    )
    answered = client.post(
        path, json={"text": "Sunday at 2 works, see you there"}, headers=bearer(AGENT)
    )
    assert answered.status_code == 200 and answered.json()["handled_by"] == "agnes"
    assert answered.json()["replies"][0]["text"] == "Sunday at 2 works, see you there"

    seen = next(h for h in client.get("/handoffs/mine", headers=bearer(ALICE)).json()["handoffs"]
                if h["id"] == handoff["id"])  # fmt: skip
    assert seen["handled_at"] and seen["replies"][0]["by"] == "agnes"
    alerts = client.get("/alerts", headers=bearer(ALICE)).json()["alerts"]
    told = next(a for a in alerts if a["kind"] == "handoff_reply")
    assert told["title"] == f"An agent answered your tour request for {home['address']}"
    assert told["body"] == "Sunday at 2 works, see you there"
    assert told["items"][0]["zpid"] == home["zpid"]  # the home opens from the bell
    assert _hook("reply", handoff["id"])["replies"][0]["text"] == "Sunday at 2 works, see you there"


def test_a_handled_request_tells_the_buyer_once(client: TestClient) -> None:
    home = _home(client)
    handoff = _requested(client, home, "Monday morning")
    for _ in range(2):
        done = client.post(f"/handoffs/{handoff['id']}/handled", headers=bearer(AGENT))
        assert done.status_code == 200
    alerts = client.get("/alerts", headers=bearer(ALICE)).json()["alerts"]
    handled = [a for a in alerts if a["kind"] == "handoff_handled" and handoff["id"] in a["key"]]
    assert [a["title"] for a in handled] == [
        f"An agent handled your tour request for {home['address']}"
    ]
    assert _hook("handled", handoff["id"])["handled_by"] == "agnes"
    assert client.get("/handoffs/mine", headers=bearer(GINA)).json() == {"handoffs": [], "open": 0}


def test_a_tour_of_a_home_that_does_not_exist_is_refused(client: TestClient) -> None:
    params = {"zpid": "1", "times": "Sunday", "contact": "al@example.com"}
    asked = client.post("/tools/request_tour", json={"params": params}, headers=bearer(ALICE))
    refused = client.post(
        "/tools/request_tour",
        json={"params": params, "confirm": asked.json()["confirm"]},
        headers=bearer(ALICE),
    )
    assert refused.status_code == 404 and "no listing with zpid 1" in refused.json()["detail"]


def test_guests_are_asked_to_sign_in_first(client: TestClient) -> None:
    params = {"zpid": _home(client)["zpid"], "times": "Sunday", "contact": "g@example.com"}
    for headers in ({}, bearer(GINA)):
        refused = client.post("/tools/request_tour", json={"params": params}, headers=headers)
        assert refused.status_code == 403 and "Sign in" in refused.json()["detail"]


def stream_turn(
    client: TestClient, message: str, session: str | None = None, headers: Any = None
) -> list[dict[str, Any]]:
    body = {"message": message, **({"session_id": session} if session else {})}
    with client.stream("POST", "/chat/stream", json=body, headers=headers) as response:
        assert response.status_code == 200, response.read()
        return sse_events(response.iter_lines())


def test_in_chat_the_second_one_on_saturday_morning(client: TestClient) -> None:
    first = stream_turn(client, "3 bedroom houses in 78745", headers=bearer(ALICE))
    session, shown = first[0]["session_id"], last_data(first)["items"]
    asked = stream_turn(
        client, "I'd like to see the second one on Saturday morning", session, headers=bearer(ALICE)
    )
    confirm = asked[-2]
    assert confirm["type"] == "confirm" and confirm["tool"] == "request_tour"
    assert confirm["args"]["zpid"] == shown[1]["zpid"]
    body = {"session_id": session, "confirm": {"id": confirm["id"], "approve": True}}
    with client.stream("POST", "/chat/stream", json=body, headers=bearer(ALICE)) as response:
        done = sse_events(response.iter_lines())
    assert "sent your tour request" in answer_text(done)
    titles = [h["title"] for h in client.get("/handoffs", headers=bearer(AGENT)).json()["handoffs"]]
    assert f"Tour request for {shown[1]['address']}" in titles


def test_me_tells_each_caller_their_role_so_the_ui_asks_for_the_inbox_only_as_an_agent(
    client: TestClient,
) -> None:
    agent = client.get("/me", headers=bearer(AGENT))
    user = client.get("/me", headers=bearer(ALICE))
    assert agent.status_code == 200 and agent.json() == {"user": "agnes", "role": "agent"}
    assert user.status_code == 200 and user.json() == {"user": "alice", "role": "user"}
    assert client.get("/me").status_code == 401
