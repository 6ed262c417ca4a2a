"""Reading an update file: the shipped CSV shape (plain or gzip) or a RESO Data Dictionary JSON
feed, into rows of the shipped shape, checked whole before anything is applied.

A bad value anywhere refuses the whole file with the line and field at fault, so the listings
never end up half updated. A file (or feed page) is read and inflated a chunk at a time and
refused as soon as it passes MAX_FILE_BYTES: a small gzip bomb never gets inflated whole.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
import zlib
from datetime import date

from updates.reso import FIELD_NAMES, from_reso

# The shipped file's columns (data/make_dataset.py COLUMNS); `homeStatus` is optional.
COLUMNS = (
    "zpid", "city", "streetAddress", "zipcode", "description", "latitude", "longitude",
    "propertyTaxRate", "homeType", "yearBuilt", "latestPrice", "latest_saledate", "lotSizeSqFt",
    "livingAreaSqFt", "numOfBathrooms", "numOfBedrooms", "numOfStories", "hasGarage",
    "garageSpaces", "hasSpa", "hasView", "hasAssociation", "numOfWaterfrontFeatures",
    "avgSchoolRating",
)  # fmt: skip
NUMBERS = (
    "propertyTaxRate", "yearBuilt", "lotSizeSqFt", "livingAreaSqFt", "numOfBathrooms",
    "numOfBedrooms", "numOfStories", "garageSpaces", "numOfWaterfrontFeatures", "avgSchoolRating",
)  # fmt: skip
FLAGS = ("hasGarage", "hasSpa", "hasView", "hasAssociation")
STATUSES = {
    "for_sale": "FOR_SALE", "active": "FOR_SALE", "coming_soon": "FOR_SALE",
    "pending": "PENDING", "active_under_contract": "PENDING", "under_contract": "PENDING",
    "contingent": "PENDING", "sold": "SOLD", "closed": "SOLD", "recently_sold": "SOLD",
    "off_market": "REMOVED", "withdrawn": "REMOVED", "expired": "REMOVED",
    "canceled": "REMOVED", "cancelled": "REMOVED", "delete": "REMOVED", "hold": "REMOVED",
    "removed": "REMOVED",
}  # fmt: skip
MAX_FILE_BYTES = 200_000_000
CHUNK_BYTES = 1 << 20
GZIP_MAGIC = b"\x1f\x8b"


class UpdateError(ValueError):
    """The file is refused whole; the message names the line and field at fault."""


def read_capped(stream: io.BufferedIOBase, what: str, limit: int = MAX_FILE_BYTES) -> bytearray:
    """All of `stream`, read a chunk at a time; UpdateError ("`what` more than `limit` bytes")
    as soon as it passes `limit`."""
    data = bytearray()
    while chunk := stream.read(CHUNK_BYTES):
        data += chunk
        if len(data) > limit:
            raise UpdateError(f"{what} more than {limit} bytes")
    return data


def inflated(data: bytes | bytearray) -> bytes | bytearray:
    """`data`, gunzipped when it is gzip (every member), never past MAX_FILE_BYTES."""
    if len(data) > MAX_FILE_BYTES:
        raise UpdateError(f"the file is larger than {MAX_FILE_BYTES} bytes")
    if data[:2] != GZIP_MAGIC:
        return data
    try:
        with gzip.GzipFile(fileobj=io.BytesIO(data)) as stream:
            return read_capped(stream, "the file inflates to", MAX_FILE_BYTES)
    except (OSError, EOFError, zlib.error) as exc:  # gzip.BadGzipFile is an OSError
        raise UpdateError(f"not a readable gzip file ({exc})") from None


def read_update(data: bytes | bytearray) -> tuple[str, list[dict[str, str]]]:
    """("csv" | "reso", rows in the shipped shape plus homeStatus), or UpdateError."""
    data = inflated(data)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise UpdateError(f"line {line}: not UTF-8 text ({exc.reason})") from None
    if text.lstrip()[:1] in ("{", "["):
        return "reso", _reso_rows(text)
    return "csv", _csv_rows(text)


def _csv_rows(text: str) -> list[dict[str, str]]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [c for c in COLUMNS if c not in (reader.fieldnames or [])]
    if missing:
        raise UpdateError(f"line 1 (header): missing column(s) {', '.join(missing)}")
    rows: list[dict[str, str]] = []
    seen: set[str] = set()
    try:
        for row in reader:
            where = f"line {reader.line_num}"
            if None in row or None in row.values():
                raise UpdateError(f"{where}: {len(reader.fieldnames or [])} fields expected")
            rows.append(check_row(row, where, seen))
    except csv.Error as exc:
        raise UpdateError(f"line {reader.line_num}: {exc}") from None
    return rows


def _reso_rows(text: str) -> list[dict[str, str]]:
    try:
        feed = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UpdateError(f"line {exc.lineno}, column {exc.colno}: {exc.msg}") from None
    records = feed.get("value") if isinstance(feed, dict) else feed
    if not isinstance(records, list):
        raise UpdateError('line 1: a RESO feed is {"value": [records…]} or a list of records')
    lines = [text.count("\n", 0, m.start()) + 1 for m in re.finditer(r'"ListingKey"\s*:', text)]
    rows: list[dict[str, str]] = []
    seen: set[str] = set()
    for n, record in enumerate(records):
        line = lines[n] if len(lines) == len(records) else None
        where = f"line {line} (record {n + 1})" if line else f"record {n + 1}"
        if not isinstance(record, dict):
            raise UpdateError(f"{where}: a record must be an object, got {type(record).__name__}")
        rows.append(check_row(from_reso(record), where, seen, reso=True))
    return rows


def check_row(
    row: dict[str, str], where: str, seen: set[str], reso: bool = False
) -> dict[str, str]:
    """The row with its status normalised; UpdateError naming `where` and the field."""

    def bad(column: str, why: str) -> UpdateError:
        name = FIELD_NAMES.get(column, column) if reso else column
        return UpdateError(f"{where}, field {name}: {why} (got {row.get(column)!r})")

    row = {k: v if k == "description" else (v or "").strip() for k, v in row.items()}
    if not re.fullmatch(r"\d{1,12}", row["zpid"]):
        raise bad("zpid", "must be a numeric id")
    if row["zpid"] in seen:
        raise bad("zpid", "appears twice in the file")
    seen.add(row["zpid"])
    for column in ("streetAddress", "city"):
        if not row[column]:
            raise bad(column, "must not be empty")
    if not re.fullmatch(r"\d{5}", row["zipcode"]):
        raise bad("zipcode", "must be a 5-digit ZIP")
    for column, limit in (("latitude", 90), ("longitude", 180)):
        if not _number(row[column]) or abs(float(row[column])) > limit:
            raise bad(column, f"must be a number between -{limit} and {limit}")
    if not _number(row["latestPrice"]) or float(row["latestPrice"]) < 0:
        raise bad("latestPrice", "must be a price (a number, 0 or more)")
    for column in NUMBERS:
        if row[column] and not _number(row[column]):
            raise bad(column, "must be a number or empty")
    for column in FLAGS:
        if row[column] not in ("", "TRUE", "FALSE"):
            raise bad(column, "must be TRUE, FALSE or empty")
    if not _date(row["latest_saledate"]):
        raise bad("latest_saledate", "must be a date M/D/YYYY")
    status = re.sub(r"[^a-z]+", "_", (row.get("homeStatus") or "for_sale").lower()).strip("_")
    if status not in STATUSES:
        raise bad("homeStatus", f"unknown status; use one of {', '.join(sorted(STATUSES))}")
    row["homeStatus"] = STATUSES[status]
    return row


def _number(text: str) -> bool:
    return bool(re.fullmatch(r"-?\d+(\.\d+)?", text or ""))


def _date(text: str) -> bool:
    parts = text.split("/")
    try:
        month, day, year = (int(p) for p in parts)
        date(year, month, day)
    except ValueError:
        return False
    return True
