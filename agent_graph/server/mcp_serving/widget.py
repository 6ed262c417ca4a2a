"""MCP Apps widgets as `ui://` resources: the web UI's cards as one self-contained HTML file
(`make web` builds web/dist/mcp-app/mcp-app.html from web/src/widget/), and the widgets skills
ship (SKILL.md `widgets:`). A tool gets one by its `renders` value, never by its name."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Protocol

import mcp_types as types

RESULTS_URI = "ui://propsearch/results.html"
SKILL_URI = "ui://propsearch/widgets/{renders}.html"
MIME = "text/html;profile=mcp-app"
TILES = ["https://tile.openstreetmap.org", "https://*.tile.openstreetmap.org"]
"""Map tiles are the widgets' only remote resource; without them the map shows bare markers."""
UI_META: dict[str, Any] = {
    "ui": {"csp": {"resourceDomains": TILES, "connectDomains": []}, "prefersBorder": True}
}
NOT_BUILT = "the results widget is not built yet: run `make web`"


class Widgets(Protocol):
    """The skill registry as far as widgets go."""

    def widget(self, renders: str) -> Path | None: ...

    def widget_kinds(self) -> list[str]: ...


def cards(web_dist: Path) -> frozenset[str]:
    """The `renders` values the results widget draws, as its build listed them (cards.json
    from web/src/components/cards.ts); none before `make web`."""
    path = web_dist / "mcp-app" / "cards.json"
    try:
        listed = json.loads(path.read_text())
    except (OSError, ValueError):
        return frozenset()
    return (
        frozenset(k for k in listed if isinstance(k, str))
        if isinstance(listed, list)
        else frozenset()
    )


def tool_meta(renders: str, skills: Widgets, drawn: frozenset[str]) -> dict[str, Any] | None:
    """The `_meta` naming the widget that shows a tool's results: the results widget for a kind
    it draws (`drawn`, from `cards`), else the one a skill ships for this `renders`, else none."""
    if renders in drawn:
        uri = RESULTS_URI
    elif skills.widget(renders) is not None:
        uri = SKILL_URI.format(renders=renders)
    else:
        return None
    return {"ui": {"resourceUri": uri}}


def resources(skills: Widgets) -> list[types.Resource]:
    found = [
        types.Resource(
            uri=RESULTS_URI,
            name="results",
            title="PropSearch results",
            description="Results drawn as in PropSearch's web UI (cards, map, details, "
            "comparison); clicking a card asks for its details.",
            mime_type=MIME,
            _meta=UI_META,
        )
    ]
    for kind in skills.widget_kinds():
        found.append(
            types.Resource(
                uri=SKILL_URI.format(renders=kind),
                name=kind,
                title=f"PropSearch {kind.replace('_', ' ')}",
                description=f"The card a skill ships for its {kind} results.",
                mime_type=MIME,
                _meta=UI_META,
            )
        )
    return found


def read(uri: str, web_dist: Path, skills: Widgets) -> types.ReadResourceResult | None:
    """A widget's HTML, None for a URI this server does not have; an OSError when the web UI
    is not built."""
    path = web_dist / "mcp-app" / "mcp-app.html" if uri == RESULTS_URI else None
    for kind in skills.widget_kinds():
        if uri == SKILL_URI.format(renders=kind):
            path = skills.widget(kind)
    if path is None:
        return None
    if not path.is_file():
        raise FileNotFoundError(NOT_BUILT)
    html = path.read_text(encoding="utf-8")
    contents = types.TextResourceContents(uri=uri, mime_type=MIME, text=html, _meta=UI_META)
    return types.ReadResourceResult(contents=[contents])
