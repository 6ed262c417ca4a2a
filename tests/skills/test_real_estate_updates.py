"""Listings that change: updates applied by the real worker's `POST /job`, over HTTP.

The update is the second snapshot `data/make_update.py` derives from the shipped data (5 % of
the rows changed: new, price cut, price raise, pending, sold, removed, in turn).
"""

from __future__ import annotations

import gzip
import hashlib
import importlib.util
import json
import os
import subprocess
import sys
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.skills.real_estate_fakes import SKILL_DIR, SKILLS_ROOT
from tests.skills.test_real_estate_server import Worker

_spec = importlib.util.spec_from_file_location("make_update", SKILL_DIR / "data/make_update.py")
make_update = importlib.util.module_from_spec(_spec)  # type: ignore[arg-type]
_spec.loader.exec_module(make_update)  # type: ignore[union-attr]


class StatefulWorker(Worker):
    def __init__(self, state: Path, **env: str) -> None:
        self.state = state
        super().__init__({"SKILL_STATE_DIR": str(state), **env})

    def job(self, job: str, **args: Any) -> tuple[int, Any]:
        """POST /job; a job may take longer than a tool call (it embeds new listings)."""
        body = json.dumps({"job": job, "run_id": "r1", "args": args}).encode()
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/job", body, method="POST")
        try:
            with urllib.request.urlopen(request, timeout=120) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as err:
            return err.code, json.loads(err.read())

    def hand_in(self, name: str, data: bytes) -> str:
        (self.state / "inbox").mkdir(parents=True, exist_ok=True)
        (self.state / "inbox" / name).write_bytes(data)
        return f"inbox/{name}"

    def detail(self, zpid: str) -> tuple[int, Any]:
        return self.execute("get_property_details", {"zpid": zpid})

    def search(self, **params: Any) -> dict[str, Any]:
        status, body = self.execute("search_properties", params)
        assert status == 200, body
        return body["result"]


@pytest.fixture(scope="module")
def snapshot() -> tuple[bytes, dict[str, list[str]]]:
    data, changed = make_update.derive(make_update.SNAPSHOT_SHARE)
    digest = hashlib.sha256(gzip.decompress(data)).hexdigest()
    assert digest == make_update.SNAPSHOT_SHA256, "the shipped data or make_update.py changed"
    return data, changed


@pytest.fixture(scope="module")
def applied(
    tmp_path_factory: pytest.TempPathFactory, snapshot: tuple[bytes, dict[str, list[str]]]
) -> Iterator[tuple[StatefulWorker, dict[str, Any]]]:
    worker = StatefulWorker(tmp_path_factory.mktemp("state"))
    status, body = worker.job("apply_listings_update", file=worker.hand_in("s.csv.gz", snapshot[0]))
    assert status == 200, body
    yield worker, body["result"]
    worker.stop()


def test_every_documented_change_is_detected(applied: Any, snapshot: Any) -> None:
    _, result = applied
    changed = snapshot[1]
    summary = result["summary"]
    assert (summary["new"], summary["removed"]) == (len(changed["new"]), len(changed["removed"]))
    assert summary["price"] == len(changed["price_cut"]) + len(changed["price_raise"])
    assert summary["status"] == len(changed["pending"]) + len(changed["sold"])
    assert summary["unchanged"] == 2680 - 134 + len(changed["new"])  # the new ones' originals
    by_kind: dict[str, set[str]] = {}
    for change in result["changes"]:
        by_kind.setdefault(change["change"], set()).add(change["zpid"])
    assert by_kind["new"] == set(changed["new"])
    assert by_kind["price"] == set(changed["price_cut"]) | set(changed["price_raise"])
    assert by_kind["status"] == set(changed["pending"]) | set(changed["sold"])
    assert by_kind["removed"] == set(changed["removed"])


def test_a_change_carries_old_new_and_the_listing(applied: Any, snapshot: Any) -> None:
    _, result = applied
    cut = snapshot[1]["price_cut"][0]
    change = next(c for c in result["changes"] if c["zpid"] == cut)
    assert change["new"]["price"] < change["old"]["price"]
    assert change["listing"]["price"] == change["new"]["price"] and change["at"].endswith("Z")
    gone = next(c for c in result["changes"] if c["change"] == "removed")
    assert gone["new"] is None and gone["listing"] is None and gone["old"]["status"] == "FOR_SALE"


def test_the_detail_shows_the_price_history(applied: Any, snapshot: Any) -> None:
    worker, _result = applied
    cut = snapshot[1]["price_cut"][0]
    status, body = worker.detail(cut)
    item = body["result"]["items"][0]
    events = [e["event"] for e in item["price_history"]]
    assert status == 200 and events == ["recorded", "price_change"]
    assert item["price_history"][-1]["price"] == item["price"] < item["price_history"][0]["price"]
    assert item["price_drop"]["to"] == item["price"]
    pending = worker.detail(snapshot[1]["pending"][0])[1]["result"]["items"][0]
    assert pending["status"] == "PENDING" and pending["price_history"][-1]["event"] == "pending"


