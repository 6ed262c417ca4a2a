"""The emails accounts send: a password reset link and an invitation, over the SMTP delivery
alerts use (delivery/email.py). Links are built from PUBLIC_URL only, never from a request's
Host header, which a caller chooses (a reset link must not point at someone else's site)."""

from __future__ import annotations

import logging
from dataclasses import dataclass

from agent_graph.delivery.email import SmtpSettings, send_email

log = logging.getLogger(__name__)

RESET_TEXT = """Someone asked to reset the password of your PropSearch account.

To choose a new password, open this link (it works once, for {minutes} minutes):

{link}

If it was not you, ignore this email: your password stays as it is."""
INVITATION_TEXT = """You are invited to PropSearch ({role}).

To make your account, open this link (it works once, until {days} days from now):

{link}"""


@dataclass(frozen=True)
class LinkMailer:
    smtp: SmtpSettings | None
    public_url: str | None

    def link(self, parameter: str, token: str) -> str | None:
        return f"{self.public_url}/?{parameter}={token}" if self.public_url else None

    async def reset(self, to: str, token: str, ttl_s: float) -> bool:
        link = self.link("reset", token)
        text = RESET_TEXT.format(minutes=round(ttl_s / 60), link=link)
        return await self._send(to, "Reset your PropSearch password", text, link)

    async def invitation(self, to: str, token: str, role: str, ttl_s: float) -> bool:
        link = self.link("invitation", token)
        text = INVITATION_TEXT.format(role=role, days=round(ttl_s / 86400), link=link)
        return await self._send(to, "Your PropSearch invitation", text, link)

    async def _send(self, to: str, subject: str, text: str, link: str | None) -> bool:
        if self.smtp is None or link is None:
            log.warning("accounts: no email sent (needs SMTP_HOST and PUBLIC_URL)")
            return False
        return await send_email(self.smtp, to, subject, text)
