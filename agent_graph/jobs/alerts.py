"""Alerts a job returns: checked, stored once per (user, skill, key), then delivered by webhook
and email where the operator configured them. Read back for the web UI's bell and for the next
conversation's opening, less those whose source entry (a saved search the user deleted) is gone."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from agent_graph.delivery.email import SmtpSettings, send_email
from agent_graph.delivery.webhook import post_signed
from agent_graph.memory.preferences import PreferenceBackend, validate_id
from agent_graph.security.auth import PUBLIC_USER
from agent_graph.storage.job_store import JobStore

log = logging.getLogger(__name__)

MAX_ITEMS = 10
MAX_TEXT = 300


@dataclass
class AlertDelivery:
    """Where new alerts also go: a signed webhook, email to the users with an address."""

    webhook_url: str | None = None
    webhook_secret: str = ""
    smtp: SmtpSettings | None = None
    emails: dict[str, str] = field(default_factory=dict)

    async def deliver(self, alert: dict[str, Any]) -> None:
        if self.webhook_url:
            await post_signed(self.webhook_url, self.webhook_secret, "alert", alert)
        address = self.emails.get(alert["user"])
        if self.smtp is not None and address:
            text = "\n".join([alert["body"], *_item_lines(alert["items"])])
            await send_email(self.smtp, address, alert["title"], text.strip())


def _item_lines(items: list[dict[str, Any]]) -> list[str]:
    lines = []
    for item in items:
        # the core names no skill's fields: an item's own title or label, else its link
        label = item.get("title") or item.get("label") or item.get("url")
        if label:
            lines.append(f"- {label}")
    return lines


def checked_alert(raw: Any, allowed_users: set[str] | None) -> dict[str, Any] | None:
    """The alert as stored, or None when it is malformed or for a user it may not reach (a
    guest, or one the job was not given)."""
    if not isinstance(raw, dict):
        return None
    user, key, kind, title = (raw.get(name) for name in ("user", "key", "kind", "title"))
    if not all(isinstance(v, str) and v for v in (user, key, kind, title)):
        return None
    try:
        validate_id("user", str(user))
    except ValueError:
        return None
    if user == PUBLIC_USER or (allowed_users is not None and user not in allowed_users):
        return None
    given = raw.get("items")
    items = given if isinstance(given, list) else []
    return {
        "user": user,
        "key": str(key)[:200],
        "kind": str(kind)[:40],
        "title": str(title)[:MAX_TEXT],
        "body": str(raw.get("body") or "")[:MAX_TEXT],
        "items": [item for item in items if isinstance(item, dict)][:MAX_ITEMS],
    }


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
