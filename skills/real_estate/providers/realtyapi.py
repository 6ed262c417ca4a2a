"""The live provider: RealtyAPI's Zillow endpoints (used when REALTYAPI_KEY is set).

httpx and scourgify are imported lazily so the offline path never pays for them. Every upstream
failure becomes a ToolError the model can read; the key never appears in a message. A reply is
read (and, compressed, inflated) a chunk at a time and refused past MAX_REPLY_BYTES, so a small
compressed body that inflates to gigabytes never inflates whole.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any

from criteria import Criteria
from landmarks import LANDMARKS, haversine_miles
from ranking import flagged_last, relevance
from skill_runtime import ToolError

from providers.address import parse_address
from providers.realtyapi_mapping import dig, integer, is_not_found, map_detail, map_search_row
from providers.realtyapi_prompt import build_prompt

DEFAULT_BASE_URL = "https://zillow.realtyapi.io"
DEFAULT_TIMEOUT_S = 15.0
MAX_REPLY_BYTES = 20_000_000  # a search page is tens of kilobytes
_NONE_LAST = math.inf


class RealtyAPIProvider:
    """Search by AI prompt, details by zpid or address; structured filters re-applied locally."""

    name = "realtyapi"

    def __init__(
        self, api_key: str, base_url: str = DEFAULT_BASE_URL, timeout_s: float = DEFAULT_TIMEOUT_S
    ):
        self._key = api_key
        self._base_url = base_url.rstrip("/")
        self._timeout_s = timeout_s
        self._client: Any = None

    @classmethod
    def from_env(cls, env: Mapping[str, str]) -> RealtyAPIProvider:
        try:
            timeout = float(env.get("REALTYAPI_TIMEOUT_S") or DEFAULT_TIMEOUT_S)
        except ValueError:
            timeout = DEFAULT_TIMEOUT_S
        base = env.get("REALTYAPI_BASE_URL") or DEFAULT_BASE_URL
        return cls(
            env["REALTYAPI_KEY"].strip(), base, timeout if timeout > 0 else DEFAULT_TIMEOUT_S
        )

    def warm(self) -> None:
        self._http()

    def _http(self) -> Any:
        if self._client is None:
            import httpx

            self._client = httpx.Client(
                base_url=self._base_url,
                headers={"x-realtyapi-key": self._key, "Accept": "application/json"},
                timeout=self._timeout_s,
            )
        return self._client

    def _scrub(self, message: Any) -> str:
        return str(message).replace(self._key, "[redacted]")[:300] if self._key else str(message)

    def _fetch(self, path: str, params: dict[str, Any]) -> tuple[Any, bytearray]:
        """The response and its body, decoded a chunk at a time (ToolError past the cap)."""
        with self._http().stream("GET", path, params=params) as response:
            raw = bytearray()
            for chunk in response.iter_bytes():
                raw += chunk
                if len(raw) > MAX_REPLY_BYTES:
                    raise ToolError(f"RealtyAPI sent more than {MAX_REPLY_BYTES} bytes", 502)
        return response, raw

    def _get(self, path: str, params: dict[str, Any]) -> tuple[int, Any]:
        """(status, JSON body) for 2xx and 404; a ToolError for everything else."""
        import httpx

        try:
            response, raw = self._fetch(path, params)
        except httpx.TimeoutException:
            raise ToolError(
                f"RealtyAPI did not answer within {self._timeout_s:g} s; try again shortly", 504
            ) from None
        except httpx.HTTPError as exc:
            raise ToolError(f"RealtyAPI is unreachable ({type(exc).__name__})", 502) from None
        try:
            body = json.loads(raw)
        except ValueError:
            if response.status_code == 404:
                return 404, {}
            body = None
        status = response.status_code
        detail = self._scrub(dig(body, "message") or dig(body, "error") or response.reason_phrase)
        if status in (401, 403):
            raise ToolError(
                f"RealtyAPI rejected the key (HTTP {status}: {detail}); "
                "check REALTYAPI_KEY in the skill's .env",
                502,
            )
        if status == 429:
            wait = integer(response.headers.get("retry-after")) or integer(dig(body, "retryAfter"))
            after = f"retry after {wait} seconds" if wait is not None else "retry later"
            raise ToolError(f"RealtyAPI rate limit reached; {after}", 429)
        if status != 404 and not 200 <= status < 300:
            raise ToolError(f"RealtyAPI error (HTTP {status}): {detail}", 502)
        if body is None:
            raise ToolError("RealtyAPI returned a malformed response (not JSON)", 502)
        if not isinstance(body, dict):
            raise ToolError("RealtyAPI returned an unexpected response shape", 502)
        return status, body

    def _search_page(self, prompt: str, page: int, sort: str) -> dict[str, Any]:
        params: dict[str, Any] = {"ai_search_prompt": prompt, "page": page}
        if sort == "newest":
            params["sortOrder"] = "Newest"
        status, body = self._get("/search/byaiprompt", params)
        if status == 404:
            return {"searchResults": []}
        message = body.get("message")
        if message is not None and not str(message).startswith("200"):
            raise ToolError(f"RealtyAPI search failed: {self._scrub(message)}", 502)
        if not isinstance(body.get("searchResults", []), list):
            raise ToolError("RealtyAPI returned an unexpected search response shape", 502)
        return body

    def search(self, criteria: Criteria) -> dict[str, Any]:
        """One provider page (two when paging past it), then local filters, sort and slice."""
        c = criteria
        unsupported = [name for name in _NOT_IN_SEARCH_ROWS if getattr(c, name) is not None]
        if unsupported:
            raise ToolError(
                f"{', '.join(unsupported)} cannot be searched with the live provider (its search "
                "results carry no such field); leave it out and say so",
            )
        prompt = build_prompt(c)
        offset = (c.page - 1) * c.limit
        body = self._search_page(prompt, 1, c.sort)
        per_page = integer(dig(body, "pagesInfo", "resultsPerPage")) or len(body["searchResults"])
        if per_page and offset >= per_page:
            body = self._search_page(prompt, 1 + offset // per_page, c.sort)
        rows = [row for row in map(map_search_row, body.get("searchResults") or []) if row]
        kept = [row for row in rows if _matches(row, c)]
        if c.sort == "relevance":  # no listing date here: fit and value, provider order on ties
            wanted = c.echo()
            kept.sort(key=lambda row: -relevance(row, wanted))
        elif c.sort != "newest":  # for newest, keep the provider's order (sortOrder=Newest)
            kept.sort(key=lambda row: _sort_key(row, c.sort))
        kept = flagged_last(kept)
        start = offset % per_page if per_page else 0
        api_total = integer(dig(body, "resultsCount", "totalMatchingCount"))
        total = api_total if api_total is not None and len(kept) == len(rows) else len(kept)
        return {
            "type": "listings",
            "items": kept[start : start + c.limit],
            "total": total,
            "page": c.page,
            "criteria": c.echo(),
        }

    def _detail(self, path: str, params: dict[str, str], what: str) -> dict[str, Any]:
        status, body = self._get(path, params)
        if is_not_found(status, body):
            raise ToolError(f"RealtyAPI has no property for {what}", 404)
        return {"type": "detail", "items": [map_detail(body)]}

    def details(self, zpid: str) -> dict[str, Any]:
        return self._detail("/pro/byzpid", {"zpid": zpid}, f"zpid {zpid}")

    def details_by_address(self, address: str) -> dict[str, Any]:
        normalized = parse_address(address).one_line()
        return self._detail("/pro/byaddress", {"propertyaddress": normalized}, repr(address))


# Criteria the dataset knows but RealtyAPI's search rows don't: refused, never silently ignored.
_NOT_IN_SEARCH_ROWS = (
    "school_rating_min",
    "garage_spaces_min",
    "stories_min",
    "stories_max",
    "like_zpid",
    "price_dropped_within_days",  # the skill's price history is of the offline dataset
    "days_on_market_max",
)


def _matches(row: dict[str, Any], c: Criteria) -> bool:
    """The structured criteria, checked only where the row has the field (rows can be sparse)."""
    checks = (
        (c.price_min, row["price"], lambda want, got: got >= want),
        (c.price_max, row["price"], lambda want, got: got <= want),
        (c.beds_min, row["beds"], lambda want, got: got >= want),
        (c.beds_max, row["beds"], lambda want, got: got <= want),
        (c.baths_min, row["baths"], lambda want, got: got >= want),
        (c.baths_max, row["baths"], lambda want, got: got <= want),
        (c.sqft_min, row["sqft"], lambda want, got: got >= want),
        (c.lot_size_min, row["lot_size"], lambda want, got: got >= want),
        (c.year_built_min, row["year_built"], lambda want, got: got >= want),
    )
    if any(want is not None and got is not None and not ok(want, got) for want, got, ok in checks):
        return False
    if c.no_hoa and row["hoa_fee"]:
        return False
    kind = row["property_type"]
    if c.property_type and kind != "other" and kind != c.property_type:
        return False
    if kind in c.exclude_types:
        return False
    if c.near:
        distance = None
        if row["lat"] is not None and row["lng"] is not None:
            distance = round(haversine_miles(row["lat"], row["lng"], *LANDMARKS[c.near]), 1)
        row["distance_miles"] = distance
        if c.radius_miles is not None and distance is not None and distance > c.radius_miles:
            return False
    return True


def _sort_key(row: dict[str, Any], sort: str) -> tuple[float, str]:
    def value(field: str, sign: int = 1) -> float:
        got = row.get(field)
        return sign * got if got is not None else _NONE_LAST

    keys = {
        "price": lambda: value("price"),
        "price_desc": lambda: value("price", -1),
        "size": lambda: value("sqft", -1),
        "distance": lambda: value("distance_miles"),
    }
    return keys[sort](), row["zpid"]