def test_removed_listings_are_gone_and_sold_ones_leave_search(applied: Any, snapshot: Any) -> None:
    worker, _ = applied
    removed = snapshot[1]["removed"][0]
    status, body = worker.detail(removed)  # opened from an alert: "no longer listed", not a 404
    gone = body["result"]["items"][0]
    assert status == 200 and gone["status"] == "REMOVED"
    assert gone["price_history"][-1]["event"] == "removed"
    assert worker.execute("get_saved_homes", {"zpids": [removed]})[1]["result"]["missing"] == [
        removed
    ]  # a saved link to it is reported missing, as before
    assert removed not in {i["zpid"] for i in worker.search(location="Austin", limit=50)["items"]}
    sold = snapshot[1]["sold"][0]
    assert worker.detail(sold)[1]["result"]["items"][0]["status"] == "SOLD"
    everything = worker.search(location="Austin", limit=50, price_min=0)
    assert everything["total"] < 2680  # sold and removed are not for sale


def test_what_dropped_in_price_this_week(applied: Any, snapshot: Any) -> None:
    worker, _ = applied
    found = worker.search(price_dropped_within_days=7, limit=50)
    assert {i["zpid"] for i in found["items"]} == set(snapshot[1]["price_cut"])
    assert all(i["price_drop"]["from"] > i["price"] for i in found["items"])


def test_a_new_listing_is_found_near_a_landmark_and_by_its_words(applied: Any) -> None:
    worker, result = applied
    new = next(c["listing"] for c in result["changes"] if c["change"] == "new")
    assert new["days_on_market"] == 0
    near = worker.search(near="downtown", location=new["zipcode"], limit=50)
    found = [i for i in near["items"] if i["zpid"] == new["zpid"]]
    assert found and found[0]["distance_miles"] is not None
    distances = [i["distance_miles"] for i in near["items"]]
    assert distances == sorted(distances)
    _status, body = worker.detail(new["zpid"])
    words = body["result"]["items"][0]["description"].split(".")[0][:60]
    wished = worker.search(wishes=[words], location=new["zipcode"], limit=5)
    assert new["zpid"] in [i["zpid"] for i in wished["items"]], (words, wished["items"])


def test_the_same_update_again_changes_nothing(applied: Any, snapshot: Any) -> None:
    worker, _ = applied
    status, body = worker.job("apply_listings_update", file="inbox/s.csv.gz")
    summary = body["result"]["summary"]
    assert status == 200 and body["result"]["changes"] == []
    assert summary["unchanged"] == 2680 - len(snapshot[1]["removed"]) + len(snapshot[1]["new"])


def test_a_restarted_worker_finds_the_applied_state(applied: Any, snapshot: Any) -> None:
    worker, _ = applied
    again = StatefulWorker(worker.state)
    try:
        assert (
            again.detail(snapshot[1]["removed"][0])[1]["result"]["items"][0]["status"] == "REMOVED"
        )
        history = again.detail(snapshot[1]["price_raise"][0])[1]["result"]["items"][0]
        assert [e["event"] for e in history["price_history"]] == ["recorded", "price_change"]
    finally:
        again.stop()


_FOLLOWS = """
import json, sys
from landmarks import LANDMARKS
from providers import austin_data as d
from updates.apply import apply_rows
from updates.read import read_update
for sort in ("relevance", "price", "price_desc", "newest", "size"):
    d.sorted_indices(sort, None)
for landmark in LANDMARKS:
    d.sorted_indices("distance", landmark)
d.wish_index()
_, rows = read_update(open(sys.argv[1], "rb").read())
apply_rows(rows, "test")
homes = d.load_homes()
kept = {key: list(order) for key, order in d._orders.items()}
incremental = {k: list(v) for k, v in d._distances.items()}
d._orders.clear(); d._distances.clear()
index = d.wish_index()
print(json.dumps({
    "orders_equal": all(d.sorted_indices(*key) == order for key, order in kept.items()),
    "distances_equal": all(d.distances_to(k) == v for k, v in incremental.items()),
    "positions": all(d.index_of(h.zpid) == i for i, h in enumerate(homes)),
    "index_rows": None if index is None else len(index.starts) - 1,
    "homes": len(homes),
}))
"""


def test_derived_data_followed_incrementally_equals_a_full_rebuild(
    tmp_path: Path, snapshot: tuple[bytes, dict[str, list[str]]]
) -> None:
    """Sort orders, landmark distances and positions merged for the changed homes only are
    exactly what sorting and measuring every home again gives."""
    update = tmp_path / "u.csv.gz"
    update.write_bytes(snapshot[0])
    env = {**os.environ, "SKILL_STATE_DIR": str(tmp_path / "state"), "PYTHONPATH": str(SKILLS_ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", _FOLLOWS, str(update)],
        cwd=SKILL_DIR, env=env, capture_output=True, text=True, timeout=300, check=True,
    )  # fmt: skip
    found = json.loads(out.stdout.strip().splitlines()[-1])
    assert found["orders_equal"] and found["distances_equal"] and found["positions"]
    assert found["homes"] == 2680 + len(snapshot[1]["new"])
    assert found["index_rows"] in (None, found["homes"])
