"""Alerts a job returns: checked (only for the users the job was given, cleaned of control
characters), bounded per run and per user, stored once per (user, skill, key), then delivered
by webhook and email where the operator configured them, each delivery on its own. Read back
for the web UI's bell and for the next conversation's opening, less those whose source entry
(a saved search the user deleted) is gone."""

from __future__ import annotations

import logging
import math
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from agent_graph.delivery.email import SmtpSettings, send_email
from agent_graph.delivery.webhook import post_signed
from agent_graph.memory.preferences import PreferenceBackend
from agent_graph.security.auth import PUBLIC_USER
from agent_graph.storage.job_store import JobStore

log = logging.getLogger(__name__)

MAX_ITEMS = 10
MAX_TEXT = 300
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]+")
"""Control characters, line breaks and lone surrogates: a mail header, PostgreSQL's text or a
JSON answer would refuse them (a CR/LF in a text a skill read from a feed must not stop a run)."""


def clean_text(value: Any) -> str:
    """`value` as one line of text: each run of unprintable characters becomes one space."""
    return _UNPRINTABLE.sub(" ", str(value)).strip()


def _clean_value(value: Any) -> Any:
    """An item's value with its texts cleaned and no NaN or infinity (JSON has none)."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {clean_text(k): _clean_value(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_clean_value(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


@dataclass
class AlertDelivery:
    """Where new alerts also go: a signed webhook, email to the users with an address."""

    webhook_url: str | None = None
    webhook_secret: str = ""
    smtp: SmtpSettings | None = None
    emails: dict[str, str] = field(default_factory=dict)

    async def deliver(self, alert: dict[str, Any]) -> int:
        """Send one alert on every channel; how many of its deliveries failed (each is caught
        on its own, so the next channel and the next recipient still get theirs)."""
        failed = 0
        for channel in (self._webhook, self._email):
            try:
                failed += 0 if await channel(alert) else 1
            except Exception:
                log.exception("an alert's delivery failed")
                failed += 1
        return failed

    async def _webhook(self, alert: dict[str, Any]) -> bool:
        """Whether the webhook took it (True when there is none)."""
        if not self.webhook_url:
            return True
        return await post_signed(self.webhook_url, self.webhook_secret, "alert.created", alert)

    async def _email(self, alert: dict[str, Any]) -> bool:
        """Whether the email went (True when the user has no address or there is no server)."""
        address = self.emails.get(alert["user"])
        if self.smtp is None or not address:
            return True
        text = "\n".join([alert["body"], *_item_lines(alert["items"])])
        return await send_email(self.smtp, address, alert["title"], text.strip())


def _item_lines(items: list[dict[str, Any]]) -> list[str]:
    lines = []
    for item in items:
        # the core names no skill's fields: an item's own title or label, else its link
        label = item.get("title") or item.get("label") or item.get("url")
        if label:
            lines.append(f"- {label}")
    return lines


def checked_alert(raw: Any, allowed_users: set[str]) -> dict[str, Any] | None:
    """The alert as stored, cleaned, or None when it is malformed or for a user it may not
    reach: a guest, or one the job was not given (a job given no users reaches nobody)."""
    if not isinstance(raw, dict):
        return None
    user = raw.get("user")
    if not isinstance(user, str) or user == PUBLIC_USER or user not in allowed_users:
        return None
    texts = {name: clean_text(raw.get(name) or "") for name in ("key", "kind", "title", "body")}
    if not all(isinstance(raw.get(n), str) and texts[n] for n in ("key", "kind", "title")):
        return None
    given = raw.get("items")
    items = given if isinstance(given, list) else []
    return {
        "user": user,
        "key": texts["key"][:200],
        "kind": texts["kind"][:40],
        "title": texts["title"][:MAX_TEXT],
        "body": texts["body"][:MAX_TEXT],
        "items": [_clean_value(item) for item in items if isinstance(item, dict)][:MAX_ITEMS],
    }


@dataclass(frozen=True)
class AlertLimits:
    """How many alerts one run may raise: in all, and for one user (JOB_ALERTS_PER_RUN,
    JOB_ALERTS_PER_USER); a skill that floods gets its first ones through, no more."""

    per_run: int = 1000
    per_user: int = 50


@dataclass
class AlertTally:
    """What became of one run's alerts: its summary's counts."""

    limits: AlertLimits
    alerts: int = 0
    """New alerts stored (a key alerted before is not new)."""
    refused: int = 0
    over_limit: int = 0
    deliveries_failed: int = 0
    _taken: Counter[str] = field(default_factory=Counter)

    def admit(self, user: str) -> bool:
        """Whether one more alert for `user` fits the limits (counted either way)."""
        if self._taken.total() >= self.limits.per_run or self._taken[user] >= self.limits.per_user:
            self.over_limit += 1
            return False
        self._taken[user] += 1
        return True

    def summary(self) -> dict[str, int]:
        """`alerts`, and the refused, over-limit and failed counts that are not zero."""
        counts = {
            "alerts_refused": self.refused,
            "alerts_over_limit": self.over_limit,
            "deliveries_failed": self.deliveries_failed,
        }
        return {"alerts": self.alerts, **{name: n for name, n in counts.items() if n}}


def alert_source(key: str, entries: list[dict[str, str]]) -> tuple[str, str] | None:
    """The entry an alert came from: its key's part before the first ':' when the job was given
    an entry of that key (`search_78704:29495775:new` → the SEARCH entry `search_78704`)."""
    prefix = key.split(":", 1)[0]
    for entry in entries:
        if entry.get("key") == prefix:
            return entry["type"], prefix
    return None


def current_alerts(
    store: JobStore,
    preferences: PreferenceBackend,
    user: str,
    limit: int = 50,
    unread: bool = False,
) -> list[dict[str, Any]]:
    """The user's alerts, newest first; those whose source entry is gone (a saved search the
    user deleted) are dropped, read or not: they never show again."""
    alerts = store.alerts(user, limit, unread)
    gone = [
        alert["id"]
        for alert in alerts
        if alert["source"]
        and preferences.get(user, alert["skill"], alert["source"]["type"], alert["source"]["key"])
        is None
    ]
    if gone:
        store.drop(user, gone)
    return [alert for alert in alerts if alert["id"] not in gone]


def take_unread(
    store: JobStore, preferences: PreferenceBackend, user: str, limit: int = 5
) -> list[dict[str, Any]]:
    """The user's newest unread alerts, marked read as they are taken (a new session's opening)."""
    alerts = current_alerts(store, preferences, user, limit, unread=True)
    store.mark_read(user, [alert["id"] for alert in alerts])
    return alerts
