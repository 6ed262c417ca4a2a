"""Alerts by email over SMTP, where the operator configured a server (SMTP_HOST …) and the user
has an address (ALERT_EMAILS maps users to addresses). Plain text; STARTTLS when asked for.
Sent on a thread (smtplib blocks), retried with backoff; never raises into a job."""

from __future__ import annotations

import asyncio
import logging
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage

from agent_graph.config import Settings

log = logging.getLogger(__name__)

ATTEMPTS = 3
BACKOFF_S = 0.5


@dataclass(frozen=True)
class SmtpSettings:
    host: str
    port: int = 25
    sender: str = "propsearch@localhost"
    username: str | None = None
    password: str | None = None
    starttls: bool = False


def smtp_settings(settings: Settings) -> SmtpSettings | None:
    """The SMTP server the settings name (SMTP_*); None without SMTP_HOST."""
    if not settings.smtp_host:
        return None
    return SmtpSettings(
        host=settings.smtp_host,
        port=settings.smtp_port,
        sender=settings.smtp_from,
        username=settings.smtp_username,
        password=settings.smtp_password,
        starttls=settings.smtp_starttls,
    )


def _send(smtp: SmtpSettings, message: EmailMessage) -> None:
    with smtplib.SMTP(smtp.host, smtp.port, timeout=10) as client:
        if smtp.starttls:
            client.starttls()
        if smtp.username and smtp.password:
            client.login(smtp.username, smtp.password)
        client.send_message(message)


async def send_email(smtp: SmtpSettings, to: str, subject: str, text: str) -> bool:
    """Send one plain-text email; whether it went (after up to ATTEMPTS tries). A header
    that cannot be written (a line break in the address or subject) is a failure, not a raise."""
    message = EmailMessage()
    try:
        message["From"], message["To"], message["Subject"] = smtp.sender, to, subject
        message.set_content(text)
    except ValueError as exc:
        log.error("email to a user: not sent: %s", exc)
        return False
    for attempt in range(ATTEMPTS):
        if attempt:
            await asyncio.sleep(BACKOFF_S * 2 ** (attempt - 1))
        try:
            await asyncio.to_thread(_send, smtp, message)
            return True
        except (OSError, smtplib.SMTPException) as exc:
            log.warning("email to a user: attempt %d failed: %s", attempt + 1, exc)
    log.error("email: gave up after %d attempts", ATTEMPTS)
    return False
