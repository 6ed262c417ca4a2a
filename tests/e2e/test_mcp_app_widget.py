"""The MCP Apps results widget in a real browser, loaded by a minimal host page that implements
the host side of the bridge with the ext-apps SDK (web/src/test/mcp-host/): the widget's HTML
and a tool result come from the real server over MCP, as a host like Claude or VS Code gets
them; the cards render, a card click reaches the host as the detail request."""

from __future__ import annotations

import asyncio
import functools
import http.server
import re
import subprocess
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from mcp.client.client import Client
from playwright.sync_api import Page, expect

from tests.e2e.conftest import WEB, _block_external
from tests.servers import free_port

pytestmark = pytest.mark.browser

HOST_DIST = WEB / "src" / "test" / "mcp-host" / "dist"


@pytest.fixture(scope="module")
def host_page() -> Iterator[str]:
    """The minimal host page, built with the web UI's own Vite and served on 127.0.0.1."""
    vite = WEB / "node_modules" / ".bin" / "vite"
    subprocess.run(
        [str(vite), "build", "--config", "src/test/mcp-host/vite.config.ts"],
        cwd=WEB,
        check=True,
        capture_output=True,
    )
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(HOST_DIST))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}/index.html"
    httpd.shutdown()
    httpd.server_close()
    thread.join()


def _over_mcp(server: str, tool: str, arguments: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The widget's HTML (resources/read of the tool's `ui://`) and the tool's result, as JSON."""

    async def fetch() -> tuple[str, dict[str, Any]]:
        async with Client(f"{server}/mcp") as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            uri = (tools[tool].meta or {})["ui"]["resourceUri"]
            html = (await client.read_resource(uri)).contents[0].text  # type: ignore[union-attr]
            result = await client.call_tool(tool, arguments)
        return html, result.model_dump(by_alias=True, mode="json", exclude_none=True)

    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API owns this thread's event loop
        return pool.submit(asyncio.run, fetch()).result()


@pytest.fixture
def host(browser: Any, host_page: str) -> Iterator[Page]:
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.route("**/*", _block_external)  # map tiles are aborted: markers on a blank map
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(host_page)
    yield page
    context.close()
    assert not errors, f"uncaught errors in the host page: {errors}"


def test_the_widget_shows_the_cards_and_a_click_asks_the_host_for_details(
    server: str, host: Page, artifacts: Path
) -> None:
    html, result = _over_mcp(server, "search_properties", {"location": "78745", "limit": 4})
    items = result["structuredContent"]["items"]
    fallback = result["content"][0]["text"]
    assert all(item["zpid"] in fallback for item in items)  # the text a plain client shows

    host.evaluate("([html, result]) => window.showWidget(html, result)", [html, result])
    widget = host.frame_locator("iframe[title='PropSearch results']")
    cards = widget.get_by_test_id("property-card")
    expect(cards).to_have_count(len(items), timeout=20_000)
    expect(cards.first).to_contain_text(items[0]["address"])
    expect(widget.locator(".leaflet-marker-icon")).to_have_count(len(items))
    host.screenshot(path=str(artifacts / "mcp-app-widget.png"))  # docs/ keeps a copy

    cards.nth(1).get_by_role("button", name=re.compile("^Show details for")).click()
    expected = f"Tell me more about {items[1]['address']}"
    host.wait_for_function(
        "text => window.hostLog.some(e => e.kind === 'message' &&"
        " e.params.content[0].text === text)",
        arg=expected,
        timeout=10_000,
    )
    cards.first.get_by_role("link", name=re.compile("View on Zillow")).click()
    host.wait_for_function(
        "url => window.hostLog.some(e => e.kind === 'openlink' && e.params.url === url)",
        arg=items[0]["url"],
        timeout=10_000,
    )
    initialized = host.evaluate("window.hostLog.find(e => e.kind === 'initialized').params")
    assert initialized["name"] == "PropSearch results"


def test_a_detail_and_the_mortgage_skills_own_card(server: str, host: Page) -> None:
    _, found = _over_mcp(server, "search_properties", {"location": "78745", "limit": 1})
    home = found["structuredContent"]["items"][0]
    html, detail = _over_mcp(server, "get_property_details", {"zpid": home["zpid"]})
    host.evaluate("([html, result]) => window.showWidget(html, result)", [html, detail])
    widget = host.frame_locator("iframe").first
    expect(widget.get_by_text(home["address"]).first).to_be_visible(timeout=20_000)
    expect(widget.get_by_test_id("property-card")).to_have_count(0)

    # the mortgage skill ships its own card: the tool's ui:// resource is the skill's widget
    card, cost = _over_mcp(
        server, "mortgage_payment", {"price": home["price"], "rate_percent": 6.5}
    )
    assert card != html and "PropSearch monthly cost" in card
    host.evaluate("([html, result]) => window.showWidget(html, result)", [card, cost])
    second = host.frame_locator("iframe").nth(1)
    monthly = f"${round(cost['structuredContent']['monthly']['total']):,}/mo"
    expect(second.get_by_text(monthly).first).to_be_visible(timeout=20_000)
