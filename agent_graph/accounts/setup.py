"""The accounts services of a running app, from the settings and the storage profile."""

from __future__ import annotations

import logging
import os
from dataclasses import dataclass
from pathlib import Path

from agent_graph.accounts.admin import Administration
from agent_graph.accounts.credentials import Expiry
from agent_graph.accounts.mail import LinkMailer
from agent_graph.accounts.oidc import OidcClient, SingleSignOn
from agent_graph.accounts.service import Accounts, Policy
from agent_graph.accounts.store import AccountStore
from agent_graph.config import Settings
from agent_graph.delivery.email import smtp_settings

log = logging.getLogger(__name__)
SETUP_FILE = "setup-code"


@dataclass(frozen=True)
class AccountServices:
    accounts: Accounts
    admin: Administration
    mailer: LinkMailer
    sso: SingleSignOn | None
    secure_cookies: bool
    """Cookies only over TLS: PUBLIC_URL is https."""


def open_accounts(settings: Settings, store: AccountStore | None) -> AccountServices | None:
    """The services with ACCOUNTS=on (None otherwise); logs the setup code on a first run."""
    if not settings.accounts_on or store is None:
        return None
    policy = Policy(
        signup=settings.accounts_signup,
        max_failures=settings.signin_max_failures,
        address_max_failures=settings.signin_address_max_failures,
        window_s=settings.signin_window_s,
        reset_ttl_s=settings.reset_link_ttl_s,
        invitation_ttl_s=settings.invitation_ttl_s,
        expiry=Expiry(settings.session_idle_s, settings.session_max_s),
    )
    accounts = Accounts(store, policy)
    _hand_over_setup_code(accounts.setup_code, settings.memory_root / "accounts" / SETUP_FILE)
    return AccountServices(
        accounts=accounts,
        admin=Administration(accounts),
        mailer=LinkMailer(smtp_settings(settings), settings.public_url),
        sso=_sso(settings, store),
        secure_cookies=(settings.public_url or "").startswith("https://"),
    )


def _hand_over_setup_code(code: str | None, path: Path) -> None:
    """On a first run, the code that creates the first admin goes to a file only the server's
    user reads (never to the log, which may be shipped elsewhere); later runs remove it."""
    if code is None:
        path.unlink(missing_ok=True)
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(descriptor, "w") as file:
        file.write(code + "\n")
    log.warning(
        "accounts: no account yet; create the first admin with POST /auth/setup and the code in %s",
        path,
    )


def _sso(settings: Settings, store: AccountStore) -> SingleSignOn | None:
    if not (settings.oidc_issuer and settings.oidc_client_id and settings.public_url):
        return None
    client = OidcClient(
        issuer=settings.oidc_issuer,
        client_id=settings.oidc_client_id,
        client_secret=settings.oidc_client_secret,
        redirect_uri=f"{settings.public_url}/auth/oidc/callback",
        role_claim=settings.oidc_role_claim,
        default_role=settings.oidc_default_role,
    )
    return SingleSignOn(client, store)
