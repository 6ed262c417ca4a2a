"""`GET /metrics`: the process's metrics in Prometheus' text format, for admins who scrape
(on when OTEL_METRICS_EXPORTER names `prometheus`; agent_graph/telemetry)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from agent_graph.server.deps import ERRORS, Caller, Runtime

router = APIRouter(tags=["metrics"], responses=ERRORS)

NOT_ADMIN = "Metrics are for admins."
OFF = "Prometheus metrics are off: set OTEL_METRICS_EXPORTER=prometheus (or otlp,prometheus)."


@router.get("/metrics", response_class=Response)
async def prometheus_metrics(runtime: Runtime, caller: Caller) -> Response:
    if caller.role != "admin":
        raise HTTPException(403, NOT_ADMIN)
    if "prometheus" not in runtime.settings.metrics_exporters:
        raise HTTPException(404, OFF)
    return Response(generate_latest(), media_type=CONTENT_TYPE_LATEST)
