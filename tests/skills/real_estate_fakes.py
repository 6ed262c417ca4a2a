"""A fake RealtyAPI (a real HTTP server on 127.0.0.1), response samples shaped like
research/realtyapi.md sections 3-4, and paths for the real_estate skill tests."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

SKILLS_ROOT = Path(__file__).resolve().parents[2] / "skills"
SKILL_DIR = SKILLS_ROOT / "real_estate"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Route:
    """A canned answer: status, body (JSON unless bytes), headers, delay before answering."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    delay_s: float = 0.0


@dataclass
class FakeRealtyAPI:
    """A real HTTP server that answers per path and records every request it saw."""

    url: str
    routes: dict[str, Route] = field(default_factory=dict)
    requests: list[dict[str, Any]] = field(default_factory=list)


@contextmanager
def running_fake() -> Iterator[FakeRealtyAPI]:
    """Serve a FakeRealtyAPI in a thread for the duration of the block."""
    fake = FakeRealtyAPI(url="")

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_GET(self) -> None:
            parts = urlsplit(self.path)
            query = {key: values[0] for key, values in parse_qs(parts.query).items()}
            fake.requests.append(
                {"path": parts.path, "query": query, "headers": dict(self.headers.items())}
            )
            route = fake.routes.get(parts.path, Route(404, {"error": "no such endpoint"}))
            if route.delay_s:
                time.sleep(route.delay_s)
            body = route.body if isinstance(route.body, bytes) else json.dumps(route.body).encode()
            try:
                self.send_response(route.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                for name, value in route.headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)
            except (BrokenPipeError, ConnectionResetError):  # client gave up (timeout tests)
                pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    fake.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield fake
    finally:
        server.shutdown()
        server.server_close()


def row(zpid: int, **overrides: Any) -> dict[str, Any]:
    """A `searchResults[]` entry shaped like research/realtyapi.md section 3."""
    prop = {
        "zpid": zpid,
        "address": {"streetAddress": f"{zpid} Main St", "city": "Austin", "state": "TX",
                    "zipcode": "78704"},
        "location": {"latitude": 30.25, "longitude": -97.76},
        "price": {"value": 400_000, "pricePerSquareFoot": 250},
        "bedrooms": 3, "bathrooms": 2.5, "livingArea": 1600, "yearBuilt": 1999,
        "propertyType": "singleFamily",
        "lotSizeWithUnit": {"lotSize": 7000, "lotSizeUnit": "squareFeet"},
        "estimates": {"zestimate": 410_000},
        "media": {"propertyPhotoLinks": {"highResolutionLink": f"https://photos/{zpid}-hi.jpg",
                                          "mediumSizeLink": f"https://photos/{zpid}-md.jpg"}},
        "hdpView": {"hdpUrl": f"/homedetails/{zpid}_zpid/", "listingStatus": "forSale"},
    }  # fmt: skip
    prop.update(overrides)
    return {"resultType": "property", "property": prop}


def search_body(rows: list[dict[str, Any]], total: int | None = None) -> dict[str, Any]:
    return {
        "message": "200",
        "source": "9vrc_gh1_cch",
        "resultsCount": {"totalMatchingCount": total if total is not None else len(rows)},
        "pagesInfo": {"totalPages": 1, "currentPage": 1, "resultsPerPage": 200},
        "searchResults": rows,
    }


DETAIL = {
    "message": "200: Success",
    "source": "9vrc_gh1_cch",
    "zillowURL": "https://www.zillow.com/homedetails/29324909_zpid/",
    "propertyDetails": {
        "zpid": 29324909,
        "address": {"streetAddress": "2306 Shoal Creek Blvd", "city": "Austin", "state": "TX",
                    "zipcode": "78705"},
        "streetAddress": "2306 Shoal Creek Blvd", "city": "Austin", "state": "TX",
        "zipcode": "78705", "latitude": 30.29, "longitude": -97.75, "price": 489000,
        "zestimate": 495000, "bedrooms": 3, "bathrooms": 2, "livingArea": 1654,
        "lotSize": 7405, "lotAreaValue": 0.17, "lotAreaUnits": "Acres", "yearBuilt": 1950,
        "homeType": "SINGLE_FAMILY", "homeStatus": "FOR_SALE", "monthlyHoaFee": None,
        "description": "Charming bungalow.",
        "hdpUrl": "/homedetails/2306-Shoal-Creek-Blvd/29324909_zpid/",
        "originalPhotos": [{"caption": "", "mixedSources": {"jpeg": [
            {"url": "https://photos/small.jpg", "width": 800},
            {"url": "https://photos/large.jpg", "width": 1536}]}}],
        "hiResImageLink": "https://photos/hires.jpg",
        "resoFacts": {"hoaFee": "$45 monthly", "hasGarage": True, "hasPrivatePool": False,
                      "hasView": True, "lotSize": "7,405 sqft"},
    },
}  # fmt: skip
