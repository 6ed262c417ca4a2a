"""PropSearch HTTP API: the app factory (lifespan, guard, routes per resource, the built web UI).

The routes live in agent_graph/server/routes/, one module per resource, each with pydantic
response models so `/openapi.json` describes the real shapes.
"""

from __future__ import annotations

import logging
import re
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles
from starlette.requests import Request
from starlette.routing import Route
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from agent_graph.app import open_app
from agent_graph.config import Settings, get_settings
from agent_graph.security.browser_guard import BrowserGuard
from agent_graph.security.closed_networks import ClosedNetworks
from agent_graph.security.request_guard import LargerBody, RequestGuard
from agent_graph.server.deps import credentials, resolve_caller
from agent_graph.server.mcp_serving.endpoint import McpEndpoint
from agent_graph.server.routes import (
    accounts_admin,
    alerts,
    api_keys,
    auth,
    chat,
    handoffs,
    health,
    jobs,
    me,
    memory,
    memory_changes,
    metrics,
    oidc,
    openai_api,
    runs,
    sessions,
    skills,
    tools,
    widgets,
)
from agent_graph.telemetry.setup import LOG_FORMAT
from agent_graph.telemetry.setup import configure as configure_telemetry

log = logging.getLogger("propsearch.api")

NO_UI = (
    "<!doctype html><title>PropSearch</title><h1>PropSearch API is running</h1>"
    "<p>The web UI is not built yet: run <code>make web</code>.</p>"
)
HISTORY_BYTES_FACTOR = 16
JOB_RUNS = re.compile(r"/jobs/[^/]+/runs")
ROUTERS = (
    chat.router,
    runs.router,
    sessions.router,
    memory.router,
    memory_changes.router,
    skills.router,
    tools.router,
    openai_api.router,
    widgets.router,
    health.router,
    metrics.router,
    handoffs.router,
    jobs.router,
    alerts.router,
    me.router,
    auth.router,
    api_keys.router,
    accounts_admin.router,
    oidc.router,
)


def create_app(settings: Settings | None = None) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        config = settings or get_settings()
        traced = configure_telemetry(config)  # log lines then name their trace and span
        logging.basicConfig(
            level=config.log_level.upper(), format=LOG_FORMAT if traced else logging.BASIC_FORMAT
        )
        if config.log_level.upper() != "DEBUG":  # no log line per pool health poll
            logging.getLogger("httpx").setLevel(logging.WARNING)
        async with open_app(config) as runtime, mcp.lifespan():
            app.state.runtime = runtime
            yield

    config = settings or get_settings()
    app = FastAPI(title="PropSearch", version="0.1.0", lifespan=lifespan)
    app.add_middleware(
        RequestGuard, max_bytes=config.max_body_bytes, larger=_larger_bodies(app, config)
    )
    app.add_middleware(
        BrowserGuard,
        local_only=config.api_tokens_file is None and not config.accounts_on,
        allowed_hosts=frozenset(h.strip() for h in config.allowed_hosts.split(",") if h.strip()),
    )
    if config.api_closed_on.strip():
        app.add_middleware(ClosedNetworks, names=config.api_closed_on.replace(",", " ").split())
    if proxies := [p.strip() for p in config.forwarded_allow_ips.split(",") if p.strip()]:
        # outermost: the guest limit and the guards see the client a trusted proxy names
        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=proxies)

    for router in ROUTERS:
        app.include_router(router)
    mcp = McpEndpoint(app.version)
    app.router.routes.append(Route("/mcp", endpoint=mcp, methods=["GET", "POST", "DELETE"]))

    dist = config.web_dist
    if (dist / "index.html").is_file():
        app.mount("/", StaticFiles(directory=dist, html=True), name="web")
    else:

        @app.get("/", response_class=HTMLResponse)
        async def no_ui() -> str:
            return NO_UI

    return app


def _larger_bodies(app: FastAPI, config: Settings) -> list[LargerBody]:
    """OpenAI clients send the whole conversation with every message; an admin's job run may
    carry a whole data file for a skill (anyone else keeps MAX_BODY_BYTES there)."""
    history = HISTORY_BYTES_FACTOR * config.max_body_bytes
    return [
        LargerBody(re.compile("/v1/chat/completions"), history, "16 x MAX_BODY_BYTES"),
        LargerBody(JOB_RUNS, config.job_upload_max_bytes, "JOB_UPLOAD_MAX_BYTES", _admin(app)),
    ]


def _admin(app: FastAPI) -> Callable[[dict[str, Any]], bool]:
    """Whether a request's headers name an admin of the running app (none before start): a
    bearer value or a session cookie, resolved as every route does."""

    def admits(scope: dict[str, Any]) -> bool:
        runtime = getattr(app.state, "runtime", None)
        if runtime is None:
            return False
        try:
            who = resolve_caller(
                runtime.identities, runtime.settings.default_user, credentials(Request(scope))
            )
        except HTTPException:
            return False
        return who is not None and who.role == "admin"

    return admits


app = create_app()
