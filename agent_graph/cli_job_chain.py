"""What `propsearch jobs run` shows while it waits: each attempt of the run until one ends it,
the alerts the run raised, then every job that runs after it (`after:`) the same way, until the
chain ends or the time is up. Summaries are shown in words, never as JSON."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any, TextIO

import httpx

POLL_S = 0.5
EXIT_CODES = {"ok": 0, "error": 1, "needs_confirmation": 2}
SHOWN_ITEMS = 3
"""Items named per alert; more are counted."""


def summary_words(summary: dict[str, Any] | None) -> str:
    """`{"new": 2, "seconds": 0.4}` as `new 2, seconds 0.4`; the alert count and a request for
    confirmation have lines of their own."""
    parts = []
    for key, value in (summary or {}).items():
        if key in ("alerts", "needs_confirmation"):
            continue
        shown = value if isinstance(value, str | int | float | bool) else f"{len(value)} items"
        parts.append(f"{key.replace('_', ' ')} {shown}")
    return ", ".join(parts) or "nothing to report"


def _item_label(item: dict[str, Any]) -> str | None:
    label = item.get("title") or item.get("label") or item.get("address") or item.get("name")
    return str(label) if label else None


def alert_line(alert: dict[str, Any]) -> str:
    """`for ana: 3 new … (12 Oak St; 4 Elm Rd; and 1 more)`: whom, what, and its items."""
    labels = [label for label in map(_item_label, alert["items"]) if label]
    named = "; ".join(labels[:SHOWN_ITEMS])
    if len(labels) > SHOWN_ITEMS:
        named += f"; and {len(labels) - SHOWN_ITEMS} more"
    return f"for {alert['user']}: {alert['title']}" + (f" ({named})" if named else "")


@dataclass
class Chain:
    client: httpx.Client
    out: TextIO
    timeout_s: float
    followers: dict[str, list[str]] = field(default_factory=dict)
    """Per job, the jobs that run after it ended ok (from `GET /jobs`)."""

    def __post_init__(self) -> None:
        self.deadline = time.monotonic() + self.timeout_s
        for job in self.client.get("/jobs").raise_for_status().json()["jobs"]:
            for before in job["after"]:
                self.followers.setdefault(before, []).append(job["job"])

    def say(self, text: str) -> None:
        self.out.write(text + "\n")

    def follow(self, job: str, run_id: str) -> int:
        """Wait for the run and the runs it starts; the first exit code that is not ok."""
        outcome = self._outcome(run_id)
        if outcome is None:
            self.say("  still running (or retrying): see `propsearch jobs list`")
            return 1
        alerts = self.client.get(f"/jobs/runs/{run_id}/alerts").raise_for_status().json()
        if alerts["alerts"]:
            self.say(f"  raised {len(alerts['alerts'])} alert(s):")
            for alert in alerts["alerts"]:
                self.say(f"    {alert_line(alert)}")
        code = EXIT_CODES[outcome]
        for key, started in self._started(job, run_id) if outcome == "ok" else ():
            self.say(f"then {key}: run {started}")
            code = code or self.follow(key, started)
        return code

    def _outcome(self, run_id: str) -> str | None:
        """Show each attempt as it ends; the outcome of the one that ended the run (None: the
        time ran out first)."""
        shown: set[int] = set()
        while time.monotonic() < self.deadline:
            answer = self.client.get("/jobs/runs", params={"run_id": run_id})
            for attempt in sorted(answer.raise_for_status().json()["runs"], key=_number):
                if attempt["outcome"] is None or attempt["attempt"] in shown:
                    continue
                shown.add(attempt["attempt"])
                detail = attempt["error"] or summary_words(attempt["summary"])
                self.say(f"  attempt {attempt['attempt']}: {attempt['outcome']}, {detail}")
                if attempt["outcome"] != "error":
                    asked = (attempt["summary"] or {}).get("needs_confirmation")
                    if asked:
                        self.say(f"  {asked}\n  run it again with --confirm to go ahead")
                    return str(attempt["outcome"])
            time.sleep(POLL_S)
        return None

    def _started(self, job: str, run_id: str) -> Iterator[tuple[str, str]]:
        """(job, run id) of each run this one started, as they appear (up to the deadline)."""
        waiting = list(self.followers.get(job, []))
        while waiting and time.monotonic() < self.deadline:
            params = {"triggered_by": run_id}
            runs = self.client.get("/jobs/runs", params=params).raise_for_status().json()["runs"]
            for run in runs:
                key = f"{run['skill']}.{run['job']}"
                if key in waiting:
                    waiting.remove(key)
                    yield key, run["run_id"]
            if waiting:
                time.sleep(POLL_S)
        for key in waiting:
            self.say(f"then {key}: not started yet: see `propsearch jobs list`")


def _number(attempt: dict[str, Any]) -> int:
    return int(attempt["attempt"])
