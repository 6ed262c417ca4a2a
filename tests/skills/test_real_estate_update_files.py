"""Update files the skill refuses or asks about, RESO feeds, and the scheduled feed poll: each
against the real worker over HTTP, with a fresh state folder per test."""

from __future__ import annotations

import csv
import gzip
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.skills.real_estate_fakes import SKILL_DIR, SKILLS_ROOT, Route, running_fake
from tests.skills.test_real_estate_updates import StatefulWorker

for path in (SKILL_DIR, SKILLS_ROOT):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))

from updates.read import UpdateError, read_update  # noqa: E402
from updates.reso import from_reso, listing_id  # noqa: E402

SHIPPED = SKILL_DIR / "data" / "austin_listings.csv.gz"


def shipped_rows() -> tuple[list[str], list[dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(gzip.decompress(SHIPPED.read_bytes()).decode()))
    return list(reader.fieldnames or []), list(reader)


def as_csv(columns: list[str], rows: list[dict[str, str]]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue().encode()


@pytest.fixture
def worker(tmp_path: Path) -> Iterator[StatefulWorker]:
    running = StatefulWorker(tmp_path)
    yield running
    running.stop()


def price_of(worker: StatefulWorker, zpid: str) -> int:
    status, body = worker.detail(zpid)
    assert status == 200, body
    return int(body["result"]["items"][0]["price"])


def test_a_malformed_file_is_refused_whole_with_its_line_and_field(
    worker: StatefulWorker,
) -> None:
    columns, rows = shipped_rows()
    first, before = rows[0]["zpid"], int(rows[0]["latestPrice"])
    rows[0]["latestPrice"] = str(before - 10_000)  # a good change before the bad row
    rows[5]["latestPrice"] = "call for price"
    data = as_csv(columns, rows)
    line = data.decode()[: data.decode().index("call for price")].count("\n") + 1
    status, body = worker.job("apply_listings_update", file=worker.hand_in("bad.csv", data))
    assert status == 422
    assert f"line {line}, field latestPrice" in body["error"] and "nothing applied" in body["error"]
    assert price_of(worker, first) == before  # the previous listings stay


@pytest.mark.parametrize(
    ("change", "fault"),
    [
        (lambda r: r.update(zipcode="787"), "field zipcode"),
        (lambda r: r.update(latitude="north"), "field latitude"),
        (lambda r: r.update(latest_saledate="2021-13-01"), "field latest_saledate"),
        (lambda r: r.update(homeStatus="maybe"), "field homeStatus"),
    ],
)
def test_each_bad_field_is_named(worker: StatefulWorker, change: Any, fault: str) -> None:
    columns, rows = shipped_rows()
    change(rows[2])
    data = as_csv([*columns, "homeStatus"], rows)
    status, body = worker.job("apply_listings_update", file=worker.hand_in("bad.csv", data))
    assert status == 422 and fault in body["error"], body


def test_missing_columns_and_bad_json_are_refused(worker: StatefulWorker) -> None:
    status, body = worker.job(
        "apply_listings_update", file=worker.hand_in("cols.csv", b"zpid,city\n1,Austin\n")
    )
    assert status == 422 and "line 1 (header): missing column(s)" in body["error"]
    status, body = worker.job(
        "apply_listings_update", file=worker.hand_in("feed.json", b'{"value": [\n {"a": 1,}\n]}')
    )
    assert status == 422 and "line 2, column" in body["error"]


def test_a_file_outside_the_state_folder_is_not_read(worker: StatefulWorker) -> None:
    status, body = worker.job("apply_listings_update", file="../../../etc/passwd")
    assert status == 404 and "no update file" in body["error"]


def test_removing_more_than_the_share_asks_first(worker: StatefulWorker) -> None:
    columns, rows = shipped_rows()
    kept, dropped = rows[: int(len(rows) * 0.8)], rows[int(len(rows) * 0.8) :]
    name = worker.hand_in("short.csv", as_csv(columns, kept))
    status, body = worker.job("apply_listings_update", file=name)
    result = body["result"]
    assert status == 200 and "changes" not in result
    assert "would remove 536 of 2680" in result["needs_confirmation"]
    assert result["summary"]["removed"] == len(dropped) == 536
    assert worker.detail(dropped[0]["zpid"])[0] == 200  # nothing applied
    status, body = worker.job("apply_listings_update", file=name, confirm=True)
    assert status == 200 and body["result"]["summary"]["removed"] == 536
    assert worker.detail(dropped[0]["zpid"])[1]["result"]["items"][0]["status"] == "REMOVED"


def reso_record(row: dict[str, str], **fields: Any) -> dict[str, Any]:
    """A RESO Data Dictionary record for a shipped row (as a feed would carry it)."""
    record = {
        "ListingKey": row["zpid"], "ListPrice": int(row["latestPrice"]),
        "StandardStatus": "Active", "BedroomsTotal": int(row["numOfBedrooms"]),
        "BathroomsTotalInteger": float(row["numOfBathrooms"]),
        "LivingArea": int(float(row["livingAreaSqFt"])), "PostalCode": row["zipcode"],
        "City": row["city"].title(), "UnparsedAddress": f"{row['streetAddress']}, Austin, TX",
        "Latitude": float(row["latitude"]), "Longitude": float(row["longitude"]),
        "PropertyType": "Residential", "PropertySubType": "Single Family Residence",
        "YearBuilt": int(row["yearBuilt"]), "PublicRemarks": row["description"],
        "ModificationTimestamp": "2026-11-20T08:00:00Z",
    }  # fmt: skip
    return record | fields


def test_a_reso_record_maps_onto_the_listing_shape() -> None:
    _, rows = shipped_rows()
    row = from_reso(reso_record(rows[0], GarageYN=True, StandardStatus="Pending"))
    assert row["zpid"] == rows[0]["zpid"] and row["latestPrice"] == rows[0]["latestPrice"]
    assert row["streetAddress"] == rows[0]["streetAddress"] and row["hasGarage"] == "TRUE"
    assert (row["homeStatus"], row["latest_saledate"]) == ("Pending", "11/20/2026")
    assert listing_id("ABC-123") == listing_id("ABC-123") and listing_id("ABC-123").isdigit()


def test_the_feed_is_polled_page_by_page(tmp_path: Path) -> None:
    _, rows = shipped_rows()
    cut = reso_record(rows[0], ListPrice=int(rows[0]["latestPrice"]) - 20_000)
    new = reso_record(rows[1], ListingKey="AUS-NEW-1", OnMarketDate="2026-11-25")
    new["UnparsedAddress"] = "9999 Fresh Listing Ln, Austin, TX 78704"
    pending = reso_record(rows[2], StandardStatus="Active Under Contract")
    gone = reso_record(rows[3], StandardStatus="Withdrawn")
    with running_fake() as feed:
        feed.routes["/odata/Property"] = Route(
            body={"value": [cut, new], "@odata.nextLink": f"{feed.url}/odata/page2"}
        )
        feed.routes["/odata/page2"] = Route(body={"value": [pending, gone]})
        env = {
            "LISTINGS_FEED_URL": f"{feed.url}/odata/Property",
            "LISTINGS_FEED_TOKEN": "t0ken",
            "LISTINGS_FEED_PARTIAL": "1",
        }
        worker = StatefulWorker(tmp_path, **env)
        try:
            status, body = worker.job("refresh_listings")
            summary = body["result"]["summary"]
            assert status == 200, body
            assert [summary[k] for k in ("new", "price", "status", "removed")] == [1, 1, 1, 1]
            assert feed.requests[0]["headers"]["Authorization"] == "Bearer t0ken"
            added = next(c for c in body["result"]["changes"] if c["change"] == "new")
            assert added["zpid"] == listing_id("AUS-NEW-1")
            assert added["listing"]["property_type"] == "house"
            detail = worker.detail(added["zpid"])[1]["result"]["items"][0]
            assert detail["price_history"] == [
                {"date": "2026-11-25", "price": new["ListPrice"], "event": "listed"}
            ]
            gone = worker.detail(rows[3]["zpid"])[1]["result"]["items"][0]
            assert gone["status"] == "REMOVED"  # withdrawn: no longer listed
        finally:
            worker.stop()


def test_a_feed_record_that_is_not_an_object_is_refused_by_its_number() -> None:
    _, rows = shipped_rows()
    feed = json.dumps({"value": [reso_record(rows[0]), ["not", "a", "record"]]}).encode()
    with pytest.raises(UpdateError, match=r"^record 2: a record must be an object, got list$"):
        read_update(feed)


def test_a_bad_feed_record_names_its_line_and_reso_field(tmp_path: Path) -> None:
    _, rows = shipped_rows()
    feed_text = json.dumps(
        {"value": [reso_record(rows[0]), reso_record(rows[1], ListPrice="soon")]}, indent=1
    )
    worker = StatefulWorker(tmp_path)
    try:
        name = worker.hand_in("feed.json", feed_text.encode())
        status, body = worker.job("apply_listings_update", file=name, partial=True)
        line = feed_text.count("\n", 0, feed_text.index('"ListingKey"', 100)) + 1
        assert status == 422 and f"line {line} (record 2), field ListPrice" in body["error"]
    finally:
        worker.stop()


def test_an_unknown_job_and_a_malformed_body_are_clear_errors(worker: StatefulWorker) -> None:
    status, body = worker.job("no_such_job")
    assert status == 404 and "apply_listings_update" in body["error"]
    status, body = worker.request("POST", "/job", b'{"args": {}}')
    assert status == 400 and "malformed request" in body["error"]
    status, body = worker.job("refresh_listings")  # no LISTINGS_FEED_URL set
    assert status == 400 and "LISTINGS_FEED_URL" in body["error"]
