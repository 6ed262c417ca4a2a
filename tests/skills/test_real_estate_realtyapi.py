"""The RealtyAPI provider against a real local HTTP server serving documented response shapes."""

from __future__ import annotations

import copy
import time
import zlib

import pytest
from criteria import parse_criteria
from providers import make_provider
from providers.realtyapi import MAX_REPLY_BYTES, RealtyAPIProvider
from skill_runtime import ToolError

from tests.skills.real_estate_fakes import DETAIL, FakeRealtyAPI, Route, row, search_body

KEY = "test-key-s3cret"


@pytest.fixture
def provider(fake_realtyapi: FakeRealtyAPI) -> RealtyAPIProvider:
    return RealtyAPIProvider(KEY, fake_realtyapi.url, timeout_s=2.0)


def test_search_sends_key_header_and_prompt_params(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    fake_realtyapi.routes["/search/byaiprompt"] = Route(body=search_body([row(1)]))
    provider.search(parse_criteria({"location": "Austin", "beds_min": 3, "price_max": 500_000,
                                    "property_type": "house", "features": ["pool"]}))  # fmt: skip
    request = fake_realtyapi.requests[-1]
    assert request["headers"]["x-realtyapi-key"] == KEY
    assert "application/json" in request["headers"]["Accept"]
    assert request["query"]["page"] == "1"
    assert request["query"]["ai_search_prompt"] == (
        "3 bedroom houses for sale in Austin TX under $500,000 with a pool"
    )


def test_search_maps_nested_fields_photos_and_acres(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    medium_only = row(
        2,
        propertyType="condo",
        media={"propertyPhotoLinks": {"mediumSizeLink": "https://photos/2-md.jpg"}},
        lotSizeWithUnit={"lotSize": 0.5, "lotSizeUnit": "acres"},
    )
    gallery_only = row(
        3,
        propertyType="townhouse",
        estimates={},
        media={"allPropertyPhotos": {"highResolution": ["https://photos/3-a.jpg"]}},
    )
    fake_realtyapi.routes["/search/byaiprompt"] = Route(
        body=search_body([row(1), medium_only, gallery_only, row(4, propertyType="lot")], 57)
    )  # fmt: skip
    result = provider.search(parse_criteria({"sort": "price"}))
    assert result["type"] == "listings" and result["total"] == 57
    first, second, third, fourth = sorted(result["items"], key=lambda item: item["zpid"])
    assert first == {
        "zpid": "1", "address": "1 Main St, Austin, TX 78704", "city": "Austin",
        "zipcode": "78704", "price": 400_000, "beds": 3, "baths": 2.5, "sqft": 1600,
        "property_type": "house", "photo_url": "https://photos/1-hi.jpg",
        "url": "https://www.zillow.com/homedetails/1_zpid/", "lat": 30.25, "lng": -97.76,
        "year_built": 1999, "lot_size": 7000, "hoa_fee": None, "tax_rate_percent": None, "zestimate": 410_000,
        "features": [], "flags": [],
    }  # fmt: skip
    assert (second["property_type"], second["photo_url"]) == ("condo", "https://photos/2-md.jpg")
    assert second["lot_size"] == 21_780  # 0.5 acres
    assert (third["property_type"], third["photo_url"]) == ("townhouse", "https://photos/3-a.jpg")
    assert third["zestimate"] is None
    assert fourth["property_type"] == "land"


def test_search_reapplies_structured_filters_and_distance(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    rows = [
        row(1, price={"value": 450_000}, location={"latitude": 30.27, "longitude": -97.74}),
        row(2, price={"value": 900_000}),  # over budget
        row(3, bedrooms=2),  # too few beds
        row(4, propertyType="condo"),  # excluded type
        row(5, price={"value": 300_000}, location={"latitude": 30.40, "longitude": -97.72}),
        row(6, bedrooms=None, location={}),  # sparse: unknown fields are not held against it
    ]
    fake_realtyapi.routes["/search/byaiprompt"] = Route(body=search_body(rows, 800))
    criteria = {"price_max": 500_000, "beds_min": 3, "exclude_types": ["condo"], "near": "downtown"}
    result = provider.search(parse_criteria(criteria))
    assert [item["zpid"] for item in result["items"]] == ["1", "5", "6"]  # by distance, None last
    assert result["total"] == 3  # rows were dropped, so the upstream total no longer holds
    assert result["items"][0]["distance_miles"] == pytest.approx(0.2, abs=0.1)
    assert result["items"][2]["distance_miles"] is None
    assert "within" not in fake_realtyapi.requests[-1]["query"]["ai_search_prompt"]
    assert "near downtown Austin" in fake_realtyapi.requests[-1]["query"]["ai_search_prompt"]


def test_search_page_beyond_the_first_provider_page(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    body = search_body([row(i) for i in range(1, 5)], 8)
    body["pagesInfo"]["resultsPerPage"] = 4
    fake_realtyapi.routes["/search/byaiprompt"] = Route(body=body)
    result = provider.search(parse_criteria({"limit": 2, "page": 3}))
    assert [r["query"]["page"] for r in fake_realtyapi.requests] == ["1", "2"]
    assert [item["zpid"] for item in result["items"]] == ["1", "2"]
    assert result["page"] == 3


def test_detail_by_zpid_maps_the_documented_fields(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    fake_realtyapi.routes["/pro/byzpid"] = Route(body=DETAIL)
    result = provider.details("29324909")
    assert fake_realtyapi.requests[-1]["query"] == {"zpid": "29324909"}
    item = result["items"][0]
    assert result["type"] == "detail"
    assert item["address"] == "2306 Shoal Creek Blvd, Austin, TX 78705"
    assert (item["price"], item["beds"], item["baths"], item["sqft"]) == (489000, 3, 2.0, 1654)
    assert item["property_type"] == "house"
    assert item["photo_url"] == "https://photos/large.jpg"  # jpeg[] ascends by width
    assert item["url"] == "https://www.zillow.com/homedetails/29324909_zpid/"
    assert (item["lot_size"], item["year_built"], item["zestimate"]) == (7405, 1950, 495000)
    assert item["hoa_fee"] == 45.0  # monthlyHoaFee null -> resoFacts.hoaFee
    assert item["features"] == ["garage", "view"]
    assert item["description"] == "Charming bungalow."


def test_detail_lot_size_from_acres_and_photo_fallback(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    body = copy.deepcopy(DETAIL)
    details = body["propertyDetails"]
    details.update(lotSize=None, originalPhotos=[], monthlyHoaFee=120, homeType="CONDO")
    del body["zillowURL"]
    fake_realtyapi.routes["/pro/byzpid"] = Route(body=body)
    item = provider.details("29324909")["items"][0]
    assert item["lot_size"] == 7405  # 0.17 acres * 43,560
    assert item["photo_url"] == "https://photos/hires.jpg"
    assert item["hoa_fee"] == 120 and item["property_type"] == "condo"
    assert item["url"] == "https://www.zillow.com/homedetails/2306-Shoal-Creek-Blvd/29324909_zpid/"


def test_detail_by_address_sends_a_normalised_propertyaddress(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    fake_realtyapi.routes["/pro/byaddress"] = Route(body=DETAIL)
    provider.details_by_address("2306  Shoal Creek Boulevard, Austin, Texas 78705")
    query = fake_realtyapi.requests[-1]["query"]
    assert query == {"propertyaddress": "2306 SHOAL CREEK BLVD, AUSTIN, TX 78705"}


def test_unparseable_address_falls_back_to_cleaned_text(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    fake_realtyapi.routes["/pro/byaddress"] = Route(body=DETAIL)
    provider.details_by_address("12 Main St (rear) (back)  ,  Austin")
    assert fake_realtyapi.requests[-1]["query"]["propertyaddress"].startswith("12 ")


@pytest.mark.parametrize(
    "route",
    [
        Route(404, {"error": "Property not found"}),
        Route(200, {"message": "404: NotFound", "propertyDetails": DETAIL["propertyDetails"]}),
        Route(200, {"message": "200: Success", "propertyDetails": {}}),
        Route(200, {"message": "200: Success"}),
        Route(404, b"<html>not found</html>"),
    ],
    ids=["http-404", "message-not-200", "empty-details", "missing-details", "404-not-json"],
)
def test_soft_404_signals_become_a_not_found_error(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider, route: Route
) -> None:
    fake_realtyapi.routes["/pro/byzpid"] = route
    with pytest.raises(ToolError) as err:
        provider.details("123")
    assert err.value.status == 404
    assert "no property" in str(err.value)


@pytest.mark.parametrize("status", [401, 403])
def test_rejected_key_is_a_clear_error_without_the_key(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider, status: int
) -> None:
    fake_realtyapi.routes["/pro/byzpid"] = Route(status, {"error": f"invalid key {KEY}"})
    with pytest.raises(ToolError) as err:
        provider.details("123")
    assert "RealtyAPI rejected the key" in str(err.value)
    assert KEY not in str(err.value)


def test_rate_limit_reports_retry_after_seconds(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    fake_realtyapi.routes["/search/byaiprompt"] = Route(
        429, {"error": "Too many requests", "retryAfter": 99}, {"Retry-After": "17"}
    )
    with pytest.raises(ToolError) as err:
        provider.search(parse_criteria({}))
    assert err.value.status == 429
    assert "17 seconds" in str(err.value)


def test_rate_limit_without_header_uses_body_retry_after(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    fake_realtyapi.routes["/pro/byzpid"] = Route(429, {"error": "slow down", "retryAfter": 30})
    with pytest.raises(ToolError, match="30 seconds"):
        provider.details("1")


def test_timeout_is_a_tool_error(fake_realtyapi: FakeRealtyAPI) -> None:
    fake_realtyapi.routes["/pro/byzpid"] = Route(body=DETAIL, delay_s=1.5)
    slow = RealtyAPIProvider(KEY, fake_realtyapi.url, timeout_s=0.3)
    start = time.monotonic()
    with pytest.raises(ToolError) as err:
        slow.details("29324909")
    assert time.monotonic() - start < 1.4
    assert err.value.status == 504 and "did not answer within 0.3 s" in str(err.value)


@pytest.mark.parametrize(
    ("route", "fragment"),
    [
        (Route(200, b"{not json"), "malformed"),
        (Route(200, ["a", "list"]), "unexpected response shape"),
        (Route(200, {"message": "200", "searchResults": {"oops": 1}}), "unexpected search"),
        (Route(200, {"message": "500: upstream exploded"}), "search failed"),
        (Route(503, {"error": "maintenance"}), "HTTP 503"),
    ],
)
def test_malformed_or_failed_search_responses_are_tool_errors(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider, route: Route, fragment: str
) -> None:
    fake_realtyapi.routes["/search/byaiprompt"] = route
    with pytest.raises(ToolError, match=fragment):
        provider.search(parse_criteria({}))


def test_a_compressed_reply_that_inflates_past_the_cap_is_refused_while_it_inflates(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    """httpx inflates `Content-Encoding: gzip` on its own: a 200 kB body of 200 MB is cut at
    20 MB (docs/security.md, "Review three"), not read whole and then found not to be JSON."""
    packer, block = zlib.compressobj(9, wbits=31), b" " * (1 << 20)  # gzip, a MB at a time
    bomb = b"".join(packer.compress(block) for _ in range(200)) + packer.flush()
    assert len(bomb) < 1 << 20
    fake_realtyapi.routes["/search/byaiprompt"] = Route(
        body=bomb, headers={"Content-Encoding": "gzip"}
    )
    with pytest.raises(ToolError, match=f"RealtyAPI sent more than {MAX_REPLY_BYTES} bytes"):
        provider.search(parse_criteria({}))


def test_malformed_rows_are_skipped_not_fatal(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    rows = [row(1), "garbage", {"property": {"zpid": None}}, {"property": {"zpid": "7"}}]
    fake_realtyapi.routes["/search/byaiprompt"] = Route(body=search_body(rows))
    result = provider.search(parse_criteria({}))
    assert sorted(item["zpid"] for item in result["items"]) == ["1", "7"]


def test_unreachable_host_is_a_tool_error() -> None:
    dead = RealtyAPIProvider(KEY, "http://127.0.0.1:9", timeout_s=1)
    with pytest.raises(ToolError, match="unreachable"):
        dead.details("1")


def test_environment_selects_the_provider(fake_realtyapi: FakeRealtyAPI) -> None:
    assert make_provider({}).name == "austin"
    assert make_provider({"REALTYAPI_KEY": "  "}).name == "austin"
    live = make_provider(
        {"REALTYAPI_KEY": KEY, "REALTYAPI_BASE_URL": fake_realtyapi.url, "REALTYAPI_TIMEOUT_S": "3"}
    )
    assert isinstance(live, RealtyAPIProvider)
    fake_realtyapi.routes["/pro/byzpid"] = Route(body=DETAIL)
    assert live.details("29324909")["items"][0]["zpid"] == "29324909"


def test_criteria_its_rows_lack_are_refused_not_ignored(
    fake_realtyapi: FakeRealtyAPI, provider: RealtyAPIProvider
) -> None:
    with pytest.raises(ToolError, match="school_rating_min cannot be searched"):
        provider.search(parse_criteria({"location": "Austin", "school_rating_min": 7}))
    assert fake_realtyapi.requests == []
