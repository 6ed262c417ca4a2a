"""Part 7: the web UI's production bundle (gzipped JS + CSS) and first paint of / (Playwright
driving Debian's chromium against the real server; skipped with a note without chromium)."""

from __future__ import annotations

import gzip
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.api_load import launch
from bench.common import REPO

DIST = REPO / "web" / "dist"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
JS_BUDGET_KB = 250


def bundle() -> dict[str, Any]:
    sizes = {"js": 0, "css": 0}
    for path in (DIST / "assets").glob("*"):
        kind = path.suffix.lstrip(".")
        if kind in sizes:
            sizes[kind] += len(gzip.compress(path.read_bytes(), compresslevel=9))
    return {
        "js_gzip_kb": round(sizes["js"] / 1000, 1),
        "css_gzip_kb": round(sizes["css"] / 1000, 1),
        "js_budget_kb": JS_BUDGET_KB,
        "within_budget": sizes["js"] / 1000 < JS_BUDGET_KB,
    }


def first_paint(loads: int) -> dict[str, Any]:
    chromium = shutil.which("chromium")
    if chromium is None:
        return {"skipped": "Debian's chromium is not installed (make browser)"}
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        server, _ = launch(Path(tmp) / "memory", "fork")
        try:
            paints: list[float] = []
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
                for _ in range(loads):
                    page = browser.new_context().new_page()
                    page.route("**/*", _local_only)
                    page.goto(server.url + "/", wait_until="load")
                    paints.append(_first_paint_ms(page))
                    page.context.close()
                browser.close()
        finally:
            server.stop()
    return {
        "loads": len(paints),
        "first_contentful_paint_ms_median": round(statistics.median(paints), 1),
        "first_contentful_paint_ms_max": round(max(paints), 1),
    }


def _first_paint_ms(page: Any, timeout_s: float = 10.0) -> float:
    """Polled with evaluate (a CDP call): the page's CSP forbids the eval that
    wait_for_function's string predicates need, and the bench keeps the real CSP."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = page.evaluate(
            "() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null"
        )
        if found is not None:
            return float(found)
        time.sleep(0.05)
    raise TimeoutError("no first-contentful-paint entry within 10 s")


def _local_only(route: Any) -> None:
    if route.request.url.startswith(("http://127.0.0.1", "http://localhost")):
        route.continue_()
    else:
        route.abort()


def run(loads: int) -> dict[str, Any]:
    if not (DIST / "index.html").is_file():
        return {"skipped": "web/dist is not built (make web)"}
    return {"bundle": bundle(), "paint": first_paint(loads)}
