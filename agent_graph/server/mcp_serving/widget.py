"""The MCP Apps widget: the web UI's cards as one self-contained HTML file (`make web` builds
web/dist/mcp-app/mcp-app.html from web/src/widget/), served as a `ui://` resource. A tool gets
it when its `renders` is one of the web UI's own cards, never by its name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import mcp_types as types

RESULTS_URI = "ui://propsearch/results.html"
MIME = "text/html;profile=mcp-app"
CARDS = frozenset({"listings", "detail", "comparison", "mortgage"})
"""The `renders` values the widget shows as cards (web/src/components/ResultView.tsx)."""
TILES = ["https://tile.openstreetmap.org", "https://*.tile.openstreetmap.org"]
"""Map tiles are the widget's only remote resource; without them the map shows bare markers."""
UI_META: dict[str, Any] = {
    "ui": {
        "csp": {"resourceDomains": TILES, "connectDomains": []},
        "prefersBorder": True,
    }
}
NOT_BUILT = "the results widget is not built yet: run `make web`"


def tool_meta(renders: str) -> dict[str, Any] | None:
    """A tool's `_meta` linking its results to the widget, when the widget shows them."""
    return {"ui": {"resourceUri": RESULTS_URI}} if renders in CARDS else None


def resources() -> list[types.Resource]:
    return [
        types.Resource(
            uri=RESULTS_URI,
            name="results",
            title="PropSearch results",
            description="Property cards, map, details, comparison and monthly cost, as in "
            "PropSearch's web UI; clicking a card asks for its details.",
            mime_type=MIME,
            _meta=UI_META,
        )
    ]


def read(uri: str, web_dist: Path) -> types.ReadResourceResult | None:
    """The widget's HTML, None for a URI this server does not have; an OSError when the
    web UI is not built."""
    if uri != RESULTS_URI:
        return None
    path = web_dist / "mcp-app" / "mcp-app.html"
    if not path.is_file():
        raise FileNotFoundError(NOT_BUILT)
    html = path.read_text(encoding="utf-8")
    contents = types.TextResourceContents(uri=uri, mime_type=MIME, text=html, _meta=UI_META)
    return types.ReadResourceResult(contents=[contents])
