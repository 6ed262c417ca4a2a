"""The real_estate worker as a real subprocess: start-up, /schema and /execute over HTTP."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.skills.real_estate_fakes import SKILL_DIR, SKILLS_ROOT, Route, free_port, running_fake

PROTOCOL_CRITERIA = {
    "location", "beds_min", "beds_max", "baths_min", "baths_max", "price_min", "price_max",
    "sqft_min", "property_type",
    "exclude_types", "features", "near", "radius_miles", "sort", "limit", "page",
    "school_rating_min", "garage_spaces_min", "stories_min", "stories_max", "lot_size_min",
    "year_built_min", "no_hoa", "wishes", "like_zpid", "price_dropped_within_days",
    "days_on_market_max",
}  # fmt: skip


class Worker:
    """A running `python server.py` with the environment the process backend gives it."""

    def __init__(self, extra_env: dict[str, str] | None = None) -> None:
        self.port = free_port()
        env = {k: v for k, v in os.environ.items() if not k.startswith("REALTYAPI_")}
        env.update(PORT=str(self.port), PYTHONPATH=str(SKILLS_ROOT), **(extra_env or {}))
        started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "server.py"], cwd=SKILL_DIR, env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        while time.monotonic() - started < 15:
            assert self.process.poll() is None, self.process.stderr.read().decode()
            try:
                if self.request("GET", "/health")[0] == 200:
                    break
            except OSError:
                time.sleep(0.01)

    def request(self, method: str, path: str, body: bytes | None = None) -> tuple[int, Any]:
        req = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", body, method=method)
        try:
            with urllib.request.urlopen(req, timeout=10) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def execute(self, tool: str, params: dict[str, Any]) -> tuple[int, Any]:
        return self.request(
            "POST", "/execute", json.dumps({"tool": tool, "params": params}).encode()
        )

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(timeout=10)
        if self.process.stderr:
            self.process.stderr.close()


@pytest.fixture(scope="module")
def worker() -> Iterator[Worker]:
    running = Worker()
    yield running
    running.stop()


def test_worker_answers_health(worker: Worker) -> None:
    """How fast it gets ready is bench/'s to measure (bench/bench_pool.py), not a test's."""
    status, body = worker.request("GET", "/health")
    assert status == 200 and body["ok"] is True  # plus the pool's worker nonce


def test_schema_lists_every_tool_with_the_protocol_criteria_and_metadata(worker: Worker) -> None:
    status, schema = worker.request("GET", "/schema")
    assert status == 200
    assert (
        isinstance(schema["system_prompt"], str)
        and "save_search_criteria" in schema["system_prompt"]
    )
    functions = {tool["function"]["name"]: tool["function"] for tool in schema["tools"]}
    meta = {tool["function"]["name"]: tool["x-propsearch"] for tool in schema["tools"]}
    assert all(tool["type"] == "function" for tool in schema["tools"])
    assert set(functions) == {
        "search_properties", "get_property_details", "get_property_details_by_address",
        "save_search_criteria", "forget_search_criteria", "save_home", "remove_saved_home",
        "get_saved_homes", "compare_properties", "save_search", "watch_home", "request_tour",
    }  # fmt: skip
    search = functions["search_properties"]["parameters"]
    assert set(search["properties"]) == PROTOCOL_CRITERIA
    assert search["properties"]["sort"]["enum"] == [
        "relevance", "price", "price_desc", "newest", "size", "distance",
    ]  # fmt: skip
    assert functions["get_property_details"]["parameters"]["required"] == ["zpid"]
    memory = functions["save_search_criteria"]["parameters"]["properties"]
    assert memory["entry_type"]["enum"] == ["PREFERENCE", "DECISION"]
    assert meta["search_properties"]["guest"] is True
    assert meta["search_properties"]["renders"] == "listings"
    assert meta["compare_properties"]["renders"] == "comparison"
    destructive = {name for name, m in meta.items() if "confirm" in m}
    assert destructive == {
        "forget_search_criteria", "remove_saved_home", "save_search", "watch_home", "request_tour",
    }  # fmt: skip
    writers = {
        "save_search_criteria", "forget_search_criteria", "save_home", "remove_saved_home",
        "save_search", "watch_home", "request_tour",
    }  # fmt: skip
    assert not any(meta[name].get("guest") for name in writers)


def test_save_home_then_remove_it_are_memory_writes(worker: Worker) -> None:
    status, body = worker.execute("search_properties", {"location": "78704", "limit": 1})
    listing = body["result"]["items"][0]
    status, body = worker.execute("save_home", {"zpid": listing["zpid"]})
    assert status == 200
    assert body["result"] == {
        "type": "memory_write",
        "entry_type": "SAVED",
        "key": f"home_{listing['zpid']}",
        "value": f"{listing['address']} · ${listing['price']:,}",
        "zpid": listing["zpid"],
    }
    status, body = worker.execute("remove_saved_home", {"zpid": int(listing["zpid"])})
    assert status == 200
    assert body["result"]["op"] == "delete" and body["result"]["key"] == f"home_{listing['zpid']}"
    status, body = worker.execute("save_home", {"zpid": "1"})
    assert status == 404 and "no property with zpid 1" in body["error"]
    status, body = worker.execute("save_home", {"zpid": "abc"})
    assert status == 400 and "numeric Zillow id" in body["error"]


def test_search_then_details_round_trip(worker: Worker) -> None:
    status, body = worker.execute(
        "search_properties", {"location": "78704", "beds_min": 3, "limit": 3}
    )
    assert status == 200
    result = body["result"]
    assert result["type"] == "listings" and len(result["items"]) == 3 and result["total"] > 3
    first = result["items"][0]
    status, body = worker.execute("get_property_details", {"zpid": first["zpid"]})
    assert status == 200 and body["result"]["items"][0]["zpid"] == first["zpid"]
    status, body = worker.execute("get_property_details_by_address", {"address": first["address"]})
    assert status == 200 and body["result"]["items"][0]["zpid"] == first["zpid"]
    assert body["result"]["items"][0]["description"]


def test_save_search_criteria_echoes_a_memory_write(worker: Worker) -> None:
    status, body = worker.execute(
        "save_search_criteria", {"entry_type": "PREFERENCE", "key": "location", "value": "Austin"}
    )
    assert (status, body["result"]["type"], body["result"]["value"]) == (
        200,
        "memory_write",
        "Austin",
    )


@pytest.mark.parametrize(
    ("tool", "params", "status", "fragment"),
    [
        ("search_properties", {"price_max": -5}, 400, "price_max"),
        ("search_properties", {"sort": "random"}, 400, "unknown sort"),
        ("search_properties", {"location": "Houston"}, 404, "Austin"),
        ("get_property_details", {"zpid": "abc"}, 400, "zpid must be"),
        ("get_property_details", {"zpid": "1"}, 404, "no property"),
        ("get_property_details_by_address", {"address": "Main Street"}, 400, "house number"),
        (
            "save_search_criteria",
            {"entry_type": "NOPE", "key": "k", "value": "v"},
            400,
            "entry_type",
        ),
    ],
)
def test_bad_params_are_json_errors(
    worker: Worker, tool: str, params: dict, status: int, fragment: str
) -> None:
    got_status, body = worker.execute(tool, params)
    assert got_status == status
    assert fragment in body["error"]


def test_malformed_body_is_400_and_unknown_tool_is_404(worker: Worker) -> None:
    assert worker.request("POST", "/execute", b"{not json")[0] == 400
    assert worker.request("POST", "/execute", b'{"params": {}}')[0] == 400
    status, body = worker.execute("teleport", {})
    assert status == 404 and "unknown tool" in body["error"]


def test_worker_uses_realtyapi_when_the_key_is_set() -> None:
    with running_fake() as fake:
        fake.routes["/pro/byzpid"] = Route(401, {"error": "bad key"})
        live = Worker({"REALTYAPI_KEY": "k-123", "REALTYAPI_BASE_URL": fake.url})
        try:
            status, body = live.execute("get_property_details", {"zpid": "29324909"})
        finally:
            live.stop()
    assert status == 502 and "RealtyAPI rejected the key" in body["error"]
    assert fake.requests[-1]["headers"]["x-realtyapi-key"] == "k-123"
