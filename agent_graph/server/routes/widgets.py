"""`GET /widgets/{renders}`: the widget a skill ships for results it renders as `renders` (MCP
Apps HTML), for the web UI to show in a sandboxed frame. Public, like the web UI's own files.

The policy sandboxes the page itself (`sandbox allow-scripts`, no same origin), so a widget
opened directly, from a link rather than the UI's frame, still runs in an opaque origin: it
reads no token, cookie or storage of the app."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, HTTPException
from fastapi.responses import HTMLResponse

from agent_graph.server.deps import ERRORS, Runtime

router = APIRouter(tags=["skills"], responses=ERRORS)
WIDGET_POLICY = "; ".join(
    (
        "sandbox allow-scripts",
        "default-src 'none'",
        "script-src 'unsafe-inline'",
        "style-src 'unsafe-inline'",
        "img-src data: https:",
        "font-src data:",
        "connect-src 'none'",
        "frame-ancestors 'self'",
    )
)
"""A widget runs its own inline script, sandboxed wherever it opens, and reaches nothing but
images: no API, no other page, no storage of the app's origin."""


@router.get("/widgets/{renders}", response_class=HTMLResponse)
async def widget(renders: str, runtime: Runtime) -> HTMLResponse:
    """The HTML of the skill widget for this kind of result; 404 when no skill ships one."""
    path = runtime.registry.widget(renders)
    if path is None:
        raise HTTPException(404, f"no skill ships a widget for {renders!r} results")
    html = await asyncio.to_thread(path.read_text, encoding="utf-8")
    return HTMLResponse(html, headers={"Content-Security-Policy": WIDGET_POLICY})
