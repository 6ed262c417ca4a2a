"""Honest market facts (issue 47, item 4), against the real worker over HTTP: a listing's days on
market count from when it was listed (a feed's OnMarketDate, an update's first sighting), never
from the shipped data's latest sale date; where no listing date exists the detail says so. The
detail's history, its days on market, "new this week" (days_on_market_max) and the planner's
answer to "how long has it been on the market?" agree. A home taken off the market since opens
as "no longer listed" (issue 47, item 3)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.skills.test_real_estate_market_planner import _replies
from tests.skills.test_real_estate_update_files import reso_record, shipped_rows
from tests.skills.test_real_estate_updates import StatefulWorker

TODAY = datetime.now(UTC).date()


def _detail(worker: StatefulWorker, zpid: str) -> dict[str, Any]:
    status, body = worker.detail(zpid)
    assert status == 200, body
    return dict(body["result"]["items"][0])


@pytest.fixture(scope="module")
def fed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[StatefulWorker, list[str]]]:
    """A worker that applied a RESO update: two new listings (on the market 3 and 20 days, by
    their OnMarketDate), one without a date (first seen now), a price cut of a shipped home."""
    global TODAY
    TODAY = datetime.now(UTC).date()  # the feed's day, not the import's: a suite may cross midnight
    _, rows = shipped_rows()
    records = [reso_record(rows[0], ListPrice=int(rows[0]["latestPrice"]) - 15_000)]
    for key, row, days in (
        ("MF-3", rows[1], 3),
        ("MF-20", rows[2], 20),
        ("MF-NONE", rows[3], None),
    ):
        on_market = {"OnMarketDate": (TODAY - timedelta(days=days)).isoformat()} if days else {}
        record = reso_record(row, ListingKey=key, **on_market)
        record["UnparsedAddress"] = f"{700 + len(records)} Honest Facts Ln, Austin, TX 78704"
        records.append(record)
    records.append(reso_record(rows[4], StandardStatus="Withdrawn"))  # off the market
    worker = StatefulWorker(tmp_path_factory.mktemp("state"))
    update = worker.hand_in("feed.json", json.dumps({"value": records}).encode())
    status, body = worker.job("apply_listings_update", file=update, partial=True)
    assert status == 200, body
    new = [c["zpid"] for c in body["result"]["changes"] if c["change"] == "new"]
    yield worker, [rows[0]["zpid"], *new, rows[4]["zpid"]]
    worker.stop()


def test_a_shipped_listing_has_no_days_on_market_counted_from_its_sale(
    fed: tuple[StatefulWorker, list[str]],
) -> None:
    worker, (cut, *_) = fed
    _, rows = shipped_rows()
    untouched = _detail(worker, rows[10]["zpid"])
    assert untouched["days_on_market"] is None and untouched["facts"]["listed_date"] is None
    month, day, year = rows[10]["latest_saledate"].split("/")
    sold = f"{year}-{int(month):02d}-{int(day):02d}"
    assert untouched["price_history"] == [
        {"date": sold, "price": int(rows[10]["latestPrice"]), "event": "recorded"}
    ]  # the price on record at the source's date, not a listing
    answer = _replies.describe_results({"type": "detail", "items": [untouched]})
    assert "Listing date unknown" in answer and "On the market" not in answer

    dropped = _detail(worker, cut)  # a price cut keeps the listing date unknown, and its drop
    assert dropped["days_on_market"] is None
    assert [e["event"] for e in dropped["price_history"]] == ["recorded", "price_change"]
    assert dropped["price_drop"]["from"] == int(rows[0]["latestPrice"]) == dropped["price"] + 15_000


def test_a_fed_listing_counts_from_its_on_market_date_and_everything_agrees(
    fed: tuple[StatefulWorker, list[str]],
) -> None:
    worker, (_, three, twenty, undated, _) = fed
    this_week = {i["zpid"]: i for i in worker.search(days_on_market_max=7, limit=50)["items"]}
    for zpid, days in ((three, 3), (twenty, 20), (undated, 0)):  # undated: first seen today
        detail = _detail(worker, zpid)
        listed = (TODAY - timedelta(days=days)).isoformat()
        assert detail["days_on_market"] == days and detail["facts"]["listed_date"] == listed
        assert detail["price_history"][0] == {
            "date": listed, "price": detail["price"], "event": "listed"
        }  # fmt: skip
        assert (zpid in this_week) is (days <= 7), zpid
        if zpid in this_week:
            assert this_week[zpid]["days_on_market"] == days
        answer = _replies.describe_results({"type": "detail", "items": [detail]})
        plural = "day" if days == 1 else "days"
        assert f"On the market {days} {plural} (listed {listed})." in answer
    assert all(i["days_on_market"] is not None for i in this_week.values())


def test_nothing_of_the_shipped_data_is_new_this_week(tmp_path: Path) -> None:
    worker = StatefulWorker(tmp_path)
    try:
        assert worker.search(days_on_market_max=7, limit=50)["total"] == 0
        assert worker.search(days_on_market_max=3650, limit=50)["total"] == 0  # unknown: never new
    finally:
        worker.stop()


def test_a_home_gone_since_opens_as_no_longer_listed(fed: tuple[StatefulWorker, list[str]]) -> None:
    worker, (*_, withdrawn) = fed
    gone = _detail(worker, withdrawn)  # as an alert's home is opened: its zpid
    assert gone["status"] == "REMOVED" and gone["price_history"][-1]["event"] == "removed"
    answer = _replies.describe_results({"type": "detail", "items": [gone]})
    when = gone["price_history"][-1]["date"]
    assert answer.endswith(f"is no longer listed: it has been off the market since {when}.")
    status, by_address = worker.execute(
        "get_property_details_by_address", {"address": gone["address"]}
    )
    assert status == 200 and by_address["result"]["items"][0]["status"] == "REMOVED"
