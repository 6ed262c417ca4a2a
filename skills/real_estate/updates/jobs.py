"""The skill's jobs (SKILL.md `jobs:`), answered on `POST /job` by skill_runtime.

`apply_listings_update` applies a file the operator handed in (`args.file`, a path inside the
state folder: the platform copies it to `inbox/`); `refresh_listings` polls LISTINGS_FEED_URL
(a RESO Web API / OData URL, following `@odata.nextLink`, or a CSV of the shipped shape), with
LISTINGS_FEED_TOKEN as a bearer token. Both read a whole snapshot (a listing it lacks is
removed) unless `args.partial` (or LISTINGS_FEED_PARTIAL=1 for the feed): then only the
listings it names change, and an off-market status removes one.
"""

from __future__ import annotations

import json
import os
import urllib.error
import urllib.request
from typing import Any

from skill_runtime import ToolError

from updates import store
from updates.apply import apply_rows
from updates.read import MAX_FILE_BYTES, UpdateError, inflated, read_capped, read_update

MAX_PAGES, FEED_TIMEOUT_S = 200, 60


def _args(body: dict[str, Any]) -> dict[str, Any]:
    if os.environ.get("REALTYAPI_KEY", "").strip():
        raise ToolError("listing updates apply to the offline dataset, not the live provider", 409)
    args = body.get("args") or {}
    if not isinstance(args, dict):
        raise ToolError("args must be an object")
    return args


def _inbox_file(name: Any) -> bytes:
    """The bytes of a file inside the state folder (never outside it)."""
    if not isinstance(name, str) or not name.strip():
        raise ToolError('args.file must name the update file, e.g. "inbox/listings.csv.gz"')
    root = store.state_dir().resolve()
    path = (root / name).resolve()
    if not path.is_relative_to(root) or not path.is_file():
        raise ToolError(f"no update file {name!r} in the skill's state folder", 404)
    if path.stat().st_size > MAX_FILE_BYTES:
        raise ToolError(
            f"{name} refused, nothing applied: it is larger than {MAX_FILE_BYTES} bytes", 422
        )
    return path.read_bytes()


def apply_listings_update(body: dict[str, Any]) -> dict[str, Any]:
    args = _args(body)
    name = args.get("file")
    data = _inbox_file(name)
    try:
        kind, rows = read_update(data)
    except UpdateError as exc:
        raise ToolError(f"{name} refused, nothing applied: {exc}", 422) from None
    return apply_rows(
        rows, f"{kind}:{name}", confirm=bool(args.get("confirm")), partial=bool(args.get("partial"))
    )


def _get(url: str) -> bytearray:
    """The page at `url`, read a chunk at a time and refused past MAX_FILE_BYTES (422)."""
    headers = {"Accept": "application/json, text/csv"}
    if token := os.environ.get("LISTINGS_FEED_TOKEN", "").strip():
        headers["Authorization"] = f"Bearer {token}"
    try:
        request = urllib.request.Request(url, headers=headers)
        with urllib.request.urlopen(request, timeout=FEED_TIMEOUT_S) as response:
            return read_capped(response, f"the feed page {url} holds")
    except UpdateError as exc:
        raise ToolError(f"{exc}; nothing applied", 422) from None
    except urllib.error.HTTPError as exc:
        raise ToolError(f"the listings feed answered {exc.code} for {url}", 502) from None
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        raise ToolError(f"the listings feed is unreachable: {exc}", 502) from None


def _next_link(data: bytearray) -> str | None:
    feed = json.loads(inflated(data))  # read_update read it: it inflates within the cap
    return feed.get("@odata.nextLink") if isinstance(feed, dict) else None


def refresh_listings(body: dict[str, Any]) -> dict[str, Any]:
    args = _args(body)
    url: str | None = os.environ.get("LISTINGS_FEED_URL", "").strip()
    if not url:
        raise ToolError("refresh_listings needs LISTINGS_FEED_URL (a RESO feed or CSV URL)")
    rows: list[dict[str, str]] = []
    kind, page = "csv", 0
    while url and page < MAX_PAGES:
        page += 1
        data = _get(url)
        try:
            kind, found = read_update(data)
        except UpdateError as exc:
            raise ToolError(f"feed page {page} refused, nothing applied: {exc}", 422) from None
        rows += found
        url = _next_link(data) if kind == "reso" else None
    if len({row["zpid"] for row in rows}) != len(rows):
        raise ToolError("the feed's pages repeat a listing; nothing applied", 422)
    partial = args.get("partial", os.environ.get("LISTINGS_FEED_PARTIAL", "") in ("1", "true"))
    return apply_rows(rows, f"feed:{kind}", confirm=bool(args.get("confirm")), partial=partial)


JOBS = {"apply_listings_update": apply_listings_update, "refresh_listings": refresh_listings}
