"""Rejoining a turn (`GET /sessions/{id}/stream`) and cancelling one (`DELETE .../runs/{run}`):
after a reload, a dropped connection or in a second tab (docs/protocol.md, "Runs")."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Header, HTTPException, Query
from sse_starlette.sse import EventSourceResponse

from agent_graph.server.deps import ERRORS, Runtime, SessionId, User
from agent_graph.server.routes.chat import SSE, run_stream
from agent_graph.turns.runs import UnknownRunError

router = APIRouter(tags=["chat"], responses=ERRORS)
NO_RUN = (
    "no turn to rejoin on this session: it finished more than {keep} minutes ago or never "
    "started; reload the session (GET /sessions/{{id}})"
)


@router.get("/sessions/{session_id}/stream", response_class=EventSourceResponse, responses=SSE)
async def rejoin(
    session_id: SessionId,
    runtime: Runtime,
    user: User,
    after: Annotated[int | None, Query(ge=0, description="The last event number seen")] = None,
    run: Annotated[
        str | None, Query(max_length=64, description="A run id; else the latest")
    ] = None,
    last_event_id: Annotated[str | None, Header(max_length=140)] = None,
) -> EventSourceResponse:
    """The session's latest run (or `run`), replayed after event `after` (or the
    `Last-Event-ID` a reconnecting EventSource sends, `<run>:<number>`), then live to its end."""
    if last_event_id and after is None:
        named, _, number = last_event_id.partition(":")
        if not number.isdigit():
            raise HTTPException(422, "Last-Event-ID must be <run>:<number>, as the events carry")
        run, after = run or named, int(number)
    try:
        found = await runtime.runs.find(user, session_id, run)
    except UnknownRunError:
        raise HTTPException(404, NO_RUN.format(keep=int(runtime.runs.keep_s // 60))) from None
    if after is not None and after > found.count:
        raise HTTPException(422, f"after={after} is beyond this run's {found.count} events so far")
    return run_stream(found, after or 0)


@router.delete("/sessions/{session_id}/runs/{run_id}", status_code=204)
async def cancel(session_id: SessionId, run_id: str, runtime: Runtime, user: User) -> None:
    """Stop a turn that runs, or drop one that waits its turn; 409 when it already ended."""
    try:
        stopped = await runtime.runs.cancel(user, session_id, run_id)
    except UnknownRunError:
        raise HTTPException(404, f"no run {run_id!r} on this session") from None
    if not stopped:
        raise HTTPException(409, "this turn has already ended")
